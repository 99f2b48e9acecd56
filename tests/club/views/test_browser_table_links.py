"""A Serie kept at the tables: three phones (390 × 844) enter their tables through the table
links, one of them loses the Wi-Fi mid-Serie; the players sign off, the Spielwart checks; his
board and the projector follow without a reload; the results are the engine's.

Runs headless Debian Chromium through Playwright against pytest-django's live server.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from scoring import Ruleset, parse_notation, playing_positions, table_scores, valuation
from skatclub.club.models import Change, Event, Player, Round, Seat, Table, TableLink
from skatclub.club.queries.standings import event_standings
from tests.helpers.browser import BROWSER_TEST, TIMEOUT_MS, log_in
from tests.helpers.factories import make_table

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 800}
GAMES = 4  # a short Serie keeps the test quick; the Serie length is the event's setting

pytestmark = BROWSER_TEST


@dataclass(frozen=True)
class Played:
    """One game as the players tap it, and the same game in club notation."""

    type: str
    spitzen: int | None
    hand: bool
    won: bool
    notation: str


GAME_PLAN = [
    Played("clubs", 2, True, True, "Kr m2 H"),
    Played("grand", 1, False, False, "Gr m1 v"),
    Played("hearts", 3, False, True, "He o3"),
    Played("null", None, False, False, "Null v"),
]


def value(notation: str) -> int:
    return valuation(*parse_notation(notation), Ruleset.ISKO).list_score


def shown(number: int) -> str:
    points = value(GAME_PLAN[number - 1].notation)
    return f"−{-points}" if points < 0 else str(points)


def tap_game(page: Page, number: int, played: Played) -> None:
    form = "#game-form"
    seat = playing_positions(4, number)[0]
    page.click(f"{form} label:has(input[name=type][value={played.type}])")
    page.click(f"{form} label:has(input[name=declarer][value='{seat}'])")
    if played.spitzen:
        direction = "ohne" if "o" in played.notation.split()[1] else "mit"
        page.click(f"{form} label:has(input[name=direction][value={direction}])")
        page.click(f"{form} label:has(input[name=spitzen][value='{played.spitzen}'])")
    if played.hand:
        page.click(f"{form} label:has(input[name=hand])")
    page.click(f"{form} label:has(input[name=result][value={'won' if played.won else 'lost'}])")
    page.click(f"{form} button[type=submit]")


def enter_online(page: Page, number: int) -> None:
    tap_game(page, number, GAME_PLAN[number - 1])
    say = page.locator(".readback .say")
    say.wait_for()
    assert say.inner_text().startswith(f"Spiel {number}: ")
    assert f"= {shown(number)} — richtig?" in say.inner_text()  # the server's engine value
    page.click(".readback button[type=submit]")
    page.wait_for_function(
        f"document.getElementById('last-game')?.innerText.startsWith('Spiel {number}:')"
    )


def sign_off(page: Page) -> None:
    page.locator("#unterschrift").wait_for()
    for signed in range(1, 5):
        step = page.locator("details.sign-step").first  # each seat: its name, then confirm
        step.locator("summary").click()
        for other in step.locator("input[name=bestaetigt]").all():  # the others confirm him
            other.check()
        step.get_by_role("button", name="Ja, ich unterschreibe").click()
        page.wait_for_function(f"document.querySelectorAll('.signers .signed').length === {signed}")
    page.get_by_text("Alle haben unterschrieben.").wait_for()


def new_page(browser: Browser, viewport: ViewportSize) -> tuple[BrowserContext, Page]:
    # wait_for_function evaluates its condition as a string, which the pages' CSP forbids;
    # the CSP itself is checked page by page in the CSP browser test.
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: pytest.fail(f"JavaScript error: {error}"))
    return context, page


@pytest.fixture
def round(event: Event, players: dict[str, Player]) -> Round:
    event.games_per_round = {"3": 3, "4": GAMES, "5": 5}
    event.save()
    round_ = Round.objects.create(event=event, number=1)
    keys = list(players)
    for number in (1, 2, 3):
        make_table(round_, number, [players[k] for k in keys[4 * (number - 1) : 4 * number]])
    return round_


def test_three_tables_enter_sign_and_are_checked_while_the_board_follows(
    transactional_db: None,
    live_server: LiveServer,
    browser: Browser,
    spielwart: User,
    round: Round,
) -> None:
    url = live_server.url
    round_path = f"/spielwart/veranstaltungen/{round.event.key}/serie/1/"

    # The Spielwart hands out the links and opens the board and the projector.
    _, desk = new_page(browser, DESK)
    log_in(desk, url)
    desk.goto(url + round_path)
    desk.click("text=Tisch-Links für 3 Tische ausgeben")
    links = {link.table.number: link.token for link in TableLink.objects.select_related("table")}
    for token in links.values():
        assert f"/t/{token}/" in desk.content()
    desk.goto(url + round_path + "live/?takt=1")
    desk.evaluate("window.sameDocument = true")
    _, wall = new_page(browser, DESK)
    wall.goto(f"{url}/veranstaltungen/{round.event.key}/serie/1/leinwand/?takt=1")
    wall.evaluate("window.sameDocument = true")
    assert "vorläufig" in wall.inner_text("#projector").lower()

    # Table 1: every game online, one wrong game taken back.
    _, one = new_page(browser, PHONE)
    one.goto(f"{url}/t/{links[1]}/")
    enter_online(one, 1)
    desk.wait_for_function("document.querySelector('#live-tisch-1 [data-games]').innerText === '1'")
    enter_online(one, 2)
    tap_game(one, 3, GAME_PLAN[0])  # a slip: the wrong game for Spiel 3
    one.click(".readback button[type=submit]")
    one.wait_for_function("document.getElementById('last-game').innerText.startsWith('Spiel 3')")
    one.click("text=Spiel 3 zurücknehmen …")
    one.click("text=Ja, Spiel 3 zurücknehmen")
    one.wait_for_function("document.getElementById('last-game').innerText.startsWith('Spiel 2')")
    for number in (3, 4):
        enter_online(one, number)
    sign_off(one)

    # Table 2: the Wi-Fi goes after game 2; games 3 and 4 wait on the phone, in order.
    context, two = new_page(browser, PHONE)
    two.goto(f"{url}/t/{links[2]}/")
    for number in (1, 2):
        enter_online(two, number)
    context.set_offline(True)
    for number in (3, 4):
        tap_game(two, number, GAME_PLAN[number - 1])
        two.locator("[data-keep]").click()
    assert "Noch nicht gesendet (2)" in two.inner_text("#pending")
    assert round.tables.get(number=2).games.count() == 2
    context.set_offline(False)
    two.wait_for_function("document.getElementById('pending').hidden", timeout=20_000)
    assert two.inner_text("#last-game").startswith("Spiel 4:")
    sign_off(two)

    # Table 3: entered online, the players sign.
    _, three = new_page(browser, PHONE)
    three.goto(f"{url}/t/{links[3]}/")
    for number in range(1, GAMES + 1):
        enter_online(three, number)
    sign_off(three)

    # The board shows all three signed off, without a reload.
    desk.wait_for_function(
        "document.querySelectorAll('#board .state-signed').length === 3", timeout=10_000
    )
    assert desk.evaluate("window.sameDocument === true")
    assert "vorläufig" in wall.inner_text("#projector").lower()

    # The Spielwart checks each list; the board and the projector follow.
    for number in (1, 2, 3):
        desk.goto(f"{url}{round_path}tisch/{number}/")
        desk.check("input[name=decision][value=confirm]")
        desk.click("text=Prüfung speichern")
        desk.wait_for_url(re.compile(r"/serie/1/$"))
    assert set(Table.objects.values_list("check_status", flat=True)) == {"confirmed"}
    wall.wait_for_function(
        "document.getElementById('projector').innerText.includes('Endstand')", timeout=20_000
    )
    assert wall.evaluate("window.sameDocument === true")

    # Results equal the engine's, game by game, recomputed without the database.
    own = {position: [0, 0, 0] for position in range(1, 5)}
    for number, played in enumerate(GAME_PLAN, start=1):
        seat = playing_positions(4, number)[0]
        own[seat][0] += value(played.notation)
        own[seat][1 if valuation(*parse_notation(played.notation), Ruleset.ISKO).won else 2] += 1
    expected = table_scores(Ruleset.ISKO, 4, [(s, w, lost) for s, w, lost in own.values()])
    for table in Table.objects.all():
        seats = Seat.objects.filter(table=table).order_by("position")
        assert [s.score for s in seats] == list(expected.seeger_fabian)
        assert [s.list_score for s in seats] == [own[p][0] for p in range(1, 5)]
    best = event_standings(round.event, 1)[0]
    first_row = wall.locator(".projector-table tbody tr").first.inner_text()
    assert best.name in first_row and str(best.score) in first_row

    # Every game came from the tables; the history says so.
    created = Change.objects.filter(action=Change.Action.CREATE)
    assert created.count() == 3 * GAMES + 1  # one slip, taken back
    assert set(created.values_list("source", flat=True)) == {Change.Source.TABLE}


def test_a_wrong_or_revoked_link_shows_a_german_404_on_the_phone(
    transactional_db: None,
    live_server: LiveServer,
    browser: Browser,
    spielwart: User,
    four_table: Table,
) -> None:
    from skatclub.club import services

    link = services.issue_link(table=four_table, user=spielwart)
    services.revoke_link(table=four_table, user=spielwart)
    _, phone = new_page(browser, PHONE)
    for token in ("falsch", link.token):
        response = phone.goto(f"{live_server.url}/t/{token}/")
        assert response is not None and response.status == 404
        assert "Diesen Tisch-Link gibt es nicht (mehr)" in phone.inner_text("h1")
    assert not four_table.games.exists()
