"""Results, Tischliste and settlement printouts: their numbers are the adapter's and engine's.

Expected values come from `standings.event_standings` and the engine's `transfers`; the PDFs
are read back with pypdf.
"""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from pypdf import PdfReader

from scoring import parse_notation, playing_positions, transfers
from skatclub.club.presenters.downloads import euro
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import PrintError, printout
from skatclub.club.queries.standings import event_standings, kasse_cents
from skatclub.club.services import record_game

GAMES = ["Kr m2 H S", "Gr o1 v", "Pi m1", "He m1 v", "Null", "Gr m2", "Ka o1 v", "Kr m1"]


def play(table, count: int) -> None:
    seats = {s.position: s.player for s in table.seats.select_related("player")}
    for number in range(1, count + 1):
        declaration, outcome = parse_notation(GAMES[(number - 1) % len(GAMES)])
        position = playing_positions(len(seats), number)[(number * 2) % 3]
        record_game(
            table=table,
            number=number,
            declarer=seats[position],
            declaration=declaration.to_dict(),
            outcome=outcome.to_dict(),
        )


def text_of(kind: str, event, **where) -> tuple[int, str]:
    found = printout(kind, event, **where)
    reader = PdfReader(io.BytesIO(pdf.render_printout(found)))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


@pytest.fixture
def played(event, four_table, three_table):
    play(four_table, 12)
    play(three_table, 9)
    return event


def test_the_results_list_ranks_players_with_the_adapters_scores(played):
    rows = event_standings(played)
    pages, text = text_of("results", played)

    assert pages == 1 and "Gesamtergebnis" in text
    lines = text.splitlines()
    for row in rows:
        line = next(line for line in lines if row.name in line)
        tokens = line.split()
        assert tokens[0] == f"{row.place}."
        assert str(row.score) in tokens and str(row.list_score) in tokens
        assert euro(row.cash_cents) in line
    positions = [text.index(row.name) for row in rows]
    assert positions == sorted(positions)  # best first
    assert f"Kasse (Verlustspielgeld): {euro(kasse_cents(rows))}" in text


def test_the_results_of_one_serie_say_so(played):
    _, text = text_of("results", played, round_number=1)

    assert "Ergebnis Serie 1" in text and "Seite 1 von 1" in text


def test_the_tischliste_shows_every_table_and_where_each_player_sits(
    event, four_table, three_table
):
    _, text = text_of("seating", event, round_number=1)

    assert "Tischliste Serie 1" in text and "Tisch 1" in text and "Tisch 2" in text
    assert "Anna Albers: Tisch 1, Platz 1" in text
    assert "Gerd Gold: Tisch 2, Platz 3" in text


def test_the_settlement_shows_each_players_money_and_the_fewest_transfers(played):
    rows = event_standings(played)
    balances = {r.player: r.cash_cents - r.fees_cents for r in rows}
    balances["Kasse"] = Fraction(kasse_cents(rows))
    expected = transfers(balances)
    _, text = text_of("settlement", played)

    for row in rows:
        line = next(line for line in text.splitlines() if line.startswith(row.name))
        assert euro(row.cash_cents) in line and euro(row.fees_cents) in line
        assert euro(row.cash_cents - row.fees_cents) in line
    assert sum((r.cash_cents for r in rows), Fraction(0)) == 0  # a table's money balances
    for _, _, amount in expected:
        assert euro(amount) in text
    assert "Ausgleich je Tisch" in text
    assert "Wertpunkt 1/4 Cent" in text


def test_printing_an_unknown_serie_or_table_is_refused_in_german(event, four_table):
    with pytest.raises(PrintError, match="hat keine Serie 7"):
        printout("results", event, round_number=7)
    with pytest.raises(PrintError, match="hat keinen Tisch 9"):
        printout("score_sheet", event, round_number=1, table_number=9)
    with pytest.raises(PrintError, match="Bitte die Serie angeben"):
        printout("seating", event)
