"""`manage.py import_sheet FILE [--map FELD=Spalte ...] [--ruleset isko] [--confirm]`,
`manage.py import_sheet --undo N`: a club's history from XLSX, ODS or CSV (see `imports`).

Without `--confirm` only the preview is printed (every event and player it would create,
every row it cannot read); nothing is written. Names are matched as on the review page, but
only sure matches are taken: a likely match ("Müller, H." for Hans Müller) becomes a new
player and is printed as a hint (the browser import lets the Spielwart decide each name).
The mapping comes from `--map`, else the saved mapping, else the usual headings; a confirmed
import saves it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import CommandParser

from skatclub.club.imports.mapping import (
    FIELDS,
    LABELS,
    TOTALS,
    columns_of,
    headings_of,
    problems,
    suggested,
)
from skatclub.club.imports.models import SpreadsheetImport, SpreadsheetMapping
from skatclub.club.imports.names import NEW
from skatclub.club.imports.plan import Preview, name_suggestions, preview, read_rows
from skatclub.club.imports.reader import SpreadsheetError, open_spreadsheet
from skatclub.club.imports.write import ImportRefused, confirm_import, save_mapping, undo_import
from skatclub.club.management.club_command import ClubCommand

ALIASES = {
    "datum": "date",
    "veranstaltung": "event",
    "serie": "round",
    "tisch": "table",
    "spieler": "player",
    "spielpunkte": "list_score",
    "gewonnen": "won",
    "verloren": "lost",
    "wertungspunkte": "score",
} | {f: f for f, _ in FIELDS}


class Command(ClubCommand):
    help = (
        "Importiert Ergebnisse aus einer Tabelle (XLSX, ODS, CSV): erst Vorschau, dann --confirm."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument(
            "file", nargs="?", metavar="DATEI", help="Tabelle (.xlsx, .ods oder .csv)"
        )
        parser.add_argument(
            "--map",
            action="append",
            default=[],
            metavar="FELD=SPALTE",
            help="Spalte zuordnen, z. B. spieler=Name (Felder: " + ", ".join(ALIASES) + ")",
        )
        parser.add_argument(
            "--ruleset",
            choices=["isko", "preisskat"],
            default=None,
            help="Regelwerk (ohne: das des letzten Imports, sonst isko)",
        )
        parser.add_argument(
            "--as-recorded",
            action="store_true",
            help="Summen, die nach den Regeln nicht sein können, wie erfasst übernehmen "
            "(als „abweichend erfasst“ markiert)",
        )
        parser.add_argument("--confirm", action="store_true", help="wirklich importieren")
        parser.add_argument("--undo", type=int, metavar="N", help="Import Nr. N rückgängig machen")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["undo"] is not None:
            return self._undo(options["undo"])
        if not options["file"]:
            self._fail(["Bitte eine Datei angeben (oder --undo N)."])
        path = Path(options["file"])
        try:
            spreadsheet = open_spreadsheet(path)  # size checked first, then read piece by piece
        except OSError as error:
            self._fail([f"Die Datei {path} kann nicht gelesen werden: {error}"])
        except SpreadsheetError as error:
            self._fail([error.message])
        saved = SpreadsheetMapping.objects.order_by("id").first()
        mapping = self._mapping(options["map"], spreadsheet.headers, saved)
        columns = columns_of(mapping, spreadsheet.headers)
        ruleset = options["ruleset"] or (saved.ruleset if saved else "isko")
        if found := problems(columns):
            self._fail([*found, "Spalten der Datei: " + ", ".join(spreadsheet.headers)])
        try:
            read = read_rows(spreadsheet, columns)
        except SpreadsheetError as error:
            self._fail([error.message])
        decisions = {n: s.decision if s.sure else NEW for n, s in name_suggestions(read).items()}
        result = preview(read, decisions, ruleset, options["as_recorded"])
        self._print(result, columns, spreadsheet.headers)
        hints = [(n, s.why) for n, s in name_suggestions(read).items() if not s.sure]
        for name, why in hints:
            self.stdout.write(f"Hinweis: „{name}“ {why} – hier als neuer Spieler angelegt.")
        if result.plan is None:
            self._fail(
                [f"{result.problems.count} Zeilen können nicht gelesen werden; nichts importiert."]
            )
        if not options["confirm"]:
            self.stdout.write("Nichts geschrieben. Mit --confirm wird so importiert.")
            return None
        spreadsheet_import = SpreadsheetImport.objects.create(
            filename=path.name[:200],
            kind=spreadsheet.kind,
            mapping=mapping,
            ruleset=ruleset,
            names=decisions,
            as_recorded=options["as_recorded"],
        )
        try:
            created = confirm_import(spreadsheet_import, result)
        except ImportRefused as refused:
            self._fail([refused.message])
        save_mapping(mapping, ruleset)
        self.stdout.write(
            # The same command undoes it: `manage.py import_sheet` or `skatclub import`.
            f"Import Nr. {spreadsheet_import.pk}: {created.text()}. Rückgängig mit demselben "
            f"Befehl und --undo {spreadsheet_import.pk}."
        )
        return None

    def _mapping(
        self, given: list[str], headers: list[str], saved: SpreadsheetMapping | None
    ) -> dict[str, str]:
        mapping = headings_of(suggested(headers, saved.columns if saved else {}), headers)
        for item in given:
            field, _, heading = item.partition("=")
            code = ALIASES.get(field.strip().lower())
            if code is None or not heading.strip():
                self._fail([f"--map {item}: erwartet wird FELD=SPALTE, z. B. spieler=Name."])
            # What is given wins over what was suggested for the same column or the other kind.
            other_kind = TOTALS if code == "score" else ("score",) if code in TOTALS else ()
            mapping = {
                f: h for f, h in mapping.items() if h != heading.strip() and f not in other_kind
            }
            mapping[code] = heading.strip()
        return mapping

    def _print(self, result: Preview, columns: dict[str, int | None], headers: list[str]) -> None:
        chosen = ", ".join(
            f"{LABELS[f]} = {headers[c]}" for f, c in columns.items() if c is not None
        )
        self.stdout.write(f"Spalten: {chosen}")
        self.stdout.write(f"{result.rows} Zeilen, {len(result.events)} Veranstaltungen:")
        for event in result.events:
            self.stdout.write(
                f"  {event.date:%d.%m.%Y} {event.name} ({event.key}): {event.rounds} Serien, "
                f"{event.tables} Tische, {event.players} Spieler"
            )
        self.stdout.write(f"Neue Spieler: {len(result.new_players)}")
        for player in result.new_players:
            guest = " (Gast)" if player["guest"] else ""
            also = f", auch „{'“, „'.join(player['also'])}“" if player["also"] else ""
            self.stdout.write(f"  {player['name']}{guest} ({player['key']}){also}")
        for match in result.matched:
            self.stdout.write(f"  „{match['name']}“ = {match['player']} ({match['key']})")
        for line in result.recorded_lines:
            self.stdout.write(f"Abweichend erfasst: {line}")
        for line in result.problem_lines:
            self.stderr.write(line)
        if result.problems.count > len(result.problems.shown):
            hidden = result.problems.count - len(result.problems.shown)
            self.stderr.write(f"… und {hidden} weitere Zeilen, die nicht gelesen werden können.")

    def _undo(self, number: int) -> None:
        spreadsheet_import = SpreadsheetImport.objects.filter(pk=number).first()
        if spreadsheet_import is None:
            self._fail([f"Einen Import Nr. {number} gibt es nicht."])
        try:
            undone = undo_import(spreadsheet_import)
        except ImportRefused as refused:
            self._fail([refused.message])
        self.stdout.write(f"Import Nr. {number} rückgängig gemacht: {undone.text('')} gelöscht.")

    def _fail(self, lines: list[str]) -> NoReturn:
        for line in lines:
            self.stderr.write(line)
        sys.exit(1)
