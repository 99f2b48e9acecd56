"""What a restorable backup may contain: exactly the tables, columns, indexes and foreign keys
our migrations create, and nothing else (no trigger, no view, no virtual table).

A backup with a trigger that makes every new login a superuser is a whole, undamaged SQLite
database with every skatclub table; only its schema tells. `schema_of` describes a database's
schema as SQLite reports it (pragma tables: column names, types, NOT NULL, defaults, keys,
generated columns; index columns and uniqueness; foreign keys with their actions), not as
text, so that the same migrations run by another Django or SQLite version compare equal.
`differences` lists in German what a backup has that the reference has not, and the other
way round. The reference is a database our migrations built at the backup's migration state:
the live database when it is at that state (a backup of this installation), otherwise a
scratch database migrated in a child process (`migrated_schema`), so that no data migration
can reach the live database.

Run as `python -m skatclub.club.backup_schema FILE MIGRATIONS_JSON` (the child process):
migrates the empty SQLite database FILE to exactly those migrations.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

Migration = tuple[str, str]
Schema = dict[tuple[str, str], Any]  # (type, name) -> what SQLite says about it

TYPE_NAMES = {"table": "die Tabelle", "index": "der Index", "view": "die Sicht (VIEW)"}
EXTRA = {  # "Sie enthält …": the accusative and its relative pronoun
    "table": "die Tabelle „{}“, die",
    "index": "den Index „{}“, den",
    "view": "die Sicht (VIEW) „{}“, die",
}
# Made by SQLite itself: the AUTOINCREMENT counters and the statistics of ANALYZE.
SQLITE_OWN = {"sqlite_sequence", "sqlite_stat1", "sqlite_stat2", "sqlite_stat3", "sqlite_stat4"}


class SchemaError(ValueError):
    """The migrations of a backup cannot be rebuilt; `message` is German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def schema_of(db: Any) -> Schema:
    """Every object of the database's schema (`db`: a DB-API connection to SQLite)."""
    objects = db.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall()
    schema: Schema = {}
    for kind, name, table, sql in objects:
        if kind == "table" and name in SQLITE_OWN:
            continue  # contents of SQLite's own making; no code of ours runs from them
        if kind == "table":
            schema[kind, name] = _table(db, name, sql or "")
        elif kind == "index":
            schema[kind, name] = _index(db, name, table, sql)
        else:  # trigger, view: refused whatever they are, described by their text
            schema[kind, name] = (table, sql)
    return schema


def _table(db: Any, name: str, sql: str) -> Any:
    if sql.lstrip().upper().startswith("CREATE VIRTUAL"):
        return ("virtual", sql)  # runs a module's code on every read: never one of ours
    columns = db.execute(
        'SELECT name, upper(type), "notnull", dflt_value, pk, hidden '
        "FROM pragma_table_xinfo(?) ORDER BY name",
        [name],
    ).fetchall()
    keys = db.execute(
        'SELECT "table", "from", "to", on_update, on_delete, "match" '
        "FROM pragma_foreign_key_list(?) ORDER BY 1, 2, 3",
        [name],
    ).fetchall()
    return ("columns", tuple(columns), "foreign keys", tuple(keys))


def _index(db: Any, name: str, table: str, sql: str | None) -> Any:
    flags = db.execute(
        'SELECT "unique", origin, partial FROM pragma_index_list(?) WHERE name = ?',
        [table, name],
    ).fetchone()
    columns = db.execute(
        "SELECT name, desc, coll, key FROM pragma_index_xinfo(?) ORDER BY seqno", [name]
    ).fetchall()
    where = " ".join(sql.split()) if flags and flags[2] and sql else ""  # a partial index's
    return ("on", table, "flags", flags and tuple(flags), "columns", tuple(columns), where)


def differences(found: Schema, expected: Schema) -> list[str]:
    """German lines, one per object that is extra, missing or built differently; the most
    dangerous first (triggers, views, virtual tables)."""
    lines = []
    for kind, name in sorted(found, key=_danger_first):
        if kind == "trigger":
            lines.append(
                f"Sie enthält den Trigger „{name}“; skatclub legt keine Trigger an (einer "
                "könnte z. B. jede neue Anmeldung zum Administrator machen)."
            )
        elif kind not in TYPE_NAMES:
            lines.append(f"Sie enthält ein Objekt der Art „{kind}“ („{name}“).")
        elif found[kind, name][:1] == ("virtual",):
            lines.append(f"Sie enthält die virtuelle Tabelle „{name}“.")
        elif (kind, name) not in expected:
            extra = EXTRA[kind].format(name)
            lines.append(f"Sie enthält {extra} die Migrationen von skatclub nicht anlegen.")
        elif found[kind, name] != expected[kind, name]:
            lines.append(
                f"{TYPE_NAMES[kind][0].upper()}{TYPE_NAMES[kind][1:]} „{name}“ ist anders "
                "aufgebaut, als die Migrationen von skatclub sie anlegen."
            )
    missing = sorted(set(expected) - set(found), key=lambda key: (key[0] != "table", key))
    lines += [f"Es fehlt {TYPE_NAMES.get(k, k)} „{n}“." for k, n in missing]
    return lines


def _danger_first(key: tuple[str, str]) -> tuple[int, str, str]:
    kind, name = key
    return (0 if kind not in ("table", "index") else 1, kind, name)


def applied_migrations(db: Any) -> set[Migration]:
    return {(app, name) for app, name in db.execute("SELECT app, name FROM django_migrations")}


def migrated_schema(applied: Iterable[Migration]) -> Schema:
    """The schema our migrations build at exactly `applied`, in a scratch database that a
    child process migrates (its data migrations see only the scratch database)."""
    with tempfile.TemporaryDirectory(prefix="skatclub-schema-") as folder:
        scratch = Path(folder) / "reference.sqlite3"
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env |= {
            "DATABASE_URL": f"sqlite:///{scratch}",
            "SKATCLUB_DATA": folder,
            "SECRET_KEY": "only-for-building-a-reference-schema",
            "DJANGO_SETTINGS_MODULE": os.environ.get("DJANGO_SETTINGS_MODULE", "skatclub.settings"),
        }
        done = subprocess.run(
            [sys.executable, "-m", __name__, str(scratch), json.dumps(sorted(applied))],
            env=env,
            cwd=Path(__file__).resolve().parents[2],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            lines = (done.stdout.strip() or done.stderr.strip() or "?").splitlines()
            raise SchemaError(lines[-1])
        db = sqlite3.connect(scratch)
        try:
            return schema_of(db)
        finally:
            db.close()


def _migrate_scratch(path: str, wanted: set[Migration]) -> None:
    """In the child process: migrate the scratch database (the default one) to `wanted`."""
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    django.setup()
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    from skatclub.club.migration_history import in_squashed_terms, replaced

    # Only ever an empty scratch file: run against a real database, the plan below could
    # migrate it backwards.
    if connection.settings_dict["NAME"] != path or connection.introspection.table_names():
        print("Die Vergleichsdatenbank ist nicht leer.")
        raise SystemExit(4)
    # A backup from before a squash names the replaced migrations: in today's names, the
    # squashed one. Replaced names left over (only some of a set) are built as nothing, so
    # that such a list differs from what was built below.
    wanted = in_squashed_terms(wanted)
    buildable = wanted - replaced()
    executor = MigrationExecutor(connection)
    graph = executor.loader.graph
    unknown = sorted(buildable - set(graph.nodes))
    if unknown:
        print(f"Die Migration {'.'.join(unknown[0])} ist hier unbekannt.")
        raise SystemExit(2)
    needed = {node: set(graph.forwards_plan(node)) - {node} for node in buildable}
    covered = set().union(*needed.values()) if needed else set()
    executor.migrate([node for node in sorted(buildable) if node not in covered])
    built = in_squashed_terms(executor.recorder.applied_migrations())
    if built != wanted:
        print(
            "Ihre Liste der ausgeführten Migrationen (django_migrations) ist keine, die die "
            "Migrationen von skatclub ergeben können."
        )
        raise SystemExit(3)


if __name__ == "__main__":
    _migrate_scratch(sys.argv[1], {(a, n) for a, n in json.loads(sys.argv[2])})
