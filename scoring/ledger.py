"""The ledger of an event: every cent each player pays or receives, and the Kasse's totals.

Owns `ledger`: from each player's Startgeld (owed, and whether it was paid at sign-in), his
Preisskat money (exact, per Serie) and Verlustspielgeld (per Serie), the Gewinnplan with the
ranking it pays by, the event's payout step, the Kasse's other bookings and the counted cash,
one `Ledger`: per player an `Account` with every line, and the Kasse's `Kassenbericht`. Every
page, printout and download of an event's money reads this and computes nothing itself
(`tests/architecture/test_money_lives_in_the_ledger.py`). Pure: no Django, writes nothing.

How the money flows: the Startgeld is paid at sign-in (or, if still open, at the end); the
Verlustspielgeld, the Preisskat money and the prizes are settled at the end through the Kasse,
so every player pays in or is paid out one amount (`Account.at_the_end`). Nobody pays anybody
else.

Rounding, once and in one place: the Preisskat money is exact (a Wertpunkt may be 1/10 cent)
and is shown rounded to the cent (`Account.game_cash_cents`); what changes hands at the end is
the exact amount rounded to the event's step (1, 5, 10, 50 ct or 1 €), a half step always in the
Kasse's favour (`settlement.rounded_to_step`). The receipt's "Rundung" line is the difference,
so the lines of every receipt add up to its amount, and the Kasse keeps exactly the players'
rounding (`Kassenbericht.rounding == −Σ Account.rounding`). The Preisskat money of a table sums
to zero; rounding it to the cent leaves the Kasse `game_cash_in − game_cash_out`.

Terms: *net* is the day's result for a player (the sum of his lines), *at the end* what the
Kasse pays him (+) or takes from him (−) at the end, net less the Startgeld already paid.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from scoring.errors import InvalidRequest
from scoring.prizes import (
    Award,
    Category,
    Forecast,
    Placed,
    Pot,
    PrizeList,
    PrizePlan,
    TableRanking,
    forecast,
    pot,
    prize_list,
)
from scoring.settlement import ROUNDING_STEPS, rounded_to_step


@dataclass(frozen=True, slots=True)
class RoundMoney:
    """One player's money of one Serie: Preisskat exact (+ receives) and Verlustspielgeld."""

    round_number: int
    game_cash: Fraction
    lost_fee: int


@dataclass(frozen=True, slots=True)
class Participant:
    """What the ledger reads of one player: his Serien and his sign-in."""

    player_id: int
    rounds: tuple[RoundMoney, ...] = ()
    entry_fee: int = 0  # Startgeld owed
    entry_fee_paid: bool = False  # paid at sign-in


@dataclass(frozen=True, slots=True)
class PrizeField:
    """What the prize list needs besides the money: the plan, the event's ranking (only the
    players who played), each player's categories, the ranking at every table, the lot's seed."""

    plan: PrizePlan
    ranking: tuple[Placed, ...]
    categories: Mapping[int, frozenset[Category]] = field(default_factory=dict)
    tables: tuple[TableRanking, ...] = ()
    seed: str = ""


@dataclass(frozen=True, slots=True)
class Booking:
    """Another booking: the opening float, other income (+) or an expense (−)."""

    text: str
    cents: int
    opening: bool = False


class LineKind(StrEnum):
    ENTRY_FEE = "entry_fee"
    LOST_FEE = "lost_fee"
    GAME_CASH = "game_cash"
    PRIZE = "prize"
    ROUNDING = "rounding"

    def __repr__(self) -> str:
        return f"LineKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a receipt: + the player receives, − the player pays."""

    kind: LineKind
    text: str
    cents: int


@dataclass(frozen=True, slots=True)
class Account:
    """One player's account for the event, every amount in whole cents but `game_cash`."""

    player_id: int
    entry_fee: int
    entry_fee_paid: bool
    rounds: tuple[RoundMoney, ...]  # one per Serie played, in order
    game_cash: Fraction  # Preisskat money, exact
    game_cash_cents: int  # the same, rounded to the cent
    awards: tuple[Award, ...]  # money prizes and Sachpreise
    rounding: int  # what rounding to the step adds (+) or takes (−)
    at_the_end: int  # what the Kasse pays out (+) or takes (−) at the end; a multiple of the step
    lines: tuple[Line, ...]

    @property
    def net(self) -> int:
        """The day's result for the player: the sum of all lines."""
        return sum(line.cents for line in self.lines)

    @property
    def already_paid(self) -> int:
        return self.entry_fee if self.entry_fee_paid else 0

    @property
    def entry_fee_open(self) -> int:
        """Startgeld still owed: settled with the rest at the end."""
        return self.entry_fee - self.already_paid

    @property
    def lost_fees(self) -> tuple[tuple[int, int], ...]:
        """(Serie number, Verlustspielgeld) of every Serie played."""
        return tuple((s.round_number, s.lost_fee) for s in self.rounds)

    @property
    def lost_fee_total(self) -> int:
        return sum(s.lost_fee for s in self.rounds)

    @property
    def prize_cents(self) -> int:
        return sum(award.cents for award in self.awards)

    @property
    def items(self) -> tuple[tuple[str, str], ...]:
        """(what for, Sachpreis) of every Sachpreis the player won."""
        return tuple((a.title, a.item) for a in self.awards if a.item)

    @property
    def game_balance(self) -> Fraction:
        """Preisskat money less Verlustspielgeld, exact: the Preisskat's "Saldo"."""
        return self.game_cash - self.lost_fee_total

    @property
    def exact_end(self) -> Fraction:
        """What the player would get at the end without any rounding."""
        return self.at_the_end - self.rounding - self.game_cash_cents + self.game_cash

    def round(self, round_number: int) -> RoundMoney | None:
        """The money of one Serie, None if he did not play it."""
        return next((s for s in self.rounds if s.round_number == round_number), None)


@dataclass(frozen=True, slots=True)
class Kassenbericht:
    """Income and expenses of the event, the expected cash and the counted cash."""

    opening: int
    entry_fees: int  # all Startgeld owed
    entry_fees_open: int  # Startgeld not paid at sign-in: settled at the end
    lost_fees: int
    game_cash_in: int  # Preisskat money the players who lost pay into the Kasse
    game_cash_out: int  # Preisskat money the Kasse pays the players who won
    prizes: int
    rounding: int  # what rounding to the step leaves in the Kasse (+) or costs it (−)
    other_income: int
    expenses: int
    end_in: int  # what the players who pay at the end pay in, together
    end_out: int  # what the Kasse pays out at the end, together
    counted: int | None = None  # the cash counted at the end, if counted

    @property
    def at_the_end(self) -> int:
        """What the Kasse takes (+) or pays (−) at the end, all players together."""
        return self.end_in - self.end_out

    @property
    def end_sum(self) -> int:
        """Every player's amount at the end plus the Kasse's: always zero, nobody pays anybody
        else."""
        return self.end_out - self.end_in + self.at_the_end

    @property
    def income(self) -> int:
        kept = max(self.rounding, 0)
        return self.entry_fees + self.lost_fees + self.game_cash_in + kept + self.other_income

    @property
    def spending(self) -> int:
        return self.prizes + self.game_cash_out + max(-self.rounding, 0) + self.expenses

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
    def paid_at_sign_in(self) -> int:
        return self.entry_fees - self.entry_fees_open

    def balances(self) -> bool:
        """The Kassenbericht and the players' payments tell the same story, to the cent: the
        float, the Startgeld paid at sign-in, what the players pay or take at the end and the
        other bookings make the expected cash."""
        booked = self.opening + self.other_income - self.expenses
        return self.expected == booked + self.paid_at_sign_in + self.at_the_end


@dataclass(frozen=True, slots=True)
class Ledger:
    """Every player's account and the Kasse's report; `pot` and `prizes` with a Gewinnplan."""

    accounts: tuple[Account, ...]
    kasse: Kassenbericht
    step_cents: int = 1
    pot: Pot | None = None
    prizes: PrizeList | None = None
    bookings: tuple[Booking, ...] = ()

    def account(self, player_id: int) -> Account | None:
        return next((a for a in self.accounts if a.player_id == player_id), None)

    @property
    def prizes_paid(self) -> int:
        return sum(account.prize_cents for account in self.accounts)

    @property
    def prizes_unpaid(self) -> int:
        """Odd cents of split prizes and prizes nobody could win: they stay in the Kasse."""
        return self.prizes.unpaid_cents if self.prizes is not None else 0

    @property
    def pot_remaining(self) -> int:
        """What is left of the pot after the prizes (negative: the Kasse adds to it)."""
        return (self.pot.cents if self.pot is not None else 0) - self.prizes_paid


def ledger(
    participants: Sequence[Participant],
    *,
    step_cents: int = 1,
    prizes: PrizeField | None = None,
    bookings: Sequence[Booking] = (),
    counted: int | None = None,
) -> Ledger:
    """The ledger of an event; accounts in the order of `participants`."""
    if step_cents not in ROUNDING_STEPS:
        steps = ", ".join(str(s) for s in ROUNDING_STEPS)
        raise InvalidRequest(f"Auszahlung runden auf {step_cents!r} Cent gibt es nicht ({steps}).")
    entry_fees = sum(p.entry_fee for p in participants)
    lost_fees = sum(s.lost_fee for p in participants for s in p.rounds)
    the_pot, awarded = None, None
    if prizes is not None:
        the_pot = pot(prizes.plan, entry_fees, lost_fees)
        awarded = prize_list(
            prizes.plan,
            prizes.ranking,
            the_pot.cents,
            categories=prizes.categories,
            tables=prizes.tables,
            seed=prizes.seed,
        )
    accounts = tuple(
        _account(p, awarded.for_player(p.player_id) if awarded else [], step_cents)
        for p in participants
    )
    return Ledger(
        accounts,
        _kassenbericht(accounts, bookings, counted),
        step_cents,
        the_pot,
        awarded,
        tuple(bookings),
    )


def _account(participant: Participant, awards: Iterable[Award], step: int) -> Account:
    rounds = _per_round(participant.rounds)
    game_cash = sum((s.game_cash for s in rounds), Fraction(0))
    game_cash_cents = rounded_to_step(game_cash, 1)
    awards = tuple(awards)
    lines = [Line(LineKind.ENTRY_FEE, "Startgeld", -participant.entry_fee)]
    lines += [
        Line(LineKind.LOST_FEE, f"Verlustspielgeld Serie {s.round_number}", -s.lost_fee)
        for s in rounds
    ]
    lines.append(Line(LineKind.GAME_CASH, "Spielgeld (auf den Cent)", game_cash_cents))
    lines += [Line(LineKind.PRIZE, f"Preis: {a.title}", a.cents) for a in awards if a.cents]
    lines = [line for line in lines if line.cents]
    already_paid = participant.entry_fee if participant.entry_fee_paid else 0
    whole = sum(line.cents for line in lines) + already_paid
    exact_end = whole - game_cash_cents + game_cash
    at_the_end = rounded_to_step(exact_end, step)
    rounding = at_the_end - whole
    if rounding:
        lines.append(Line(LineKind.ROUNDING, "Rundung", rounding))
    return Account(
        player_id=participant.player_id,
        entry_fee=participant.entry_fee,
        entry_fee_paid=participant.entry_fee_paid,
        rounds=rounds,
        game_cash=game_cash,
        game_cash_cents=game_cash_cents,
        awards=awards,
        rounding=rounding,
        at_the_end=at_the_end,
        lines=tuple(lines),
    )


def _per_round(rounds: Iterable[RoundMoney]) -> tuple[RoundMoney, ...]:
    """One entry per Serie number, in order (a player plays one table per Serie)."""
    merged: dict[int, RoundMoney] = {}
    for s in rounds:
        old = merged.get(s.round_number, RoundMoney(s.round_number, Fraction(0), 0))
        merged[s.round_number] = RoundMoney(
            s.round_number, old.game_cash + s.game_cash, old.lost_fee + s.lost_fee
        )
    return tuple(merged[n] for n in sorted(merged))


def _kassenbericht(
    accounts: Sequence[Account], bookings: Sequence[Booking], counted: int | None
) -> Kassenbericht:
    others = [b.cents for b in bookings if not b.opening]
    return Kassenbericht(
        opening=sum(b.cents for b in bookings if b.opening),
        entry_fees=sum(a.entry_fee for a in accounts),
        entry_fees_open=sum(a.entry_fee_open for a in accounts),
        lost_fees=sum(a.lost_fee_total for a in accounts),
        game_cash_in=-sum(min(a.game_cash_cents, 0) for a in accounts),
        game_cash_out=sum(max(a.game_cash_cents, 0) for a in accounts),
        prizes=sum(a.prize_cents for a in accounts),
        rounding=-sum(a.rounding for a in accounts),
        other_income=sum(c for c in others if c > 0),
        expenses=-sum(c for c in others if c < 0),
        end_in=-sum(min(a.at_the_end, 0) for a in accounts),
        end_out=sum(max(a.at_the_end, 0) for a in accounts),
        counted=counted,
    )


def plan_forecast(
    plan: PrizePlan, participants: int, entry_fees: int, lost_fees: int = 0, tables: int = 0
) -> Forecast:
    """What the plan pays for a field, from the Startgeld and Verlustspielgeld it brings: the
    same pot as the ledger's (`prizes.pot`), for the field as signed in or as asked about."""
    return forecast(plan, participants, pot(plan, entry_fees, lost_fees), tables)


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What the Kasse looked like at a moment (a cash count, a receipt): each player's Schluss
    (`Account.at_the_end`) and the Soll-Bestand (`Kassenbericht.expected`)."""

    amounts: Mapping[int, int]  # player id → Schluss
    expected: int

    @classmethod
    def of(cls, found: Ledger) -> Snapshot:
        return cls({a.player_id: a.at_the_end for a in found.accounts}, found.kasse.expected)


@dataclass(frozen=True, slots=True)
class Move:
    """How one player's Schluss moved between two snapshots (0 if he was not in one)."""

    player_id: int
    before: int
    after: int

    @property
    def change(self) -> int:
        """+ the Kasse pays the player this much more, − the player pays this much more (or
        gets this much less)."""
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Moves:
    """What changed in the Kasse between two snapshots: every player whose Schluss moved, and
    the Soll-Bestand before and after."""

    moves: tuple[Move, ...]
    expected_before: int
    expected_after: int

    @property
    def expected_change(self) -> int:
        return self.expected_after - self.expected_before

    @property
    def difference_change(self) -> int:
        """What the changes add to the difference counted − Soll (the counted cash stays)."""
        return self.expected_before - self.expected_after

    @property
    def to_pay_out(self) -> int:
        """What the Kasse still pays the players whose Schluss rose."""
        return sum(m.change for m in self.moves if m.change > 0)

    @property
    def to_take_in(self) -> int:
        """What the players whose Schluss fell still pay into the Kasse."""
        return -sum(m.change for m in self.moves if m.change < 0)

    @property
    def booked(self) -> int:
        """The part of the Soll's change that is no player's Schluss: other bookings."""
        return self.expected_change - self.to_take_in + self.to_pay_out

    def __bool__(self) -> bool:
        return bool(self.moves) or self.expected_change != 0


def moves_between(before: Snapshot, after: Snapshot) -> Moves:
    """Every player whose Schluss differs between `before` and `after`, in the order of
    `after` (then those only in `before`)."""
    order = list(after.amounts) + [pid for pid in before.amounts if pid not in after.amounts]
    moves = tuple(
        Move(pid, before.amounts.get(pid, 0), after.amounts.get(pid, 0))
        for pid in order
        if before.amounts.get(pid, 0) != after.amounts.get(pid, 0)
    )
    return Moves(moves, before.expected, after.expected)


@dataclass(frozen=True, slots=True)
class Counted:
    """A cash count with the Kasse as it was then (None: counted before snapshots were kept)."""

    counted: int
    then: Snapshot | None

    @property
    def difference(self) -> int | None:
        """Counted minus the Soll-Bestand of that moment: what was missing (−) or too much (+)
        when counted, before any later correction."""
        return None if self.then is None else self.counted - self.then.expected
