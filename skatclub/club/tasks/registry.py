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


@dataclass(frozen=True)
class Kind:
    name: str
    run: Run
    queue: str = LONG
    on_dead: Callable[[Job], None] | None = None


KINDS: dict[str, Kind] = {}


def kind(
    name: str, *, queue: str = LONG, on_dead: Callable[[Job], None] | None = None
) -> Callable[[Run], Run]:
    def register(run: Run) -> Run:
        KINDS[name] = Kind(name, run, queue, on_dead)
        return run

    return register
