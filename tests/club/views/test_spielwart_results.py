"""The Spielwart's results: standings with the decomposition of every score, money, Kasse."""

from __future__ import annotations

import re

from django.test import Client
from django.utils.html import escape

from skatclub.club.formatting import euro
from skatclub.club.models import Event, Table
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.queries.standings import event_standings
from tests.helpers.factories import enter

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


def play(four_table: Table, three_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 2, 3, "Gr o1 v")
    enter(four_table, 3, 4, "Pi m1 v")
    enter(three_table, 1, 2, "Null")
    enter(three_table, 2, 3, "He o2 v")


def test_the_results_show_every_score_decomposed_with_money_and_kasse(
    spielwart_client: Client, event: Event, four_table: Table, three_table: Table
) -> None:
    play(four_table, three_table)
    page = spielwart_client.get(EVENT + "ergebnisse/").content.decode()
    rows = event_standings(event)
    assert len(rows) == 7
    for row in rows:
        assert escape(row.decomposition()) in page
        assert euro(row.cash_cents) in page
    # Three lost games with the fee list 50, 50, 50, 100: one lost game each = 3 × 50 ct.
    assert event_ledger(event).report.lost_fees == 150
    assert re.search(r"<span data-kasse>1,50 €</span>", page)


def test_the_results_follow_new_entries(
    spielwart_client: Client, event: Event, four_table: Table, three_table: Table
) -> None:
    play(four_table, three_table)
    before = spielwart_client.get(EVENT + "ergebnisse/").content.decode()
    enter(four_table, 4, 1, "Gr m4 H")
    after = spielwart_client.get(EVENT + "ergebnisse/").content.decode()
    anna = next(r for r in event_standings(event) if r.player == "anna")
    assert escape(anna.decomposition()) in after and escape(anna.decomposition()) not in before


def test_the_standings_table_sorts_by_a_column(
    spielwart_client: Client, event: Event, four_table: Table, three_table: Table
) -> None:
    play(four_table, three_table)
    page = spielwart_client.get(EVENT + "ergebnisse/?sort=name").content.decode()
    names = [r.name for r in event_standings(event)]
    positions = [page.index(name) for name in sorted(names)]
    assert positions == sorted(positions)


def test_the_round_results_name_the_open_tables(
    spielwart_client: Client, event: Event, four_table: Table, three_table: Table
) -> None:
    play(four_table, three_table)
    page = spielwart_client.get(EVENT + "serie/1/ergebnisse/").content.decode()
    assert "Noch nicht geprüft: Serie 1 Tisch 1, Serie 1 Tisch 2" in page
    for row in event_standings(event, 1):
        assert escape(row.decomposition()) in page
