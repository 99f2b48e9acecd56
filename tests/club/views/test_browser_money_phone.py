"""The money tables on a phone (390 px): on the Kasse page ("Je Spieler") and the public
Abrechnung every player is a card whose first line holds his name and his Schluss, a player's
own Abrechnung (his receipt page) fits the screen, and nothing scrolls sideways.

Runs headless Debian Chromium through Playwright against pytest-django's live server."""

from __future__ import annotations

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from skatclub.club.formatting import euro
from skatclub.club.models import Event, Player
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.services import kasse
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.tournaments import one_table_tournament

pytestmark = BROWSER_TEST

# Per row: the name's and the Schluss's box, and the page's width.
CARDS = """(selector) => {
  const rows = [...document.querySelectorAll(selector + " tbody tr")];
  return rows.map((row) => {
    const name = row.querySelector(".name, th[scope=row]").getBoundingClientRect();
    const end = row.querySelector(".schluss").getBoundingClientRect();
    return {name: [name.left, name.top, name.right], end: [end.left, end.top, end.right],
            text: row.querySelector(".schluss").textContent.trim()};
  });
}"""


def test_the_kasse_and_the_abrechnung_show_name_and_schluss_first_at_390_px(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
) -> None:
    one_table_tournament(event, players)
    kasse.count_cash(event=event, cents=event_ledger(event, kasse=True).report.expected)
    found = event_ledger(event)
    page = browser_page
    log_in(page, live_server.url)
    page.set_viewport_size({"width": 390, "height": 844})
    for url, selector in (
        (f"/spielwart/veranstaltungen/{event.key}/kasse/", "#receipts"),
        (f"/veranstaltungen/{event.key}/", "table.money-cards"),
    ):
        page.goto(live_server.url + url)
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, url
        cards = page.evaluate(CARDS, selector)
        assert len(cards) == len(found.accounts), url
        for card in cards:
            name, end = card["name"], card["end"]
            assert end[2] <= 390 and name[0] >= 0, (url, card)  # both on the screen
            assert abs(end[1] - name[1]) < 8, (url, card)  # on the same, first line
        shown = sorted(card["text"] for card in cards)
        assert shown == sorted(euro(a.at_the_end) for a in found.accounts), url
    # a player's own Abrechnung (the receipt page): two columns, the Schluss on the screen
    page.goto(f"{live_server.url}/spielwart/veranstaltungen/{event.key}/kasse/quittung/anna/")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    box = page.locator("#receipt tr.total").last.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
