"""The phone tells the truth (issue 42), in headless Chromium at 390 × 844: no network, a busy
server, a refusal with the server's reason and a replace under way each say so in their own
words; a save that does not come back (or never answers: every request has a timeout) is tried
again by itself; a game that was not saved
while the event was closed waits for the players' word after it is reopened; a game read back
without the server is said in words with the players' names.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, Route
from pytest_django.live_server_helper import LiveServer

from skatclub.club import services
from skatclub.club.models import Event, Game, Player, Table
from tests.helpers.browser import BROWSER_TEST
from tests.helpers.table_phone import (
    FOLLOW_MS,
    PHONE,
    assert_same_on,
    assert_stored,
    conflicting_phones,
    enter,
    four_game_table,
    keep_offline,
    link_url,
    new_phone,
    posts_to_save,
    shoot,
    tap_game,
    wait_sent,
)

pytestmark = BROWSER_TEST

OFFLINE = "Kein Netz – wird gesendet, sobald das Netz wieder da ist"
BUSY = "Server beschäftigt, versucht es gleich wieder"
REPLACING = "Wird ersetzt …"
RETRY_MS = 20_000  # the pauses between tries grow to at most 15 s


def until(page: Page, condition: Callable[[], bool], timeout_ms: int = RETRY_MS) -> None:
    """Until `condition` holds (the page's routes are answered meanwhile), or fail."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {timeout_ms} ms in vain")
        page.wait_for_timeout(100)


def refused_as_closed(
    context: BrowserContext, phone: Page, table: Table, number: int, spielwart: User
) -> Event:
    """Game `number` kept on the phone without a network while the Spielwart closes the event;
    back online, the server refuses it as closed. The closed event."""
    context.set_offline(True)
    keep_offline(phone, number)
    closed = Event.objects.get(pk=table.round.event_id)
    services.close_event(event=closed, user=spielwart)
    context.set_offline(False)
    phone.locator("#pending .choice-box [role=alert]").wait_for(timeout=RETRY_MS)
    return closed


@pytest.fixture
def table(event: Event, players: dict[str, Player]) -> Table:
    return four_game_table(event, players)


def test_a_busy_server_is_said_as_busy_and_the_game_goes_once_it_answers(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    busy: list[str] = []

    def answer_503(route: Route) -> None:
        busy.append(route.request.post_data or "")
        route.fulfill(status=503, body="Service Unavailable")

    phone.route("**/spiel/", answer_503)
    phone.goto(link_url(live_server, table, spielwart))
    tap_game(phone, 1)
    phone.click(".readback button[type=submit]")
    note = phone.locator("#pending .pending-note")
    note.wait_for()
    phone.wait_for_function("document.querySelectorAll('#pending li').length === 1")
    assert note.inner_text() == BUSY
    assert "Netz" not in phone.inner_text("#pending")
    box = phone.locator("#pending").bounding_box()  # in view: the players see why it waits
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    shoot(phone, "tisch-390-beschaeftigt")
    until(phone, lambda: len(busy) >= 2)  # tried again by itself
    assert Game.objects.filter(table=table).count() == 0
    phone.unroute("**/spiel/")
    wait_sent(phone, 1, timeout=RETRY_MS)
    assert_stored(table, 1)
    assert_same_on(table, phone)


def test_a_stalled_save_times_out_as_busy_and_no_longer_blocks_the_queue(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    stalled: list[Route] = []

    def stall_the_first(route: Route) -> None:
        if stalled:
            route.continue_()
        else:
            stalled.append(route)  # never answered: the phone's timeout has to end it

    phone.route("**/spiel/", stall_the_first)
    phone.goto(link_url(live_server, table, spielwart))
    tap_game(phone, 1)
    phone.click(".readback button[type=submit]")
    note = phone.locator("#pending .pending-note")
    note.wait_for(timeout=RETRY_MS)  # the save's 10 s are up
    assert note.inner_text() == BUSY
    wait_sent(phone, 1, timeout=RETRY_MS)  # the same game again, this time answered
    assert len(stalled) == 1
    assert_stored(table, 1)


def test_a_save_that_gets_no_answer_is_no_network_and_is_sent_when_it_is_back(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    phone.route("**/spiel/", lambda route: route.abort("internetdisconnected"))
    phone.goto(link_url(live_server, table, spielwart))
    tap_game(phone, 1)
    phone.click(".readback button[type=submit]")
    note = phone.locator("#pending .pending-note")
    note.wait_for()
    assert note.inner_text() == OFFLINE
    assert phone.inner_text("#pending h2") == "Noch nicht gesendet (1)"
    phone.unroute("**/spiel/")
    wait_sent(phone, 1, timeout=RETRY_MS)
    assert_stored(table, 1)


def test_offline_the_read_back_is_in_words_with_the_names_and_the_value_comes_later(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    context, phone = new_phone(browser)
    phone.goto(link_url(live_server, table, spielwart))
    context.set_offline(True)
    tap_game(phone, 1)  # Bernd's Kreuz mit 2, won
    readback = phone.locator(".readback")
    readback.wait_for()
    assert readback.locator("h2").inner_text() == OFFLINE
    assert phone.inner_text(".readback .say") == (
        "Spiel 1: Bernd Brandt spielt Kreuz mit 2, gewonnen — richtig?"
    )
    assert "Wert kommt, sobald gespeichert" in readback.inner_text()
    shoot(phone, "tisch-390-kein-netz-vorlesen")
    phone.locator("[data-keep]").click()
    assert phone.inner_text("#pending .pending-note") == OFFLINE
    # A typed line reads back in words too, behind the game the phone holds.
    phone.click("text=Kurzschrift (eine Zeile)")
    phone.fill("#id_line", "3 He m1 H")
    phone.click("#line-form button[type=submit]")
    assert phone.inner_text(".readback .say") == (
        "Spiel 2: Carla Claus spielt Herz mit 1, Hand, gewonnen — richtig?"
    )
    phone.locator("[data-keep]").click()
    phone.wait_for_function("document.querySelectorAll('#pending li').length === 2")
    assert phone.locator("#pending li").all_inner_texts() == [
        "Spiel 1: Bernd Brandt spielt Kreuz mit 2, gewonnen",
        "Spiel 2: Carla Claus spielt Herz mit 1, Hand, gewonnen",
    ]
    context.set_offline(False)
    wait_sent(phone, 2, timeout=RETRY_MS)
    games = list(Game.objects.filter(table=table).order_by("number"))
    assert [(g.number, g.game_type) for g in games] == [(1, "clubs"), (2, "hearts")]


def test_a_refusal_gives_the_servers_reason_and_offers_to_send_it_again_first(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    context, phone = new_phone(browser)
    refused: list[str] = []

    def refuse_once(route: Route) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.post_data or "")
        route.fulfill(
            status=422,
            content_type="text/html; charset=utf-8",
            body='<section class="readback"><h2>Nicht gespeichert</h2>'
            '<p class="error">Spiel 1: Bitte erst die Liste prüfen.</p></section>',
        )

    phone.goto(link_url(live_server, table, spielwart))
    context.set_offline(True)
    keep_offline(phone, 1)
    phone.route("**/spiel/", refuse_once)
    context.set_offline(False)
    why = phone.locator("#pending .choice-box [role=alert]")
    why.wait_for(timeout=RETRY_MS)
    assert why.inner_text() == "Abgelehnt: Spiel 1: Bitte erst die Liste prüfen."
    assert phone.inner_text("#pending h2") == "Nicht gespeichert (1)"
    buttons = phone.locator("#pending .choice-box button")
    assert buttons.all_inner_texts() == ["Noch einmal senden", "Diese Eingabe verwerfen"]
    assert "primary" in (buttons.nth(0).get_attribute("class") or "")
    assert "danger" in (buttons.nth(1).get_attribute("class") or "")
    shoot(phone, "tisch-390-abgelehnt")
    phone.wait_for_timeout(2000)
    assert len(refused) == 1  # a refusal is not sent again by itself
    buttons.nth(0).click()
    wait_sent(phone, 1, timeout=RETRY_MS)
    assert_stored(table, 1)


def test_a_replace_under_way_says_so_and_the_conflict_is_told_once(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    # Carla's Grand, kept offline on phone one, and Bernd's Kreuz, saved by phone two.
    context, one, two = conflicting_phones(browser, link_url(live_server, table, spielwart))
    held: list[Route] = []

    def hold_the_replace(route: Route) -> None:
        if "version=" in (route.request.post_data or ""):
            held.append(route)  # answered below, once the phone was seen to wait for it
        else:
            route.continue_()

    one.route("**/spiel/", hold_the_replace)
    context.set_offline(False)
    one.locator("#pending .choice-box").wait_for(timeout=RETRY_MS)
    pending = one.inner_text("#pending")
    assert pending.count("ist schon") == 1, pending  # the note says it, the box shows both
    assert "Gespeichert:" in pending and "Ihre Eingabe:" in pending
    one.click("text=Meine Eingabe stimmt – das gespeicherte Spiel 1 ersetzen")
    one.get_by_text(REPLACING).wait_for()
    shoot(one, "tisch-390-wird-ersetzt")
    until(one, lambda: bool(held))
    assert Game.objects.get(table=table, number=1).game_type == "clubs"
    held[0].continue_()
    wait_sent(one, 1, timeout=RETRY_MS)
    assert Game.objects.get(table=table, number=1).game_type == "grand"
    two.wait_for_function(
        "document.getElementById('last-game').innerText.includes('Carla')", timeout=FOLLOW_MS
    )
    assert_same_on(table, one, two)


def test_a_game_not_saved_while_closed_is_asked_about_after_reopening_not_sent(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    context, phone = new_phone(browser)
    sent = posts_to_save(phone)
    phone.goto(link_url(live_server, table, spielwart))
    enter(phone, 1)
    event = refused_as_closed(context, phone, table, 2, spielwart)
    assert phone.inner_text("#pending h2") == "Nicht gespeichert (1)"
    tries = len(sent)
    services.reopen_event(event=event, user=spielwart)
    phone.get_by_text("Spiel 2 noch senden?").wait_for(timeout=FOLLOW_MS)
    assert phone.inner_text("#pending h2") == "Nicht gespeichert (1)"
    buttons = phone.locator("#pending .choice-box button")
    assert buttons.all_inner_texts() == ["Spiel 2 noch senden", "Spiel 2 verwerfen"]
    shoot(phone, "tisch-390-noch-senden")
    phone.wait_for_timeout(9000)  # two polls and more than the old 5-s resend
    assert len(sent) == tries  # nothing went by itself
    assert_stored(table, 1)
    buttons.nth(0).click()
    wait_sent(phone, 2, timeout=FOLLOW_MS)
    assert_stored(table, 2)
    assert_same_on(table, phone)


def test_a_held_game_can_be_dropped_after_reopening(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    context, phone = new_phone(browser)
    phone.goto(link_url(live_server, table, spielwart))
    event = refused_as_closed(context, phone, table, 1, spielwart)
    services.reopen_event(event=event, user=spielwart)
    phone.get_by_role("button", name="Spiel 1 verwerfen").click(timeout=FOLLOW_MS)
    phone.wait_for_function("document.getElementById('pending').hidden")
    phone.locator("#eingabe").wait_for(state="visible", timeout=FOLLOW_MS)
    assert phone.inner_text("[data-next-number]") == "1"
    assert Game.objects.filter(table=table).count() == 0
