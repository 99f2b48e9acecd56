"""What changed in an event's Kasse between its cash counts and since the last one.

Owns `kasse_history` (and `receipt_states`, a player's printed receipt alone): every count
with the Kasse as the ledger had it then (`CashCount.amounts`, `expected_cents`), and for the
time after each count (up to the next one, or up to now) every change to a table's results
(`Change`: which Serie, Tisch and Spiel, by whom, when), every other booking, and whose Schluss
moved from → to (`scoring.ledger.moves_between`); and every printed receipt (`Receipt`) with
whether a later correction made it „überholt“. The money is the ledger's (the `EventLedger`
given, the snapshots it wrote); this module computes none. A fixed number of queries; writes
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from scoring import ledger as engine
from skatclub.club.models import CashCount, Change, KasseEntry, Receipt
from skatclub.club.queries.ledger import EventLedger, receipt_lines

# The changes that can move money: results, seats, leaving; not links, signatures or checks.
MONEY_ACTIONS = (
    Change.Action.CREATE,
    Change.Action.UPDATE,
    Change.Action.DELETE,
    Change.Action.TOTALS,
    Change.Action.SEATS,
    Change.Action.LEFT,
    Change.Action.STAYED,
)


@dataclass(frozen=True)
class Correction:
    """One change to a table's results: when, by whom, which Serie, Tisch and Spiel."""

    at: datetime
    who: str
    round_number: int
    table_number: int
    game_number: int | None
    what: str
    note: str


@dataclass(frozen=True)
class Period:
    """The time after a count (`start`; None: before the first count) up to the next count
    (`end`; None: up to now): what was changed and booked, and whose Schluss moved."""

    start: CashCount | None
    end: CashCount | None
    corrections: list[Correction]
    bookings: list[KasseEntry]
    moves: engine.Moves | None  # None: the start count kept no snapshot

    @property
    def changed(self) -> bool:
        return bool(self.corrections or self.bookings or self.moves)


@dataclass(frozen=True)
class ReceiptState:
    """A player's latest printed receipt and whether it still says what his account says."""

    receipt: Receipt
    player_id: int
    current: bool


@dataclass(frozen=True)
class KasseHistory:
    counts: list[tuple[CashCount, engine.Counted]]  # oldest first
    periods: list[Period] = field(default_factory=list)  # after each count, oldest first
    receipts: list[ReceiptState] = field(default_factory=list)

    @property
    def since_last(self) -> Period | None:
        return self.periods[-1] if self.periods else None

    @property
    def superseded(self) -> list[ReceiptState]:
        return [state for state in self.receipts if not state.current]


def snapshot_of(count: CashCount) -> engine.Snapshot | None:
    if count.amounts is None or count.expected_cents is None:
        return None
    amounts = {int(pid): int(cents) for pid, cents in count.amounts.items()}
    return engine.Snapshot(amounts, count.expected_cents)


def kasse_history(found: EventLedger) -> KasseHistory:
    """Counts, corrections and receipts of `found`'s event (read with `kasse=True`)."""
    event = found.event
    counts = list(CashCount.objects.filter(event=event).select_related("user").order_by("at", "id"))
    changes = list(
        Change.objects.filter(table__round__event=event, action__in=MONEY_ACTIONS)
        .select_related("user", "table__round")
        .order_by("at", "id")
    )
    bookings = sorted(found.bookings, key=lambda b: (b.at, b.pk))
    now = engine.Snapshot.of(found.ledger)
    periods = []
    for index, start in enumerate(counts):
        end = counts[index + 1] if index + 1 < len(counts) else None
        then = snapshot_of(start)
        later = now if end is None else snapshot_of(end)
        periods.append(
            Period(
                start,
                end,
                [_correction(c) for c in changes if _between(c.at, start, end)],
                [b for b in bookings if _between(b.at, start, end)],
                engine.moves_between(then, later) if then and later else None,
            )
        )
    return KasseHistory(
        [(count, engine.Counted(count.counted_cents, snapshot_of(count))) for count in counts],
        periods,
        _receipts(found),
    )


def _between(at: datetime, start: CashCount, end: CashCount | None) -> bool:
    return at > start.at and (end is None or at <= end.at)


def _correction(change: Change) -> Correction:
    if change.user is not None:
        who = change.user.get_username()
    elif change.source == Change.Source.TABLE:
        who = "am Tisch"
    else:
        who = "–"
    table = change.table
    assert table is not None  # filtered by table
    return Correction(
        change.at,
        who,
        table.round.number,
        table.number,
        change.game_number,
        change.get_action_display(),
        change.note,
    )


def receipt_states(found: EventLedger, player_id: int | None = None) -> list[ReceiptState]:
    """Each player's (or one player's) latest printed receipt and whether it is current."""
    printed = Receipt.objects.filter(event=found.event).select_related("player")
    if player_id is not None:
        printed = printed.filter(player_id=player_id)
    return _receipts(found, printed.order_by("at", "id"))


def _receipts(found: EventLedger, printed: Iterable[Receipt] | None = None) -> list[ReceiptState]:
    latest: dict[int, Receipt] = {}
    if printed is None:
        printed = Receipt.objects.filter(event=found.event).select_related("player")
        printed = printed.order_by("at", "id")
    for receipt in printed:
        latest[receipt.player_id] = receipt
    states = []
    for pid, receipt in latest.items():
        account = found.account(pid)
        current = account is not None and receipt.lines == receipt_lines(account)
        states.append(ReceiptState(receipt, pid, current))
    return states
