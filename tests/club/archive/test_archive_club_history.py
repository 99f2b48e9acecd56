"""A club's whole history as it was kept (issue 29): every game in, every difference flagged.

The synthetic history (`tests.helpers.history`) has Serien longer than the table allows, Ramsch
limited by the club's loss cap, Ramsch whose points were typed as Augen and games recorded as
won although overbid. Strict import refuses it and every line says how to go on; as recorded
it stores every game, flags exactly the differing ones with the engine's reason, and the
evening and season sums are the club's own.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from skatclub.club.models import Event, Game, RamschScore
from skatclub.club.queries.standings import event_standings
from tests.helpers.archive import (
    capped_archive,
    nothing_imported,
    run_import,
    table_one,
)
from tests.helpers.history import CAP, Totals, club_history


def run_export(tmp_path: Path) -> Any:
    path = tmp_path / "export.json"
    call_command("export_archive", "-o", str(path), stderr=io.StringIO())
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.django_db
def test_strict_import_refuses_the_history_and_every_line_names_the_way_forward(
    tmp_path: Path,
) -> None:
    history = club_history()

    status, _, err = run_import(tmp_path, history.archive)

    assert status == 1 and nothing_imported()
    lines = err.splitlines()[1:]
    assert lines and all("Weiter:" in line or "Prüfung abgebrochen" in line for line in lines)
    long_key = next(iter(history.long_rounds))
    assert any(
        line.startswith(f"Veranstaltung {long_key}, Serie 1, Tisch 1, Spiel 37: ")
        and "Diese Serie hat 40 Spiele" in line
        and "„games_per_round“ auf 40" in line
        and "--as-recorded" in line
        for line in lines
    )
    for (key, round_number, table, number), kind in history.flagged.items():
        here = f"Veranstaltung {key}, Serie {round_number}, Tisch {table}, Spiel {number}: "
        line = next(line for line in lines if line.startswith(here))
        assert "„wie erfasst“ (--as-recorded)" in line
        assert ("überreizt" in line) if kind == "overbid_won" else ("250 Augen" in line)


@pytest.mark.django_db
def test_as_recorded_stores_every_game_and_flags_each_difference_with_its_reason(
    tmp_path: Path,
) -> None:
    history = club_history()

    status, out, err = run_import(tmp_path, history.archive, "--as-recorded")

    assert (status, err) == (0, "")
    assert Game.objects.count() == history.game_count
    assert f"Davon {len(history.flagged)} Spiele abweichend erfasst" in out
    assert "Serienlänge am 3er-Tisch aus dem Archiv: 40 statt 36 Spiele" in out
    flagged = {
        (g.table.round.event.key, g.table.round.number, g.table.number, g.number): g
        for g in Game.objects.filter(as_recorded=True).select_related("table__round__event")
    }
    assert set(flagged) == set(history.flagged)
    for where, kind in history.flagged.items():
        game = flagged[where]
        if kind == "overbid_won":
            assert (game.won, game.list_score) == (True, 18) and "überreizt" in game.deviation
        else:
            assert "250 Augen gibt es beim Ramsch nicht" in game.deviation
            assert [s.list_score for s in game.ramsch_scores.all()] == [-CAP]
    for key, sizes in history.long_rounds.items():
        assert Event.objects.get(key=key).games_for_table_size(3) == sizes[3]
    assert not RamschScore.objects.filter(list_score__lt=-CAP).exists()


@pytest.mark.django_db
def test_as_recorded_the_evening_and_season_sums_are_the_clubs_own(tmp_path: Path) -> None:
    history = club_history()

    run_import(tmp_path, history.archive, "--as-recorded")

    season: dict[str, Totals] = {}
    for key, club in history.evenings.items():
        rows = {row.player: row for row in event_standings(Event.objects.get(key=key))}
        ours = {k: Totals(r.list_score, r.won, r.lost, r.others_lost) for k, r in rows.items()}
        assert ours == club, key
        for player, line in ours.items():
            total = season.setdefault(player, Totals())
            total.list_score += line.list_score
            total.won += line.won
            total.lost += line.lost
            total.others_lost += line.others_lost
    assert season == history.season_totals()


@pytest.mark.django_db
def test_the_imported_history_exports_and_imports_again_unchanged(tmp_path: Path) -> None:
    run_import(tmp_path, club_history(evenings=6).archive, "--as-recorded")
    exported = run_export(tmp_path)

    status, _, err = run_import(tmp_path, copy.deepcopy(exported), "--as-recorded", "--replace")

    assert (status, err) == (0, "")
    assert run_export(tmp_path) == exported


@pytest.mark.django_db
def test_the_cap_and_a_recorded_ramsch_round_trip_through_the_archive(tmp_path: Path) -> None:
    status, _, err = run_import(tmp_path, capped_archive(), "--as-recorded")
    assert (status, err) == (0, "")
    first, second = Game.objects.order_by("number")
    assert [s.list_score for s in first.ramsch_scores.all()] == [-CAP]
    assert "Verlust begrenzt auf 250 = -250" in first.derivation and not first.as_recorded
    assert [s.list_score for s in second.ramsch_scores.all()] == [-200]
    assert second.as_recorded
    assert second.deviation == "Erfasst sind Platz 3 -200, nach den Regeln Platz 3 -55."
    assert Event.objects.get().ramsch_loss_cap == CAP

    expected = capped_archive()
    table_one(expected)["games"][1]["recorded"]["reason"] = second.deviation
    exported = run_export(tmp_path)
    assert exported["events"] == expected["events"]

    status, _, _ = run_import(tmp_path, copy.deepcopy(exported), "--as-recorded", "--replace")
    assert status == 0 and run_export(tmp_path) == exported


@pytest.mark.django_db
def test_an_archive_without_a_cap_exports_without_one(tmp_path: Path) -> None:
    data = capped_archive()
    del data["events"][0]["ramsch_rules"]
    del table_one(data)["games"][1]

    run_import(tmp_path, data)

    assert "ramsch_rules" not in run_export(tmp_path)["events"][0]
    assert [s.list_score for s in RamschScore.objects.all()] == [-560]


@pytest.mark.django_db
@pytest.mark.parametrize("cap", [0, 10_001, "250", True])
def test_a_cap_outside_the_bounds_is_refused_in_german(tmp_path: Path, cap: Any) -> None:
    data = capped_archive()
    data["events"][0]["ramsch_rules"]["loss_cap"] = cap

    status, _, err = run_import(tmp_path, data, "--as-recorded")

    assert status == 1 and nothing_imported()
    assert "„loss_cap“ 1 bis 10000 oder null" in err


@pytest.mark.django_db
def test_a_recorded_ramsch_in_strict_mode_is_refused_naming_the_way_forward(
    tmp_path: Path,
) -> None:
    status, _, err = run_import(tmp_path, capped_archive())

    assert status == 1 and nothing_imported()
    assert "Spiel 2: Erfasst sind Platz 3 -200, nach den Regeln Platz 3 -55." in err
    assert "mit „wie erfasst“ (--as-recorded)" in err
