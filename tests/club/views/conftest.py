"""Fixtures of the view tests: a tournament everybody has paid for (the prize plan's tests), and
a headless Chromium with a page of it (the browser tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from skatclub.club.models import Attendance, Event, Player
from tests.helpers.browser import TIMEOUT_MS, launch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page


@pytest.fixture
def browser() -> Iterator[Browser]:
    """A fresh headless Chromium, closed after the test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


@pytest.fixture
def browser_page(browser: Browser) -> Page:
    """A page of the test's Chromium."""
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


@pytest.fixture
def field(event: Event, players: dict[str, Player]) -> Event:
    """The event as a tournament of the 12 players, each paid 10 € Startgeld (120 € in all)."""
    event.kind, event.entry_fee_cents = "tournament", 1000
    event.save()
    for player in players.values():
        Attendance.objects.create(event=event, player=player, fee_cents=1000, paid=True)
    return event
