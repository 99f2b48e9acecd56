"""The Tandemwertung in the browser at 390 and 1280 px: the Spielwart declares it and forms
the tandems on his page, the public event page shows the ranking without sideways scrolling,
with 40-character names (issue 43)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, ViewportSize
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Attendance, Event, Player, Round
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.factories import enter, make_table

pytestmark = BROWSER_TEST
LONG = "Hans-Jürgen Schröder-Müller-Lüdenscheidt"  # 40 characters


@pytest.mark.parametrize("width", [390, 1280])
def test_the_spielwart_forms_tandems_and_the_event_page_ranks_them(
    browser: Browser,
    live_server: LiveServer,
    event: Event,
    players: dict[str, Player],
    spielwart: User,
    width: int,
    tmp_path: Path,
) -> None:
    Player.objects.filter(pk=players["anna"].pk).update(name=LONG)
    for player in players.values():
        Attendance.objects.create(event=event, player=player)
    viewport: ViewportSize = {"width": width, "height": 900}
    page = browser.new_context(viewport=viewport).new_page()
    log_in(page, live_server.url, f"/spielwart/veranstaltungen/{event.key}/wertungen/")
    page.fill("#id_name", "Tandemwertung")
    page.get_by_role("button", name="Wertung anlegen").click()
    page.get_by_text("Die Wertung „Tandemwertung“ ist angelegt.").wait_for()
    for name, first, second in (
        ("Die Langen", LONG, "Bernd Brandt"),
        ("Claus & Dahl", "Carla Claus", "Dieter Dahl"),
    ):
        page.fill("form[action$='/gruppe/'] input[name=name]", name)
        page.select_option("select[name=member_1]", label=first)
        page.select_option("select[name=member_2]", label=second)
        page.get_by_role("button", name="Tandem speichern").click()
        page.get_by_text(f"„{name}“ gehört zur Tandemwertung.").wait_for()
    page.screenshot(path=str(tmp_path / f"spielwart-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    table = make_table(
        Round.objects.create(event=event, number=1),
        1,
        [players[k] for k in ("anna", "bernd", "carla", "dieter")],
    )
    enter(table, 1, 2, "Kr m1")
    enter(table, 2, 3, "Gr m1 v")
    page.goto(f"{live_server.url}/veranstaltungen/{event.key}/")
    ranking = page.locator("section.competition")
    ranking.wait_for()
    text = ranking.inner_text()
    assert text.index("Die Langen") < text.index("Claus & Dahl")
    assert "104 + 30 = 134" in text  # Bernd before Hans-Jürgen: members by name
    page.screenshot(path=str(tmp_path / f"event-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
