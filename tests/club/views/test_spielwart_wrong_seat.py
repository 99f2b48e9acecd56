"""Falscher Platz: the player's Serie counts 0 points and 0 games, the others keep theirs."""

from __future__ import annotations

from django.test import Client

from skatclub.club.models import Change, Event, Player, Seat, Table
from skatclub.club.queries.standings import event_standings
from tests.helpers.factories import play_three_games

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


def by_key(event: Event) -> dict[str, tuple[int, int, int, int]]:
    return {r.player: (r.list_score, r.won, r.lost, r.score) for r in event_standings(event)}


def test_a_wrong_seat_zeroes_that_players_round_and_nobody_elses(
    spielwart_client: Client, event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    before = by_key(event)
    cash_before = {r.player: r.cash_cents for r in event_standings(event)}
    carla = Seat.objects.get(table=four_table, player=players["carla"])
    response = spielwart_client.post(
        EVENT + "serie/1/falscher-platz/", {"seat": carla.pk, "wrong": "1"}
    )
    assert response.status_code == 302
    after = by_key(event)
    assert after["carla"] == (0, 0, 0, 0)
    assert before["carla"] != (0, 0, 0, 0)
    for key in ("anna", "bernd", "dieter"):
        assert after[key] == before[key]
    # The money played at the table stays as played.
    assert {r.player: r.cash_cents for r in event_standings(event)} == cash_before
    change = Change.objects.filter(table=four_table, action="seats").latest("at")
    assert change.note == "falscher Platz: Carla Claus"
    page = spielwart_client.get(EVENT + "serie/1/").content.decode()
    assert "falscher Platz: Serie zählt 0" in page
    spielwart_client.post(EVENT + "serie/1/falscher-platz/", {"seat": carla.pk, "wrong": "0"})
    assert by_key(event) == before


def test_members_cannot_mark_a_wrong_seat(
    member_client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    seat = Seat.objects.get(table=four_table, player=players["anna"])
    assert (
        member_client.post(
            EVENT + "serie/1/falscher-platz/", {"seat": seat.pk, "wrong": "1"}
        ).status_code
        == 403
    )
    seat.refresh_from_db()
    assert not seat.wrong_seat


def test_unreadable_ids_are_a_404_not_a_500(spielwart_client: Client, four_table: Table) -> None:
    assert (
        spielwart_client.post(EVENT + "serie/1/falscher-platz/", {"seat": "abc"}).status_code == 404
    )
    assert (
        spielwart_client.post(
            EVENT + "kasse/aendern/", {"action": "cancel", "entry": "x"}
        ).status_code
        == 404
    )
    assert (
        spielwart_client.post(
            EVENT + "gewinnplan/aendern/", {"action": "delete", "rule": "²"}
        ).status_code
        == 404
    )
