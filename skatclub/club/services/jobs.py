"""The record of background work (`Job`): opening one idempotently, its progress, its end.

What runs and in which process is `skatclub.club.tasks`; this module owns the row every
page reads: `open_job` gives the queued or running job with the same key back instead of a
second one (the partial unique constraint on `Job` decides a race), `Progress` writes the
step and the count a person follows, at most every `WRITE_EVERY` seconds and never inside a
transaction (where nobody else would see it), and asks whether the Spielwart cancelled.

A job is alive while its worker is: the worker names itself (`worker`: host and process id)
and beats (`beat`) every few seconds. `is_dead` tells a job whose worker is gone (on this
host its process is not there any more; on another host, no beat for `DEAD_AFTER`) from one
that is busy; `tasks.reap` marks such a job failed.
Reads and writes: Job.
"""

from __future__ import annotations

import datetime
import os
import secrets
import socket
import time
from pathlib import Path
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from skatclub.club.models import Club, Job
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user

WRITE_EVERY = 0.5  # seconds between progress writes: the page polls every second
DEAD_AFTER = datetime.timedelta(minutes=5)  # no beat this long: the worker is gone
BEAT_EVERY = 10.0
INTERRUPTED = (
    "Der Auftrag wurde unterbrochen: der Server wurde beendet oder neu gestartet, während "
    "er lief. Es wurde nichts halb übernommen; bitte den Auftrag neu starten."
)


class JobCancelled(Exception):  # noqa: N818  (a way out, not an error)
    """The Spielwart cancelled the job at a point where stopping is safe."""


class JobTimedOut(Exception):  # noqa: N818  (raised by the worker's alarm)
    """The job ran longer than its kind allows (`tasks.registry.Kind.seconds`)."""

    def __init__(self, seconds: int) -> None:
        super().__init__(seconds)
        self.message = (
            f"Der Auftrag hat länger gebraucht als erlaubt ({seconds // 60} Minuten) und wurde "
            "abgebrochen; es wurde nichts halb übernommen. Bitte den Verwalter des Servers "
            "fragen (das Protokoll nennt den Auftrag)."
        )


class JobRefused(EntryError):
    """The job cannot do what it was asked; `message` (German) says why and what to do."""

    def __init__(self, message: str) -> None:
        super().__init__("job_refused", message)


def open_job(
    kind: str,
    key: str,
    title: str,
    params: dict[str, Any],
    *,
    club: Club,
    user: Actor = None,
) -> tuple[Job, bool]:
    """(the job, whether it is new): the queued or running job with this key if there is
    one, else a new queued one."""
    found = active_job(key, club)
    if found is not None:
        return found, False
    try:
        with transaction.atomic():
            job = Job.all_clubs.create(
                club=club,
                token=secrets.token_hex(16),
                kind=kind,
                key=key[:120],
                params=params,
                title=title[:300],
                created_by=acting_user(user),
            )
    except IntegrityError:  # started at the same moment by another request
        found = active_job(key, club)
        if found is None:
            raise
        return found, False
    return job, True


def active_job(key: str, club: Club) -> Job | None:
    return (
        Job.all_clubs.filter(club=club, key=key[:120], status__in=Job.ACTIVE)
        .order_by("-pk")
        .first()
    )


def last_job(key: str, club: Club) -> Job | None:
    """The newest job with this key, in whatever state."""
    return Job.all_clubs.filter(club=club, key=key[:120]).order_by("-pk").first()


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def claim_job(job_id: int) -> bool:
    """Mark a queued job as running in this process; False when it is not queued any more
    (cancelled before it began, or already taken: a retried task does nothing twice)."""
    now = timezone.now()
    claimed = Job.all_clubs.filter(pk=job_id, status=Job.Status.QUEUED).update(
        status=Job.Status.RUNNING,
        started_at=now,
        step_started_at=now,
        beat_at=now,
        worker=worker_name(),
    )
    return bool(claimed)


def finish_job(
    job_id: int,
    *,
    text: str = "",
    url: str = "",
    output: bytes | None = None,
    output_name: str = "",
) -> None:
    Job.all_clubs.filter(pk=job_id).update(
        status=Job.Status.DONE,
        finished_at=timezone.now(),
        result_text=text[:500],
        result_url=url[:300],
        output=output,
        output_name=output_name[:200],
        cancellable=False,
    )


def fail_job(job_id: int, message: str) -> None:
    Job.all_clubs.filter(pk=job_id, status__in=Job.ACTIVE).update(
        status=Job.Status.FAILED, finished_at=timezone.now(), error=message, cancellable=False
    )


def cancel_job(job: Job) -> bool:
    """Ask a job to stop: a queued one stops at once, a running one at its next safe point
    (only while it says it is `cancellable`). False when there is nothing to cancel."""
    queued = Job.all_clubs.filter(pk=job.pk, status=Job.Status.QUEUED).update(
        status=Job.Status.CANCELLED, finished_at=timezone.now(), cancellable=False
    )
    if queued:
        return True
    return bool(
        Job.all_clubs.filter(pk=job.pk, status=Job.Status.RUNNING, cancellable=True).update(
            cancel_asked=True
        )
    )


def beat(job_id: int) -> None:
    """The worker's sign of life for a running job (its own thread and connection)."""
    Job.all_clubs.filter(pk=job_id, status=Job.Status.RUNNING).update(beat_at=timezone.now())


def is_dead(job: Job, now: datetime.datetime | None = None) -> bool:
    """A running job whose worker is gone: on this host, its process is not there any more;
    on another, it has not beaten for DEAD_AFTER."""
    if job.status != Job.Status.RUNNING:
        return False
    host, _, pid = job.worker.rpartition(":")
    if host == socket.gethostname() and pid.isdigit():
        return not _process_exists(int(pid)) or _began_after(int(pid), job.started_at)
    now = now or timezone.now()
    return job.beat_at is None or now - job.beat_at > DEAD_AFTER


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # somebody else's process: it exists
        return True
    return True


def _began_after(pid: int, started: datetime.datetime | None) -> bool:
    """Whether process `pid` began after the job did: its number was given to another
    process after a restart (Linux: its start in /proc/<pid>/stat, in clock ticks after boot)."""
    if started is None:
        return False
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        boot = next(
            int(line.split()[1])
            for line in Path("/proc/stat").read_text().splitlines()
            if line.startswith("btime ")
        )
    except (OSError, StopIteration, IndexError, ValueError):  # no /proc: macOS, Windows
        return False
    began = boot + int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
    return began > started.timestamp() + 1


class Progress:
    """What a running job tells the person who waits for it. `step` starts a stage (with a
    count when it has one: `count_text` like "Spiel {done} von {total} geprüft"), `advance`
    moves the count. Both check whether the job was cancelled while it says it may be."""

    def __init__(self, job_id: int) -> None:
        self.job_id = job_id
        self.done = 0
        self.total = 0
        self.cancellable = False
        self._written = 0.0
        self._pending: dict[str, Any] = {}

    def step(
        self, text: str, *, total: int = 0, count_text: str = "", cancellable: bool = False
    ) -> None:
        self.done, self.total, self.cancellable = 0, total, cancellable
        self._pending = {
            "step": text[:200],
            "count_text": count_text[:100],
            "done": 0,
            "total": total,
            "cancellable": cancellable,
            "step_started_at": timezone.now(),
        }
        self._write(force=True)

    def advance(self, done: int) -> None:
        self.done = min(done, self.total) if self.total else done
        self._pending["done"] = self.done
        self._write(force=False)

    def add(self, count: int) -> None:
        self.advance(self.done + count)

    def _write(self, *, force: bool) -> None:
        now = time.monotonic()
        if not force and now - self._written < WRITE_EVERY:
            return
        if connection.in_atomic_block:  # nobody would see it before the commit
            return
        self._written = now
        if self._pending:
            Job.all_clubs.filter(pk=self.job_id).update(**self._pending, beat_at=timezone.now())
            self._pending = {}
        if self.cancellable and _cancel_asked(self.job_id):
            raise JobCancelled


def _cancel_asked(job_id: int) -> bool:
    return Job.all_clubs.filter(pk=job_id, cancel_asked=True).exists()


class NoProgress(Progress):
    """For the command line and the tests that call an import directly: counts, writes
    nothing."""

    def __init__(self) -> None:
        super().__init__(0)

    def _write(self, *, force: bool) -> None:
        return
