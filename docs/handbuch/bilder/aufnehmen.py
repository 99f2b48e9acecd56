"""Takes the handbook's pictures anew, from a fresh demo club.

    python docs/handbuch/bilder/aufnehmen.py [--port 8765] [--only abend,turnier,...]

Starts from nothing and touches no one else's data: a new temporary data folder
(SKATCLUB_DATA, never the project's var/), SQLite, `manage.py demo --no-serve` for the demo club
and the Spielwart's password, gunicorn on 127.0.0.1:PORT with DEBUG off. Then Debian's
chromium (/usr/bin/chromium, through Playwright from the dev extras) walks what the handbook
describes the way a Spielwart does it (an evening, a tournament with its Kasse, a spreadsheet
import, a league, the logins) and saves each step beside this script as a PNG of few colours
(Pillow), so that all pictures together stay small. Pages at 1280 px, the table's phone page
at 390 px. Running it again renews every picture; the walk is fixed (seeds, names, lines), so
only dates and the random table links differ.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import datetime
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

REPO = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
DESK = ViewportSize(width=1280, height=800)
PHONE = ViewportSize(width=390, height=844)
A4 = ViewportSize(width=794, height=1123)  # an A4 page at 96 dpi
# The laptop's name in the club room: chromium resolves it to loopback, so the table links and
# QR codes show an address the phones would reach (the Serie page warns about 127.0.0.1).
ROOM_HOST = "vereinsheim.local"
COLOURS = 96  # a palette of 96 colours keeps text sharp and a page at 30-90 kB
TALLEST = 1400  # px: a longer page is cut off below (the handbook shows its top)
MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember"

# The evening: twelve members present, three 4-tables.
PRESENT = [
    "Anna Albers", "Bernd Hahn", "Carla Ott", "Dieter Wolf", "Emil Albers", "Frieda Hahn",
    "Gerd Ott", "Hanna Wolf", "Ingo Albers", "Jana Hahn", "Karl Ott", "Lena Wolf",
]  # fmt: skip
# Games typed by the Spielwart at table 2 (seat and club notation), one refused on purpose.
TYPED = ["2 Kr m2", "3 Gr o1 v", "4 Pi m1 H", "p", "2 He o3 S", "1 Null ouv", "4 Ka m1 v"]
REFUSED = "1 Gr m2 SA"  # Schneider angesagt without Hand: refused, the line stays
# A paper list per seat: list score, won, lost (rotated per table and Serie).
PAPER = [(186, 4, 1), (-48, 1, 2), (95, 3, 0), (24, 2, 1), (60, 2, 0), (-72, 0, 2), (144, 3, 1)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--only", default="", help="comma-separated chapters, e.g. abend,liga")
    args = parser.parse_args()
    chapters = [c for c in args.only.split(",") if c] or list(CHAPTERS)
    with demo_server(args.port) as (url, password), sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                f"--host-resolver-rules=MAP {ROOM_HOST} 127.0.0.1",
            ],
            headless=True,
        )
        desk = logged_in(browser, url, "spielwart", password)
        for name in chapters:
            print(f"{name} …", flush=True)
            CHAPTERS[name](Walk(browser, desk, url))
        browser.close()
    pictures = sorted(HERE.glob("*.png"))
    total = sum(p.stat().st_size for p in pictures)
    print(f"{len(pictures)} Bilder, zusammen {total / 1024:.0f} kB")


# --- the server --------------------------------------------------------------------------


@contextlib.contextmanager
def demo_server(port: int) -> Iterator[tuple[str, str]]:
    """The demo club in a new data folder, served by gunicorn; yields (url, password)."""
    if answers(port):  # someone else's server: never walk (and write into) it
        raise SystemExit(f"port {port} is taken; choose another with --port")
    folder = Path(tempfile.mkdtemp(prefix="skatclub-bilder-"))
    env = {
        **os.environ,
        "SKATCLUB_DATA": str(folder),
        "DEBUG": "0",
        "HTTPS": "0",
        "ALLOWED_HOSTS": f"{ROOM_HOST},127.0.0.1,localhost",
    }
    env.pop("DATABASE_URL", None)  # the demo belongs in SQLite, never in a real database
    manage = [sys.executable, "manage.py"]
    out = subprocess.run(
        [*manage, "demo", "--no-serve"], cwd=REPO, env=env, text=True, capture_output=True
    )
    found = re.search(r"Passwort (\S+)", out.stdout)
    if out.returncode or not found:
        raise SystemExit(f"manage.py demo failed:\n{out.stdout}\n{out.stderr}")
    subprocess.run([*manage, "collectstatic", "--noinput", "-v0"], cwd=REPO, env=env, check=True)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "skatclub.wsgi", f"--bind=127.0.0.1:{port}",
         "--workers=2", "--log-level=warning"],
        cwd=REPO, env=env,
    )  # fmt: skip
    try:
        wait_for(server, port)
        yield f"http://{ROOM_HOST}:{port}", found.group(1)
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(folder, ignore_errors=True)


def answers(port: int) -> bool:
    with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.2):
        return True
    return False


def wait_for(server: subprocess.Popen[bytes], port: int) -> None:
    """Until our gunicorn answers (20 s at most)."""
    for _ in range(100):
        if server.poll() is not None:
            raise SystemExit(f"gunicorn stopped (exit status {server.returncode})")
        if answers(port):
            return
        time.sleep(0.2)
    raise SystemExit(f"gunicorn does not answer on port {port}")


def logged_in(browser: Browser, url: str, username: str, password: str) -> Page:
    page = browser.new_page(viewport=DESK)
    page.set_default_timeout(20_000)
    page.goto(f"{url}/anmelden/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_load_state()
    return page


# --- pictures ------------------------------------------------------------------------------


def save(png: bytes, name: str, height: int = TALLEST) -> None:
    """The screenshot (its top `height` px) as a palette PNG: a fifth of the size, text as
    sharp."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    image = image.crop((0, 0, image.width, min(image.height, height)))
    small = image.quantize(
        colors=COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
    )
    small.save(HERE / f"{name}.png", optimize=True)


def shoot(page: Page, name: str, selector: str | None = None, height: int = TALLEST) -> None:
    """The page from the top (at most `height` px), or one element of it."""
    if selector:
        save(page.locator(selector).first.screenshot(), name)
        return
    save(page.screenshot(full_page=True), name, height)


class Walk:
    """What every chapter needs: the browser, the Spielwart's page and the server's address."""

    def __init__(self, browser: Browser, desk: Page, url: str) -> None:
        self.browser, self.desk, self.url = browser, desk, url

    def go(self, path: str) -> Page:
        self.desk.goto(self.url + path)
        return self.desk

    def submit(self, button: str, url: str | None = None) -> None:
        self.desk.get_by_role("button", name=button, exact=True).first.click()
        if url:
            self.desk.wait_for_url(re.compile(url))
        self.desk.wait_for_load_state()


def printout(walk: Walk, pdf: str, name: str, height: int = A4["height"]) -> None:
    """A printout as its HTML preview (`?html=1`, the PDF's own template) on an A4-wide page.

    The preview keeps the printout's styles inline, which the pages' Content-Security-Policy
    does not allow everywhere; this page alone ignores it (it only looks).
    """
    context = walk.browser.new_context(
        viewport=A4, bypass_csp=True, storage_state=walk.desk.context.storage_state()
    )
    page = context.new_page()
    page.goto(pdf + "?html=1")
    shoot(page, name, height=height)
    context.close()


def today() -> tuple[str, str]:
    """Today as the date field takes it and as the club names an evening (27. November)."""
    day = datetime.date.today()
    return day.isoformat(), f"{day.day}. {MONTHS.split()[day.month - 1]}"


def fill_new_event(walk: Walk, name: str, kind: str, **fields: str) -> Page:
    """The new-event form filled in, not yet saved (the caller takes its picture first)."""
    page = walk.go("/spielwart/veranstaltungen/neu/")
    page.fill("#id_name", name)
    page.fill("#id_date", today()[0])
    page.select_option("#id_kind", kind)
    for field, value in fields.items():
        page.fill(f"#id_{field}", value)
    return page


# --- an evening ----------------------------------------------------------------------------


def evening(walk: Walk) -> None:
    page = walk.go("/spielwart/")
    shoot(page, "spielwart-start")
    page = fill_new_event(
        walk, f"Clubabend {today()[1]}", "evening", cents_per_point="1/10",
        lost_game_fees="50, 50, 50, 100",
    )  # fmt: skip
    shoot(page, "abend-anlegen", "main form")
    walk.submit("Speichern", r"/spielwart/veranstaltungen/[^/]+/$")
    event = page.url
    page.goto(event + "anwesend/")
    for name in PRESENT:
        page.get_by_role("button", name=f"{name} ist da", exact=True).click()
        page.wait_for_load_state()
    shoot(page, "anwesenheit")
    page.goto(event)
    page.fill("#id_seed", "2711")
    page.select_option("#id_avoid", "event")
    shoot(page, "serie-auslosen", "main form.stack")
    walk.submit("Vorschau mit Konfliktbericht", r"/serie/vorschau/$")
    shoot(page, "serie-vorschau")
    walk.submit("Serie 1 so anlegen", r"/serie/1/$")
    round = page.url
    walk.submit("Tisch-Links für 3 Tische ausgeben", r"/serie/1/$")
    shoot(page, "serie-seite", height=560)
    shoot(page, "serie-tisch-links", "main .tables-grid")
    at_the_table(walk, round)
    typed_by_the_spielwart(walk, round)
    paper_totals(walk, round, 3)
    page.goto(round + "live/")
    shoot(page, "live-uebersicht")
    page.goto(round.replace("/spielwart", "") + "leinwand/")
    shoot(page, "leinwand", height=DESK["height"])


def at_the_table(walk: Walk, round: str) -> None:
    """Table 1 on a phone: the link's page, one game tapped, read back, saved."""
    walk.desk.goto(round + "tisch/1/link/")
    shoot(walk.desk, "tisch-link", "main")
    token = walk.desk.locator("main code").inner_text().split("/t/")[1].split("/")[0]
    phone = walk.browser.new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    phone.goto(f"{walk.url}/t/{token}/")
    form = "#game-form"
    for choice in ("type][value=clubs", "declarer][value='2'", "direction][value=mit",
                   "spitzen][value='2'", "hand", "result][value=won"):  # fmt: skip
        phone.click(f"{form} label:has(input[name={choice}])")
    phone.evaluate("window.scrollTo(0, 0)")
    save(phone.screenshot(), "handy-tisch")
    phone.locator(f"{form} button[type=submit]").scroll_into_view_if_needed()
    save(phone.screenshot(), "handy-eingabe")
    phone.click(f"{form} button[type=submit]")
    phone.locator(".readback .say").wait_for()
    phone.locator(".readback").scroll_into_view_if_needed()
    save(phone.screenshot(), "handy-vorlesen")
    phone.click(".readback button[type=submit]")
    phone.locator("#last-game", has_text="Spiel 1").wait_for()
    save(phone.screenshot(), "handy-gespeichert")
    phone.close()


def typed_by_the_spielwart(walk: Walk, round: str) -> None:
    """Table 2 from the keyboard: a few lines, then one the rules refuse."""
    page = walk.desk
    page.goto(round + "tisch/2/")
    for number, line in enumerate(TYPED, start=1):
        page.fill("#id_line", line)
        page.keyboard.press("Enter")
        page.locator(f"#spiel-{number}").wait_for()
    page.fill("#id_line", REFUSED)
    page.keyboard.press("Enter")
    page.locator("#line-error").wait_for()
    shoot(page, "eingabe-zeile")


def paper_totals(walk: Walk, round: str, table: int, picture: bool = True) -> None:
    page = walk.desk
    page.goto(f"{round}tisch/{table}/summen/")
    number = int(round.rstrip("/").rsplit("/", 1)[1])  # the Serie's
    rows = page.locator("input[id^=id_score_]").all()
    for index, field in enumerate(rows):
        pk = (field.get_attribute("id") or "").removeprefix("id_score_")
        score, won, lost = PAPER[(index + 2 * table + 3 * number) % len(PAPER)]
        page.fill(f"#id_score_{pk}", str(score))
        page.fill(f"#id_won_{pk}", str(won))
        page.fill(f"#id_lost_{pk}", str(lost))
    if picture:
        shoot(page, "summen", "main")
    walk.submit("Summen speichern", rf"/tisch/{table}/$")


# --- a tournament and its Kasse ------------------------------------------------------------

SIGNED_IN = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Gerd", "Hanna", "Ingo",
             "Jana", "Karl"]  # fmt: skip
WALK_IN = "Olga Ost"
# Gewinnplan: category, place, kind of prize, its field, value.
PRIZES = [("all", 1, "percent", "percent", "40"), ("all", 2, "percent", "percent", "25"),
          ("all", 3, "percent", "percent", "15"), ("women", 1, "item", "item", "Blumenstrauß"),
          ("guests", 1, "fixed", "amount", "5,00")]  # fmt: skip


def tournament(walk: Walk) -> None:
    page = fill_new_event(
        walk, f"Preisskat-Turnier {today()[1]}", "tournament", entry_fee="10,00",
        reduced_fee="5,00", cents_per_point="1/4", lost_game_fees="50",
    )  # fmt: skip
    walk.submit("Speichern", r"/spielwart/veranstaltungen/[^/]+/$")
    event = page.url
    sign_in(walk, event)
    prize_plan(walk, event)
    page.goto(event)
    advance = "form[action$='im-voraus/vorschau/']"
    page.fill(f"{advance} input[name=seed]", "turnier")
    page.locator(advance).get_by_role("button").click()
    page.wait_for_url(re.compile(r"/im-voraus/vorschau/"))
    shoot(page, "turnier-im-voraus")
    walk.submit("3 Serien so anlegen", r"/spielwart/veranstaltungen/[^/]+/$")
    printout(walk, event + "startkarten.pdf", "startkarten", height=700)
    for round in (1, 2, 3):
        every_table_on_paper(walk, f"{event}serie/{round}/")
    kasse(walk, event)


def sign_in(walk: Walk, event: str) -> None:
    page = walk.desk
    page.goto(event + "anmeldung/")
    for name in SIGNED_IN:
        page.fill("#q", name)
        page.keyboard.press("Enter")
        found = page.locator(".found li").first
        if name == "Karl":
            found.locator("input[name=paid]").uncheck()
        found.get_by_role("button", name="anmelden").click()
        page.wait_for_selector(f"#signed >> text={name}")
    page.fill("#id_name", WALK_IN)
    page.check("#id_guest")
    page.check("#id_paid")
    walk.submit("anlegen und anmelden")
    page.wait_for_selector(f"#signed >> text={WALK_IN}")
    page.fill("#q", "Ott")
    page.keyboard.press("Enter")
    page.locator(".found li").first.wait_for()
    shoot(page, "turnier-anmeldung")


def prize_plan(walk: Walk, event: str) -> None:
    page = walk.desk
    page.goto(event + "gewinnplan/")
    for category, place, kind, field, value in PRIZES:
        page.select_option("#id_category", category)
        page.fill("#id_first", str(place))
        page.fill("#id_last", str(place))
        page.select_option("#id_kind", kind)
        page.fill(f"#id_{field}", value)
        walk.submit("hinzufügen")
    shoot(page, "gewinnplan")
    walk.submit("Gewinnplan ankündigen")


def kasse(walk: Walk, event: str) -> None:
    page = walk.desk
    page.goto(event + "kasse/")
    page.select_option("#id_kind", "opening")
    page.fill("#id_text", "Wechselgeld")
    page.fill("#id_amount", "50,00")
    walk.submit("buchen")
    expected = page.locator("main").inner_text().split("Soll-Bestand")[1].split("€")[0]
    page.fill("#id_counted", expected.split("\t")[-1].strip())
    walk.submit("Bestand speichern")
    shoot(page, "kasse")
    page.goto(event + "kasse/quittung/anna/")
    shoot(page, "quittung")
    printout(walk, event + "kasse/kassenbericht.pdf", "kassenbericht")
    page.goto(event.replace("/spielwart", "") + "gewinnplan/")
    shoot(page, "gewinnplan-preisliste")


# --- a spreadsheet import ------------------------------------------------------------------

# An old season as a club's spreadsheet has it: names as they were typed, one new player.
HISTORY_NAMES = [["Albers, Anna", "Bernd Hahn", "Ott, C.", "Dieter Wolf"],
                 ["Emil Albers", "Hans Mueller", "Frieda Hahn", "Gerd Ott"]]  # fmt: skip


def history_csv(folder: Path) -> Path:
    year = datetime.date.today().year - 3
    path = folder / f"saison-{year}.csv"
    with path.open("w", newline="", encoding="utf-8-sig") as file:
        out = csv.writer(file, delimiter=";")
        out.writerow(["Datum", "Abend", "Serie", "Tisch", "Spieler", "Spielpunkte", "gewonnen",
                      "verloren"])  # fmt: skip
        for month, name in ((3, "Frühjahrsskat"), (9, "Herbstskat")):
            for round in (1, 2):
                for table, names in enumerate(HISTORY_NAMES, start=1):
                    for seat, player in enumerate(names):
                        score, won, lost = PAPER[(seat + round + table) % len(PAPER)]
                        out.writerow([f"13.{month:02d}.{year}", name, round,
                                      table, player, score, won, lost])  # fmt: skip
    return path


def spreadsheet_import(walk: Walk) -> None:
    page = walk.go("/spielwart/import/")
    with tempfile.TemporaryDirectory() as folder:
        page.set_input_files("input[name=file]", str(history_csv(Path(folder))))
        walk.submit("Hochladen und Spalten zuordnen", r"/spalten/$")
    shoot(page, "import-spalten")
    walk.submit("Zuordnung speichern und Namen prüfen", r"/namen/$")
    shoot(page, "import-namen")
    walk.submit("Namen speichern und Vorschau zeigen", r"/vorschau/$")
    shoot(page, "import-vorschau")
    walk.submit("Jetzt importieren")
    shoot(page, "import-liste", height=700)


# --- a league ------------------------------------------------------------------------------

TEAMS = """Kreuz Bube Altenburg: anna, bernd, carla, dieter, emil
Pik As Altenburg: frieda, gerd, hanna, ingo
Herz Dame Altenburg: jana, karl, lena, max, nora"""


def league(walk: Walk) -> None:
    page = walk.go("/spielwart/ligen/")
    page.fill("#id_name", "Bezirksliga Ostthüringen")
    page.fill("#id_year", str(datetime.date.today().year))
    page.fill("#id_division", "Staffel A")
    page.fill("#id_teams_text", TEAMS)
    shoot(page, "liga-anlegen", "main form")
    walk.submit("Liga/Staffel anlegen", r"/spielwart/ligen/.+/$")
    division = page.url
    page.fill("#id_number", "1")
    page.fill("#id_date", today()[0])
    for team in page.locator("input[name=teams]").all():
        team.check()
    page.select_option("#id_host", index=1)
    walk.submit("Spieltag anlegen", r"/spieltag/1/$")
    shoot(page, "liga-spieltag-setzen")
    walk.submit("Serie 1 setzen", r"/spieltag/1/$")
    event = page.get_by_role("link", name="Veranstaltung des Spieltags").get_attribute("href")
    every_table_on_paper(walk, f"{walk.url}{event}serie/1/")
    public = division.replace("/spielwart/ligen/", "/liga/")
    page.goto(public + "spieltag/1/")
    shoot(page, "liga-spieltag")
    page.goto(public)
    shoot(page, "liga-tabelle")


# --- logins and the second signature ------------------------------------------------------


def logins(walk: Walk) -> None:
    page = walk.go("/spielwart/anmeldungen/")
    page.fill("#id_username", "pruefer")
    page.fill("#id_name", "Petra Prüfer")
    page.locator("#id_roles input[value=pruefer]").check()
    walk.submit("anlegen und Passwort anzeigen")
    shoot(page, "anmeldungen")
    password = page.locator("code.password").inner_text()
    checker = logged_in(walk.browser, walk.url, "pruefer", password)
    checker.goto(walk.url + "/pruefen/")
    shoot(checker, "pruefen-liste", height=700)
    evening = checker.locator("main tr", has_text=f"Clubabend {today()[1]}").first
    evening.get_by_role("link", name=re.compile(r"^Serie 1, Tisch ")).click()
    checker.wait_for_load_state()
    shoot(checker, "pruefen-serie")
    checker.close()


# --- what everybody sees ------------------------------------------------------------------


def public(walk: Walk) -> None:
    page = walk.go("/")
    shoot(page, "oeffentlich-start")
    year = datetime.date.today().year
    page.goto(f"{walk.url}/rangliste/{year}/")
    shoot(page, "oeffentlich-rangliste", height=900)
    page.goto(f"{walk.url}/spieler/anna/")
    shoot(page, "oeffentlich-spieler", height=1100)


def every_table_on_paper(walk: Walk, round: str) -> None:
    walk.desk.goto(round)
    tables = walk.desk.get_by_role("link", name="Summen", exact=True).count()
    for table in range(1, tables + 1):
        paper_totals(walk, round, table, picture=False)


CHAPTERS: dict[str, Any] = {
    "abend": evening,
    "turnier": tournament,
    "import": spreadsheet_import,
    "liga": league,
    "anmeldungen": logins,
    "oeffentlich": public,
}

if __name__ == "__main__":
    main()
