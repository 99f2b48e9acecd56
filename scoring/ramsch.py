"""Ramsch (house rule, rules.md §10): scores of a deal that everybody passed and then ramsched.

Owns `ramsch_scores` and its options. Reads each player's card points and tricks (Skat already
counted to whoever got it), the number of pushes (Schieben) and knocks (Klopfen); writes nothing.
Every push, knock and Jungfrau (a player without a trick) doubles. A Durchmarsch (one player took
every trick) scores +120, doubled by pushes/knocks only if `durchmarsch_multiplied`.
A tie for most card points needs a configured `tie_rule`; with `last_trick_loses` the tied player
who took the last trick loses, and if none of them took it all tied players lose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import (
    ImpossibleAugen,
    InvalidRequest,
    OutcomeInconsistent,
    TieRuleRequired,
    TricksInconsistent,
)

PLAYERS = 3
TRICKS = 10
MAX_DOUBLINGS = 32  # far above any real table (each player pushes/knocks once); keeps 2^n small
DURCHMARSCH = 120


class RamschScoring(StrEnum):
    LOSER_ONLY = "loser_only"  # the player with most card points scores them negative
    EVERYONE_MINUS_OWN = "everyone_minus_own"  # seed 003: everyone scores his own negative

    def __repr__(self) -> str:
        return f"RamschScoring.{self.name}"


class TieRule(StrEnum):
    ALL_TIED_LOSE = "all_tied_lose"
    LAST_TRICK_LOSES = "last_trick_loses"

    def __repr__(self) -> str:
        return f"TieRule.{self.name}"


@dataclass(frozen=True, slots=True)
class RamschOptions:
    scoring: RamschScoring = RamschScoring.LOSER_ONLY
    tie_rule: TieRule | None = None
    durchmarsch_multiplied: bool = False


def ramsch_scores(
    card_points: Sequence[int],
    tricks: Sequence[int],
    *,
    pushes: int = 0,
    knocks: int = 0,
    options: RamschOptions = RamschOptions(),  # noqa: B008 - frozen, so sharing it is safe
    last_trick: int | None = None,
) -> tuple[int, ...]:
    """One signed score per player, in the given order."""
    _check(card_points, tricks, pushes, knocks, last_trick)
    doublings = pushes + knocks
    if TRICKS in tricks:  # one player took every trick
        factor = 2**doublings if options.durchmarsch_multiplied else 1
        return tuple(DURCHMARSCH * factor if t == TRICKS else 0 for t in tricks)
    factor = 2 ** (doublings + sum(1 for t in tricks if t == 0))
    if options.scoring is RamschScoring.EVERYONE_MINUS_OWN:
        return tuple(-points * factor for points in card_points)
    losers = _losers(card_points, options.tie_rule, last_trick)
    return tuple(-p * factor if i in losers else 0 for i, p in enumerate(card_points))


def _losers(
    card_points: Sequence[int], tie_rule: TieRule | None, last_trick: int | None
) -> set[int]:
    most = max(card_points)
    tied = {i for i, points in enumerate(card_points) if points == most}
    if len(tied) == 1:
        return tied
    if tie_rule is None:
        raise TieRuleRequired(
            f"Gleichstand mit {most} Augen: im Club muss geregelt sein, wer verliert "
            "(alle Gleichen oder wer den letzten Stich hat)."
        )
    if tie_rule is TieRule.LAST_TRICK_LOSES:
        if last_trick is None:
            raise InvalidRequest(
                "Bei Gleichstand fehlt, wer den letzten Stich hatte („last_trick“)."
            )
        if last_trick in tied:
            return {last_trick}
    return tied


def _check(
    card_points: Sequence[int],
    tricks: Sequence[int],
    pushes: int,
    knocks: int,
    last_trick: int | None,
) -> None:
    if len(card_points) != PLAYERS or len(tricks) != PLAYERS:
        raise InvalidRequest("Ramsch wird zu dritt gespielt: je 3 Augen- und Stichzahlen angeben.")
    if not (0 <= pushes <= MAX_DOUBLINGS and 0 <= knocks <= MAX_DOUBLINGS):
        raise InvalidRequest(f"Schieben und Klopfen: je 0 bis {MAX_DOUBLINGS} mal.")
    if last_trick is not None and not 0 <= last_trick < PLAYERS:
        raise InvalidRequest(f"Den letzten Stich hat Spieler 0, 1 oder 2, nicht {last_trick}.")
    if any(not 0 <= p <= 120 for p in card_points):
        raise ImpossibleAugen("Augen gehen von 0 bis 120.")
    if sum(card_points) != 120:
        raise OutcomeInconsistent(f"Die Augen ergeben {sum(card_points)} statt 120.")
    if any(t < 0 for t in tricks) or sum(tricks) != TRICKS:
        raise TricksInconsistent(f"Die Stiche ergeben {sum(tricks)} statt {TRICKS}.")
