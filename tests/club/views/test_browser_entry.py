"""A real browser evening: log in, draw a Serie, type 48 games, correct one, check the standings.

Runs headless Debian Chromium through Playwright against pytest-django's live server.
"""

from __future__ import annotations

import random
import re

from django.contrib.auth.models import User
from playwright.sync_api import Page
from pytest_django.live_server_helper import LiveServer

from scoring import Ruleset, parse_notation, playing_positions, table_scores, valuation
from skatclub.club import formatting
from skatclub.club.entry_line import parse_line
from skatclub.club.models import Attendance, Event, Player, Round
from skatclub.club.queries.standings import event_standings
from tests.helpers.browser import BROWSER_TEST, log_in

TYPES = ["Kr", "Pi", "He", "Ka", "Gr"]

pytestmark = BROWSER_TEST


def legal_line(rng: random.Random, number: int) -> str:
    """A paper-list game for a 4-table: the declarer is one of the three playing seats."""
    if rng.random() < 0.05:
        return "p"
    seat = rng.choice(playing_positions(4, number))
    if rng.random() < 0.1:
        return f"{seat} Null{rng.choice(['', ' H', ' ouv'])}{rng.choice(['', ' v'])}"
    game = rng.choice(TYPES)
    spitzen = f"{rng.choice('mo')}{rng.randint(1, 4 if game == 'Gr' else 3)}"
    extras = [t for t, p in (("H", 0.2), ("S", 0.15), ("v", 0.25)) if rng.random() < p]
    return " ".join([str(seat), game, spitzen, *extras])


def list_score(line: str) -> tuple[int | None, int, bool | None]:
    """(seat, list score, won) of a typed line, computed by the engine alone."""
    if line == "p":
        return None, 0, None
    seat, notation = line.split(" ", 1)
    result = valuation(*parse_notation(notation), Ruleset.ISKO)
    return int(seat), result.list_score, result.won


def column(page: Page, header: str) -> list[str]:
    headers = [h.strip() for h in page.locator("#standings thead th").all_inner_texts()]
    index = next(i for i, h in enumerate(headers) if h.startswith(header))
    return [
        row.locator("td").nth(index).inner_text().strip()
        for row in page.locator("#standings tbody tr").all()
    ]


def test_a_spielwart_enters_a_whole_round_from_the_keyboard(
    transactional_db: None,
    live_server: LiveServer,
    browser_page: Page,
    spielwart: User,
    event: Event,
    players: dict[str, Player],
) -> None:
    page = browser_page
    for key in ("anna", "bernd", "carla", "dieter"):
        Attendance.objects.create(event=event, player=players[key])

    log_in(page, live_server.url)

    page.goto(f"{live_server.url}/spielwart/veranstaltungen/{event.key}/")
    page.fill("#id_seed", "2026")
    page.click("text=Serie anlegen")
    page.wait_for_url(re.compile(r"/serie/1/$"))
    round_ = Round.objects.get(event=event, number=1)
    assert round_.seed == "2026" and round_.seating == "draw"
    seats = {s.position: s.player.key for s in round_.tables.get().seats.select_related("player")}

    page.click("text=Eingabe")
    page.wait_for_url(re.compile(r"/tisch/1/$"))
    page.evaluate("window.sameDocument = true")  # gone if any entry reloaded the page
    line_input = page.locator("#id_line")
    line_input.fill("1 Kr m2")  # seat 1 deals game 1
    page.keyboard.press("Enter")
    assert "Platz 1 gibt bei Spiel 1" in page.locator("#line-error").inner_text()
    assert page.locator("#id_line").input_value() == "1 Kr m2"
    line_input = page.locator("#id_line")
    rng = random.Random(48)
    lines = [legal_line(rng, number) for number in range(1, 49)]
    for number, line in enumerate(lines, start=1):
        line_input.fill("")
        page.keyboard.type(line)
        page.keyboard.press("Enter")
        page.locator(f"#spiel-{number}").wait_for()
        line_input = page.locator("#id_line")
    assert page.evaluate("window.sameDocument === true")  # entry.js swapped the partial in
    assert page.evaluate("document.activeElement.id") == "id_line"
    assert "Die Serie ist vollständig (48 Spiele)." in page.inner_text("#next-game")

    # Correct game 7: the declarer's column gets a new game; the line is typed again.
    corrected_seat = playing_positions(4, 7)[0]
    typed, lines[6] = lines[6], f"{corrected_seat} Gr m2 H"
    page.click("#spiel-7 a")
    page.wait_for_url(re.compile(r"/spiel/7/$"))
    assert page.locator("#id_line").input_value() == parse_line(typed, 4).text
    page.fill("#id_line", lines[6])
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/tisch/1/#spiel-7$"))
    assert page.inner_text("#spiel-7 .notation") == f"{corrected_seat} Gr m2 H"

    # Expected 1: the engine over the typed lines, without the database.
    own = {position: [0, 0, 0] for position in range(1, 5)}
    for line in lines:
        seat, score, won = list_score(line)
        if seat is not None:
            own[seat][0] += score
            own[seat][1 if won else 2] += 1
    expected_scores = table_scores(Ruleset.ISKO, 4, [(s, w, lost) for s, w, lost in own.values()])
    by_key = {seats[p]: (own[p][0], expected_scores.seeger_fabian[p - 1]) for p in range(1, 5)}
    for key, (_, score) in by_key.items():
        assert page.inner_text(f'td[data-foot="score"][data-player="{key}"]') == str(score)

    # Expected 2: the standings adapter over the stored games; both must match the page.
    page.goto(f"{live_server.url}/spielwart/veranstaltungen/{event.key}/ergebnisse/")
    rows = event_standings(event)
    names = column(page, "Name")
    assert names == [row.name for row in rows]
    # German digits on pages as in the PDFs: thousands dot and the true minus
    assert column(page, "Spielpunkte") == [formatting.number(row.list_score) for row in rows]
    assert column(page, "Wertungspunkte") == [formatting.number(row.score) for row in rows]
    for row in rows:
        assert (row.list_score, row.score) == by_key[row.player]
