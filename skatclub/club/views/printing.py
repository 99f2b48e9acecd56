"""PDF downloads (Spiellisten played or blank, results, Tischliste, settlement); rendering is
`printing/render.py`.

Public and read-only like the result pages: a printout shows names and numbers, nothing else.
`?html=1` on any of these URLs shows the same template as an HTML page, for a quick look (with
a policy of its own that allows the printout's inline <style>, and no script at all). Each PDF
is rendered once, by a print job in the background (`tasks.printing`: the request answers at
once with a page that shows the job's progress and then fetches the PDF), and then served from
the cache (or the finished job) until the event changes (`pdf_cache.printout_key`). The small
printouts that show more than one event or none, the league's Spielbericht and the
Offiziersskat list (`cached_printout`), are rendered in the request, keyed by their content.
The blank form prints the table's address with the scheme and host it was downloaded from
(`site_of`; part of its cache key), or none when asked from the laptop's loopback address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.shortcuts import render as render_page
from django.urls import path
from django.views.decorators.http import require_safe

from skatclub.club.models import Event, Job
from skatclub.club.presenters.jobs import job_view
from skatclub.club.printing import render as pdf
from skatclub.club.printing.pdf_cache import CACHE_SECONDS, cached_pdf, content_key, printout_key
from skatclub.club.printing.printouts import PrintError, Printout
from skatclub.club.printing.runs import check_printable, run_printout
from skatclub.club.tasks.printing import printed, refusal_of, start_print

PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src 'self'"


def respond(request: HttpRequest, key: str, kind: str, **where: int) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    site = site_of(request) if kind == "blank_sheet" else ""
    return cached_response(request, event, kind, site=site, where=where)


def site_of(request: HttpRequest) -> str:
    """Scheme and host the printout was asked from, for the blank form's address; "" on the
    laptop's own loopback address, which no phone in the room can reach."""
    if request.get_host().split(":")[0].strip("[]") in LOOPBACK:
        return ""
    return request.build_absolute_uri("/").rstrip("/")


LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def refused_404(message: str) -> HttpResponse:
    raise Http404(message)


def cached_response(
    request: HttpRequest,
    event: Event,
    kind: str,
    site: str = "",
    *,
    refused: Callable[[str], HttpResponse] = refused_404,
    where: dict[str, int] | None = None,
) -> HttpResponse:
    """The event's printout `kind` as PDF: from the cache or a finished print job if it was
    rendered in this state, else rendered by a print job in the background while this page
    shows its progress (and fetches the PDF once it is ready). `?html=1`: as a page.
    `refused`: the answer when the printout cannot be made (a German reason); `where`: the
    Serie and table (`round_number`, `table_number`) where the printout is of one."""
    where = where or {}
    if request.GET.get("html"):
        return preview_response(_printout(kind, event, site, **where))
    key = printout_key(kind, event, site=site, **where)
    found = cache.get(key)
    if found is None:
        found = printed(key, event.club)  # rendered by another server, or evicted here
        if found is not None:
            cache.set(key, found, CACHE_SECONDS)
    if found is not None:
        return pdf_bytes_response(*found)
    try:
        check_printable(event, **where)  # a mistyped address starts no job
    except PrintError as error:
        return refused(error.message)
    failed = refusal_of(key, event.club)
    if failed is not None:  # the same state again: it would fail the same way
        return refused(failed)
    job = start_print(
        key, kind, event, request.get_full_path(), site=site, user=request.user, **where
    )
    if job.status == Job.Status.DONE:  # rendered at once (the tests' immediate backend)
        found = printed(key, event.club)
        if found is not None:
            return pdf_bytes_response(*found)
    if job.status == Job.Status.FAILED:
        return refused(job.error)
    context = {"job": job_view(job), "event": event}
    return render_page(request, "club/pdf_progress.html", context, status=202)


def cached_printout(request: HttpRequest, kind: str, found: Printout) -> HttpResponse:
    """A printout whose context is already gathered, as PDF from the cache (keyed by what it
    shows) or `?html=1` as a page."""
    if request.GET.get("html"):
        return preview_response(found)
    key = content_key(kind, found)
    cached = cached_pdf(key, lambda: (found.filename, pdf.render_printout(found)))
    if cached is None:
        # Too many renders at once: the visitor comes back instead of holding a worker.
        response = render_page(request, "club/pdf_wait.html", status=503)
        response["Retry-After"] = "5"
        return response
    return pdf_bytes_response(*cached)


def preview_response(found: Printout) -> HttpResponse:
    response = HttpResponse(pdf.render_html(found.template, found.context))
    response["Content-Security-Policy"] = PREVIEW_POLICY
    return response


def _printout(kind: str, event: Event, site: str, **where: int) -> Printout:
    try:
        return run_printout(kind, event, site, **where)
    except PrintError as error:
        raise Http404(error.message) from error


def pdf_bytes_response(filename: str, content: bytes) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def pdf_response(found: Printout) -> HttpResponse:
    response = HttpResponse(pdf.render_printout(found), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{found.filename}"'
    return response


@require_safe
def round_score_sheets(request: HttpRequest, key: str, number: int) -> HttpResponse:
    return respond(request, key, "score_sheet", round_number=number)


@require_safe
def table_score_sheet(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    return respond(request, key, "score_sheet", round_number=number, table_number=table)


@require_safe
def event_results(request: HttpRequest, key: str) -> HttpResponse:
    return respond(request, key, "results")


@require_safe
def round_results(request: HttpRequest, key: str, number: int) -> HttpResponse:
    return respond(request, key, "results", round_number=number)


@require_safe
def event_settlement(request: HttpRequest, key: str) -> HttpResponse:
    return respond(request, key, "settlement")


@require_safe
def round_blank_sheets(request: HttpRequest, key: str, number: int) -> HttpResponse:
    return respond(request, key, "blank_sheet", round_number=number)


@require_safe
def round_seating(request: HttpRequest, key: str, number: int) -> HttpResponse:
    return respond(request, key, "seating", round_number=number)


EVENT = "veranstaltungen/<slug:key>/"
ROUND = EVENT + "serie/<int:number>/"

urlpatterns = [
    path(ROUND + "spiellisten.pdf", round_score_sheets, name="print-score-sheets"),
    path(ROUND + "tisch/<int:table>/spielliste.pdf", table_score_sheet, name="print-score-sheet"),
    path(EVENT + "ergebnis.pdf", event_results, name="print-event-results"),
    path(ROUND + "ergebnis.pdf", round_results, name="print-round-results"),
    path(EVENT + "abrechnung.pdf", event_settlement, name="print-event-settlement"),
    path(ROUND + "spiellisten-blanko.pdf", round_blank_sheets, name="print-blank-sheets"),
    path(ROUND + "tischliste.pdf", round_seating, name="print-seating"),
]
