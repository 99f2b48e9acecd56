"""`manage.py export_archive [--event KEY] [-o FILE]`: write the club archive as JSON."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import CommandParser

from skatclub.club.archive import ArchiveError, export_archive
from skatclub.club.management.club_command import ClubCommand


class Command(ClubCommand):
    help = "Schreibt das Skatclub-Archiv (JSON): alle Veranstaltungen oder die mit --event."

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "--event",
            action="append",
            metavar="KEY",
            help="nur diese Veranstaltung (mehrfach möglich)",
        )
        parser.add_argument("-o", "--output", metavar="DATEI", help="Datei statt Standardausgabe")
        parser.add_argument(
            "--indent", type=int, default=None, metavar="N", help="JSON einrücken (Leerzeichen)"
        )

    def handle(
        self,
        *args: Any,
        event: list[str] | None,
        output: str | None,
        indent: int | None,
        **options: Any,
    ) -> None:
        try:
            archive = export_archive(event)
        except ArchiveError as error:
            for line in error.problems:
                self.stderr.write(line)
            sys.exit(1)
        if output is None:
            self.stdout.write(json.dumps(archive, ensure_ascii=False, indent=indent))
            return
        with open(output, "w", encoding="utf-8") as file:
            json.dump(archive, file, ensure_ascii=False, indent=indent)
            file.write("\n")
        self.stderr.write(f"Archiv geschrieben: {output}")
