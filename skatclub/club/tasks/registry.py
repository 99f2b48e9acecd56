"""The kinds of background work: each a function of the job and its progress, the queue it
runs on, and what to put right when its worker died half-way (`on_dead`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skatclub.club.models import Job
from skatclub.club.services import Progress

# Two queues, each with a worker of its own under `serve`: a print run (seconds) never
# waits behind an archive import (minutes).
LONG = "default"
PRINT = "print"
QUEUES = [LONG, PRINT]


@dataclass(frozen=True)
class Finished:
    """What a job leaves for the person who started it: a German line, where to go next,
    and a file (a print run's PDF)."""

    text: str = ""
    url: str = ""
    output: bytes | None = None
    output_name: str = ""


Run = Callable[[Job, Progress], Finished]


# How long a job may run before the worker stops it (`services.JobTimedOut`): an archive of
# a million games takes minutes, a print run of 40 tables about one.
LONG_SECONDS = 2 * 3600
PRINT_SECONDS = 15 * 60


@dataclass(frozen=True)
class Kind:
    name: str
    run: Run
    queue: str = LONG
    on_dead: Callable[[Job], None] | None = None
    seconds: int = LONG_SECONDS


KINDS: dict[str, Kind] = {}


def kind(
    name: str,
    *,
    queue: str = LONG,
    on_dead: Callable[[Job], None] | None = None,
    seconds: int | None = None,
) -> Callable[[Run], Run]:
    limit = seconds or (PRINT_SECONDS if queue == PRINT else LONG_SECONDS)

    def register(run: Run) -> Run:
        KINDS[name] = Kind(name, run, queue, on_dead, limit)
        return run

    return register
