"""Starting background work and running it: `start` opens the job (idempotent by its key)
and queues `run_job` on django-tasks; a worker (`skatclub worker`, or the one `serve`
starts) runs it for the job's club. Tests run it at once, in the test process (the
immediate backend, tests/conftest.py).

A job that fails tells the person why: a refusal (`JobRefused`, `ArchiveError`) with its
German text; anything else with a German line on the page and the traceback in the log
(the exception goes on to the worker, which records and logs it).
"""

from __future__ import annotations

import datetime
from typing import Any

from django.utils import timezone
from django_tasks import task

from skatclub.club.archive import ArchiveError
from skatclub.club.models import Club, Job
from skatclub.club.services import (
    INTERRUPTED,
    Actor,
    JobCancelled,
    JobRefused,
    JobTimedOut,
    Progress,
    claim_job,
    fail_job,
    finish_job,
    is_dead,
    open_job,
)
from skatclub.club.tasks.registry import KINDS
from skatclub.club.tenancy import acting_for

UNEXPECTED = (
    "Bei der Arbeit ist ein unerwarteter Fehler aufgetreten; er steht im Protokoll des "
    "Servers (Datenordner, log/). Es wurde nichts halb übernommen. Bitte noch einmal "
    "versuchen und, wenn es wieder geschieht, das Protokoll weitergeben."
)


def start(
    kind: str,
    key: str,
    title: str,
    params: dict[str, Any],
    *,
    club: Club,
    user: Actor = None,
    run_after: datetime.datetime | None = None,
) -> Job:
    """The job for `key`: the one already queued or running, or a new one, queued (to run
    not before `run_after`, if given)."""
    job, new = open_job(kind, key, title, params, club=club, user=user)
    if new:
        # In the same transaction as the job's row (the queue is a table of the same
        # database): both are there for the worker, or neither.
        queued = run_job.using(queue_name=KINDS[kind].queue, run_after=run_after)
        queued.enqueue(job.pk)
    job.refresh_from_db()
    return job


@task()
def run_job(job_id: int) -> str:
    """Run the job `job_id` once: a job no longer queued (cancelled, or taken by a retry
    of this task) is left alone."""
    if not claim_job(job_id):
        return "schon erledigt oder abgebrochen"
    job = Job.all_clubs.select_related("club").get(pk=job_id)
    progress = Progress(job_id)
    with acting_for(job.club):
        try:
            finished = KINDS[job.kind].run(job, progress)
        except JobCancelled:
            Job.all_clubs.filter(pk=job_id).update(
                status=Job.Status.CANCELLED, cancellable=False, finished_at=timezone.now()
            )
            return "abgebrochen"
        except JobRefused as refused:
            fail_job(job_id, refused.message)
            return "abgelehnt"
        except JobTimedOut as late:
            fail_job(job_id, late.message)
            raise
        except (KeyboardInterrupt, SystemExit):  # the worker told twice to stop at once
            fail_job(job_id, INTERRUPTED)
            raise
        except ArchiveError as refused:
            fail_job(job_id, "\n".join(refused.problems))
            return "abgelehnt"
        except BaseException:
            fail_job(job_id, UNEXPECTED)
            raise
    finish_job(
        job_id,
        text=finished.text,
        url=finished.url,
        output=finished.output,
        output_name=finished.output_name,
    )
    return "fertig"


def reap(job: Job) -> Job:
    """The job as it is now; a running job whose worker is gone is marked failed first,
    and what its kind left half-way is put right (`Kind.on_dead`)."""
    job.refresh_from_db()
    if is_dead(job):
        fail_job(job.pk, INTERRUPTED)
        on_dead = KINDS[job.kind].on_dead if job.kind in KINDS else None
        if on_dead is not None:
            with acting_for(job.club):
                on_dead(job)
        job.refresh_from_db()
    return job


def reap_all() -> int:
    """Every running job whose worker is gone, marked failed (when a worker starts)."""
    reaped = 0
    for job in Job.all_clubs.filter(status=Job.Status.RUNNING).select_related("club"):
        if reap(job).status == Job.Status.FAILED:
            reaped += 1
    return reaped
