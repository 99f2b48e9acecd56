"""`manage.py import_archive FILE [--replace] [--as-recorded]`: read a club archive
(docs/spec/archive-format.md); `--as-recorded` keeps games the rules refuse with their recorded
value."""

from __future__ import annotations

import sys
import time
from typing import Any

from django.core.management.base import CommandParser

from skatclub.club.archive import ArchiveError, import_file
from skatclub.club.management.club_command import ClubCommand


class Command(ClubCommand):
    help = "Importiert ein Skatclub-Archiv (JSON) in einer Transaktion: alles oder nichts."

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument("file", metavar="DATEI", help="Archivdatei (JSON)")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="Veranstaltungen mit demselben Schlüssel ersetzen",
        )
        parser.add_argument(
            "--as-recorded",
            action="store_true",
            help="Spiele mit erfasstem Wert („recorded“), die den Regeln widersprechen, so "
            "übernehmen, wie die Liste sie erfasst hat (abweichend erfasst, zur Prüfung)",
        )

    def handle(
        self, *args: Any, file: str, replace: bool, as_recorded: bool, **options: Any
    ) -> None:
        started = time.perf_counter()
        try:
            summary = import_file(file, replace=replace, as_recorded=as_recorded)
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
        for note in summary.notes:
            self.stdout.write(note)
        if summary.as_recorded:
            self.stdout.write(
                f"Davon {summary.as_recorded} Spiele abweichend erfasst: die Liste unter "
                "/spielwart/abweichend/ zeigt sie mit Grund zur Prüfung."
            )
