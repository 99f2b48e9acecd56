"""The Spielwart's archive import: upload, preview (as recorded or strict), confirm, result;
undo of a whole import after asking. See `archive.pending` for what each step does.

Nothing is written to the club's data before "Importieren" on the preview page; the upload
streams to a bounded temporary file (`imports.upload`), is unpacked within its limit and kept
as a file in the data folder until it is imported or discarded. Checking, importing and
undoing run in the background (`tasks.archive`): each page starts its job (a second click
finds the same job) and answers at once; while the job runs the page shows its progress,
then its result.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club.archive import ArchiveError
from skatclub.club.archive.models import ArchiveImport
from skatclub.club.archive.pending import discard_archive, stored_preview, upload_archive
from skatclub.club.forms.archive_import import AS_RECORDED, STRICT, ArchiveUploadForm, ModeForm
from skatclub.club.imports.upload import upload_refusal
from skatclub.club.models import Job
from skatclub.club.presenters.jobs import job_view
from skatclub.club.tasks import archive as archive_jobs
from skatclub.club.tasks import exports, reap
from skatclub.club.views.lookups import INVALID
from skatclub.club.views.permissions import spielwart_required

LATEST_JOBS = 5


@spielwart_required
def archive_list(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"  # bound even when the file was dropped for its size
    files = request.FILES  # read (to a temporary file, bounded) before asking what was refused
    refused = upload_refusal(request)
    form = ArchiveUploadForm(
        request.POST if posted else None, files if posted else None, refused=refused
    )
    problems: list[str] = []
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        as_recorded = form.as_recorded(True)
        try:
            pending = upload_archive(upload, upload.name, as_recorded, request.user, form.rules)
        except ArchiveError as error:
            problems = error.problems
        else:
            archive_jobs.start_check(pending, as_recorded, request.user)
            return redirect("archive-import-preview", pk=pending.pk)
    imports = ArchiveImport.objects.select_related("created_by")[:50]
    recent = Job.objects.filter(kind__startswith="archive-")[:LATEST_JOBS]
    context = {
        "form": form,
        "problems": problems,
        "imports": imports,
        "jobs": [job_view(reap(job)) for job in recent],
    }
    status = INVALID if (problems or form.errors) else 200
    return render(request, "club/archive_import_list.html", context, status=status)


@spielwart_required
def archive_preview(request: HttpRequest, pk: int) -> HttpResponse:
    pending = get_object_or_404(ArchiveImport, pk=pk)
    if pending.status == ArchiveImport.Status.IMPORTING:
        return redirect("archive-import-result", pk=pending.pk)
    if pending.status not in (ArchiveImport.Status.UPLOADED, ArchiveImport.Status.REFUSED):
        messages.error(
            request, f"Der Import „{pending.filename}“ ist {pending.get_status_display()}."
        )
        return redirect("archive-import-list")
    form = ModeForm(request.POST or request.GET or None)
    as_recorded = form.as_recorded(pending.as_recorded)
    if request.method == "POST" and form.is_valid():
        return _confirm(request, pending, as_recorded)
    preview = stored_preview(pending, as_recorded)
    job = None
    if preview is None and pending.status == ArchiveImport.Status.UPLOADED:
        job = reap(archive_jobs.start_check(pending, as_recorded, request.user))
        pending.refresh_from_db()
        preview = stored_preview(pending, as_recorded)
    mode = AS_RECORDED if as_recorded else STRICT
    context = {
        "pending": pending,
        "preview": preview,
        "job": job_view(job) if job is not None and preview is None else None,
        "form": ModeForm(initial={"mode": mode}),
        "as_recorded": as_recorded,
    }
    return render(request, "club/archive_import_preview.html", context)


def _confirm(request: HttpRequest, pending: ArchiveImport, as_recorded: bool) -> HttpResponse:
    preview = stored_preview(pending, as_recorded)
    if preview is None or preview.problems or pending.status != ArchiveImport.Status.UPLOADED:
        messages.error(request, "So kann das Archiv nicht übernommen werden; siehe Vorschau.")
        return redirect("archive-import-preview", pk=pending.pk)
    archive_jobs.start_import(pending, as_recorded, request.user)
    return redirect("archive-import-result", pk=pending.pk)


@spielwart_required
def archive_result(request: HttpRequest, pk: int) -> HttpResponse:
    done = get_object_or_404(ArchiveImport, pk=pk)
    job = archive_jobs.import_job(done)
    context = {"done": done, "job": job_view(reap(job)) if job is not None else None}
    return render(request, "club/archive_import_result.html", context)


@spielwart_required
def archive_undo(request: HttpRequest, pk: int) -> HttpResponse:
    done = get_object_or_404(ArchiveImport, pk=pk)
    if request.method != "POST":  # the question first; only the answer deletes
        return render(request, "club/archive_import_undo.html", {"done": done})
    job = archive_jobs.start_undo(done, request.user)
    if job.status == Job.Status.DONE:
        messages.success(request, job.result_text)
    elif job.status == Job.Status.FAILED:
        messages.error(request, job.error)
    return redirect("archive-import-list")


@spielwart_required
@require_POST
def archive_discard(request: HttpRequest, pk: int) -> HttpResponse:
    discard_archive(get_object_or_404(ArchiveImport, pk=pk))
    messages.success(request, "Hochgeladenes Archiv verworfen; es wurde nichts importiert.")
    return redirect("archive-import-list")


ARCHIVE = "spielwart/archiv/"


@spielwart_required
@require_POST
def archive_export(request: HttpRequest) -> HttpResponse:
    """Start the club archive's export in the background and follow it on the job's page
    (the form's button says what it starts; any other post starts nothing)."""
    if request.POST.get("export") != "archiv":
        messages.error(request, "Das Archiv entsteht mit dem Knopf „Archiv erstellen“.")
        return redirect("archive-import-list")
    job = exports.start_export(request.user)
    return redirect("job", token=job.token)


urlpatterns = [
    path(ARCHIVE, archive_list, name="archive-import-list"),
    path(ARCHIVE + "export/", archive_export, name="archive-export"),
    path(ARCHIVE + "<int:pk>/vorschau/", archive_preview, name="archive-import-preview"),
    path(ARCHIVE + "<int:pk>/ergebnis/", archive_result, name="archive-import-result"),
    path(ARCHIVE + "<int:pk>/rueckgaengig/", archive_undo, name="archive-import-undo"),
    path(ARCHIVE + "<int:pk>/verwerfen/", archive_discard, name="archive-import-discard"),
]
