"""The blank Spielliste for the pen: big cells, shaded dealers, a control sum every round."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import GAMES_PER_ROUND, TABLE_SIZES
from skatclub.club.models import Event, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.blank_layout import MIN_ROW_MM, blank_frames
from skatclub.club.printing.printouts import printout
from tests.helpers.pdf import flat, pdf_text


@pytest.mark.parametrize("size", TABLE_SIZES)
def test_rows_are_at_least_5_mm_and_player_columns_at_least_22_mm(size: int) -> None:
    frames = blank_frames(size, GAMES_PER_ROUND[size])

    assert all(f.row_mm >= MIN_ROW_MM == 5.0 for f in frames)
    assert all(f.player_mm >= 22.0 for f in frames)
    assert frames[-1].foot and frames[-1].last == GAMES_PER_ROUND[size]
    assert all(f.rows % size == 0 for f in frames[:-1])  # pages split after a round of deals


def test_a_3_and_a_4_table_fit_one_page_a_5_table_runs_over_two() -> None:
    assert [len(blank_frames(size, GAMES_PER_ROUND[size])) for size in TABLE_SIZES] == [1, 1, 2]


def test_the_form_has_big_serie_and_tisch_fields_a_control_sum_per_round_and_an_address(
    event: Event, four_table: Table
) -> None:
    found = printout("blank_sheet", event, round_number=1, table_number=1)
    pages, text = pdf_text(pdf.render_printout(found))

    assert pages == 1
    assert "Serie 1 Tisch 1" in text
    assert f"Online eintragen: /t/{four_table.pk}/" in text
    assert text.count("Σ") >= 48 // 4  # one box after every round of deals
    assert "Berechnung" not in text  # no derivation column on the pen form
    for name in ("Anna Albers", "Dieter Dahl"):
        assert name in flat(text)
    assert found.filename == "spielliste-blanko-2026-11-20-preisskat-serie-1-tisch-1.pdf"


def test_the_short_address_leads_a_spielwart_to_the_tables_entry_page(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.get(f"/t/{four_table.pk}/")

    assert response.status_code == 302
    assert response["Location"] == four_table.get_absolute_url()
