"""Ramsch as a house rule (docs/rules.md §12.3, docs/spec/engine-cli.md "kind": "ramsch")."""

from __future__ import annotations

import pytest

from scoring import RamschOptions, RamschScoring, TieRule, TieRuleRequired, ramsch_scores
from scoring.errors import OutcomeInconsistent, TricksInconsistent

ROWS = [
    # (card points, tricks, pushes, knocks, options, expected) — case ids
    ((55, 40, 25), (4, 4, 2), 0, 0, RamschOptions(), (-55, 0, 0)),  # R001
    ((55, 40, 25), (4, 4, 2), 1, 0, RamschOptions(), (-110, 0, 0)),  # R002
    ((70, 50, 0), (6, 4, 0), 2, 0, RamschOptions(), (-560, 0, 0)),  # R003: Jungfrau doubles
    ((120, 0, 0), (10, 0, 0), 0, 0, RamschOptions(), (120, 0, 0)),  # R004: Durchmarsch
    ((48, 42, 30), (4, 3, 3), 1, 1, RamschOptions(), (-192, 0, 0)),  # R005
    ((120, 0, 0), (10, 0, 0), 2, 0, RamschOptions(durchmarsch_multiplied=True), (480, 0, 0)),
    ((120, 0, 0), (10, 0, 0), 2, 0, RamschOptions(), (120, 0, 0)),  # not multiplied by default
    (  # [LEAF]: everyone scores his own Augen negative
        (55, 40, 25),
        (4, 4, 2),
        0,
        0,
        RamschOptions(scoring=RamschScoring.EVERYONE_MINUS_OWN),
        (-55, -40, -25),
    ),
    ((50, 50, 20), (4, 4, 2), 0, 0, RamschOptions(tie_rule=TieRule.ALL_TIED_LOSE), (-50, -50, 0)),
]


@pytest.mark.parametrize(("points", "tricks", "pushes", "knocks", "options", "expected"), ROWS)
def test_ramsch_scores(
    points: tuple[int, int, int],
    tricks: tuple[int, int, int],
    pushes: int,
    knocks: int,
    options: RamschOptions,
    expected: tuple[int, int, int],
) -> None:
    assert ramsch_scores(points, tricks, pushes=pushes, knocks=knocks, options=options) == expected


def test_a_tie_needs_a_configured_rule() -> None:
    with pytest.raises(TieRuleRequired):
        ramsch_scores((50, 50, 20), (4, 4, 2))


def test_the_tied_player_with_the_last_trick_loses() -> None:
    options = RamschOptions(tie_rule=TieRule.LAST_TRICK_LOSES)
    assert ramsch_scores((50, 50, 20), (4, 4, 2), options=options, last_trick=1) == (0, -50, 0)
    # if nobody of the tied took the last trick, all tied players lose
    assert ramsch_scores((50, 50, 20), (4, 4, 2), options=options, last_trick=2) == (-50, -50, 0)


def test_augen_and_tricks_must_add_up() -> None:
    with pytest.raises(OutcomeInconsistent):
        ramsch_scores((50, 50, 30), (4, 4, 2))
    with pytest.raises(TricksInconsistent):
        ramsch_scores((50, 50, 20), (4, 4, 3))
