"""The server's own chores, once an hour from the worker (`manage.py worker`): the day's
backup when it is due, uploads nobody imported gone after a day, kept PDFs of print jobs
gone after a day, old job records after 30 days, and jobs whose worker died marked failed.

Each chore is idempotent (due by the clock, or a delete of what is old enough), so a second
worker or a rerun after a restart does no harm.
"""

from __future__ import annotations

import datetime
import time
from pathlib import Path

from django.conf import settings
from django.utils import timezone

from skatclub.club.archive.models import ArchiveImport
from skatclub.club.archive.pending import discard_archive
from skatclub.club.backup import daily_backup
from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.imports.write import discard_import
from skatclub.club.models import Job
from skatclub.club.services import Progress
from skatclub.club.tasks.exports import EXPORT
from skatclub.club.tasks.registry import Finished, kind
from skatclub.club.tasks.runner import reap_all, start
from skatclub.club.tenancy import acting_for, home_club

HOUSEKEEPING = "housekeeping"
UPLOAD_DAYS = 1
PDF_DAYS = 1
JOB_DAYS = 30
# Files in the upload folder that no import names (a process killed between writing the file
# and its record) are removed after as long as a kept upload.
KEPT_SUFFIXES = (".json", ".rows", ".upload")


def start_housekeeping() -> Job:
    return start(
        HOUSEKEEPING, HOUSEKEEPING, "Aufräumen und tägliche Sicherung", {}, club=home_club()
    )


@kind(HOUSEKEEPING)
def _housekeeping(job: Job, progress: Progress) -> Finished:
    progress.step("Unterbrochene Aufträge erkennen")
    reaped = reap_all()
    progress.step("Tägliche Sicherung, wenn sie fällig ist")
    if settings.SKATCLUB_DAILY_BACKUP_HOURS > 0:
        daily_backup()
    progress.step("Liegengebliebene Uploads entfernen")
    uploads = clean_uploads(timezone.now())
    progress.step("Alte Aufträge entfernen")
    jobs = clean_jobs(timezone.now())
    return Finished(
        f"{reaped} unterbrochene Aufträge, {uploads} Uploads und {jobs} alte Aufträge entfernt"
    )


def clean_uploads(now: datetime.datetime) -> int:
    """Archives and spreadsheets uploaded more than a day ago and never imported, with their
    files; then files in the upload folder that no import names, as old."""
    before = now - datetime.timedelta(days=UPLOAD_DAYS)
    count = 0
    with acting_for(None):  # every club's
        left = (ArchiveImport.Status.UPLOADED, ArchiveImport.Status.REFUSED)
        for pending in ArchiveImport.objects.filter(status__in=left, created_at__lt=before):
            discard_archive(pending)
            count += 1
        for sheet in SpreadsheetImport.objects.filter(
            status=SpreadsheetImport.Status.UPLOADED, created_at__lt=before
        ):
            discard_import(sheet)
            count += 1
        refused = SpreadsheetImport.objects.filter(
            status=SpreadsheetImport.Status.REFUSED, created_at__lt=before
        )
        count += refused.delete()[0]
        named = set(
            ArchiveImport.objects.exclude(archive_file="").values_list("archive_file", flat=True)
        )
        named |= set(
            SpreadsheetImport.objects.exclude(rows_file="").values_list("rows_file", flat=True)
        )
    folder = Path(settings.SKATCLUB_UPLOAD_DIR)
    oldest = time.time() - UPLOAD_DAYS * 86400
    for path in folder.iterdir() if folder.is_dir() else ():
        if (
            path.suffix in KEPT_SUFFIXES
            and path.name not in named
            and path.stat().st_mtime < oldest
        ):
            path.unlink(missing_ok=True)
            count += 1
    return count


def clean_jobs(now: datetime.datetime) -> int:
    """Finished print jobs' PDFs after a day (the cache has them as long), the files of
    archive exports after a day (the job's record stays), every finished job's record after
    JOB_DAYS."""
    finished = Job.all_clubs.exclude(status__in=Job.ACTIVE)
    old_pdfs = finished.filter(finished_at__lt=now - datetime.timedelta(days=PDF_DAYS))
    count, _ = old_pdfs.filter(kind="pdf").delete()
    count += (
        old_pdfs.filter(kind=EXPORT)
        .exclude(output=None)
        .update(output=None, result_url="", result_text="Die Datei wurde nach einem Tag gelöscht.")
    )
    gone, _ = finished.filter(created_at__lt=now - datetime.timedelta(days=JOB_DAYS)).delete()
    return count + gone
