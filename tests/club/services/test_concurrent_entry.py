"""Two Spielwarte saving at the same moment, on a real server database with real threads.

On PostgreSQL each save locks only its own table row, so two tables are entered in parallel
and nothing is lost; the same game edited twice from the same version gives one conflict.
(SQLite serialises writers with its busy timeout; its in-memory test database cannot show
that, so these tests run on the PostgreSQL leg of CI.)
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection, connections

from scoring import Declaration, Outcome
from skatclub.club.models import Game, Player, Table
from skatclub.club.services import ConflictError, record_game

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="needs a database server with row locks"
)

DIAMONDS = Declaration.from_dict({"type": "diamonds", "matadors": 1, "bid": 18})


def run_in_threads(*jobs: Callable[[], object]) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(len(jobs))  # all start together

    def wrapped(job: Callable[[], object]) -> None:
        try:
            start.wait()
            job()
        except BaseException as error:  # noqa: BLE001 - reported to the test below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=wrapped, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def declarer_for(table: Table, number: int) -> Player:
    seats = list(table.seats.select_related("player").order_by("position"))
    # Vorhand: the seat after the dealer, who is seat (number - 1) % n + 1.
    return seats[number % len(seats)].player


@pytest.mark.django_db(transaction=True)
def test_two_spielwarte_entering_different_tables_at_once_lose_nothing(
    four_table: Table, three_table: Table
) -> None:
    def enter(table: Table) -> Callable[[], None]:
        def job() -> None:
            for number in range(1, 13):
                record_game(
                    table=table,
                    number=number,
                    declarer=declarer_for(table, number),
                    declaration=DIAMONDS,
                    outcome=Outcome.from_dict({"won": number % 3 != 0}),
                    expected_version=0,
                )

        return job

    assert run_in_threads(enter(four_table), enter(three_table)) == []
    assert Game.objects.filter(table=four_table).count() == 12
    assert Game.objects.filter(table=three_table).count() == 12
    # Karo mit 1 = 18; every third game lost (-36): 8 x 18 - 4 x 36 = 0 per table.
    for table in (four_table, three_table):
        assert sum(s.list_score for s in table.seats.all()) == 0
        assert sum(s.won for s in table.seats.all()) == 8


@pytest.mark.django_db(transaction=True)
def test_the_same_game_saved_twice_at_once_gives_exactly_one_conflict(
    four_table: Table, players: dict[str, Player]
) -> None:
    first = record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=DIAMONDS,
        outcome=Outcome.from_dict({"won": True}),
    )

    def correct(declarer: Player) -> Callable[[], None]:
        def job() -> None:
            record_game(
                table=four_table,
                number=1,
                declarer=declarer,
                declaration=DIAMONDS,
                outcome=Outcome.from_dict({"won": False}),
                expected_version=first.version,
            )

        return job

    errors = run_in_threads(correct(players["carla"]), correct(players["dieter"]))
    assert len(errors) == 1 and isinstance(errors[0], ConflictError)
    game = Game.objects.get(table=four_table, number=1)
    assert game.version == 2 and game.declarer in (players["carla"], players["dieter"])
    assert four_table.changes.filter(action="update").count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_save_held_open_on_one_table_does_not_hold_up_another_table(
    four_table: Table, three_table: Table
) -> None:
    """Issue 16: FOR UPDATE over the join locked the Serie and event rows too, so every save of
    an evening waited for every other. Table 1's save is held open (its locks kept) while table
    2 saves; with a lock timeout a wait shows as an error instead of a slow test."""
    from django.db import transaction

    holding, release = threading.Event(), threading.Event()

    def hold_table_one() -> None:
        with transaction.atomic():
            record_game(
                table=four_table,
                number=1,
                declarer=declarer_for(four_table, 1),
                declaration=DIAMONDS,
                outcome=Outcome.from_dict({"won": True}),
            )
            holding.set()
            release.wait(timeout=30)

    def save_table_two() -> None:
        assert holding.wait(timeout=30)
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '2s'")
                record_game(
                    table=three_table,
                    number=1,
                    declarer=declarer_for(three_table, 1),
                    declaration=DIAMONDS,
                    outcome=Outcome.from_dict({"won": True}),
                )
        finally:
            release.set()

    assert run_in_threads(hold_table_one, save_table_two) == []
    assert Game.objects.filter(table__in=[four_table, three_table]).count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_same_game_sent_twice_at_once_from_the_table_is_stored_once_and_answered_twice(
    four_table: Table, players: dict[str, Player]
) -> None:
    """Issue 26: a double tap (or a resend racing the first send) reaches the server twice at
    the same moment; under the table's lock one saves, the other finds it saved."""
    from django.test import Client

    from skatclub.club.services import issue_link

    link = issue_link(table=four_table, user=None)
    answers: list[tuple[int, str]] = []

    def send(entry_id: str) -> Callable[[], None]:
        def job() -> None:
            post = {"number": "1", "line": "2 Kr m2 H S", "entry_id": entry_id}
            response = Client().post(f"/t/{link.token}/spiel/", post, HTTP_X_ENTRY_PARTIAL="1")
            answers.append((response.status_code, response["X-Entry-Result"]))

        return job

    assert run_in_threads(send("tap-1"), send("tap-1")) == []
    assert sorted(answers) == [(200, "already-saved"), (200, "saved")]
    # Without an id (or with two ids for the same game): the same, by the game's content.
    answers.clear()
    Game.objects.filter(table=four_table).delete()
    assert run_in_threads(send("phone-a"), send("phone-b")) == []
    assert sorted(answers) == [(200, "already-saved"), (200, "saved")]
    assert Game.objects.filter(table=four_table).count() == 1
