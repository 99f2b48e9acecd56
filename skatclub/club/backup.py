"""Backups of the club's SQLite database, and restoring one.

Owns `backup` (SQLite's online backup API: a consistent copy while the server runs, into a
dated file in the data folder's backups/), `automatic_backup` (the same before a risky step:
an archive or spreadsheet import, a new Serie, a draw in advance, a restore, `serve`; silent
on PostgreSQL), the daily backup while the server runs (`maybe_start_daily_backup`, asked by a
middleware), and `check_backup`/`restore` (a file is restored only if it is a whole, undamaged
skatclub database built by our migrations and nothing else, see `backup_schema`). On
PostgreSQL the commands say how to use pg_dump instead.

Three kinds of backup, each in a folder of its own under backups/, so that many of one kind
never push out another: `vor-aenderungen/` (before a risky step; the newest
SKATCLUB_BACKUP_KEEP stay), `taeglich/` (the daily one; kept SKATCLUB_BACKUP_DAYS days) and
`von-hand/` (`manage.py backup`; its --keep). No backup is started when the disk would be left
with less than twice the database plus SKATCLUB_BACKUP_FREE_MB: a risky step is then refused,
the daily backup is skipped with a warning in the log. Files are 0600, folders 0700.
Reads and writes files in the data folder and the whole database.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.utils.text import slugify

from skatclub.club import backup_schema, migration_history
from skatclub.datafolder import FILE_MODE, private_file, private_folder

KEEP = 30  # `manage.py backup --keep`'s default
BEFORE_CHANGES, DAILY, BY_HAND = "vor-aenderungen", "taeglich", "von-hand"
KINDS = (BEFORE_CHANGES, DAILY, BY_HAND)
PATTERN = "skatclub-*.sqlite3"
MIN_DAILY = 3  # daily backups kept whatever their age (after months without a club evening)
MB = 1024 * 1024
SQLITE_HEADER = b"SQLite format 3\x00"
PG_DUMP_HINT = (
    "Die Datenbank ist PostgreSQL: bitte mit pg_dump sichern, z. B.\n"
    '  pg_dump --format=custom --file=skatclub-$(date +%F).dump "$DATABASE_URL"\n'
    'und mit pg_restore --clean --dbname="$DATABASE_URL" DATEI zurückspielen.'
)
logger = logging.getLogger(__name__)


class BackupError(ValueError):
    """A backup that cannot be taken, or a file that is not a restorable skatclub backup;
    `message` is German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def backup_dir() -> Path:
    return Path(getattr(settings, "SKATCLUB_BACKUP_DIR", settings.DATA_DIR / "backups"))


def is_sqlite() -> bool:
    return connection.vendor == "sqlite"


def backup(*, reason: str = "", kind: str = BY_HAND, keep: int | None = None) -> Path:
    """A consistent copy of the SQLite database into backups/`kind`/, dated; then the kind's
    old ones are pruned (see the module). Safe while the server runs (other writers wait a
    moment, none fail). BackupError when the disk has too little room left."""
    if not is_sqlite():
        raise BackupError(PG_DUMP_HINT)
    if connection.in_atomic_block:  # SQLite would wait for our own transaction for ever
        raise BackupError("Eine Sicherung lässt sich nicht in einer Transaktion anlegen.")
    private_folder(backup_dir())
    folder = private_folder(backup_dir() / kind)
    check_free_space(folder)
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S-%f")
    label = f"-{slugify(reason)[:40]}" if reason else ""
    target = folder / f"skatclub-{stamp}{label}.sqlite3"
    partial = private_file(target.with_suffix(".partial"))  # 0600 before a byte is in it
    try:
        connection.ensure_connection()
        source: Any = connection.connection
        with sqlite3.connect(partial) as copy:
            source.backup(copy, pages=STEP_PAGES, progress=_deadline())
        copy.close()
        partial.rename(target)  # a backup file is always whole
    finally:
        partial.unlink(missing_ok=True)
    prune(kind, keep)
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


def database_bytes() -> int:
    """The database's size as a backup of it will be (its pages, the WAL's included)."""
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA page_count")
        pages = cursor.fetchone()[0]
        cursor.execute("PRAGMA page_size")
        return int(pages) * int(cursor.fetchone()[0])


def check_free_space(folder: Path) -> None:
    """BackupError unless the disk of `folder` has room for the backup and then still for the
    database to grow (twice its size) plus SKATCLUB_BACKUP_FREE_MB: a full disk stops the
    evening's saves, which is worse than a missing backup."""
    size = database_bytes()
    reserve = settings.SKATCLUB_BACKUP_FREE_MB * MB
    free = shutil.disk_usage(folder).free
    if free < 2 * size + reserve:
        raise BackupError(
            f"Zu wenig Platz für eine Sicherung: auf dem Datenträger von {folder} sind "
            f"{free // MB} MB frei, nötig sind {(2 * size + reserve) // MB} MB (zweimal die "
            f"Datenbank mit {size // MB} MB und {reserve // MB} MB Reserve, "
            "SKATCLUB_BACKUP_FREE_MB). Bitte Platz schaffen, z. B. alte Sicherungen außer "
            "Haus kopieren und hier löschen."
        )


def backups(kind: str | None = None) -> list[Path]:
    """The backups of `kind` (None: all), newest first. A backup of an older version, which
    lay in backups/ itself, counts by its name: "-taglich" daily, "-von-hand" by hand."""
    folder = backup_dir()
    kinds = KINDS if kind is None else (kind,)
    found = [path for k in kinds for path in (folder / k).glob(PATTERN)]
    found += [path for path in folder.glob(PATTERN) if kind is None or _old_kind(path) == kind]
    return sorted(found, key=lambda path: path.name, reverse=True)


def _old_kind(path: Path) -> str:
    if path.name.endswith("-taglich.sqlite3"):
        return DAILY
    return BY_HAND if path.name.endswith("-von-hand.sqlite3") else BEFORE_CHANGES


def prune(kind: str, keep: int | None = None) -> None:
    """Delete the kind's old backups: daily ones older than SKATCLUB_BACKUP_DAYS days (the
    newest MIN_DAILY stay), the others beyond the newest `keep` (before a risky step:
    SKATCLUB_BACKUP_KEEP; by hand: only when `keep` is given)."""
    found = backups(kind)
    for path in found:
        if path.stat().st_mode & 0o077:
            path.chmod(FILE_MODE)  # one of an older version, made 0644
    if kind == DAILY:
        oldest = time.time() - settings.SKATCLUB_BACKUP_DAYS * 86400
        old = [path for path in found[MIN_DAILY:] if path.stat().st_mtime < oldest]
    elif kind == BEFORE_CHANGES:
        old = found[max(1, keep or settings.SKATCLUB_BACKUP_KEEP) :]
    else:
        old = found[max(1, keep) :] if keep is not None else []
    for path in old:
        path.unlink(missing_ok=True)


def automatic_backup(reason: str, *, stdout: Any = None) -> Path | None:
    """A backup before a risky step; nothing on PostgreSQL (pg_dump is the club's).
    BackupError when it cannot be taken (the disk too full): the step should not go on."""
    if not is_sqlite() or connection.in_atomic_block:
        return None  # inside a caller's transaction (a script, a test) no copy is consistent
    path = backup(reason=reason, kind=BEFORE_CHANGES)
    logger.info("Sicherung %s angelegt (%s).", path, reason)
    if stdout is not None:
        stdout.write(f"Sicherung angelegt: {path}")
    return path


# Every server process looks at the backup folder at most this often (a stat, no query).
DAILY_CHECK_SECONDS = 300.0
_daily_checked_at: float | None = None


def daily_backup_due() -> bool:
    """True when the newest daily backup is older than SKATCLUB_DAILY_BACKUP_HOURS (0: never);
    a backup before a risky step does not count (those are pruned by number, not age)."""
    hours = settings.SKATCLUB_DAILY_BACKUP_HOURS
    if not hours or not is_sqlite():
        return False
    newest = backups(DAILY)[:1]
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
    thread = threading.Thread(target=daily_backup, name="skatclub-daily-backup", daemon=True)
    thread.start()
    return thread


def daily_backup() -> None:
    """The day's backup if it is due and no other process is taking it (a file lock)."""
    folder = private_folder(backup_dir())
    with open(private_file(folder / ".daily.lock"), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return  # another server process is taking it
        try:
            if daily_backup_due():  # not taken by another process a moment ago
                path = backup(reason="täglich", kind=DAILY)
                logger.info("Tägliche Sicherung %s angelegt.", path)
        except BackupError as error:
            logger.warning("Tägliche Sicherung nicht angelegt: %s", error.message)
        finally:
            connection.close()  # this thread's own connection


def check_backup(path: Path) -> list[tuple[str, str]]:
    """The applied migrations of a restorable skatclub backup; BackupError (German) for a file
    that is no SQLite database, is damaged (PRAGMA integrity_check), comes from a newer version,
    or whose schema is not the one our migrations build at its state: a trigger, a view or
    any other object of somebody else's making is refused."""
    try:
        with open(path, "rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except OSError as error:
        raise BackupError(f"Die Datei {path} kann nicht gelesen werden: {error}") from None
    if header != SQLITE_HEADER:
        raise BackupError(f"{path} ist keine SQLite-Datenbank und damit keine Sicherung.")
    db = _open_untrusted(path)
    try:
        _check_whole(path, db)
        applied = _check_migrations(path, db)
        _check_schema(path, db, applied)
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{path} ist beschädigt oder keine Datenbank ({error}).") from None
    finally:
        db.close()
    return sorted(applied)


def _open_untrusted(path: Path) -> sqlite3.Connection:
    """A read-only connection to a file from elsewhere: nothing in its schema may run code
    (trusted_schema off), a damaged page is an error, not a crash (cell_size_check)."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    db.execute("PRAGMA trusted_schema = OFF")
    db.execute("PRAGMA cell_size_check = ON")
    db.execute("PRAGMA mmap_size = 0")
    return db


def _check_whole(path: Path, db: sqlite3.Connection) -> None:
    problems = [row[0] for row in db.execute("PRAGMA integrity_check(5)")]
    if problems != ["ok"]:
        raise BackupError(
            f"{path} ist beschädigt (PRAGMA integrity_check: {problems[0]}); sie wird nicht "
            "zurückgespielt. Bitte eine andere Sicherung nehmen."
        )


def _check_migrations(path: Path, db: sqlite3.Connection) -> set[tuple[str, str]]:
    tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    if "django_migrations" not in tables or "club_event" not in tables:
        missing = "django_migrations" if "django_migrations" not in tables else "club_event"
        raise BackupError(f"{path} ist keine skatclub-Datenbank (es fehlt {missing}).")
    applied = backup_schema.applied_migrations(db)
    too_old = migration_history.unreachable(applied)
    if too_old is not None:
        raise BackupError(f"{path} wird nicht zurückgespielt. {too_old}")
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    unknown = sorted(applied - known - migration_history.replaced())
    if unknown:
        app, name = unknown[0]
        raise BackupError(
            f"{path} stammt von einer neueren skatclub-Version (Migration {app}.{name} ist "
            "hier unbekannt); bitte erst skatclub aktualisieren."
        )
    return applied


def _check_schema(path: Path, db: sqlite3.Connection, applied: set[tuple[str, str]]) -> None:
    try:
        expected = _reference_schema(applied)
    except backup_schema.SchemaError as error:
        raise BackupError(f"{path} wird nicht zurückgespielt: {error.message}") from None
    problems = backup_schema.differences(backup_schema.schema_of(db), expected)
    if problems:
        more = f" (und {len(problems) - 1} weitere Abweichungen)" if len(problems) > 1 else ""
        raise BackupError(
            f"{path} ist nicht so aufgebaut, wie die Migrationen von skatclub eine Datenbank "
            f"anlegen, und wird nicht zurückgespielt: {problems[0]}{more}"
        )


def _reference_schema(applied: set[tuple[str, str]]) -> backup_schema.Schema:
    """The schema our migrations build at `applied`: the live database's when it is at that
    state (a backup of this installation: no migrations to run), else a scratch database's."""
    connection.ensure_connection()
    live: Any = connection.connection
    try:
        if backup_schema.applied_migrations(live) == applied:
            return backup_schema.schema_of(live)
    except sqlite3.DatabaseError:
        pass  # a database not migrated yet (a restore onto a new laptop)
    return backup_schema.migrated_schema(applied)


def restore(path: Path, confirm: Callable[[list[tuple[str, str]]], bool] | None = None) -> Path:
    """Replace the database's content with the backup at `path` (after a backup of the
    current state, whose path is returned). Other connections see the restored data.
    `confirm` is asked with the checked backup's migrations; False: nothing is changed.

    The file is copied into the data folder first and that copy is checked and restored, so
    what is restored is what was checked (the file may lie on a stick or a shared folder).
    A refused file leaves the live database as it was."""
    if not is_sqlite():
        raise BackupError(PG_DUMP_HINT)
    with _private_copy(path) as copy:
        try:
            applied = check_backup(copy)
        except BackupError as error:
            raise BackupError(error.message.replace(str(copy), str(path))) from None
        if connection.in_atomic_block:  # SQLite would wait for our own transaction for ever
            raise BackupError(
                "Eine Sicherung lässt sich nicht mitten in einer Transaktion zurückspielen."
            )
        if confirm is not None and not confirm(applied):
            raise BackupError("Abgebrochen; nichts wurde geändert.")
        before = backup(reason="vor-wiederherstellung", kind=BEFORE_CHANGES)
        connection.ensure_connection()
        target: Any = connection.connection
        with sqlite3.connect(f"file:{copy}?mode=ro", uri=True) as source:
            source.backup(target, pages=STEP_PAGES, progress=_deadline())
        source.close()
    # The pages' ETags and cache keys name versions, which go back with the data: the next
    # changes would reach the versions of a cached later state and show its pages.
    cache.clear()
    return before


@contextlib.contextmanager
def _private_copy(path: Path) -> Iterator[Path]:
    """A copy of `path` in the data folder (0600), removed afterwards."""
    folder = Path(settings.DATA_DIR)
    copy = folder / f"restore-{os.getpid()}-{time.time_ns()}.sqlite3"
    try:
        with open(path, "rb") as source, open(private_file(copy), "wb") as target:
            shutil.copyfileobj(source, target, 1024 * 1024)
    except OSError as error:
        copy.unlink(missing_ok=True)
        raise BackupError(f"Die Datei {path} kann nicht gelesen werden: {error}") from None
    try:
        yield copy
    finally:
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
