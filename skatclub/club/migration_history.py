"""Which recorded migration histories this version carries forward.

Before 1.0 the club app's migrations were squashed (`tools/squash_migrations.py`): a squashed
migration stands for the migrations it `replaces`, whose files are gone. A database that has
all of them applied counts as having the squashed one and migrates on; one that has only some
of them applied (it was last migrated by a version older than the squash's end) cannot: Django
would need the deleted files and fails with a KeyError deep in its state. This module says so
in German instead, before `migrate` starts (`refuse_unreachable`, connected to `pre_migrate`),
and lets the restore of a backup read an old backup's history in today's names
(`in_squashed_terms`).

Reads the migration files (Django's loader) and the database's django_migrations table.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.management.base import CommandError
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

Migration = tuple[str, str]


def squashed() -> dict[Migration, list[Migration]]:
    """Each squashed migration on disk and the migrations it replaces, in their order."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    return {key: list(migration.replaces) for key, migration in loader.replacements.items()}


def replaced() -> set[Migration]:
    """The names a database may have recorded that no file carries any more."""
    return {name for replaces in squashed().values() for name in replaces}


def in_squashed_terms(applied: Iterable[Migration]) -> set[Migration]:
    """`applied` with every complete set of replaced migrations named by its squashed one. A
    squashed one recorded without all of its set does not count (as in Django's loader)."""
    names = set(applied)
    for key, replaces in squashed().items():
        if set(replaces) <= names:
            names = (names - set(replaces)) | {key}
        else:
            names.discard(key)
    return names


def unreachable(applied: Iterable[Migration]) -> str | None:
    """Why a database (or backup) with `applied` cannot be migrated by this version, in
    German; None when it can."""
    names = set(applied)
    for key, replaces in squashed().items():
        done = [m for m in replaces if m in names]
        if done and len(done) < len(replaces) and key not in names:
            first = next(m for m in replaces if m not in names)
            return (
                "Die Datenbank stammt von einer zu alten skatclub-Version: ihr fehlen "
                f"Migrationen bis {'.'.join(replaces[-1])} (als erste {'.'.join(first)}), und "
                "diese Version übernimmt nur Datenbanken mit allen davon. Bitte zuerst mit "
                "einer skatclub-Version vor 1.0 „manage.py migrate“ ausführen, dann mit dieser."
            )
    return None


def refuse_unreachable(using: str = "default", **kwargs: Any) -> None:
    """`pre_migrate`: stop `migrate` on a database from before a squash's end."""
    recorder = MigrationRecorder(connections[using])
    if not recorder.has_table():
        return  # a new database
    reason = unreachable(recorder.applied_migrations())
    if reason is not None:
        raise CommandError(reason)
