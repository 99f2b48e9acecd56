"""What paper totals can hold: `scoring.plausibility` (no database).

Worked cases: the limits follow from the game values (docs/rules.md §4, §5, §14; the Reizwert
list `tests/scoring/data/bidding_values.txt`): the smallest game is Karo mit/ohne 1 = 18, the
largest Grand ouvert (ISkO 264, Preisskat 360); a lost game counts double (ISkO) or, Hand, single
(Preisskat, Karo Hand mit 1 = 27).
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import (
    ALL_HOUSE_RULES,
    Declaration,
    GameType,
    HouseRules,
    ImplausibleTotals,
    Outcome,
    Ruleset,
    ScoringError,
    check_paper_totals,
    game_range,
    legal_bids,
    valuation,
)
from tests.helpers.hypothesis_profiles import examples

ISKO, PREISSKAT = Ruleset.ISKO, Ruleset.PREISSKAT


@pytest.mark.parametrize(
    ("ruleset", "score", "won", "lost", "message"),
    [
        (ISKO, 5, 1, 0, "1 gewonnenes Spiel bringt mindestens 18 Spielpunkte, hier stehen 5."),
        (
            ISKO,
            1000,
            1,
            0,
            "1 gewonnenes Spiel bringt höchstens 264 Spielpunkte, hier stehen 1000.",
        ),
        (ISKO, -10, 0, 1, "1 verlorenes Spiel kostet mindestens 36 Spielpunkte, hier stehen -10."),
        (
            ISKO,
            -600,
            0,
            1,
            "1 verlorenes Spiel kostet höchstens 528 Spielpunkte, hier stehen -600.",
        ),
        (ISKO, 19, 1, 0, "19 ist kein Spielwert eines gewonnenen Spiels."),
        (ISKO, 360, 1, 0, "1 gewonnenes Spiel bringt höchstens 264 Spielpunkte, hier stehen 360."),
        (ISKO, -27, 0, 1, "1 verlorenes Spiel kostet mindestens 36 Spielpunkte, hier stehen -27."),
        (ISKO, -37, 0, 1, "-37 kann kein verlorenes Spiel ergeben."),
        (
            ISKO,
            100,
            9,
            0,
            "9 gewonnene Spiele ergeben zwischen 162 und 2376 Spielpunkte, hier stehen 100.",
        ),
        (
            ISKO,
            2000,
            2,
            1,
            "2 gewonnene und 1 verlorenes Spiel ergeben zwischen -492 und 492 Spielpunkte, "
            "hier stehen 2000.",
        ),
        (
            ISKO,
            200,
            1,
            3,
            "1 gewonnenes und 3 verlorene Spiele ergeben zwischen -1566 und 156 Spielpunkte, "
            "hier stehen 200.",
        ),
        (
            PREISSKAT,
            -20,
            0,
            1,
            "1 verlorenes Spiel kostet mindestens 27 Spielpunkte, hier stehen -20.",
        ),
    ],
    ids=[
        "1 won game worth 5",
        "1000 from one game",
        "-10 for one lost game",
        "-600 for one lost game",
        "19 is no game value",
        "360 is Preisskat only",
        "-27 is a Preisskat Hand loss",
        "-37 is no lost game",
        "9 won games worth 100",
        "2 won 1 lost worth 2000",
        "1 won 3 lost worth 200",
        "Preisskat -20 for one lost game",
    ],
)
def test_impossible_paper_totals_are_refused_in_german(
    ruleset: Ruleset, score: int, won: int, lost: int, message: str
) -> None:
    with pytest.raises(ImplausibleTotals) as refused:
        check_paper_totals(ruleset, score, won, lost)
    assert refused.value.message == message
    assert refused.value.code == "implausible_totals"


@pytest.mark.parametrize(
    ("ruleset", "score", "won", "lost"),
    [
        (ISKO, 18, 1, 0),  # Karo mit 1
        (ISKO, 264, 1, 0),  # Grand ouvert mit 4
        (ISKO, -36, 0, 1),  # Karo mit 1 lost
        (ISKO, -528, 0, 1),  # Grand ouvert mit 4 lost
        (ISKO, -66, 0, 1),  # Pik überreizt at 23 (I038)
        (PREISSKAT, 360, 1, 0),  # Grand ouvert mit 4, base 36
        (PREISSKAT, -27, 0, 1),  # Karo Hand mit 1 lost, single
        (ISKO, 540, 9, 1),  # the archive format's example
        (ISKO, -60, 3, 3),
        (ISKO, 0, 0, 0),
    ],
)
def test_sums_that_games_can_give_pass(ruleset: Ruleset, score: int, won: int, lost: int) -> None:
    check_paper_totals(ruleset, score, won, lost)


def test_the_limits_come_from_the_game_values() -> None:
    isko, preisskat = game_range(ISKO), game_range(PREISSKAT)
    assert (isko.won_min, isko.won_max, isko.lost_max, isko.lost_min) == (18, 264, -36, -528)
    assert (preisskat.won_max, preisskat.lost_max, preisskat.lost_min) == (360, -27, -720)
    assert sorted(isko.won_values) == list(legal_bids(ISKO))


def test_house_rules_double_the_limits_per_kontra_re_and_bock() -> None:
    limits = game_range(ISKO, ALL_HOUSE_RULES)
    assert limits.won_max == 264 * 2 * 2 * 2 * 2  # Kontra, Re, two Bock doublings
    check_paper_totals(ISKO, 96, 1, 0, ALL_HOUSE_RULES)  # Grand mit 1 Kontra
    with pytest.raises(ImplausibleTotals):
        check_paper_totals(ISKO, 96 * 64, 1, 0, ALL_HOUSE_RULES)


SUITS = [GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS, GameType.GRAND]


@st.composite
def games(draw: st.DrawFn) -> tuple[Declaration, Outcome]:
    game = draw(st.sampled_from([*SUITS, GameType.NULL]))
    bid = draw(st.sampled_from([b for b in legal_bids(ISKO) if b <= 96]))
    hand = draw(st.booleans())
    if game is GameType.NULL:
        return Declaration(game, hand=hand, bid=min(bid, 23)), Outcome(won=draw(st.booleans()))
    matadors = draw(st.sampled_from([1, 2, 3, 4, -1, -2, -3, -4]))
    points = draw(st.integers(0, 120).filter(lambda p: p not in (1, 119)))
    return Declaration(game, matadors, hand, bid=bid), Outcome(declarer_card_points=points)


@settings(max_examples=examples(200))
@given(st.lists(games(), min_size=1, max_size=12))
def test_the_sums_of_any_valued_games_are_always_plausible(
    played: list[tuple[Declaration, Outcome]],
) -> None:
    total = won = lost = 0
    for declaration, outcome in played:
        try:
            valued = valuation(declaration, outcome, ISKO)
        except ScoringError:
            continue
        total += valued.list_score
        won += bool(valued.won)
        lost += not valued.won
    check_paper_totals(ISKO, total, won, lost)


def test_with_ramsch_minus_points_only_the_upper_bound_is_checked() -> None:
    ramsch = HouseRules(kontra_re=False, bock=False, ramsch=True)
    check_paper_totals(ISKO, 18 - 55, 1, 0, ramsch)  # a won Karo and a lost Ramsch of 55
    with pytest.raises(ImplausibleTotals):
        check_paper_totals(ISKO, 1000, 1, 0, ramsch)
