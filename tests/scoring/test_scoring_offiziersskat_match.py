"""A match of Offiziersskat (docs/rules.md §13): who deals, who announces, what each game writes on
the list for both players, in every variant."""

from __future__ import annotations

import pytest

from scoring import Ruleset, parse_notation, valuation
from scoring.offiziersskat import (
    VARIANT_LABELS,
    VARIANT_RULES,
    VARIANTS,
    announcer_seat,
    dealer_seat,
    match_scores,
)


def scored(line: str, variant: str, seat: int) -> tuple[int, int]:
    declaration, outcome = parse_notation(line)
    return match_scores(
        valuation(declaration, outcome, Ruleset.OFFIZIERSSKAT, variant=variant), seat
    )


def test_the_deal_alternates_and_the_dealers_opponent_announces() -> None:
    assert [dealer_seat(n) for n in (1, 2, 3, 4)] == [1, 2, 1, 2]
    assert [announcer_seat(n) for n in (1, 2, 3, 4)] == [2, 1, 2, 1]


# (line, variant, declarer seat, expected (seat 1, seat 2), hand-worked from [OFF])
CASES = [
    ("Kr m2 a75", "standard", 2, (0, 36)),  # mit 2, Spiel 3 × Kreuz 12 = 36
    ("Kr m2 a95", "standard", 2, (0, 72)),  # the other has 25 < 30: Schneider × 2
    ("Gr o1 a40", "standard", 1, (-96, 0)),  # ohne 1, Spiel 2 × 24 = 48, lost doubled
    ("He m1 a120", "standard", 1, (80, 0)),  # Spiel 2 × Herz 10, Schwarz × 4
    ("Ka m3 a70", "grundwert_only", 1, (9, 0)),  # Grundwert Karo 9
    ("Ka m3 a40", "grundwert_only", 1, (0, 9)),  # lost: the other scores the Grundwert
    ("Pi m1 a83", "augen", 2, (0, 83)),  # 83 Augen
    ("Pi m1 a50", "augen", 2, (70, 0)),  # lost: the other made 70 Augen
    ("Kr m1 a95", "points_2_3_4", 1, (3, 0)),  # Schneider = 3
    ("Kr m1 a60", "points_2_3_4", 1, (1, 1)),  # 60:60: one point each
]


@pytest.mark.parametrize(
    ("line", "variant", "seat", "expected"), CASES, ids=[c[0] + " " + c[1] for c in CASES]
)
def test_each_variant_writes_what_the_seed_says(
    line: str, variant: str, seat: int, expected: tuple[int, int]
) -> None:
    assert scored(line, variant, seat) == expected


def test_every_variant_has_a_german_label_and_rule() -> None:
    assert set(VARIANT_LABELS) == set(VARIANT_RULES) == set(VARIANTS)
