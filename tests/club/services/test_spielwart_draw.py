"""The pure seating functions of `skatclub.club.services.draw` (no database)."""

from __future__ import annotations

import random

import pytest

from skatclub.club.services.draw import (
    DrawError,
    draw_tables,
    new_seed,
    propose_regrouping,
    seat_by_standings,
    table_sizes,
)


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [3, 3, 3]),  # 9 = 4a + 3b with b minimal: b = 3
        (10, [4, 3, 3]),
        (11, [4, 4, 3]),
        (13, [4, 3, 3, 3]),
        (16, [4, 4, 4, 4]),
        (17, [4, 4, 3, 3, 3]),
        (160, [4] * 40),
    ],
)
def test_it_uses_4_tables_and_as_few_3_tables_as_possible(count: int, sizes: list[int]) -> None:
    assert table_sizes(count) == sizes


@pytest.mark.parametrize(
    ("count", "sizes"),
    [
        (5, [5]),
        (9, [5, 4]),
        (10, [5, 5]),
        (13, [5, 4, 4]),
        (6, [3, 3]),  # two 5-tables need 10 players: fall back to 3-tables
        (7, [4, 3]),
        (8, [4, 4]),
    ],
)
def test_it_uses_5_tables_only_when_asked(count: int, sizes: list[int]) -> None:
    assert table_sizes(count, allow_five=True) == sizes


@pytest.mark.parametrize("count", [0, 1, 2, 5])
def test_it_refuses_counts_that_cannot_be_seated(count: int) -> None:
    with pytest.raises(DrawError) as error:
        table_sizes(count)
    assert "Spieler" in error.value.message


def test_the_same_seed_gives_the_same_draw_whatever_the_input_order() -> None:
    ids = list(range(1, 18))
    shuffled = ids[::-1]
    assert draw_tables(ids, "123456") == draw_tables(shuffled, "123456")


def test_the_draw_is_random_shuffle_of_the_sorted_ids_with_the_seed() -> None:
    ids = [5, 3, 9, 1, 7, 2, 8, 4]
    expected = sorted(ids)
    random.Random("4711").shuffle(expected)
    assert draw_tables(ids, "4711") == [expected[:4], expected[4:]]


def test_a_different_seed_gives_a_different_draw() -> None:
    ids = list(range(1, 41))
    assert draw_tables(ids, "000001") != draw_tables(ids, "000002")


def test_every_present_player_gets_exactly_one_seat() -> None:
    ids = list(range(100, 117))
    tables = draw_tables(ids, new_seed())
    assert sorted(p for t in tables for p in t) == ids
    assert [len(t) for t in tables] == [4, 4, 3, 3, 3]


def test_a_new_seed_is_six_digits() -> None:
    seed = new_seed()
    assert len(seed) == 6 and seed.isdigit()


def test_seating_by_standings_puts_the_best_four_at_table_one() -> None:
    ranked = [11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]
    assert seat_by_standings(ranked) == [[11, 12, 13, 14], [15, 16, 17, 18], [19, 20, 21]]


def test_seating_by_standings_refuses_a_player_twice() -> None:
    with pytest.raises(DrawError):
        seat_by_standings([1, 2, 3, 3])


def test_a_late_arrival_turns_a_3_table_into_a_4_table_without_moving_anyone() -> None:
    proposal = propose_regrouping([[1, 2, 3, 4], [5, 6, 7]], arrived=[8])
    assert proposal.tables == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert [(m.player_id, m.from_table, m.to_table) for m in proposal.moves] == [(8, None, 2)]


def test_a_departure_from_a_4_table_leaves_a_3_table() -> None:
    proposal = propose_regrouping([[1, 2, 3, 4], [5, 6, 7, 8]], left=[2])
    assert proposal.tables == [[1, 3, 4], [5, 6, 7, 8]]
    assert [(m.player_id, m.from_table, m.to_table) for m in proposal.moves] == [(2, 1, None)]


def test_a_late_arrival_at_two_full_tables_reforms_into_three_3_tables() -> None:
    # 9 players: 3 + 3 + 3; the two tables give up their last seat each to the new table 3.
    proposal = propose_regrouping([[1, 2, 3, 4], [5, 6, 7, 8]], arrived=[9])
    assert proposal.tables == [[1, 2, 3], [5, 6, 7], [9, 4, 8]]
    assert sorted(p for t in proposal.tables for p in t) == list(range(1, 10))


def test_a_departure_that_empties_a_table_dissolves_it_into_the_others() -> None:
    # 7 players left of 8 at 4 + 4 ... then two leave from table 2 of 4 + 3: 5 stay -> not
    # seatable without a 5-table; with 5-tables allowed: one table of 5.
    proposal = propose_regrouping([[1, 2, 3, 4], [5, 6, 7]], left=[6, 7], allow_five=True)
    assert proposal.tables == [[1, 2, 3, 4, 5], []]
    assert 2 in proposal.changed_tables


def test_regrouping_leaves_fixed_tables_alone() -> None:
    proposal = propose_regrouping([[1, 2, 3, 4], [5, 6, 7]], arrived=[8], fixed=[1])
    assert proposal.tables[0] == [1, 2, 3, 4]
    assert proposal.tables[1] == [5, 6, 7, 8]


def test_nobody_can_leave_a_table_that_is_already_playing() -> None:
    with pytest.raises(DrawError) as error:
        propose_regrouping([[1, 2, 3, 4], [5, 6, 7]], left=[2], fixed=[1])
    assert "Tisch 1" in error.value.message
