"""The public season ranking and the Spielwart's season rule page, on a hand-worked season.

Every Serie is one 3-table entered as a paper list with no lost games, so each player's
Wertungspunkte are simply Spielpunkte + 50 x won (no -50, no +40 for others' lost games).
"""

from __future__ import annotations

import csv
import datetime
import io
from typing import Any

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from skatclub.club.models import Event, Player, Round, Season
from skatclub.club.services import TotalLine, record_totals
from tests.helpers.factories import make_table

URL = "/rangliste/2026/"

# (event, Serie) -> {player: (list score, won)}; score = list + 50 x won
ROUNDS = {
    (1, 1): {"anna": (400, 4), "bernd": (200, 2), "carla": (0, 0)},  # 600, 300, 0
    (1, 2): {"anna": (50, 1), "bernd": (300, 4), "dieter": (0, 0)},  # 100, 500, 0
    (2, 1): {"anna": (100, 2), "bernd": (100, 2), "carla": (700, 4)},  # 200, 200, 900
}
# Totals: Anna 600 + 100 + 200 = 900 (3 Serien, 7 won); Bernd 300 + 500 + 200 = 1000 (3, 8);
# Carla 0 + 900 = 900 (2, 4); Dieter 0 (1, 0).


def play_round(
    round_: Round,
    table_number: int,
    results: dict[str, tuple[int, int]],
    players: dict[str, Player],
) -> None:
    keys = list(results)
    table = make_table(round_, table_number, [players[k] for k in keys])
    record_totals(
        table=table,
        lines=[TotalLine(players[k], results[k][0], results[k][1], 0) for k in keys],
    )


def build_season(
    season: Season,
    players: dict[str, Player],
    rounds: dict[tuple[int, int], dict[str, tuple[int, int]]] = ROUNDS,
    first_day: datetime.date = datetime.date(2026, 3, 6),
) -> dict[int, Event]:
    events: dict[int, Event] = {}
    for (event_no, number), results in rounds.items():
        if event_no not in events:
            events[event_no] = Event.objects.create(
                key=f"{season.year}-abend-{event_no}",
                name=f"Clubabend {event_no}",
                date=first_day + datetime.timedelta(days=7 * event_no),
                season=season,
            )
        round_ = Round.objects.create(event=events[event_no], number=number)
        play_round(round_, 1, results, players)
    return events


@pytest.fixture
def season(db: None, players: dict[str, Player]) -> Season:
    season = Season.objects.create(year=2026)
    build_season(season, players)
    return season


def ranking(client: Client, url: str = URL, table: str = "rangliste") -> list[tuple[Any, ...]]:
    data = client.get(f"{url}?format=json&table={table}").json()
    return [(r["player"], r["place"], r["total"]) for r in data["tables"][table]["rows"]]


def test_the_total_rule_adds_all_rounds_and_breaks_ties_on_won_games(
    client: Client, season: Season
) -> None:
    # Bernd 1000; Anna and Carla 900 each, Anna won 7 games, Carla 4: Anna second.
    assert ranking(client) == [
        ("bernd", 1, 1000),
        ("anna", 2, 900),
        ("carla", 3, 900),
        ("dieter", 4, 0),
    ]
    page = client.get(URL).content.decode()
    assert "Gewertet wird die Summe der Wertungspunkte aller Serien." in page


def test_the_points_to_pass_the_player_above_are_shown(client: Client, season: Season) -> None:
    rows = client.get(URL + "?format=json").json()["tables"]["rangliste"]["rows"]
    # Anna: 1000 - 900 + 1 = 101; Carla: equal points, lost the tie-break: 1; Dieter 900 + 1
    assert [r["to_pass"] for r in rows] == [None, 101, 1, 901]


def test_the_average_rule_divides_by_the_rounds_played(client: Client, season: Season) -> None:
    season.ranking_rule = Season.Rule.AVERAGE
    season.save()
    rows = client.get(URL + "?format=json").json()["tables"]["rangliste"]["rows"]
    # Carla 900 / 2 = 450; Bernd 1000 / 3 = 333.33; Anna 900 / 3 = 300; Dieter 0 / 1 = 0
    assert [(r["player"], r["average"]) for r in rows] == [
        ("carla", "450.00"),
        ("bernd", "333.33"),
        ("anna", "300.00"),
        ("dieter", "0.00"),
    ]
    page = client.get(URL).content.decode()
    assert "Schnitt je Serie" in page and "333,33" in page


def test_best_n_strikes_results_and_shows_them_struck_through(
    client: Client, season: Season
) -> None:
    season.ranking_rule, season.best_n = Season.Rule.BEST_N, 2
    season.save()
    # best 2: Carla 900 + 0 = 900; Anna 600 + 200 = 800 (100 struck), 4 + 2 = 6 won;
    # Bernd 500 + 300 = 800 (200 struck), 4 + 2 = 6 won: Anna and Bernd share place 2.
    assert ranking(client) == [
        ("carla", 1, 900),
        ("anna", 2, 800),
        ("bernd", 2, 800),
        ("dieter", 4, 0),
    ]
    rows = client.get(URL + "?format=json").json()["tables"]["rangliste"]["rows"]
    assert rows[1]["struck"] == [100] and rows[2]["struck"] == [200]
    page = client.get(URL).content.decode()
    assert '<span class="visually-hidden">gestrichen: </span>100</del>' in page
    assert "Gewertet werden die besten 2 Serien." in page


def test_players_below_the_minimum_are_listed_below_the_ranking(
    client: Client, season: Season
) -> None:
    season.ranking_rule, season.best_n, season.min_rounds = Season.Rule.BEST_N, 2, 2
    season.save()
    assert [p for p, _, _ in ranking(client)] == ["carla", "anna", "bernd"]
    assert ranking(client, table="ohne-wertung") == [("dieter", None, 0)]
    page = client.get(URL).content.decode()
    assert "Gewertet werden die besten 2 Serien; mindestens 2 Serien für die Wertung." in page
    assert page.index("Noch nicht in der Wertung") < page.index("Dieter Dahl")


def test_the_ranking_is_sortable_and_pageable(
    client: Client, season: Season, players: dict[str, Player]
) -> None:
    page = client.get(URL + "?r-sort=name").content.decode()
    names = [page.index(n) for n in ("Anna Albers", "Bernd Brandt", "Carla Claus")]
    assert names == sorted(names)
    more = Season.objects.create(year=2025)
    rounds = {(1, n): {f"p{3 * n + i}": (18 + 2 * i, 1) for i in range(3)} for n in range(1, 19)}
    extra = {
        f"p{3 * n + i}": Player.objects.create(key=f"p{3 * n + i}", name=f"Spieler {3 * n + i:02}")
        for n in range(1, 19)
        for i in range(3)
    }
    build_season(more, extra, rounds, datetime.date(2025, 1, 3))
    first = client.get("/rangliste/2025/").content.decode()
    assert "Seite 2" in first  # 54 players, 50 per page
    second = client.get("/rangliste/2025/?r-page=2").content.decode()
    assert second.count('<th scope="row"') == 4


def test_the_ranking_downloads_as_csv_with_german_headers(client: Client, season: Season) -> None:
    response = client.get(URL + "?format=csv")
    assert response.status_code == 200
    assert 'filename="rangliste-2026-rangliste.csv"' in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0][:4] == ["Platz", "Kürzel", "Name", "Serien"]
    assert rows[1][:4] == ["1", "bernd", "Bernd Brandt", "3"]


def test_the_season_ranking_is_read_only(client: Client, season: Season) -> None:
    assert client.post(URL).status_code == 405


def test_an_unknown_season_is_404(client: Client, db: None) -> None:
    assert client.get("/rangliste/1999/").status_code == 404


def test_the_ranking_runs_a_fixed_number_of_queries(
    client: Client,
    season: Season,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # the club (ClubMiddleware);
    # Season, Serie labels, season_lines (the seats of the played Serien with their sums and
    # whether at the wrong seat), players, the season navigation.
    with django_assert_num_queries(6):
        client.get(URL)
    # three times the data: two more copies of the three Serien
    for copy in (3, 5):
        build_season(
            season,
            players,
            {(copy + e, n): results for (e, n), results in ROUNDS.items()},
            datetime.date(2026, 6, 5),
        )
    with django_assert_num_queries(6):
        response = client.get(URL)
    assert "2.700" in response.content.decode()  # Bernd 3 x 1000, with the thousands dot


# --- the Spielwart's rule page -----------------------------------------------------------

RULES_URL = "/spielwart/saison/2026/"


def test_the_spielwart_sets_best_n_and_a_minimum(spielwart_client: Client, season: Season) -> None:
    response = spielwart_client.post(
        RULES_URL, {"ranking_rule": "best_n", "best_n": "10", "min_rounds": "5"}
    )
    assert response.status_code == 302 and response["Location"] == URL
    season.refresh_from_db()
    assert (season.ranking_rule, season.best_n, season.min_rounds) == ("best_n", 10, 5)
    page = spielwart_client.get(URL).content.decode()
    assert "Gewertet werden die besten 10 Serien; mindestens 5 Serien für die Wertung." in page


def test_best_n_without_a_number_is_refused_and_the_input_kept(
    spielwart_client: Client, season: Season
) -> None:
    response = spielwart_client.post(
        RULES_URL, {"ranking_rule": "best_n", "best_n": "", "min_rounds": "7"}
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Bitte angeben, wie viele Serien gewertet werden." in page
    assert 'value="7"' in page
    season.refresh_from_db()
    assert (season.ranking_rule, season.min_rounds) == ("total", 0)


def test_members_may_not_change_the_rule(member_client: Client, season: Season) -> None:
    response = member_client.post(RULES_URL, {"ranking_rule": "average", "min_rounds": "0"})
    assert response.status_code == 403
    season.refresh_from_db()
    assert season.ranking_rule == "total"


def test_visitors_are_sent_to_the_login(client: Client, season: Season) -> None:
    response = client.get(RULES_URL)
    assert response.status_code == 302 and response["Location"].startswith("/anmelden/")
