"""The settlement a Kassenwart pays from: one amount per player in whole cents, and the Kasse.

Owns the context of `pdf/settlement.html` (`payout_context`). Reads the event's standings
(exact money per player from the adapter, Verlustspielgeld per Serie from its lines), rounds
with the engine's `rounded_payout` to the event's step and lets the Kasse take or give the
remainder; writes nothing. There is one way to settle: whoever pays, pays the Kasse; whoever
receives, is paid from it. The exact fractions of a cent stay in the data and the JSON.

Terms: *Spielgeld* is the money of the Vergleichsrechnung, *Verlustspielgeld* the fees for
lost games that go to the Kasse, the *Betrag* what a player finally pays (−) or receives (+).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring import rounded_payout
from skatclub.club.collation import german_key
from skatclub.club.formatting import euro
from skatclub.club.models import Event
from skatclub.club.queries.standings import Row, event_standings


@dataclass(frozen=True)
class PayoutLine:
    """One player's receipt line, every amount in whole cents already formatted."""

    name: str
    rounds: int
    lost: int
    game_money: str
    fees: list[str]  # per Serie of the event, "" where he did not play
    rounding: str
    amount: str
    amount_cents: int

    @property
    def direction(self) -> str:
        if self.amount_cents > 0:
            return "erhält"
        return "zahlt" if self.amount_cents < 0 else "–"


def payout_context(event: Event) -> dict[str, object]:
    rows = sorted(event_standings(event), key=lambda r: german_key(r.name))
    numbers = sorted({line.round_number for row in rows for line in row.lines})
    payout = rounded_payout([row.cash_cents - row.fees_cents for row in rows], _step(event))
    lines = [
        _line(row, numbers, amount, event.has_settlement)
        for row, amount in zip(rows, payout.amounts, strict=True)
    ]
    fees = sum(row.fees_cents for row in rows)
    rounding = payout.kasse - fees
    return {
        "numbers": numbers,
        "lines": lines,
        "step_text": _step_text(_step(event)),
        "kasse_fees": euro(fees, unit=False),
        "kasse_rounding": euro(rounding, sign=True, unit=False),
        "kasse_rounding_cents": rounding,
        "kasse_total": euro(payout.kasse, unit=False),
        "kasse_cents": payout.kasse,
        "paid_in": euro(-sum(a for a in payout.amounts if a < 0), unit=False),
        "paid_out": euro(sum(a for a in payout.amounts if a > 0), unit=False),
        "total": euro(sum(payout.amounts) + payout.kasse, unit=False),
        "fee_schedule": ", ".join(euro(c) for c in event.lost_game_fees_cents or []),
        "column_count": len(numbers) + (6 if event.has_settlement else 5),
    }


def _step(event: Event) -> int:
    return int(event.rounding_step_cents or 1)


def _step_text(step: int) -> str:
    return "ganze Cent" if step == 1 else f"{euro(step)}-Schritte"


def _line(row: Row, numbers: list[int], amount: int, has_settlement: bool) -> PayoutLine:
    game_money = _nearest_cent(row.cash_cents) if has_settlement else 0
    by_round: dict[int, int] = {}
    for line in row.lines:
        by_round[line.round_number] = by_round.get(line.round_number, 0) + line.fees_cents
    fees = [euro(-by_round[n], unit=False) if n in by_round else "" for n in numbers]
    rounding = amount - (game_money - row.fees_cents)
    return PayoutLine(
        name=row.name,
        rounds=row.rounds,
        lost=row.lost,
        game_money=euro(game_money, unit=False),
        fees=fees,
        rounding=euro(rounding, sign=True, unit=False) if rounding else "",
        amount=euro(amount, sign=True, unit=False),
        amount_cents=amount,
    )


def _nearest_cent(amount: Fraction) -> int:
    return rounded_payout([amount], 1).amounts[0]
