"""Squash the club app's migrations up to END into one initial migration (before a release).

    python tools/squash_migrations.py END NAME          # e.g. 0015_leagues squashed_1_0

What it writes: `skatclub/club/migrations/0001_NAME.py`, the schema at END as a fresh
`makemigrations` would write it for models in that state (one CreateModel per model, its
fields, indexes and constraints in place), with `replaces` naming every migration up to END.
Then it deletes the replaced files and points the migrations after END at the new one.

Why not `manage.py squashmigrations`: it keeps the history's 137 operations (125 optimised,
every AddField and AlterField of four days), and cannot drop a data migration without editing
the old files. Data migrations (RunPython, RunSQL) are left out on purpose: the squashed
migration runs only on an empty database (a database with the old migrations applied is
marked as having it, `replaces`), where they have nothing to move. The script lists what it
leaves out; check that none of them creates rows a new database needs.

Choosing END: the newest migration that *every* database to be carried over has applied.
A database with only some of the replaced migrations cannot migrate any more (Django would need
the deleted files), so END is the head of the oldest release still supported, not simply the
newest migration. NAME must differ from every name it replaces (e.g. `squashed_2_0`).

The whole procedure, from the repository root:
1. `python tools/squash_migrations.py END NAME`.
2. `python manage.py makemigrations --check --dry-run` says "No changes detected".
3. Store a database of the release being left behind in `tests/club/migrations/data/` (made
   by that release's own code, see the README there) and point the old-database test at it.
4. `pytest tests/club/migrations tests/club/test_backup.py` on SQLite and on PostgreSQL:
   a fresh database and the stored old one end with the same schema, the old data intact,
   and an old backup still restores.
5. Migrations added on other branches meanwhile: if they depend on a replaced migration, point
   them at `0001_NAME` (Django would also follow the old name); they stay migrations of
   their own until the next squash.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.db.migrations.loader import MigrationLoader

ROOT = Path(__file__).resolve().parents[1]
APP = "club"
HEADER = """The club app's schema up to {end}, written by tools/squash_migrations.py.

It stands for the migrations in `replaces`, whose files are gone: a database that has them all
applied counts as having this one; a new database gets the tables straight away. Their data
migrations are left out (they have nothing to move in a new database).
"""


def main(end: str, name: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    import django

    django.setup()
    from django.db.migrations.loader import MigrationLoader
    from django.db.migrations.operations import RunPython, RunSQL

    loader = MigrationLoader(None, ignore_no_migrations=True)
    replaced = [key for key in loader.graph.forwards_plan((APP, end)) if key[0] == APP]
    new_name = f"0001_{name}"
    if (APP, new_name) in replaced:
        raise SystemExit(f"{new_name} is one of the replaced migrations; choose another NAME.")
    for key in replaced:
        for operation in loader.graph.nodes[key].operations:
            if isinstance(operation, RunPython | RunSQL):
                what = getattr(operation, "code", None)
                print(f"left out: {key[1]}: {getattr(what, '__name__', operation.describe())}")
    source = squashed_source(loader, end, new_name, [n for _, n in replaced])
    source = f'"""{HEADER.format(end=end)}"""\n\n' + source.split("\n\n", 1)[1]
    folder = ROOT / "skatclub" / APP / "migrations"
    (folder / f"{new_name}.py").write_text(source)
    for _, old in replaced:
        (folder / f"{old}.py").unlink()
    repoint_dependents(folder, {old for _, old in replaced}, new_name)
    print(f"wrote {new_name}.py replacing {len(replaced)} migrations")


def squashed_source(loader: MigrationLoader, end: str, new_name: str, replaces: list[str]) -> str:
    """The new migration's text: the autodetector's answer to "what creates the state at END
    from nothing", for this app only (the other apps' models are taken as given)."""
    from django.db.migrations import Migration
    from django.db.migrations.autodetector import MigrationAutodetector
    from django.db.migrations.graph import MigrationGraph
    from django.db.migrations.operations import CreateModel
    from django.db.migrations.questioner import NonInteractiveMigrationQuestioner
    from django.db.migrations.state import ProjectState
    from django.db.migrations.writer import MigrationWriter

    state = loader.project_state((APP, end))
    others = ProjectState(real_apps=state.real_apps)
    for (app, _), model in state.models.items():
        if app != APP:
            others.add_model(model.clone())
    detector = MigrationAutodetector(
        others, state, NonInteractiveMigrationQuestioner(specified_apps={APP})
    )
    changes = detector.changes(graph=MigrationGraph(), trim_to_apps={APP})
    (migration,) = changes[APP]  # one app alone: no circular dependency splits it
    for operation in migration.operations:
        if isinstance(operation, CreateModel):  # the history's column order, not FKs last
            order = list(state.models[APP, operation.name_lower].fields)
            operation.fields.sort(key=lambda item: order.index(item[0]))
    attributes = {
        "initial": True,
        "replaces": [(APP, old) for old in replaces],
        "dependencies": migration.dependencies,
        "operations": migration.operations,
    }
    squashed = type("Migration", (Migration,), attributes)(new_name, APP)
    return MigrationWriter(squashed).as_string()


def repoint_dependents(folder: Path, replaced: set[str], new_name: str) -> None:
    """The remaining migrations depend on the new one instead of a replaced one."""
    pattern = re.compile(r"""(\(\s*(['"])club\2\s*,\s*)\2([0-9]{4}_\w+)\2""")
    for path in sorted(folder.glob("[0-9]*.py")):
        if path.stem == new_name:
            continue  # its `replaces` names the old ones on purpose
        text = path.read_text()
        fixed = pattern.sub(
            lambda m: f"{m[1]}{m[2]}{new_name}{m[2]}" if m[3] in replaced else m[0],
            text,
        )
        if fixed != text:
            path.write_text(fixed)
            print(f"{path.name}: now depends on {new_name}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
