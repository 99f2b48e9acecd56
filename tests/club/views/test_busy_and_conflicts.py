"""Issue 16: a save that meets a busy database gets "bitte gleich noch einmal" with the input
kept (never a 500), and after a conflict the entry form offers the next free game number."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError
from django.test import Client

from skatclub.club import services
from skatclub.club.models import Game, Table
from tests.helpers.factories import enter
from tests.helpers.refusals import database_fingerprint

TABLE_1 = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/"


def locked(**kwargs: object) -> None:
    raise OperationalError("database is locked")


@pytest.mark.parametrize("partial", [False, True], ids=["page", "entry.js"])
def test_a_save_on_a_locked_database_asks_to_send_again_with_the_line_kept(
    spielwart_client: Client, four_table: Table, monkeypatch: pytest.MonkeyPatch, partial: bool
) -> None:
    monkeypatch.setattr(services, "record_line", locked)
    before = database_fingerprint()
    headers: dict[str, Any] = {"HTTP_X_ENTRY_PARTIAL": "1"} if partial else {}
    response = spielwart_client.post(TABLE_1, {"line": "2 Kr m2 H S", "number": "1"}, **headers)
    page = response.content.decode()
    assert response.status_code == 503
    assert "bitte gleich noch einmal senden" in page.lower()
    assert 'value="2 Kr m2 H S"' in page
    assert database_fingerprint() == before


def test_any_other_write_on_a_locked_database_gets_the_german_busy_page(
    spielwart_client: Client, four_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "check_table", locked)
    response = spielwart_client.post(TABLE_1 + "pruefen/", {"decision": "confirm"})
    assert response.status_code == 503
    assert response["Retry-After"]
    assert "Bitte gleich noch einmal" in response.content.decode()


def test_other_database_errors_are_not_taken_for_busy(
    spielwart_client: Client, four_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(**kwargs: object) -> None:
        raise OperationalError("disk I/O error")

    monkeypatch.setattr(services, "record_line", broken)
    with pytest.raises(OperationalError):
        spielwart_client.post(TABLE_1, {"line": "2 Kr m2", "number": "1"})


def test_after_a_conflict_the_form_offers_the_next_free_game_number(
    spielwart_client: Client, four_table: Table
) -> None:
    """Somebody else saved game 1 while this form still showed it: the line is kept and the
    form now offers game 2, so sending again works (it offered game 1 again: another 422)."""
    enter(four_table, 1, 2, "Kr m1")
    response = spielwart_client.post(TABLE_1, {"line": "3 Gr o1", "number": "1"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "Spiel 1: Dieses Spiel hat inzwischen jemand anderes erfasst" in page
    assert 'name="number" value="2"' in page and 'value="3 Gr o1"' in page
    again = spielwart_client.post(TABLE_1, {"line": "3 Gr o1", "number": "2"})
    assert again.status_code == 302
    assert Game.objects.filter(table=four_table).count() == 2
