"""The table page on a phone in headless Chromium at 390 × 844, for the browser tests of the
table link (tests/club/views/test_browser_table_*.py): a table of four games a Serie, the plan
of games its tests tap, a phone of its own per player, and what they wait for and check."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize
from pytest_django.live_server_helper import LiveServer

from scoring import Ruleset, parse_notation, playing_positions, valuation
from skatclub.club import services
from skatclub.club.models import Event, Game, Player, Round, Seat, Table
from tests.helpers.browser import TIMEOUT_MS
from tests.helpers.factories import make_table

PHONE: ViewportSize = {"width": 390, "height": 844}
GAMES = 4
# Where the screenshots of the layout tests go (looked at by hand), when set.
SHOTS = os.environ.get("SKATCLUB_SHOTS", "")
FOLLOW_MS = 12_000  # a phone follows another phone's save within this (it polls every 4 s)


# (type, Spitzen, won, the same game in club notation)
PLAN = [
    ("clubs", 2, True, "Kr m2"),
    ("grand", 1, False, "Gr m1 v"),
    ("hearts", 3, True, "He o3"),
    ("null", None, False, "Null v"),
]


def shown(notation: str) -> str:
    points = valuation(*parse_notation(notation), Ruleset.ISKO).list_score
    return f"−{-points}" if points < 0 else str(points)


def four_game_table(event: Event, players: dict[str, Player]) -> Table:
    """Table 1 of Serie 1 (Anna, Bernd, Carla, Dieter), four games a Serie at a four-table."""
    event.games_per_round = {"3": 3, "4": GAMES, "5": 5}
    event.save()
    round_ = Round.objects.create(event=event, number=1)
    return make_table(round_, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])


def link_url(live_server: LiveServer, table: Table, spielwart: User) -> str:
    link = services.issue_link(table=table, user=spielwart)
    return f"{live_server.url}/t/{link.token}/"


def new_phone(browser: Browser, viewport: ViewportSize = PHONE) -> tuple[BrowserContext, Page]:
    # wait_for_function evaluates its condition as a string, which the pages' CSP forbids.
    context = browser.new_context(viewport=viewport, bypass_csp=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: pytest.fail(f"JavaScript error: {error}"))
    return context, page


def tap_game(page: Page, number: int, played: int | None = None, seat: int | None = None) -> None:
    """Game `number` as the players tap it: by default the plan's game of that number, played
    by the first seat in play."""
    kind, spitzen, won, notation = PLAN[(played or number) - 1]
    form = "#game-form"
    seat = seat or playing_positions(4, number)[0]
    page.click(f"{form} label:has(input[name=type][value={kind}])")
    page.click(f"{form} label:has(input[name=declarer][value='{seat}'])")
    if spitzen:
        direction = "ohne" if " o" in notation else "mit"
        page.click(f"{form} label:has(input[name=direction][value={direction}])")
        page.click(f"{form} label:has(input[name=spitzen][value='{spitzen}'])")
    page.click(f"{form} label:has(input[name=result][value={'won' if won else 'lost'}])")
    page.click(f"{form} button[type=submit]")


def wait_last(page: Page, number: int, timeout: int = TIMEOUT_MS) -> None:
    page.wait_for_function(
        f"document.getElementById('last-game')?.innerText.startsWith('Spiel {number}:')",
        timeout=timeout,
    )


def enter(page: Page, number: int) -> None:
    tap_game(page, number)
    say = page.locator(".readback .say")
    say.wait_for()
    assert f"= {shown(PLAN[number - 1][3])} — richtig?" in say.inner_text()
    page.click(".readback button[type=submit]")
    wait_last(page, number)


def keep_offline(page: Page, number: int) -> None:
    """Game `number` kept on the phone (no network): one more line in its queue."""
    kept = page.locator("#pending li").count()
    tap_game(page, number)
    page.locator("[data-keep]").click()
    page.wait_for_function(f"document.querySelectorAll('#pending li').length === {kept + 1}")


def assert_stored(table: Table, count: int) -> None:
    """Exactly games 1..count of the plan, once each, and the seats' sums are theirs."""
    games = list(Game.objects.filter(table=table).order_by("number"))
    assert [g.number for g in games] == list(range(1, count + 1))
    for game in games:
        assert (
            game.list_score
            == valuation(*parse_notation(PLAN[game.number - 1][3]), Ruleset.ISKO).list_score
        )
    sums = {p: 0 for p in range(1, 5)}
    for number in range(1, count + 1):
        sums[playing_positions(4, number)[0]] += game_points(number)
    seats = Seat.objects.filter(table=table).order_by("position")
    assert [s.list_score for s in seats] == [sums[p] for p in range(1, 5)]


def game_points(number: int) -> int:
    return valuation(*parse_notation(PLAN[number - 1][3]), Ruleset.ISKO).list_score


def assert_same_on(table: Table, *phones: Page) -> None:
    """Every phone shows the stored sums and the same next game."""
    seats = Seat.objects.filter(table=table).order_by("position")
    expected = [s.list_score for s in seats]
    for phone in phones:
        points = phone.locator("#stand .points").all_inner_texts()
        assert [int(p.strip().replace("−", "-")) for p in points] == expected
        next_game = Game.objects.filter(table=table).count() + 1
        if next_game <= GAMES:
            assert phone.inner_text("[data-next-number]") == str(next_game)


def posts_to_save(page: Page) -> list[str]:
    sent: list[str] = []
    page.on(
        "request",
        lambda r: (
            sent.append(r.post_data or "")
            if r.method == "POST" and r.url.endswith("/spiel/")
            else None
        ),
    )
    return sent


def entry_id(body: str) -> str:
    found = re.search(r"(?:^|&)entry_id=([A-Za-z0-9_-]{1,64})(?:&|$)", body)
    assert found, body
    return found.group(1)


def wait_sent(page: Page, number: int, timeout: int = TIMEOUT_MS) -> None:
    """Until the list shows game `number` last and the phone holds no game any more."""
    wait_last(page, number, timeout=timeout)
    page.wait_for_function("document.getElementById('pending').hidden", timeout=timeout)


def conflicting_phones(browser: Browser, url: str) -> tuple[BrowserContext, Page, Page]:
    """Two phones at the table of `url`: phone one keeps Carla's Grand as game 1 without a
    network while phone two saves game 1 as Bernd's Kreuz. Phone one is still offline (its
    context, returned first, brings it back)."""
    context, one = new_phone(browser)
    _, two = new_phone(browser)
    one.goto(url)
    two.goto(url)
    context.set_offline(True)
    tap_game(one, 1, played=2, seat=3)
    one.locator("[data-keep]").click()
    enter(two, 1)
    return context, one, two


def shoot(page: Page, name: str) -> None:
    """A screenshot to look at by hand, when SKATCLUB_SHOTS names a folder."""
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
