"""Background jobs as the Spielwart follows them: the list of the latest, one job's page, its
state for the page's polling (JSON, every second), and cancelling where that is safe.

The state of a print job is public like the printout it renders (its unguessable token is in
the progress page of the PDF's address); every other job is the Spielwart's. A job of
another club is not found (`Job.objects` is the club's)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST, require_safe

from skatclub.club import services, tasks
from skatclub.club.models import Job
from skatclub.club.presenters.jobs import job_view
from skatclub.club.views.permissions import is_spielwart, spielwart_required

LATEST = 30
BINARY = "application/octet-stream"
FILE_TYPES = {Job.PRINT: "application/pdf", "archive-export": "application/gzip"}


@spielwart_required
@require_safe
def job_list(request: HttpRequest) -> HttpResponse:
    jobs = [job_view(tasks.reap(job)) for job in Job.objects.exclude(kind=Job.PRINT)[:LATEST]]
    return render(request, "club/job_list.html", {"jobs": jobs})


@spielwart_required
@require_safe
def job_page(request: HttpRequest, token: str) -> HttpResponse:
    job = tasks.reap(get_object_or_404(Job, token=token))
    return render(request, "club/job.html", {"job": job_view(job)})


@require_safe
def job_state(request: HttpRequest, token: str) -> HttpResponse:
    job = get_object_or_404(Job, token=token)
    if job.kind != Job.PRINT and not is_spielwart(request.user):
        return JsonResponse({"error": "Nur für Spielwarte."}, status=403)
    response = JsonResponse(job_view(tasks.reap(job)).state())
    response["Cache-Control"] = "no-store"
    return response


@spielwart_required
@require_safe
def job_file(request: HttpRequest, token: str) -> HttpResponse:
    """The file a finished job made (the club archive), for the club's Spielwart."""
    job = get_object_or_404(Job, token=token, status=Job.Status.DONE, output__isnull=False)
    response = HttpResponse(bytes(job.output or b""), content_type=FILE_TYPES.get(job.kind, BINARY))
    response["Content-Disposition"] = f'attachment; filename="{job.output_name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@spielwart_required
@require_POST
def job_cancel(request: HttpRequest, token: str) -> HttpResponse:
    job = get_object_or_404(Job, token=token)
    if services.cancel_job(job):
        messages.success(request, f"„{job.title}“ wird abgebrochen; es wird nichts übernommen.")
    else:
        messages.error(request, f"„{job.title}“ kann jetzt nicht mehr abgebrochen werden.")
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}):
        return redirect(back)
    return redirect("job", token=job.token)


urlpatterns = [
    path("spielwart/auftraege/", job_list, name="job-list"),
    path("spielwart/auftraege/<slug:token>/", job_page, name="job"),
    path("spielwart/auftraege/<slug:token>/abbrechen/", job_cancel, name="job-cancel"),
    path("spielwart/auftraege/<slug:token>/datei/", job_file, name="job-file"),
    path("auftrag/<slug:token>/stand/", job_state, name="job-state"),
]
