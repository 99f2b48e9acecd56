"""Two Spielwarte pressing "Neue Serie" for the same Serie: one Serie, one German message.

The form carries the Serie number the Spielwart saw; `services.start_round` numbers the Serie
under a lock on the event row, so the second press finds its Serie taken and is refused.
The threaded test needs row locks and runs on the PostgreSQL leg of CI; the double submit
runs on both databases.
"""

from __future__ import annotations

import threading

import pytest
from django.contrib.auth.models import User
from django.db import connection, connections
from django.test import Client

from skatclub.club.models import Attendance, Event, Player, Round

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
TAKEN = "wurde eben schon angelegt"


def all_present(event: Event, players: dict[str, Player]) -> None:
    Attendance.objects.bulk_create(Attendance(event=event, player=p) for p in players.values())


def press_new_round(client: Client, number: int) -> tuple[int, str]:
    response = client.post(
        EVENT + "serie/neu/", {"seating": "draw", "seed": "7", "number": number}, follow=True
    )
    return response.status_code, response.content.decode()


def test_pressing_new_round_twice_creates_one_round_and_says_why(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    all_present(event, players)
    first = press_new_round(spielwart_client, 1)
    second = press_new_round(spielwart_client, 1)
    assert Round.objects.filter(event=event).count() == 1
    assert first[0] == second[0] == 200
    assert TAKEN not in first[1] and TAKEN in second[1]


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs row locks of a server")
@pytest.mark.django_db(transaction=True)
def test_two_spielwarte_pressing_new_round_at_once_get_one_round_and_one_message(
    spielwart: User, checker: User, event: Event, players: dict[str, Player]
) -> None:
    all_present(event, players)
    start = threading.Barrier(2)
    answers: list[tuple[int, str]] = []
    errors: list[BaseException] = []

    def press(user: User) -> None:
        client = Client()
        client.force_login(user)
        try:
            start.wait()
            answers.append(press_new_round(client, 1))
        except BaseException as error:  # noqa: BLE001 - reported by the asserts below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=press, args=(u,)) for u in (spielwart, checker)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert sorted(status for status, _ in answers) == [200, 200]
    assert sum(TAKEN in page for _, page in answers) == 1
    assert Round.objects.filter(event=event).count() == 1
