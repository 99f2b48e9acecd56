"""Public PDFs rendered once: a cache keyed by what a printout shows, and few renders at once.

A printout costs 0.5–2 s of CPU; a repeat request for the same one is served from the cache
(Django's cache: a file cache in the data folder, shared by all server processes).

Two kinds of key, both covering everything the PDF shows:
- `printout_key` for an event's printouts, whose context is expensive (a 40-table Serie's
  Spiellisten take 350 ms to gather, their key 10 ms): the printout (kind, event, Serie,
  table) and the state of the event: every field of its own and of its season, the last
  `Change` of any of its tables (every write to results, seats and checks leaves one; an
  import leaves one per table) with the number of its Serien and tables, every field of every
  player seated or signed in (a renamed player changes no table), the names of the logins
  that checked its lists or announced its Gewinnplan (renamed, they change no table either),
  its sign-in with the Startgeld, its Gewinnplan, the bookings and counts of its Kasse, the
  club's name, the host printed on a blank form and the version of skatclub (templates).
  The event's printouts are rendered by a background print job (`tasks.printing`), which
  keeps the PDF on its `Job` row too (every server of a Verband finds it there).
- `content_key` for small printouts that show more than one event (the Spielbericht of a
  league Spieltag: line-ups, captains, teams, the league's names) or none (Offiziersskat):
  the printout's HTML itself, without its printing time, so nothing it shows can be missed.

Rendering (`cached_pdf`, for the small printouts under `content_key`): requests for the same
printout that is not cached yet render it once (the others
wait for the first, a lock file per key). At most `RENDER_SLOTS` renders run at once across
all processes (a lock file per slot). A waiting request holds a server worker, so visitors
must not pile up behind the renders while the ranking pages wait for a worker: at most
`WAIT_SLOTS` requests wait (`_Turn`), each at most `WAIT_SECONDS`; every other gets None at
once (the view answers a German 503 with Retry-After).
Every lock file is removed when it is released (`_locked`), so `locks/` stays empty.
Reads: Event, Season, Table, Change, Player, Seat, Attendance, PrizePlan, KasseEntry,
CashCount, User. Writes: cache
entries and lock files in the data folder.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db.models import Count, Max, Q

from skatclub.club.models import (
    Attendance,
    CashCount,
    Event,
    KasseEntry,
    Player,
    PrizePlan,
    PrizeRule,
    Season,
    Seat,
    Table,
)
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import Printout, club_name
from skatclub.club.queries.members import with_member_numbers

# Half the cores: a render takes a whole core (a Serie's Spiellisten two), and the pages need
# the rest (benchmarks/pdf_throttle.py times the ranking page while PDFs are asked for).
RENDER_SLOTS = max(1, (os.cpu_count() or 2) // 2)
# A request that waits holds a server worker: only as many may wait as may render.
WAIT_SLOTS = RENDER_SLOTS
WAIT_SECONDS = 2.0
CACHE_SECONDS = 24 * 3600
POLL_SECONDS = 0.05


def _code_version() -> str:
    try:
        return version("skatclub")
    except PackageNotFoundError:  # a checkout that is not installed
        return "unknown"


CODE_VERSION = _code_version()


def printout_key(kind: str, event: Event, site: str = "", **where: int) -> str:
    """Changes whenever what the printout of an event shows can have changed (nine small
    queries). `site`: the host printed on the blank form."""
    state = Table.objects.filter(round__event=event).aggregate(
        rounds=Count("round", distinct=True),
        tables=Count("id", distinct=True),
        last_change=Max("changes__id"),
        changes=Count("changes__id"),
    )
    own = tuple(getattr(event, field.attname) for field in Event._meta.concrete_fields)
    season = Season.all_clubs.filter(pk=event.season_id).values_list().first()
    text = repr(
        (
            kind,
            site,
            sorted(where.items()),
            own,
            season,
            sorted(state.items()),
            _players(event),
            _people(event),
            _tournament(event),
            _kasse(event),
            club_name(),
            CODE_VERSION,
        )
    )
    return "pdf:" + hashlib.sha256(text.encode()).hexdigest()


def _players(event: Event) -> list[tuple[object, ...]]:
    """Every field of every player seated or signed in at the event, and his member number in
    the event's club (one query): a printout shows names, guests, categories and member numbers,
    and a player's name changes no table."""
    seated = Seat.objects.filter(round__event=event).values("player_id")
    signed = Attendance.objects.filter(event=event).values("player_id")
    players = Player.all_clubs.filter(Q(pk__in=seated) | Q(pk__in=signed))
    numbered = with_member_numbers(players, club_id=event.club_id)
    return list(numbered.order_by("pk").values_list(*PLAYER_FIELDS, "number_here"))


PLAYER_FIELDS = [field.attname for field in Player._meta.concrete_fields]
USER_FIELDS = ("username", "first_name", "last_name")


def _people(event: Event) -> list[tuple[object, ...]]:
    """The names of the logins a printout shows: who checked a list ("geprüft von …") and who
    announced the Gewinnplan (one query); renaming a login changes no table either."""
    checked = Table.objects.filter(round__event=event).values("checked_by_id")
    announced = PrizePlan.objects.filter(event=event).values("announced_by_id")
    users = User.objects.filter(Q(pk__in=checked) | Q(pk__in=announced))
    return list(users.order_by("pk").values_list("pk", *USER_FIELDS))


def _tournament(event: Event) -> tuple[object, ...]:
    """What a tournament's printouts show besides the games: sign-in and Startgeld, the
    Gewinnplan with its prizes (three small queries)."""
    # Every sign-in, not a count: the Abrechnung shows whose Startgeld is still open.
    signed = list(
        Attendance.objects.filter(event=event)
        .order_by("pk")
        .values_list("pk", "player_id", "rate", "fee_cents", "paid", "left_after")
    )
    plan = PrizePlan.objects.filter(event=event).values_list().first()
    rules = list(PrizeRule.objects.filter(plan__event=event).order_by("pk").values_list())
    return signed, plan, rules


def _kasse(event: Event) -> tuple[object, ...]:
    """What the Kassenbericht and the receipts show besides the games and the sign-in: every
    booking and every count of the event's Kasse (two small queries)."""
    bookings = list(KasseEntry.objects.filter(event=event).order_by("pk").values_list())
    counts = list(CashCount.objects.filter(event=event).order_by("pk").values_list())
    return bookings, counts


def content_key(kind: str, printout: Printout) -> str:
    """The printout's HTML without its printing time (which changes every minute): whatever
    the PDF shows is in it. For printouts whose context is cheap to gather."""
    html = pdf.render_html(printout.template, printout.context)
    printed_at = str(printout.context.get("printed_at", ""))
    if printed_at:
        html = html.replace(printed_at, "")
    text = repr((kind, printout.filename, html, CODE_VERSION))
    return "pdf:" + hashlib.sha256(text.encode()).hexdigest()


def cached_pdf(key: str, render: Callable[[], tuple[str, bytes]]) -> tuple[str, bytes] | None:
    """(filename, PDF) for `key`, rendered once by `render` if needed; None if it could not be
    rendered now or, for one of the few who may wait, within WAIT_SECONDS."""
    pdf_: tuple[str, bytes] | None = cache.get(key)
    if pdf_ is not None:
        return pdf_
    with ExitStack() as held:
        turn = _Turn(held)
        if not turn.take(lambda until: _locked(f"key-{key[4:20]}", until)):
            return None
        pdf_ = cache.get(key)  # somebody rendered it while we waited
        if pdf_ is not None:
            return pdf_
        if not turn.take(lambda until: _one_of("render", RENDER_SLOTS, until)):
            return None
        pdf_ = render()
        cache.set(key, pdf_, CACHE_SECONDS)
    return pdf_


class _Turn:
    """Locks for one request: each taken at once if it is free. A request that has to wait
    first takes one of WAIT_SLOTS places in the waiting room and then waits until
    WAIT_SECONDS after it came in; with the room full it does not wait at all. So at most
    RENDER_SLOTS + WAIT_SLOTS server workers are busy with PDFs, whatever the crowd."""

    def __init__(self, held: ExitStack) -> None:
        self.held = held
        self.deadline: float | None = None

    def take(self, lock: Callable[[float], AbstractContextManager[bool]]) -> bool:
        if self.held.enter_context(lock(0.0)):
            return True
        if self.deadline is None:
            if not self.held.enter_context(_one_of("wait", WAIT_SLOTS, 0.0)):
                return False
            self.deadline = time.monotonic() + WAIT_SECONDS
        return bool(self.held.enter_context(lock(self.deadline)))


def _lock_dir() -> Path:
    folder = Path(settings.DATA_DIR) / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@contextmanager
def _locked(name: str, deadline: float) -> Iterator[bool]:
    """An exclusive lock file, waited for until `deadline` (monotonic); yields whether it was
    got. The holder removes the file before it lets go, so no file stays behind: a process
    that locked a file meanwhile removed (or replaced) checks the name and tries again."""
    path = _lock_dir() / f"{name}.lock"
    while True:
        got = _try_lock(path)
        if got is not None:
            break
        if time.monotonic() >= deadline:
            yield False
            return
        time.sleep(POLL_SECONDS)
    try:
        yield True
    finally:
        path.unlink(missing_ok=True)  # while still locked: nobody can hold this name now
        os.close(got)  # closing lets go of the lock


def _try_lock(path: Path) -> int | None:
    """A descriptor holding the lock on the file now at `path`, or None if another holds it."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    try:
        same = os.stat(path).st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        same = False
    if not same:  # the holder removed it between our open and our lock
        os.close(fd)
        return None
    return fd


@contextmanager
def _one_of(name: str, count: int, deadline: float) -> Iterator[bool]:
    """One of `count` lock files `name-0` … (slots shared by all processes), waited for until
    `deadline`; yields whether one was got."""
    while True:
        for number in range(count):
            with _locked(f"{name}-{number}", deadline=0.0) as got:
                if got:
                    yield True
                    return
        if time.monotonic() >= deadline:
            yield False
            return
        time.sleep(POLL_SECONDS)
