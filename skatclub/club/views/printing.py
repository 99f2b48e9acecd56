"""PDF downloads (Spiellisten played or blank, results, Tischliste, settlement); rendering is
`printing/render.py`.

Public and read-only like the result pages: a printout shows names and numbers, nothing else.
`?html=1` on any of these URLs shows the same template as an HTML page, for a quick look (with
a policy of its own that allows the printout's inline <style>, and no script at all). Each PDF
is rendered once and then served from the cache until the event changes (`pdf_cache`); so are
the league's Spielbericht and the Offiziersskat list (`cached_printout`), keyed by their content.
The blank form prints the table's address with the scheme and host it was downloaded from
(`site_of`; part of its cache key), or none when asked from the laptop's loopback address.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.shortcuts import render as render_page
from django.urls import path
from django.views.decorators.http import require_safe

from skatclub.club.models import Event
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import PrintError, Printout, printout
from skatclub.club.views.pdf_cache import cached_pdf, content_key, printout_key

PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src 'self'"


def respond(request: HttpRequest, key: str, kind: str, **where: int) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    site = site_of(request) if kind == "blank_sheet" else ""
    return cached_response(
        request, event, kind, lambda: _printout(kind, event, site, **where), site=site, **where
    )


def site_of(request: HttpRequest) -> str:
    """Scheme and host the printout was asked from, for the blank form's address; "" on the
    laptop's own loopback address, which no phone in the room can reach."""
    if request.get_host().split(":")[0].strip("[]") in LOOPBACK:
        return ""
    return request.build_absolute_uri("/").rstrip("/")


LOOPBACK = {"127.0.0.1", "localhost", "::1"}


def cached_response(
    request: HttpRequest,
    event: Event,
    kind: str,
    make: Callable[[], Printout],
    site: str = "",
    **where: int,
) -> HttpResponse:
    """The printout `make()` gives, as PDF from the cache (or `?html=1` as a page)."""
    if request.GET.get("html"):
        return preview_response(make())

    def render() -> tuple[str, bytes]:
        found = make()
        return found.filename, pdf.render_printout(found)

    return _from_cache(request, printout_key(kind, event, site=site, **where), render)


def cached_printout(request: HttpRequest, kind: str, found: Printout) -> HttpResponse:
    """A printout whose context is already gathered, as PDF from the cache (keyed by what it
    shows) or `?html=1` as a page."""
    if request.GET.get("html"):
        return preview_response(found)
    return _from_cache(
        request,
        content_key(kind, found),
        lambda: (found.filename, pdf.render_printout(found)),
    )


def preview_response(found: Printout) -> HttpResponse:
    response = HttpResponse(pdf.render_html(found.template, found.context))
    response["Content-Security-Policy"] = PREVIEW_POLICY
    return response


def _from_cache(
    request: HttpRequest, key: str, render: Callable[[], tuple[str, bytes]]
) -> HttpResponse:
    cached = cached_pdf(key, render)
    if cached is None:
        # Too many renders at once: the visitor comes back instead of holding a worker.
        response = render_page(request, "club/pdf_wait.html", status=503)
        response["Retry-After"] = "5"
        return response
    return pdf_bytes_response(*cached)


def _printout(kind: str, event: Event, site: str, **where: int) -> Printout:
    try:
        return printout(kind, event, site=site, **where)
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
