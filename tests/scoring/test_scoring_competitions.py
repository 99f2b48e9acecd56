"""Tandem and Mannschaft rankings, qualification for a final and season bonus points
(`scoring/competitions.py`), against cases worked out by hand in
`tests/scoring/data/competitions.jsonl` (issue 43)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from scoring.competitions import (
    Absent,
    BonusRule,
    Competition,
    CompetitionError,
    CutTie,
    Group,
    Kind,
    Ranked,
    bonus_points,
    qualified,
    rank_groups,
)

CASES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "competitions.jsonl").read_text().splitlines()
    if line.strip()
]


class Line(NamedTuple):
    player_id: int
    round_id: int
    score: int
    won: int
    lost: int


def ranked_case(case: dict[str, Any]) -> list[Any]:
    declared = case["competition"]
    competition = Competition(Kind(declared["kind"]), declared["size"], Absent(declared["absent"]))
    groups = [Group(key, name, tuple(members)) for key, name, members in case["groups"]]
    results = [Line(*row) for row in case["results"]]
    return rank_groups(competition, groups, results, case["rounds"])


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_every_worked_competition_case_ranks_as_worked_out_by_hand(case: dict[str, Any]) -> None:
    rows = ranked_case(case)
    found = [[r.group.key, r.place, r.score, r.won, r.lost, r.complete] for r in rows]
    assert found == case["expect"], case["why"]
    for key, derivation in case.get("derivation", {}).items():
        assert next(r for r in rows if r.group.key == key).derivation == derivation


def test_a_tandem_is_two_players_and_a_team_two_to_eight() -> None:
    with pytest.raises(CompetitionError, match="genau zwei"):
        Competition(Kind.TANDEM, 3)
    with pytest.raises(CompetitionError, match="2 bis 8 Spieler, nicht 9"):
        Competition(Kind.TEAM, 9)
    assert "Mannschaft (4)" in Competition(Kind.TEAM, 4).describe()


def test_a_group_of_the_wrong_size_or_a_player_in_two_groups_is_refused() -> None:
    tandem = Competition(Kind.TANDEM)
    with pytest.raises(CompetitionError, match="Tandem Drei hat 3 Spieler, verlangt sind 2"):
        rank_groups(tandem, [Group("d", "Drei", (1, 2, 3))], [], [1])
    twice = [Group("a", "Anna & Bernd", (1, 2)), Group("b", "Anna & Carla", (1, 3))]
    with pytest.raises(CompetitionError, match="in Anna & Bernd und in Anna & Carla"):
        rank_groups(tandem, twice, [], [1])


def ranking(*rows: tuple[int, int, int, int, int]) -> list[Ranked]:
    return [Ranked(player, place, value, won, lost) for player, place, value, won, lost in rows]


# Six players after the Vorrunde; 4 and 5 are equal in every tie-break at the cut of four.
VORRUNDE = ranking(
    (1, 1, 3000, 20, 5),
    (2, 2, 2800, 18, 4),
    (3, 3, 2500, 15, 6),
    (4, 4, 2000, 12, 7),
    (5, 4, 2000, 12, 7),
    (6, 6, 1900, 14, 3),
)


def test_the_best_four_go_on_and_all_equal_at_the_cut_go_with_them() -> None:
    assert qualified(VORRUNDE, 4, CutTie.ALL) == [1, 2, 3, 4, 5]
    assert qualified(VORRUNDE, 3, CutTie.ALL) == [1, 2, 3]


def test_the_drawn_lot_decides_between_players_equal_at_the_cut() -> None:
    assert qualified(VORRUNDE, 4, CutTie.LOT, lot=[5, 4]) == [1, 2, 3, 5]
    assert qualified(VORRUNDE, 4, CutTie.LOT, lot=[4, 5]) == [1, 2, 3, 4]
    with pytest.raises(CompetitionError, match="das Los fehlt für 1 von ihnen"):
        qualified(VORRUNDE, 4, CutTie.LOT, lot=[4])


def test_a_final_for_more_than_the_field_takes_everyone_in_ranking_order() -> None:
    assert qualified(VORRUNDE, 12, CutTie.LOT) == [1, 2, 3, 4, 5, 6]
    with pytest.raises(CompetitionError):
        qualified(VORRUNDE, 0, CutTie.ALL)


def test_bonus_points_count_whole_euros_and_rounds_played_against_the_threshold() -> None:
    rule = BonusRule(per_euro=1, per_round=5, threshold=75)
    # 7: 60 € (6 × 10 €) and 3 Serien: 60 + 15 = 75, entitled; 8: 59,99 € counts 59 and
    # 2 Serien: 59 + 10 = 69, not; 9: no Startgeld, 20 Serien: 100.
    found = bonus_points(rule, {7: 6000, 8: 5999}, {7: 3, 8: 2, 9: 20})
    assert [(b.player_id, b.points, b.entitled) for b in found] == [
        (9, 100, True),
        (7, 75, True),
        (8, 69, False),
    ]
    assert found[1].derivation == "60 € × 1 + 3 Serien × 5 = 75"
