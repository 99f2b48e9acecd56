"""The public event and Serie pages: standings with decompositions, per-Serie scores, money."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from skatclub.club.models import Event, Player, Round, Table
from skatclub.club.services import TotalLine, record_totals
from tests.helpers.factories import make_table, play_three_games

EVENT_URL = "/veranstaltungen/2026-11-20-preisskat/"


def paper_three_table(table: Table, players: dict[str, Player]) -> None:
    # Emil 120 (2 won, 0 lost), Frieda -48 (0 won, 1 lost), Gerd 0 (no game).
    record_totals(
        table=table,
        lines=[
            TotalLine(players["emil"], 120, 2, 0),
            TotalLine(players["frieda"], -48, 0, 1),
            TotalLine(players["gerd"], 0, 0, 0),
        ],
    )


@pytest.fixture
def results(
    event: Event, four_table: Table, three_table: Table, players: dict[str, Player]
) -> Event:
    play_three_games(four_table, players)
    paper_three_table(three_table, players)
    return event


def test_the_event_page_ranks_players_and_shows_every_decomposition(
    client: Client, results: Event
) -> None:
    response = client.get(EVENT_URL)
    assert response.status_code == 200
    page = response.content.decode()
    # Emil (3-table): 120 + 50 x 2 - 0 + 40 x 1 (Frieda's lost game) = 260
    # Bernd: 36 + 50 x 1 + 30 x 1 (Carla's) = 116; Dieter: 23 + 50 + 30 = 103; Anna: 30;
    # Gerd: 0 + 40 x 1 = 40; Frieda: -48 - 50 = -98; Carla: -96 - 50 = -146.
    assert "120 + 50 × 2 − 50 × 0 + 40 × 1 = 260" in page
    assert "36 + 50 × 1 − 50 × 0 + 30 × 1 = 116" in page
    assert "-96 + 50 × 0 − 50 × 1 = -146" in page
    order = [
        page.index(name)
        for name in (
            "Emil Ernst",
            "Bernd Brandt",
            "Dieter Dahl",
            "Gerd Gold",
            "Anna Albers",
            "Frieda Fink",
            "Carla Claus",
        )
    ]
    assert order == sorted(order)
    assert "<caption>Gesamtwertung Preisskat November</caption>" in page
    assert '<th scope="col"' in page and '<th scope="row"' in page


def test_the_event_page_shows_the_money_in_exact_euros(client: Client, results: Event) -> None:
    page = client.get(EVENT_URL).content.decode()
    # 4-table lists 0, 36, -96, 23 (sum -37) at 1/4 ct: Carla (4 x -96 + 37) / 4 = -86.75 ct
    # = -0.8675 EUR exact, -0,87 EUR to the cent; her fee 50 ct (1st lost game): Schluss -1,37.
    assert "\u22120,8675 €" in page and "\u22120,87 €" in page and "\u22121,37 €" in page
    # Kasse: Carla's and Frieda's first lost games, 2 x 50 ct, and what rounding leaves.
    assert "Kasse:</strong> am Ende" in page and "(Verlustspielgeld 1,00, " in page
    # one precision per column: every exact Spielgeld with the four decimals Carla's needs
    exact = re.findall(r'data-label="Spielgeld genau">([^<]+)<', page)
    assert len(exact) >= 4 and all(re.fullmatch(r"[−]?\d+,\d{4} €", cell) for cell in exact)


def test_an_event_without_settlement_shows_no_money(client: Client, results: Event) -> None:
    results.cents_per_point = ""
    results.save()
    page = client.get(EVENT_URL).content.decode()
    assert "Abrechnung" not in page and "€" not in page


def test_the_event_page_has_a_column_per_round(
    client: Client, results: Event, players: dict[str, Player]
) -> None:
    second = Round.objects.create(event=results, number=2)
    table = make_table(second, 1, [players[k] for k in ("anna", "bernd", "carla")])
    # Anna 60 (1 won), Bernd and Carla nothing: Anna 60 + 50 = 110 in Serie 2.
    record_totals(
        table=table,
        lines=[
            TotalLine(players["anna"], 60, 1, 0),
            TotalLine(players["bernd"], 0, 0, 0),
            TotalLine(players["carla"], 0, 0, 0),
        ],
    )
    response = client.get(EVENT_URL + "?format=json&table=wertung")
    rows = {r["player"]: r for r in response.json()["tables"]["wertung"]["rows"]}
    # Anna: Serie 1 30, Serie 2 110 = 140; Emil played Serie 1 only.
    assert (rows["anna"]["serie_1"], rows["anna"]["serie_2"], rows["anna"]["score"]) == (
        30,
        110,
        140,
    )
    assert rows["emil"]["serie_2"] is None
    assert "Serie 2" in client.get(EVENT_URL).content.decode()


def test_the_round_page_shows_only_that_round_with_table_numbers(
    client: Client, results: Event
) -> None:
    response = client.get(EVENT_URL + "serie/1/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "Serie 1" in page and "120 + 50 × 2 − 50 × 0 + 40 × 1 = 260" in page
    data = client.get(EVENT_URL + "serie/1/?format=json").json()
    tables = {r["player"]: r["table"] for r in data["tables"]["wertung"]["rows"]}
    assert tables["emil"] == 2 and tables["anna"] == 1


def test_an_unknown_round_is_404(client: Client, results: Event) -> None:
    assert client.get(EVENT_URL + "serie/9/").status_code == 404


def test_the_standings_download_as_csv_for_excel(client: Client, results: Event) -> None:
    response = client.get(EVENT_URL + "?format=csv&table=wertung")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="2026-11-20-preisskat-wertung.csv"' in response["Content-Disposition"]
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text[1:]), delimiter=";"))
    assert rows[0][:3] == ["Platz", "Kürzel", "Name"]
    assert rows[1][:3] == ["1", "emil", "Emil Ernst"]


def test_the_money_downloads_in_exact_euros_and_the_json_in_cents(
    client: Client, results: Event
) -> None:
    text = client.get(EVENT_URL + "?format=csv&table=geld").content.decode("utf-8")
    rows = {r[1]: r for r in csv.reader(io.StringIO(text[1:]), delimiter=";")}
    # paid at the end: -136,75 ct to the cent, the half to the Kasse: -1,37 (no rounding line:
    # the Preisskat money to the cent, -87, less 50 ct is -1,37 already)
    assert rows["carla"][3:] == ["-0,8675", "-0,87", "0,50", "0,00", "-1,37"]
    data = client.get(EVENT_URL + "?format=json&table=geld").json()
    carla = next(r for r in data["tables"]["geld"]["rows"] if r["player"] == "carla")
    assert carla["cash_cents"] == "-8675/100"  # cents, exact (docs/spec/money-json.md)
    assert (carla["fees_cents"], carla["payout_cents"]) == (50, -137)


def test_the_json_download_holds_every_table(client: Client, results: Event) -> None:
    response = client.get(EVENT_URL + "?format=json")
    data = json.loads(response.content)
    assert set(data["tables"]) == {"wertung", "geld"}


def test_an_unknown_table_is_404(client: Client, results: Event) -> None:
    assert client.get(EVENT_URL + "?format=csv&table=nix").status_code == 404


@pytest.mark.parametrize("url", [EVENT_URL, EVENT_URL + "serie/1/"])
def test_the_event_pages_are_read_only(client: Client, results: Event, url: str) -> None:
    assert client.post(url).status_code == 405


def test_an_event_without_results_shows_an_empty_table(client: Client, event: Event) -> None:
    response = client.get(EVENT_URL)
    assert response.status_code == 200
    assert "Noch keine Ergebnisse." in response.content.decode()


def add_rounds(event: Event, players: dict[str, Player], numbers: tuple[int, ...]) -> None:
    """More Serien like Serie 1: a 4-table game by game and a 3-table on paper."""
    for number in numbers:
        round_ = Round.objects.create(event=event, number=number)
        four = make_table(round_, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])
        three = make_table(round_, 2, [players[k] for k in ("emil", "frieda", "gerd")])
        play_three_games(four, players)
        paper_three_table(three, players)


def test_the_event_page_runs_a_fixed_number_of_queries(
    client: Client,
    results: Event,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # the club (ClubMiddleware);
    # event + season, its tables' versions (the page's state, views.conditional),
    # the played Serien, standings (their seats with the tables and players),
    # the sign-ins (Startgeld) and the Gewinnplan for the ledger, the event's Tandem- and
    # Mannschaftswertungen (none), who left during the day (nobody)
    with django_assert_num_queries(9):
        client.get(EVENT_URL)
    add_rounds(results, players, (2, 3))  # three times the data
    with django_assert_num_queries(9):
        response = client.get(EVENT_URL)
    assert "360 + 50 × 6 − 50 × 0 + 40 × 3 = 780" in response.content.decode()  # Emil 3 x 260


def test_the_round_page_runs_a_fixed_number_of_queries(
    client: Client,
    results: Event,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # the club (ClubMiddleware);
    # event + season, its tables' versions (the page's state, views.conditional), the Serie,
    # the played Serien, standings (1 as above)
    with django_assert_num_queries(6):
        client.get(EVENT_URL + "serie/1/")
    add_rounds(results, players, (2, 3))
    with django_assert_num_queries(6):
        client.get(EVENT_URL + "serie/2/")
