"""Public PDFs rendered once: a cache keyed by what a printout shows, and few renders at once.

A printout costs 0.5–2 s of CPU; a repeat request for the same one is served from the cache
(Django's cache: a file cache in the data folder, shared by all server processes). The key is
the printout (kind, event, Serie, table) and the state of the event: every field of its own,
the last `Change` of any of its tables (every write to results, seats and checks leaves one; an
import leaves one per table), with the number of its Serien and tables, its sign-in with the
Startgeld, its Gewinnplan, and the club's name. Twenty requests at
once for a PDF that is not cached yet render it once: the others wait for the first (a lock
file per key). At most `RENDER_SLOTS` renders run at once across processes; a request that
cannot get a slot within `WAIT_SECONDS` gets None (the view answers "wird erstellt").
Reads: Event, Table, Change. Writes: cache entries and lock files in the data folder.
"""

from __future__ import annotations

import fcntl
import hashlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Max, Q, Sum

from skatclub.club.models import Attendance, Event, PrizePlan, PrizeRule, Table
from skatclub.club.printing.printouts import club_name

RENDER_SLOTS = 2
WAIT_SECONDS = 20.0
CACHE_SECONDS = 24 * 3600


def printout_key(kind: str, event: Event, **where: int) -> str:
    """Changes whenever what the printout shows can have changed (five small queries)."""
    state = Table.objects.filter(round__event=event).aggregate(
        rounds=Count("round", distinct=True),
        tables=Count("id", distinct=True),
        last_change=Max("changes__id"),
        changes=Count("changes__id"),
    )
    own = tuple(getattr(event, field.attname) for field in Event._meta.concrete_fields)
    text = repr(
        (kind, sorted(where.items()), own, sorted(state.items()), _tournament(event), club_name())
    )
    return "pdf:" + hashlib.sha256(text.encode()).hexdigest()


def _tournament(event: Event) -> tuple[object, ...]:
    """What a tournament's printouts show besides the games: sign-in and Startgeld, the
    Gewinnplan with its prizes (three small queries)."""
    signed = Attendance.objects.filter(event=event).aggregate(
        count=Count("id"),
        fees=Sum("fee_cents"),
        paid=Count("id", filter=Q(paid=True)),
        last=Max("id"),
    )
    plan = PrizePlan.objects.filter(event=event).values_list().first()
    rules = list(PrizeRule.objects.filter(plan__event=event).order_by("pk").values_list())
    return sorted(signed.items()), plan, rules


def cached_pdf(key: str, render: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes] | None:
    """(filename, PDF) for `key`, rendered once by `render` if needed; None if it could not be
    rendered within WAIT_SECONDS (too many renders at once)."""
    pdf: tuple[str, bytes] | None = cache.get(key)
    if pdf is not None:
        return pdf
    with _locked(f"key-{key[4:20]}") as mine:
        if not mine:
            return None
        pdf = cache.get(key)  # somebody rendered it while we waited
        if pdf is not None:
            return pdf
        with _slot() as slot:
            if not slot:
                return None
            pdf = render()
            cache.set(key, pdf, CACHE_SECONDS)
    return pdf


def _lock_dir() -> Path:
    folder = Path(settings.DATA_DIR) / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def _locked(name: str, deadline: float | None = None) -> Iterator[bool]:
    """An exclusive lock file, waited for until `deadline`; yields whether it was got."""
    deadline = deadline or time.monotonic() + WAIT_SECONDS
    with open(_lock_dir() / f"{name}.lock", "a") as file:
        while True:
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    yield False
                    return
                time.sleep(0.05)
        try:
            yield True
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


@contextmanager
def _slot() -> Iterator[bool]:
    """One of RENDER_SLOTS render slots, shared by all processes."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        for number in range(RENDER_SLOTS):
            with _locked(f"render-{number}", deadline=time.monotonic()) as got:
                if got:
                    yield True
                    return
        if time.monotonic() > deadline:
            yield False
            return
        time.sleep(0.05)
