"""Backups: `manage.py backup` and `restore`, and the automatic ones (issue 16)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from pytest_django import Settings

from skatclub.club import services
from skatclub.club.archive import export_archive
from skatclub.club.backup import backup, backups
from skatclub.club.models import Event, Player, Table
from tests.helpers.factories import enter

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL is backed up with pg_dump"
)


@pytest.fixture(autouse=True)
def backup_folder(tmp_path: Path, settings: Settings) -> Path:
    settings.SKATCLUB_BACKUP_DIR = tmp_path / "backups"
    return tmp_path / "backups"


@pytest.mark.django_db(transaction=True)  # restore replaces the whole database: no test transaction
def test_backup_then_restore_gives_the_same_archive(four_table: Table, backup_folder: Path) -> None:
    for number, seat, line in ((1, 2, "Kr m2 H S"), (2, 3, "Gr o1 v"), (3, 4, "Null")):
        enter(four_table, number, seat, line)
    before = json.dumps(export_archive(), sort_keys=True)
    out = io.StringIO()
    call_command("backup", stdout=out)
    saved = backups()[0]
    assert saved.parent == backup_folder / "von-hand" and f"Gesichert: {saved}" in out.getvalue()
    enter(four_table, 4, 1, "Pi m1")
    Event.objects.create(
        key="danach", name="Danach", date="2027-01-01", season=four_table.round.event.season
    )
    assert json.dumps(export_archive(), sort_keys=True) != before
    call_command("restore", str(saved), "--yes", stdout=io.StringIO())
    assert json.dumps(export_archive(), sort_keys=True) == before


@pytest.mark.django_db(transaction=True)
def test_only_the_last_n_backups_are_kept() -> None:
    for _ in range(4):
        backup(keep=3)
    assert len(backups()) == 3


@pytest.mark.parametrize(
    ("content", "reason"),
    [(b"not a database", "keine SQLite-Datenbank"), (b"", "keine SQLite-Datenbank")],
)
def test_restore_refuses_what_is_no_skatclub_backup(
    tmp_path: Path, db: None, content: bytes, reason: str
) -> None:
    path = tmp_path / "x.sqlite3"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=reason):
        call_command("restore", str(path), "--yes")


def test_restore_refuses_a_database_of_another_program(tmp_path: Path, db: None) -> None:
    import sqlite3

    path = tmp_path / "fremd.sqlite3"
    with sqlite3.connect(path) as other:
        other.execute("CREATE TABLE kunden (id INTEGER)")
    other.close()
    with pytest.raises(CommandError, match="keine skatclub-Datenbank"):
        call_command("restore", str(path), "--yes")


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_backup_from_a_newer_version() -> None:
    path = backup()
    import sqlite3

    with sqlite3.connect(path) as db_file:
        db_file.execute(
            "INSERT INTO django_migrations (app, name, applied) "
            "VALUES ('club', '9999_zukunft', '2030-01-01')"
        )
    db_file.close()
    with pytest.raises(CommandError, match="neueren skatclub-Version"):
        call_command("restore", str(path), "--yes")


@pytest.mark.django_db(transaction=True)
def test_restore_asks_before_replacing_and_stops_without_an_answer() -> None:
    path = backup()
    with pytest.raises(CommandError, match="Abgebrochen"):
        call_command("restore", str(path), stdout=io.StringIO(), stderr=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_a_new_round_and_an_import_take_a_backup_first(
    event: Event, players: dict[str, Player], settings: Settings
) -> None:
    for player in list(players.values())[:8]:
        event.attendance_set.create(player=player)
    services.start_round(event=event, seating="draw", seed="x")
    assert [p.name for p in backups()][0].endswith("vor-neuer-serie.sqlite3")
    from skatclub.club.archive import import_archive
    from tests.helpers.archive import spec_example

    Event.objects.all().delete()
    import_archive(spec_example())
    assert backups()[0].name.endswith("vor-import.sqlite3")
    assert settings.SKATCLUB_BACKUP_DIR
