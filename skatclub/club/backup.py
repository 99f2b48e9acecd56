"""Backups of the club's SQLite database, and restoring one.

Owns `backup` (SQLite's online backup API: a consistent copy while the server runs, into a
dated file in the data folder's backups/, keeping the last `KEEP`), `automatic_backup` (the
same before an archive import, a new Serie and `serve`, silent on PostgreSQL), the daily
backup while the server runs (`maybe_start_daily_backup`, asked by a middleware), and
`check_backup`/`restore` (a file is restored only if it is a skatclub database whose applied
migrations this code knows). On PostgreSQL the commands say how to use pg_dump instead.
Reads and writes files in the data folder and the whole database.
"""

from __future__ import annotations

import fcntl
import logging
import re
import sqlite3
import threading
import time
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils.text import slugify

KEEP = 30
SQLITE_HEADER = b"SQLite format 3\x00"
# Tables every skatclub database has, whatever its migration state.
CLUB_TABLES = ("club_event", "club_round", "club_table", "club_game", "django_migrations")
PG_DUMP_HINT = (
    "Die Datenbank ist PostgreSQL: bitte mit pg_dump sichern, z. B.\n"
    '  pg_dump --format=custom --file=skatclub-$(date +%F).dump "$DATABASE_URL"\n'
    'und mit pg_restore --clean --dbname="$DATABASE_URL" DATEI zurückspielen.'
)
logger = logging.getLogger(__name__)


class BackupError(ValueError):
    """A file that is not a restorable skatclub backup; `message` is German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def backup_dir() -> Path:
    return Path(getattr(settings, "SKATCLUB_BACKUP_DIR", settings.DATA_DIR / "backups"))


def is_sqlite() -> bool:
    return connection.vendor == "sqlite"


def backup(*, reason: str = "", keep: int = KEEP) -> Path:
    """A consistent copy of the SQLite database into backups/, dated; the oldest beyond `keep`
    are deleted. Safe while the server runs (other writers wait a moment, none fail)."""
    if not is_sqlite():
        raise BackupError(PG_DUMP_HINT)
    if connection.in_atomic_block:  # SQLite would wait for our own transaction for ever
        raise BackupError("Eine Sicherung lässt sich nicht in einer Transaktion anlegen.")
    folder = backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S-%f")
    label = f"-{slugify(reason)[:40]}" if reason else ""
    target = folder / f"skatclub-{stamp}{label}.sqlite3"
    partial = target.with_suffix(".partial")
    connection.ensure_connection()
    source: Any = connection.connection
    with sqlite3.connect(partial) as copy:
        source.backup(copy, pages=STEP_PAGES, progress=_deadline())
    copy.close()
    partial.rename(target)  # a backup file is always whole
    for old in backups()[keep:]:
        old.unlink(missing_ok=True)
    return target


STEP_PAGES = 4096  # copied per step; writers of the evening get the database in between
TIME_LIMIT = 120.0  # seconds; a backup that cannot get on gives up instead of waiting for ever


def _deadline() -> Any:
    """A progress callback that stops a backup still waiting for a lock after TIME_LIMIT."""
    limit = time.monotonic() + TIME_LIMIT

    def progress(status: int, remaining: int, total: int) -> None:
        if time.monotonic() > limit:
            raise BackupError(
                f"Die Datenbank war {TIME_LIMIT:.0f} s lang gesperrt; bitte später noch einmal."
            )

    return progress


def backups() -> list[Path]:
    """The backups in the folder, newest first."""
    return sorted(backup_dir().glob("skatclub-*.sqlite3"), reverse=True)


def automatic_backup(reason: str, *, stdout: Any = None) -> Path | None:
    """A backup before something big changes; nothing on PostgreSQL (pg_dump is the club's)."""
    if not is_sqlite() or connection.in_atomic_block:
        return None  # inside a caller's transaction (a script, a test) no copy is consistent
    path = backup(reason=reason)
    logger.info("Sicherung %s angelegt (%s).", path, reason)
    if stdout is not None:
        stdout.write(f"Sicherung angelegt: {path}")
    return path


# Every server process looks at the backup folder at most this often (a stat, no query).
DAILY_CHECK_SECONDS = 300.0
_daily_checked_at: float | None = None


def daily_backup_due() -> bool:
    """True when the newest backup is older than SKATCLUB_DAILY_BACKUP_HOURS (0: never)."""
    hours = settings.SKATCLUB_DAILY_BACKUP_HOURS
    if not hours or not is_sqlite():
        return False
    newest = backups()[:1]
    return not newest or time.time() - newest[0].stat().st_mtime >= hours * 3600


def maybe_start_daily_backup() -> threading.Thread | None:
    """While the server runs, once a day: a backup in a thread of its own, so that no request
    waits for it. Cheap on every request (a clock compare); the folder is looked at every
    DAILY_CHECK_SECONDS; of several server processes one takes the backup (a file lock)."""
    global _daily_checked_at
    now = time.monotonic()
    if _daily_checked_at is not None and now - _daily_checked_at < DAILY_CHECK_SECONDS:
        return None
    _daily_checked_at = now
    if not daily_backup_due():
        return None
    thread = threading.Thread(target=_daily_backup, name="skatclub-daily-backup", daemon=True)
    thread.start()
    return thread


def _daily_backup() -> None:
    folder = backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".daily.lock", "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # another server process is taking it
        try:
            if daily_backup_due():  # not taken by another process a moment ago
                path = backup(reason="täglich")
                logger.info("Tägliche Sicherung %s angelegt.", path)
        except BackupError as error:
            logger.warning("Tägliche Sicherung nicht angelegt: %s", error.message)
        finally:
            connection.close()  # this thread's own connection


def check_backup(path: Path) -> list[tuple[str, str]]:
    """The applied migrations of a skatclub backup; BackupError if it is none we can restore."""
    try:
        with open(path, "rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise BackupError(f"Die Datei {path} kann nicht gelesen werden: {error}") from None
    if header != SQLITE_HEADER:
        raise BackupError(f"{path} ist keine SQLite-Datenbank und damit keine Sicherung.")
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
            missing = [t for t in CLUB_TABLES if t not in tables]
            if missing:
                raise BackupError(f"{path} ist keine skatclub-Datenbank (es fehlt {missing[0]}).")
            applied = [(a, n) for a, n in db.execute("SELECT app, name FROM django_migrations")]
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} ist beschädigt oder keine Datenbank ({error}).") from None
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    unknown = sorted(set(applied) - known)
    if unknown:
        app, name = unknown[0]
        raise BackupError(
            f"{path} stammt von einer neueren skatclub-Version (Migration {app}.{name} ist "
            "hier unbekannt); bitte erst skatclub aktualisieren."
        )
    return applied


def restore(path: Path) -> Path:
    """Replace the database's content with the backup at `path` (after a backup of the
    current state, whose path is returned). Other connections see the restored data."""
    if not is_sqlite():
        raise BackupError(PG_DUMP_HINT)
    if connection.in_atomic_block:  # SQLite would wait for our own transaction for ever
        raise BackupError(
            "Eine Sicherung lässt sich nicht mitten in einer Transaktion zurückspielen."
        )
    check_backup(path)
    before = backup(reason="vor-wiederherstellung")
    connection.ensure_connection()
    target: Any = connection.connection
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
        source.backup(target, pages=STEP_PAGES, progress=_deadline())
    source.close()
    return before


def backup_name_date(path: Path) -> str:
    """ "2026-11-20 19:30" from a backup's file name, for listings."""
    match = re.search(r"(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})", path.name)
    return f"{match[1]} {match[2]}:{match[3]}" if match else path.name
