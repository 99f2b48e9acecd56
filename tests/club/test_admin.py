"""The admin shows what results are made of, but cannot change it: seat sums, scores, games,
second signatures and the history are written by the services only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from skatclub.club.models import Seat, Table
from tests.helpers.factories import enter


@pytest.fixture
def admin_client(client: Client, db: None) -> Client:
    client.force_login(User.objects.create_superuser("admin", password="x" * 20))
    return client


def test_the_admin_shows_a_table_with_its_seats_and_games(
    admin_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    page = admin_client.get(f"/admin/club/table/{four_table.pk}/change/").content.decode()
    assert "Kr m2 H S" in page and "Wertungspunkte" in page


def test_the_admin_cannot_change_a_table_or_its_seats(
    admin_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    before = list(Seat.objects.filter(table=four_table).values_list("score", flat=True))
    response = admin_client.post(
        f"/admin/club/table/{four_table.pk}/change/",
        {"number": 9, "entry": "totals", "check_status": "confirmed"},
    )
    four_table.refresh_from_db()
    assert response.status_code == 403
    assert (four_table.number, four_table.check_status) == (1, Table.Check.OPEN)
    assert list(Seat.objects.filter(table=four_table).values_list("score", flat=True)) == before


@pytest.mark.parametrize("model", ["round", "table", "change"])
def test_nothing_results_are_made_of_can_be_added_in_the_admin(
    admin_client: Client, model: str
) -> None:
    assert admin_client.get(f"/admin/club/{model}/add/").status_code == 403
