"""A season of club evenings as a spreadsheet (written with tablib, as a club's file would be),
the same season entered by hand through the services, for comparing rankings, and the
Spielwart's steps of its import (upload, map the columns, review the names, confirm)."""

from __future__ import annotations

import datetime
import random
from typing import Any

import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from skatclub.club import services
from skatclub.club.models import Event, Player, Round, Season, Seat, Table
from skatclub.club.presenters.pages import ranking_rows, season_page

HEADERS = ["Datum", "Veranstaltung", "Serie", "Tisch", "Spieler", "Liste", "Gew", "Verl"]
NAMES = [
    "Anna Albers",
    "Bernd Brandt",
    "Carla Claus",
    "Dieter Dahl",
    "Emil Ernst",
    "Frieda Fink",
    "Gerd Gold",
]
EVENINGS = [
    (datetime.date(2025, 1, 10), "Preisskat Januar"),
    (datetime.date(2025, 2, 14), "Preisskat Februar"),
    (datetime.date(2025, 3, 14), "Preisskat März"),
]
ROUNDS = 2


def season_rows(seed: int = 3) -> list[list[Any]]:
    """One row per player and Serie: Serie 1 at two 4-tables, Serie 2 at a 4- and a 3-table
    (one player goes home), seats drawn anew each time.

    Every player's sums fit a paper list: won ≥ 1, list score 24 per won and −48 per lost game.
    Hans Müller (a member) plays too, written three ways: "Hans Müller", "Müller, Hans",
    "Hans Mueller"; Anna is "A. Albers" once.
    """
    rng = random.Random(seed)
    rows = []
    spellings = ["Hans Müller", "Müller, Hans", "Hans Mueller"]
    for evening, (date, name) in enumerate(EVENINGS):
        for round in range(1, ROUNDS + 1):
            players = [*NAMES, spellings[(evening + round) % 3]]
            rng.shuffle(players)
            players = players[: 8 - (round - 1)]
            for table, seated in ((1, players[:4]), (2, players[4:])):
                for player in seated:
                    won, lost = rng.randint(1, 8), rng.randint(0, 3)
                    rows.append([date, name, round, table, player, 24 * won - 48 * lost, won, lost])
    first_anna = next(r for r in rows if r[4] == "Anna Albers")
    first_anna[4] = "A. Albers"
    return rows


def dataset(rows: list[list[Any]]) -> tablib.Dataset:
    data = tablib.Dataset(headers=HEADERS, title="Saison 2025")
    for row in rows:
        data.append(row)
    return data


def enter_by_hand(
    rows: list[list[Any]], player_keys: dict[str, str], event_keys: dict[tuple[Any, str], str]
) -> None:
    """The same season through the services, as a Spielwart enters paper lists, with the
    players and event keys the import used."""
    season, _ = Season.objects.get_or_create(year=2025)
    tables: dict[tuple[Any, ...], list[list[Any]]] = {}
    for row in rows:
        tables.setdefault((row[0], row[1], row[2], row[3]), []).append(row)
    for (date, name, round, number), seated in sorted(tables.items()):
        event, _ = Event.objects.get_or_create(
            key=event_keys[(date, name)],
            defaults={"name": name, "date": date, "season": season, "ruleset": "isko"},
        )
        round_, _ = Round.objects.get_or_create(event=event, number=round)
        table = Table.objects.create(round=round_, number=number)
        players = [Player.objects.get(key=player_keys[row[4]]) for row in seated]
        for position, player in enumerate(players, start=1):
            Seat.objects.create(table=table, round=round_, position=position, player=player)
        services.record_totals(
            table=table,
            lines=[
                services.TotalLine(p, r[5], r[6], r[7])
                for p, r in zip(players, seated, strict=True)
            ],
        )


LIST = "/spielwart/import/"  # the Spielwart's imports; one import is LIST + pk
# The columns of `season_rows` for the mapping form.
MAPPING = {
    "date": "0",
    "event": "1",
    "round": "2",
    "table": "3",
    "player": "4",
    "list_score": "5",
    "won": "6",
    "lost": "7",
    "score": "",
    "ruleset": "isko",
}


def upload(client: Client, name: str, content: bytes) -> Any:
    return client.post(LIST, {"file": SimpleUploadedFile(name, content)})


def pk_of(response: Any) -> int:
    return int(response["Location"].rstrip("/").split("/")[-2])


def review_names(client: Client, pk: int, overrides: dict[str, str]) -> Any:
    """Post the names form as suggested, with `overrides` (sheet name -> decision)."""
    page = client.get(f"{LIST}{pk}/namen/")
    assert page.status_code == 200
    form = page.context["form"]
    data = {}
    for index, name in enumerate(form.names):
        data[f"n{index}"] = overrides.get(name, form.initial.get(f"n{index}", ""))
        data[f"k{index}"] = form.initial.get(f"k{index}", "")
    return client.post(f"{LIST}{pk}/namen/", data)


def import_season(client: Client, name: str, content: bytes) -> int:
    """Upload, map, review and confirm a `season_rows` spreadsheet; the import's pk."""
    response = upload(client, name, content)
    assert response.status_code == 302, response.content.decode()[:2000]
    pk = pk_of(response)
    assert client.post(f"{LIST}{pk}/spalten/", MAPPING).status_code == 302
    assert review_names(client, pk, {"A. Albers": "same:Anna Albers"}).status_code == 302
    preview = client.get(f"{LIST}{pk}/vorschau/")
    page = preview.content.decode()
    assert "Jetzt importieren" in page, page
    for date, evening in EVENINGS:
        assert evening in page and f"{date:%d.%m.%Y}" in page
    assert client.post(f"{LIST}{pk}/vorschau/").status_code == 302
    return pk


def ranking() -> list[tuple[Any, ...]]:
    """The 2025 season's ranking rows, the best 4 of at least 3 evenings counted."""
    season = Season.objects.get(year=2025)
    season.ranking_rule, season.best_n, season.min_rounds = Season.Rule.BEST_N, 4, 3
    season.save()
    return [
        (r["place"], r["player"], r["total"], r["won"], r["lost"], tuple(r["counted"]))
        for r in ranking_rows(season_page(season))
    ]
