"""One table, every page: the Spielwart's entry, the table link, the live board and the
projector say the same next game and the same state (`queries.progress` is read by all)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.test import Client

from skatclub.club import services
from skatclub.club.models import Table, TableLink
from skatclub.club.queries.progress import TableProgress, progress_of
from tests.helpers.factories import enter
from tests.helpers.signing import sign_at_table

ROUND = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/"
ENTRY = ROUND + "tisch/1/"
BOARD = ROUND + "live/"
PROJECTOR = "/veranstaltungen/2026-11-20-preisskat/serie/1/leinwand/"


def shown(page: str, pattern: str) -> str:
    found = re.search(pattern, page)
    assert found, pattern
    return found.group(1)


def surfaces(spielwart_client: Client, link: TableLink) -> dict[str, tuple[str, str]]:
    """(state, next game) as each page shows them for table 1."""
    entry = spielwart_client.get(ENTRY).content.decode()
    status = shown(
        Client().get(f"/t/{link.token}/").content.decode(), r'(<div class="status"[^>]*>)'
    )
    card = shown(
        spielwart_client.get(BOARD).content.decode(), r'(<li [^>]*id="live-tisch-1"[^>]*>)'
    )
    return {
        "entry": (shown(entry, r'<span data-state="(\w+)">'), shown(entry, r'data-next="(\d*)"')),
        "table link": (shown(status, r'data-state="(\w+)"'), shown(status, r'data-next="(\d*)"')),
        "board": (shown(card, r'data-state="(\w+)"'), shown(card, r'data-next="(\d*)"')),
    }


def agreed(progress: TableProgress) -> tuple[str, str]:
    return str(progress.state), str(progress.next_number or "")


def test_every_page_shows_the_same_next_game_and_state(
    spielwart_client: Client, four_table: Table, checker: User, spielwart: User
) -> None:
    event = four_table.round.event
    event.games_per_round = {**event.games_per_round, "4": 8}
    event.save()
    link = services.issue_link(table=four_table, user=spielwart)
    projector = Client()
    seen = []

    def check(state: str, next_number: str, finished: int) -> None:
        pages = surfaces(spielwart_client, link)
        assert set(pages.values()) == {(state, next_number)}, pages
        assert agreed(progress_of(four_table)) == (state, next_number)
        shown = projector.get(PROJECTOR).content.decode()
        final = "Endstand (alle Listen geprüft)"
        assert (final if state == "confirmed" else f"{finished} von 1 Tischen fertig") in shown
        seen.append(state)

    check("waiting", "1", 0)
    for number in (1, 2, 4):
        enter(four_table, number, None)
    check("playing", "3", 0)  # the gap first, on every page
    for number in (3, 5, 6, 7, 8):
        enter(four_table, number, None)
    check("complete", "", 1)
    for seat in four_table.seats.all():
        sign_at_table(link=link, player=seat.player)
    check("signed", "", 1)
    services.check_table(table=four_table, user=checker, confirm=True)
    check("confirmed", "", 1)
    assert seen == ["waiting", "playing", "complete", "signed", "confirmed"]


def test_a_shortened_round_missing_a_game_is_still_playing_on_every_page(
    spielwart_client: Client, four_table: Table, spielwart: User
) -> None:
    """The board once counted 6 games of a 6-game Serie as complete although game 6 was
    missing; the table link offered game 6. Now every page offers game 6."""
    event = four_table.round.event
    event.games_per_round = {**event.games_per_round, "4": 8}
    event.save()
    for number in (1, 2, 3, 4, 5, 7):
        enter(four_table, number, None)
    event.games_per_round = {**event.games_per_round, "4": 6}
    event.save()
    link = services.issue_link(table=four_table, user=spielwart)
    pages = surfaces(spielwart_client, link)
    assert set(pages.values()) == {("playing", "6")}, pages
