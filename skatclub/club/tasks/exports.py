"""The club archive as a download, made in the background: every event, Serie, table and
game in the archive format (`docs/spec/archive-format.md`, the same as `manage.py
export_archive`), gzip-compressed, kept on the job (`Job.output`) for a day and offered on
the job's page. A 264,000-game history takes about a minute: no request waits for it."""

from __future__ import annotations

import gzip
import json
from typing import Any

from django.urls import reverse
from django.utils import timezone

from skatclub.club.archive import export_archive
from skatclub.club.formatting import number
from skatclub.club.models import Job
from skatclub.club.services import Actor, Progress
from skatclub.club.tasks.registry import Finished, kind
from skatclub.club.tasks.runner import start
from skatclub.club.tenancy import current_club, home_club

EXPORT = "archive-export"


def start_export(user: Actor) -> Job:
    """The archive export of the club acted for: the one queued or running, or a new one (a
    second click while it runs starts nothing twice; a click after it finished exports the
    data anew)."""
    club = current_club() or home_club()
    title = "Vereinsarchiv exportieren"
    return start(EXPORT, f"{EXPORT}:{club.pk}", title, {}, club=club, user=user)


def archive_bytes(archive: dict[str, Any]) -> bytes:
    """The archive as the file a club keeps: UTF-8 JSON, gzip (no timestamp inside, so the
    same data gives the same file)."""
    text = json.dumps(archive, ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), mtime=0)


@kind(EXPORT)
def _export(job: Job, progress: Progress) -> Finished:
    progress.step("Veranstaltungen, Serien und Spiele lesen")
    archive = export_archive()
    progress.step("Archiv schreiben")
    content = archive_bytes(archive)
    events = archive["events"]
    games = sum(
        len(table.get("games", []))
        for event in events
        for round_ in event["rounds"]
        for table in round_["tables"]
    )
    day = timezone.localdate()
    name = f"skatclub-archiv-{job.club.slug or job.club.pk}-{day:%Y-%m-%d}.json.gz"
    text = (
        f"Archiv fertig: {number(len(events))} Veranstaltungen, {number(games)} Spiele, "
        f"{number(max(1, len(content) // 1024))} KB"
    )
    return Finished(text, reverse("job-file", args=[job.token]), content, name)
