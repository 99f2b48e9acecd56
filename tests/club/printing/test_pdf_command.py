"""`manage.py print_pdf KIND --event KEY [--round N] [--table T] -o FILE`."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command, execute_from_command_line

from skatclub.club.models import Player, Table
from tests.helpers.factories import play_three_games
from tests.helpers.pdf import pdf_text, shows_name

EVENT = ["--event", "2026-11-20-preisskat"]


def test_it_prints_one_tables_spielliste(four_table: Table, tmp_path: Path) -> None:
    out = tmp_path / "tisch1.pdf"
    call_command("print_pdf", "score_sheet", *EVENT, "--round", "1", "--table", "1", "-o", str(out))

    pages, text = pdf_text(out.read_bytes())
    assert pages == 1 and "Spielliste · Serie 1 · Tisch 1" in text
    assert shows_name(out.read_bytes(), "Dieter Dahl")


def test_without_a_table_it_prints_every_table_of_the_round(
    four_table: Table, three_table: Table, tmp_path: Path
) -> None:
    out = tmp_path / "serie1.pdf"
    call_command("print_pdf", "score_sheet", *EVENT, "--round", "1", "-o", str(out))

    pages, text = pdf_text(out.read_bytes())
    assert pages == 2 and "Seite 2 von 2" in text and shows_name(out.read_bytes(), "Gerd Gold")


@pytest.mark.parametrize(
    ("kind", "extra", "title"),
    [
        ("results", [], "Gesamtergebnis"),
        ("results", ["--round", "1"], "Ergebnis Serie 1"),
        ("settlement", [], "Abrechnung für die Kasse"),
        ("seating", ["--round", "1"], "Tischliste Serie 1"),
        ("blank_sheet", ["--round", "1"], "Σ nach jeder Runde"),
    ],
)
def test_it_prints_results_settlement_tischliste_and_blank_lists(
    four_table: Table,
    players: dict[str, Player],
    tmp_path: Path,
    kind: str,
    extra: list[str],
    title: str,
) -> None:
    play_three_games(four_table, players)  # a Serie without any game counts nowhere
    out = tmp_path / f"{kind}.pdf"
    call_command("print_pdf", kind, *EVENT, *extra, "-o", str(out))

    _, text = pdf_text(out.read_bytes())
    assert title in text and shows_name(out.read_bytes(), "Anna Albers")
    assert "online eintragen" not in text  # the shell knows no host for the address


@pytest.mark.parametrize(
    ("kind", "arguments", "message"),
    [
        (
            "score_sheet",
            ["--event", "gibt-es-nicht", "--round", "1"],
            "Die Veranstaltung „gibt-es-nicht“ gibt es nicht.",
        ),
        ("score_sheet", [*EVENT, "--round", "4"], "hat keine Serie 4"),
        ("score_sheet", [*EVENT, "--round", "1", "--table", "9"], "hat keinen Tisch 9"),
        ("settlement", [*EVENT, "--round", "1"], "nur für die ganze Veranstaltung"),
    ],
)
def test_an_unknown_event_round_or_table_exits_1_with_a_german_message(
    four_table: Table,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    kind: str,
    arguments: list[str],
    message: str,
) -> None:
    out = tmp_path / "nichts.pdf"
    with pytest.raises(SystemExit) as exit_info:
        execute_from_command_line(["manage.py", "print_pdf", kind, *arguments, "-o", str(out)])

    assert exit_info.value.code == 1
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_an_output_file_that_cannot_be_written_exits_1_in_german_without_a_traceback(
    four_table: Table, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        execute_from_command_line(
            ["manage.py", "print_pdf", "results", *EVENT, "-o", "/unwritable/path.pdf"]
        )

    err = capsys.readouterr().err
    assert exit_info.value.code == 1
    assert "„/unwritable/path.pdf“ lässt sich nicht schreiben" in err
    assert "Traceback" not in err
