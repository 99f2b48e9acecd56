"""The pages of this session's tournament features at phone and desktop width: the event page
with "Alle Serien im Voraus auslosen", the preview of 40 players in 4 Serien, the review of
sums kept "abweichend erfasst", and the public Gewinnplan with its PDF link. Nothing may run
wider than the screen (set SHOTS=folder to keep screenshots)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Attendance, Event, Player, PrizePlan, PrizeRule, Table
from skatclub.club.services.seating import create_round
from tests.helpers.browser import BROWSER_TEST, log_in

SHOTS = os.environ.get("SHOTS", "")
pytestmark = BROWSER_TEST
LONG = "Hans-Jürgen Müller-Lüdenscheidt-Großkötter"  # 40 characters


def fits(page: Page, name: str, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900})
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{width}.png"), full_page=True)
    overflow = page.evaluate("document.documentElement.scrollWidth")
    assert overflow <= width, f"{name} is {overflow} px wide at {width} px"


def test_the_tournament_pages_fit_a_phone_and_a_desktop(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
) -> None:
    page = browser_page
    for number in range(40):
        player = Player.objects.create(key=f"p{number}", name=f"{LONG[:37]}{number:03d}")
        Attendance.objects.create(event=event, player=player, fee_cents=1000)
    plan = PrizePlan.objects.create(event=event, announced_at="2026-11-20T18:00:00+01:00")
    PrizeRule.objects.create(plan=plan, first=1, last=1, percent=50)
    base = f"{live_server.url}/spielwart/veranstaltungen/{event.key}/"
    log_in(page, live_server.url)

    page.goto(base)
    for width in (390, 1280):
        fits(page, "veranstaltung", width)
    page.fill("#voraus_count", "4")
    page.get_by_role("button", name="Vorschau aller Serien").click()
    page.wait_for_selector("text=Serie 4")
    for width in (390, 1280):
        fits(page, "im-voraus", width)

    other = Event.objects.create(key="alt", name="Alt", date=event.date, season=event.season)
    players = list(Player.objects.all()[:4])
    create_round(event=other, number=1, tables=[players])
    Table.objects.filter(round__event=other).update(
        recorded_note=f"Zeilen 2–5: {LONG}: positive Spielpunkte (100) ohne gewonnenes Spiel "
        "sind unmöglich."
    )
    page.goto(f"{live_server.url}/spielwart/abweichend/")
    assert "Summen korrigieren" in page.inner_text("main")
    for width in (390, 1280):
        fits(page, "abweichend", width)

    page.goto(f"{live_server.url}/veranstaltungen/{event.key}/gewinnplan/")
    assert page.get_by_role("link", name="Gewinnplan als PDF").is_visible()
    for width in (390, 1280):
        fits(page, "gewinnplan", width)

    # Pages that gained a PDF link or downloads this session.
    for name, url in (
        ("gewinnplan-spielwart", base + "gewinnplan/"),
        ("anmeldung", base + "anmeldung/"),
        ("kasse", base + "kasse/"),
        ("spielerliste", f"{live_server.url}/spielwart/spieler/"),
    ):
        page.goto(url)
        assert "Herunterladen" in page.inner_text("main") or name == "gewinnplan-spielwart"
        for width in (390, 1280):
            fits(page, name, width)


SPREADSHEET = (
    "Datum;Abend;Serie;Tisch;Name;Spielpunkte;gewonnen;verloren\n"
    "10.01.2025;Preisskat Januar;1;1;{long}1;120;2;0\n"
    "10.01.2025;Preisskat Januar;1;1;Bärbel Öztürk;100;0;2\n"
    "10.01.2025;Preisskat Januar;1;1;Jörg Weiß;-48;0;1\n"
    "10.01.2025;Preisskat Januar;1;1;Anna Albers;0;0;0\n"
)


def test_the_import_pages_fit_a_phone_and_a_desktop(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    tmp_path: Path,
) -> None:
    page = browser_page
    spreadsheet = tmp_path / "saison.csv"
    spreadsheet.write_text(SPREADSHEET.format(long=LONG[:39]), encoding="utf-8")
    log_in(page, live_server.url, "/spielwart/import/")
    page.set_input_files("input[type=file]", str(spreadsheet))
    page.get_by_role("button", name="Hochladen und Spalten zuordnen").click()
    page.wait_for_url(re.compile(r"/spalten/$"))
    for index, name in enumerate(
        ("date", "event", "round", "table", "player", "list_score", "won", "lost")
    ):
        page.select_option(f"#id_{name}", str(index))
    page.check("#id_as_recorded")
    for width in (390, 1280):
        fits(page, "import-spalten", width)
    page.get_by_role("button", name="Zuordnung speichern und Namen prüfen").click()
    page.wait_for_url(re.compile(r"/namen/$"))
    for width in (390, 1280):
        fits(page, "import-namen", width)
    page.get_by_role("button", name="Namen speichern und Vorschau zeigen").click()
    page.wait_for_url(re.compile(r"/vorschau/$"))
    assert "Abweichend erfasst: 1 Tisch" in page.inner_text("main")
    for width in (390, 1280):
        fits(page, "import-vorschau", width)
