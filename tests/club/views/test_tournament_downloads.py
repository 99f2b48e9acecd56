"""The tournament's lists download like every other table: the sign-in with Startgeld and the
prize list, as XLSX and ODS with euros as numbers."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
import tablib
from django.test import Client
from openpyxl import load_workbook

from skatclub.club.models import Attendance, Event, Player, PrizePlan, PrizeRule, Table
from skatclub.club.queries.ledger import event_ledger
from tests.helpers.factories import play_three_games

SIGNIN = "/spielwart/veranstaltungen/2026-11-20-preisskat/anmeldung/"
PLAN = "/veranstaltungen/2026-11-20-preisskat/gewinnplan/"


@pytest.fixture
def signed(event: Event, players: dict[str, Player]) -> Event:
    for number, player in enumerate(players.values()):
        Attendance.objects.create(
            event=event, player=player, fee_cents=1000 if number % 3 else 500, paid=number < 6
        )
    return event


def test_the_signin_list_downloads_with_startgeld_as_euros(
    spielwart_client: Client, signed: Event
) -> None:
    page = spielwart_client.get(SIGNIN).content.decode()
    assert "format=xlsx" in page and "format=ods" in page
    worksheet = load_workbook(
        io.BytesIO(spielwart_client.get(SIGNIN + "?format=xlsx&table=anmeldung").content)
    ).active
    rows = list(worksheet.iter_rows(values_only=True))
    assert rows[0] == ("Name", "Mitgliedsnummer", "Gast", "Satz", "Startgeld (€)", "bezahlt")
    fees = {a.player.name: Decimal(a.fee_cents) / 100 for a in Attendance.objects.all()}
    assert {r[0]: Decimal(str(r[4])) for r in rows[1:]} == fees
    ods = tablib.Dataset().load(
        spielwart_client.get(SIGNIN + "?format=ods&table=anmeldung").content, format="ods"
    )
    assert sum(1 for r in ods if r[5] == "ja") == 6


def test_the_signin_list_is_no_public_download(client: Client, signed: Event) -> None:
    assert client.get(SIGNIN + "?format=csv&table=anmeldung").status_code == 302


def test_the_prize_list_downloads_with_the_prizes_of_the_page(
    client: Client, signed: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    plan = PrizePlan.objects.create(event=signed, announced_at="2026-11-20T18:00:00+01:00")
    PrizeRule.objects.create(plan=plan, first=1, last=1, percent=50)
    PrizeRule.objects.create(plan=plan, first=2, last=2, item="Skatbuch")
    page = client.get(PLAN)
    shown = page.context["prize_rows"]
    data = client.get(PLAN + "?format=xlsx&table=preise").content
    rows = list(load_workbook(io.BytesIO(data)).active.iter_rows(values_only=True))
    assert rows[0] == ("Platz", "Name", "Preis für", "Geldpreis (€)", "Sachpreis")
    assert [(r[1], r[4] or "") for r in rows[1:]] == [(s["name"], s["item"]) for s in shown]
    money = [Decimal(str(r[3])) for r in rows[1:] if r[3] is not None]
    assert money == [Decimal(s["cents"]) / 100 for s in shown if s["cents"]]


def test_the_kasse_downloads_its_ledger_and_each_players_amounts(
    spielwart_client: Client, signed: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    kasse = "/spielwart/veranstaltungen/2026-11-20-preisskat/kasse/"
    assert "format=ods" in spielwart_client.get(kasse).content.decode()
    report = event_ledger(signed, kasse=True).report
    ledger = tablib.Dataset().load(
        spielwart_client.get(kasse + "?format=ods&table=kasse").content, format="ods"
    )
    soll = [row for row in ledger if row[0] == "Soll"]
    assert [Decimal(str(row[2])) for row in soll] == [Decimal(report.expected) / 100]
    data = spielwart_client.get(kasse + "?format=xlsx&table=spieler").content
    rows = list(load_workbook(io.BytesIO(data)).active.iter_rows(values_only=True))
    names = dict(Player.objects.values_list("pk", "name"))
    assert rows[0][-1] == "Schluss (€)"
    assert {r[0]: Decimal(str(r[-1])) for r in rows[1:]} == {
        names[a.player_id]: Decimal(a.at_the_end) / 100 for a in event_ledger(signed).accounts
    }


def test_the_spielwarts_player_list_downloads_as_a_spreadsheet(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    page = spielwart_client.get("/spielwart/spieler/").content.decode()
    assert "format=xlsx" in page
    data = spielwart_client.get("/spielwart/spieler/?format=ods&table=mitglieder").content
    worksheet = tablib.Dataset().load(data, format="ods")
    assert worksheet.headers == ["Name", "Kürzel", "Mitgliedsnummer", "Art", "Status"]
    assert sorted(worksheet.get_col(1)) == sorted(players)
