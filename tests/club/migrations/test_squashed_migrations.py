"""The club app's migrations squashed for 1.0: a database made by main 074cb60 migrates to them
with its data intact and ends with the schema a fresh database gets, on SQLite and on
PostgreSQL (whichever the suite runs on); an old SQLite backup is still restored.

`0001_squashed_1_0` replaces 0001_initial … 0015_leagues: the migrations that every database
of main 074cb60 or later has applied. 0016 and 0017 follow it as migrations of their own, since
a 074cb60 database still needs their data migrations (groups become roles, waiting spreadsheet
rows become files). A database with only some of the replaced migrations is refused in German
(`migration_history`).

The old databases in data/ were made by 074cb60's own code (data/README.md). What they hold is
read with plain SQL before `manage.py migrate` runs on them in a process of its own, as after
an update on a club's laptop; every row of every table must come out as it went in.

The next squash before a release: `tools/squash_migrations.py` (its docstring has the steps).
This module then gets a database of the release left behind, made by that release's code.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.loader import MigrationLoader

from skatclub.club.backup import check_backup
from skatclub.club.migration_history import unreachable

ROOT = Path(__file__).resolve().parents[3]
DATA = Path(__file__).resolve().parent / "data"
SQUASHED = ("club", "0001_squashed_1_0")
OLD_HEAD = ("club", "0015_leagues")
STANDINGS = json.loads((DATA / "standings-074cb60.json").read_text())
# Read for every row, compared after migrating; rows of their own making may be added there.
GROWS = {"auth_permission", "django_content_type"}
SKIPPED = {"django_migrations", "sqlite_sequence"}
Rows = dict[str, tuple[list[str], list[tuple[Any, ...]]]]


@dataclass
class OldDatabase:
    url: str  # DATABASE_URL for `manage.py`
    folder: Path  # its SKATCLUB_DATA
    sqlite_path: Path | None  # None: on PostgreSQL
    pg_name: str = ""

    def open(self) -> Any:
        """A DB-API connection to it, outside Django."""
        if self.sqlite_path is not None:
            return sqlite3.connect(self.sqlite_path)
        import psycopg

        return psycopg.connect(**_pg_params(), dbname=self.pg_name, autocommit=True)


@dataclass
class Migrated:
    old: OldDatabase
    applied_before: set[tuple[str, str]]
    before: Rows
    after: Rows
    waiting_rows: bytes  # the rows of the waiting spreadsheet import, in the database before
    output: str
    seconds: float


def _pg_params() -> dict[str, Any]:
    given = connection.settings_dict
    params = {"host": given["HOST"], "port": given["PORT"], "user": given["USER"]}
    return {k: v for k, v in (params | {"password": given["PASSWORD"]}).items() if v}


def _pg_url(name: str) -> str:
    given = connection.settings_dict
    password = f":{given['PASSWORD']}" if given["PASSWORD"] else ""
    port = f":{given['PORT']}" if given["PORT"] else ""
    return f"postgres://{given['USER']}{password}@{given['HOST'] or 'localhost'}{port}/{name}"


@pytest.fixture(scope="module")
def old_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[OldDatabase]:
    """A fresh copy of the stored 074cb60 database of the suite's kind."""
    folder = tmp_path_factory.mktemp("old-074cb60")
    if connection.vendor == "sqlite":
        path = folder / "skatclub.sqlite3"
        with gzip.open(DATA / "skatclub-074cb60.sqlite3.gz") as packed, open(path, "wb") as out:
            shutil.copyfileobj(packed, out)
        yield OldDatabase(f"sqlite:///{path}", folder, path)
        return
    import psycopg

    name = f"{connection.settings_dict['NAME']}_074cb60"[:63]
    with psycopg.connect(**_pg_params(), dbname="postgres", autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}"')
        server.execute(f'CREATE DATABASE "{name}"')
    old = OldDatabase(_pg_url(name), folder, None, name)
    with old.open() as loading:  # one SQL script (pg_dump --inserts); its SETs end with it
        loading.execute(gzip.decompress((DATA / "skatclub-074cb60.postgresql.sql.gz").read_bytes()))
    yield old
    with psycopg.connect(**_pg_params(), dbname="postgres", autocommit=True) as server:
        server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(old: OldDatabase, *args: str) -> str:
    """`manage.py ARGS` on the old database, in a process of its own; its output."""
    return run_on(old, "manage.py", *args)


def run_on(old: OldDatabase, *argv: str) -> str:
    """`python ARGV` with the old database as the default one; its output."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SKATCLUB_DATA"}}
    env |= {"DATABASE_URL": old.url, "SKATCLUB_DATA": str(old.folder)}
    env.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    done = subprocess.run(
        [sys.executable, *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def tables(db: Any) -> list[str]:
    if isinstance(db, sqlite3.Connection):
        query = "SELECT name FROM sqlite_master WHERE type = 'table'"
    else:
        query = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    return sorted(r[0] for r in db.execute(query).fetchall() if r[0] not in SKIPPED)


def columns(db: Any, table: str) -> list[str]:
    return [d[0] for d in db.execute(f'SELECT * FROM "{table}" WHERE 1 = 0').description]


# 0018 (one name per concept) renamed two tables and a column; their rows stay the same.
RENAMED_TABLES = {
    "club_sheetimport": "club_spreadsheetimport",
    "club_sheetmapping": "club_spreadsheetmapping",
}
RENAMED_COLUMNS = {("club_prizeplan", "serien"): "rounds"}
RENAMED_MODELS = {"sheetimport": "spreadsheetimport", "sheetmapping": "spreadsheetmapping"}


def rows(db: Any, only: Rows | None = None) -> Rows:
    """Every row of every table (of the tables and columns in `only`, when given, read under
    their names of today and kept under the old ones, so that before and after compare)."""
    found: Rows = {}
    for table in tables(db) if only is None else list(only):
        now = table if only is None else RENAMED_TABLES.get(table, table)
        names = columns(db, now)
        if only is not None:
            wanted = [(n, RENAMED_COLUMNS.get((table, n), n)) for n in only[table][0]]
            kept = [(old, new) for old, new in wanted if new in names]
            names = [old for old, _ in kept]
            quoted = ", ".join(f'"{new}"' for _, new in kept)
        else:
            quoted = ", ".join(f'"{n}"' for n in names)
        result = db.execute(f'SELECT {quoted} FROM "{now}" ORDER BY 1').fetchall()
        found[table] = (names, [tuple(r) for r in result])
    return found


def waiting_rows(db: Any) -> bytes:
    (content,) = db.execute(
        "SELECT content FROM club_sheetimport WHERE status = 'uploaded'"
    ).fetchone()
    return bytes(content)


@pytest.fixture(scope="module")
def migrated(old_database: OldDatabase) -> Migrated:
    """The old database read, migrated by today's code (`manage.py migrate`), read again."""
    with old_database.open() as db:
        history = applied(db)
        before = rows(db)
        waiting = waiting_rows(db)
    start = time.perf_counter()
    output = manage(old_database, "migrate", "--no-input")
    seconds = time.perf_counter() - start
    with old_database.open() as db:
        after = rows(db, only=before)
    return Migrated(old_database, history, before, after, waiting, output, seconds)


def applied(db: Any) -> set[tuple[str, str]]:
    return {(a, n) for a, n in db.execute("SELECT app, name FROM django_migrations").fetchall()}


# One initial migration


def test_there_is_one_initial_migration_and_it_replaces_every_migration_up_to_074cb60() -> None:
    loader = MigrationLoader(None, ignore_no_migrations=True)
    club = {key: m for key, m in loader.disk_migrations.items() if key[0] == "club"}
    assert [key for key, m in club.items() if m.initial] == [SQUASHED]
    replaces = club[SQUASHED].replaces
    assert len(replaces) == 20 and replaces[0] == ("club", "0001_initial")
    assert replaces[-1] == OLD_HEAD
    assert not set(replaces) & set(club)  # their files are gone
    assert loader.graph.forwards_plan(("club", "0016_club_roles_and_player_history"))[-2:] == [
        SQUASHED,
        ("club", "0016_club_roles_and_player_history"),
    ]


@pytest.mark.django_db
def test_a_fresh_database_has_the_squashed_migration_and_no_other_initial_one() -> None:
    names = {n for a, n in applied(connection.cursor()) if a == "club"}
    assert SQUASHED[1] in names and "0016_club_roles_and_player_history" in names


# The 074cb60 database


def test_the_stored_database_is_one_of_main_074cb60(migrated: Migrated) -> None:
    club = {n for a, n in migrated.applied_before if a == "club"}
    assert len(club) == 20 and OLD_HEAD[1] in club and SQUASHED[1] not in club
    assert "0016_club_roles_and_player_history" not in club


def test_it_migrates_with_every_row_of_every_table_as_it_was(migrated: Migrated) -> None:
    print(f"\nmigrate on the 074cb60 database: {migrated.seconds:.1f} s")
    assert "Applying club.0016_club_roles_and_player_history... OK" in migrated.output
    assert "club.0001_squashed" not in migrated.output  # counted as applied, not run
    counts = {t: len(r) for t, (_, r) in migrated.before.items()}
    print("rows per table:", {t: n for t, n in counts.items() if n})
    assert counts["club_game"] == 3497 and counts["club_player"] == 29
    assert counts["club_seat"] == 391 and counts["club_club"] == 2
    for table, (names, old_rows) in migrated.before.items():
        new_names, new_rows = migrated.after[table]
        if table == "club_sheetimport":  # 0017 moved its rows into a file
            assert new_names == [n for n in names if n != "content"]
            keep = [i for i, n in enumerate(names) if n != "content"]
            old_rows = [tuple(r[i] for i in keep) for r in old_rows]
        else:
            assert new_names == names, table
        if table == "django_content_type":  # 0018 renamed two models: their types follow
            old_rows = [tuple(RENAMED_MODELS.get(v, v) for v in r) for r in old_rows]
        if table in GROWS:
            assert set(old_rows) <= set(new_rows), table
        else:
            assert new_rows == old_rows, table


def test_its_player_names_and_game_values_read_the_same(migrated: Migrated) -> None:
    with migrated.old.open() as db:
        max_albers = db.execute("SELECT name FROM club_player WHERE key = 'max'").fetchone()
        games = db.execute(
            "SELECT g.number, g.game_value, g.list_score, p.key FROM club_game g "
            "JOIN club_table t ON t.id = g.table_id JOIN club_round r ON r.id = t.round_id "
            "JOIN club_event e ON e.id = r.event_id LEFT JOIN club_player p "
            "ON p.id = g.declarer_id WHERE e.key = '2025-05-18-preisskat' AND r.number = 1 "
            "AND t.number = 1 ORDER BY g.number"
        ).fetchall()
    assert max_albers == ("Max Albers",)
    first_three = [(1, 30, -60, "lena"), (2, 96, 96, "bernd"), (3, 84, 84, "lena")]
    assert [tuple(g) for g in games[:3]] == first_three


def test_0016_gives_each_login_its_groups_role_in_every_club_it_is_staff_of(
    migrated: Migrated,
) -> None:
    with migrated.old.open() as db:
        roles = db.execute(
            "SELECT c.slug, u.username, s.role FROM club_clubstaff s "
            "JOIN club_club c ON c.id = s.club_id JOIN auth_user u ON u.id = s.user_id"
        ).fetchall()
    assert sorted(tuple(r) for r in roles) == [
        ("nachbarn", "nachbar-wart", "spielwart"),
        ("nachbarn", "spielwart", "spielwart"),
        ("skatclub", "pruefer", "pruefer"),
        ("skatclub", "spielwart", "spielwart"),
    ]


def test_0017_moves_the_waiting_imports_rows_into_a_private_file(migrated: Migrated) -> None:
    with migrated.old.open() as db:
        files = db.execute(
            "SELECT status, rows_file FROM club_spreadsheetimport ORDER BY id"
        ).fetchall()
    (done, no_file), (waiting, name) = (tuple(f) for f in files)
    assert (done, no_file, waiting) == ("imported", "", "uploaded")
    path = migrated.old.folder / "uploads" / name
    assert path.read_bytes() == migrated.waiting_rows and path.stat().st_mode & 0o777 == 0o600


def test_0020_marks_the_events_of_earlier_imports_each_with_its_import(
    migrated: Migrated,
) -> None:
    with migrated.old.open() as db:
        marked = db.execute(
            "SELECT h.kind, h.name, e.key FROM club_event e JOIN club_historyimport h "
            "ON h.id = e.history_import_id ORDER BY h.kind, e.key"
        ).fetchall()
        imported = db.execute(
            "SELECT e.key FROM club_event e WHERE EXISTS (SELECT 1 FROM club_change c JOIN "
            "club_table t ON t.id = c.table_id JOIN club_round r ON r.id = t.round_id WHERE "
            "r.event_id = e.id AND c.note = 'importiert') ORDER BY e.key"
        ).fetchall()
    sheet = [tuple(m) for m in marked if m[0] == "spreadsheet"]
    assert sheet == [
        ("spreadsheet", "saison-2024.csv", "2024-01-12-clubabend-1-2024"),
        ("spreadsheet", "saison-2024.csv", "2024-02-12-clubabend-2-2024"),
    ]
    archive = [m[2] for m in marked if m[0] == "archive"]
    assert "2025-05-18-preisskat" in archive and len(archive) == len(marked) - 2
    assert sorted(m[2] for m in marked) == [i[0] for i in imported]  # no event entered by hand


def test_its_standings_are_what_074cb60_computed_and_what_its_seats_add_up_to(
    migrated: Migrated,
) -> None:
    script = (
        "import io, json, django; django.setup(); "
        "from django.core.management import call_command; out = {}\n"
        f"for key in {sorted(STANDINGS)!r}:\n"
        "    text = io.StringIO()\n"
        "    call_command('standings', '--event', key, '--json', '--club', 'skatclub', "
        "stdout=text)\n"
        "    out[key] = json.loads(text.getvalue())\n"
        "print(json.dumps(out))"
    )
    now = json.loads(run_on(migrated.old, "-c", script))
    fields: tuple[str, ...] = ("place", "player", "name", "list_score", "won", "lost")
    fields += ("others_lost", "score", "cash_cents", "fees_cents")

    def row(r: dict[str, Any]) -> list[Any]:
        """cash_cents by its amount: 074cb60 wrote "37.7", today's schema "377/10" (cents)."""
        return [Fraction(r[f]) if f == "cash_cents" else r[f] for f in fields]

    for key, then in STANDINGS.items():
        assert [row(r) for r in now[key]["rows"]] == [row(r) for r in then["rows"]], key
    tournament = "2025-11-06-clubabend"  # Startgeld and a Gewinnplan
    prizes = [
        (r["prize_cents"], r["entry_fee_cents"], r["entry_fee_paid"])
        for r in now[tournament]["rows"]
    ]
    assert prizes == [
        (r["prize_cents"], r["entry_fee_cents"], r["entry_fee_paid"])
        for r in STANDINGS[tournament]["rows"]
    ]
    with migrated.old.open() as db:
        for key in ("2025-11-06-clubabend", "2025-05-18-preisskat"):
            sums = db.execute(
                "SELECT p.key, SUM(s.score), SUM(s.list_score), SUM(s.won), SUM(s.lost) "
                "FROM club_seat s JOIN club_round r ON r.id = s.round_id "
                "JOIN club_event e ON e.id = r.event_id JOIN club_player p ON p.id = s.player_id "
                f"WHERE e.key = '{key}' GROUP BY p.key"
            ).fetchall()
            ranked = {
                r["player"]: (r["score"], r["list_score"], r["won"], r["lost"])
                for r in now[key]["rows"]
            }
            assert {k: tuple(int(v) for v in rest) for k, *rest in sums} == ranked


# Schema: the old database migrated, and a fresh one (the suite's own test database)


@pytest.mark.django_db
def test_it_ends_with_exactly_the_schema_of_a_fresh_database(migrated: Migrated) -> None:
    with migrated.old.open() as db:
        old = schema(db)
    fresh = schema(connection.cursor())
    print(f"\nschema compared: {len(fresh)} objects on {connection.vendor}")
    assert len(fresh) > 40
    assert old == fresh


def schema(db: Any) -> dict[str, Any]:
    """Every table, column, index and constraint, by name, as the database describes them;
    column order does not count (the squash may create a column earlier than the history
    added it)."""
    if connection.vendor == "sqlite":
        objects = db.execute("SELECT type, name, sql FROM sqlite_master").fetchall()
        return {
            f"{kind} {name}": _definitions(sql) if kind == "table" and sql else sql
            for kind, name, sql in objects
            if name not in SKIPPED
        }
    found: dict[str, Any] = {}
    for (table,) in db.execute(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    ).fetchall():
        found[f"table {table}"] = sorted(
            db.execute(
                "SELECT column_name, data_type, character_maximum_length, numeric_precision, "
                "is_nullable, column_default, is_identity, identity_generation "
                "FROM information_schema.columns WHERE table_schema = 'public' "
                "AND table_name = %s",
                [table],
            ).fetchall()
        )
    constraints = db.execute(
        "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint "
        "WHERE connamespace = 'public'::regnamespace"
    ).fetchall()
    for table, name, definition in constraints:
        found[f"constraint {table}.{_unique_name(name)}"] = definition
    indexes = db.execute(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
    ).fetchall()
    for name, definition in indexes:
        found[f"index {_unique_name(name)}"] = definition.replace(name, "…")
    return found


def _definitions(sql: str) -> list[str]:
    """The items of a CREATE TABLE (columns, constraints), sorted."""
    body = sql[sql.index("(") + 1 : sql.rindex(")")]
    items, depth, item = [], 0, ""
    for char in body:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            items.append(item.strip())
            item = ""
        else:
            item += char
    return sorted([*items, item.strip()])


def _unique_name(name: str) -> str:
    """A field's UNIQUE is named by PostgreSQL (`club_club_slug_key`) when its table is made
    with it, by Django (`club_club_slug_9e70088b_uniq`) when the history added it later; Django
    finds either by its column, so the two names count as one."""
    return re.sub(r"_[0-9a-f]{8}_uniq$", "_key", name)


# Backups and databases from before 074cb60


@pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL is backed up with pg_dump")
@pytest.mark.django_db(transaction=True)  # restore replaces the whole database
def test_a_backup_of_main_074cb60_is_restored_and_migrated(tmp_path: Path, settings: Any) -> None:
    settings.SKATCLUB_BACKUP_DIR = tmp_path / "backups"
    backup = tmp_path / "skatclub-074cb60.sqlite3"
    backup.write_bytes(gzip.decompress((DATA / "skatclub-074cb60.sqlite3.gz").read_bytes()))
    assert len(check_backup(backup)) == 48
    call_command("restore", str(backup), "--yes", stdout=io.StringIO())
    out = io.StringIO()
    call_command(
        "standings", "--event", "2025-05-18-preisskat", "--json", "--club", "skatclub", stdout=out
    )
    then = STANDINGS["2025-05-18-preisskat"]["rows"]
    assert [(r["player"], r["score"]) for r in json.loads(out.getvalue())["rows"]] == [
        (r["player"], r["score"]) for r in then
    ]
    # The club's 1.6 MB would stay behind as free pages of the test database, and later
    # tests that damage a backup "in the middle" would hit only those (not checked by SQLite).
    call_command("flush", "--no-input")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM")


def test_a_database_from_before_074cb60_is_refused_in_german() -> None:
    older = {("club", n) for n in ("0001_initial", "0011_table_recorded_note")}
    reason = unreachable(older)
    assert reason is not None and "zu alten skatclub-Version" in reason
    assert "club.0015_leagues" in reason and "vor 1.0" in reason
    assert unreachable(set()) is None
    replaced = MigrationLoader(None, ignore_no_migrations=True).replacements[SQUASHED].replaces
    assert unreachable(set(replaced)) is None
