"""Issue 16: the Content-Security-Policy is one the pages satisfy. Headless Debian Chromium
loads every page, public and the Spielwart's, the admin and the error pages, and reports no
CSP violation (inline scripts or style attributes would show as console errors)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Attendance, Event, Player, Table
from tests.helpers.browser import BROWSER_TEST, TIMEOUT_MS, launch
from tests.helpers.factories import PASSWORD, enter

pytestmark = BROWSER_TEST
EVENT = "/veranstaltungen/2026-11-20-preisskat/"
SPIELWART = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
PAGES = [
    "/",
    "/rangliste/2026/",
    EVENT,
    EVENT + "serie/1/",
    "/spieler/anna/",
    "/gibt-es-nicht/",
    "/spielwart/",
    "/spielwart/spieler/",
    "/spielwart/spieler/neu/",
    "/spielwart/spieler/anna/",
    "/spielwart/veranstaltungen/neu/",
    SPIELWART,
    SPIELWART + "bearbeiten/",
    SPIELWART + "anwesend/",
    SPIELWART + "ergebnisse/",
    SPIELWART + "serie/1/",
    SPIELWART + "serie/1/ergebnisse/",
    SPIELWART + "serie/1/tisch/1/",
    SPIELWART + "serie/1/tisch/1/spiel/1/",
    SPIELWART + "serie/1/tisch/1/verlauf/",
    SPIELWART + "serie/1/tisch/2/summen/",
    "/spielwart/saison/2026/",
    "/spielwart/offiziersskat/",
    "/admin/",
    "/admin/club/event/",
    EVENT + "serie/1/tisch/1/spielliste.pdf?html=1",  # the printout previewed as a page
]


def test_every_page_loads_without_a_csp_violation(
    transactional_db: None,
    live_server: LiveServer,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
    four_table: Table,
    three_table: Table,
) -> None:
    from playwright.sync_api import sync_playwright

    spielwart.is_superuser = spielwart.is_staff = True  # the admin pages too
    spielwart.save()
    Attendance.objects.create(event=event, player=players["anna"])
    enter(four_table, 1, 2, "Kr m2 H S")
    violations: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on(
            "console",
            lambda m: (
                violations.append(f"{page.url}: {m.text}")
                if "Content Security Policy" in m.text
                else None
            ),
        )
        page.goto(f"{live_server.url}/anmelden/")
        page.fill("#id_username", "spielwart")
        page.fill("#id_password", PASSWORD)
        page.click("button[type=submit]")
        page.wait_for_url(re.compile(r"/spielwart/$"))
        for url in PAGES:
            response = page.goto(live_server.url + url)
            assert response is not None and response.status < 500, url
            assert "Content-Security-Policy" in {
                k.title(): v for k, v in response.headers.items()
            } or ("content-security-policy" in response.headers)
            page.wait_for_load_state("load")
        browser.close()
    assert violations == []
