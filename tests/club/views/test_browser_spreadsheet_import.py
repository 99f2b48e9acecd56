"""The secretary's path through the spreadsheet import in a real browser, at phone (390 px)
and desktop (1280 px) width: a workbook with a worksheet per year and the club's evening
totals (Datum, Name, Punkte, Gew., Verl., Wertung, no Tisch column) is uploaded, mapped at
once, refused by the strict check with the way on named, imported "wie erfasst", and the
season ranking shows the club's own totals; undoing the import asks first.

Screenshots of each step go to /tmp/wt-sheet-import-shots/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
import tablib
from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from skatclub.club.formatting import number
from skatclub.club.models import Event
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.club_totals import HEADER, club_rows, totals_of_rows

pytestmark = BROWSER_TEST
SHOTS = Path("/tmp/wt-sheet-import-shots")


def shot(page: Page, width: int, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{width}-{name}.png"), full_page=True)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_secretary_imports_the_clubs_evening_totals_in_the_browser(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    tmp_path: Path,
    width: int,
) -> None:
    rows = club_rows()
    tabs = []
    for year in (2023, 2024):
        tab = tablib.Dataset(headers=HEADER.split(";"), title=str(year))
        for r in rows:
            if r.date.year == year:
                tab.append([r.date, r.name, r.list_score, r.won, r.lost, r.score])
        tabs.append(tab)
    workbook = tmp_path / "abende.xlsx"
    workbook.write_bytes(tablib.Databook(tabs).export("xlsx"))
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url, "/spielwart/import/")

    page.set_input_files("#id_file", str(workbook))
    page.get_by_role("button", name="Hochladen und Spalten zuordnen").click()
    page.get_by_role("heading", name="Spalten zuordnen", exact=False).wait_for()
    shot(page, width, "1-spalten")
    assert page.is_checked("input[name=worksheets][value='2023']")
    assert page.is_checked("input[name=worksheets][value='2024']")
    assert page.input_value("#id_list_score") != ""  # "Punkte" is the list score
    assert page.input_value("#id_score") != ""  # "Wertung" with Gew./Verl.: the club's
    assert page.input_value("#id_table") == ""
    page.get_by_role("button", name="Zuordnung speichern und Namen prüfen").click()
    page.get_by_role("button", name="Namen speichern und Vorschau zeigen").click()
    page.get_by_text("Es wird nichts importiert").wait_for()
    shot(page, width, "2-vorschau-streng")
    text = page.inner_text("main")
    assert "nicht lesbar" not in text
    assert "Summen wie erfasst übernehmen" in text
    assert "keine Spalte „Tisch“" in text

    page.locator("section.problems").get_by_role("link", name="Zuordnung").click()
    page.check("#id_as_recorded")
    page.get_by_role("button", name="Zuordnung speichern und Namen prüfen").click()
    page.get_by_role("button", name="Namen speichern und Vorschau zeigen").click()
    page.get_by_role("button", name="Jetzt importieren").wait_for()
    shot(page, width, "3-vorschau-wie-erfasst")
    assert "abweichend erfasst" in page.inner_text("main")
    page.get_by_role("button", name="Jetzt importieren").click()
    page.locator("li.success", has_text="Importiert:").wait_for()
    shot(page, width, "4-importiert")

    for year, players in totals_of_rows(rows).items():
        page.goto(f"{live_server.url}/rangliste/{year}/")
        ranking = page.inner_text("main")
        for name, (score, *_) in players.items():
            assert name in ranking and number(score) in ranking  # "1.482", "−270"
    shot(page, width, "5-rangliste")

    page.goto(f"{live_server.url}/spielwart/import/")
    page.get_by_role("link", name="Import rückgängig machen …").click()
    page.get_by_role("button", name="Ja, Import rückgängig machen").wait_for()
    shot(page, width, "6-rueckgaengig-fragen")
    assert Event.objects.exists()
    page.get_by_role("button", name="Ja, Import rückgängig machen").click()
    page.get_by_text("rückgängig gemacht").first.wait_for()
    assert not Event.objects.exists()
