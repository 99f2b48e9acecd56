"""Fixtures of the view tests: a browser page for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.helpers.browser import TIMEOUT_MS, launch

if TYPE_CHECKING:
    from playwright.sync_api import Page


@pytest.fixture
def browser_page() -> Iterator[Page]:
    """A page of a fresh headless Chromium, closed after the test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        yield page
        browser.close()
