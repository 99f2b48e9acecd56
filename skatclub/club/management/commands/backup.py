"""`manage.py backup [--keep N]`: a dated copy of the SQLite database in the data folder."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from skatclub.club.backup import KEEP, BackupError, backup


class Command(BaseCommand):
    help = (
        "Sichert die Datenbank (SQLite) datiert in den Datenordner (backups/von-hand/); "
        "die letzten N bleiben."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--keep", type=int, default=KEEP, metavar="N", help="so viele Sicherungen bleiben"
        )

    def handle(self, *args: Any, keep: int, **options: Any) -> None:
        try:
            path = backup(reason="von-hand", keep=max(1, keep))
        except BackupError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Gesichert: {path}")
        self.stdout.write(
            "Eine Kopie gehört auch außer Haus, siehe docs/handbuch/laptop.md („Sicherungen“)."
        )
