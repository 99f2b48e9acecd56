"""`manage.py print_pdf KIND --event KEY [--round N] [--table T] -o FILE`
(docs/spec/archive-format.md).

KIND: score_sheet (one table with --table, else every table of the Serie), blank_sheet (the
same as forms for the pen), results (the event, or one Serie with --round), settlement (the
whole event: one payout), seating (the Tischliste of a Serie), spielbericht (the Spielbericht
of the league Spieltag whose Serien are the event). The blank form printed here has no online
address (the shell knows no host; the download prints it). An output file that cannot be
written is a German message and exit status 1, like every other mistake.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import CommandError, CommandParser

from skatclub.club.leagues.models import Matchday
from skatclub.club.management.club_command import ClubCommand
from skatclub.club.models import Event
from skatclub.club.printing import render as pdf
from skatclub.club.printing.printouts import KINDS, PrintError, Printout, printout
from skatclub.club.printing.spielbericht import spielbericht_printout

SPIELBERICHT = "spielbericht"


class Command(ClubCommand):
    help = "Druckt Spielliste, Ergebnis, Abrechnung oder Tischliste als PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument("kind", choices=(*KINDS, SPIELBERICHT), help="was gedruckt wird")
        parser.add_argument(
            "--event", required=True, metavar="KEY", help="Schlüssel der Veranstaltung"
        )
        parser.add_argument("--round", type=int, metavar="N", help="Nummer der Serie")
        parser.add_argument(
            "--table", type=int, metavar="T", help="Nummer des Tisches (nur score_sheet)"
        )
        parser.add_argument(
            "-o", "--output", required=True, metavar="DATEI", help="PDF-Datei, die geschrieben wird"
        )
        parser.add_argument("--html", action="store_true", help="HTML statt PDF schreiben")

    def handle(self, *args: Any, **options: Any) -> None:
        event = Event.objects.filter(key=options["event"]).first()
        if event is None:
            raise CommandError(f"Die Veranstaltung „{options['event']}“ gibt es nicht.")
        if options["table"] is not None and options["kind"] not in ("score_sheet", "blank_sheet"):
            raise CommandError("--table gibt es nur beim Druck der Spielliste (score_sheet).")
        found = self._printout(event, options)
        output = Path(options["output"])
        if options["html"]:
            data = pdf.render_html(found.template, found.context).encode("utf-8")
        else:
            data = pdf.render_printout(found)
        try:
            output.write_bytes(data)
        except OSError as error:
            reason = error.strerror or str(error)
            raise CommandError(f"„{output}“ lässt sich nicht schreiben: {reason}.") from None
        self.stdout.write(f"{output} geschrieben ({found.filename}).")

    def _printout(self, event: Event, options: dict[str, Any]) -> Printout:
        if options["kind"] == SPIELBERICHT:
            return _spielbericht(event, options)
        try:
            return printout(
                options["kind"],
                event,
                round_number=options["round"],
                table_number=options["table"],
            )
        except PrintError as error:
            raise CommandError(error.message) from error


def _spielbericht(event: Event, options: dict[str, Any]) -> Printout:
    if options["round"] is not None:
        raise CommandError("Der Spielbericht gilt für den ganzen Spieltag (ohne --round).")
    matchday = Matchday.objects.filter(event=event).select_related("division__league").first()
    if matchday is None:
        raise CommandError(f"„{event.key}“ ist kein Spieltag einer Liga.")
    return spielbericht_printout(matchday)
