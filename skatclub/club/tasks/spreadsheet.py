"""The spreadsheet import's long steps as background jobs: reading the upload once into its
rows, writing the import (backup first, all or nothing), undoing it. Mapping the columns,
reviewing the names and the preview read the kept rows on their pages."""

from __future__ import annotations

from django.urls import reverse

from skatclub.club.imports.errors import SpreadsheetError
from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.imports.write import ImportRefused, confirm_import, read_uploaded, undo_import
from skatclub.club.models import Job
from skatclub.club.services import Actor, JobRefused, Progress, last_job
from skatclub.club.tasks.registry import Finished, kind
from skatclub.club.tasks.runner import start

READ, IMPORT, UNDO = "sheet-read", "sheet-import", "sheet-undo"


def _start(step: str, title: str, pending: SpreadsheetImport, user: Actor) -> Job:
    key = f"{step}:{pending.pk}"
    return start(step, key, title, {"import": pending.pk}, club=pending.club, user=user)


def start_read(pending: SpreadsheetImport, user: Actor) -> Job:
    return _start(READ, f"Tabelle „{pending.filename}“ lesen", pending, user)


def start_import(pending: SpreadsheetImport, user: Actor) -> Job:
    return _start(IMPORT, f"Tabelle „{pending.filename}“ importieren", pending, user)


def start_undo(done: SpreadsheetImport, user: Actor) -> Job:
    return _start(UNDO, f"Import „{done.filename}“ rückgängig machen", done, user)


def read_job(pending: SpreadsheetImport) -> Job | None:
    return last_job(f"{READ}:{pending.pk}", pending.club)


def _import_of(job: Job) -> SpreadsheetImport:
    return SpreadsheetImport.objects.get(pk=job.params["import"])


@kind(READ)
def _read(job: Job, progress: Progress) -> Finished:
    pending = _import_of(job)
    progress.step("Tabelle lesen")
    try:
        read_uploaded(pending)
    except SpreadsheetError as refused:
        raise JobRefused(refused.message) from refused
    return Finished("gelesen", reverse("spreadsheet-import-columns", args=[pending.pk]))


@kind(IMPORT)
def _import(job: Job, progress: Progress) -> Finished:
    pending = _import_of(job)
    progress.step("Sicherung, dann alle Abende schreiben (alles oder nichts)")
    try:
        created = confirm_import(pending, user=job.created_by)
    except (ImportRefused, SpreadsheetError) as refused:
        raise JobRefused(refused.message) from refused
    return Finished(f"Importiert: {created.text()}.", reverse("spreadsheet-import-list"))


@kind(UNDO)
def _undo(job: Job, progress: Progress) -> Finished:
    done = _import_of(job)
    progress.step("Import entfernen (alles oder nichts)")
    try:
        undone = undo_import(done)
    except ImportRefused as refused:
        raise JobRefused(refused.message) from refused
    text = f"Import „{done.filename}“ rückgängig gemacht: {undone.text('')} gelöscht."
    return Finished(text, reverse("spreadsheet-import-list"))
