"""The settlement a Kassenwart pays from: one amount per player, and the Kasse.

Owns the context of `pdf/settlement.html` (`payout_context`): every player's account of the
event's ledger (`queries.ledger`) as one row, with the amount he pays (−) or receives (+) at the
end, rounded to the event's step, and the Kasse's share, so everything sums to zero. It shows
what the ledger holds and computes nothing: the same amount stands on the Kasse page, the
receipt and in the JSON. What the printout covers is said on it: at a tournament the Startgeld
still open and the money prizes are in the amount (Startgeld paid at sign-in is settled).

Terms: *Spielgeld* is the money of the Vergleichsrechnung, *Verlustspielgeld* the fees for lost
games that go to the Kasse, the *Schluss* what a player finally pays (−) or receives (+)
(docs/glossary.md, "Geld").
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.ledger import Account
from skatclub.club.formatting import euro, listing
from skatclub.club.models import Event
from skatclub.club.presenters.kasse import by_name, kasse_parts, step_text
from skatclub.club.queries.ledger import EventLedger, event_ledger


@dataclass(frozen=True)
class PayoutLine:
    """One player's row, every amount in whole cents already formatted."""

    name: str
    entry_fee: str  # "−10,00" still open, "bezahlt", or ""
    game_money: str
    fees: list[str]  # per Serie of the event, "" where he did not play
    prizes: str
    rounding: str
    amount: str
    amount_cents: int

    @property
    def direction(self) -> str:
        if self.amount_cents > 0:
            return "erhält"
        return "zahlt" if self.amount_cents < 0 else "–"


def payout_context(event: Event, found: EventLedger | None = None) -> dict[str, object]:
    found = event_ledger(event) if found is None else found
    accounts = by_name(found)
    numbers = sorted({n for a in accounts for n, _ in a.lost_fees})
    report = found.report
    has_fees = any(a.entry_fee for a in accounts)
    has_prizes = any(a.awards for a in accounts)
    lines = [_line(found, a, numbers) for a in accounts]
    columns = 5 + len(numbers) + has_fees + has_prizes + event.has_settlement
    return {
        "numbers": numbers,
        "lines": lines,
        "has_fees": has_fees,
        "has_prizes": has_prizes,
        "covers": _covers(has_fees, has_prizes),
        "step_text": step_text(found.ledger.step_cents),
        "kasse_parts": kasse_parts(found, has_fees, has_prizes),
        "kasse_total": euro(report.at_the_end, unit=False),
        "kasse_cents": report.at_the_end,
        "paid_in": euro(report.end_in, unit=False),
        "paid_out": euro(report.end_out, unit=False),
        "total": euro(report.end_sum, unit=False),
        "items": [
            (found.names[a.player_id], title, item) for a in accounts for title, item in a.items
        ],
        "fee_schedule": ", ".join(euro(c) for c in event.lost_game_fees_cents or []),
        "column_count": columns,
    }


def _covers(has_fees: bool, has_prizes: bool) -> str:
    """What the amounts include, said on the printout."""
    parts = ["Spielgeld", "Verlustspielgeld"]
    if has_fees:
        parts.append("das noch offene Startgeld (bei der Anmeldung bezahltes ist erledigt)")
    if has_prizes:
        parts.append("die Geldpreise des Gewinnplans")
    listed = listing(parts)
    return f"Jeder Schluss enthält {listed}; dieselben Beträge stehen im Kassenbericht."


def _line(found: EventLedger, account: Account, numbers: list[int]) -> PayoutLine:
    fees = dict(account.lost_fees)
    if not account.entry_fee:
        entry_fee = ""
    elif account.entry_fee_paid:
        entry_fee = "bezahlt"
    else:
        entry_fee = euro(-account.entry_fee, unit=False)
    return PayoutLine(
        name=found.names[account.player_id],
        entry_fee=entry_fee,
        game_money=euro(account.game_cash_cents, unit=False),
        fees=[euro(-fees[n], unit=False) if n in fees else "" for n in numbers],
        prizes=euro(account.prize_cents, unit=False) if account.prize_cents else "",
        rounding=euro(account.rounding, sign=True, unit=False) if account.rounding else "",
        amount=euro(account.at_the_end, sign=True, unit=False),
        amount_cents=account.at_the_end,
    )
