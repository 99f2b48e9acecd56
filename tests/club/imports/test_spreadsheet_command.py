"""`manage.py import_sheet`: preview first, --confirm writes, --undo N removes the import."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from skatclub.club.imports.models import SpreadsheetImport, SpreadsheetMapping
from skatclub.club.models import Event, Player, Season, Table
from tests.helpers.sheets import dataset, season_rows


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_sheet", *args, stdout=out, stderr=err)
    except SystemExit as stop:
        return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.fixture
def season_file(tmp_path: Path) -> Path:
    path = tmp_path / "saison.xlsx"
    path.write_bytes(dataset(season_rows()).export("xlsx"))
    return path


@pytest.mark.django_db
def test_without_confirm_it_prints_the_preview_and_writes_nothing(season_file: Path) -> None:
    status, out, err = run(str(season_file))

    assert (status, err) == (0, "")
    assert "Spalten: Datum = Datum, Veranstaltung (Name) = Veranstaltung" in out
    assert "10.01.2025 Preisskat Januar (2025-01-10-preisskat-januar): 2 Serien, 4 Tische, " in out
    assert "Hans Müller (hans-mueller), auch „Müller, Hans“, „Hans Mueller“" in out
    assert "Hinweis: „A. Albers“ vermutlich Anna Albers" in out
    assert "Nichts geschrieben." in out
    assert not Event.objects.exists() and not Player.objects.exists()
    assert not SpreadsheetImport.objects.exists()


@pytest.mark.django_db
def test_confirm_imports_and_undo_removes_it(season_file: Path) -> None:
    status, out, _ = run(str(season_file), "--confirm")

    assert status == 0, out
    assert "Import Nr. " in out and "3 Veranstaltungen, 9 neue Spieler, 1 neue Saison" in out
    assert Table.objects.count() == 12 and Season.objects.get().year == 2025
    assert SpreadsheetMapping.objects.get().columns["won"] == "Gew"
    number = SpreadsheetImport.objects.get().pk

    status, out, _ = run("--undo", str(number))

    assert status == 0 and "3 Veranstaltungen, 9 Spieler, 1 Saison gelöscht" in out
    assert not (Event.objects.exists() or Player.objects.exists() or Season.objects.exists())
    assert run("--undo", str(number))[0] == 1


@pytest.mark.django_db
def test_unreadable_rows_are_listed_with_numbers_and_nothing_is_written(tmp_path: Path) -> None:
    rows = season_rows()
    rows[4][6] = -1
    path = tmp_path / "saison.ods"
    path.write_bytes(dataset(rows).export("ods"))

    status, _, err = run(str(path), "--confirm")

    assert status == 1
    assert "Zeile 6: gewonnen muss mindestens 0 sein, nicht -1." in err
    assert "1 Stelle der Tabelle kann nicht gelesen werden; es wurde nichts importiert." in err
    assert not Event.objects.exists() and not SpreadsheetImport.objects.exists()


@pytest.mark.django_db
def test_an_incomplete_mapping_is_refused_with_the_files_columns(tmp_path: Path) -> None:
    path = tmp_path / "liste.csv"
    path.write_text("Wann;Wer;Punkte\n10.01.2025;Anna;10\n", encoding="utf-8")

    status, _, err = run(str(path), "--map", "datum=Wann")

    assert status == 1
    assert "Die Spalte „Spieler (Name)“ muss zugeordnet werden." in err
    assert "Spalten der Datei: Wann, Wer, Punkte" in err


@pytest.mark.django_db
def test_scores_alone_import_as_given_and_the_archive_keeps_them(
    tmp_path: Path, client: Client
) -> None:
    """Two evenings with Seeger-Fabian points only: they count exactly as given."""
    lines = ["Datum;Serie;Tisch;Spieler;Wertungspunkte"]
    names = ["Anna", "Bernd", "Carla", "Dieter"]
    scores = {"Anna": [812, 1040], "Bernd": [-130, 400], "Carla": [95, 0], "Dieter": [1200, -60]}
    for evening, date in enumerate(["10.01.2025", "14.02.2025"]):
        lines += [f"{date};1;1;{n};{scores[n][evening]}" for n in names]
    path = tmp_path / "sf.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    status, out, err = run(str(path), "--confirm")

    assert (status, err) == (0, ""), out
    assert set(Table.objects.values_list("entry", flat=True)) == {Table.Entry.SCORES}
    from skatclub.club.presenters.pages import ranking_rows, season_page

    rows = ranking_rows(season_page(Season.objects.get(year=2025)))
    assert [(r["name"], r["total"]) for r in rows] == [
        ("Anna", 1852),
        ("Dieter", 1140),
        ("Bernd", 270),
        ("Carla", 95),
    ]
    event = client.get("/veranstaltungen/2025-01-10-spielabend-10-01-2025/").content.decode()
    assert "812 übernommen (nur Wertungspunkte)" in event
    player = client.get("/spieler/anna/?saison=2025").content.decode()
    assert "Für 2 von 2 Serien sind keine Spieldetails verfügbar" in player
    assert "davon 2 nur mit Wertungspunkten" in player
    archive = tmp_path / "archiv.json"
    call_command("export_archive", "-o", str(archive), stderr=io.StringIO())
    exported = json.loads(archive.read_text(encoding="utf-8"))
    table = exported["events"][0]["rounds"][0]["tables"][0]
    assert table["scores"][0] == {"player": "anna", "score": 812} and "totals" not in table
    call_command("import_archive", str(archive), "--replace", stdout=io.StringIO())
    call_command("export_archive", "-o", str(archive), stderr=io.StringIO())
    assert json.loads(archive.read_text(encoding="utf-8")) == exported
