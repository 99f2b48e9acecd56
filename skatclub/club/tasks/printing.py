"""Print runs as background jobs on the print queue: the PDF of an event's printout, kept
in the cache and on the job (`Job.output`) under the printout's key (`printout_key`), so a
second visitor, a reload or another server finds it instead of rendering it again."""

from __future__ import annotations

from django.core.cache import cache

from skatclub.club.models import Club, Event, Job
from skatclub.club.printing import render as pdf
from skatclub.club.printing.pdf_cache import CACHE_SECONDS
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
