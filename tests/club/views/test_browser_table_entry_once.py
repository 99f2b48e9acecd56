"""Every game from the table exactly once, on every phone (issue 26), in headless Chromium at
390 × 844: a double tap, an answer lost on the way back, two phones at one table, games kept
offline while the Spielwart renews the link, back and forward, a B0 inside a Bockrunde. Each
ends with exactly the games the players meant in the database and the same numbers on every
phone. Also: the buttons cannot contradict each other, every tap target is at least 48 px, the
names fit the totals bar, and the page opens without a network once the service worker has it.

Runs against pytest-django's live server (http://localhost: a secure context, so the service
worker runs here; on the club's plain-HTTP LAN it does not).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, Route, ViewportSize
from pytest_django import Settings
from pytest_django.live_server_helper import LiveServer

from skatclub.club import services
from skatclub.club.models import Event, Game, Player, Seat, Table
from tests.helpers.browser import ARGS, BROWSER_TEST, CHROMIUM
from tests.helpers.table_phone import (
    FOLLOW_MS,
    GAMES,
    PHONE,
    SHOTS,
    assert_same_on,
    assert_stored,
    conflicting_phones,
    enter,
    entry_id,
    four_game_table,
    game_points,
    keep_offline,
    link_url,
    new_phone,
    posts_to_save,
    shoot,
    tap_game,
    wait_last,
)

DESK: ViewportSize = {"width": 1280, "height": 800}
LAN_HOST = "tisch.lan"  # a name of the club's LAN, resolved to the live server

pytestmark = BROWSER_TEST


@pytest.fixture
def table(event: Event, players: dict[str, Player]) -> Table:
    return four_game_table(event, players)


# --- exactly once -------------------------------------------------------------------------------


def test_a_double_tap_on_save_sends_one_request_and_stores_the_game_once(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    sent = posts_to_save(phone)
    phone.goto(link_url(live_server, table, spielwart))
    tap_game(phone, 1)
    phone.locator(".readback button[type=submit]").wait_for()
    # Two taps in one go, and a third submit by the keyboard's Enter.
    phone.evaluate(
        "() => { const b = document.querySelector('.readback button[type=submit]');"
        " const f = b.form; b.click(); b.click(); f.requestSubmit(); }"
    )
    wait_last(phone, 1)
    phone.wait_for_timeout(1500)
    assert len(sent) == 1
    entry_id(sent[0])
    assert_stored(table, 1)
    # The confirmation is in view, with the way on to Spiel 2.
    saved = phone.locator("#gespeichert")
    assert saved.is_visible()
    assert "Spiel 2" in saved.inner_text()
    box = saved.bounding_box()
    assert box is not None and 0 <= box["y"] < PHONE["height"]
    assert phone.inner_text("[data-next-number]") == "2"
    enter(phone, 2)
    assert_stored(table, 2)
    assert_same_on(table, phone)


def test_a_save_whose_answer_is_lost_is_sent_again_and_stored_once(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    sent = posts_to_save(phone)
    dropped: list[str] = []

    def lose_the_first_answer(route: Route) -> None:
        if dropped:
            route.continue_()
            return
        dropped.append(route.request.post_data or "")
        route.fetch()  # the server saves the game …
        route.abort("connectionreset")  # … and its answer never reaches the phone

    phone.route("**/spiel/", lose_the_first_answer)
    phone.goto(link_url(live_server, table, spielwart))
    tap_game(phone, 1)
    phone.click(".readback button[type=submit]")
    wait_last(phone, 1, timeout=20_000)
    phone.wait_for_function("document.getElementById('pending').hidden")
    assert len(sent) == 2 and entry_id(sent[0]) == entry_id(sent[1])
    assert "jemand anderes" not in phone.inner_text("body")
    assert Game.objects.get(table=table, number=1).entry_id == entry_id(sent[0])
    enter(phone, 2)
    assert_stored(table, 2)
    assert_same_on(table, phone)


def test_two_phones_at_one_table_follow_each_other_without_a_conflict(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    url = link_url(live_server, table, spielwart)
    _, one = new_phone(browser)
    _, two = new_phone(browser)
    one.goto(url)
    two.goto(url)
    enter(one, 1)
    wait_last(two, 1, timeout=FOLLOW_MS)  # the second phone follows by itself
    two.wait_for_function("document.querySelector('[data-next-number]').innerText === '2'")
    enter(two, 2)
    wait_last(one, 2, timeout=FOLLOW_MS)
    enter(one, 3)
    wait_last(two, 3, timeout=FOLLOW_MS)
    assert_stored(table, 3)
    assert_same_on(table, one, two)
    assert "Nicht gespeichert" not in one.inner_text("body") + two.inner_text("body")


def test_a_phone_that_was_behind_says_so_before_the_read_back(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    url = link_url(live_server, table, spielwart)
    _, one = new_phone(browser)
    _, two = new_phone(browser)
    one.goto(url)
    two.goto(url)
    one.click("#game-form label:has(input[name=type][value=clubs])")  # begins game 1 …
    enter(two, 1)  # … while the other phone saves it
    one.evaluate("() => { window.sameDocument = true; }")
    tap_game(one, 2)
    behind = one.locator("#readback .behind")
    behind.wait_for()
    assert behind.inner_text().startswith("Inzwischen wurde am Tisch weiter erfasst")
    assert "Spiel 2" in behind.inner_text()
    # The note comes before the read-back, which reads the game back as Spiel 2.
    assert one.locator("#readback > *").first.get_attribute("class") == "notice behind"
    assert one.inner_text(".readback .say").startswith("Spiel 2:")
    shoot(one, "tisch-390-inzwischen")
    one.click(".readback button[type=submit]")
    wait_last(one, 2)
    wait_last(two, 2, timeout=FOLLOW_MS)
    assert_stored(table, 2)
    assert_same_on(table, one, two)


def test_a_different_game_on_a_taken_number_shows_both_and_the_players_choose(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    # Phone one keeps Carla's Grand as game 1 offline while phone two saves Bernd's Kreuz.
    context, one, two = conflicting_phones(browser, link_url(live_server, table, spielwart))
    context.set_offline(False)
    choice = one.locator("#pending .choice-box")
    choice.wait_for(timeout=20_000)
    text = choice.inner_text()
    assert "Gespeichert:" in text and "Ihre Eingabe:" in text
    assert "jemand anderes" not in text
    shoot(one, "tisch-390-konflikt")
    # Both were played: phone one's game becomes game 2.
    one.click("text=Beide stimmen – meine Eingabe als nächstes Spiel speichern")
    wait_last(one, 2, timeout=20_000)
    one.wait_for_function("document.getElementById('pending').hidden")
    wait_last(two, 2, timeout=FOLLOW_MS)
    games = list(Game.objects.filter(table=table).order_by("number"))
    assert [(g.number, g.game_type) for g in games] == [(1, "clubs"), (2, "grand")]
    assert [s.list_score for s in Seat.objects.filter(table=table).order_by("position")] == [
        0,
        game_points(1),
        game_points(2),
        0,
    ]
    assert_same_on(table, one, two)


def test_the_players_can_replace_the_stored_game_with_their_own(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    # Carla's Grand, kept offline on phone one, and Bernd's Kreuz, saved by phone two: the
    # Kreuz was a slip.
    context, one, two = conflicting_phones(browser, link_url(live_server, table, spielwart))
    context.set_offline(False)
    one.locator("#pending .choice-box").wait_for(timeout=20_000)
    one.click("text=Meine Eingabe stimmt – das gespeicherte Spiel 1 ersetzen")
    one.wait_for_function("document.getElementById('pending').hidden", timeout=20_000)
    one.locator("#gespeichert").wait_for()
    two.wait_for_function(
        "document.getElementById('last-game').innerText.includes('Carla')", timeout=FOLLOW_MS
    )
    games = list(Game.objects.filter(table=table))
    assert [(g.number, g.game_type, g.list_score) for g in games] == [(1, "grand", game_points(2))]
    seats = Seat.objects.filter(table=table).order_by("position")
    assert [s.list_score for s in seats] == [0, 0, game_points(2), 0]
    assert_same_on(table, one, two)


def test_games_kept_offline_arrive_once_through_the_renewed_link(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    old = link_url(live_server, table, spielwart)
    context, phone = new_phone(browser)
    sent = posts_to_save(phone)
    phone.goto(old)
    enter(phone, 1)
    context.set_offline(True)
    keep_offline(phone, 2)
    keep_offline(phone, 3)
    assert "Noch nicht gesendet (2)" in phone.inner_text("#pending")

    new = link_url(live_server, table, spielwart)  # the Spielwart renews the link
    assert new != old
    context.set_offline(False)
    # The old link refuses; the phone says what to do and keeps the games.
    phone.get_by_text("Dieser Link gilt nicht mehr").wait_for(timeout=20_000)
    assert Game.objects.filter(table=table).count() == 1
    phone.goto(new)
    wait_last(phone, 3, timeout=20_000)
    phone.wait_for_function("document.getElementById('pending').hidden")
    assert_stored(table, 3)
    ids = [entry_id(body) for body in sent]
    assert len(set(ids)) == 3  # one id per game, every resend with its own
    _, other = new_phone(browser)
    other.goto(new)
    assert_same_on(table, phone, other)


def test_closing_the_event_reaches_the_phones_and_a_kept_game_stays_on_the_phone_not_saved(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    url = link_url(live_server, table, spielwart)
    _, one = new_phone(browser)
    context, two = new_phone(browser)
    one.goto(url)
    two.goto(url)
    enter(one, 1)
    wait_last(two, 1, timeout=FOLLOW_MS)
    context.set_offline(True)
    keep_offline(two, 2)  # phone two keeps game 2 without a network …
    event = Event.objects.get(pk=table.round.event_id)
    services.close_event(event=event, user=spielwart)  # … when the Spielwart closes the event
    closed = "Die Veranstaltung ist abgeschlossen"
    one.locator("#table-status .notice.closed").wait_for(timeout=FOLLOW_MS)  # by its poll
    assert one.inner_text("#table-status .notice.closed").startswith(closed)
    assert one.locator("#eingabe").is_hidden()
    assert one.locator("#table-status form").count() == 0  # no undo, no signature
    shoot(one, "tisch-390-abgeschlossen")
    context.set_offline(False)
    refused = two.locator("#pending .choice-box [role=alert]")
    refused.wait_for(timeout=FOLLOW_MS)
    assert refused.inner_text().startswith("Spiel 2: " + closed)
    assert two.inner_text("#pending h2") == "Nicht gespeichert (1)"
    two.locator("#table-status .notice.closed").wait_for(timeout=FOLLOW_MS)
    assert two.locator("#eingabe").is_hidden()
    shoot(two, "tisch-390-abgeschlossen-nicht-gespeichert")
    assert_stored(table, 1)
    services.reopen_event(event=event, user=spielwart)  # the players say whether it goes
    two.get_by_text("Spiel 2 noch senden?").wait_for(timeout=FOLLOW_MS)
    two.get_by_role("button", name="Spiel 2 noch senden").click()
    wait_last(two, 2, timeout=FOLLOW_MS)
    two.wait_for_function("document.getElementById('pending').hidden")
    one.locator("#eingabe").wait_for(state="visible", timeout=FOLLOW_MS)
    # Phone one may have seen the reopening before phone two's kept game arrived: its next
    # poll brings game 2.
    wait_last(one, 2, timeout=FOLLOW_MS)
    assert_stored(table, 2)
    assert_same_on(table, one, two)


def test_a_game_kept_in_the_earlier_queue_of_the_link_is_sent_once(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    """Phones that kept games with an earlier version of the page (one queue per link)."""
    url = link_url(live_server, table, spielwart)
    old_key = "skatclub-tisch-" + url.rstrip("/").rsplit("/", 1)[1]
    _, phone = new_phone(browser)
    sent = posts_to_save(phone)
    phone.goto(url)
    kept = [{"number": 1, "body": "number=1&line=2+Kr+m2", "text": "Spiel 1: 2 Kr m2"}]
    phone.evaluate(
        "([key, queue]) => localStorage.setItem(key, JSON.stringify(queue))", [old_key, kept]
    )
    phone.reload()
    wait_last(phone, 1, timeout=20_000)
    phone.wait_for_function("document.getElementById('pending').hidden")
    assert phone.evaluate(f"() => localStorage.getItem('{old_key}')") is None
    assert len(sent) == 1
    entry_id(sent[0])
    assert_stored(table, 1)
    assert_same_on(table, phone)


def test_back_and_forward_show_the_current_list(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    url = link_url(live_server, table, spielwart)
    _, one = new_phone(browser)
    _, two = new_phone(browser)
    one.goto(url)
    enter(one, 1)
    one.goto(live_server.url + "/")  # the player looks at something else …
    two.goto(url)
    enter(two, 2)  # … while the other phone saves a game
    one.go_back()
    wait_last(one, 2, timeout=FOLLOW_MS)
    one.go_forward()
    one.go_back()
    wait_last(one, 2, timeout=FOLLOW_MS)
    enter(one, 3)
    assert_stored(table, 3)
    two.reload()
    assert_same_on(table, one, two)


def test_a_b0_line_in_a_bockrunde_is_read_back_as_it_is_stored(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    event = table.round.event
    event.house_bock = True
    event.bock_triggers = ["grand_hand"]
    event.save()
    _, phone = new_phone(browser)
    phone.goto(link_url(live_server, table, spielwart))
    read_back = {}
    phone.click("text=Kurzschrift (eine Zeile)")
    for number, line in enumerate(("2 Gr m1 H", "3 Kr m1 B0", "4 Pi m1"), start=1):
        phone.fill("#id_line", line)
        phone.click("#line-form button[type=submit]")
        say = phone.locator(".readback .say").inner_text()
        value = re.search(r"= (−?\d+) — richtig\?", say)
        assert value, say
        read_back[number] = int(value.group(1).replace("−", "-"))
        phone.click(".readback button[type=submit]")
        wait_last(phone, number)
    stored = dict(Game.objects.filter(table=table).values_list("number", "list_score"))
    assert read_back == stored
    assert stored[2] == 24  # B0: no Bock for this game, though the Bockrunde runs
    assert stored[3] == 2 * 11 * 2  # the Bockrunde goes on
    seats = Seat.objects.filter(table=table).order_by("position")
    assert [s.list_score for s in seats] == [0, 72, 24, 44]


# --- at the table -----------------------------------------------------------------------------


def test_choosing_null_clears_what_only_a_suit_game_has(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    phone.goto(link_url(live_server, table, spielwart))
    form = "#game-form"
    phone.click(f"{form} label:has(input[name=type][value=clubs])")
    phone.click(f"{form} label:has(input[name=spitzen][value='2'])")
    phone.click(f"{form} label:has(input[name=schwarz_announced])")
    # Schwarz angesagt brings Schneider angesagt and Hand with it.
    assert phone.is_checked("input[name=schneider_announced]")
    assert phone.is_checked("input[name=hand]")
    phone.click(f"{form} label:has(input[name=level][value=schneider])")
    phone.click(f"{form} label:has(input[name=type][value=null])")
    assert not phone.locator("input[name=spitzen]:checked").count()
    assert not phone.is_checked("input[name=schneider_announced]")
    assert not phone.is_checked("input[name=schwarz_announced]")
    assert phone.is_checked("input[name=level][value='']")
    phone.click(f"{form} label:has(input[name=declarer][value='2'])")
    phone.click(f"{form} label:has(input[name=result][value=won])")
    phone.click(f"{form} button[type=submit]")
    say = phone.locator(".readback .say").inner_text()
    assert "Schneider" not in say and "Null Hand" in say
    # Without Hand there is no Schneider angesagt.
    phone.click("[data-cancel]")
    phone.click(f"{form} label:has(input[name=type][value=spades])")
    phone.click(f"{form} label:has(input[name=ouvert])")
    assert phone.is_checked("input[name=schwarz_announced]")
    phone.click(f"{form} label:has(input[name=hand])")
    assert not phone.is_checked("input[name=schneider_announced]")
    assert not phone.is_checked("input[name=ouvert]")


def test_every_tap_target_on_the_table_page_is_at_least_48_px(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    _, phone = new_phone(browser)
    phone.goto(link_url(live_server, table, spielwart))
    for number in range(1, GAMES):
        enter(phone, number)
    tap_game(phone, GAMES)
    phone.locator(".readback .say").wait_for()
    phone.evaluate(OPEN_ALL)
    small = measure_small_targets(phone)
    phone.click(".readback button[type=submit]")
    wait_last(phone, GAMES)
    phone.locator("#unterschrift").wait_for()
    phone.evaluate(OPEN_ALL)
    small += measure_small_targets(phone)
    assert small == []


OPEN_ALL = "() => document.querySelectorAll('#table-page details').forEach(d => d.open = true)"


def measure_small_targets(page: Page) -> list[str]:
    """Every visible button, link, summary and big-button tile smaller than 48 × 48 px."""
    found: list[str] = page.evaluate(
        """() => {
          const small = [];
          const targets = document.querySelectorAll(
            '#table-page button, #table-page a, #table-page summary, #table-page .choice span,'
            + ' #table-page select, #table-page input:not([type=radio]):not([type=checkbox])'
            + ':not([type=hidden])');
          for (const el of targets) {
            const box = el.getBoundingClientRect();
            if (!box.width || !box.height) continue;
            if (box.height < 48 || box.width < 48)
              small.push(el.tagName + ' "' + el.textContent.trim().slice(0, 30) + '" '
                         + Math.round(box.width) + ' × ' + Math.round(box.height));
          }
          return small;
        }"""
    )
    assert found is not None
    return found


LONG_NAMES = [
    "Hans-Jürgen Müller-Lüdenscheidt-Großmann",
    "Anne-Käthe Schöneberg-Würzburger-Hößlinn",
    "Özlem Çağlar-Bäumer von Überlingen-Mitte",
    "Maximilian Graf zu Rüdesheim-Äußersteine",
]


def test_forty_character_names_fit_the_totals_bar_at_390_and_1280_px(
    transactional_db: None,
    live_server: LiveServer,
    browser: Browser,
    spielwart: User,
    table: Table,
    tmp_path: Path,
) -> None:
    for seat, name in zip(
        Seat.objects.filter(table=table).order_by("position"), LONG_NAMES, strict=True
    ):
        assert len(name) == 40
        Player.objects.filter(pk=seat.player_id).update(name=name)
    url = link_url(live_server, table, spielwart)
    shots = Path(SHOTS) if SHOTS else tmp_path
    shots.mkdir(parents=True, exist_ok=True)
    for viewport, label in ((PHONE, "390"), (DESK, "1280")):
        _, phone = new_phone(browser, viewport)
        phone.goto(url)
        if label == "390":
            enter(phone, 1)
        phone.screenshot(path=str(shots / f"tisch-{label}.png"))
        phone.screenshot(path=str(shots / f"tisch-{label}-ganz.png"), full_page=True)
        names = phone.locator("#stand .who").all_inner_texts()
        for position, (text, name) in enumerate(zip(names, LONG_NAMES, strict=True), start=1):
            assert " ".join(text.split()).replace("- ", "-") == f"{position} {name}"
        cut = phone.evaluate(
            "() => [...document.querySelectorAll('#stand .who')]"
            ".filter(el => el.scrollWidth > el.clientWidth + 1).map(el => el.textContent)"
        )
        assert cut == []
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= viewport["width"]


# --- offline beyond the queue -------------------------------------------------------------------


def test_the_page_opens_and_takes_games_offline_after_a_reload_once_the_worker_has_it(
    transactional_db: None, live_server: LiveServer, browser: Browser, spielwart: User, table: Table
) -> None:
    context, phone = new_phone(browser)
    url = link_url(live_server, table, spielwart)
    phone.goto(url)
    phone.wait_for_function("!!navigator.serviceWorker.controller")
    phone.get_by_text("auch nach dem Neuladen").wait_for()
    assert phone.evaluate("() => document.querySelector('link[rel=manifest]').href").endswith(
        "/app.webmanifest"
    )
    enter(phone, 1)
    wait_for_kept_copy(phone, "Spiel 1:")  # the worker renews its copy after the save
    context.set_offline(True)
    phone.reload()
    assert phone.inner_text("h1").startswith("Tisch 1")
    wait_last(phone, 1)
    keep_offline(phone, 2)
    phone.reload()  # the kept game survives a reload without network, too
    phone.wait_for_function("document.querySelectorAll('#pending li').length === 1")
    context.set_offline(False)
    wait_last(phone, 2, timeout=20_000)
    phone.wait_for_function("document.getElementById('pending').hidden")
    assert_stored(table, 2)
    assert_same_on(table, phone)


def wait_for_kept_copy(page: Page, text: str) -> None:
    """Until the service worker's copy of this page contains `text`."""
    for _ in range(50):
        kept = page.evaluate(
            "() => caches.match(location.href, {ignoreVary: true}).then(r => r ? r.text() : '')"
        )
        if text in kept:
            return
        page.wait_for_timeout(200)
    pytest.fail(f"the kept copy of the page never showed {text!r}")


def test_on_plain_http_the_queue_survives_a_reload_and_the_page_says_what_works_offline(
    transactional_db: None,
    live_server: LiveServer,
    browser: Browser,
    spielwart: User,
    table: Table,
    settings: Settings,
) -> None:
    """The club's LAN: a host name that is not localhost is no secure context (no worker)."""
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN_HOST]
    url = link_url(live_server, table, spielwart).replace("localhost", LAN_HOST)
    lan = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*ARGS, f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"],
        headless=True,
    )
    try:
        context, phone = new_phone(lan)
        phone.goto(url)
        assert not phone.evaluate("() => window.isSecureContext")
        note = phone.locator("#offline-hinweis")
        assert "Die Seite ohne Netz nicht neu laden" in note.inner_text()
        enter(phone, 1)
        context.set_offline(True)
        keep_offline(phone, 2)
        phone.route("**/spiel/", lambda route: route.abort("connectionrefused"))
        context.set_offline(False)
        phone.reload()  # the network is back, the server not yet: the game stays on the phone
        phone.wait_for_function("document.querySelectorAll('#pending li').length === 1")
        phone.unroute("**/spiel/")
        wait_last(phone, 2, timeout=20_000)
        phone.wait_for_function("document.getElementById('pending').hidden")
        assert_stored(table, 2)
        assert_same_on(table, phone)
    finally:
        lan.close()
