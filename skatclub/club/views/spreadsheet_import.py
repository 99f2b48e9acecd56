"""The Spielwart's spreadsheet import: upload, map the columns, review the names, preview,
confirm; and undo a whole import. See `imports` for what each step does.

Every view is `@spielwart_required`, reads top to bottom and redirects after a successful POST.
Nothing is written to the club's data before "Importieren" on the preview page; the upload
streams to a temporary file and stops at its size limit (`imports.upload`), is read once by a
background job (`tasks.spreadsheet`; the columns page shows its progress meanwhile), and its
rows are kept as a file in the data folder between the steps (`imports.kept`; removed once
imported or discarded). Writing the import and undoing it are background jobs too; the list
page shows the latest with their progress.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from skatclub.club.imports.forms import DuplicatesForm, MappingForm, NamesForm, UploadForm
from skatclub.club.imports.kept import keep_upload, kept_spreadsheet
from skatclub.club.imports.mapping import columns_of, headings_of, suggested
from skatclub.club.imports.models import SpreadsheetImport, SpreadsheetMapping
from skatclub.club.imports.plan import explanations, read_rows
from skatclub.club.imports.reader import Spreadsheet, SpreadsheetError, chosen_rows
from skatclub.club.imports.upload import upload_refusal
from skatclub.club.imports.write import (
    discard_import,
    import_settings,
    refusal,
    save_mapping,
    spreadsheet_preview,
)
from skatclub.club.models import Job, Player
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.jobs import job_view
from skatclub.club.presenters.name_review import name_review
from skatclub.club.services import acting_user
from skatclub.club.tasks import reap
from skatclub.club.tasks import spreadsheet as sheet_jobs
from skatclub.club.views.lookups import INVALID
from skatclub.club.views.permissions import spielwart_required

SAMPLE_ROWS = 5
# Names reviewed per page: two fields each, within Django's DATA_UPLOAD_MAX_NUMBER_FIELDS
# (1000) for one POST. More names (20 seasons: about 2,000) are reviewed page by page.
FORM_NAMES = 400
LATEST_JOBS = 5


@spielwart_required
def import_list(request: HttpRequest) -> HttpResponse:
    posted = request.method == "POST"  # bound even when the file was dropped for its size
    files = request.FILES  # read (to a temporary file, bounded) before asking what was refused
    refused = upload_refusal(request)
    form = UploadForm(request.POST if posted else None, files if posted else None, refused=refused)
    error = ""
    if posted and form.is_valid():
        upload = form.cleaned_data["file"]
        pending = SpreadsheetImport.objects.create(
            filename=(upload.name or "tabelle")[:200],
            options={"upload": keep_upload(Path(upload.temporary_file_path()))},
            created_by=acting_user(request.user),
        )
        job = sheet_jobs.start_read(pending, request.user)
        if job.status != Job.Status.FAILED:
            return redirect("spreadsheet-import-columns", pk=pending.pk)
        error = job.error  # read at once (jobs run in the request): refused like before
        pending.delete()
    imports = SpreadsheetImport.objects.select_related("created_by")[:50]
    recent = Job.objects.filter(kind__startswith="sheet-")[:LATEST_JOBS]
    jobs = [job_view(reap(job)) for job in recent]
    context = {"form": form, "error": error, "imports": imports, "jobs": jobs}
    status = INVALID if (error or form.errors) else 200
    return render(request, "club/import_list.html", context, status=status)


@spielwart_required
def import_columns(request: HttpRequest, pk: int) -> HttpResponse:
    reading = _reading(request, pk)
    if reading is not None:
        return reading
    pending, spreadsheet = _pending(pk)
    if isinstance(spreadsheet, str):
        return _gone(request, spreadsheet)
    saved = SpreadsheetMapping.objects.order_by("id").first()
    initial = _mapping_initial(pending, spreadsheet, saved)
    worksheets = pending.options.get("sheets") or []
    form = MappingForm(
        request.POST or None, headers=spreadsheet.headers, worksheets=worksheets, initial=initial
    )
    if request.method == "POST" and form.is_valid():
        mapping = headings_of(form.columns(), spreadsheet.headers)
        pending.mapping, pending.ruleset = mapping, form.cleaned_data["ruleset"]
        pending.as_recorded = form.cleaned_data["as_recorded"]
        pending.options = form.options(pending.options)
        pending.save(update_fields=["mapping", "ruleset", "as_recorded", "options"])
        save_mapping(mapping, pending.ruleset)
        return redirect("spreadsheet-import-names", pk=pending.pk)
    context = {
        "pending": pending,
        "form": form,
        "headers": spreadsheet.headers,
        "sample": _sample(spreadsheet),
        "saved": saved,
    }
    return render(
        request, "club/import_columns.html", context, status=INVALID if form.errors else 200
    )


@spielwart_required
def import_names(request: HttpRequest, pk: int) -> HttpResponse:
    pending, spreadsheet = _pending(pk)
    if isinstance(spreadsheet, str):
        return _gone(request, spreadsheet)
    if not pending.mapping:
        return redirect("spreadsheet-import-columns", pk=pending.pk)
    try:
        columns = columns_of(pending.mapping, spreadsheet.headers)
        read = read_rows(spreadsheet, columns, chosen_rows(pending.options))
    except SpreadsheetError as refused:
        messages.error(request, refused.message)
        return redirect("spreadsheet-import-columns", pk=pending.pk)
    members = dict(Player.objects.values_list("key", "name"))
    review = name_review(read.names, members, whole_number(request.GET.get("seite")), FORM_NAMES)
    options = review.options()
    initial = review.initial(pending.names, options)
    form = NamesForm(request.POST or None, names=options, members=members, initial=initial)
    if request.method == "POST" and form.is_valid():
        pending.names = {**pending.names, **form.decisions()}
        pending.save(update_fields=["names"])
        if review.has_next and "weiter" in request.POST:
            url = reverse("spreadsheet-import-names", args=[pending.pk])
            return redirect(f"{url}?seite={review.page + 1}")
        return redirect("spreadsheet-import-preview", pk=pending.pk)
    context = {"pending": pending, "form": form, **review.context(form.rows())}
    return render(
        request, "club/import_names.html", context, status=INVALID if form.errors else 200
    )


@spielwart_required
def import_preview(request: HttpRequest, pk: int) -> HttpResponse:
    pending, spreadsheet = _pending(pk)
    if isinstance(spreadsheet, str):
        return _gone(request, spreadsheet)
    if not pending.mapping:
        return redirect("spreadsheet-import-columns", pk=pending.pk)
    try:
        result = spreadsheet_preview(pending)
    except SpreadsheetError as refused:
        messages.error(request, refused.message)
        return redirect("spreadsheet-import-columns", pk=pending.pk)
    initial = {"on_duplicate": pending.options.get("on_duplicate", "skip")}
    duplicates = DuplicatesForm(request.POST or None, duplicates=result.duplicates, initial=initial)
    if request.method == "POST" and "apply" in request.POST and duplicates.is_valid():
        every, own = duplicates.choices(pending.options.get("duplicates") or {})
        pending.options = {**pending.options, "on_duplicate": every, "duplicates": own}
        pending.save(update_fields=["options"])
        return redirect("spreadsheet-import-preview", pk=pending.pk)
    if request.method == "POST":
        return _confirm(request, pending, result)
    context = {
        "pending": pending,
        "preview": result,
        "explanations": explanations(result),
        "duplicates": duplicates,
    }
    return render(request, "club/import_preview.html", context)


def _confirm(request: HttpRequest, pending: SpreadsheetImport, result: Any) -> HttpResponse:
    if result.plan is None:  # refused as the preview says: no job, nothing to wait for
        messages.error(request, refusal(result))
        return redirect("spreadsheet-import-preview", pk=pending.pk)
    job = sheet_jobs.start_import(pending, request.user)
    if job.status == Job.Status.FAILED:
        messages.error(request, job.error)
        return redirect("spreadsheet-import-preview", pk=pending.pk)
    if job.status == Job.Status.DONE:
        messages.success(request, job.result_text)
    return redirect("spreadsheet-import-list")


def _reading(request: HttpRequest, pk: int) -> HttpResponse | None:
    """While the background job reads the upload: its progress (or why it was refused)."""
    pending = get_object_or_404(SpreadsheetImport, pk=pk)
    if pending.rows_file and pending.status != SpreadsheetImport.Status.REFUSED:
        return None
    job = sheet_jobs.read_job(pending)
    if job is None:
        return None
    context = {"pending": pending, "job": job_view(reap(job))}
    return render(request, "club/import_reading.html", context)


@spielwart_required
def import_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """GET asks first (what will be deleted); POST undoes the import."""
    done = get_object_or_404(SpreadsheetImport, pk=pk)
    if request.method != "POST":
        created = done.created or {}
        context = {
            "done": done,
            "events": len(created.get("events", [])),
            "players": len(created.get("players", [])),
            "seasons": len(created.get("seasons", [])),
            "replaced": len(created.get("replaced", [])),
        }
        return render(request, "club/import_undo.html", context)
    job = sheet_jobs.start_undo(done, request.user)
    if job.status == Job.Status.DONE:
        messages.success(request, job.result_text)
    elif job.status == Job.Status.FAILED:
        messages.error(request, job.error)
    return redirect("spreadsheet-import-list")


@spielwart_required
@require_POST
def import_discard(request: HttpRequest, pk: int) -> HttpResponse:
    found = get_object_or_404(SpreadsheetImport, pk=pk)
    discard_import(found)
    messages.success(request, "Hochgeladene Tabelle verworfen; es wurde nichts importiert.")
    return redirect("spreadsheet-import-list")


def _mapping_initial(
    pending: SpreadsheetImport, spreadsheet: Spreadsheet, saved: SpreadsheetMapping | None
) -> dict[str, Any]:
    """The mapping form's start: the import's own choices, else the saved mapping and rules,
    else the usual headings."""
    initial_columns = suggested(
        spreadsheet.headers, pending.mapping or (saved.columns if saved else {})
    )
    initial: dict[str, Any] = {f: "" if c is None else str(c) for f, c in initial_columns.items()}
    initial["ruleset"] = (
        pending.ruleset if pending.mapping else (saved.ruleset if saved else "isko")
    )
    initial["as_recorded"] = pending.as_recorded
    return initial | MappingForm.initial_settings(import_settings(pending), pending.options)


def _pending(pk: int) -> tuple[SpreadsheetImport, Spreadsheet | str]:
    """The uploaded import and its sheet; instead of the sheet why there is none (imported,
    undone, or its kept file gone), in German."""
    pending = get_object_or_404(SpreadsheetImport, pk=pk)
    if pending.status != SpreadsheetImport.Status.UPLOADED:
        return pending, f"Der Import „{pending.filename}“ ist schon {pending.get_status_display()}."
    try:
        return pending, kept_spreadsheet(pending.rows_file)
    except SpreadsheetError as refused:
        return pending, refused.message


def _gone(request: HttpRequest, why: str) -> HttpResponse:
    messages.error(request, why)
    return redirect("spreadsheet-import-list")


def _sample(spreadsheet: Spreadsheet) -> list[tuple[int, list[Any]]]:
    rows = []
    for row in spreadsheet.rows():
        rows.append(row)
        if len(rows) == SAMPLE_ROWS:
            break
    return rows


IMPORT = "spielwart/import/"
urlpatterns = [
    path(IMPORT, import_list, name="spreadsheet-import-list"),
    path(IMPORT + "<int:pk>/spalten/", import_columns, name="spreadsheet-import-columns"),
    path(IMPORT + "<int:pk>/namen/", import_names, name="spreadsheet-import-names"),
    path(IMPORT + "<int:pk>/vorschau/", import_preview, name="spreadsheet-import-preview"),
    path(IMPORT + "<int:pk>/rueckgaengig/", import_undo, name="spreadsheet-import-undo"),
    path(IMPORT + "<int:pk>/verwerfen/", import_discard, name="spreadsheet-import-discard"),
]
