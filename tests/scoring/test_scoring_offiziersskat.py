"""Offiziersskat, two players (docs/rules.md §13), all five scoring variants."""

from __future__ import annotations

import pytest

from scoring import Declaration, GameType, Outcome, Ruleset, ScoringError, valuation

OFF = Ruleset.OFFIZIERSSKAT

ROWS = [
    # (type, matadors, Augen, variant, (won, game_value, list_score, other_score)) — case ids
    (GameType.SPADES, 3, 120, "standard", (True, 176, 176, None)),  # F004: Schwarz × 4
    (GameType.CLUBS, 1, 45, "standard", (False, 24, -48, None)),  # F006
    (GameType.HEARTS, 1, 90, "standard", (True, 20, 20, None)),  # F007: 30 is not "< 30"
    (GameType.HEARTS, 1, 91, "standard", (True, 40, 40, None)),  # F008
    (GameType.GRAND, -2, 70, "standard", (True, 72, 72, None)),  # §13: (2 + 1) × 24
    (GameType.HEARTS, 1, 60, "standard", (False, 20, -40, None)),  # §13: 60:60 declarer loses
    (GameType.HEARTS, 5, 70, "extended_spitzen", (True, 60, 60, None)),  # "mit 5, gespielt 6"
    (GameType.HEARTS, 1, 95, "grundwert_only", (True, 20, 20, 0)),  # §13: Schneider × 2
    (GameType.SPADES, 1, 75, "augen", (True, 75, 75, 0)),  # F012
    (GameType.SPADES, 1, 50, "augen", (False, 70, 0, 70)),  # the winner scores his Augen
    (GameType.HEARTS, 1, 100, "points_2_3_4", (True, 3, 3, 0)),  # F014
    (GameType.HEARTS, 1, 120, "points_2_3_4", (True, 4, 4, 0)),  # F015
    (GameType.HEARTS, 1, 60, "points_2_3_4", (None, 1, 1, 1)),  # F016
    (GameType.HEARTS, 1, 40, "points_2_3_4", (False, 2, 0, 2)),  # F017
]


@pytest.mark.parametrize(
    ("game", "matadors", "points", "variant", "expected"),
    ROWS,
    ids=[f"{r[3]}: {r[0].german} {r[1]:+d} a{r[2]}" for r in ROWS],
)
def test_offiziersskat(
    game: GameType,
    matadors: int,
    points: int,
    variant: str,
    expected: tuple[bool | None, int, int, int | None],
) -> None:
    v = valuation(
        Declaration(game, matadors=matadors),
        Outcome(declarer_card_points=points),
        OFF,
        variant=variant,
    )
    assert (v.won, v.game_value, v.list_score, v.other_score) == expected


def test_the_derivation_shows_the_doubling() -> None:
    v = valuation(Declaration(GameType.SPADES, 3), Outcome(120), OFF)
    assert v.derivation == "mit 3, Spiel 4 × Pik 11 = 44, Schwarz × 4 = 176"


@pytest.mark.parametrize(
    ("declaration", "variant", "code"),
    [
        (Declaration(GameType.HEARTS, 5), "standard", "spitzen_out_of_range"),  # only jacks
        (Declaration(GameType.NULL), "standard", "invalid_request"),
        (Declaration(GameType.HEARTS, 1, kontra=True), "standard", "kontra_not_allowed"),
        (Declaration(GameType.HEARTS, 1), "bierdeckel", "invalid_request"),
    ],
)
def test_offiziersskat_refusals(declaration: Declaration, variant: str, code: str) -> None:
    with pytest.raises(ScoringError) as caught:
        valuation(declaration, Outcome(70), OFF, variant=variant)
    assert caught.value.code == code
