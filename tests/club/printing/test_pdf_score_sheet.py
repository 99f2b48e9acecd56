"""The printed Spielliste: names, dealers, games, values, running totals and the foot.

Every expected number comes from the engine (`valuation`, `table_scores`), not from the sheet.
The PDFs are read back with pypdf; nothing is compared by pixels.
"""

from __future__ import annotations

import io
import re

import pytest
from conftest import make_table
from pypdf import PdfReader

from scoring import Ruleset, parse_notation, playing_positions, table_scores, valuation
from skatclub.club.models import Player, Round, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import printout
from skatclub.club.services import TotalLine, record_game, record_totals

# None = eingepasst. Won and lost games, an overbid one, a Null.
NOTATIONS = ["Kr m2 H S", "Gr o1", "Pi m1 r23 v", None, "He m1 v", "Null"]


def fill(table: Table, count: int) -> dict[int, tuple[int, str, int]]:
    """Enter `count` games; returns {number: (declarer position, notation, list score)}."""
    seats = {s.position: s.player for s in table.seats.select_related("player")}
    entered = {}
    for number in range(1, count + 1):
        notation = NOTATIONS[(number - 1) % len(NOTATIONS)]
        if notation is None:
            record_game(table=table, number=number, declarer=None, declaration=None, outcome=None)
            continue
        declaration, outcome = parse_notation(notation)
        position = playing_positions(len(seats), number)[number % 3]
        record_game(
            table=table,
            number=number,
            declarer=seats[position],
            declaration=declaration.to_dict(),
            outcome=outcome.to_dict(),
        )
        list_score = valuation(declaration, outcome, Ruleset.ISKO).list_score
        entered[number] = (position, notation, list_score)
    return entered


def print_table(table: Table) -> tuple[int, str]:
    found = printout(
        "score_sheet",
        table.round.event,
        round_number=table.round.number,
        table_number=table.number,
    )
    return read(pdf.render_printout(found))


def read(data: bytes) -> tuple[int, str]:
    assert data.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def game_line(text: str, number: int) -> list[str]:
    """The tokens of the grid line of game `number` (it starts with the number)."""
    for line in text.splitlines():
        if re.match(rf"^\s*{number} ", line) and ("G" in line.split() or "·" in line):
            return line.split()
    raise AssertionError(f"no line for game {number}")


def expected_totals(entered: dict[int, tuple[int, str, int]], size: int) -> dict[int, int]:
    """Running total of the declarer after each game."""
    totals = [0] * size
    after = {}
    for number in sorted(entered):
        position, _, list_score = entered[number]
        totals[position - 1] += list_score
        after[number] = totals[position - 1]
    return after


@pytest.fixture
def five_table(round_one: Round, players: dict[str, Player]) -> Table:
    keys = ("hanna", "ingo", "jana", "karl", "lena")
    return make_table(round_one, 3, [players[k] for k in keys])


def test_a_blank_list_shows_the_players_every_game_number_and_the_dealer(four_table):
    pages, text = print_table(four_table)

    assert pages == 1
    assert "Spielliste · Tisch 1" in text and "48 Spiele" in text
    for name in ("Anna Albers", "Bernd Brandt", "Carla Claus", "Dieter Dahl"):
        assert name in text
    assert game_line(text, 48)[:2] == ["48", "G"]  # only the dealer mark, nothing played
    assert "Seite 1 von 1" in text
    assert "Wertungspunkte (Seeger-Fabian)" in text


def test_a_filled_list_shows_values_derivations_and_running_totals(four_table):
    entered = fill(four_table, 30)
    _, text = print_table(four_table)

    totals = expected_totals(entered, 4)
    for number, (_, notation, list_score) in entered.items():
        tokens = game_line(text, number)
        assert " ".join(tokens[1:]).startswith(notation)
        assert f"{list_score:+d}" in tokens
        assert str(totals[number]) in tokens
    assert "eingepasst" in " ".join(game_line(text, 4))
    kreuz = valuation(*parse_notation("Kr m2 H S"), Ruleset.ISKO)
    assert kreuz.derivation in text
    assert game_line(text, 31)[1] in ("G", "·")  # game 31 not played yet: blank


def test_the_foot_sums_the_list_and_adds_seeger_fabian_from_the_engine(four_table):
    entered = fill(four_table, 30)
    _, text = print_table(four_table)

    per_player = {p: [0, 0, 0] for p in range(1, 5)}
    for position, _, list_score in entered.values():
        per_player[position][0] += list_score
        per_player[position][1 if list_score > 0 else 2] += 1
    scores = table_scores(Ruleset.ISKO, 4, [tuple(per_player[p]) for p in range(1, 5)])
    foot = {
        line.split("  ")[0].strip(): line.split()[-4:]
        for line in text.splitlines()
        if line.startswith(" ") and len(line.split()) > 4
    }
    assert foot["Spielpunkte (Summe der Spalte)"] == [str(per_player[p][0]) for p in range(1, 5)]
    assert foot["gewonnene Spiele"] == [str(per_player[p][1]) for p in range(1, 5)]
    assert foot["verlorene Spiele"] == [str(per_player[p][2]) for p in range(1, 5)]
    assert foot["Wertungspunkte (Seeger-Fabian)"] == [str(s) for s in scores.seeger_fabian]


@pytest.mark.parametrize(("size", "games"), [(3, 36), (4, 48), (5, 60)])
def test_a_full_list_fits_on_one_page_at_every_table_size(
    size, games, four_table, three_table, five_table
):
    table = {3: three_table, 4: four_table, 5: five_table}[size]
    entered = fill(table, games)
    pages, text = print_table(table)

    assert pages == 1
    assert f"{size}er-Tisch · {games} Spiele" in text
    last = max(entered)
    assert str(expected_totals(entered, size)[last]) in game_line(text, last)


def test_a_five_table_marks_the_dealer_and_the_player_who_sits_out(five_table):
    _, text = print_table(five_table)

    tokens = game_line(text, 1)
    assert tokens[1:] == ["G", "·"]  # seat 1 deals, seat 4 sits out, the others play
    assert "· = setzt aus" in text


def test_a_list_entered_as_totals_prints_its_sums_in_the_foot(three_table, players):
    lines = [
        TotalLine(players["emil"], 540, 9, 1),
        TotalLine(players["frieda"], 210, 4, 2),
        TotalLine(players["gerd"], -60, 3, 3),
    ]
    record_totals(table=three_table, lines=lines)
    _, text = print_table(three_table)

    scores = table_scores(Ruleset.ISKO, 3, [(540, 9, 1), (210, 4, 2), (-60, 3, 3)])
    assert "als Summen von der Papierliste erfasst" in text
    wertung = next(line for line in text.splitlines() if "Wertungspunkte (Seeger" in line)
    assert wertung.split()[-3:] == [str(s) for s in scores.seeger_fabian]


def test_all_tables_of_a_serie_print_in_order_with_page_numbers(four_table, three_table):
    fill(four_table, 8)
    found = printout("score_sheet", four_table.round.event, round_number=1)
    pages, text = read(pdf.render_printout(found))

    assert pages == 2
    assert text.index("Spielliste · Tisch 1") < text.index("Spielliste · Tisch 2")
    assert "Seite 1 von 2" in text and "Seite 2 von 2" in text
    assert found.filename == "spielliste-2026-11-20-preisskat-serie-1-alle-tische.pdf"


def test_a_print_run_split_over_two_processes_keeps_order_and_page_numbers(
    four_table, three_table, five_table, monkeypatch
):
    fill(three_table, 6)
    monkeypatch.setattr(pdf, "PARALLEL_MIN_PAGES", 1)
    found = printout("score_sheet", four_table.round.event, round_number=1)
    pages, text = read(pdf.render_printout(found, workers=2))

    assert pages == 3
    positions = [text.index(f"Spielliste · Tisch {n}") for n in (1, 2, 3)]
    assert positions == sorted(positions)
    for page in (1, 2, 3):
        assert f"Seite {page} von 3" in text
    assert "Emil Ernst" in text and "Hanna Hahn" in text
