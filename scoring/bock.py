"""Bockrunden (house rule, docs/rules.md §12.2): which games of a Serie are played Bock, and why.

Owns `BockRule` (what triggers a Bockrunde, how many rounds of deals it lasts, how two of them
stack), `BockFacts` (what a played game tells about triggers) and `bock_schedule` (the Bock
level of every game of a table, each with the games that caused it). Reads facts of games in
the order they were dealt; writes nothing.

Terms: a *round of deals* is one deal by every player of the table (3 games at a 3-table, 4 at
a 4-table, 5 at a 5-table); a Bockrunde of `rounds` rounds therefore covers `rounds × table
size` games, beginning with the game after the one that triggered it. Triggers ([WEB]
"Bock- und Ramsch-Runden"): all passed, a Grand Hand, a 60:60 game, a lost Kontra; clubs add a
Schneider game. "Kontra verloren" is read as: the defenders said Kontra and lost (the declarer
won the game). Stacking is the club's choice: `queue` plays a second Bockrunde after the first
(each game at most Bock once), `double` lets overlapping Bockrunden double again (Doppelbock).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.errors import InvalidRequest
from scoring.game import GameType
from scoring.table import check_table_size

MAX_ROUNDS = 4  # a Bockrunde of more than four rounds of deals is no club's rule
MAX_LEVEL = 3  # Doppelbock doubled once more is the most any club plays


class BockTrigger(StrEnum):
    ALL_PASSED = "all_passed"
    GRAND_HAND = "grand_hand"
    SIXTY_SIXTY = "sixty_sixty"
    LOST_KONTRA = "lost_kontra"
    SCHNEIDER = "schneider"

    @property
    def label(self) -> str:
        return TRIGGER_LABELS[self]

    def __repr__(self) -> str:
        return f"BockTrigger.{self.name}"


TRIGGER_LABELS = {
    BockTrigger.ALL_PASSED: "alle gepasst",
    BockTrigger.GRAND_HAND: "Grand Hand",
    BockTrigger.SIXTY_SIXTY: "60:60",
    BockTrigger.LOST_KONTRA: "Kontra verloren",
    BockTrigger.SCHNEIDER: "Schneider",
}


class Stacking(StrEnum):
    QUEUE = "queue"
    DOUBLE = "double"

    def __repr__(self) -> str:
        return f"Stacking.{self.name}"


@dataclass(frozen=True, slots=True)
class BockRule:
    """A club's Bockrunden: which events trigger one, its length in rounds of deals, stacking."""

    triggers: frozenset[BockTrigger] = frozenset()
    rounds: int = 1
    stacking: Stacking = Stacking.QUEUE

    def __post_init__(self) -> None:
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise InvalidRequest(
                f"Eine Bockrunde dauert 1 bis {MAX_ROUNDS} Runden, nicht {self.rounds}."
            )

    def describe(self) -> str:
        if not self.triggers:
            return "keine Bockrunden"
        what = ", ".join(t.label for t in BockTrigger if t in self.triggers)
        rounds = "eine Runde" if self.rounds == 1 else f"{self.rounds} Runden"
        stack = "Doppelbock" if self.stacking is Stacking.DOUBLE else "nacheinander"
        return f"Bockrunde ({rounds}, {stack}) nach: {what}"


@dataclass(frozen=True, slots=True)
class BockFacts:
    """What one dealt game tells about Bock triggers (a passed game has no type)."""

    passed_in: bool = False
    game_type: GameType | None = None
    hand: bool = False
    declarer_card_points: int | None = None
    kontra: bool = False
    won: bool | None = None
    schneider: bool = False


@dataclass(frozen=True, slots=True)
class BockGame:
    """The Bock level of one game (0 = normal, 1 = Bock, 2 = Doppelbock …) and the numbers of
    the games whose Bockrunden it belongs to."""

    level: int
    because_of: tuple[int, ...] = ()


def bock_triggers(facts: BockFacts, rule: BockRule) -> tuple[BockTrigger, ...]:
    """The rule's triggers this game sets off, in the order of `BockTrigger`."""
    found = {
        BockTrigger.ALL_PASSED: facts.passed_in,
        BockTrigger.GRAND_HAND: facts.game_type is GameType.GRAND and facts.hand,
        BockTrigger.SIXTY_SIXTY: facts.declarer_card_points == 60
        and facts.game_type is not GameType.NULL,
        BockTrigger.LOST_KONTRA: facts.kontra and facts.won is True,
        BockTrigger.SCHNEIDER: facts.schneider,
    }
    return tuple(t for t in BockTrigger if t in rule.triggers and found[t])


def bock_schedule(
    games: Sequence[BockFacts], table_size: int, rule: BockRule
) -> tuple[BockGame, ...]:
    """The Bock level of games 1..n (and of the next game, `n + 1`, the one to enter now).

    A game's own Bock level never depends on itself: a trigger starts its Bockrunde with the
    following game. Returns n + 1 entries.
    """
    check_table_size(table_size)
    length = rule.rounds * table_size
    windows: list[tuple[int, int]] = []  # (first game, game that triggered), one per Bockrunde
    for number, facts in enumerate(games, start=1):
        for _ in bock_triggers(facts, rule):
            windows.append((_next_start(windows, number, length, rule.stacking), number))
    return tuple(_level(windows, n, length) for n in range(1, len(games) + 2))


def _next_start(
    windows: list[tuple[int, int]], number: int, length: int, stacking: Stacking
) -> int:
    if stacking is Stacking.DOUBLE or not windows:
        return number + 1
    last_end = max(start + length for start, _ in windows)
    return max(number + 1, last_end)


def _level(windows: list[tuple[int, int]], number: int, length: int) -> BockGame:
    causes = tuple(cause for start, cause in windows if start <= number < start + length)
    return BockGame(min(len(causes), MAX_LEVEL), causes)
