"""XLSX and ODS downloads: they open (read back with openpyxl and tablib) with the page's numbers,
money as euros with two decimals, dates as dates, German headers, formulas neutralised."""

from __future__ import annotations

import csv
import datetime
import io
from decimal import Decimal

import pytest
import tablib
from django.test import Client
from odf import opendocument, table
from openpyxl import load_workbook

from skatclub.club.models import Event, Player, Round, Table
from skatclub.club.presenters.downloads import neutralised
from skatclub.club.services import TotalLine, record_totals
from tests.helpers.factories import make_table, play_three_games

SEASON = "/rangliste/2026/"
EVENT = "/veranstaltungen/2026-11-20-preisskat/"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
ODS = "application/vnd.oasis.opendocument.spreadsheet"


@pytest.fixture
def results(
    event: Event, four_table: Table, three_table: Table, players: dict[str, Player]
) -> Event:
    play_three_games(four_table, players)
    record_totals(
        table=three_table,
        lines=[
            TotalLine(players["emil"], 120, 2, 0),
            TotalLine(players["frieda"], -48, 0, 1),
            TotalLine(players["gerd"], 0, 0, 0),
        ],
    )
    return event


def page_rows(client: Client, url: str, name: str) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = client.get(f"{url}?format=json&table={name}").json()["tables"][
        name
    ]["rows"]
    return rows


def test_the_ranking_as_xlsx_opens_with_the_numbers_of_the_page(
    client: Client, results: Event
) -> None:
    response = client.get(SEASON + "?format=xlsx&table=rangliste")

    assert response.status_code == 200 and response["Content-Type"] == XLSX
    assert 'filename="rangliste-2026-rangliste.xlsx"' in response["Content-Disposition"]
    worksheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(worksheet.iter_rows(values_only=True))
    assert rows[0][:4] == ("Platz", "Kürzel", "Name", "Serien")
    expected = page_rows(client, SEASON, "rangliste")
    assert [(r[0], r[1], r[7], r[9], r[10]) for r in rows[1:]] == [
        (e["place"], e["player"], e["total"], e["won"], e["lost"]) for e in expected
    ]
    assert all(isinstance(r[7], int) for r in rows[1:])  # real numbers, not text
    assert worksheet.title == "Rangliste Saison 2026"


def test_the_ranking_as_ods_opens_with_the_numbers_of_the_page(
    client: Client, results: Event
) -> None:
    response = client.get(SEASON + "?format=ods&table=rangliste")

    assert response.status_code == 200 and response["Content-Type"] == ODS
    data = tablib.Dataset().load(response.content, format="ods")
    assert data.headers[:3] == ["Platz", "Kürzel", "Name"]
    expected = page_rows(client, SEASON, "rangliste")
    assert [(row[1], int(row[7]), int(row[9])) for row in data] == [
        (e["player"], e["total"], e["won"]) for e in expected
    ]


def test_money_is_a_number_in_euro_shown_with_two_decimals(client: Client, results: Event) -> None:
    xlsx = load_workbook(io.BytesIO(client.get(EVENT + "?format=xlsx&table=geld").content)).active
    rows = {r[1].value: r for r in xlsx.iter_rows(min_row=2)}
    carla = rows["carla"]
    # Carla pays 0.8675 € by the Vergleichsrechnung (exact, a quarter cent per point).
    assert Decimal(str(carla[3].value)) == Decimal("-0.8675")
    assert "0.00" in carla[3].number_format and "€" in carla[3].number_format
    # to the cent -0,87 €, her Verlustspielgeld 0,50 €, her Schluss -1,37 €
    assert (carla[4].value, carla[5].value, carla[-1].value) == (-0.87, 0.5, -1.37)

    ods = opendocument.load(io.BytesIO(client.get(EVENT + "?format=ods&table=geld").content))
    cells = [
        row.getElementsByType(table.TableCell)
        for row in ods.spreadsheet.getElementsByType(table.TableRow)
    ]
    carla_ods = next(c for c in cells if str(c[1]) == "carla")
    assert carla_ods[3].getAttribute("valuetype") == "currency"
    assert carla_ods[3].getAttribute("currency") == "EUR"
    assert Decimal(carla_ods[3].getAttribute("value")) == Decimal("-0.8675")


def test_dates_are_dates(client: Client, results: Event) -> None:
    response = client.get("/spieler/anna/?format=xlsx&table=veranstaltungen")
    cell = load_workbook(io.BytesIO(response.content)).active["A2"]

    assert cell.value == datetime.datetime(2026, 11, 20) and cell.number_format == "DD.MM.YYYY"
    ods = tablib.Dataset().load(
        client.get("/spieler/anna/?format=ods&table=veranstaltungen").content, format="ods"
    )
    assert ods[0][0] == datetime.date(2026, 11, 20)


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t", "\r"])
def test_text_that_starts_like_a_formula_is_neutralised(start: str) -> None:
    assert neutralised(f"{start}1+1") == f"'{start}1+1"
    assert neutralised("Anna") == "Anna" and neutralised("") == ""


def test_a_name_written_as_a_formula_is_text_in_every_download(
    client: Client, event: Event, players: dict[str, Player]
) -> None:
    formula = Player.objects.create(key="boese", name='=HYPERLINK("http://x.example","klick")')
    round_two = Round.objects.create(event=event, number=2)
    seated = [formula, players["anna"], players["bernd"]]
    table3: Table = make_table(round_two, 1, seated)
    record_totals(table=table3, lines=[TotalLine(p, 0, 0, 0) for p in seated])

    xlsx = load_workbook(io.BytesIO(client.get(EVENT + "?format=xlsx&table=wertung").content))
    names = {c.value: c for c in xlsx.active["C"]}
    cell = names["'" + formula.name]
    assert cell.data_type == "s"
    csv_text = client.get(EVENT + "?format=csv&table=wertung").content.decode("utf-8-sig")
    assert "'" + formula.name in [
        row[2] for row in csv.reader(io.StringIO(csv_text), delimiter=";")
    ]
    ods = tablib.Dataset().load(client.get(EVENT + "?format=ods&table=wertung").content, "ods")
    assert "'" + formula.name in ods.get_col(2)


def test_the_page_links_every_format(client: Client, results: Event) -> None:
    page = client.get(EVENT).content.decode()

    for wanted in ("xlsx", "ods", "csv", "json"):
        assert f"table=wertung&amp;format={wanted}" in page
    assert "Excel (XLSX)" in page and "LibreOffice (ODS)" in page


def test_the_spielwart_pages_download_their_tables(
    spielwart_client: Client, results: Event
) -> None:
    url = "/spielwart/veranstaltungen/2026-11-20-preisskat/ergebnisse/"
    response = spielwart_client.get(url + "?format=xlsx&table=wertung")

    assert response.status_code == 200 and response["Content-Type"] == XLSX
    rows = list(load_workbook(io.BytesIO(response.content)).active.iter_rows(values_only=True))
    assert rows[1][:3] == (1, "emil", "Emil Ernst") and rows[1][9] == 260
    assert "format=ods" in spielwart_client.get(url).content.decode()
    review = spielwart_client.get("/spielwart/abweichend/?format=ods&table=abweichend")
    assert review.status_code == 200 and review["Content-Type"] == ODS
    assert Client().get(url + "?format=xlsx").status_code == 302  # Spielwarte only
