"""`manage.py restore FILE [--yes]`: put a backup back, after checking it and asking.

The checks (`backup.check_backup`) run once, on a private copy of FILE; the question comes
after them, and that copy is what is restored."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from skatclub.club.backup import BackupError, restore


class Command(BaseCommand):
    help = "Spielt eine Sicherung zurück (prüft sie vorher und fragt nach)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "file", metavar="DATEI", help="Sicherungsdatei (im Datenordner unter backups/)"
        )
        parser.add_argument("--yes", action="store_true", help="ohne Rückfrage (für Skripte)")

    def handle(self, *args: Any, file: str, yes: bool, **options: Any) -> None:
        path = Path(file)
        name = connection.settings_dict["NAME"]

        def confirmed(applied: list[tuple[str, str]]) -> bool:
            # Asked after the checks, about the very copy that will be restored.
            self.stdout.write(f"{path}: skatclub-Datenbank, {len(applied)} Migrationen.")
            return yes or self._confirmed(f"Den ganzen Inhalt von {name} durch {path} ersetzen?")

        self.stdout.write(f"Prüfe {path} …")
        try:
            before = restore(path, confirmed)
        except BackupError as error:
            raise CommandError(error.message) from None
        call_command("migrate", interactive=False, verbosity=0)  # an older backup catches up
        self.stdout.write(f"Wiederhergestellt aus {path}. Der vorige Stand ist gesichert: {before}")

    def _confirmed(self, question: str) -> bool:
        if not sys.stdin or not sys.stdin.isatty():
            self.stderr.write("Keine Rückfrage möglich (keine Konsole): bitte --yes angeben.")
            return False
        answer = input(f"{question} [j/N] ").strip().lower()
        return answer in {"j", "ja", "y", "yes"}
