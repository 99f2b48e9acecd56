"""A real browser tournament: sign-in of 12 players (3 walk-ins, a known guest typed again),
the Gewinnplan (after its announcement the event's money settings are refused), three Serien
with preview, paper lists, the prize list and the Kassenbericht.

Runs headless Debian Chromium through Playwright against pytest-django's live server. With
SKATCLUB_SCREENSHOTS=<folder> every new page is also saved at 390 px and 1280 px width.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pypdf import PdfReader
from pytest_django.live_server_helper import LiveServer

from skatclub.club.models import Attendance, Event, Player, PrizePlan, Round
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.services.meetings import meetings
from skatclub.club.services.users import roles_of
from tests.helpers.browser import BROWSER_TEST, log_in

pytestmark = BROWSER_TEST
SHOTS = os.environ.get("SKATCLUB_SCREENSHOTS", "")
MEMBERS = ["anna", "bernd", "carla", "dieter", "emil", "frieda", "gerd", "hanna"]
WALK_INS = ["Olga Ost", "Paul Post", "Quirin Quast"]
# A paper list per table (seat order): list score, won, lost; rotated by Serie and table.
LISTS = [(120, 2, 0), (-48, 0, 1), (0, 0, 0), (36, 1, 0)]


def shoot(page: Page, name: str) -> None:
    if not SHOTS:
        return
    folder = Path(SHOTS)
    folder.mkdir(parents=True, exist_ok=True)
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.screenshot(path=str(folder / f"{name}-{width}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def sign_in_by_search(page: Page, query: str, name: str) -> None:
    page.fill("#q", query)
    page.keyboard.press("Enter")
    page.locator(".found li", has_text=name).get_by_role("button", name="anmelden").click()
    page.wait_for_selector(f"#signed >> text={name}")


def test_a_tournament_from_sign_in_to_the_kassenbericht(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
) -> None:
    page = browser_page
    event.kind, event.entry_fee_cents, event.reduced_fee_cents = "tournament", 1000, 500
    event.save()
    gustav = Player.objects.create(key="gustav-gast", name="Gustav Gast", is_guest=True)
    players["carla"].is_woman = True
    players["carla"].save()
    players["dieter"].member_number = "4711"
    players["dieter"].save()
    base = f"{live_server.url}/spielwart/veranstaltungen/{event.key}/"

    log_in(page, live_server.url)

    # --- sign-in: 8 members found by name or number, 3 walk-ins, one known guest again
    page.goto(base + "anmeldung/")
    for key in MEMBERS:
        query = "4711" if key == "dieter" else players[key].name.split()[0]
        sign_in_by_search(page, query, players[key].name)
    for name in WALK_INS:
        page.fill("#id_name", name)
        page.get_by_role("button", name="anlegen und anmelden").click()
        page.wait_for_selector(f"#signed >> text={name}")
    page.fill("#id_name", "gustav  gast")
    page.get_by_role("button", name="anlegen und anmelden").click()
    assert "Derselbe Spieler?" in page.inner_text(".question")
    shoot(page, "anmeldung-frage")
    page.get_by_role("button", name="Ja: Gustav Gast (Gast) anmelden").click()
    page.wait_for_selector("#signed >> text=Gustav Gast")
    assert "12 angemeldet" in page.inner_text("#summe")
    assert "Startgeld 120,00 €, bezahlt 120,00 €" in page.inner_text("#summe")
    shoot(page, "anmeldung")
    assert Attendance.objects.filter(event=event).count() == 12
    assert Player.objects.filter(name="Gustav Gast").count() == 1
    assert Attendance.objects.filter(event=event, player=gustav).exists()

    # --- Gewinnplan: 50 % / 30 % of the pot, a Sachpreis for the best lady, announced
    page.goto(base + "gewinnplan/")
    for first, share in ((1, "50"), (2, "30")):
        page.fill("#id_first", str(first))
        page.fill("#id_last", str(first))
        page.select_option("#id_kind", "percent")
        page.fill("#id_percent", share)
        page.get_by_role("button", name="hinzufügen").click()
        page.wait_for_selector(f"text=Platz {first}: {share} % des Topfes")
    page.select_option("#id_category", "women")
    page.fill("#id_first", "1")
    page.fill("#id_last", "1")
    page.select_option("#id_kind", "item")
    page.fill("#id_item", "Blumenstrauß")
    page.get_by_role("button", name="hinzufügen").click()
    page.wait_for_selector("text=Damen 1.: Sachpreis: Blumenstrauß")
    assert "Es bleiben 24,00 € im Topf" in page.inner_text(".check")
    shoot(page, "gewinnplan")
    page.get_by_role("button", name="Gewinnplan ankündigen").click()
    page.wait_for_selector("text=der Plan steht fest")
    assert PrizePlan.objects.get(event=event).is_locked

    # --- announced means frozen: a new Verlustspielgeld is refused, the reason shown
    page.goto(base + "bearbeiten/")
    page.fill("#id_lost_game_fees", "100, 100")
    page.get_by_role("button", name="Speichern").click()
    refusal = page.inner_text("form.stack")
    assert "Der Gewinnplan ist seit" in refusal
    assert "Nicht mehr zu ändern: Verlustspielgeld." in refusal
    assert page.input_value("#id_lost_game_fees") == "100, 100"  # nothing typed is lost
    shoot(page, "veranstaltung-fest")
    event.refresh_from_db()
    assert event.lost_game_fees_cents == [50, 50, 50, 100]
    page.goto(f"{live_server.url}/veranstaltungen/{event.key}/gewinnplan/")
    assert "Platz 1: 50 % des Topfes" in page.inner_text("main")
    shoot(page, "gewinnplan-oeffentlich")
    href = page.get_by_role("link", name="Gewinnplan als PDF").get_attribute("href")
    plan_pdf = page.request.get(f"{live_server.url}{href}")
    assert plan_pdf.ok and plan_pdf.headers["content-type"] == "application/pdf"
    plan_text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(plan_pdf.body())).pages)
    assert "Platz 1: 50 % des Topfes" in plan_text and "steht fest" in plan_text

    # --- three Serien: preview with conflict report, create, paper lists. Twelve players at
    # three 4-tables: from Serie 2 on each table draws from only three earlier tables, so
    # at least one pair per table meets again (3 in Serie 2; 5 or 6 in Serie 3, found by a
    # search with ten times the effort too); the report says how many.
    reported = 0
    for number in (1, 2, 3):
        page.goto(base)
        page.fill("#id_seed", f"{number}{number}")
        page.select_option("#id_avoid", "event")
        page.get_by_role("button", name="Vorschau mit Konfliktbericht").click()
        page.wait_for_url(re.compile(r"/serie/vorschau/$"))
        summary = page.inner_text("#konflikte + p")
        if number == 1:
            assert summary.startswith("Keine Wiederholungen")
        else:
            count = int(summary.split()[0])
            assert summary == f"{count} Paare treffen sich erneut."
            assert count == 3 if number == 2 else count <= 6  # what the search finds at best
            reported += count
        if number == 2:
            shoot(page, "serie-vorschau")
        page.get_by_role("button", name=f"Serie {number} so anlegen").click()
        page.wait_for_url(re.compile(rf"/serie/{number}/$"))
        round_ = Round.objects.get(event=event, number=number)
        for table in round_.tables.order_by("number"):
            seated = [s.player for s in table.seats.order_by("position")]
            page.goto(f"{base}serie/{number}/tisch/{table.number}/summen/")
            for index, player in enumerate(seated):
                score, won, lost = LISTS[(index + number + table.number) % 4]
                page.fill(f"#id_score_{player.pk}", str(score))
                page.fill(f"#id_won_{player.pk}", str(won))
                page.fill(f"#id_lost_{player.pk}", str(lost))
            page.get_by_role("button", name=re.compile("speichern", re.I)).click()
            page.wait_for_url(re.compile(rf"/tisch/{table.number}/$"))
    page.goto(base + "serie/3/")
    shoot(page, "serie")
    page.goto(base)
    href = page.get_by_role("link", name="Startkarten drucken (PDF)").get_attribute("href")
    cards = PdfReader(io.BytesIO(page.request.get(f"{live_server.url}{href}").body()))
    cards_text = "\n".join(p.extract_text() for p in cards.pages)
    assert len(cards.pages) == 2  # twelve cards, eight to a page
    assert all(a.player.name in cards_text for a in Attendance.objects.filter(event=event))
    tables = [
        [[s.player_id for s in t.seats.all()] for t in r.tables.prefetch_related("seats")]
        for r in Round.objects.filter(event=event).order_by("number")
    ]
    met = meetings(tables)
    assert sum(count - 1 for count in met.values()) == reported  # every repeat was reported

    # --- prize list: what the page shows is what the engine says
    page.goto(base + "gewinnplan/")
    found = event_ledger(event)
    assert found.ledger.prizes is not None
    shown = page.inner_text("#prizes")
    for award in found.ledger.prizes.awards:
        assert found.names[award.player_id] in shown
    assert "Blumenstrauß" in shown and "Carla Claus" in shown
    assert "vorläufig" in page.inner_text("main")  # no list is checked yet
    shoot(page, "preisliste")

    # --- Kasse: the Kassenbericht balances; the PDF prints it
    page.goto(base + "kasse/")
    report = event_ledger(event, kasse=True).report
    assert report.balances()
    assert "Noch nicht gezählt." in page.inner_text("#differenz")
    page.fill("#id_counted", f"{report.expected // 100},{report.expected % 100:02d}")
    page.get_by_role("button", name="Bestand speichern").click()
    page.wait_for_selector("text=Die Kasse stimmt auf den Cent")
    shoot(page, "kasse")
    page.get_by_role("link", name="Carla Claus").click()
    page.wait_for_url(re.compile(r"/kasse/quittung/carla/$"))
    assert "Sachpreis (Damen 1.): Blumenstrauß" in page.inner_text("main")
    shoot(page, "quittung")
    pdf = page.request.get(base + "kasse/kassenbericht.pdf")
    assert pdf.ok and pdf.headers["content-type"] == "application/pdf"
    if SHOTS:
        (Path(SHOTS) / "kassenbericht.pdf").write_bytes(pdf.body())
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.body())).pages)
    assert "Kassenbericht" in text and "Unterschrift Kassenprüfer" in text


def test_the_other_new_pages_render_in_the_browser(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
) -> None:
    page = browser_page
    for key in MEMBERS:
        Attendance.objects.create(event=event, player=players[key])
    log_in(page, live_server.url)
    base = f"{live_server.url}/spielwart/veranstaltungen/{event.key}/"

    page.goto(base + "sitzwuensche/")
    page.select_option("#id_first", label="Anna Albers")
    page.select_option("#id_second", label="Bernd Brandt")
    page.fill("#id_note", "Ehepaar")
    page.get_by_role("button", name="getrennt setzen").click()
    page.wait_for_selector("text=Anna Albers – Bernd Brandt (Ehepaar)")
    shoot(page, "sitzwuensche")

    page.goto(base)
    assert "„Preisskat November“ löschen" in page.inner_text("main")
    shoot(page, "veranstaltung")
    page.get_by_role("button", name="Serie anlegen").click()
    page.wait_for_url(re.compile(r"/serie/1/$"))
    assert "Serie 1 löschen" in page.inner_text("main")
    page.get_by_role("button", name="Serie 1 löschen").click()
    page.wait_for_url(re.compile(rf"/{event.key}/$"))
    page.goto(f"{live_server.url}/spielwart/geloescht/")
    assert "Serie 1 von Preisskat November" in page.inner_text("main")
    shoot(page, "loeschprotokoll")

    page.goto(f"{live_server.url}/spielwart/anmeldungen/")
    page.fill("#id_username", "petra")
    page.fill("#id_name", "Petra Prüfer")
    page.check("form.stack input[name=roles][value=pruefer]")
    page.uncheck("form.stack input[name=roles][value=spielwart]")
    page.get_by_role("button", name="anlegen und Passwort anzeigen").click()
    password = page.inner_text("code.password")
    assert len(password) == 19
    assert roles_of(User.objects.get(username="petra")) == ["pruefer"]
    shoot(page, "anmeldungen")

    page.goto(base)
    page.get_by_role("button", name="Serie anlegen").click()
    page.wait_for_url(re.compile(r"/serie/1/$"))
    page.goto(f"{live_server.url}/pruefen/")
    shoot(page, "pruefen")
    page.goto(f"{live_server.url}/pruefen/{event.key}/serie/1/")
    assert "Tisch 1" in page.inner_text("main")
    shoot(page, "pruefen-serie")
