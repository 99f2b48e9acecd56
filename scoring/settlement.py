"""Preisskat money: cash per game, the Vergleichsrechnung, who pays whom, lost-game fees.

Owns every amount of money the engine computes. Amounts are exact `Fraction`s of a cent (a
Wertpunkt may be 1/10 or 1/4 cent, docs/rules.md §11); nothing is ever a float, and rounding is left
to the final payout (`rounded_payout`). Reads valuations and list totals; writes nothing.

- `game_cash`: every participant at the table (the sitting players too) pays the declarer the
  amount of a won game, or is paid the amount of a lost one (isko: 2 × value; preisskat: lost
  Hand games single, i.e. the amount is |list_score|).
- `vergleichsrechnung`: each pair of players settles the difference of their list totals, so
  player i nets (n·L_i − ΣL) × cents_per_point.
- `rounded_payout`: the exact balances rounded to whole cents (or a coarser step the club
  chooses) for paying out; the Kasse takes or gives the rounding remainder, so the payout
  still sums to zero.
- `transfers`: greedy, the largest debtor pays the largest creditor until all are square. This
  needs at most n − 1 transfers; it is not guaranteed to be the minimum (that problem is
  NP-hard), but for a table of 3–5 players it almost always is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from scoring.errors import InvalidRequest
from scoring.game import Ruleset, Valuation

K = TypeVar("K", bound=Hashable)
PARTICIPANTS = (3, 4, 5)


def game_cash(
    valuation: Valuation, ruleset: Ruleset, participants: int, cents_per_point: Fraction
) -> tuple[Fraction, Fraction]:
    """(declarer, each other participant) in cents for one game; the table sums to zero."""
    if ruleset is Ruleset.OFFIZIERSSKAT or valuation.won is None:
        raise InvalidRequest(
            "Eine Preisskat-Abrechnung gibt es nur für Skat zu dritt bis zu fünft."
        )
    if participants not in PARTICIPANTS:
        raise InvalidRequest(f"{participants} Teilnehmer gibt es nicht: 3, 4 oder 5.")
    amount = abs(valuation.list_score) * cents_per_point
    each_other = -amount if valuation.won else amount
    return -each_other * (participants - 1), each_other


# The Wertpunkt: the fractions of a cent clubs play (docs/rules.md §11) or whole cents up to a euro.
# Nothing else, so every amount is a whole or half cent per point sum and stays short.
FRACTIONAL_CENTS_PER_POINT = (Fraction(1, 10), Fraction(1, 4), Fraction(1, 2))
MAX_WHOLE_CENTS_PER_POINT = 100
# As typed: "1/4", "0.25", "0,25", "1" (no exponent, sign, NaN or Infinity; a few digits each).
_DECIMAL_TEXT = re.compile(r"([0-9]{1,4})(?:[.,]([0-9]{1,4}))?")
_FRACTION_TEXT = re.compile(r"([0-9]{1,4})/([0-9]{1,4})")
MAX_CENTS_PER_POINT_TEXT = 20


def parse_cents_per_point(text: str | int) -> Fraction:
    """ "1/4", "0.25", "0,25", "1" → an exact Fraction of a cent: 1/10, 1/4, 1/2 or 1…100."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = Fraction(text)
    elif isinstance(text, str):
        value = _exact_number(text.strip())
    else:
        raise InvalidRequest('Der Wertpunkt muss als Text angegeben werden, z. B. "1/4".')
    if value not in FRACTIONAL_CENTS_PER_POINT and not (
        value.denominator == 1 and 1 <= value <= MAX_WHOLE_CENTS_PER_POINT
    ):
        raise InvalidRequest(
            f"Einen Wertpunkt von {_shown(text)} Cent gibt es nicht: erlaubt sind 1/10, 1/4 "
            f"und 1/2 Cent oder ganze Cent von 1 bis {MAX_WHOLE_CENTS_PER_POINT}."
        )
    return value


def _exact_number(text: str) -> Fraction:
    if len(text) <= MAX_CENTS_PER_POINT_TEXT:
        if match := _FRACTION_TEXT.fullmatch(text):
            if int(match[2]) != 0:
                return Fraction(int(match[1]), int(match[2]))
        elif match := _DECIMAL_TEXT.fullmatch(text):
            whole, decimals = match[1], match[2] or ""
            return Fraction(int(whole + decimals), 10 ** len(decimals))
    raise InvalidRequest(
        f"Der Wertpunkt {_shown(text)} ist keine kurze Zahl: bitte z. B. „1/10“, „1/4“, "
        "„0,5“ oder „1“ angeben."
    )


def _shown(text: object) -> str:
    """The refused input in a message, cut short: a message never repeats a whole upload."""
    shown = str(text)
    return f"„{shown[:MAX_CENTS_PER_POINT_TEXT]}…“" if len(shown) > 20 else f"„{shown}“"


def format_cents(amount: Fraction) -> str:
    """Exact decimal text with at least two places ("2.4" → "2.40").

    An amount that has no finite decimal form (only with an unusual Wertpunkt such as 1/3) is
    written as a fraction, e.g. "10/3", so nothing is lost.
    """
    denominator, twos, fives = amount.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    if denominator != 1:
        return f"{amount.numerator}/{amount.denominator}"
    places = max(twos, fives, 2)
    scaled = amount * 10**places
    assert scaled.denominator == 1
    sign = "-" if scaled < 0 else ""
    digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def vergleichsrechnung(list_totals: Sequence[int], cents_per_point: Fraction) -> list[Fraction]:
    """Net cents per player when every pair settles the difference of their list totals."""
    n, total = len(list_totals), sum(list_totals)
    return [(n * own - total) * cents_per_point for own in list_totals]


def transfers(balances: Mapping[K, Fraction]) -> list[tuple[K, K, Fraction]]:
    """(payer, payee, amount) that square all balances with as few payments as possible.

    Up to EXACT_LIMIT players the result is a true minimum: the players are split into as many
    groups that balance on their own as possible (each group of k needs k-1 payments). Beyond
    that (a whole evening's list), the largest debtor pays the largest creditor, which needs at
    most n-1 payments.
    """
    if sum(balances.values()) != 0:
        raise InvalidRequest("Die Salden gehen nicht auf: ihre Summe ist nicht 0.")
    open_ = [(k, v) for k, v in balances.items() if v != 0]
    if len(open_) > EXACT_LIMIT:
        return _greedy_transfers(dict(open_))
    result: list[tuple[K, K, Fraction]] = []
    for group in _balanced_groups([v for _, v in open_]):
        result.extend(_greedy_transfers({open_[i][0]: open_[i][1] for i in group}))
    return result


EXACT_LIMIT = 12


def _balanced_groups(values: Sequence[Fraction]) -> list[list[int]]:
    """Partition indices into the largest number of zero-sum groups (bitmask DP)."""
    n = len(values)
    full = (1 << n) - 1
    sums = [Fraction(0)] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
        inner = max(best[mask ^ (1 << i)] for i in range(n) if mask >> i & 1)
        best[mask] = inner + (1 if sums[mask] == 0 else 0)
    groups: list[list[int]] = []
    mask = full
    current: list[int] = []
    while mask:
        if sums[mask] == 0 and current:
            groups.append(current)
            current = []
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        i = next(i for i in range(n) if mask >> i & 1 and best[mask ^ (1 << i)] == target)
        current.append(i)
        mask ^= 1 << i
    if current:
        groups.append(current)
    return groups


def _greedy_transfers(balances: dict[K, Fraction]) -> list[tuple[K, K, Fraction]]:
    debtors = {k: -v for k, v in balances.items() if v < 0}
    creditors = {k: v for k, v in balances.items() if v > 0}
    result: list[tuple[K, K, Fraction]] = []
    while debtors:
        payer = max(debtors, key=lambda k: debtors[k])
        payee = max(creditors, key=lambda k: creditors[k])
        amount = min(debtors[payer], creditors[payee])
        result.append((payer, payee, amount))
        for side, key in ((debtors, payer), (creditors, payee)):
            side[key] -= amount
            if side[key] == 0:
                del side[key]
    return result


def lost_game_fees(lost_count: int, schedule: Sequence[int]) -> int:
    """Verlustspielgeld in cents: schedule[n-1] for the n-th lost game; the last entry repeats."""
    if lost_count < 0:
        raise InvalidRequest("Die Zahl verlorener Spiele kann nicht negativ sein.")
    if not schedule:
        return 0
    listed = sum(schedule[:lost_count])
    return listed + max(0, lost_count - len(schedule)) * schedule[-1]


ROUNDING_STEPS = (1, 5, 10, 50, 100)  # cents a club may round its payout to


@dataclass(frozen=True, slots=True)
class RoundedPayout:
    """What each party pays or receives in whole cents, and the Kasse's share.

    `amounts` are multiples of the rounding step (+ receives, − pays). The Kasse takes the
    rest, so `sum(amounts) + kasse == 0`; `remainder` is the part of `kasse` that rounding
    made (positive: it went to the Kasse, negative: it came from it).
    """

    amounts: tuple[int, ...]
    kasse: int
    remainder: Fraction


def rounded_payout(exact: Sequence[Fraction], step_cents: int = 1) -> RoundedPayout:
    """Each exact balance (cents, + receives) to the nearest multiple of `step_cents`, a half
    in the Kasse's favour (a receiver gets the lower amount, a payer pays the higher one); the
    Kasse balances the rest. Nothing but the rounding is taken or given: the exact Kasse
    share is −Σ exact, and `remainder` is the difference.

    >>> rounded_payout([Fraction(125), Fraction(-125)], 10)
    RoundedPayout(amounts=(120, -130), kasse=10, remainder=Fraction(10, 1))
    """
    if isinstance(step_cents, bool) or not isinstance(step_cents, int) or step_cents < 1:
        raise InvalidRequest(f"Rundung auf {step_cents!r} Cent gibt es nicht: ganze Cent ab 1.")
    amounts = tuple(rounded_to_step(Fraction(value), step_cents) for value in exact)
    kasse = -sum(amounts)
    return RoundedPayout(amounts, kasse, kasse + sum(exact, Fraction(0)))


def rounded_to_step(value: Fraction | int, step: int) -> int:
    """Cents to the nearest multiple of `step`, a half step in the Kasse's favour (a receiver
    gets the lower amount, a payer pays the higher one): the one rounding of money.

    >>> rounded_to_step(Fraction(195, 2), 1), rounded_to_step(Fraction(-141, 2), 1)
    (97, -71)
    >>> rounded_to_step(-715, 10), rounded_to_step(715, 10)
    (-720, 710)
    """
    return math.ceil(Fraction(value) / step - Fraction(1, 2)) * step


# Verlustspielgeld is set by the organiser (docs/rules.md §11): a short list of small amounts.
MAX_LOST_GAME_FEES = 10
MAX_LOST_GAME_FEE_CENTS = 500


def check_lost_game_fees(schedule: Sequence[object]) -> list[int]:
    """The fee list as whole cents; InvalidRequest for a list no club evening uses."""
    if len(schedule) > MAX_LOST_GAME_FEES:
        raise InvalidRequest(
            f"Verlustspielgeld: höchstens {MAX_LOST_GAME_FEES} Beträge (der letzte gilt für "
            f"alle weiteren verlorenen Spiele), nicht {len(schedule)}."
        )
    fees = []
    for fee in schedule:
        if isinstance(fee, bool) or not isinstance(fee, int):
            raise InvalidRequest("Verlustspielgeld: bitte ganze Cent-Beträge angeben.")
        if not 0 <= fee <= MAX_LOST_GAME_FEE_CENTS:
            raise InvalidRequest(
                f"Verlustspielgeld: jeder Betrag liegt zwischen 0 und "
                f"{MAX_LOST_GAME_FEE_CENTS} Cent, nicht {_shown(fee)}."
            )
        fees.append(fee)
    return fees
