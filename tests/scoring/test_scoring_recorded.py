"""Games as the list recorded them (`scoring.recorded_game`): kept value, won/lost and reason."""

from __future__ import annotations

import pytest

from scoring import (
    Ruleset,
    ScoringError,
    parse_notation,
    recorded_game,
    valuation,
)
from scoring.recorded import MAX_RECORDED_LIST_SCORE


def refusal(notation: str) -> ScoringError:
    with pytest.raises(ScoringError) as refused:
        valuation(*parse_notation(notation), Ruleset.ISKO)
    return refused.value


def test_a_record_that_agrees_with_the_rules_is_no_deviation() -> None:
    # Kreuz mit 2, Spiel 3 × 12 = 36 (docs/rules.md §3, §5.1).
    assert recorded_game(36, True, valuation=valuation(*parse_notation("Kr m2"))) is None


def test_won_but_overbid_keeps_the_recorded_value_with_the_engines_refusal() -> None:
    # Karo mit 1 at 20: Spiel 2 × 9 = 18 < 20, überreizt, the list says won +18 (measurements.md).
    kept = recorded_game(18, True, refusal=refusal("Ka m1 r20"))

    assert kept is not None
    assert (kept.list_score, kept.won, kept.engine_list_score) == (18, True, None)
    assert "überreizt" in kept.reason and "gewonnen" in kept.reason


def test_a_value_that_differs_from_the_spielwert_names_both_and_the_derivation() -> None:
    kept = recorded_game(48, None, valuation=valuation(*parse_notation("Kr m2")))

    assert kept is not None
    assert (kept.list_score, kept.won, kept.engine_list_score) == (48, True, 36)
    assert kept.reason == (
        "Erfasst sind +48 Spielpunkte (gewonnen), nach den Regeln +36 "
        "(gewonnen: mit 2, Spiel 3 × Kreuz 12 = 36)."
    )


def test_a_recorded_loss_of_a_game_the_rules_call_won_deviates() -> None:
    kept = recorded_game(-72, False, valuation=valuation(*parse_notation("Kr m2")))

    assert kept is not None and kept.won is False and "verloren" in kept.reason


@pytest.mark.parametrize(
    ("list_score", "won"),
    [(18, False), (-36, True), (0, None), (0, True), (MAX_RECORDED_LIST_SCORE + 1, True)],
    ids=["lost-positive", "won-negative", "zero-unknown", "won-zero", "too-large"],
)
def test_a_record_that_contradicts_itself_cannot_be_kept(list_score: int, won: bool | None) -> None:
    with pytest.raises(ScoringError) as refused:
        recorded_game(list_score, won, refusal=refusal("Ka m1 r20"))

    assert refused.value.code == "record_inconsistent"


def test_it_needs_exactly_one_verdict() -> None:
    with pytest.raises(ValueError):
        recorded_game(18, True)
