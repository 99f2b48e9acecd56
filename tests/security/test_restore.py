"""Issue 24: restore puts back only a whole, undamaged skatclub database built by our
migrations and nothing else, and a refused file leaves the live database as it was.

On main, 8 KB of garbage in a backup passed (then every page said "database disk image is
malformed"), and a backup with a SQL trigger passed, after which every new login was made
superuser.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.db import connection
from pytest_django import Settings

from skatclub.club import backup_schema
from skatclub.club.backup import backup, restore
from skatclub.club.models import Event, Player

pytestmark = [
    pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL: pg_restore"),
    pytest.mark.django_db(transaction=True),  # restore replaces the whole database
]


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, settings: Settings) -> Path:
    settings.SKATCLUB_BACKUP_DIR = tmp_path / "backups"
    return tmp_path / "backups"


def live_fingerprint() -> str:
    """Every schema object and row of the live database."""
    connection.ensure_connection()
    dump = "\n".join(connection.connection.iterdump())
    return hashlib.sha256(dump.encode()).hexdigest()


def refused(path: Path, reason: str) -> None:
    """`manage.py restore` refuses `path` in German, and the live database is unchanged."""
    before = live_fingerprint()
    with pytest.raises(CommandError, match=reason):
        call_command("restore", str(path), "--yes", stdout=io.StringIO())
    assert live_fingerprint() == before


@pytest.fixture
def saved(event: Event, players: dict[str, Player]) -> Path:
    """A real backup of a club with an evening and twelve players."""
    return backup()


def changed(path: Path, sql: str) -> Path:
    with sqlite3.connect(path) as db:
        db.executescript(sql)
    db.close()
    return path


def test_eight_kilobytes_of_garbage_behind_a_sqlite_header_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "muell.sqlite3"
    noise = random.Random(24).randbytes(8192 - 16)
    path.write_bytes(b"SQLite format 3\x00" + noise)
    refused(path, "beschädigt")


def test_a_real_backup_with_eight_kilobytes_overwritten_is_refused(saved: Path) -> None:
    content = bytearray(saved.read_bytes())
    middle = len(content) // 2 // 4096 * 4096
    content[middle : middle + 8192] = random.Random(24).randbytes(8192)
    saved.write_bytes(bytes(content))
    refused(saved, "beschädigt")


def test_a_truncated_backup_is_refused(saved: Path) -> None:
    content = saved.read_bytes()
    saved.write_bytes(content[: len(content) // 3])
    refused(saved, "beschädigt")


MAKE_SUPERUSER = """
CREATE TRIGGER jeder_ist_chef AFTER INSERT ON auth_user
BEGIN UPDATE auth_user SET is_superuser = 1, is_staff = 1 WHERE id = NEW.id; END;
CREATE TRIGGER auch_spaeter AFTER UPDATE OF last_login ON auth_user
BEGIN UPDATE auth_user SET is_superuser = 1 WHERE id = NEW.id; END;
"""


def test_a_backup_with_triggers_that_make_every_new_login_superuser_is_refused(
    saved: Path,
) -> None:
    refused(changed(saved, MAKE_SUPERUSER), "Trigger „auch_spaeter“")
    User.objects.create_user("neu", password="geheim-und-lang-genug")
    assert not User.objects.get(username="neu").is_superuser


@pytest.mark.parametrize(
    ("sql", "reason"),
    [
        ("CREATE VIEW alle AS SELECT * FROM auth_user;", "Sicht \\(VIEW\\) „alle“"),
        ("CREATE TABLE fremd (id INTEGER);", "Tabelle „fremd“, die die Migrationen"),
        ("CREATE INDEX schnell ON club_player (name);", "Index „schnell“"),
        ("ALTER TABLE auth_user ADD COLUMN hinten TEXT;", "Tabelle „auth_user“ ist anders"),
        ("DROP INDEX IF EXISTS club_event_season_id_d9c4f1d8;", None),
        ("DROP TABLE club_game;", "Es fehlt die Tabelle „club_game“"),
    ],
    ids=["view", "table", "index", "column", "index gone", "table gone"],
)
def test_a_backup_with_anything_our_migrations_do_not_build_is_refused(
    saved: Path, sql: str, reason: str | None
) -> None:
    if reason is None:  # an index of ours, whatever its generated name
        with sqlite3.connect(saved) as db:
            name = db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL "
                "AND tbl_name = 'club_game' ORDER BY name LIMIT 1"
            ).fetchone()[0]
        db.close()
        sql, reason = f'DROP INDEX "{name}";', f"Es fehlt der Index „{name}“"
    refused(changed(saved, sql), reason)


def test_a_backup_whose_migrations_list_was_doctored_is_refused(saved: Path) -> None:
    doctored = changed(
        saved, "DELETE FROM django_migrations WHERE app = 'club' AND name LIKE '0015%';"
    )
    refused(doctored, "nicht so aufgebaut|keine, die die Migrationen")


def test_a_refused_backup_is_named_by_its_own_path_not_by_the_checked_copy(saved: Path) -> None:
    changed(saved, MAKE_SUPERUSER)
    with pytest.raises(Exception) as error:
        restore(saved)
    assert str(saved) in str(error.value) and "restore-" not in str(error.value)


def test_an_undamaged_backup_of_ours_is_restored_and_no_copy_is_left(
    saved: Path,
    folder: Path,
    settings: Settings,
) -> None:
    expected = live_fingerprint()
    Player.objects.all().delete()
    out = io.StringIO()
    call_command("restore", str(saved), "--yes", stdout=out)
    assert "Wiederhergestellt" in out.getvalue()
    assert Player.objects.count() == 12
    assert live_fingerprint() == expected
    assert list(Path(settings.DATA_DIR).glob("restore-*")) == []


def test_a_backup_of_an_older_version_is_checked_against_its_own_migrations_and_restored(
    tmp_path: Path,
) -> None:
    """Built by our migrations up to 0015 (the squashed 0001, as a backup taken before an
    update would be): compared with a scratch database migrated to the same state, restored,
    migrated on."""
    connection.ensure_connection()
    applied = backup_schema.applied_migrations(connection.connection)
    older = {(app, name) for app, name in applied if app != "club" or name < "0016"}
    old_backup = tmp_path / "vor-dem-update.sqlite3"
    subprocess.run(
        [sys.executable, "-m", "skatclub.club.backup_schema", str(old_backup)]
        + [json.dumps(sorted(older))],
        env={**os.environ, "DATABASE_URL": f"sqlite:///{old_backup}", "SECRET_KEY": "x"},
        check=True,
        capture_output=True,
    )
    out = io.StringIO()
    call_command("restore", str(old_backup), "--yes", stdout=out)
    assert "Wiederhergestellt" in out.getvalue()
    assert backup_schema.applied_migrations(connection.connection) == applied  # migrated on
