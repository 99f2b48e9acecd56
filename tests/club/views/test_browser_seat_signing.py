"""Signing at 390 px: one player scans his seat's QR code and signs on his own phone, the
others sign on the table's phone, each confirmed by the rest; the table's phone follows
without a reload (issue 42)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Browser, ViewportSize
from pytest_django.live_server_helper import LiveServer

from skatclub.club import services
from skatclub.club.models import Signature, Table
from tests.helpers.browser import BROWSER_TEST
from tests.helpers.factories import enter
from tests.helpers.signing import seat_url

PHONE: ViewportSize = {"width": 390, "height": 844}
DESK: ViewportSize = {"width": 1280, "height": 800}

pytestmark = BROWSER_TEST


def test_a_player_signs_on_his_own_phone_and_the_others_on_the_table_phone_confirmed(
    browser: Browser, live_server: LiveServer, four_table: Table, spielwart: User, tmp_path: Path
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    for number in range(1, 49):
        enter(four_table, number, None, user=link)
    table_phone = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    table_phone.goto(f"{live_server.url}/t/{link.token}/")
    code = table_phone.locator("details.seat-code").first
    code.locator("summary").click()
    qr = code.locator("img.qr")
    qr.wait_for()
    # The code is an image loaded on opening (lazily): wait until it has loaded and drawn.
    table_phone.wait_for_function(
        "(img) => img.complete && img.naturalWidth > 0", arg=qr.element_handle()
    )
    table_phone.screenshot(path=str(tmp_path / "table-390.png"), full_page=True)

    own = browser.new_context(viewport=PHONE).new_page()  # Anna's phone scans her code
    own.goto(live_server.url + seat_url(link, 1))
    assert "Platz 1: Anna Albers" in own.inner_text(".seat-who")
    assert own.evaluate("document.documentElement.scrollWidth") <= 390
    own.get_by_role("button", name="Ja, ich unterschreibe").click()
    own.get_by_text("✓ Anna Albers hat unterschrieben – mit dem eigenen Handy.").wait_for()
    own.screenshot(path=str(tmp_path / "seat-390.png"), full_page=True)

    table_phone.get_by_text("✓ Anna Albers hat unterschrieben – mit dem eigenen Handy").wait_for(
        timeout=20_000
    )  # the table's phone polls and shows it without a reload
    for signed in (2, 3, 4):
        step = table_phone.locator("details.sign-step").first
        step.locator("summary").click()
        step.get_by_role("button", name="Ja, ich unterschreibe").click()
        refusal = table_phone.get_by_text("erst, wenn die anderen am Tisch es bestätigen")
        refusal.first.wait_for()  # alone it is refused
        step = table_phone.locator("details.sign-step").first
        if not step.evaluate("(d) => d.open"):
            step.locator("summary").click()
        for other in step.locator("input[name=bestaetigt]").all():
            other.check()
        step.get_by_role("button", name="Ja, ich unterschreibe").click()
        table_phone.wait_for_function(
            f"document.querySelectorAll('.signers .signed').length === {signed}"
        )
    table_phone.get_by_text("Alle haben unterschrieben.").wait_for()
    ways = dict(Signature.objects.values_list("player__name", "way"))
    assert ways == {
        "Anna Albers": "own",
        "Bernd Brandt": "table",
        "Carla Claus": "table",
        "Dieter Dahl": "table",
    }
    desk = browser.new_context(viewport=DESK).new_page()
    desk.goto(live_server.url + seat_url(link, 2))
    desk.get_by_text("✓ Bernd Brandt hat unterschrieben – am Tischhandy").wait_for()
    desk.screenshot(path=str(tmp_path / "seat-1280.png"), full_page=True)
