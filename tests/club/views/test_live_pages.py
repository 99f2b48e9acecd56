"""The Spielwart's Serie board and the projector page: what they show, who may see them."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from skatclub.club import services
from skatclub.club.models import Table
from skatclub.club.queries.board import round_board
from skatclub.club.queries.standings import event_standings
from tests.helpers.factories import enter

BOARD = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/live/"
PROJECTOR = "/veranstaltungen/2026-11-20-preisskat/serie/1/leinwand/"


def test_the_board_shows_every_tables_progress(
    spielwart_client: Client, four_table: Table, three_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    enter(four_table, 1, 2, "Kr m2 H S", user=link)
    enter(four_table, 2, 3, "Gr m1 v", user=link)
    page = spielwart_client.get(BOARD).content.decode()
    assert "<strong data-games>2</strong> von 48 Spielen" in page
    assert "Zuletzt: Spiel 2, Carla Claus: Gr m1 v = −96" in page  # the true minus
    assert "<strong data-games>0</strong> von 36 Spielen" in page
    assert "kein Tisch-Link" in page  # table 2 has none
    assert "Unterschriften 0/4" in page


def test_the_board_fragment_is_what_the_script_swaps_in(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.get(BOARD, HTTP_X_LIVE="1")
    # Always asked again (no-cache), never kept for another login (private); 304 when unchanged.
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-cache"
    assert "<html" not in response.content.decode()
    assert 'id="live-tisch-1"' in response.content.decode()


def test_the_board_reads_a_round_in_a_fixed_number_of_queries(
    four_table: Table, three_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2")
    with CaptureQueriesContext(connection) as queries:
        rows = round_board(four_table.round)
    assert len(queries) == 3
    assert [(r.number, r.progress.games, r.last.notation if r.last else "") for r in rows] == [
        (1, 1, "Kr m2"),
        (2, 0, ""),
    ]


def test_the_board_is_for_spielwarte_only(member_client: Client, four_table: Table) -> None:
    assert member_client.get(BOARD).status_code == 403
    assert Client().get(BOARD).status_code == 302


def test_the_projector_shows_the_round_standings_marked_provisional(
    client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    page = client.get(PROJECTOR).content.decode()
    assert "vorläufig" in page
    first = event_standings(four_table.round.event, 1)[0]
    assert f'<th scope="row">{first.name}</th><td class="num score">{first.score}</td>' in page
    assert "0 von 1 Tischen fertig" in page


def test_the_projector_shows_place_wertung_and_spielpunkte_as_the_round_page_does(
    client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 2, 3, "Gr m1 v")  # a lost Grand: negative numbers on both pages
    round_page = client.get("/veranstaltungen/2026-11-20-preisskat/serie/1/").content.decode()
    round_page = round_page[: round_page.index("</table>")]  # the standings (the money follows)
    on_round_page = re.findall(
        r'<tr><td class="num">(\d+)</td><th scope="row"><a [^>]*>([^<]+)</a></th>'
        r'<td class="num">([^<]+)</td><td class="num">([^<]+)</td>',
        round_page,
    )
    projector = client.get(PROJECTOR).content.decode()
    on_projector = re.findall(
        r'<tr><td class="num">(\d+)\.</td><th scope="row">([^<]+)</th>'
        r'<td class="num score">([^<]+)</td><td class="num">([^<]+)</td></tr>',
        projector,
    )
    # a true minus, as the printouts write it
    assert (
        len(on_round_page) == 4 and ("4", "Carla Claus", "\u2212146", "\u221296") in on_round_page
    )
    assert on_projector == on_round_page


def test_the_projector_says_final_when_every_list_is_confirmed(
    client: Client, four_table: Table, checker: User
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    services.check_table(table=four_table, user=checker, confirm=True)
    page = client.get(PROJECTOR).content.decode()
    assert "Endstand (alle Listen geprüft)" in page and "vorläufig" not in page


def test_the_projector_turns_pages_of_ten(
    client: Client, four_table: Table, three_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")  # a Serie without any game counts nowhere
    page = client.get(PROJECTOR, HTTP_X_LIVE="1").content.decode()
    assert page.count('class="projector-page"') == 1  # 7 players
