"""The Kasse of an event: every player's receipt, the Kassenbericht and the cash check.

Owns `payout_cents` (an exact Preisskat amount rounded to the cent, a half cent to the Kasse),
`Receipt` (one player's account: Startgeld, Verlustspielgeld per Serie, Preisskat money,
prizes, and what is paid out or in at the end), `Kassenbericht` (income, expenses, the
expected cash and the difference to the counted cash). Pure: reads plain numbers the caller
collected; writes nothing. Money is integer cents; only the Preisskat money arrives as an
exact `Fraction` (a Wertpunkt may be 1/4 cent) and is rounded here, once, per player.

How the money flows: the Startgeld is paid at sign-in (or, if still open, at the end); the
Verlustspielgeld, the Preisskat money and the prizes are settled at the end through the
Kasse, so every player pays in or is paid out one amount (`Receipt.at_the_end`). The Kasse
then holds: the opening float + Startgeld + Verlustspielgeld − prizes − the Preisskat money
paid out net (only rounding, the Preisskat money of a table sums to zero) + other income −
other expenses. The counted cash is compared with that; a difference is shown, never hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import ceil


def payout_cents(amount: Fraction) -> int:
    """An exact amount in whole cents, to the nearest cent; a half cent stays in the Kasse
    (a player receiving 2.5 ct gets 2, a player paying 2.5 ct pays 3)."""
    return ceil(amount - Fraction(1, 2))


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a receipt: + the player receives, − the player pays."""

    text: str
    cents: int


@dataclass(frozen=True, slots=True)
class Receipt:
    """One player's account for the event."""

    player_id: int
    entry_fee: int  # Startgeld owed
    entry_fee_paid: bool  # paid at sign-in
    lost_fees: tuple[tuple[int, int], ...]  # (Serie number, Verlustspielgeld) per Serie
    game_cash: Fraction  # Preisskat money, exact: + receives, − pays
    prizes: tuple[tuple[str, int], ...] = ()  # (what for, cents) money prizes
    items: tuple[tuple[str, str], ...] = ()  # (what for, Sachpreis)

    @property
    def game_cash_cents(self) -> int:
        return payout_cents(self.game_cash)

    @property
    def lines(self) -> list[Line]:
        lines = [Line("Startgeld", -self.entry_fee)] if self.entry_fee else []
        lines += [Line(f"Verlustspielgeld Serie {n}", -fee) for n, fee in self.lost_fees if fee]
        if self.game_cash:
            lines.append(Line("Preisskat (Spielgeld)", self.game_cash_cents))
        lines += [Line(f"Preis: {title}", cents) for title, cents in self.prizes]
        return lines

    @property
    def net(self) -> int:
        """The day's result for the player: the sum of all lines."""
        return sum(line.cents for line in self.lines)

    @property
    def already_paid(self) -> int:
        return self.entry_fee if self.entry_fee_paid else 0

    @property
    def at_the_end(self) -> int:
        """What the Kasse pays out (+) or takes (−) at the end: the net, less what was paid."""
        return self.net + self.already_paid

    @property
    def lost_fee_total(self) -> int:
        return sum(fee for _, fee in self.lost_fees)

    @property
    def prize_total(self) -> int:
        return sum(cents for _, cents in self.prizes)


@dataclass(frozen=True, slots=True)
class Booking:
    """Another booking: the opening float, other income (+) or an expense (−)."""

    text: str
    cents: int
    opening: bool = False


@dataclass(frozen=True)
class Kassenbericht:
    """Income and expenses of the event, the expected cash and the counted cash."""

    receipts: Sequence[Receipt]
    bookings: Sequence[Booking] = ()
    counted: int | None = None  # the cash counted at the end, if counted
    items: tuple[str, ...] = field(default=())

    @property
    def opening(self) -> int:
        return sum(b.cents for b in self.bookings if b.opening)

    @property
    def entry_fees(self) -> int:
        return sum(r.entry_fee for r in self.receipts)

    @property
    def entry_fees_open(self) -> int:
        """Startgeld not paid at sign-in: settled at the end with the rest."""
        return sum(r.entry_fee for r in self.receipts if not r.entry_fee_paid)

    @property
    def lost_fees(self) -> int:
        return sum(r.lost_fee_total for r in self.receipts)

    @property
    def game_cash_in(self) -> int:
        """Preisskat money the players who lost pay into the Kasse."""
        return -sum(min(r.game_cash_cents, 0) for r in self.receipts)

    @property
    def game_cash_out(self) -> int:
        """Preisskat money the Kasse pays the players who won."""
        return sum(max(r.game_cash_cents, 0) for r in self.receipts)

    @property
    def prizes(self) -> int:
        return sum(r.prize_total for r in self.receipts)

    @property
    def other_income(self) -> int:
        return sum(b.cents for b in self.bookings if not b.opening and b.cents > 0)

    @property
    def expenses(self) -> int:
        return -sum(b.cents for b in self.bookings if not b.opening and b.cents < 0)

    @property
    def income(self) -> int:
        return self.entry_fees + self.lost_fees + self.game_cash_in + self.other_income

    @property
    def spending(self) -> int:
        return self.prizes + self.game_cash_out + self.expenses

    @property
    def expected(self) -> int:
        """The cash the Kasse must hold once everybody is settled."""
        return self.opening + self.income - self.spending

    @property
    def result(self) -> int:
        """What the event leaves in the Kasse (expected cash less the opening float)."""
        return self.expected - self.opening

    @property
    def difference(self) -> int | None:
        """Counted minus expected: + too much cash, − cash missing; None before counting."""
        return None if self.counted is None else self.counted - self.expected

    @property
    def settled_by_players(self) -> int:
        """The sum of all end payments, seen from the Kasse (+ in, − out)."""
        return -sum(r.at_the_end for r in self.receipts)

    @property
    def paid_at_sign_in(self) -> int:
        return sum(r.already_paid for r in self.receipts)

    def balances(self) -> bool:
        """The ledger and the receipts tell the same story, to the cent."""
        through_players = self.paid_at_sign_in + self.settled_by_players
        booked = sum(b.cents for b in self.bookings)
        return self.expected == booked + through_players
