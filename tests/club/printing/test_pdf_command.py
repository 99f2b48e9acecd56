"""`manage.py print_pdf KIND --event KEY [--round N] [--table T] -o FILE`."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command, execute_from_command_line
from factories import play_three_games
from pypdf import PdfReader


def pdf_text(path) -> tuple[int, str]:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_it_prints_one_tables_spielliste(four_table, tmp_path):
    out = tmp_path / "tisch1.pdf"
    call_command(
        "print_pdf",
        "score_sheet",
        "--event",
        "2026-11-20-preisskat",
        "--round",
        "1",
        "--table",
        "1",
        "-o",
        str(out),
    )

    pages, text = pdf_text(out)
    assert pages == 1 and "Spielliste · Tisch 1" in text and "Dieter Dahl" in text


def test_without_a_table_it_prints_every_table_of_the_serie(four_table, three_table, tmp_path):
    out = tmp_path / "serie1.pdf"
    call_command(
        "print_pdf",
        "score_sheet",
        "--event",
        "2026-11-20-preisskat",
        "--round",
        "1",
        "-o",
        str(out),
    )

    pages, text = pdf_text(out)
    assert pages == 2 and "Seite 2 von 2" in text and "Gerd Gold" in text


@pytest.mark.parametrize(
    ("kind", "extra", "title"),
    [
        ("results", [], "Gesamtergebnis"),
        ("results", ["--round", "1"], "Ergebnis Serie 1"),
        ("settlement", [], "Abrechnung"),
        ("seating", ["--round", "1"], "Tischliste Serie 1"),
    ],
)
def test_it_prints_results_settlement_and_tischliste(
    four_table, players, tmp_path, kind, extra, title
):
    play_three_games(four_table, players)  # a Serie without any game counts nowhere
    out = tmp_path / f"{kind}.pdf"
    call_command("print_pdf", kind, "--event", "2026-11-20-preisskat", *extra, "-o", str(out))

    _, text = pdf_text(out)
    assert title in text and "Anna Albers" in text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            ["--event", "gibt-es-nicht", "--round", "1"],
            "Die Veranstaltung „gibt-es-nicht“ gibt es nicht.",
        ),
        (["--event", "2026-11-20-preisskat", "--round", "4"], "hat keine Serie 4"),
        (["--event", "2026-11-20-preisskat", "--round", "1", "--table", "9"], "hat keinen Tisch 9"),
    ],
)
def test_an_unknown_event_serie_or_table_exits_1_with_a_german_message(
    four_table, tmp_path, capsys, arguments, message
):
    out = tmp_path / "nichts.pdf"
    with pytest.raises(SystemExit) as exit_info:
        execute_from_command_line(
            ["manage.py", "print_pdf", "score_sheet", *arguments, "-o", str(out)]
        )

    assert exit_info.value.code == 1
    assert message in capsys.readouterr().err
    assert not out.exists()
