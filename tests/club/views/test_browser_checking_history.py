"""Checking an imported history on a phone (390 px): the Spielwart filters /pruefen/ by the
import, accepts its 261 lists after the confirmation, and the page fits the screen with long
names. With SKATCLUB_SHOTS=<folder> the pages are also saved as PNG (390 and 1280 px).

Runs headless Debian Chromium through Playwright against pytest-django's live server."""

from __future__ import annotations

import os
from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Change, Table
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.checking import history_archive, import_history

pytestmark = BROWSER_TEST

CLUB_NAME = "Skat- und Kartenspielverein „Altenburger Bauernskat“ von 1913 e. V. Nord"


def overflow(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("SKATCLUB_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def test_a_spielwart_accepts_an_imported_history_on_a_phone(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    tmp_path: Path,
) -> None:
    assert len(CLUB_NAME) == 72
    record = import_history(
        tmp_path, history_archive(evenings=87, long_names=True, club_name=CLUB_NAME)
    )
    page = browser_page
    log_in(page, live_server.url)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 844})
        page.goto(f"{live_server.url}/pruefen/")
        assert "261 Listen:" in page.inner_text("main")
        assert overflow(page) <= 0, width
        shot(page, f"pruefen-{width}")

    page.select_option("#id_herkunft", str(record.pk))
    page.click("main form.filter button")
    page.click("text=Alle Listen dieses Imports als geprüft übernehmen")
    assert "23 Spiele" in page.inner_text("main")
    assert overflow(page) <= 0
    shot(page, "uebernehmen-390")
    page.click("text=Ja, 261 Listen als geprüft übernehmen")

    assert "261 Listen als geprüft übernommen" in page.inner_text("main")
    assert "0 offen (vorläufig)" in page.inner_text("main")
    assert overflow(page) <= 0
    shot(page, "uebernommen-390")
    assert Table.objects.filter(check_status=Table.Check.CONFIRMED).count() == 261
    assert Change.objects.filter(action=Change.Action.CONFIRM).count() == 1
    page.set_viewport_size({"width": 1280, "height": 844})
    page.goto(f"{live_server.url}/pruefen/import/{record.pk}/uebernehmen/")
    shot(page, "uebernehmen-danach-1280")
