"""Seeger and Seeger-Fabian points per game and per table (docs/rules.md §10)."""

from __future__ import annotations

import pytest

from scoring import InvalidRequest, Ruleset, seeger_fabian, table_scores


@pytest.mark.parametrize(
    ("list_score", "won", "size", "expected"),
    [
        (48, True, 3, (98, 0)),  # I010
        (-36, False, 3, (-86, 40)),  # I002
        (-36, False, 4, (-86, 30)),  # I002: 4-table, dealer included
        (-36, False, 5, (-86, 30)),  # 5-table uses the 4-table +30 (documented choice)
        (-142, False, 3, (-192, 40)),  # [SKB] Null ouvert lost −92 … −142 − 50
    ],
)
def test_seeger_fabian_per_game(
    list_score: int, won: bool, size: int, expected: tuple[int, int]
) -> None:
    assert seeger_fabian(list_score, won, size) == expected


def test_four_table_totals_of_the_published_round() -> None:
    # T001 ([PS-LB] 48 games): Seeger ranks B first, Seeger-Fabian ranks A first
    scores = table_scores(Ruleset.ISKO, 4, [(492, 12, 0), (628, 12, 2), (660, 10, 1), (-32, 6, 5)])
    assert scores.seeger == (1092, 1128, 1110, 18)
    assert scores.seeger_fabian == (1332, 1308, 1320, 108)


def test_three_table_totals() -> None:
    # T002
    scores = table_scores(Ruleset.ISKO, 3, [(300, 8, 1), (-100, 3, 2), (50, 2, 0)])
    assert scores.seeger_fabian == (730, -10, 270)


@pytest.mark.parametrize(("size", "rows"), [(2, [(0, 0, 0)] * 2), (3, [(0, 0, 0)] * 4)])
def test_odd_tables_are_refused(size: int, rows: list[tuple[int, int, int]]) -> None:
    with pytest.raises(InvalidRequest):
        table_scores(Ruleset.ISKO, size, rows)
