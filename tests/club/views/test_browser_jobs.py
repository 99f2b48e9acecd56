"""Background jobs in a real browser, on a desktop and on a phone (issue 39): the archive import
and the spreadsheet import show their job's progress and move on by themselves when the
worker has done it; a Serie's print run shows its progress and then arrives as a download.
Jobs wait on the database queue; a worker in a thread of the test runs them once the page
has shown that they wait."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tablib
from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django import Settings
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Event, Game, Table
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.factories import enter
from tests.helpers.history import club_history
from tests.helpers.jobs import DATABASE_QUEUE, run_worker

pytestmark = [*BROWSER_TEST, pytest.mark.django_db(transaction=True)]
WIDTHS = [1280, 390]


@pytest.fixture
def queued(settings: Settings) -> None:
    settings.TASKS = DATABASE_QUEUE


class Worker:
    """`manage.py worker` run to the end of the queue when the test says so (in the test's
    thread, while the browser polls the live server): the in-memory SQLite of the tests locks
    whole tables, so a worker looking at its queue all the time would lock the pages out."""

    def start(self) -> None:
        run_worker()


@pytest.fixture
def worker(queued: None) -> Worker:
    return Worker()


def fits(page: Page, width: int) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth") <= width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_archive_import_shows_its_progress_and_moves_on_by_itself(
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    worker: Worker,
    tmp_path: Path,
    width: int,
) -> None:
    history = club_history(evenings=4)
    archive = tmp_path / "verein.json"
    archive.write_text(json.dumps(history.archive), encoding="utf-8")
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url, "/spielwart/archiv/")

    page.set_input_files("#id_file", str(archive))
    page.get_by_role("button", name="Hochladen und Vorschau zeigen").click()
    page.wait_for_url("**/vorschau/")
    job = page.locator("section.job")
    assert "Archiv „verein.json“ prüfen" in job.inner_text()
    assert "wartet" in job.inner_text()
    assert fits(page, width)
    page.screenshot(path=str(tmp_path / f"archiv-wartet-{width}.png"))
    worker.start()

    page.wait_for_selector("ul.summary")  # reloaded by itself once the check is done
    assert f"{history.game_count} Spiele" in page.inner_text("ul.summary")
    page.get_by_role("button", name="Importieren (wie erfasst)").click()
    page.wait_for_url("**/ergebnis/")
    assert "Der Import läuft im Hintergrund" in page.inner_text("main")
    worker.start()
    page.get_by_role("link", name="Abweichend erfasste Spiele prüfen").wait_for()
    assert Game.objects.count() == history.game_count
    assert fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_spreadsheet_import_reads_the_upload_in_the_background(
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    worker: Worker,
    tmp_path: Path,
    width: int,
) -> None:
    upload_file = tmp_path / "saison.csv"
    rows = tablib.Dataset(headers=["Datum", "Name", "Punkte"])
    rows.append(["01.02.2025", "Anna Albers", "1234"])
    upload_file.write_text(rows.export("csv"), encoding="utf-8")
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url, "/spielwart/import/")

    page.set_input_files("#id_file", str(upload_file))
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url("**/spalten/")
    assert "wird im Hintergrund gelesen" in page.inner_text("main")
    assert fits(page, width)
    worker.start()

    # The columns to map, once the rows are read (the page reloads by itself).
    page.get_by_text("Welche Spalte enthält was?").wait_for()
    assert "Datum (Spalte A)" in page.inner_text("main")
    assert fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_series_print_run_shows_its_progress_and_then_downloads(
    live_server: LiveServer,
    browser_page: Page,
    worker: Worker,
    four_table: Table,
    event: Event,
    tmp_path: Path,
    width: int,
) -> None:
    enter(four_table, 1, 2, "Kr m2 a75")
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    url = f"{live_server.url}/veranstaltungen/{event.key}/serie/1/spiellisten.pdf"

    page.goto(url)
    assert "Das PDF wird erstellt" in page.inner_text("main")
    assert "Spiellisten der Serie 1" in page.inner_text("section.job")
    assert fits(page, width)
    page.screenshot(path=str(tmp_path / f"pdf-wartet-{width}.png"))
    with page.expect_download() as download:
        worker.start()
    saved = tmp_path / "spiellisten.pdf"
    download.value.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF-")
    assert "fertig" in page.inner_text("section.job")
