"""The streamed import on PostgreSQL (`archive.stream`): the same rows as the whole import,
all or nothing, the same words for a broken file; the reader hands out one event at a time."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.db import connection, transaction

from skatclub.club.archive import ArchiveError, import_archive, import_file, read_archive, stream
from skatclub.club.archive.write import VALUED_FIELDS
from skatclub.club.demo.generator import generate_archive
from skatclub.club.models import (
    Attendance,
    Change,
    Event,
    Game,
    Player,
    Round,
    Seat,
    Table,
    TableTotal,
)
from skatclub.club.services.seat_sums import SEAT_RESULT_FIELDS

on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql",
    reason="the streamed import is PostgreSQL's way (SQLite stages the whole import)",
)


def small_archive() -> dict[str, Any]:
    """Six events of every kind the generator makes: Kontra and Preisskat evenings, paper
    lists, 3-, 4- and 5-tables (about 2,000 games)."""
    return generate_archive(
        seasons=2, events_per_season=3, seed=14, members=14, guests=3, totals_share=0.2
    )


def stored_rows() -> dict[str, list[tuple[Any, ...]]]:
    """Everything an import writes, by keys and numbers instead of ids."""
    table = ("table__round__event__key", "table__round__number", "table__number")
    return {
        "players": sorted(Player.all_clubs.values_list("key", "name", "is_guest")),
        "events": sorted(
            Event.all_clubs.values_list(
                "key",
                "name",
                "date",
                "season__year",
                "ruleset",
                "house_kontra",
                "cents_per_point",
                "lost_game_fees_cents",
                "games_per_round",
                "kind",
            )
        ),
        "attendance": sorted(
            Attendance.objects.values_list("event__key", "player__key", "rate", "fee_cents")
        ),
        "rounds": sorted(Round.objects.values_list("event__key", "number", "seating")),
        "tables": sorted(
            Table.objects.values_list(
                "round__event__key", "round__number", "number", "entry", "check_status"
            )
        ),
        "seats": sorted(
            Seat.objects.values_list(*table, "position", "player__key", *SEAT_RESULT_FIELDS)
        ),
        "games": sorted(
            Game.objects.values_list(
                *table,
                "number",
                "declarer__key",
                "declaration",
                "outcome",
                "passed_in",
                "ramsch",
                "version",
                *VALUED_FIELDS,
            )
        ),
        "totals": sorted(
            TableTotal.objects.values_list(*table, "player__key", "list_score", "won", "lost")
        ),
        "changes": sorted(Change.objects.values_list(*table, "action", "after", "note")),
    }


def written(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "archiv.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@on_postgresql
@pytest.mark.django_db
def test_it_writes_the_rows_of_the_whole_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = small_archive()
    with transaction.atomic():
        whole = import_archive(json.loads(json.dumps(data)))
        expected = stored_rows()
        transaction.set_rollback(True)
    monkeypatch.setattr(stream, "BATCH_GAMES", 300)  # several batches, one transaction

    streamed = import_file(written(tmp_path, data))

    assert streamed == whole
    assert stored_rows() == expected
    assert len(expected["games"]) > 1500 and expected["totals"]


@on_postgresql
@pytest.mark.django_db
def test_a_problem_in_the_last_event_imports_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = small_archive()
    last_table = data["events"][-1]["rounds"][-1]["tables"][-1]
    last_table.pop("totals", None)
    last_table["games"] = [{"declarer": "nobody", "game": {"type": "grand"}, "outcome": {}}]
    with pytest.raises(ArchiveError) as whole:
        import_archive(json.loads(json.dumps(data)))
    monkeypatch.setattr(stream, "BATCH_GAMES", 300)  # earlier events are written already

    with pytest.raises(ArchiveError) as streamed:
        import_file(written(tmp_path, data))

    assert streamed.value.problems == whole.value.problems
    assert not Event.all_clubs.exists() and not Game.objects.exists()
    assert not Player.all_clubs.exists()


@on_postgresql
@pytest.mark.django_db
def test_a_broken_file_is_named_as_the_whole_reader_names_it(tmp_path: Path) -> None:
    path = written(tmp_path, '{"format": "skatclub-archive/1",\n "players": [}')
    with pytest.raises(ArchiveError) as whole:
        read_archive(path)

    with pytest.raises(ArchiveError) as streamed:
        import_file(path)

    assert streamed.value.problems == whole.value.problems
    assert "Zeile 2" in streamed.value.problems[0]


@on_postgresql
@pytest.mark.django_db
def test_events_before_the_players_are_read_whole_and_import_alike(tmp_path: Path) -> None:
    data = small_archive()
    reordered = {"events": data["events"], "format": data["format"], "players": data["players"]}

    summary = import_file(written(tmp_path, reordered))

    assert summary.events == len(data["events"]) and summary.players == len(data["players"])


def test_the_reader_hands_out_each_event_as_it_reaches_it(monkeypatch: pytest.MonkeyPatch) -> None:
    data = small_archive()
    data["matches"] = []
    monkeypatch.setattr(stream, "CHUNK", 7)  # every value straddles many reads
    text = json.dumps(data, indent=1)
    file = io.StringIO(text)

    items = stream.ArchiveReader(file).items()
    head = {}
    for key, value in items:
        if key == "events":
            first = next(value)
            assert file.tell() < len(text) / 2  # the rest is not read yet
            head[key] = [first, *value]
        else:
            head[key] = value

    assert head == data
