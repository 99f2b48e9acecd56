"""`manage.py worker [--queue-name default|print|*]`: runs background jobs (`skatclub.club.tasks`).

django-tasks-db's `db_worker`, with what our jobs need around it: while a job runs, a thread
of its own beats on the job's row (`services.beat`), so a job whose worker died is told from
one that is busy; before it begins, jobs left running by a worker that is gone are marked
failed (`tasks.reap_all`); the worker of the "default" queue starts the hourly housekeeping
(daily backup, old uploads, old PDFs). `serve` starts one worker per queue beside Granian;
a server of a Verband runs as many more as it likes (docs/operations.md).
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from django.db import OperationalError, connection
from django_tasks_db.management.commands.db_worker import Command as DbWorker
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from skatclub.club import services, tasks
from skatclub.club.models import Job
from skatclub.club.tasks.housekeeping import start_housekeeping
from skatclub.club.tasks.registry import KINDS, LONG

logger = logging.getLogger(__name__)
HOUSEKEEPING_SECONDS = 3600.0


class BeatingWorker(Worker):
    """db_worker's worker, beating on the job's row while it runs and stopping it when it
    runs longer than its kind allows (an alarm, in the main thread)."""

    def run_task(self, db_task_result: DBTaskResult[Any, Any]) -> None:
        job_id = _job_id(db_task_result)
        stop = threading.Event()
        beater = threading.Thread(target=_beat, args=(job_id, stop), daemon=True)
        if job_id is not None:
            beater.start()
        try:
            with _time_limit(_limit_of(job_id)):
                super().run_task(db_task_result)
        finally:
            stop.set()
            if job_id is not None:
                beater.join()


def _limit_of(job_id: int | None) -> int | None:
    if job_id is None:
        return None
    kind_name = Job.all_clubs.filter(pk=job_id).values_list("kind", flat=True).first()
    return KINDS[kind_name].seconds if kind_name in KINDS else None


@contextmanager
def _time_limit(seconds: int | None) -> Iterator[None]:
    """`JobTimedOut` inside the block after `seconds` (only in the main thread, where the
    worker runs; a worker in a test's thread runs without)."""
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return

    def late(signum: int, frame: FrameType | None) -> None:
        raise services.JobTimedOut(seconds)

    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _job_id(db_task_result: DBTaskResult[Any, Any]) -> int | None:
    args = db_task_result.args_kwargs.get("args") or []
    if db_task_result.task_path.endswith(".run_job") and args and isinstance(args[0], int):
        return args[0]
    return None


def _beat(job_id: int, stop: threading.Event) -> None:
    try:
        while not stop.wait(services.BEAT_EVERY):
            try:
                services.beat(job_id)
            except OperationalError as error:
                if not services.is_busy(error):
                    raise
                # SQLite: the job itself holds the write lock (an import's last step); the
                # next beat comes in time, long before the job would count as gone.
    finally:
        connection.close()  # this thread's own connection


def _chores(stop: threading.Event) -> None:
    """Queue the housekeeping now and once an hour (a queued one is not queued twice)."""
    try:
        while True:
            start_housekeeping()
            connection.close()
            if stop.wait(HOUSEKEEPING_SECONDS):
                return
    finally:
        connection.close()


GERMAN_HELP = {
    "queue_name": "Warteschlangen, durch Komma getrennt: default (Importe, Sicherungen), "
    "print (Ausdrucke) oder * für alle (Standard: default)",
    "exclude_queues": "diese Warteschlangen auslassen (nur mit --queue-name=*)",
    "interval": "Sekunden zwischen zwei Blicken in eine leere Warteschlange (Standard: 1)",
    "batch": "alle wartenden Aufträge ausführen, dann enden",
    "reload": "bei Änderungen am Code neu starten (nur für die Entwicklung)",
    "backend_name": "die Warteschlange aus den Einstellungen (Standard: default)",
    "startup_delay": "ohne kurze Wartezeit beim Start",
    "max_tasks": "nach so vielen Aufträgen enden",
    "worker_id": "Name dieses Arbeitsprozesses (eindeutig unter allen; sonst zufällig)",
}


class Command(DbWorker):
    help = "Führt Aufträge im Hintergrund aus (Importe, Ausdrucke, Sicherungen)."

    def add_arguments(self, parser: Any) -> None:
        super().add_arguments(parser)
        for action in parser._actions:
            if action.dest in GERMAN_HELP:
                action.help = GERMAN_HELP[action.dest]

    def handle(self, **options: Any) -> None:
        reaped = tasks.reap_all()
        if reaped:
            logger.warning("%d unterbrochene Aufträge als fehlgeschlagen markiert.", reaped)
        queues = options["queue_name"].split(",")
        stop = threading.Event()
        if (LONG in queues or "*" in queues) and not options["batch"]:
            threading.Thread(target=_chores, args=(stop,), daemon=True).start()
        try:
            self._run(options)
        finally:
            stop.set()

    def _run(self, options: dict[str, Any]) -> None:
        """db_worker's `handle`, with our worker class (and without the reloader)."""
        self.configure_logging(options["verbosity"])
        worker = BeatingWorker(
            queue_names=options["queue_name"].split(","),
            interval=options["interval"],
            batch=options["batch"],
            backend_name=options["backend_name"],
            startup_delay=options["startup_delay"],
            max_tasks=options["max_tasks"],
            worker_id=options["worker_id"],
            excluded_queue_names=(
                options["exclude_queues"].split(",") if options["exclude_queues"] else []
            ),
        )
        if threading.current_thread() is threading.main_thread():  # signals only there
            worker.configure_signals()
        worker.run()
