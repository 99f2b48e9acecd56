"""The blank Spielliste for the pen: big cells, shaded dealers, a control sum every round."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import Settings

from scoring import GAMES_PER_ROUND, TABLE_SIZES
from skatclub.club.models import Club, Event, Player, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.blank_layout import MIN_ROW_MM, blank_frames, foot_rows
from skatclub.club.printing.printouts import printout
from tests.helpers.pdf import flat, pdf_text


@pytest.mark.parametrize("size", TABLE_SIZES)
def test_every_standard_length_fits_one_sheet_with_player_columns_of_at_least_25_mm(
    size: int,
) -> None:
    """Under a head of two lines and names of three (40 characters)."""
    frames = blank_frames(size, GAMES_PER_ROUND[size], head_mm=13.3, band_mm=14.82)

    assert len(frames) == 1 and frames[0].foot and frames[0].last == GAMES_PER_ROUND[size]
    assert frames[0].row_mm >= 4.0 > MIN_ROW_MM
    assert frames[0].player_mm >= 25.0


def test_a_4_table_of_48_games_has_rows_of_5_mm_under_long_names() -> None:
    (frame,) = blank_frames(4, 48, head_mm=13.3, band_mm=14.82)
    assert frame.row_mm >= 5.0 and frame.player_mm >= 32.0


def test_the_foot_has_the_boxes_in_the_order_the_players_compute() -> None:
    labels = [box.label for row in foot_rows(4) for box in row]
    assert labels == [
        "Spielpunkte", "gew.", "verl.", "± 50", "verl. and.", "× 30", "Seeger-Fabian",
        "Unterschrift",
    ]  # fmt: skip
    assert [box.label for box in foot_rows(3)[1]][2] == "× 40"
    assert all(abs(sum(box.share for box in row) - 1.0) < 1e-9 for row in foot_rows(5))


def test_the_form_has_big_round_and_tisch_fields_a_status_a_control_sum_per_round_and_an_address(
    event: Event, four_table: Table
) -> None:
    site = "http://192.168.1.20:8000"
    found = printout("blank_sheet", event, round_number=1, table_number=1, site=site)
    pages, text = pdf_text(pdf.render_printout(found))

    assert pages == 1
    assert "Serie 1 Tisch 1" in text and "vorläufig: 0 von 48 Spielen" in text
    assert f"online eintragen: {site}/t/{four_table.pk}/" in text
    assert text.count("Σ") >= 48 // 4  # one box after every round of deals
    assert "Berechnung" not in text  # no derivation column on the pen form
    for name in ("Anna Albers", "Dieter Dahl"):
        assert name in flat(text)
    assert found.filename == "spielliste-blanko-2026-11-20-preisskat-serie-1-tisch-1.pdf"


def test_without_a_host_the_form_leaves_the_address_out(event: Event, four_table: Table) -> None:
    found = printout("blank_sheet", event, round_number=1, table_number=1)
    _, text = pdf_text(pdf.render_printout(found))

    assert "online eintragen" not in text and "/t/" not in text


def test_the_downloaded_form_prints_the_address_with_the_host_it_was_asked_from(
    client: Client, four_table: Table, settings: Settings
) -> None:
    settings.ALLOWED_HOSTS = ["skat.example", "127.0.0.1"]
    url = "/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten-blanko.pdf"
    response = client.get(url, HTTP_HOST="skat.example")
    _, text = pdf_text(response.content)
    assert f"online eintragen: http://skat.example/t/{four_table.pk}/" in text
    # Asked from the laptop itself: no phone in the room reaches 127.0.0.1.
    _, text = pdf_text(client.get(url, HTTP_HOST="127.0.0.1:8000").content)
    assert "online eintragen" not in text


def test_the_short_address_leads_a_spielwart_to_the_tables_entry_page(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.get(f"/t/{four_table.pk}/")

    assert response.status_code == 302
    assert response["Location"] == four_table.get_absolute_url()


LONG_NAMES = [
    "Hans-Jürgen Schröder-Müller-Lüdenscheidt",
    "Eva-Maria Schulze-Brinkmann-Oberländerin",
    "Maximiliane Sophie Freifrau von Ärmelsee",
    "Donaudampfschifffahrtsgesellschaftskapit",
]
LONG_CLUB = "Skatfreunde Grün-Weiß Altenburg-Großenhain 1921 e. V., Abteilung Preissk"


def test_a_4_table_of_40_character_names_under_a_72_character_club_prints_one_sheet_of_5_mm_rows(
    event: Event, four_table: Table
) -> None:
    Club.objects.update(name=LONG_CLUB)
    for seat, name in zip(four_table.seats.order_by("position"), LONG_NAMES, strict=True):
        Player.objects.filter(pk=seat.player_id).update(name=name)
    site = "http://192.168.100.200:8000"
    found = printout("blank_sheet", event, round_number=1, table_number=1, site=site)
    (page,) = found.context["pages"]

    assert page.frame.row_mm >= 5.0 and page.frame.player_mm >= 25.0
    pages, text = pdf_text(pdf.render_printout(found))
    assert pages == 1
    for label in ("Spielpunkte", "gew.", "verl.", "± 50", "verl. and.", "× 30", "Seeger-Fabian"):
        assert label in text
