"""The adapter of the ledger: an event's money, read from the database once and computed by
the engine's `scoring.ledger`.

Owns `event_ledger` (the whole event: the standings with each player's Preisskat money and
Verlustspielgeld per Serie, the sign-ins with their Startgeld, the Gewinnplan with the ranking
and categories it pays by, and for the Kasse the other bookings and the latest cash count),
`round_ledger` (the money of one Serie, exact, nothing paid yet), `plan_forecast` (what the
plan pays for a field, from the same pot) and `standings_with_money_json`. The Abrechnung, the
Kasse page, the receipts, the Kassenbericht, the Gewinnplan and prize list, the standings JSON
and every download read an `EventLedger` and compute no money themselves. A fixed number of
queries; writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring import TableSizeError, table_sizes
from scoring import ledger as engine
from scoring import prizes as prize_engine
from skatclub.club.collation import german_key
from skatclub.club.formatting import exact_cents
from skatclub.club.models import Attendance, CashCount, Event, KasseEntry, Player, PrizePlan
from skatclub.club.queries.prizes import categories_of, engine_plan, stored_plan, table_rankings
from skatclub.club.queries.standings import Row, event_standings, standings_json


@dataclass(frozen=True)
class EventLedger:
    """The ledger of one event with what the pages show beside the money: names, Kürzel,
    places, the Gewinnplan as stored, the bookings and the cash count with who and when."""

    event: Event
    ledger: engine.Ledger
    rows: list[Row]  # the standings, best first
    names: dict[int, str]
    keys: dict[int, str]
    places: dict[int, int] = field(default_factory=dict)
    plan: PrizePlan | None = None
    bookings: list[KasseEntry] = field(default_factory=list)
    count: CashCount | None = None
    signed: int = 0  # players signed in
    gone: dict[int, int] = field(default_factory=dict)  # who left: after which Serie

    @property
    def accounts(self) -> tuple[engine.Account, ...]:
        return self.ledger.accounts

    def account(self, player_id: int) -> engine.Account | None:
        return self.ledger.account(player_id)

    @property
    def report(self) -> engine.Kassenbericht:
        return self.ledger.kasse


def participant(
    row: Row | None, player_id: int, sign_in: Mapping[str, Any] | None
) -> engine.Participant:
    """One player as the ledger reads him: his lines' money per Serie and his Startgeld."""
    rounds = tuple(
        engine.RoundMoney(line.round_number, line.cash_cents, line.fees_cents)
        for line in (row.lines if row else [])
    )
    if sign_in is None:
        return engine.Participant(player_id, rounds)
    return engine.Participant(player_id, rounds, sign_in["fee_cents"], sign_in["paid"])


def event_ledger(
    event: Event, rows: list[Row] | None = None, *, kasse: bool = False
) -> EventLedger:
    """The event's ledger; `kasse=True` also reads the bookings and the latest cash count."""
    rows = event_standings(event) if rows is None else rows
    signed = {
        a["player_id"]: a
        for a in Attendance.objects.filter(event=event).values(
            "player_id", "fee_cents", "paid", "player__name", "player__key", "left_after"
        )
    }
    by_row = {row.player_id: row for row in rows}
    names = {a["player_id"]: a["player__name"] for a in signed.values()}
    keys = {a["player_id"]: a["player__key"] for a in signed.values()}
    names |= {row.player_id: row.name for row in rows}
    keys |= {row.player_id: row.player for row in rows}
    order = [row.player_id for row in rows]
    order += sorted(set(signed) - set(by_row), key=lambda pid: (german_key(names[pid]), keys[pid]))
    participants = [participant(by_row.get(pid), pid, signed.get(pid)) for pid in order]
    plan = stored_plan(event)
    bookings = list(event.kasse_entries.select_related("user")) if kasse else []
    count = event.cash_counts.select_related("user").first() if kasse else None
    found = engine.ledger(
        participants,
        step_cents=int(event.rounding_step_cents or 1),
        prizes=_prize_field(event, plan, rows),
        bookings=[_booking(entry) for entry in bookings],
        counted=count.counted_cents if count else None,
    )
    places = {row.player_id: row.place for row in rows}
    gone = {pid: a["left_after"] for pid, a in signed.items() if a["left_after"] is not None}
    return EventLedger(
        event, found, rows, names, keys, places, plan, bookings, count, len(signed), gone
    )


def round_ledger(event: Event, rows: list[Row]) -> EventLedger:
    """The money of one Serie (`rows` are its standings): exact, and nothing is paid for a
    Serie alone, so no Startgeld, no prizes and no rounding to a step."""
    participants = [participant(row, row.player_id, None) for row in rows]
    return EventLedger(
        event,
        engine.ledger(participants),
        rows,
        {row.player_id: row.name for row in rows},
        {row.player_id: row.player for row in rows},
        {row.player_id: row.place for row in rows},
    )


def _prize_field(event: Event, plan: PrizePlan | None, rows: list[Row]) -> engine.PrizeField | None:
    if plan is None or not rows or not plan.rules.all():
        return None
    flags = Player.objects.filter(id__in=[r.player_id for r in rows]).values(
        "id", "is_woman", "is_senior", "is_youth", "is_guest"
    )
    return engine.PrizeField(
        engine_plan(plan),
        tuple(prize_engine.Placed(row.player_id, row.place) for row in rows),
        {f["id"]: frozenset(categories_of(f)) for f in flags},
        tuple(table_rankings([line for row in rows for line in row.lines])),
        event.key,
    )


def _booking(entry: KasseEntry) -> engine.Booking:
    if entry.kind == KasseEntry.Kind.OPENING:
        return engine.Booking(entry.text, entry.amount_cents, opening=True)
    sign = 1 if entry.kind == KasseEntry.Kind.INCOME else -1
    return engine.Booking(entry.text, sign * entry.amount_cents)


def forecast_for(found: EventLedger, plan: PrizePlan, participants: int) -> prize_engine.Forecast:
    """What the plan pays: for the field as signed in, from the ledger's own Startgeld and
    Verlustspielgeld (its pot); for another field, from that many players at the full
    Startgeld and no Verlustspielgeld yet (the pot before play)."""
    if participants == found.signed:
        report = found.report
        return plan_forecast(plan, participants, report.entry_fees, report.lost_fees)
    return plan_forecast(plan, participants, participants * found.event.entry_fee_cents)


def plan_forecast(
    plan: PrizePlan, participants: int, entry_fees: int, lost_fees: int = 0
) -> prize_engine.Forecast:
    """What the plan pays for `participants` players seated into `plan.rounds` Serien, from
    the Startgeld and Verlustspielgeld given."""
    try:
        tables = len(table_sizes(participants)) if participants else 0
    except TableSizeError:
        tables = 0
    return engine.plan_forecast(
        engine_plan(plan), participants, entry_fees, lost_fees, tables * plan.rounds
    )


def money_fields(account: engine.Account) -> dict[str, Any]:
    """One player's money under the keys of docs/spec/money-json.md, in cents (exact amounts
    as Fractions): what `standings --json`, the results' money and the Kasse's downloads
    write, each key with one meaning."""
    return {
        "entry_fee_cents": account.entry_fee,
        "entry_fee_paid": account.entry_fee_paid,
        "entry_fee_open_cents": account.entry_fee_open,
        "cash_cents": account.game_cash,
        "game_cash_rounded_cents": account.game_cash_cents,
        "fees_cents": account.lost_fee_total,
        "game_balance_cents": account.game_balance,
        "prize_cents": account.prize_cents,
        "prize_items": [item for _, item in account.items],
        "rounding_cents": account.rounding,
        "net_cents": account.net,
        "payout_cents": account.at_the_end,
    }


def standings_with_money_json(event: Event, round_number: int | None = None) -> dict[str, Any]:
    """`standings --json`: the standings, and for the whole event each player's account under
    the keys of docs/spec/money-json.md (`money_fields`): integer cents, the exact Spielgeld
    and its balance as "numerator/denominator" of cents."""
    data = standings_json(event, round_number)
    if round_number is not None:
        return data
    found = event_ledger(event)
    ids = {row.player: row.player_id for row in found.rows}
    for row in data["rows"]:
        account = found.account(ids[row["player"]])
        assert account is not None  # every ranked player has an account
        row |= {
            key: exact_cents(value) if isinstance(value, Fraction) else value
            for key, value in money_fields(account).items()
        }
    return data


def receipt_lines(account: engine.Account) -> list[list[Any]]:
    """A receipt's lines as kept when it is printed (`models.Receipt.lines`): [text, cents]
    of every line of the account, then the Schluss."""
    return [[line.text, line.cents] for line in account.lines] + [["Schluss", account.at_the_end]]
