"""The public player page: every Serie and event, statistics over `Game`, the SVG chart."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from scoring import Declaration, Outcome
from skatclub.club.models import Event, Game, Player, Round, Season, Table
from skatclub.club.services import TotalLine, record_game, record_totals
from tests.helpers.factories import make_table

URL = "/spieler/bernd/"


def bernd_plays(table: Table, players: dict[str, Player], first: int = 1) -> Game:
    """Two games at the 4-table: Bernd wins Kreuz mit 2 and overbids a Pik game."""
    # Game 1 (Anna deals): Bernd Kreuz mit 2 won = 3 x 12 = 36.
    record_game(
        table=table,
        number=first,
        declarer=players["bernd"],
        declaration=Declaration.from_dict({"type": "clubs", "matadors": 2, "bid": 24}),
        outcome=Outcome.from_dict({"won": True}),
    )
    # Game 2 (Bernd deals, so Carla declares): Carla Null won = 23.
    record_game(
        table=table,
        number=first + 1,
        declarer=players["carla"],
        declaration=Declaration.from_dict({"type": "null", "bid": 23}),
        outcome=Outcome.from_dict({"won": True}),
    )
    # Game 3 (Carla deals): Bernd Pik mit 1 at bid 23: 2 x 11 = 22 < 23, overbid and lost
    # (the engine values it).
    return record_game(
        table=table,
        number=first + 2,
        declarer=players["bernd"],
        declaration=Declaration.from_dict({"type": "spades", "matadors": 1, "bid": 23}),
        outcome=Outcome.from_dict({"won": False}),
    )


@pytest.fixture
def history(event: Event, four_table: Table, players: dict[str, Player]) -> Game:
    overbid = bernd_plays(four_table, players)
    second = Round.objects.create(event=event, number=2)
    paper = make_table(second, 1, [players[k] for k in ("bernd", "emil", "frieda")])
    # Serie 2 on paper: Bernd 200 (3 won) = 200 + 150 = 350; Emil -40 (1 lost); Frieda 0.
    # Bernd also gets 40 for Emil's lost game: 390.
    record_totals(
        table=paper,
        lines=[
            TotalLine(players["bernd"], 200, 3, 0),
            TotalLine(players["emil"], -40, 0, 1),
            TotalLine(players["frieda"], 0, 0, 0),
        ],
    )
    return overbid


def test_the_player_page_lists_every_round_with_its_place(client: Client, history: Game) -> None:
    data = client.get(URL + "?format=json&table=serien").json()["tables"]["serien"]["rows"]
    # Serie 1: Bernd 36 + L (the overbid game's list score, negative) + 50 - 50 + 30 x 0.
    round_1 = Game.objects.get(number=1).list_score + history.list_score + 50 - 50
    assert [(r["round"], r["table"], r["score"]) for r in data] == [(1, 1, round_1), (2, 1, 390)]
    assert data[1]["place"] == 1  # at the table: 390 beats Frieda 40 and Emil -90


def test_the_statistics_count_games_by_type_and_overbid_games(
    client: Client, history: Game
) -> None:
    assert history.overbid and not history.won
    page = client.get(URL).content.decode()
    rows = {
        r["label"]: r
        for r in client.get(URL + "?format=json&table=spielarten").json()["tables"]["spielarten"][
            "rows"
        ]
    }
    # Kreuz 1 won; Pik 1 lost (overbid); all: 2 games, 1 won = 50.0 %.
    assert (rows["Kreuz"]["games"], rows["Kreuz"]["won"]) == (1, 1)
    assert (rows["Pik"]["games"], rows["Pik"]["lost"], rows["Pik"]["overbid"]) == (1, 1, 1)
    assert (rows["alle Spiele"]["games"], rows["alle Spiele"]["won_percent"]) == (2, "50.0")
    # average Spielwert (36 + the overbid game's value) / 2, one decimal
    average = (36 + history.game_value) / 2
    assert rows["alle Spiele"]["average_value"] == f"{average:.1f}"
    assert "<dt>Überreizt</dt><dd>1-mal</dd>" in page


def test_the_best_evening_and_the_round_totals_are_shown(client: Client, history: Game) -> None:
    page = client.get(URL).content.decode()
    # Both Serien at the one event: Serie 1 + 390; the won/lost from both (paper included):
    # won 1 + 3 = 4, lost 1 + 0 = 1.
    assert "Bester Abend" in page and "Preisskat November" in page
    assert "5 (4 gewonnen, 1 verloren, 80,0 % gewonnen)" in page


def test_the_score_trend_is_an_accessible_inline_svg(client: Client, history: Game) -> None:
    page = client.get(URL).content.decode()
    assert '<svg class="trend"' in page and 'role="img"' in page
    title = "Wertungspunkte je Serie: Bernd Brandt, Saison 2026"
    assert f'<title id="trend-title">{title}</title>' in page
    assert page.count('<circle class="dot"') == 2
    assert "<script" not in page


def test_a_player_without_games_has_a_page_without_chart(
    client: Client, players: dict[str, Player]
) -> None:
    response = client.get("/spieler/lena/")
    assert response.status_code == 200
    assert "<svg" not in response.content.decode()


def test_an_unknown_player_is_404(client: Client, db: None) -> None:
    assert client.get("/spieler/niemand/").status_code == 404


def test_the_player_tables_download_as_csv(client: Client, history: Game) -> None:
    response = client.get(URL + "?format=csv&table=veranstaltungen")
    assert response.status_code == 200
    text = response.content.decode("utf-8")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))
    assert rows[0] == [
        "Datum",
        "Veranstaltung",
        "Schlüssel",
        "Serien",
        "gewonnen",
        "verloren",
        "Wertungspunkte",
    ]
    assert rows[1][1:5] == ["Preisskat November", "2026-11-20-preisskat", "2", "4"]


def test_the_player_page_is_read_only(client: Client, history: Game) -> None:
    assert client.post(URL).status_code == 405


def test_the_player_page_runs_a_fixed_number_of_queries(
    client: Client,
    event: Event,
    history: Game,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # the club (ClubMiddleware);
    # player, his seasons, Serie labels, lines_for (Serien, seats with their tables),
    # game statistics, Ramsch lost, Offiziersskat matches
    with django_assert_num_queries(9):
        client.get(URL)
    for number in (3, 4, 5, 6):  # three times the data
        table = make_table(
            Round.objects.create(event=event, number=number),
            1,
            [players[k] for k in ("anna", "bernd", "carla", "dieter")],
        )
        bernd_plays(table, players)
    with django_assert_num_queries(9):
        response = client.get(URL)
    assert response.content.decode().count('<circle class="dot"') == 6


def test_the_page_shows_the_latest_season_and_offers_the_others(
    client: Client, history: Game, players: dict[str, Player]
) -> None:
    older = Event.objects.create(
        key="2025-03-07-clubabend",
        name="Clubabend März",
        date=datetime.date(2025, 3, 7),
        season=Season.objects.create(year=2025),
    )
    table = make_table(
        Round.objects.create(event=older, number=1),
        1,
        [players[k] for k in ("bernd", "emil", "frieda")],
    )
    # Bernd 100 (2 won) = 100 + 100 = 200 in 2025
    record_totals(
        table=table,
        lines=[
            TotalLine(players["bernd"], 100, 2, 0),
            TotalLine(players["emil"], 0, 0, 0),
            TotalLine(players["frieda"], 0, 0, 0),
        ],
    )
    latest = client.get(URL).content.decode()
    assert "Preisskat November" in latest and "Clubabend März" not in latest
    assert '<a href="?saison=2025">Saison 2025</a>' in latest
    rows = client.get(URL + "?saison=2025&format=json&table=serien").json()
    assert [r["score"] for r in rows["tables"]["serien"]["rows"]] == [200]
    everything = client.get(URL + "?saison=alle").content.decode()
    assert "Preisskat November" in everything and "Clubabend März" in everything
    # the download links keep the chosen season
    assert "?saison=alle&amp;table=serien&amp;format=csv" in everything
