"""Season ranking: which Serien count for each player, and who stands where.

Pure: never touches the database. Input is one result per player and Serie (anything
with `player_id`, `round_id`, `score`, `won`, `lost`: the app's standings lines fit), in the order
the Serien were played, plus the season's rule. Output is ranked rows: the players with enough
Serien (`ranked`, best first) and the others (`unranked`, same order, no place).

Rules (the Spielwart chooses one per season, `Season.ranking_rule`):
- total:   all Serien count; the ranking value is the sum of Wertungspunkte.
- average: all Serien count; the value is the sum divided by the number of Serien (exact).
- best_n:  only the best N Serien count (Streichergebnisse); the value is their sum.
`min_rounds`: a player needs at least this many Serien to be ranked.
Ties: as every ranking (`ranking.py`), with the won and lost games of the counted Serien.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, Protocol

from scoring.ranking import Strength, ranked, strength

TOTAL = "total"
AVERAGE = "average"
BEST_N = "best_n"
RULES = (TOTAL, AVERAGE, BEST_N)


class RoundResult(Protocol):
    """One player's Serie (the club app's standings lines fit)."""

    @property
    def player_id(self) -> int: ...
    @property
    def round_id(self) -> int: ...
    @property
    def score(self) -> int: ...
    @property
    def won(self) -> int: ...
    @property
    def lost(self) -> int: ...


@dataclass(frozen=True)
class SeasonRule:
    kind: str = TOTAL
    best_n: int | None = None
    min_rounds: int = 0

    def __post_init__(self) -> None:
        if self.kind not in RULES:
            raise ValueError(f"unknown ranking rule {self.kind!r}")
        if self.kind == BEST_N and (self.best_n is None or self.best_n < 1):
            raise ValueError("best_n needs a number of Serien of at least 1")

    @property
    def is_average(self) -> bool:
        return self.kind == AVERAGE

    def describe(self) -> str:
        """The rule in words, for the page above the ranking."""
        if self.kind == BEST_N:
            text = f"Gewertet werden die besten {self.best_n} Serien"
        elif self.kind == AVERAGE:
            text = "Gewertet wird der Durchschnitt der Wertungspunkte je Serie"
        else:
            text = "Gewertet wird die Summe der Wertungspunkte aller Serien"
        if self.min_rounds > 1:
            return f"{text}; mindestens {self.min_rounds} Serien für die Wertung."
        if self.min_rounds == 1:
            return f"{text}; mindestens 1 Serie für die Wertung."
        return f"{text}."


class Result(NamedTuple):
    """One Serie of a player in the season, and whether it counts for the ranking (a tuple:
    a season page builds one per player and Serie, thousands)."""

    round_id: int
    score: int
    won: int
    lost: int
    counted: bool


@dataclass
class SeasonRow:
    player_id: int
    results: list[Result]
    rounds: int
    counted_rounds: int
    total: int  # sum of the counted scores
    value: Fraction  # the ranking value: `total`, or `total / counted_rounds` for average
    won: int
    lost: int
    is_ranked: bool
    place: int | None = None
    # How far the next better place is ahead in ranking value; None for the first place.
    behind: Fraction | None = None
    to_pass: Fraction | None = None

    @property
    def counted(self) -> list[Result]:
        return [r for r in self.results if r.counted]

    @property
    def struck(self) -> list[Result]:
        return [r for r in self.results if not r.counted]


@dataclass
class SeasonRanking:
    rule: SeasonRule
    ranked: list[SeasonRow] = field(default_factory=list)
    unranked: list[SeasonRow] = field(default_factory=list)


def season_ranking(
    results: Iterable[RoundResult], rule: SeasonRule, names: Mapping[int, str] | None = None
) -> SeasonRanking:
    """Rank the players by `rule`; `names` only orders players that share a place."""
    by_player: dict[int, list[RoundResult]] = {}
    for result in results:
        by_player.setdefault(result.player_id, []).append(result)
    rows = [_row(player_id, own, rule) for player_id, own in by_player.items()]
    names = names or {}

    def name_of(row: SeasonRow) -> str:
        return f"{names.get(row.player_id, '')}\0{row.player_id:012d}"

    ranking = SeasonRanking(rule)
    placed = ranked([r for r in rows if r.is_ranked], _strength, name_of)
    ranking.ranked = _with_gaps(placed, rule)
    ranking.unranked = [row for _, row in ranked(rows, _strength, name_of) if not row.is_ranked]
    return ranking


def _row(player_id: int, results: list[RoundResult], rule: SeasonRule) -> SeasonRow:
    counted_ids = _counted(results, rule)
    marked = [
        Result(r.round_id, r.score, r.won, r.lost, index in counted_ids)
        for index, r in enumerate(results)
    ]
    counted = [r for r in marked if r.counted]
    total = sum(r.score for r in counted)
    value = Fraction(total, len(counted)) if rule.is_average and counted else Fraction(total)
    return SeasonRow(
        player_id=player_id,
        results=marked,
        rounds=len(results),
        counted_rounds=len(counted),
        total=total,
        value=value,
        won=sum(r.won for r in counted),
        lost=sum(r.lost for r in counted),
        is_ranked=len(results) >= rule.min_rounds,
    )


def _counted(results: list[RoundResult], rule: SeasonRule) -> set[int]:
    """Indexes of the counted Serien: all, or the best N (equal scores: more won, fewer lost,
    then the earlier Serie)."""
    indexes = range(len(results))
    if rule.kind != BEST_N or rule.best_n is None:
        return set(indexes)
    best = sorted(indexes, key=lambda i: (_result_strength(results[i]), i))
    return set(best[: rule.best_n])


def _strength(row: SeasonRow) -> Strength:
    return strength(row.value, row.won, row.lost)


def _result_strength(result: RoundResult) -> Strength:
    return strength(result.score, result.won, result.lost)


def _with_gaps(placed: list[tuple[int, SeasonRow]], rule: SeasonRule) -> list[SeasonRow]:
    """Each row's place and the gap to the nearest better place."""
    leader: SeasonRow | None = None  # the first row of the current place
    above: SeasonRow | None = None  # the first row of the place before
    for place, row in placed:
        row.place = place
        if leader is None or leader.place != place:
            above, leader = leader, row
        if above is not None:
            row.behind = above.value - row.value
            # Whole points: one more than the gap puts the player ahead whatever the tie-break.
            # An average has no "one more"; the player needs more than the gap.
            row.to_pass = row.behind if rule.is_average else row.behind + 1
    return [row for _, row in placed]
