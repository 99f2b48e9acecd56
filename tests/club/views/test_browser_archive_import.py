"""The secretary's path through the archive import in a real browser, on a desktop and on a
phone: upload, a preview that says what will happen, confirm, the result with the way to the
review, and undo after its question. No command line.

Runs headless Debian Chromium through Playwright against pytest-django's live server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Event, Game
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.history import club_history

pytestmark = BROWSER_TEST


@pytest.mark.parametrize("width", [1280, 390])
def test_the_secretary_imports_the_history_and_undoes_it_in_the_browser(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    tmp_path: Path,
    width: int,
) -> None:
    history = club_history(evenings=4)
    archive = tmp_path / "verein.json"
    archive.write_text(json.dumps(history.archive), encoding="utf-8")
    page = browser_page
    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, live_server.url)

    page.get_by_role("link", name="Vereinsgeschichte aus einem Archiv importieren").click()
    page.set_input_files("#id_file", str(archive))
    page.get_by_role("button", name="Hochladen und Vorschau zeigen").click()
    page.wait_for_url("**/vorschau/")
    summary = page.inner_text("ul.summary")
    assert f"{history.game_count} Spiele" in summary
    assert f"{len(history.flagged)} Spiele weichen von den Regeln ab" in summary
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.get_by_role("button", name="Importieren (wie erfasst)").click()
    page.wait_for_url("**/ergebnis/")
    assert Game.objects.count() == history.game_count
    page.get_by_role("link", name="Diesen Import rückgängig machen …").click()
    assert Event.objects.count() == 4  # the question deletes nothing
    page.get_by_role("button", name="Ja, Import rückgängig machen").click()
    page.wait_for_url("**/spielwart/archiv/")
    assert "rückgängig gemacht" in page.inner_text("main")
    assert not Event.objects.exists()
