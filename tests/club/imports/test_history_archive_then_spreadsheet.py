"""The acceptance check of issue 29 with a synthetic club: the club's game-by-game archive
through `import_archive --as-recorded`, then the same evenings' totals from the club's CSV
(`Datum;Name;Punkte;Gew.;Verl.;Wertung`, no table column) through
`import_sheet --as-recorded --confirm`: every evening is found as existing and skipped, the
season ranking is the club's own, and a Wertung of the sheet that differs from what is
stored is named, not passed over."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from skatclub.club.models import Event, Game, Seat
from skatclub.club.queries.standings import event_standings
from tests.helpers.club_totals import ranking_json
from tests.helpers.history import ClubHistory, club_history
from tests.helpers.history_spreadsheet import (
    club_ranking,
    spreadsheet_csv,
    spreadsheet_rows,
    standings_command_totals,
)

pytestmark = pytest.mark.django_db

YEAR = 2024


def run(command: str, *args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(command, *args, stdout=out, stderr=err)
    except SystemExit as stop:
        return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def import_archive(tmp_path: Path, history: ClubHistory) -> None:
    path = tmp_path / "archiv.json"
    path.write_text(json.dumps(history.archive), encoding="utf-8")
    status, out, err = run("import_archive", str(path), "--as-recorded")
    assert (status, err) == (0, ""), out


def assert_evenings_are_the_clubs(history: ClubHistory) -> None:
    for event in Event.objects.all():
        club = history.evenings[event.key]
        stored = {
            row.player: (row.list_score, row.won, row.lost, row.others_lost)
            for row in event_standings(event)
        }
        assert stored == {
            k: (t.list_score, t.won, t.lost, t.others_lost) for k, t in club.items()
        }, event.key


def test_the_clubs_archive_then_its_evening_totals_give_the_clubs_season_ranking(
    tmp_path: Path, client: Client
) -> None:
    history = club_history(year=YEAR)
    import_archive(tmp_path, history)
    assert Game.objects.count() == history.game_count
    assert_evenings_are_the_clubs(history)
    seats = Seat.objects.count()
    path = tmp_path / "abende.csv"
    path.write_bytes(spreadsheet_csv(list(spreadsheet_rows(history))))

    status, out, err = run("import_sheet", str(path), "--as-recorded", "--confirm")

    assert (status, err) == (0, ""), out
    assert out.count("Schon vorhanden:") == len(history.evenings), out
    assert "Wertung laut Tabelle" not in out
    assert Event.objects.count() == len(history.evenings)
    assert Seat.objects.count() == seats
    expected = club_ranking(history)
    assert ranking_json(client, YEAR) == expected
    keys = list(Event.objects.values_list("key", flat=True))
    assert standings_command_totals(keys) == expected


def test_a_skipped_evening_whose_wertung_differs_from_the_stored_one_is_named(
    tmp_path: Path, client: Client
) -> None:
    history = club_history(year=YEAR)
    import_archive(tmp_path, history)
    rows = list(spreadsheet_rows(history))
    first = rows[0]
    rows[0] = dataclasses.replace(first, score=first.score + 22)
    path = tmp_path / "abende.csv"
    path.write_bytes(spreadsheet_csv(rows))

    status, out, err = run("import_sheet", str(path), "--as-recorded", "--confirm")

    assert status == 0, err
    line = (
        f"Abend {first.date:%d.%m.%Y}, {first.name}: Wertung laut Tabelle {first.score + 22}, "
        f"gespeichert {first.score}"
    )
    assert line in out
    assert out.count("laut Tabelle") == 1
    assert ranking_json(client, YEAR) == club_ranking(history)
