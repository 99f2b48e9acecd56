"""A Freitagsrunde in a real browser: Ramsch and Bockrunden entered from the keyboard at a
4-table, the Bock following by itself, and the Spielliste PDF showing both.

Runs headless Debian Chromium through Playwright against pytest-django's live server."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Event, Game, Player, Round, Seat
from tests.helpers.browser import BROWSER_TEST, log_in
from tests.helpers.factories import make_table

pytestmark = BROWSER_TEST

# (typed line, what the list then says for that game), worked by hand: seats anna 1, bernd 2,
# carla 3, dieter 4; Anna deals game 1. Bernd's Grand Hand (3 × 24 = 72) starts a Bockrunde
# of one round of deals, games 2-5.
EVENING = [
    ("2 Gr m1 H", "2 Gr m1 H"),
    ("3 Kr m1", "3 Kr m1 B"),  # 2 × 12 × 2 (Bock) = 48
    ("R 4:65 1:55 2:0 s1 j2", "R 4:65 1:55 2:0 s1 j2 B"),  # Dieter 65 × 2 × 2 × 2 = −520
    ("1 He m1 v", "1 He m1 B v"),  # 2 × 10 × 2 = 40, lost −80
    ("4 Pi m1 B0", "4 Pi m1"),  # the Spielwart says: not Bock; 22
    ("3 Ka m1", "3 Ka m1"),  # after the Bockrunde: 18
]


def test_a_freitagsrunde_with_ramsch_and_bock_is_entered_and_printed(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
) -> None:
    event.house_bock = event.house_ramsch = True
    event.bock_triggers = ["grand_hand"]
    event.save()
    table = make_table(
        Round.objects.create(event=event, number=1),
        1,
        [players[k] for k in ("anna", "bernd", "carla", "dieter")],
    )
    page = browser_page
    log_in(page, live_server.url)

    page.goto(live_server.url + table.get_absolute_url())
    for number, (line, _) in enumerate(EVENING, start=1):
        page.locator("#id_line").fill(line)
        page.keyboard.press("Enter")
        page.locator(f"#spiel-{number}").wait_for()
    for number, (_, shown) in enumerate(EVENING, start=1):
        assert page.inner_text(f"#spiel-{number} .notation") == shown

    sums = {s.player.key: s.list_score for s in Seat.objects.filter(table=table)}
    assert sums == {"anna": -80, "bernd": 72, "carla": 48 + 18, "dieter": -520 + 22}
    assert Game.objects.get(table=table, number=5).bock_override == 0

    pdf = page.request.get(
        f"{live_server.url}/veranstaltungen/{event.key}/serie/1/tisch/1/spielliste.pdf"
    )
    text = PdfReader(io.BytesIO(pdf.body())).pages[0].extract_text()
    assert "R 4:65 1:55 2:0 s1 j2 B" in text and "Kr m1 B" in text
    # The Ramsch's derivation, compact in its column (printing/compact.py), with a true minus.
    assert "R × 8 (s1 j2 B): P4 65 = −520" in text.replace("\n", " ")
