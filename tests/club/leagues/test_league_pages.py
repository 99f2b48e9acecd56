"""The league's pages with the hand-worked league of test_league_day.py: Spieltag 1 (three
Serien, a substitution) and Spieltag 2 (one Serie, Team B did not come). The numbers asserted
here are worked by hand there."""

from __future__ import annotations

import csv
import datetime
import io
from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import DjangoAssertNumQueries

import scoring.league as engine
from skatclub.club.leagues import setup
from skatclub.club.leagues.models import Division, League, LineupEntry, Matchday
from skatclub.club.models import Player, Round
from tests.helpers.leagues import KEYS, WON_1, WON_2, play, team

if TYPE_CHECKING:
    from tests.helpers.responses import Response


TABLE = "/liga/landesliga-2026/staffel-1/"
ADMIN = "/spielwart/ligen/landesliga-2026/staffel-1/"


@pytest.fixture
def second_day(division: Division, first_day: Matchday) -> Matchday:
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division, number=2, date=datetime.date(2026, 4, 11), teams=teams, absent=[teams[1]]
    )
    play(day, {"A": ["a1", "a2", "a3"], "C": ["c1", "c2", "c3"], "D": KEYS["D"]}, WON_2)
    return day


def text(response: Response) -> str:
    return response.content.decode()


# --- the public pages -----------------------------------------------------------------------


def test_the_league_table_shows_places_points_and_spielpunkte(
    client: Client, second_day: Matchday
) -> None:
    page = client.get(TABLE)
    assert page.status_code == 200
    html = text(page)
    # A 8:4 (2.400), C 7½:4½ (2.480), D 5:7 (2.240), B 3½:8½ (1.840), in this order.
    order = [html.index(f">Team {t}<") for t in "ACDB"]
    assert order == sorted(order)
    for points, score in (
        ("8:4", "2.400"),
        ("7½:4½", "2.480"),
        ("5:7", "2.240"),
        ("3½:8½", "1.840"),
    ):
        assert f">{points}<" in html and f">{score}<" in html
    assert engine.TABLE_ORDER in html
    assert "1. Spieltag</a>" in html and "2. Spieltag</a>" in html


def test_the_league_table_lists_the_players_statistics(
    client: Client, second_day: Matchday
) -> None:
    html = text(client.get(TABLE))
    # a1: won 4, 2, 2 on Spieltag 1 and 3 on Spieltag 2: 4 Serien, 11 × 80 = 880, 220 per Serie.
    row = html[html.index(">Spieler A1<") :].split("</tr>")[0]
    assert [cell for cell in ("880", "4", "220,00", "11") if f">{cell}<" in row] == [
        "880",
        "4",
        "220,00",
        "11",
    ]


def test_the_league_table_as_json_is_exact(client: Client, second_day: Matchday) -> None:
    got = client.get(TABLE + "tabelle.json")
    assert got.status_code == 200 and got["Content-Type"] == "application/json"
    assert got.json() == {
        "league": "Landesliga",
        "season": 2026,
        "division": "Staffel 1",
        "order": engine.TABLE_ORDER,
        "teams": [
            {"place": 1, "team": "Team A", "key": "team-a", "matchdays": 2, "points": "8",
             "minus_points": "4", "score": 2400, "note": ""},
            {"place": 2, "team": "Team C", "key": "team-c", "matchdays": 2, "points": "7.5",
             "minus_points": "4.5", "score": 2480, "note": ""},
            {"place": 3, "team": "Team D", "key": "team-d", "matchdays": 2, "points": "5",
             "minus_points": "7", "score": 2240, "note": ""},
            {"place": 4, "team": "Team B", "key": "team-b", "matchdays": 1, "points": "3.5",
             "minus_points": "8.5", "score": 1840, "note": ""},
        ],
    }  # fmt: skip


def test_the_table_downloads_as_a_csv_a_spreadsheet_reads(
    client: Client, second_day: Matchday
) -> None:
    got = client.get(TABLE, {"format": "csv", "table": "tabelle"})
    assert got.status_code == 200
    assert got["Content-Disposition"].endswith('.csv"')
    rows = list(csv.reader(io.StringIO(got.content.decode("utf-8-sig")), delimiter=";"))
    assert rows[0] == [
        "Platz", "Mannschaft", "Spieltage", "Wertungspunkte", "Minuspunkte", "Spielpunkte",
        "Gleichstand",
    ]  # fmt: skip
    assert rows[1:] == [
        ["1", "Team A", "2", "8", "4", "2400", ""],
        ["2", "Team C", "2", "7,5", "4,5", "2480", ""],
        ["3", "Team D", "2", "5", "7", "2240", ""],
        ["4", "Team B", "1", "3,5", "8,5", "1840", ""],
    ]
    players = client.get(TABLE, {"format": "csv", "table": "spieler"}).content.decode("utf-8-sig")
    assert "Spieler A1;Team A;4;880;220,00;11;0" in players
    for spreadsheet in ("xlsx", "ods"):
        assert client.get(TABLE, {"format": spreadsheet, "table": "tabelle"}).status_code == 200


def test_the_league_table_reads_the_same_number_of_queries_for_more_spieltage(
    client: Client, first_day: Matchday, django_assert_max_num_queries: DjangoAssertNumQueries
) -> None:
    with CaptureQueriesContext(connection) as one_day:
        assert client.get(TABLE).status_code == 200
    division = first_day.division
    teams = [team(division, t) for t in "ABCD"]
    for number in (2, 3):
        day = setup.create_matchday(
            division=division, number=number, date=datetime.date(2026, 4, number), teams=teams
        )
        lineup = {t: KEYS[t][:4] for t in "ABCD"}
        play(day, lineup, WON_1[1])
        play(day, lineup, WON_1[2])
    with CaptureQueriesContext(connection) as three_days:
        assert client.get(TABLE).status_code == 200
    assert len(three_days) == len(one_day) <= 12, [q["sql"] for q in three_days.captured_queries]
    with django_assert_max_num_queries(12):
        client.get(TABLE + "tabelle.json")


def test_a_spieltag_shows_every_round_with_its_explanation_and_the_sum(
    client: Client, first_day: Matchday
) -> None:
    page = client.get(TABLE + "spieltag/1/")
    assert page.status_code == 200
    html = text(page)
    assert "Serie 1: 800 Spielpunkte, Platz 1 von 4 → 3 Wertungspunkte" in html
    assert "Serie 1: 640 Spielpunkte, Platz 2–3 geteilt → 1½ Wertungspunkte" in html
    assert '<span>Spieler A1</span> <span class="n">320</span>' in html and "= 800" in html
    # C: 1½ + 1 + 3 = 5½ and 640 + 560 + 800 = 2.000 (place 1 of the Spieltag).
    assert "1½ + 1 + 3 = 5½ Wertungspunkte; 640 + 560 + 800 = 2.000 Spielpunkte" in html
    assert ">5½:3½<" in html  # C's minus points: 1½ + 2 + 0
    assert "Serie 3, Team A: Spieler A5 für Spieler A4" in html
    assert "vorläufig" not in html


def test_a_spieltag_names_the_team_that_did_not_come(client: Client, second_day: Matchday) -> None:
    html = text(client.get(TABLE + "spieltag/2/"))
    assert "Team B ist nicht angetreten" in html
    assert "Serie 1: nicht angetreten → 0 Wertungspunkte, 0 Spielpunkte" in html
    assert "Keine Wechsel." in html


def test_a_spieltag_with_an_open_round_is_vorlaeufig(client: Client, first_day: Matchday) -> None:
    division = first_day.division
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division, number=2, date=datetime.date(2026, 4, 11), teams=teams
    )
    lineups = {
        team(division, t).pk: list(Player.objects.filter(key__in=KEYS[t][:4])) for t in "ABCD"
    }
    setup.seat_league_round(matchday=day, lineups=lineups)
    html = text(client.get(TABLE + "spieltag/2/"))
    assert "vorläufig" in html and "Serie 1 ist noch nicht vollständig eingetragen" in html
    assert "(vorläufig)" in text(client.get(TABLE))


def test_a_team_page_shows_its_line_up_spieltage_and_players(
    client: Client, second_day: Matchday
) -> None:
    page = client.get(TABLE + "mannschaft/team-a/")
    assert page.status_code == 200
    html = text(page)
    assert "Spieler A1 <strong>(Mannschaftsführer)</strong>" in html
    assert 'Spieler A5 <span class="muted">Ersatz</span>' in html
    assert "3 + 0 + 2 = 5 Wertungspunkte; 800 + 400 + 640 = 1.840 Spielpunkte" in html
    assert "3 = 3 Wertungspunkte; 560 = 560 Spielpunkte" in html
    assert ">Spieler A5<" in html and ">Spieler B1<" not in html
    assert client.get(TABLE + "mannschaft/team-b/").status_code == 200
    assert "nicht angetreten" in text(client.get(TABLE + "mannschaft/team-b/"))


def test_the_public_pages_answer_only_get(client: Client, first_day: Matchday) -> None:
    for url in (TABLE, TABLE + "tabelle.json", TABLE + "spieltag/1/", TABLE + "mannschaft/team-a/"):
        assert client.post(url).status_code == 405
    assert client.get(TABLE + "spieltag/9/").status_code == 404
    assert client.get("/liga/landesliga-2026/keine/").status_code == 404


def test_the_start_page_links_the_league_table(client: Client, division: Division) -> None:
    assert f'href="{TABLE}"' in text(client.get("/"))


def test_the_start_page_without_a_league_has_no_league_link(client: Client, db: None) -> None:
    assert "/liga/" not in text(client.get("/"))


# --- the Spielwart's pages -----------------------------------------------------------------

ADMIN_PAGES = ("/spielwart/ligen/", ADMIN, ADMIN + "spieltag/1/")


def test_the_spielwart_pages_send_visitors_to_the_login(
    client: Client, first_day: Matchday
) -> None:
    for url in ADMIN_PAGES:
        got = client.get(url)
        assert got.status_code == 302 and "/anmelden/" in got["Location"]
        assert client.post(url).status_code == 302


def test_the_spielwart_pages_refuse_a_member(member_client: Client, first_day: Matchday) -> None:
    for url in ADMIN_PAGES:
        assert member_client.get(url).status_code == 403
        assert member_client.post(url).status_code == 403
    assert not Round.objects.filter(event=first_day.event, number=4).exists()


def test_the_spielwart_creates_a_league_through_the_page(
    spielwart_client: Client, division: Division
) -> None:
    page = spielwart_client.get("/spielwart/ligen/")
    assert page.status_code == 200 and "Landesliga" in text(page)
    got = spielwart_client.post(
        "/spielwart/ligen/",
        {
            "name": "Bezirksliga Süd",
            "year": "2027",
            "division": "Staffel Nord",
            "teams_text": "Kreuz Bube: a1, a2, a3, a4\nPik Dame: b1, b2, b3",
        },
    )
    assert got.status_code == 302
    assert got["Location"] == "/spielwart/ligen/bezirksliga-sud-2027/staffel-nord/"
    created = Division.objects.get(league__key="bezirksliga-sud-2027")
    assert [t.name for t in created.teams.all()] == ["Kreuz Bube", "Pik Dame"]
    html = text(spielwart_client.get(got["Location"]))
    assert "Spieler A1 <strong>(Mannschaftsführer)</strong>" in html


def test_a_refused_league_keeps_what_was_typed(
    spielwart_client: Client, division: Division
) -> None:
    typed = {
        "name": "Bezirksliga Süd",
        "year": "2027",
        "division": "Staffel Nord",
        "teams_text": "Kreuz Bube: a1, a2, a3, zz9",
    }
    got = spielwart_client.post("/spielwart/ligen/", typed)
    assert got.status_code == 422
    html = text(got)
    assert "den Spieler „zz9“ gibt es nicht" in html
    assert "Kreuz Bube: a1, a2, a3, zz9</textarea>" in html and 'value="Bezirksliga Süd"' in html
    assert not League.objects.filter(name="Bezirksliga Süd").exists()
    too_big = spielwart_client.post(
        "/spielwart/ligen/", {**typed, "year": "99999", "name": "x" * 5000}
    )
    assert too_big.status_code == 422 and League.objects.count() == 1


def test_the_spielwart_creates_a_spieltag_through_the_page(
    spielwart_client: Client, first_day: Matchday
) -> None:
    division = first_day.division
    ids = [str(team(division, t).pk) for t in "ABCD"]
    page = spielwart_client.get(ADMIN)
    assert page.status_code == 200 and 'value="2"' in text(page)  # the next number
    got = spielwart_client.post(
        ADMIN,
        {"number": "2", "date": "2026-04-11", "host": ids[2], "teams": ids, "absent": [ids[1]]},
    )
    assert got.status_code == 302 and got["Location"] == ADMIN + "spieltag/2/"
    day = Matchday.objects.get(division=division, number=2)
    assert day.host == team(division, "C")
    assert [(e.team.name, e.turned_up) for e in day.teams.all()] == [
        ("Team A", True),
        ("Team B", False),
        ("Team C", True),
        ("Team D", True),
    ]


def test_a_refused_spieltag_keeps_what_was_typed(
    spielwart_client: Client, first_day: Matchday
) -> None:
    division = first_day.division
    one = str(team(division, "A").pk)
    got = spielwart_client.post(ADMIN, {"number": "7", "date": "2026-04-11", "teams": [one]})
    assert got.status_code == 422
    html = text(got)
    assert "Zu einem Spieltag kommen 2 bis 6 verschiedene Mannschaften." in html
    assert 'value="7"' in html and f'value="{one}" id="id_teams_0" checked>' in html
    again = spielwart_client.post(ADMIN, {"number": "1", "date": "2026-04-11", "teams": [one] * 50})
    assert again.status_code == 422 and "Höchstens 6 Mannschaften" in text(again)
    assert Matchday.objects.filter(division=division).count() == 1


def test_the_spielwart_seats_a_round_through_the_page(
    spielwart_client: Client, division: Division
) -> None:
    teams = {t: team(division, t) for t in "ABCD"}
    day = setup.create_matchday(
        division=division, number=1, date=datetime.date(2026, 3, 7), teams=list(teams.values())
    )
    page = spielwart_client.get(ADMIN + "spieltag/1/")
    html = text(page)
    assert page.status_code == 200 and "Serie 1 setzen" in html
    a5 = Player.objects.get(key="a5")
    assert f'value="{a5.pk}" id="p-{teams["A"].pk}-{a5.pk}">' in html  # a substitute: unticked
    posted = {
        f"team-{teams[t].pk}": [str(p.pk) for p in Player.objects.filter(key__in=KEYS[t][:4])]
        for t in "ABCD"
    }
    got = spielwart_client.post(ADMIN + "spieltag/1/", posted)
    assert got.status_code == 302
    assert LineupEntry.objects.filter(matchday=day, round_number=1).count() == 15
    html = text(spielwart_client.get(ADMIN + "spieltag/1/"))
    assert "Serie 2 setzen" in html and "/spielwart/veranstaltungen/" in html
    assert f'href="/spielwart/veranstaltungen/{day.event.key}/serie/1/"' in html


def test_a_refused_round_keeps_the_ticked_players(
    spielwart_client: Client, division: Division
) -> None:
    teams = {t: team(division, t) for t in "ABCD"}
    day = setup.create_matchday(
        division=division, number=1, date=datetime.date(2026, 3, 7), teams=list(teams.values())
    )
    posted = {
        f"team-{teams[t].pk}": [str(p.pk) for p in Player.objects.filter(key__in=KEYS[t][:4])]
        for t in "ABCD"
    }
    a1, a5 = Player.objects.get(key="a1"), Player.objects.get(key="a5")
    posted[f"team-{teams['A'].pk}"] = [str(a1.pk), str(a5.pk), "x", "99999999999999"]
    got = spielwart_client.post(ADMIN + "spieltag/1/", posted)
    assert got.status_code == 422
    html = text(got)
    assert "„Team A“ spielt eine Serie mit 3 oder 4 Spielern (gewählt: 2)." in html
    a = teams["A"].pk
    assert f'value="{a5.pk}" id="p-{a}-{a5.pk}" checked>' in html  # as ticked, not preselected
    a2 = Player.objects.get(key="a2")
    assert f'value="{a2.pk}" id="p-{a}-{a2.pk}">' in html
    stranger = spielwart_client.post(
        ADMIN + "spieltag/1/", {**posted, f"team-{a}": [str(Player.objects.get(key="b1").pk)] * 3}
    )
    assert stranger.status_code == 422 and "Bitte nur Spieler von „Team A“ ankreuzen." in text(
        stranger
    )
    assert not day.event.rounds.exists()


def test_the_spielwart_matchday_page_shows_the_wertung_per_round(
    spielwart_client: Client, first_day: Matchday
) -> None:
    html = text(spielwart_client.get(ADMIN + "spieltag/1/"))
    assert "Serie 4 setzen" in html
    assert "Serie 2: 960 Spielpunkte, Platz 1 von 4 → 3 Wertungspunkte" in html
    assert "TODO" not in html  # the Spielbericht link waits in a template comment


def test_both_spieltag_pages_link_the_spielbericht_that_is_a_pdf(
    client: Client, spielwart_client: Client, first_day: Matchday
) -> None:
    import re

    for page in (client.get(TABLE + "spieltag/1/"), spielwart_client.get(ADMIN + "spieltag/1/")):
        found = re.search(r'href="([^"]*spielbericht\.pdf)"', page.content.decode())
        assert found, "no Spielbericht link"
        pdf = client.get(found.group(1))
        assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_a_post_of_300000_fields_is_refused_in_german_and_stores_nothing(
    spielwart_client: Client, first_day: Matchday
) -> None:
    from tests.helpers.refusals import database_fingerprint

    before = database_fingerprint()
    got = spielwart_client.post(ADMIN + "spieltag/1/", {"team-1": ["9" * 40] * 300_000})
    assert got.status_code == 400
    assert "Anfrage nicht lesbar" in got.content.decode() and 'lang="de"' in got.content.decode()
    assert database_fingerprint() == before
