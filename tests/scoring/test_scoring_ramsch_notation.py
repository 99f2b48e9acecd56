"""Ramsch as the Spielliste records it (`R 1:55 2:40 3:25 s1`), worked by hand from [WEB]
("Bock- und Ramsch-Runden": Schieben, Klopfen and a Jungfrau each double; the player with the
most Augen loses them) and docs/rules.md §12.3 (Durchmarsch +120)."""

from __future__ import annotations

import pytest

from scoring import InvalidNotation, ScoringError
from scoring.notation import format_ramsch, is_ramsch, parse_ramsch
from scoring.ramsch import (
    RamschDeal,
    RamschOptions,
    RamschScoring,
    TieRule,
    ramsch_deal_scores,
    ramsch_result,
)


def scores(line: str, options: RamschOptions = RamschOptions()) -> dict[int, int]:  # noqa: B008
    return ramsch_deal_scores(parse_ramsch(line), options)


def test_a_ramsch_with_one_push_and_a_jungfrau() -> None:
    # Seat 2 has the most Augen (65); seat 3 took no trick (Jungfrau, 0 Augen); one player
    # pushed the Skat: 65 × 2 (Schieben) × 2 (Jungfrau) = 260 lost by seat 2.
    assert scores("R 1:55 2:65 3:0 s1 j3") == {1: 0, 2: -260, 3: 0}


def test_pushes_and_knocks_double_each_time() -> None:
    # 61 Augen × 2 × 2 (two pushes) × 2 (one knock) = 488.
    assert scores("R 1:61 2:30 3:29 s2 k1") == {1: -488, 2: 0, 3: 0}


def test_a_durchmarsch_scores_plus_120_for_the_player_who_took_every_trick() -> None:
    assert scores("R 1:0 2:120 3:0 d2") == {1: 0, 2: 120, 3: 0}
    multiplied = RamschOptions(durchmarsch_multiplied=True)
    assert scores("R 1:0 2:120 3:0 s1 d2", multiplied) == {1: 0, 2: 240, 3: 0}


def test_seed_003_everyone_loses_his_own_augen() -> None:
    options = RamschOptions(scoring=RamschScoring.EVERYONE_MINUS_OWN)
    assert scores("R 1:55 2:40 3:25", options) == {1: -55, 2: -40, 3: -25}


def test_the_quick_entry_names_only_the_loser() -> None:
    assert scores("R 3:58 s1") == {3: -116}


def test_a_tie_is_decided_by_the_clubs_rule() -> None:
    with pytest.raises(ScoringError, match="Gleichstand"):
        scores("R 1:50 2:50 3:20")
    last = RamschOptions(tie_rule=TieRule.LAST_TRICK_LOSES)
    assert scores("R 1:50 2:50 3:20 l2", last) == {1: 0, 2: -50, 3: 0}
    assert scores("R 1:50 2:50 3:20", RamschOptions(tie_rule=TieRule.ALL_TIED_LOSE)) == {
        1: -50,
        2: -50,
        3: 0,
    }


def test_a_jungfrau_with_augen_is_refused_in_german() -> None:
    with pytest.raises(ScoringError, match="Jungfrau"):
        scores("R 1:55 2:40 3:25 j3")


def test_augen_that_do_not_add_up_are_refused() -> None:
    with pytest.raises(ScoringError, match="120"):
        scores("R 1:55 2:40 3:20")


@pytest.mark.parametrize("line", ["R", "R 1:55 2:65", "R 1:55 2:40 3:25 x1", "R 1:55 s1 s2"])
def test_a_bad_ramsch_line_names_what_is_wrong(line: str) -> None:
    with pytest.raises(InvalidNotation):
        parse_ramsch(line)


@pytest.mark.parametrize(
    "line", ["R 1:55 2:65 3:0 s1 j3", "R 1:0 2:120 3:0 d2", "R 3:58 s1 k2", "R 1:50 2:50 3:20 l2"]
)
def test_the_ramsch_notation_round_trips(line: str) -> None:
    assert is_ramsch(line)
    assert format_ramsch(parse_ramsch(line)) == line


def test_the_result_explains_every_doubling_and_bock_doubles_once_more() -> None:
    deal = parse_ramsch("R 1:55 2:65 3:0 s1 j3")
    plain, bock = ramsch_result(deal), ramsch_result(deal, bock=1)
    assert plain.scores == {1: 0, 2: -260, 3: 0} and bock.scores[2] == -520
    assert (
        plain.derivation
        == "Ramsch: Platz 2 65 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 3) = -260"
    )
    assert bock.derivation.endswith("× 2 (Bock) = -520")


def test_a_ramsch_deal_round_trips_through_its_dict() -> None:
    deal = parse_ramsch("R 1:50 2:50 3:20 s1 k1 l2")
    assert RamschDeal.from_dict(deal.to_dict()) == deal
    with pytest.raises(ScoringError):
        RamschDeal.from_dict({"card_points": "viele"})


@pytest.mark.parametrize("line", ["R 1:61 2:30 3:29 s4", "R 1:61 2:30 3:29 k99", "R 2:61 s9"])
def test_a_ramsch_pushed_or_knocked_more_often_than_three_players_can_is_refused(
    line: str,
) -> None:
    with pytest.raises(ScoringError, match="höchstens einmal"):
        ramsch_deal_scores(parse_ramsch(line))


def test_a_ramsch_more_than_four_times_bock_is_refused() -> None:
    with pytest.raises(ScoringError, match="Bock: 0 bis 4"):
        ramsch_result(parse_ramsch("R 1:61 2:30 3:29"), bock=5)
