"""Print runs as background jobs on the print queue: the PDF of an event's printout, kept
in the cache and on the job (`Job.output`) under the printout's key (`printout_key`), so a
second visitor, a reload or another server finds it instead of rendering it again.

Warming (`warm_after_change`): after a change at one of an event's tables, the printouts of
the event that somebody fetched in the last day are rendered again in the new state, a
minute later (`WARM_DELAY`: the changes of that minute go into one run), so the next visitor
gets them at once. One warm job per event waits at a time; each process looks at a table at
most once a minute, so a championship day's saves cost no query for it."""

from __future__ import annotations

import datetime
import time
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from skatclub.club.models import Change, Club, Event, Job
from skatclub.club.printing import render as pdf
from skatclub.club.printing.pdf_cache import CACHE_SECONDS, printout_key
from skatclub.club.printing.printouts import PrintError
from skatclub.club.printing.runs import run_printout, run_title
from skatclub.club.services import INTERRUPTED, Actor, JobRefused, Progress, last_job
from skatclub.club.tasks.registry import PRINT, Finished, kind
from skatclub.club.tasks.runner import UNEXPECTED, start

PDF = Job.PRINT


def start_print(
    cache_key: str,
    kind_name: str,
    event: Event,
    url: str,
    *,
    site: str = "",
    user: Actor = None,
    **where: int,
) -> Job:
    """The job rendering this printout in this state (the one already running, if any)."""
    params = {"cache_key": cache_key, "kind": kind_name, "event": event.pk, "site": site}
    return start(
        PDF,
        cache_key,
        run_title(kind_name, event, **where),
        {**params, "where": where, "url": url},
        club=event.club,
        user=user,
    )


def refusal_of(cache_key: str, club: Club) -> str | None:
    """Why the newest print job for this key was refused, when it was (a job that was
    interrupted or failed unexpectedly is tried again)."""
    job = last_job(cache_key, club)
    if job is None or job.status != Job.Status.FAILED or job.error in (INTERRUPTED, UNEXPECTED):
        return None
    return job.error


def printed(cache_key: str, club: Club) -> tuple[str, bytes] | None:
    """(filename, PDF) of a finished job for this key, if one is kept."""
    found = (
        Job.all_clubs.filter(club=club, key=cache_key, status=Job.Status.DONE)
        .exclude(output=None)
        .order_by("-pk")
        .values_list("output_name", "output")
        .first()
    )
    return None if found is None else (found[0], bytes(found[1] or b""))


@kind(PDF, queue=PRINT)
def _print(job: Job, progress: Progress) -> Finished:
    params = job.params
    event = Event.objects.get(pk=params["event"])
    progress.step("Druckvorlage zusammenstellen")
    try:
        found = run_printout(params["kind"], event, params["site"], **params["where"])
    except PrintError as error:
        raise JobRefused(error.message) from error
    progress.step("PDF setzen")
    content = pdf.render_printout(found)
    cache.set(params["cache_key"], (found.filename, content), CACHE_SECONDS)
    return Finished("PDF fertig", params["url"], content, found.filename)


WARM = "pdf-warm"
WARM_DELAY = datetime.timedelta(minutes=1)
WARM_WITHIN = datetime.timedelta(days=1)  # printouts fetched this recently are kept warm
_looked_at: dict[int, float] = {}  # table id -> when this process last looked (monotonic)


def warm_after_change(sender: Any, instance: Change, created: bool, **kwargs: Any) -> None:
    """post_save of a `Change`: after the transaction, queue the event's warm job (at most
    once a minute per table and process)."""
    if not created or instance.table_id is None or not settings.SKATCLUB_WARM_PRINTS:
        return
    now = time.monotonic()
    if now - _looked_at.get(instance.table_id, -1e9) < WARM_DELAY.total_seconds():
        return
    _looked_at[instance.table_id] = now
    table_id = instance.table_id
    transaction.on_commit(lambda: start_warm(table_id))


def start_warm(table_id: int) -> Job | None:
    """The event's warm job, queued to run in a minute, if it has printouts to keep warm."""
    event = Event.objects.filter(rounds__tables=table_id).select_related("club").first()
    if event is None or not _fetched(event).exists():
        return None
    return start(
        WARM,
        f"{WARM}:{event.pk}",
        f"Ausdrucke von „{event.name}“ auf den neuen Stand bringen",
        {"event": event.pk},
        club=event.club,
        run_after=timezone.now() + WARM_DELAY,
    )


def _fetched(event: Event) -> Any:
    since = timezone.now() - WARM_WITHIN
    return Job.objects.filter(
        kind=PDF, status=Job.Status.DONE, params__event=event.pk, created_at__gte=since
    )


@kind(WARM)
def _warm(job: Job, progress: Progress) -> Finished:
    event = Event.objects.get(pk=job.params["event"])
    runs = {
        (p["kind"], p["site"], tuple(sorted(p["where"].items())), p["url"])
        for p in _fetched(event).values_list("params", flat=True)
    }
    progress.step("Ausdrucke neu setzen", total=len(runs), count_text="{done} von {total}")
    started = 0
    for kind_name, site, where, url in sorted(runs):
        key = printout_key(kind_name, event, site=site, **dict(where))
        if cache.get(key) is None and printed(key, event.club) is None:
            start_print(key, kind_name, event, url, site=site, **dict(where))
            started += 1
        progress.add(1)
    return Finished(f"{started} Ausdrucke neu gesetzt")
