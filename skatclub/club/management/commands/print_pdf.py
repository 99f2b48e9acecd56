"""`manage.py print_pdf KIND --event KEY [--round N] [--table T] -o FILE` (archive-format.md).

KIND: score_sheet (one table with --table, else every table of the Serie), results (the event,
or one Serie with --round), settlement (likewise), seating (the Tischliste of a Serie).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from skatclub.club.models import Event
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import KINDS, PrintError, printout


class Command(BaseCommand):
    help = "Druckt Spielliste, Ergebnis, Abrechnung oder Tischliste als PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("kind", choices=KINDS, help="was gedruckt wird")
        parser.add_argument("--event", required=True, help="Schlüssel der Veranstaltung")
        parser.add_argument("--round", type=int, help="Nummer der Serie")
        parser.add_argument("--table", type=int, help="Nummer des Tisches (nur score_sheet)")
        parser.add_argument("-o", "--output", required=True, help="PDF-Datei, die geschrieben wird")
        parser.add_argument("--html", action="store_true", help="HTML statt PDF schreiben")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(key=options["event"]).first()
        if event is None:
            raise CommandError(f"Die Veranstaltung „{options['event']}“ gibt es nicht.")
        if options["table"] is not None and options["kind"] != "score_sheet":
            raise CommandError("--table gibt es nur beim Druck der Spielliste (score_sheet).")
        try:
            found = printout(
                options["kind"],
                event,
                round_number=options["round"],
                table_number=options["table"],
            )
        except PrintError as error:
            raise CommandError(error.message) from error
        output = Path(options["output"])
        if options["html"]:
            output.write_text(pdf.render_html(found.template, found.context), encoding="utf-8")
        else:
            output.write_bytes(pdf.render_printout(found))
        self.stdout.write(f"{output} geschrieben ({found.filename}).")
