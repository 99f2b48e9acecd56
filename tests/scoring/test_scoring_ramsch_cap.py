"""The Ramsch loss cap (house rule, issue 29), and a Ramsch kept as its list recorded it."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.cli import handle
from scoring.errors import ImpossibleAugen, InvalidRequest
from scoring.ramsch import (
    MAX_LOSS_CAP,
    RamschDeal,
    RamschOptions,
    RamschScoring,
    ramsch_deal_scores,
    ramsch_result,
    ramsch_scores,
)
from scoring.recorded import literal_ramsch_scores, recorded_ramsch

# A deal of three seats: Augen summing to 120 (the loser has the most), with pushes, knocks
# and a Jungfrau or not.
augen = st.integers(min_value=41, max_value=119).flatmap(
    lambda most: st.integers(
        min_value=max(0, 121 - 2 * most), max_value=min(most - 1, 120 - most)
    ).map(lambda second: (most, second, 120 - most - second))
)
deals = st.builds(
    lambda points, pushes, knocks: RamschDeal(
        tuple(zip((1, 2, 3), points, strict=True)),
        pushes=pushes,
        knocks=knocks,
        virgins=tuple(seat for seat, p in zip((1, 2, 3), points, strict=True) if p == 0),
    ),
    augen,
    st.integers(0, 3),
    st.integers(0, 3),
)
caps = st.integers(min_value=1, max_value=MAX_LOSS_CAP)


@given(deals, caps, st.integers(0, 3))
def test_a_capped_loss_is_never_below_minus_the_cap(deal: RamschDeal, cap: int, bock: int) -> None:
    scores = ramsch_result(deal, RamschOptions(loss_cap=cap), bock=bock).scores

    assert all(score >= -cap for score in scores.values())


@given(deals, caps, st.integers(0, 3))
def test_the_cap_changes_nothing_but_the_losses_beyond_it(
    deal: RamschDeal, cap: int, bock: int
) -> None:
    free = ramsch_result(deal, RamschOptions(), bock=bock).scores
    kept = ramsch_result(deal, RamschOptions(loss_cap=cap), bock=bock).scores

    assert kept == {seat: max(score, -cap) for seat, score in free.items()}


@given(deals, st.integers(0, 3))
def test_without_a_cap_the_scores_are_unchanged(deal: RamschDeal, bock: int) -> None:
    free = ramsch_result(deal, RamschOptions(), bock=bock).scores

    assert free == {s: v * 2**bock for s, v in ramsch_deal_scores(deal, RamschOptions()).items()}


def test_the_derivation_says_the_loss_was_capped() -> None:
    deal = RamschDeal(((1, 70), (2, 50), (3, 0)), pushes=2, virgins=(3,))

    result = ramsch_result(deal, RamschOptions(loss_cap=250))

    assert result.scores == {1: -250, 2: 0, 3: 0}
    assert result.derivation == (
        "Ramsch: Platz 1 70 Augen × 2 (2× Schieben) × 2 (Jungfrau Platz 3) = -560, "
        "Verlust begrenzt auf 250 = -250"
    )


def test_the_cap_holds_after_bock_and_for_everyone_who_loses_his_own() -> None:
    options = RamschOptions(RamschScoring.EVERYONE_MINUS_OWN, loss_cap=100)

    assert ramsch_scores((55, 40, 25), (4, 4, 2), pushes=2, options=options) == (-100, -100, -100)
    assert ramsch_result(RamschDeal(((1, 90),)), RamschOptions(loss_cap=150), bock=1).scores == {
        1: -150
    }


def test_a_durchmarsch_is_a_gain_and_not_capped() -> None:
    deal = RamschDeal(((1, 120), (2, 0), (3, 0)), pushes=2, durchmarsch=1)
    options = RamschOptions(durchmarsch_multiplied=True, loss_cap=100)

    assert ramsch_result(deal, options).scores == {1: 480, 2: 0, 3: 0}


@pytest.mark.parametrize("cap", [0, -5, MAX_LOSS_CAP + 1, True, "250"])
def test_a_cap_outside_one_to_ten_thousand_is_refused(cap: object) -> None:
    with pytest.raises(InvalidRequest, match="1 bis 10000"):
        RamschOptions(loss_cap=cap)  # type: ignore[arg-type]


def test_a_recorded_ramsch_that_agrees_is_an_ordinary_ramsch() -> None:
    assert recorded_ramsch({1: -55, 2: 0}, scores={1: -55, 2: 0, 3: 0}) is None


def test_a_recorded_ramsch_that_differs_says_both_values() -> None:
    kept = recorded_ramsch({1: -250}, scores={1: -480})

    assert kept is not None and kept.scores == {1: -250}
    assert kept.reason == "Erfasst sind Platz 1 -250, nach den Regeln Platz 1 -480."


def test_a_ramsch_the_rules_refuse_keeps_the_engines_reason() -> None:
    kept = recorded_ramsch(
        {2: -250}, refusal=ImpossibleAugen("250 Augen gibt es beim Ramsch nicht.")
    )

    assert kept is not None
    assert kept.reason == "250 Augen gibt es beim Ramsch nicht. Erfasst sind Platz 2 -250."


def test_points_typed_as_augen_count_as_they_stand_within_the_cap() -> None:
    typed = RamschDeal(((2, 250),), pushes=1)

    assert literal_ramsch_scores(typed, RamschOptions()) == {2: -500}
    assert literal_ramsch_scores(typed, RamschOptions(loss_cap=250)) == {2: -250}
    three = RamschDeal(((1, 90), (2, 80), (3, 30)))
    assert literal_ramsch_scores(three, RamschOptions()) == {1: -90}


def test_the_engine_command_takes_the_cap() -> None:
    request = {
        "kind": "ramsch",
        "ruleset": "isko",
        "ramsch": {"card_points": [70, 50, 0], "tricks": [6, 4, 0], "pushes": 2, "loss_cap": 250},
    }

    assert handle(request) == {"scores": [-250, 0, 0]}
