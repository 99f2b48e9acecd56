"""Reads for the Kasse: every player's receipt and the Kassenbericht of an event.

Owns `event_kasse`: the standings (Verlustspielgeld per Serie, Preisskat money), the sign-ins
(Startgeld, paid or not), the prize list (if the event has a Gewinnplan), the other bookings
and the latest cash count, handed to the engine's `cashbook`. A fixed number of queries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from scoring.cashbook import Booking, Kassenbericht, Receipt
from skatclub.club.collation import german_key
from skatclub.club.models import Attendance, CashCount, Event, KasseEntry, Player, PrizePlan
from skatclub.club.queries.prizes import event_prizes
from skatclub.club.queries.standings import Row, event_standings, standings_json


@dataclass
class Kasse:
    report: Kassenbericht
    names: dict[int, str]
    keys: dict[int, str]
    bookings: list[KasseEntry] = field(default_factory=list)
    count: CashCount | None = None
    items: list[tuple[int, str, str]] = field(default_factory=list)  # player, for, Sachpreis

    def receipt(self, player_id: int) -> Receipt | None:
        return next((r for r in self.report.receipts if r.player_id == player_id), None)


def event_kasse(event: Event, rows: list[Row] | None = None) -> Kasse:
    rows = event_standings(event) if rows is None else rows
    signed = {a.player_id: a for a in Attendance.objects.filter(event=event)}
    plan = PrizePlan.objects.filter(event=event).first()
    prizes = event_prizes(plan, rows) if plan is not None and rows else None
    by_row = {row.player_id: row for row in rows}
    ids = sorted(set(signed) | set(by_row))
    players = {p["id"]: p for p in Player.objects.filter(id__in=ids).values("id", "name", "key")}
    receipts = []
    for pid in sorted(ids, key=lambda i: (german_key(players[i]["name"]), players[i]["key"])):
        attendance, row = signed.get(pid), by_row.get(pid)
        fees: dict[int, int] = defaultdict(int)
        for line in row.lines if row else []:
            fees[line.round_number] += line.fees_cents
        awards = prizes.for_player(pid) if prizes else []
        receipts.append(
            Receipt(
                player_id=pid,
                entry_fee=attendance.fee_cents if attendance else 0,
                entry_fee_paid=bool(attendance and attendance.paid),
                lost_fees=tuple(sorted(fees.items())),
                game_cash=row.cash_cents if row else Fraction(0),
                prizes=tuple((a.title, a.cents) for a in awards if a.cents),
                items=tuple((a.title, a.item) for a in awards if a.item),
            )
        )
    bookings = list(event.kasse_entries.select_related("user"))
    count = event.cash_counts.select_related("user").first()
    report = Kassenbericht(
        receipts,
        [_booking(entry) for entry in bookings],
        count.counted_cents if count else None,
    )
    items = [(r.player_id, title, item) for r in receipts for title, item in r.items]
    return Kasse(
        report,
        {pid: p["name"] for pid, p in players.items()},
        {pid: p["key"] for pid, p in players.items()},
        bookings,
        count,
        items,
    )


def _booking(entry: KasseEntry) -> Booking:
    if entry.kind == KasseEntry.Kind.OPENING:
        return Booking(entry.text, entry.amount_cents, opening=True)
    sign = 1 if entry.kind == KasseEntry.Kind.INCOME else -1
    return Booking(entry.text, sign * entry.amount_cents)


def standings_with_money_json(event: Event, round_number: int | None = None) -> dict[str, Any]:
    """`standings --json`: the standings, and for the whole event each player's Startgeld
    (`entry_fee_cents`, `entry_fee_paid`) and prizes (`prize_cents`, `prize_items`)."""
    data = standings_json(event, round_number)
    if round_number is not None:
        return data
    signed = {
        a["player__key"]: a
        for a in Attendance.objects.filter(event=event).values("player__key", "fee_cents", "paid")
    }
    plan = PrizePlan.objects.filter(event=event).first()
    rows = event_standings(event)
    awarded = event_prizes(plan, rows) if plan is not None and rows else None
    ids = {row.player: row.player_id for row in rows}
    for row in data["rows"]:
        sign_in = signed.get(row["player"], {"fee_cents": 0, "paid": False})
        row["entry_fee_cents"] = sign_in["fee_cents"]
        row["entry_fee_paid"] = sign_in["paid"]
        awards = awarded.for_player(ids[row["player"]]) if awarded else []
        row["prize_cents"] = sum(a.cents for a in awards)
        row["prize_items"] = [a.item for a in awards if a.item]
    return data
