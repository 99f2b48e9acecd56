"""The archive import's steps as background jobs: check (for the preview), import, undo.

Each job's key names its import and step, so a second click or a reload finds the job
already running instead of starting another; the import row is claimed as before
(`pending.confirm_archive`), so even two jobs could not import it twice.
"""

from __future__ import annotations

from django.urls import reverse

from skatclub.club.archive.models import ArchiveImport
from skatclub.club.archive.pending import (
    check_upload,
    confirm_archive,
    interrupted_import,
    mode_name,
    summary_text,
    undo_archive,
)
from skatclub.club.models import Job
from skatclub.club.services import Actor, Progress, last_job
from skatclub.club.tasks.registry import Finished, kind
from skatclub.club.tasks.runner import start

CHECK, IMPORT, UNDO = "archive-check", "archive-import", "archive-undo"


def check_key(pending: ArchiveImport, as_recorded: bool) -> str:
    return f"{CHECK}:{pending.pk}:{mode_name(as_recorded)}"


def import_key(pending: ArchiveImport) -> str:
    return f"{IMPORT}:{pending.pk}"


def undo_key(pending: ArchiveImport) -> str:
    return f"{UNDO}:{pending.pk}"


def start_check(pending: ArchiveImport, as_recorded: bool, user: Actor) -> Job:
    mode = "wie erfasst" if as_recorded else "streng"
    return start(
        CHECK,
        check_key(pending, as_recorded),
        f"Archiv „{pending.filename}“ prüfen ({mode})",
        {"import": pending.pk, "as_recorded": as_recorded},
        club=pending.club,
        user=user,
    )


def start_import(pending: ArchiveImport, as_recorded: bool, user: Actor) -> Job:
    mode = "wie erfasst" if as_recorded else "streng"
    return start(
        IMPORT,
        import_key(pending),
        f"Archiv „{pending.filename}“ importieren ({mode})",
        {"import": pending.pk, "as_recorded": as_recorded},
        club=pending.club,
        user=user,
    )


def start_undo(done: ArchiveImport, user: Actor) -> Job:
    return start(
        UNDO,
        undo_key(done),
        f"Import „{done.filename}“ rückgängig machen",
        {"import": done.pk},
        club=done.club,
        user=user,
    )


def check_job(pending: ArchiveImport, as_recorded: bool) -> Job | None:
    return last_job(check_key(pending, as_recorded), pending.club)


def import_job(pending: ArchiveImport) -> Job | None:
    return last_job(import_key(pending), pending.club)


def _import_of(job: Job) -> ArchiveImport:
    return ArchiveImport.objects.get(pk=job.params["import"])


@kind(CHECK)
def _check(job: Job, progress: Progress) -> Finished:
    pending = _import_of(job)
    preview = check_upload(pending, bool(job.params["as_recorded"]), progress)
    text = "nicht übernehmbar" if preview.problems else f"{preview.games} Spiele geprüft"
    return Finished(text, reverse("archive-import-preview", args=[pending.pk]))


def _interrupted(job: Job) -> None:
    interrupted_import(_import_of(job))


@kind(IMPORT, on_dead=_interrupted)
def _import(job: Job, progress: Progress) -> Finished:
    pending = _import_of(job)
    summary = confirm_archive(pending, bool(job.params["as_recorded"]), job.created_by, progress)
    return Finished(summary_text(summary), reverse("archive-import-result", args=[pending.pk]))


@kind(UNDO)
def _undo(job: Job, progress: Progress) -> Finished:
    done = _import_of(job)
    progress.step("Import entfernen (alles oder nichts)")
    text = undo_archive(done)
    return Finished(
        f"Import „{done.filename}“ rückgängig gemacht: {text}.", reverse("archive-import-list")
    )
