"""A new Serie without repeat meetings: preview with conflict report, declared pairs, fixed
tables, and the report on the Serie page."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.test import Client

from skatclub.club.models import Attendance, Event, KeepApart, Player, Round
from skatclub.club.services.meetings import pair

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


@pytest.fixture
def sixteen(event: Event, players: dict[str, Player]) -> list[Player]:
    extra = [Player.objects.create(key=f"p{n}", name=f"Spieler {n:02d}") for n in range(4)]
    field = [*players.values(), *extra]
    for player in field:
        Attendance.objects.create(event=event, player=player)
    return field


def seating(round_: Round) -> list[list[int]]:
    return [
        [s.player_id for s in t.seats.order_by("position")]
        for t in round_.tables.order_by("number")
    ]


def pairs(tables: list[list[int]]) -> set[tuple[int, int]]:
    return {pair(a, b) for t in tables for a, b in combinations(t, 2)}


def create(client: Client, **data: str) -> None:
    response = client.post(EVENT + "serie/neu/", {"seating": "draw", "avoid": "event", **data})
    assert response.status_code == 302


def test_the_second_round_seats_nobody_with_a_table_mate_of_the_first(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    create(spielwart_client, seed="2")
    first, second = (seating(Round.objects.get(event=event, number=n)) for n in (1, 2))
    assert not pairs(first) & pairs(second)
    assert Round.objects.get(event=event, number=2).avoid == "event"


def test_the_preview_shows_tables_and_report_and_stores_nothing(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    page = spielwart_client.get(
        EVENT + "serie/vorschau/", {"seating": "draw", "seed": "7", "avoid": "event"}
    )
    text = page.content.decode()
    assert page.status_code == 200
    assert "Konfliktbericht" in text and "Keine Wiederholungen" in text
    assert "Serie 2 so anlegen" in text and "Noch ist nichts gespeichert" in text
    assert Round.objects.filter(event=event).count() == 1


def test_a_preview_without_avoiding_shows_how_many_pairs_meet_again(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    first = seating(Round.objects.get(event=event, number=1))
    page = spielwart_client.get(
        EVENT + "serie/vorschau/", {"seating": "draw", "seed": "1", "avoid": ""}
    ).content.decode()
    # The same seed without avoiding draws the same tables again: all 24 pairs meet again.
    assert len(pairs(first)) == 24
    assert "24 Paare treffen sich erneut." in page


def test_creating_from_the_preview_gives_exactly_the_previewed_tables(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    page = spielwart_client.get(
        EVENT + "serie/vorschau/", {"seating": "draw", "seed": "", "avoid": "event"}
    )
    form = page.context["confirm"]
    data = {name: form[name].value() for name in ("seating", "seed", "avoid", "number", "tables")}
    response = spielwart_client.post(EVENT + "serie/neu/", data)
    assert response.status_code == 302
    second = Round.objects.get(event=event, number=2)
    assert seating(second) == page.context["planned"].tables
    assert second.seed == data["seed"] and len(second.seed) == 6


def test_a_changed_attendance_after_the_preview_creates_nothing(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    page = spielwart_client.get(
        EVENT + "serie/vorschau/", {"seating": "draw", "seed": "5", "avoid": "event"}
    )
    form = page.context["confirm"]
    data = {name: form[name].value() for name in ("seating", "seed", "avoid", "number", "tables")}
    Attendance.objects.filter(event=event, player=sixteen[0]).delete()
    Attendance.objects.filter(event=event, player=sixteen[1]).delete()
    Attendance.objects.filter(event=event, player=sixteen[2]).delete()
    Attendance.objects.filter(event=event, player=sixteen[3]).delete()
    response = spielwart_client.post(EVENT + "serie/neu/", data, follow=True)
    assert "anders heraus als in der Vorschau" in response.content.decode()
    assert Round.objects.filter(event=event).count() == 1


def test_declared_pairs_and_fixed_tables_are_kept_in_every_round(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    anna, bernd, carla = sixteen[0], sixteen[1], sixteen[2]
    response = spielwart_client.post(
        EVENT + "sitzwuensche/",
        {"first": anna.pk, "second": bernd.pk, "always": "on", "note": "Ehepaar"},
    )
    assert response.status_code == 302
    assert KeepApart.objects.get().event is None
    spielwart_client.post(EVENT + "sitzwuensche/fester-tisch/", {"player": carla.pk, "table": 2})
    assert Attendance.objects.get(event=event, player=carla).fixed_table == 2
    for seed in ("1", "2", "3"):
        create(spielwart_client, seed=seed)
    for round_ in Round.objects.filter(event=event):
        tables = seating(round_)
        assert pair(anna.pk, bernd.pk) not in pairs(tables)
        assert carla.pk in tables[1]
    page = spielwart_client.get(EVENT + "sitzwuensche/").content.decode()
    assert "Anna Albers – Bernd Brandt (Ehepaar) · immer" in page
    assert "Carla Claus: Tisch 2" in page


def test_a_pair_is_two_different_players(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    anna = sixteen[0]
    response = spielwart_client.post(EVENT + "sitzwuensche/", {"first": anna.pk, "second": anna.pk})
    assert response.status_code == 422
    assert "zwei verschiedene Spieler" in response.content.decode()
    assert not KeepApart.objects.exists()


def test_a_fixed_table_beyond_the_tables_of_the_round_is_refused_in_german(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    spielwart_client.post(
        EVENT + "sitzwuensche/fester-tisch/", {"player": sixteen[0].pk, "table": 9}
    )
    response = spielwart_client.post(
        EVENT + "serie/neu/", {"seating": "draw", "avoid": "event"}, follow=True
    )
    assert "Tisch 9 gibt es in dieser Serie nicht" in response.content.decode()
    assert not Round.objects.exists()


def test_the_round_page_reports_repeat_meetings(
    spielwart_client: Client, event: Event, sixteen: list[Player]
) -> None:
    create(spielwart_client, seed="1")
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": "1", "avoid": ""})
    page = spielwart_client.get(EVENT + "serie/2/").content.decode()
    assert "24 Paare treffen sich erneut." in page
    first = spielwart_client.get(EVENT + "serie/1/").content.decode()
    assert "Keine Wiederholungen" in first
