"""axe-core on every page, at phone (390 px) and desktop (1280 px) width: no violations.

`axe/axe.min.js` is axe-core as published on the npm registry (version in its first line,
licence MPL-2.0 in `axe/LICENSE`), kept here so the test needs no network. Players have long
names with umlauts, so wrapping and overflow are tried too. Each page is also checked for
sideways scrolling of the page itself (tables scroll inside their own frame).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from skatclub.club import services
from skatclub.club.models import Event, Player, Table
from tests.helpers.browser import BROWSER_TEST, launch, log_in
from tests.helpers.factories import enter

AXE = Path(__file__).parent / "axe" / "axe.min.js"
WIDTHS = [390, 1280]
LONG_NAMES = [
    "Hans-Jürgen Müller-Lüdenscheidt von Öhring",
    "Bärbel Großkopf-Schäfer aus Überlingen a.S.",
    "Jörg Äpfelbäumer",
    "Özlem Üzümcü-Weißenbäcker-Kröger-Ängström",
]

pytestmark = BROWSER_TEST


def public_pages(event: Event, token: str) -> list[str]:
    key = event.key
    return [
        "/",
        f"/rangliste/{event.season.year}/",
        f"/veranstaltungen/{key}/",
        f"/veranstaltungen/{key}/serie/1/",
        f"/veranstaltungen/{key}/serie/1/leinwand/",
        "/spieler/anna/",
        f"/t/{token}/",
        "/t/falsch/",
        "/anmelden/",
    ]


def spielwart_pages(event: Event) -> list[str]:
    event_path = f"/spielwart/veranstaltungen/{event.key}/"
    table = event_path + "serie/1/tisch/1/"
    return [
        "/spielwart/",
        "/spielwart/spieler/",
        "/spielwart/spieler/neu/",
        "/spielwart/veranstaltungen/neu/",
        event_path,
        event_path + "bearbeiten/",
        event_path + "anwesend/",
        event_path + "ergebnisse/",
        event_path + "serie/1/",
        event_path + "serie/1/ergebnisse/",
        event_path + "serie/1/live/",
        table,
        table + "spiel/1/",
        table + "verlauf/",
        table + "link/",
        event_path + "serie/1/tisch/2/summen/",
        f"/spielwart/saison/{event.season.year}/",
        "/spielwart/offiziersskat/",
    ]


def violations(page: Page) -> list[str]:
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ['violations']})).violations
             .map(v => v.id + ' (' + v.impact + '): ' + v.nodes.map(n => n.target.join(' '))
             .slice(0, 3).join(', '))"""
    )
    return [str(item) for item in found]


def page_overflow(page: Page) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth - window.innerWidth"))


@pytest.fixture
def club_evening(
    event: Event, four_table: Table, three_table: Table, players: dict[str, Player], spielwart: User
) -> str:
    for player, name in zip(players.values(), LONG_NAMES, strict=False):
        player.name = name
        player.save()
    link = services.issue_link(table=four_table, user=spielwart)
    for number, (seat, notation) in enumerate(
        [(2, "Kr m2 H S"), (3, "Gr o1 v"), (4, "He m1"), (1, "Null ouv H")], start=1
    ):
        enter(four_table, number, seat, notation, user=link)
    return link.token


def test_every_page_has_no_axe_violations_at_phone_and_desktop_width(
    transactional_db: None,
    live_server: LiveServer,
    club_evening: str,
    event: Event,
) -> None:
    from playwright.sync_api import sync_playwright

    problems: list[str] = []
    with sync_playwright() as playwright:
        browser = launch(playwright)
        for width in WIDTHS:
            viewport: ViewportSize = {"width": width, "height": 844}
            # bypass_csp: axe is injected as a script of its own, as a test tool.
            visitor = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
            spielwart = browser.new_context(viewport=viewport, bypass_csp=True).new_page()
            log_in(spielwart, live_server.url)
            runs = [(visitor, p) for p in public_pages(event, club_evening)]
            runs += [(spielwart, p) for p in spielwart_pages(event)]
            for page, path in runs:
                page.goto(live_server.url + path)
                problems += [f"{width} px {path}: {v}" for v in violations(page)]
                if page_overflow(page) > 0:
                    problems.append(f"{width} px {path}: the page scrolls sideways")
            # The read-back at the table, as the players see it before saving.
            visitor.goto(f"{live_server.url}/t/{club_evening}/")
            visitor.click("#game-form label:has(input[name=type][value=grand])")
            visitor.click("#game-form label:has(input[name=declarer][value='2'])")
            visitor.click("#game-form label:has(input[name=spitzen][value='1'])")
            visitor.click("#game-form label:has(input[name=result][value=won])")
            visitor.click("#game-form button[type=submit]")
            visitor.locator(".readback .say").wait_for()
            problems += [f"{width} px read-back: {v}" for v in violations(visitor)]
        browser.close()
    assert problems == []
