"""Writing a long import beside the evening on SQLite: into a copy, then moved in at once.

SQLite lets one writer at a time hold the database. A 500,000-game archive written in one
transaction held every save of the evening for half a minute; saves waited past the busy
timeout and failed. So on SQLite an import is written into a staging copy of the database (a
file in the data folder, taken with SQLite's online backup API, which blocks nobody), and then
moved into the live database in one short transaction: every row the import added, its id
shifted past whatever the evening added meanwhile, and every reference to such a row shifted
with it. Until that transaction commits nothing of the import is visible; if anything fails,
the live database is untouched and the staging file is deleted. All or nothing still holds.

PostgreSQL needs none of this: rows one transaction inserts block nobody else's writes.

While staging is active (a context variable, so only the importing request or command is
affected) `StagingRouter` sends every ORM query to the staging connection.
"""

from __future__ import annotations

import contextvars
import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import Model
from django.db.utils import load_backend

from skatclub.datafolder import private_file

logger = logging.getLogger(__name__)

ALIAS = "import_staging"
STALE_SECONDS = 24 * 3600  # a staging file this old belongs to an import that was killed
_active: contextvars.ContextVar[str | None] = contextvars.ContextVar("staging", default=None)


class StagingRouter:
    """Every ORM query to the staging copy while an import writes there; else the default."""

    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        return _active.get()

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        return _active.get()


def alias() -> str:
    """The database the import writes to now (raw cursors need it; the ORM has the router)."""
    return _active.get() or DEFAULT_DB_ALIAS


def wanted() -> bool:
    """Staging pays off on SQLite outside a caller's transaction (a test or a script that
    wraps the import in its own transaction gets the direct write, as before)."""
    return connection.vendor == "sqlite" and not connection.in_atomic_block


class Stage:
    """A staging copy of the live database: `write` into it, then `merge` it in."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.bases: dict[str, int] = {}
        self.connected = False

    def write(self, writer: Callable[[], Any]) -> Any:
        """Run `writer` with every query going to the staging copy."""
        token = _active.set(ALIAS)
        try:
            return writer()
        finally:
            _active.reset(token)

    def merge(self, before: Callable[[], None] = lambda: None) -> None:
        """Move the rows the import added into the live database, in one transaction.

        `before` runs first in that transaction, on the live database: what the import changes
        in rows that existed already (a player's name, the club's name, replaced events).
        """
        connections[ALIAS].close()
        started = time.monotonic()
        with connection.cursor() as cursor:
            cursor.execute("ATTACH DATABASE %s AS staged", [str(self.path)])
            try:
                with transaction.atomic(using=DEFAULT_DB_ALIAS):
                    before()
                    cursor.execute("SELECT name, seq FROM main.sqlite_sequence")
                    live = dict(cursor.fetchall())
                    offsets = {t: live.get(t, 0) - base for t, base in self.bases.items()}
                    for model in staged_models():
                        cursor.execute(copy_sql(model, self.bases, offsets))
            finally:
                cursor.execute("DETACH DATABASE staged")
        logger.info("Import übernommen in %.2f s.", time.monotonic() - started)


@contextmanager
def stage() -> Iterator[Stage]:
    """A staging copy of the live database, removed again afterwards whatever happens."""
    folder = Path(settings.DATA_DIR)
    folder.mkdir(parents=True, exist_ok=True)
    _remove_stale(folder)
    path = folder / f"import-staging-{os.getpid()}-{time.time_ns()}.sqlite3"
    staging = Stage(path)
    try:
        _clone(path)
        staging.bases = _sequences(path)
        connections[ALIAS] = _connection(path)
        staging.connected = True
        yield staging
    finally:
        if staging.connected:
            connections[ALIAS].close()
            del connections[ALIAS]
        for suffix in ("", "-journal", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def _clone(path: Path) -> None:
    connection.ensure_connection()
    source: Any = connection.connection
    with sqlite3.connect(private_file(path)) as copy:  # 0600: it holds the whole database
        source.backup(copy, pages=4096)
    copy.close()


def _sequences(path: Path) -> dict[str, int]:
    """The last id given out per table in the copy: the import's own rows come after it."""
    with sqlite3.connect(path) as db:
        known = dict(db.execute("SELECT name, seq FROM sqlite_sequence").fetchall())
    db.close()
    return {m._meta.db_table: int(known.get(m._meta.db_table, 0)) for m in staged_models()}


def _connection(path: Path) -> Any:
    """The staging copy as a connection of this thread only (not in the settings: nothing
    else, not even the test runner, will look for it); no journal to speak of, it is thrown
    away after the import."""
    settings_dict = {
        **connections.settings[DEFAULT_DB_ALIAS],
        "NAME": str(path),
        "CONN_MAX_AGE": 0,
        "OPTIONS": {
            "timeout": 5,
            "init_command": "PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF;",
        },
    }
    return load_backend(settings_dict["ENGINE"]).DatabaseWrapper(settings_dict, ALIAS)


def _remove_stale(folder: Path) -> None:
    for old in folder.glob("import-staging-*.sqlite3*"):
        if time.time() - old.stat().st_mtime > STALE_SECONDS:
            old.unlink(missing_ok=True)


def staged_models() -> list[type[Model]]:
    """The club's tables (with many-to-many tables): everything an import may add rows to."""
    return [
        m
        for m in apps.get_app_config("club").get_models(include_auto_created=True)
        if m._meta.managed and not m._meta.proxy
    ]


def copy_sql(model: type[Model], bases: dict[str, int], offsets: dict[str, int]) -> str:
    """INSERT … SELECT of the rows the import added to `model`'s table, ids shifted.

    A reference to a row the import added is shifted by that table's offset; a reference to
    a row that was there before (a known player, a user) stays as it is. Offsets are plain
    integers read in the same transaction, so the statement holds no user input.
    """
    quote = connection.ops.quote_name
    table = model._meta.db_table
    columns, values = [], []
    for field in model._meta.local_concrete_fields:
        column = quote(str(field.column))
        columns.append(column)
        if field.primary_key:
            values.append(f"{column} + {int(offsets[table])}")
            continue
        target = _referenced_table(field)
        if target is None:
            values.append(column)
        else:
            base, offset = int(bases[target]), int(offsets[target])
            values.append(f"CASE WHEN {column} > {base} THEN {column} + {offset} ELSE {column} END")
    return (
        f"INSERT INTO main.{quote(table)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values)} FROM staged.{quote(table)} "
        f"WHERE {quote(str(model._meta.pk.column))} > {int(bases[table])}"
    )


def _referenced_table(field: Any) -> str | None:
    """The staged table a foreign key points to by id, or None (no key, or outside the club)."""
    remote = getattr(field, "remote_field", None)
    if remote is None or not getattr(field, "many_to_one", False) and not field.one_to_one:
        return None
    target = field.target_field
    if not target.primary_key or target.model._meta.app_label != "club":
        return None
    return str(target.model._meta.db_table)
