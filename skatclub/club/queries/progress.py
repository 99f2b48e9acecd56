"""How far a table's Spielliste is: the one read model every page and printout asks.

Owns `TableProgress` and the ways to read it: `table_progress(tables)` (at most six queries
for any number of tables), `progress_of(table)` (one table, two plain queries),
`with_progress(tables)` with `annotated_progress(table)` (the same facts as subqueries on a
query a page runs anyway); the Serie's length at a table (`expected_games`), the rule for the
next game number (`next_game_number`, for a save's answer that has the numbers in hand) and
the German status line every printout shows (`status_text`). Reads tables, seats, games and
signatures; writes nothing.

The rules, the same for the Spielwart's entry, the table link, the live board and projector,
the Serie and checking pages, the printouts and signing at the table:
- *expected*: the Serie's length at the table's size (0 while the table has no valid size).
- *next game number*: the lowest number from 1 to expected without a game, so a gap left by a
  deleted game is filled first; None when none is missing. A list entered as totals (or
  imported as scores) takes no games. Numbers above expected (the Serie was shortened after
  they were entered) neither fill nor open a gap.
- *complete*: entered as totals, or expected > 0 and no number missing (counting games is
  not enough: 36 games that skip game 20 are not a complete 36-game list).
- *state*, the first that holds: confirmed (the Prüfer's second signature), signed (every
  seated player signed at the table), complete, playing (a game entered), waiting.
- *dealer*: who deals the next game (`scoring.dealer_position`).
"""

from __future__ import annotations

import datetime
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.db.models import (
    Count,
    Exists,
    F,
    IntegerField,
    Max,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)
from django.db.models.functions import Coalesce
from django.utils import timezone

from scoring import TABLE_SIZES, dealer_position
from skatclub.club.collation import german_key
from skatclub.club.models import Event, Game, Seat, Signature, Table

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django_stubs_ext import WithAnnotations


LIST_COMPLETE = "Die Serie ist vollständig; es fehlt kein Spiel mehr."


class TableState(StrEnum):
    WAITING = "waiting"  # no game entered yet
    PLAYING = "playing"  # games entered, some still missing
    COMPLETE = "complete"  # every game entered, not yet signed by everyone at the table
    SIGNED = "signed"  # every seated player signed at the table
    CONFIRMED = "confirmed"  # the second signature (the Prüfer's check)


STATE_LABELS = {
    TableState.WAITING: "noch kein Spiel",
    TableState.PLAYING: "wird gespielt",
    TableState.COMPLETE: "vollständig, noch nicht unterschrieben",
    TableState.SIGNED: "am Tisch unterschrieben",
    TableState.CONFIRMED: "geprüft",
}


@dataclass(frozen=True)
class TableProgress:
    table_id: int
    round_number: int
    table_number: int
    entry: str  # Table.Entry
    table_size: int  # seated players
    expected: int  # the Serie's length at this table size
    games: int  # games stored
    next_number: int | None  # the next game to enter (`next_game_number`)
    last_number: int | None  # the highest game entered
    signed: int  # players who signed at the table
    check_status: str  # Table.Check
    checked_by: str
    checked_at: datetime.datetime | None

    @property
    def is_totals(self) -> bool:
        """Not entered game by game: sums from a paper list, or imported scores."""
        return self.entry != Table.Entry.GAMES

    @property
    def entered(self) -> int:
        """Games entered; a list entered as totals counts as all of them."""
        return self.expected if self.is_totals else self.games

    @property
    def is_complete(self) -> bool:
        return self.is_totals or (self.expected > 0 and self.next_number is None)

    @property
    def is_signed_off(self) -> bool:
        return 0 < self.table_size <= self.signed

    @property
    def is_confirmed(self) -> bool:
        return self.check_status == Table.Check.CONFIRMED

    @property
    def state(self) -> TableState:
        if self.is_confirmed:
            return TableState.CONFIRMED
        if self.is_signed_off:
            return TableState.SIGNED
        if self.is_complete:
            return TableState.COMPLETE
        return TableState.PLAYING if self.games else TableState.WAITING

    @property
    def state_label(self) -> str:
        return STATE_LABELS[self.state]

    @property
    def is_open(self) -> bool:
        """Games can be entered at the table."""
        return self.state in (TableState.WAITING, TableState.PLAYING)

    @property
    def is_changeable_at_table(self) -> bool:
        """The table link may still change the list: entered game by game, neither signed by
        everyone nor checked (what `services.check_link_may_write` enforces)."""
        return not self.is_totals and self.state in (
            TableState.WAITING,
            TableState.PLAYING,
            TableState.COMPLETE,
        )

    @property
    def takes_signatures(self) -> bool:
        """The players sign at the table: a complete list entered game by game, not checked."""
        return not self.is_totals and self.state in (TableState.COMPLETE, TableState.SIGNED)

    @property
    def next_dealer(self) -> int | None:
        """The seat that deals the next game."""
        if self.next_number is None or self.table_size not in TABLE_SIZES:
            return None
        return dealer_position(self.table_size, self.next_number)


def expected_games(event: Event, table_size: int) -> int:
    """The Serie's length at a table of this size; 0 while the table has no valid size."""
    return event.games_for_table_size(table_size) if table_size in TABLE_SIZES else 0


def finished(progress: Iterable[TableProgress]) -> int:
    """How many of these tables are done playing (complete, signed or checked)."""
    return sum(1 for p in progress if not p.is_open)


def next_game_number(taken: Collection[int], expected: int) -> int | None:
    """The lowest game number from 1 to `expected` not in `taken`; None when none is missing.

    `with_progress` asks the same of the database; a test holds the two together.
    """
    return next((n for n in range(1, expected + 1) if n not in taken), None)


def _count(model: type[Game] | type[Seat] | type[Signature]) -> Coalesce:
    """Rows of `model` per table as a subquery (joins would multiply games by seats)."""
    counted = (
        model.objects.filter(table=OuterRef("pk"))
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


class ProgressAnnotations(TypedDict):
    progress_games: int
    progress_seats: int
    progress_signed: int
    progress_last: int | None
    progress_has_first: bool
    progress_gap: int | None


def _annotations() -> dict[str, Any]:
    games = Game.objects.filter(table=OuterRef("pk"))
    # The first missing number is 1, or else the lowest n + 1 not taken for a taken n.
    followed = Game.objects.filter(table=OuterRef("table"), number=OuterRef("number") + 1)
    gap = games.exclude(Exists(followed)).order_by("number").values(after=F("number") + 1)
    return {
        "progress_games": _count(Game),
        "progress_seats": _count(Seat),
        "progress_signed": _count(Signature),
        "progress_last": Subquery(games.order_by("-number").values("number")[:1]),
        "progress_has_first": Exists(games.filter(number=1)),
        "progress_gap": Subquery(gap[:1], output_field=IntegerField()),
    }


def with_progress(tables: QuerySet[Table]) -> QuerySet[WithAnnotations[Table, ProgressAnnotations]]:
    """`tables` with what `annotated_progress` reads, as subqueries of the same query."""
    annotated = tables.select_related("round__event", "checked_by").annotate(**_annotations())
    return cast("QuerySet[WithAnnotations[Table, ProgressAnnotations]]", annotated)


def annotated_progress(table: WithAnnotations[Table, ProgressAnnotations]) -> TableProgress:
    """The progress of a table read by `with_progress`."""
    facts = _Facts(
        entry=table.entry,
        games=table.progress_games,
        seats=table.progress_seats,
        signed=table.progress_signed,
        last=table.progress_last,
        first_missing=(table.progress_gap or 1) if table.progress_has_first else 1,
        check_status=table.check_status,
        checked_by=_name_of(table.checked_by),
        checked_at=table.checked_at,
    )
    return _progress(_place(table), table.round.event, facts)


def progress_of(table: Table) -> TableProgress:
    """One table's progress as it stands now, for a page that has the table with its Serie and
    event loaded: its counts and its game numbers (two plain queries, a few times cheaper than
    compiling `with_progress` for one row; a test holds the two readers together)."""
    row = (
        Table.objects.filter(pk=table.pk)
        .values(
            "entry",
            "check_status",
            "checked_at",
            *CHECKER,
            seated=Count("seats", distinct=True),
            signed=Count("signatures", distinct=True),
        )
        .get()
    )
    numbers = set(Game.objects.filter(table_id=table.pk).values_list("number", flat=True))
    facts = _Facts(
        entry=row["entry"],
        games=len(numbers),
        seats=row["seated"],
        signed=row["signed"],
        last=max(numbers, default=None),
        first_missing=_first_missing(numbers),
        check_status=row["check_status"],
        checked_by=_checker_name(*(row[name] for name in CHECKER)),
        checked_at=row["checked_at"],
    )
    return _progress(_place(table), table.round.event, facts)


def progress_from(
    table: Table, numbers: Collection[int], *, seats: int, signed: int
) -> TableProgress:
    """One table's progress from rows the page read anyway: its games' numbers, how many
    seats and signatures it has; `table` with its Serie, event and checker (`checked_by`)
    loaded. No query: the table page after every save of another phone asked `progress_of`
    for the same facts twice more. Every page's reader says the same (test_progress_surfaces).
    """
    taken = set(numbers)
    facts = _Facts(
        entry=table.entry,
        games=len(taken),
        seats=seats,
        signed=signed,
        last=max(taken, default=None),
        first_missing=_first_missing(taken),
        check_status=table.check_status,
        checked_by=_name_of(table.checked_by),
        checked_at=table.checked_at,
    )
    return _progress(_place(table), table.round.event, facts)


CHECKER = ("checked_by__first_name", "checked_by__last_name", "checked_by__username")


def _checker_name(first: str | None, last: str | None, username: str | None) -> str:
    """The Prüfer as `User.get_full_name()`, else the login; "" for an unchecked list."""
    return f"{first or ''} {last or ''}".strip() or username or ""


def _name_of(checker: User | None) -> str:
    """`_checker_name` of a loaded user."""
    if checker is None:
        return ""
    return _checker_name(checker.first_name, checker.last_name, checker.get_username())


def _first_missing(numbers: Collection[int]) -> int:
    """The lowest game number from 1 on without a game."""
    return min(set(range(1, len(numbers) + 2)) - set(numbers))


@dataclass(frozen=True)
class _Place:
    """Which table: its id, its Serie's number and its own."""

    table_id: int
    round_number: int
    table_number: int


def _place(table: Table) -> _Place:
    return _Place(table.pk, table.round.number, table.number)


@dataclass(frozen=True)
class _Facts:
    """What either reader found about one table."""

    entry: str
    games: int
    seats: int
    signed: int
    last: int | None
    first_missing: int  # the lowest game number from 1 on without a game
    check_status: str
    checked_by: str
    checked_at: datetime.datetime | None


def _progress(place: _Place, event: Event, facts: _Facts) -> TableProgress:
    expected = expected_games(event, facts.seats)
    missing = facts.first_missing
    is_games = facts.entry == Table.Entry.GAMES
    return TableProgress(
        table_id=place.table_id,
        round_number=place.round_number,
        table_number=place.table_number,
        entry=facts.entry,
        table_size=facts.seats,
        expected=expected,
        games=facts.games,
        next_number=missing if is_games and missing <= expected else None,
        last_number=facts.last,
        signed=facts.signed,
        check_status=facts.check_status,
        checked_by=facts.checked_by,
        checked_at=facts.checked_at,
    )


def table_progress(tables: QuerySet[Table]) -> list[TableProgress]:
    """Progress of the selected tables, in Serie and table order, in at most six queries
    whatever their number: the projector asks it of a championship Serie's 350 tables every
    two seconds. Games are counted per table, not listed (unique numbers from 1: a table's
    numbers have no gap when the highest is the count); only a table with a gap has its
    numbers read."""
    selected = tables.order_by().values("pk")
    rows = list(
        tables.order_by("round__number", "number").values(
            "pk",
            "number",
            "round__number",
            "round__event_id",
            "entry",
            "check_status",
            "checked_at",
            *CHECKER,
        )
    )
    if not rows:
        return []
    events = Event.objects.in_bulk({row["round__event_id"] for row in rows})
    games = {
        row["table_id"]: row
        for row in Game.objects.filter(table__in=selected)
        .order_by()
        .values("table_id")
        .annotate(n=Count("pk"), low=Min("number"), high=Max("number"))
    }
    gapped = [key for key, row in games.items() if row["low"] == 1 and row["high"] != row["n"]]
    numbers: dict[int, set[int]] = {key: set() for key in gapped}
    for key, number in Game.objects.filter(table_id__in=gapped).values_list("table_id", "number"):
        numbers[key].add(number)
    seats, signed = _per_table(Seat, selected), _per_table(Signature, selected)
    progress = []
    for row in rows:
        counted = games.get(row["pk"])
        count, high = (counted["n"], counted["high"]) if counted else (0, None)
        if row["pk"] in numbers:
            first_missing = _first_missing(numbers[row["pk"]])
        elif counted and counted["low"] == 1:  # 1 to n without a gap
            first_missing = counted["high"] + 1
        else:  # no game, or no game 1
            first_missing = 1
        facts = _Facts(
            entry=row["entry"],
            games=count,
            seats=seats.get(row["pk"], 0),
            signed=signed.get(row["pk"], 0),
            last=high,
            first_missing=first_missing,
            check_status=row["check_status"],
            checked_by=_checker_name(*(row[name] for name in CHECKER)),
            checked_at=row["checked_at"],
        )
        place = _Place(row["pk"], row["round__number"], row["number"])
        progress.append(_progress(place, events[row["round__event_id"]], facts))
    return progress


def _per_table(model: type[Seat] | type[Signature], tables: QuerySet[Any]) -> dict[int, int]:
    """Rows of `model` per selected table."""
    counted = model.objects.filter(table__in=tables).order_by().values("table_id")
    return {row["table_id"]: row["n"] for row in counted.annotate(n=Count("pk"))}


def tables_of(event_id: int, round_number: int | None = None) -> QuerySet[Table]:
    selection = Q(round__event_id=event_id)
    if round_number is not None:
        selection &= Q(round__number=round_number)
    return Table.objects.filter(selection)


def status_text(progress: Sequence[TableProgress]) -> str:
    """The status line of a printout of these tables (one table: its Spielliste)."""
    if not progress:
        return "vorläufig: noch keine Tische"
    unchecked = [p for p in progress if not p.is_confirmed]
    if not unchecked:  # a checked list is final, even when it ended before its last game
        return "geprüft von " + _checkers(progress)
    if not all(p.is_complete or p.is_confirmed for p in progress):
        entered = sum(min(p.entered, p.expected) for p in progress)
        expected = sum(p.expected for p in progress)
        return f"vorläufig: {entered} von {expected} Spielen"
    if len(progress) == 1:
        return "nicht geprüft"
    return f"nicht geprüft: {len(unchecked)} von {len(progress)} Tischen"


def _checkers(progress: Iterable[TableProgress]) -> str:
    names = sorted({p.checked_by or "unbekannt" for p in progress}, key=german_key)
    dates = [p.checked_at for p in progress if p.checked_at]
    when = f" am {timezone.localtime(max(dates)):%d.%m.%Y}" if dates else ""
    return ", ".join(names) + when
