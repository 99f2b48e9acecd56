"""A synthetic club history through the Spielwart's pages only (issue 29): the game-by-game
archive uploaded on /spielwart/archiv/ as recorded, then a workbook of evening totals with a
worksheet per year that holds one evening of the archive again and two new ones; the
duplicate skipped; /pruefen/ shows both imports and a second Spielwart accepts every list of
the archive import in one decision. Every game is in, every flagged game listed on
/spielwart/abweichend/, the season ranking is the club's own and nothing is doubled."""

from __future__ import annotations

import dataclasses
import datetime
import json

import pytest
import tablib
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.models import Event, Game, HistoryImport, Table
from tests.helpers.club_totals import ranking_json
from tests.helpers.history import ClubHistory, club_history
from tests.helpers.history_spreadsheet import HEADER, SpreadsheetRow, club_ranking, spreadsheet_rows

pytestmark = pytest.mark.django_db

YEAR = 2024
# Two evenings the archive does not have, at a 3-table, their Wertung the club's
# Seeger-Fabian (list score + 50 × (won − lost) + 40 × others' lost).
NEW_EVENINGS = [
    [
        SpreadsheetRow(datetime.date(YEAR, 12, 20), "Anna Albers", 72, 3, 0, 72 + 150 + 40 * 2),
        SpreadsheetRow(datetime.date(YEAR, 12, 20), "Bernd Brandt", -48, 0, 1, -48 - 50 + 40 * 1),
        SpreadsheetRow(datetime.date(YEAR, 12, 20), "Carla Conrad", -24, 1, 1, -24 + 0 + 40 * 1),
    ],
    [
        SpreadsheetRow(datetime.date(YEAR + 1, 1, 10), "Dieter Dorn", 48, 2, 0, 48 + 100 + 40 * 1),
        SpreadsheetRow(datetime.date(YEAR + 1, 1, 10), "Emil Ebert", 24, 1, 0, 24 + 50 + 40 * 1),
        SpreadsheetRow(datetime.date(YEAR + 1, 1, 10), "Anna Albers", -48, 0, 1, -48 - 50),
    ],
]


def workbook(rows: list[SpreadsheetRow]) -> bytes:
    """An XLSX with one worksheet per year, as a club keeps its evening totals."""
    tabs = []
    for year in sorted({r.date.year for r in rows}):
        tab = tablib.Dataset(headers=HEADER.split(";"), title=str(year))
        for r in rows:
            if r.date.year == year:
                tab.append([r.date, r.name, r.list_score, r.won, r.lost, r.score])
        tabs.append(tab)
    content: bytes = tablib.Databook(tabs).export("xlsx")
    return content


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def sums(rows: list[SpreadsheetRow]) -> dict[str, tuple[int, int, int, int]]:
    found: dict[str, tuple[int, int, int, int]] = {}
    for r in rows:
        old = found.get(r.name, (0, 0, 0, 0))
        found[r.name] = (old[0] + r.score, old[1] + r.won, old[2] + r.lost, old[3] + r.list_score)
    return found


def added(
    first: dict[str, tuple[int, int, int, int]], second: dict[str, tuple[int, int, int, int]]
) -> dict[str, tuple[int, int, int, int]]:
    found = dict(first)
    for name, (score, won, lost, listed) in second.items():
        a, b, c, d = found.get(name, (0, 0, 0, 0))
        found[name] = (a + score, b + won, c + lost, d + listed)
    return found


def import_archive(client: Client, history: ClubHistory) -> None:
    """Upload the archive on /spielwart/archiv/ and confirm it as recorded."""
    file = SimpleUploadedFile("verein.json", json.dumps(history.archive).encode())
    response = client.post("/spielwart/archiv/", {"file": file, "mode": "wie-erfasst"})
    assert response.status_code == 302
    done = client.post(response["Location"], {"mode": "wie-erfasst"})
    assert done.status_code == 302


def map_workbook(client: Client, rows: list[SpreadsheetRow]) -> tuple[str, str]:
    """Upload the workbook, choose every worksheet, map its columns (as recorded) and take
    the names as suggested; the import's URL and its preview page."""
    file = SimpleUploadedFile("abende.xlsx", workbook(rows))
    assert client.post("/spielwart/import/", {"file": file}).status_code == 302
    base = f"/spielwart/import/{SpreadsheetImport.objects.get().pk}/"
    years = sorted({str(r.date.year) for r in rows})
    mapping = page(client, f"{base}spalten/")
    assert len(years) == 1 or all(f"{year} (" in mapping for year in years)
    response = client.post(
        f"{base}spalten/",
        {
            "date": "0",
            "player": "1",
            "list_score": "2",
            "won": "3",
            "lost": "4",
            "score": "5",
            "ruleset": "isko",
            "as_recorded": "on",
            "worksheets": years,
            "games_3": "36",
            "games_4": "48",
            "games_5": "60",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    form = client.get(f"{base}namen/").context["form"]
    data = {}
    for index, _ in enumerate(form.names):
        data[f"n{index}"] = form.initial.get(f"n{index}", "")
        data[f"k{index}"] = form.initial.get(f"k{index}", "")
    assert client.post(f"{base}namen/", data).status_code == 302
    return base, page(client, f"{base}vorschau/")


def test_a_club_history_through_the_pages_gives_every_game_every_flag_and_the_clubs_ranking(
    spielwart_client: Client, checker: User
) -> None:
    history = club_history(evenings=12, year=YEAR)
    import_archive(spielwart_client, history)
    assert Game.objects.count() == history.game_count

    # 2. The workbook: one evening of the archive again, two new ones, a worksheet per year.
    duplicate = [r for r in spreadsheet_rows(history) if r.date == datetime.date(YEAR, 3, 1)]
    assert duplicate
    base, preview = map_workbook(spielwart_client, [*duplicate, *NEW_EVENINGS[0], *NEW_EVENINGS[1]])
    assert "1 Abend gibt es schon" in preview, preview
    assert "<strong>0</strong> neue Spieler" in preview
    assert "Anders als gespeichert" not in preview
    spielwart_client.post(f"{base}vorschau/", {"on_duplicate": "skip", "apply": "1"})
    assert spielwart_client.post(f"{base}vorschau/").status_code == 302
    assert Event.objects.count() == len(history.evenings) + 2

    # 3. /pruefen/: both imports; a second Spielwart accepts the archive's lists at once.
    archive_import = HistoryImport.objects.get(kind=HistoryImport.Kind.ARCHIVE)
    spreadsheet_import = HistoryImport.objects.get(kind=HistoryImport.Kind.SPREADSHEET)
    checker_client = Client()
    checker_client.force_login(checker)
    checking = page(checker_client, "/pruefen/")
    assert "verein.json" in checking and "abende.xlsx" in checking
    accept = f"/pruefen/import/{archive_import.pk}/uebernehmen/"
    lists = Table.objects.filter(round__event__history_import=archive_import).count()
    assert f"{lists} Listen</strong> werden als geprüft übernommen" in page(checker_client, accept)
    checker_client.post(accept)
    assert (
        Table.objects.filter(
            round__event__history_import=archive_import, check_status=Table.Check.CONFIRMED
        ).count()
        == lists
    )
    assert not Table.objects.filter(
        round__event__history_import=spreadsheet_import, check_status=Table.Check.CONFIRMED
    ).exists()

    # Every game in, every flagged game listed, the club's own ranking, nothing doubled.
    assert Game.objects.count() == history.game_count
    assert (
        not Table.objects.filter(round__event__history_import=spreadsheet_import)
        .exclude(recorded_note="")
        .exists()
    )
    review = page(spielwart_client, "/spielwart/abweichend/")
    assert f"<strong>{len(history.flagged)}</strong> Spiele zu prüfen" in review
    assert review.count("korrigieren</a>") == len(history.flagged)
    assert ranking_json(spielwart_client, YEAR) == added(
        club_ranking(history), sums(NEW_EVENINGS[0])
    )
    assert ranking_json(spielwart_client, YEAR + 1) == sums(NEW_EVENINGS[1])


def test_the_preview_names_a_skipped_evening_whose_wertung_differs_from_the_stored_one(
    spielwart_client: Client,
) -> None:
    history = club_history(evenings=4, year=YEAR)
    import_archive(spielwart_client, history)
    first, *others = [r for r in spreadsheet_rows(history) if r.date == datetime.date(YEAR, 2, 1)]
    changed = dataclasses.replace(first, score=first.score - 22)

    _, preview = map_workbook(spielwart_client, [changed, *others])

    assert "1 Abend gibt es schon" in preview and "Anders als gespeichert" in preview
    assert (
        f"Abend 01.02.{YEAR}, {first.name}: Wertung laut Tabelle {first.score - 22}, "
        f"gespeichert {first.score}"
    ) in preview
