"""Seating a Serie through `services`: create, re-seat, re-form and swap, with the history."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from skatclub.club.models import Change, Event, Player, Round, Seat, Table
from skatclub.club.services import (
    EntryError,
    TotalLine,
    create_round,
    record_game,
    record_totals,
    reseat_tables,
    seat_round,
    swap_seats,
)
from tests.helpers.factories import make_table


def keys(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("player__key", flat=True))


def seats_log(table: Table) -> list[Change]:
    return list(table.changes.filter(action=Change.Action.SEATS).order_by("id"))


def seat_of(round_: Round, player: Player) -> Seat:
    return Seat.objects.get(round=round_, player=player)


def pick(players: dict[str, Player], *names: str) -> list[Player]:
    return [players[name] for name in names]


def test_a_new_round_is_seated_table_by_table_in_the_given_order(
    event: Event, players: dict[str, Player], spielwart: User
) -> None:
    round_ = create_round(
        event=event,
        number=1,
        tables=[pick(players, "dieter", "anna", "carla", "bernd"), pick(players, "gerd", "emil")],
        user=spielwart,
        seating="draw",
        seed="123456",
    )
    tables = list(round_.tables.order_by("number"))
    assert (round_.number, round_.seating, round_.seed) == (1, "draw", "123456")
    assert [keys(t) for t in tables] == [["dieter", "anna", "carla", "bernd"], ["gerd", "emil"]]
    assert Seat.objects.filter(round=round_, table=tables[0]).count() == 4
    # Creating the Serie is its own record: a table's first seating gets no history row.
    assert not Change.objects.filter(action=Change.Action.SEATS).exists()


def test_re_seating_a_round_logs_the_tables_that_had_players_and_dissolves_the_rest(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    seated = seat_round(
        round_=round_one,
        tables=[pick(players, "emil", "frieda", "gerd", "anna")],
        seating="standings",
    )
    round_one.refresh_from_db()
    assert [t.number for t in seated] == [1]
    assert keys(four_table) == ["emil", "frieda", "gerd", "anna"]
    assert not Table.objects.filter(pk=three_table.pk).exists()
    assert round_one.seating == "standings"
    change = seats_log(four_table)[0]
    assert change.before == ["anna", "bernd", "carla", "dieter"]
    assert change.after == ["emil", "frieda", "gerd", "anna"]


def test_re_forming_moves_a_player_and_opens_a_new_table(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    # Dieter moves to table 2 (Emil, Frieda, Gerd), table 3 opens for three late arrivals.
    reseat_tables(
        round_=round_one,
        tables={
            1: pick(players, "anna", "bernd", "carla"),
            2: pick(players, "emil", "frieda", "gerd", "dieter"),
            3: pick(players, "hanna", "ingo", "jana"),
        },
        note="Nachzügler",
    )
    new_table = round_one.tables.get(number=3)
    assert keys(four_table) == ["anna", "bernd", "carla"]
    assert keys(three_table) == ["emil", "frieda", "gerd", "dieter"]
    assert keys(new_table) == ["hanna", "ingo", "jana"]
    assert seats_log(new_table)[0].before is None
    assert seats_log(three_table)[0].note == "Nachzügler"


def test_two_players_at_two_tables_swap_and_both_tables_log_it(
    round_one: Round,
    four_table: Table,
    three_table: Table,
    players: dict[str, Player],
    spielwart: User,
) -> None:
    swap_seats(
        round_=round_one,
        first=seat_of(round_one, players["bernd"]),
        second=seat_of(round_one, players["frieda"]),
        user=spielwart,
    )
    assert keys(four_table) == ["anna", "frieda", "carla", "dieter"]
    assert keys(three_table) == ["emil", "bernd", "gerd"]
    first, second = seats_log(four_table), seats_log(three_table)
    assert len(first) == len(second) == 1
    assert first[0].note == second[0].note == "Bernd Brandt ↔ Frieda Fink"
    assert second[0].before == ["emil", "frieda", "gerd"] and first[0].user == spielwart


def test_two_players_at_one_table_swap_with_one_history_row(
    round_one: Round, four_table: Table, players: dict[str, Player]
) -> None:
    swap_seats(
        round_=round_one,
        first=seat_of(round_one, players["anna"]),
        second=seat_of(round_one, players["dieter"]),
    )
    assert keys(four_table) == ["dieter", "bernd", "carla", "anna"]
    assert len(seats_log(four_table)) == 1


def test_it_refuses_to_swap_once_a_game_is_entered(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    record_game(table=three_table, number=1, declarer=None, declaration=None, outcome=None)
    with pytest.raises(EntryError) as refused:
        swap_seats(
            round_=round_one,
            first=seat_of(round_one, players["anna"]),
            second=seat_of(round_one, players["emil"]),
        )
    assert refused.value.code == "table_started"
    assert "An Tisch 2 wird schon gespielt" in refused.value.message
    assert keys(four_table) == ["anna", "bernd", "carla", "dieter"]
    assert not Change.objects.filter(action=Change.Action.SEATS).exists()


def test_it_refuses_to_swap_at_a_table_with_paper_totals(
    round_one: Round, three_table: Table, players: dict[str, Player]
) -> None:
    # Paper list: Emil won 1 game worth 36, Frieda and Gerd played none.
    lines = [
        TotalLine(players["emil"], 36, 1, 0),
        TotalLine(players["frieda"], 0, 0, 0),
        TotalLine(players["gerd"], 0, 0, 0),
    ]
    record_totals(table=three_table, lines=lines)
    with pytest.raises(EntryError, match="nur vor dem ersten Spiel tauschen"):
        swap_seats(
            round_=round_one,
            first=seat_of(round_one, players["emil"]),
            second=seat_of(round_one, players["gerd"]),
        )
    assert keys(three_table) == ["emil", "frieda", "gerd"]


def test_it_refuses_to_re_form_a_table_that_plays_and_changes_nothing(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    record_game(table=three_table, number=1, declarer=None, declaration=None, outcome=None)
    with pytest.raises(EntryError, match="nur vor dem ersten Spiel ändern"):
        reseat_tables(
            round_=round_one,
            tables={
                1: pick(players, "anna", "bernd", "carla"),
                2: pick(players, "emil", "frieda", "gerd", "dieter"),
            },
        )
    assert keys(four_table) == ["anna", "bernd", "carla", "dieter"]
    assert three_table.games.count() == 1


def test_it_refuses_to_dissolve_a_table_that_plays(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    record_game(table=three_table, number=1, declarer=None, declaration=None, outcome=None)
    with pytest.raises(EntryError):
        seat_round(round_=round_one, tables=[pick(players, "anna", "bernd", "carla")], seating="")
    assert Table.objects.filter(pk=three_table.pk).exists()
    assert keys(four_table) == ["anna", "bernd", "carla", "dieter"]


def test_it_refuses_a_seat_of_another_round(
    event: Event, round_one: Round, four_table: Table, players: dict[str, Player]
) -> None:
    round_two = Round.objects.create(event=event, number=2)
    make_table(round_two, 1, pick(players, "anna", "bernd", "carla"))
    with pytest.raises(EntryError) as refused:
        swap_seats(
            round_=round_one,
            first=seat_of(round_one, players["anna"]),
            second=seat_of(round_two, players["bernd"]),
        )
    assert refused.value.code == "unknown_seat"
    assert keys(four_table) == ["anna", "bernd", "carla", "dieter"]


def test_seat_writes_rewrite_the_seat_sums_of_the_tables_they_touch(
    round_one: Round, four_table: Table, three_table: Table, players: dict[str, Player]
) -> None:
    # Sums left over on the seat rows; no game is entered, so the true sums are all 0.
    Seat.objects.filter(round=round_one).update(list_score=99, won=1, lost=1, score=149)
    swap_seats(
        round_=round_one,
        first=seat_of(round_one, players["bernd"]),
        second=seat_of(round_one, players["frieda"]),
    )
    sums = Seat.objects.filter(round=round_one).values_list("list_score", "won", "lost", "score")
    assert set(sums) == {(0, 0, 0, 0)}
    Seat.objects.filter(table=three_table).update(list_score=99, won=1, lost=1, score=149)
    reseat_tables(round_=round_one, tables={2: pick(players, "gerd", "bernd", "emil")})
    assert set(three_table.seats.values_list("list_score", "won", "lost", "score")) == {
        (0, 0, 0, 0)
    }
