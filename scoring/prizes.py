"""The Gewinnplan: prizes per place and per category, the pot, and who gets what.

Owns the plan (`PrizePlan` of `Prize` rules), the pot (`pot`: a share of the Startgeld and
optionally of the Verlustspielgeld), what a plan would pay for a field (`forecast`, rule by
rule, with the reason a rule pays nothing) and the prize list after the last Serie
(`prize_list`). Pure: reads rankings the caller made with `ranking.ranked`; writes nothing.
Money is integer cents; a share of the pot is an exact `Fraction` and each prize is rounded
down to the cent (what is left stays in the Kasse).

A prize is exactly one of: a share of the pot (per winner), a fixed amount, a Sachpreis.
Place prizes go by the event's ranking; category prizes (Damen, Senioren, Jugend, Gäste) by
the ranking of the players in that category, and with `one_prize_each` only to players who
have no prize yet; table prizes go to the best of each table of each Serie. Scaling: a prize
rule applies only from `min_participants` on, and `per_participants` makes the last paid
place grow with the field ("every fourth player wins": per_participants=4).

Ties (players sharing a place): `TieRule.SPLIT` adds up the money prizes of the places they
occupy and splits it evenly (the odd cents stay in the Kasse), Sachpreise among them go by
lot; `TieRule.LOT` draws their order by lot. The lot is `random.Random(seed)`, repeatable.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from itertools import groupby

from scoring.errors import InvalidPrizePlan

MAX_PLACE = 1000
MAX_PRIZE_CENTS = 10_000_000
MAX_ITEM = 100
MAX_RULES = 100


class Category(StrEnum):
    ALL = "all"  # the overall ranking
    WOMEN = "women"
    SENIORS = "seniors"
    YOUTH = "youth"
    GUESTS = "guests"
    TABLE = "table"  # the best of each table in each Serie

    def __repr__(self) -> str:
        return f"Category.{self.name}"

    @property
    def german(self) -> str:
        return CATEGORY_NAMES[self]


CATEGORY_NAMES = {
    Category.ALL: "Platz",
    Category.WOMEN: "Damen",
    Category.SENIORS: "Senioren",
    Category.YOUTH: "Jugend",
    Category.GUESTS: "Gäste",
    Category.TABLE: "Tischbester",
}
PERSON_CATEGORIES = (Category.WOMEN, Category.SENIORS, Category.YOUTH, Category.GUESTS)


class TieRule(StrEnum):
    SPLIT = "split"
    LOT = "lot"

    def __repr__(self) -> str:
        return f"TieRule.{self.name}"


@dataclass(frozen=True, slots=True)
class Prize:
    """One rule of the plan: places `first`..`last` (within `category`) each get the prize."""

    first: int
    last: int
    share: Fraction = Fraction(0)  # of the pot, per winner
    fixed_cents: int = 0
    item: str = ""  # Sachpreis
    category: Category = Category.ALL
    per_participants: int = 0
    min_participants: int = 0

    def __post_init__(self) -> None:
        where = self.title(self.first)
        if not 1 <= self.first <= self.last <= MAX_PLACE:
            raise InvalidPrizePlan(f"{where}: Plätze von 1 bis {MAX_PLACE}, „von“ ≤ „bis“.")
        kinds = sum((self.share > 0, self.fixed_cents > 0, bool(self.item.strip())))
        if kinds != 1:
            raise InvalidPrizePlan(
                f"{where}: ein Preis ist genau eins von Anteil am Topf, festem Betrag oder "
                "Sachpreis."
            )
        if not 0 <= self.share <= 1:
            raise InvalidPrizePlan(f"{where}: ein Anteil liegt zwischen 0 und 100 %.")
        if not 0 <= self.fixed_cents <= MAX_PRIZE_CENTS:
            raise InvalidPrizePlan(f"{where}: höchstens {MAX_PRIZE_CENTS // 100} € je Preis.")
        if len(self.item) > MAX_ITEM:
            raise InvalidPrizePlan(f"{where}: ein Sachpreis hat höchstens {MAX_ITEM} Zeichen.")
        if not 0 <= self.per_participants <= MAX_PLACE:
            raise InvalidPrizePlan(f"{where}: „je Teilnehmer“ von 0 bis {MAX_PLACE}.")
        if not 0 <= self.min_participants <= MAX_PLACE:
            raise InvalidPrizePlan(f"{where}: „ab Teilnehmern“ von 0 bis {MAX_PLACE}.")

    def title(self, position: int) -> str:
        if self.category is Category.ALL:
            return f"Platz {position}"
        return f"{self.category.german} {position}."

    def applies(self, participants: int) -> bool:
        return participants >= self.min_participants

    def last_place(self, participants: int) -> int:
        """The last paid place for this field (scaled with `per_participants`)."""
        if self.per_participants:
            return min(self.last, max(self.first - 1, participants // self.per_participants))
        return self.last

    def cents(self, pot: int) -> int:
        """The money of one winner (a share is rounded down to the cent)."""
        return int(self.share * pot) + self.fixed_cents


@dataclass(frozen=True, slots=True)
class PrizePlan:
    prizes: tuple[Prize, ...] = ()
    entry_fee_share: Fraction = Fraction(1)
    lost_fee_share: Fraction = Fraction(0)
    ties: TieRule = TieRule.SPLIT
    one_prize_each: bool = True

    def __post_init__(self) -> None:
        if len(self.prizes) > MAX_RULES:
            raise InvalidPrizePlan(f"Ein Gewinnplan hat höchstens {MAX_RULES} Zeilen.")
        for share, what in ((self.entry_fee_share, "Startgeld"), (self.lost_fee_share, "Verlust")):
            if not 0 <= share <= 1:
                raise InvalidPrizePlan(f"Der Anteil vom {what} liegt zwischen 0 und 100 %.")


def pot_cents(plan: PrizePlan, entry_fees_cents: int, lost_game_fees_cents: int = 0) -> int:
    """The pot: the plan's shares of Startgeld and Verlustspielgeld, rounded down to the cent."""
    exact = plan.entry_fee_share * entry_fees_cents + plan.lost_fee_share * lost_game_fees_cents
    return int(exact)


@dataclass(frozen=True, slots=True)
class Pot:
    """The pot and what it is made of: all Startgeld owed, all Verlustspielgeld (cents)."""

    entry_fees: int
    lost_fees: int
    cents: int


def pot(plan: PrizePlan, entry_fees_cents: int, lost_game_fees_cents: int = 0) -> Pot:
    return Pot(
        entry_fees_cents,
        lost_game_fees_cents,
        pot_cents(plan, entry_fees_cents, lost_game_fees_cents),
    )


@dataclass(frozen=True, slots=True)
class RuleForecast:
    """What one rule of the plan pays for a field: how many winners, how much each, and when it
    pays nothing, why (German, e.g. "erst ab 30 Teilnehmern")."""

    prize: Prize
    winners: int
    cents: int  # per winner
    reason: str = ""

    @property
    def money(self) -> int:
        return self.winners * self.cents


@dataclass(frozen=True, slots=True)
class Forecast:
    """What the plan would pay out for `participants` players, against the pot: the one
    computation behind the plan's check, the "für N Teilnehmer" simulation and announcing."""

    participants: int
    pot: Pot
    rules: tuple[RuleForecast, ...]

    @property
    def money(self) -> int:
        """All money prizes together."""
        return sum(rule.money for rule in self.rules)

    @property
    def winners(self) -> int:
        return sum(rule.winners for rule in self.rules)

    @property
    def items(self) -> tuple[str, ...]:
        """The Sachpreise, one entry per prize."""
        return tuple(r.prize.item for r in self.rules if r.prize.item for _ in range(r.winners))

    @property
    def share_total(self) -> Fraction:
        """The shares of the pot together."""
        return sum((r.winners * r.prize.share for r in self.rules), Fraction(0))

    @property
    def remaining(self) -> int:
        """What stays in the Kasse (negative: the plan pays out more than the pot)."""
        return self.pot.cents - self.money


def forecast(plan: PrizePlan, participants: int, pot_: Pot, tables: int = 0) -> Forecast:
    """The planned payout for a field of `participants` (and `tables` table prizes, one per
    table and Serie), rule by rule."""
    rules = []
    for prize in plan.prizes:
        count, reason = _planned_winners(prize, participants, tables)
        rules.append(RuleForecast(prize, count, prize.cents(pot_.cents), reason))
    return Forecast(participants, pot_, tuple(rules))


def _planned_winners(prize: Prize, participants: int, tables: int) -> tuple[int, str]:
    """How many win this rule in a field of `participants`, and why none, if none."""
    if not prize.applies(participants):
        return 0, f"erst ab {prize.min_participants} Teilnehmern"
    if prize.category is Category.TABLE:
        if not tables:
            return 0, "noch keine Tische"
        return tables * (prize.last - prize.first + 1), ""
    last = min(prize.last_place(participants), participants)
    if last >= prize.first:
        return last - prize.first + 1, ""
    if prize.per_participants and prize.last_place(participants) < prize.first:
        reached = participants // prize.per_participants
        needed = prize.first * prize.per_participants
        return 0, (
            f"ein Preis je {prize.per_participants} Teilnehmer: bei {participants} "
            f"Teilnehmern bis Platz {reached}, Platz {prize.first} erst ab {needed} Teilnehmern"
        )
    return 0, f"nur {participants} Teilnehmer"


# --- the prize list -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Placed:
    """A player and his (possibly shared) place, best first."""

    player_id: int
    place: int


@dataclass(frozen=True, slots=True)
class TableRanking:
    """The ranking at one table of one Serie, for table prizes."""

    round_number: int
    table_number: int
    placed: tuple[Placed, ...]


@dataclass(frozen=True, slots=True)
class Award:
    player_id: int
    title: str  # "Platz 1", "Damen 1.", "Tischbester Serie 2, Tisch 3"
    cents: int
    item: str = ""
    shared_by: int = 1  # how many tied players split this money

    @property
    def is_money(self) -> bool:
        return self.cents > 0


@dataclass
class _Slot:
    prize: Prize
    position: int
    cents: int
    where: str = ""

    @property
    def item(self) -> str:
        return self.prize.item

    @property
    def title(self) -> str:
        if self.where:
            return f"{CATEGORY_NAMES[Category.TABLE]} {self.where}"
        return self.prize.title(self.position)


@dataclass
class PrizeList:
    awards: list[Award] = field(default_factory=list)
    unpaid_cents: int = 0  # odd cents of split prizes and prizes nobody could win

    def for_player(self, player_id: int) -> list[Award]:
        return [a for a in self.awards if a.player_id == player_id]

    def cents_for(self, player_id: int) -> int:
        return sum(a.cents for a in self.for_player(player_id))

    @property
    def paid_cents(self) -> int:
        return sum(a.cents for a in self.awards)


def prize_list(
    plan: PrizePlan,
    ranking: Sequence[Placed],
    pot: int,
    *,
    categories: Mapping[int, Iterable[Category]] | None = None,
    tables: Sequence[TableRanking] = (),
    seed: str = "",
) -> PrizeList:
    """Who gets what: place prizes, then each category (in plan order), then table prizes.

    The prizes of one category from all lines of the plan are put together first, so players
    sharing places 2 and 3 split the money of both places, whichever lines pay them."""
    rng = random.Random(f"{seed}/prizes")
    result = PrizeList()
    participants = len(ranking)
    has = {pid: set(cats) for pid, cats in (categories or {}).items()}
    awarded: set[int] = set()
    ordered = sorted(ranking, key=lambda p: p.place)
    for category in _categories_in_order(plan):
        slots = _slots(plan, category, participants, pot)
        if category is Category.TABLE:
            for table in tables:
                where = f"Serie {table.round_number}, Tisch {table.table_number}"
                here = {
                    n: [_Slot(s.prize, n, s.cents, where) for s in row] for n, row in slots.items()
                }
                _award(here, list(table.placed), plan.ties, rng, result)
            continue
        field_ = ordered
        if category is not Category.ALL:
            field_ = [p for p in ordered if category in has.get(p.player_id, set())]
            if plan.one_prize_each:
                field_ = [p for p in field_ if p.player_id not in awarded]
        awarded |= _award(slots, field_, plan.ties, rng, result)
    return result


def _categories_in_order(plan: PrizePlan) -> list[Category]:
    """Overall places first, table prizes last, the person categories as the plan lists them."""
    seen = list(dict.fromkeys(p.category for p in plan.prizes))
    middle = [c for c in seen if c not in (Category.ALL, Category.TABLE)]
    return (
        [c for c in (Category.ALL,) if c in seen]
        + middle
        + [c for c in (Category.TABLE,) if c in seen]
    )


def _slots(
    plan: PrizePlan, category: Category, participants: int, pot: int
) -> dict[int, list[_Slot]]:
    """Position (within the category) -> the prizes for it, from every line that applies."""
    slots: dict[int, list[_Slot]] = {}
    for prize in plan.prizes:
        if prize.category is not category or not prize.applies(participants):
            continue
        for position in range(prize.first, prize.last_place(participants) + 1):
            slots.setdefault(position, []).append(_Slot(prize, position, prize.cents(pot)))
    return slots


def _award(
    slots: dict[int, list[_Slot]],
    field_: Sequence[Placed],
    ties: TieRule,
    rng: random.Random,
    result: PrizeList,
) -> set[int]:
    """Give positions 1.. of `field_` (renumbered within it) their prizes; the winners."""
    won: set[int] = set()
    position = 1
    for _, group in groupby(field_, key=lambda p: p.place):
        tied = [p.player_id for p in group]
        mine = [slot for n in range(position, position + len(tied)) for slot in slots.get(n, [])]
        if mine:
            won |= _give(mine, tied, position, ties, rng, result)
        position += len(tied)
    # Places nobody reached (a field smaller than the plan): their money stays in the Kasse.
    result.unpaid_cents += sum(s.cents for n, row in slots.items() if n >= position for s in row)
    return won


def _give(
    slots: list[_Slot],
    tied: list[int],
    start: int,
    ties: TieRule,
    rng: random.Random,
    result: PrizeList,
) -> set[int]:
    """The prizes of positions `start`.. go to the players sharing those places."""
    if len(tied) == 1 or ties is TieRule.LOT:
        order = list(tied)
        if len(order) > 1:
            rng.shuffle(order)
        winners = set()
        for slot in slots:
            index = slot.position - start
            if index < len(order):
                player = order[index]
                result.awards.append(Award(player, slot.title, slot.cents, slot.item))
                winners.add(player)
        return winners
    money = sum(s.cents for s in slots if not s.item)
    each, odd = divmod(money, len(tied))
    result.unpaid_cents += odd
    first, last = slots[0], slots[-1]
    title = first.title if first.position == last.position else _span(first, last)
    winners = set()
    if each:
        for player in tied:
            result.awards.append(Award(player, f"{title} (geteilt)", each, "", len(tied)))
            winners.add(player)
    lot = list(tied)
    rng.shuffle(lot)
    for player, slot in zip(lot, [s for s in slots if s.item], strict=False):
        result.awards.append(Award(player, f"{slot.title} (Los)", 0, slot.item))
        winners.add(player)
    return winners


def _span(first: _Slot, last: _Slot) -> str:
    """ "Platz 2–3", "Damen 1.–2." for prizes shared over several places."""
    if first.where:
        return first.title
    dot = "" if first.prize.category is Category.ALL else "."
    return f"{first.title}–{last.position}{dot}"
