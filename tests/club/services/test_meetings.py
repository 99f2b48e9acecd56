"""Seating without repeat meetings: `skatclub.club.services.meetings` (pure, no database)."""

from __future__ import annotations

from itertools import combinations

import pytest

from skatclub.club.services.draw import DrawError, draw_tables
from skatclub.club.services.meetings import (
    conflicts,
    meetings,
    pair,
    repeat_summary,
    spread_tables,
)

FORTY = list(range(1, 41))


def pairs_of(tables: list[list[int]]) -> set[tuple[int, int]]:
    return {pair(a, b) for table in tables for a, b in combinations(table, 2)}


def test_meetings_count_each_pair_once_per_shared_table() -> None:
    met = meetings([[[1, 2, 3], [4, 5, 6, 7]], [[1, 2, 4, 5], [3, 6, 7]]])
    assert met[(1, 2)] == 2 and met[(4, 5)] == 2 and met[(1, 3)] == 1 and met[(1, 7)] == 0


def test_a_first_round_without_wishes_is_exactly_the_plain_draw() -> None:
    assert spread_tables(FORTY, "4711").tables == draw_tables(FORTY, "4711")


def test_the_same_players_history_and_seed_give_the_same_tables() -> None:
    met = meetings([draw_tables(FORTY, "1")])
    first = spread_tables(FORTY, "77", met=met, apart=[(1, 2)])
    again = spread_tables(list(reversed(FORTY)), "77", met=met, apart=[(2, 1)])
    assert first.tables == again.tables
    assert spread_tables(FORTY, "78", met=met).tables != first.tables


def test_three_rounds_of_forty_players_have_no_repeat_meeting() -> None:
    history: list[list[list[int]]] = []
    for number in range(3):
        spread = spread_tables(FORTY, f"seed-{number}", met=meetings(history))
        assert spread.repeats == []
        assert sorted(p for table in spread.tables for p in table) == FORTY
        assert [len(t) for t in spread.tables] == [4] * 10  # sizes from the engine
        history.append(spread.tables)
    seen = [pairs_of(tables) for tables in history]
    assert not (seen[0] & seen[1]) and not (seen[0] & seen[2]) and not (seen[1] & seen[2])


def test_declared_pairs_never_sit_together() -> None:
    apart = [(1, 2), (3, 4), (1, 3), (5, 6)]
    history: list[list[list[int]]] = []
    for number in range(3):
        spread = spread_tables(list(range(1, 14)), str(number), met=meetings(history), apart=apart)
        assert spread.together == []
        assert not {pair(*p) for p in apart} & pairs_of(spread.tables)
        history.append(spread.tables)


def test_a_pair_that_cannot_be_kept_apart_is_reported_not_hidden() -> None:
    spread = spread_tables([1, 2, 3], "1", apart=[(1, 2)])
    assert [(r.first, r.second, r.table) for r in spread.together] == [(1, 2, 1)]
    lines = spread.report(lambda p: f"S{p}")
    assert "S1 und S2 sitzen an Tisch 1, obwohl sie getrennt sitzen sollen" in lines[1]


def test_fixed_players_sit_at_their_table_in_every_round() -> None:
    history: list[list[list[int]]] = []
    for number in range(3):
        spread = spread_tables(FORTY, str(number), met=meetings(history), fixed={7: 1, 9: 10})
        assert 7 in spread.tables[0] and 9 in spread.tables[9]
        history.append(spread.tables)


def test_a_fixed_table_that_does_not_exist_is_refused_in_german() -> None:
    with pytest.raises(DrawError) as error:
        spread_tables(list(range(1, 9)), "1", fixed={1: 3})
    assert error.value.message.startswith("Tisch 3 gibt es in dieser Serie nicht")


def test_more_fixed_players_than_seats_are_refused_in_german() -> None:
    fixed = {1: 1, 2: 1, 3: 1, 4: 1, 5: 1}
    with pytest.raises(DrawError) as error:
        spread_tables(list(range(1, 9)), "1", fixed=fixed)
    assert "sollen 5 Spieler fest sitzen" in error.value.message


def test_fixed_wishes_of_absent_players_are_ignored() -> None:
    assert spread_tables(list(range(1, 9)), "1", fixed={99: 2}).tables == draw_tables(
        list(range(1, 9)), "1"
    )


def test_when_repeats_cannot_be_avoided_the_fewest_are_chosen_and_reported() -> None:
    # Seven players (4 + 3) who all met before: some pairs must meet again; the ones who met
    # twice are avoided first.
    players = list(range(1, 8))
    met = meetings([[players]])
    met[(1, 2)] = 5
    spread = spread_tables(players, "3", met=met)
    assert pair(1, 2) not in pairs_of(spread.tables)
    assert len(spread.repeats) == 6 + 3  # every pair at both tables met before
    lines = spread.report(lambda p: f"S{p}")
    assert lines[0] == "9 Paare treffen sich erneut."
    assert "(schon 1× zusammen gesessen)" in lines[1]


def test_conflicts_of_given_tables_list_repeats_per_table() -> None:
    met = meetings([[[1, 2, 3, 4]]])
    found = conflicts([[1, 5, 6, 7], [2, 3, 8, 9]], met, apart=[(8, 9)])
    assert [(r.first, r.second, r.table, r.times) for r in found.repeats] == [(2, 3, 2, 1)]
    assert [(r.first, r.second) for r in found.together] == [(8, 9)]


@pytest.mark.parametrize(
    ("count", "text"),
    [
        (0, "Keine Wiederholungen: niemand sitzt erneut mit jemandem zusammen."),
        (1, "1 Paar trifft sich erneut."),
        (2, "2 Paare treffen sich erneut."),
    ],
)
def test_the_report_starts_with_the_number_of_repeat_pairs(count: int, text: str) -> None:
    assert repeat_summary(count) == text


def test_table_sizes_come_from_the_engine_with_five_tables_when_allowed() -> None:
    spread = spread_tables(range(1, 10), "1", allow_five=True)
    assert [len(t) for t in spread.tables] == [5, 4]


def test_over_a_hundred_tournaments_repeats_are_at_least_five_times_rarer_than_at_random() -> None:
    # The benchmark (benchmarks/seating.py) runs the same comparison over 1,000 tournaments.
    apart = [(1, 2), (3, 4), (5, 6), (7, 8)]
    spread_repeats = random_repeats = 0
    for seed in range(100):
        spread_history: list[list[list[int]]] = []
        random_history: list[list[list[int]]] = []
        for number in range(3):
            met = meetings(spread_history)
            spread = spread_tables(FORTY, f"{seed}-{number}", met=met, apart=apart)
            assert spread.together == []
            spread_repeats += len(spread.repeats)
            spread_history.append(spread.tables)
            drawn = draw_tables(FORTY, f"{seed}-{number}")
            random_repeats += len(conflicts(drawn, meetings(random_history)).repeats)
            random_history.append(drawn)
    assert random_repeats > 1000  # about 13.5 per tournament
    assert spread_repeats * 5 <= random_repeats
    assert spread_repeats == 0
