"""The season rules of `scoring/season.py` on hand-worked examples (no database)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from scoring.season import AVERAGE, BEST_N, TOTAL, SeasonRule, season_ranking


@dataclass(frozen=True)
class R:
    """One player's Serie: the same attributes `standings.Line` has."""

    player_id: int
    round_id: int
    score: int
    won: int = 0
    lost: int = 0


A, B, C, D = 1, 2, 3, 4
NAMES = {A: "Anna", B: "Bernd", C: "Carla", D: "Dieter"}


def results(table: dict[int, list[int]]) -> list[R]:
    """Player -> scores of Serie 1, 2, ... (won/lost 0 unless a test needs them)."""
    return [
        R(player, round_id, score)
        for player, scores in table.items()
        for round_id, score in enumerate(scores, start=1)
    ]


def test_total_adds_every_round() -> None:
    # Anna 1000 + 800 + 600 = 2400; Bernd 900 + 900 + 900 = 2700; Carla 1500 = 1500
    ranking = season_ranking(
        results({A: [1000, 800, 600], B: [900, 900, 900], C: [1500]}), SeasonRule(TOTAL)
    )
    assert [(r.player_id, r.total, r.place) for r in ranking.ranked] == [
        (B, 2700, 1),
        (A, 2400, 2),
        (C, 1500, 3),
    ]
    assert ranking.unranked == []


def test_average_divides_by_the_number_of_rounds_exactly() -> None:
    # Anna (1000 + 800 + 600) / 3 = 800; Bernd (900 + 901) / 2 = 900.5; Carla 1500 / 1 = 1500
    ranking = season_ranking(
        results({A: [1000, 800, 600], B: [900, 901], C: [1500]}), SeasonRule(AVERAGE)
    )
    assert [(r.player_id, r.value) for r in ranking.ranked] == [
        (C, Fraction(1500)),
        (B, Fraction(1801, 2)),
        (A, Fraction(800)),
    ]
    # Bernd is 1500 - 900.5 = 599.5 behind in average; he needs more than that
    assert ranking.ranked[1].to_pass == Fraction(1199, 2)


def test_best_n_strikes_the_worst_rounds() -> None:
    # best 2: Anna 1000 + 800 = 1800 (600 struck); Bernd 900 + 900 = 1800 (900 struck)
    # Carla 2000 + 100 = 2100 (no third Serie, both count)
    ranking = season_ranking(
        results({A: [1000, 600, 800], B: [900, 900, 900], C: [2000, 100]}),
        SeasonRule(BEST_N, best_n=2),
    )
    carla, anna, bernd = ranking.ranked
    assert (carla.player_id, carla.total, carla.struck) == (C, 2100, [])
    assert anna.total == 1800
    assert [r.score for r in anna.counted] == [1000, 800]
    assert [(r.round_id, r.score) for r in anna.struck] == [(2, 600)]
    # Bernd's three equal Serien: the earliest two count, the third is struck
    assert [r.round_id for r in bernd.struck] == [3]
    # Anna and Bernd share place 2 (equal value, won, lost)
    assert (anna.place, bernd.place) == (2, 2)


def test_players_below_the_minimum_are_listed_separately() -> None:
    # min 2 Serien: Carla (1 Serie, 1500) is not ranked although her total is highest
    ranking = season_ranking(
        results({A: [1000, 800], B: [700, 700], C: [1500]}), SeasonRule(TOTAL, min_rounds=2)
    )
    assert [r.player_id for r in ranking.ranked] == [A, B]
    assert [(r.player_id, r.place) for r in ranking.unranked] == [(C, None)]


def test_ties_go_to_more_won_then_fewer_lost_then_a_shared_place() -> None:
    # all 1000 points; Anna won 10, Bernd won 12, Carla won 12 lost 3, Dieter won 12 lost 3
    rows = [R(A, 1, 1000, 10, 0), R(B, 1, 1000, 12, 2), R(C, 1, 1000, 12, 3), R(D, 1, 1000, 12, 3)]
    ranking = season_ranking(rows, SeasonRule(TOTAL), NAMES)
    assert [(r.player_id, r.place) for r in ranking.ranked] == [(B, 1), (C, 2), (D, 2), (A, 4)]
    # equal points, lost on the tie-break: one more point passes
    assert [r.to_pass for r in ranking.ranked] == [None, 1, 1, 1]


def test_points_to_pass_are_one_more_than_the_gap_to_the_next_better_place() -> None:
    # Anna 2000, Bernd 1500, Carla 1500 (shared place 2), Dieter 1200
    ranking = season_ranking(
        results({A: [2000], B: [1500], C: [1500], D: [1200]}), SeasonRule(TOTAL), NAMES
    )
    assert [(r.place, r.to_pass) for r in ranking.ranked] == [
        (1, None),
        (2, 501),  # 2000 - 1500 + 1
        (2, 501),  # same place: passes Anna, not Bernd
        (4, 301),  # 1500 - 1200 + 1
    ]


def test_tie_break_under_best_n_uses_the_counted_rounds_only() -> None:
    # best 1: both count 1000; Anna's 1000 had 10 won, Bernd's 1000 had 12 won.
    # Anna's struck Serie with 20 won does not help her.
    rows = [R(A, 1, 1000, 10, 0), R(A, 2, 500, 20, 0), R(B, 1, 1000, 12, 0)]
    ranking = season_ranking(rows, SeasonRule(BEST_N, best_n=1, min_rounds=1))
    assert [(r.player_id, r.won, r.place) for r in ranking.ranked] == [(B, 12, 1), (A, 10, 2)]


@pytest.mark.parametrize(
    ("rule", "text"),
    [
        (
            SeasonRule(BEST_N, best_n=10, min_rounds=5),
            "Gewertet werden die besten 10 Serien; mindestens 5 Serien für die Wertung.",
        ),
        (SeasonRule(TOTAL), "Gewertet wird die Summe der Wertungspunkte aller Serien."),
        (
            SeasonRule(AVERAGE, min_rounds=1),
            "Gewertet wird der Durchschnitt der Wertungspunkte je Serie; "
            "mindestens 1 Serie für die Wertung.",
        ),
    ],
)
def test_the_rule_is_described_in_words(rule: SeasonRule, text: str) -> None:
    assert rule.describe() == text


def test_best_n_without_a_number_is_refused() -> None:
    with pytest.raises(ValueError):
        SeasonRule(BEST_N)
