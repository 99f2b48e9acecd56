"""A paper list's kept club Wertung (`TableTotal.score`, from a spreadsheet imported as
recorded) goes through the archive: exported as `"score"` on its `totals` line, imported
again as recorded with the same standings; the strict import refuses it and names the way
forward; an archive without it is read as before."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from skatclub.club.models import Season, Seat, TableTotal
from tests.helpers.archive import run_import
from tests.helpers.club_totals import club_csv, club_rows, ranking_json, totals_of_rows

pytestmark = pytest.mark.django_db


def run_export(tmp_path: Path) -> Any:
    path = tmp_path / "export.json"
    call_command("export_archive", "-o", str(path), stderr=io.StringIO())
    return json.loads(path.read_text(encoding="utf-8"))


def import_club_sheet(tmp_path: Path) -> None:
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(club_rows()))
    call_command("import_sheet", str(path), "--as-recorded", "--confirm", stdout=io.StringIO())


def kept_lines(exported: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        line
        for e in exported["events"]
        for r in e["rounds"]
        for t in r["tables"]
        for line in t.get("totals", [])
        if "score" in line
    ]


def without_reasons(exported: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(exported)
    for e in data["events"]:
        for r in e["rounds"]:
            for t in r["tables"]:
                t.pop("recorded", None)
    return data


def test_the_kept_wertung_goes_through_an_archive_round_trip(
    tmp_path: Path, client: Client
) -> None:
    import_club_sheet(tmp_path)
    kept = TableTotal.objects.filter(score__isnull=False).count()
    assert kept
    exported = run_export(tmp_path)
    assert len(kept_lines(exported)) == kept

    status, _, err = run_import(tmp_path, copy.deepcopy(exported), "--as-recorded", "--replace")

    assert (status, err) == (0, "")
    assert TableTotal.objects.filter(score__isnull=False).count() == kept
    for total in TableTotal.objects.filter(score__isnull=False):
        assert Seat.objects.get(table=total.table, player=total.player).score == total.score
    expected = totals_of_rows(club_rows())
    for year in Season.objects.values_list("year", flat=True):
        assert ranking_json(client, year) == expected[year]
    # The importer words the reason itself (the spec: it recomputes it); all else is equal.
    again = run_export(tmp_path)
    assert without_reasons(again) == without_reasons(exported)
    assert "Wertung laut Archiv" in json.dumps(again, ensure_ascii=False)
    run_import(tmp_path, copy.deepcopy(again), "--as-recorded", "--replace")
    assert run_export(tmp_path) == again


def test_the_strict_import_refuses_a_kept_wertung_and_names_the_way_forward(
    tmp_path: Path,
) -> None:
    import_club_sheet(tmp_path)
    exported = run_export(tmp_path)

    status, _, err = run_import(tmp_path, exported, "--replace")

    assert status == 1
    assert "Wertung laut Archiv" in err and "--as-recorded" in err


def test_a_wertung_that_is_no_whole_number_is_refused_in_german(tmp_path: Path) -> None:
    import_club_sheet(tmp_path)
    exported = run_export(tmp_path)
    kept_lines(exported)[0]["score"] = "viel"

    status, _, err = run_import(tmp_path, exported, "--as-recorded", "--replace")

    assert status == 1
    assert "„score“ muss eine ganze Zahl" in err
