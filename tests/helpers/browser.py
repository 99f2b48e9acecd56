"""Headless Debian Chromium through Playwright, for the browser tests: where it is, how it
starts, the marks of a browser test, and the Spielwart logging in through the login page.
The fixture `browser_page` (tests/club/views/conftest.py) gives a test a page of its own."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.helpers.factories import PASSWORD

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright

# Playwright's sync API runs an event loop in this thread; Django's ORM must still be usable.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 15_000  # a page waits this long for what it expects

# The pytestmark of every browser test module.
BROWSER_TEST = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed"),
]


def launch(playwright: Playwright) -> Browser:
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)


def log_in(page: Page, server: str, then: str = "/spielwart/") -> None:
    """The Spielwart persona logs in at `server` and arrives at the page `then`."""
    page.goto(f"{server}/anmelden/?next={then}")
    page.fill("#id_username", "spielwart")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(re.escape(then) + "$"))
