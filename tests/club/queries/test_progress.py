"""`queries.progress`: one table's progress (next game, complete, state, dealer) for every page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import dealer_position
from skatclub.club import services
from skatclub.club.models import Round, Table
from skatclub.club.queries.progress import (
    TableProgress,
    TableState,
    annotated_progress,
    next_game_number,
    progress_of,
    status_text,
    table_progress,
    with_progress,
)
from tests.helpers.factories import enter
from tests.helpers.signing import sign_at_table


def round_length(table: Table, games: int) -> None:
    """The event's Serie at a 4-table has `games` games (short lists keep the tests quick)."""
    event = table.round.event
    event.games_per_round = {**event.games_per_round, "4": games}
    event.save()


def both(table: Table) -> TableProgress:
    """The table's progress, read by every reader, which agree."""
    (many,) = table_progress(Table.objects.filter(pk=table.pk))
    (annotated,) = with_progress(Table.objects.filter(pk=table.pk))
    assert progress_of(table) == many == annotated_progress(annotated)
    return many


def enter_passed(table: Table, numbers: list[int]) -> None:
    for number in numbers:
        enter(table, number, None)


@pytest.mark.parametrize(
    ("taken", "expected", "next_number"),
    [
        ([], 6, 1),
        ([1], 6, 2),
        ([1, 2, 3], 6, 4),
        ([2, 3], 6, 1),  # game 1 deleted: it comes first
        ([1, 2, 4, 5], 6, 3),
        ([1, 2, 3, 4, 5, 6], 6, None),
        ([1, 2, 3, 4, 5, 7, 8], 6, 6),  # the Serie was shortened from 8 to 6 games
        ([1, 2, 3, 4, 5, 6, 8], 6, None),  # a gap above the Serie's length is no gap
    ],
)
def test_both_readers_and_the_rule_agree_on_the_next_game(
    four_table: Table, taken: list[int], expected: int, next_number: int | None
) -> None:
    """The annotated reader asks the database for the first gap, the many-table reader reads
    numbers only where the count says there is one, the one-table reader and a save's answer
    work it out from the numbers: all agree, on every other field too."""
    round_length(four_table, max([expected, *taken]))
    enter_passed(four_table, taken)
    round_length(four_table, expected)
    one = progress_of(Table.objects.select_related("round__event").get(pk=four_table.pk))
    (many,) = table_progress(Table.objects.filter(pk=four_table.pk))
    (annotated,) = with_progress(Table.objects.filter(pk=four_table.pk))
    assert one == many == annotated_progress(annotated)
    assert one.next_number == next_number == next_game_number(set(taken), expected)


def test_a_list_that_reaches_its_length_but_misses_a_game_is_not_complete(
    four_table: Table, spielwart: User
) -> None:
    """The board and signing once counted games: 6 games of a 6-game Serie were complete even
    when game 6 was missing (the Serie had been shortened after games 7 and 8)."""
    round_length(four_table, 8)
    enter_passed(four_table, [1, 2, 3, 4, 5, 7])
    round_length(four_table, 6)
    progress = both(four_table)
    assert (progress.games, progress.expected) == (6, 6)
    assert not progress.is_complete and progress.state == TableState.PLAYING
    assert progress.next_number == 6
    link = services.issue_link(table=four_table, user=spielwart)
    with pytest.raises(services.EntryError, match="erst nach dem letzten Spiel"):
        sign_at_table(link=link, player=four_table.seats.get(position=1).player)


def test_a_table_goes_from_waiting_to_confirmed(
    four_table: Table, spielwart: User, checker: User
) -> None:
    round_length(four_table, 2)
    assert both(four_table).state == TableState.WAITING
    enter_passed(four_table, [1])
    assert both(four_table).state == TableState.PLAYING
    enter_passed(four_table, [2])
    progress = both(four_table)
    assert progress.state == TableState.COMPLETE and progress.takes_signatures
    assert progress.next_number is None and progress.next_dealer is None
    link = services.issue_link(table=four_table, user=spielwart)
    for seat in four_table.seats.all():
        sign_at_table(link=link, player=seat.player)
    assert both(four_table).state == TableState.SIGNED
    services.check_table(table=four_table, user=checker, confirm=True)
    progress = both(four_table)
    assert progress.state == TableState.CONFIRMED and not progress.is_changeable_at_table
    with pytest.raises(services.EntryError, match="schon geprüft"):
        sign_at_table(link=link, player=four_table.seats.get(position=1).player)


def test_a_list_entered_as_totals_is_complete_and_takes_no_games(
    four_table: Table, spielwart: User
) -> None:
    Table.objects.filter(pk=four_table.pk).update(entry=Table.Entry.TOTALS)
    progress = both(four_table)
    assert progress.is_complete and progress.state == TableState.COMPLETE
    assert progress.next_number is None and not progress.is_open
    assert not progress.takes_signatures and progress.entered == 48
    link = services.issue_link(table=four_table, user=spielwart)
    with pytest.raises(services.EntryError, match="Papierliste"):
        sign_at_table(link=link, player=four_table.seats.get(position=1).player)


def test_a_table_without_seats_waits_and_is_not_complete(round_one: Round) -> None:
    """The printouts once took a table with no seats (a Serie length of 0) for complete."""
    table = Table.objects.create(round=round_one, number=3)
    progress = both(table)
    assert (progress.expected, progress.next_number, progress.next_dealer) == (0, None, None)
    assert not progress.is_complete and progress.state == TableState.WAITING
    assert status_text([progress]) == "vorläufig: 0 von 0 Spielen"


def test_the_next_dealer_is_the_engines(four_table: Table) -> None:
    enter_passed(four_table, [1, 2, 3, 4, 5])
    progress = both(four_table)
    assert progress.next_number == 6
    assert progress.next_dealer == dealer_position(4, 6) == 2


def test_any_number_of_tables_is_read_in_the_same_few_queries(
    four_table: Table, three_table: Table, round_one: Round
) -> None:
    """Five queries (a sixth reads the numbers of the tables with a gap), whatever the number of
    tables: the projector asks for all 350 tables of a championship Serie every two seconds."""
    enter_passed(four_table, [1, 2, 3])
    enter_passed(three_table, [1])
    with CaptureQueriesContext(connection) as queries:
        progress = table_progress(round_one.tables.all())
    assert len(queries) == 5
    enter(four_table, 5, None)  # game 4 missing
    with CaptureQueriesContext(connection) as queries:
        progress = table_progress(round_one.tables.all())
    assert len(queries) == 6
    assert [(p.table_number, p.games, p.next_number, p.last_number) for p in progress] == [
        (1, 4, 4, 5),
        (2, 1, 2, 1),
    ]


def test_the_many_table_reader_agrees_with_the_annotated_one_on_every_kind_of_table(
    four_table: Table, three_table: Table, round_one: Round, checker: User
) -> None:
    """A gap, no game 1, no game at all, a list without a gap, a checked list, across Serien:
    the counting reader and the one that asks the database for the first gap agree."""
    other = services.create_round(
        event=round_one.event,
        number=2,
        tables=[[seat.player for seat in four_table.seats.all()]],
        user=checker,
    ).tables.get()
    enter_passed(four_table, [2, 3])
    enter_passed(three_table, [1, 2, 4, 6])
    services.check_table(table=three_table, user=checker, confirm=True)
    enter_passed(other, [1, 2, 3])
    tables = Table.objects.filter(round__event=round_one.event)
    annotated = [annotated_progress(t) for t in with_progress(tables).order_by("round", "number")]
    assert table_progress(tables) == annotated
    assert [(p.round_number, p.table_number, p.next_number) for p in annotated] == [
        (1, 1, 1),
        (1, 2, 3),
        (2, 1, 4),
    ]


def test_a_checked_list_that_ended_early_does_not_make_the_printout_provisional(
    four_table: Table, three_table: Table, checker: User
) -> None:
    round_length(four_table, 2)
    enter_passed(four_table, [1])  # the table stopped after one game; the Prüfer accepts it
    services.check_table(table=four_table, user=checker, confirm=True)
    for number in range(1, 37):
        enter(three_table, number, None)
    progress = table_progress(four_table.round.tables.all())
    assert status_text(progress) == "nicht geprüft: 1 von 2 Tischen"
