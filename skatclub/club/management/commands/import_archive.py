"""`manage.py import_archive FILE [--replace]`: read a club archive (spec/archive-format.md)."""

from __future__ import annotations

import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from skatclub.club.archive import ArchiveError, import_file


class Command(BaseCommand):
    help = "Importiert ein Skatclub-Archiv (JSON) in einer Transaktion: alles oder nichts."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="Archivdatei (JSON)")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Veranstaltungen mit demselben Schlüssel ersetzen",
        )

    def handle(self, *args: Any, file: str, replace: bool, **options: Any) -> None:
        started = time.perf_counter()
        try:
            summary = import_file(file, replace=replace)
        except ArchiveError as error:
            self.stderr.write("Das Archiv wurde nicht importiert:")
            for line in error.problems:
                self.stderr.write(line)
            sys.exit(1)
        seconds = time.perf_counter() - started
        replaced = f", davon {summary.replaced} ersetzt" if summary.replaced else ""
        self.stdout.write(
            f"Importiert: {summary.events} Veranstaltungen{replaced}, {summary.rounds} Serien, "
            f"{summary.tables} Tische, {summary.games} Spiele, {summary.players} Spieler "
            f"({seconds:.1f} s)."
        )
