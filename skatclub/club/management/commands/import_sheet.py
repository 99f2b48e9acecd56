"""`manage.py import_sheet FILE [--map FELD=Spalte ...] [--ruleset isko] [--as-recorded]
[--sheet NAME ... | --all-sheets] [--on-duplicate skip|replace|add] [--games-per-round 3=36]
[--house-rule kontra|bock|ramsch] [--ramsch-cap N] [--confirm]`,
`manage.py import_sheet --undo N`: a club's history from XLSX, ODS or CSV (see `imports`).

A workbook's sheets are all read unless `--sheet` names some; an evening the club has
already (same date, same players) is skipped unless `--on-duplicate` says otherwise; without
a Tisch column the evening's players get default tables (`plan.default_tables`). Where the
sheet's sums of a skipped evening are not the stored ones, each difference is printed
("Anders als gespeichert: Abend 03.01.2024, Name: Wertung laut Tabelle 812, gespeichert 790").

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
from skatclub.club.imports.plan import (
    DUPLICATE_CHOICES,
    MAX_GAMES,
    ImportSettings,
    Preview,
    explanations,
    name_suggestions,
    preview,
    read_rows,
)
from skatclub.club.imports.reader import Spreadsheet, SpreadsheetError, open_spreadsheet
from skatclub.club.imports.write import (
    ImportRefused,
    confirm_import,
    refusal,
    save_mapping,
    undo_import,
)
from skatclub.club.management.club_command import ClubCommand
from skatclub.club.models import DEFAULT_GAMES_PER_ROUND

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
        parser.add_argument(
            "--sheet",
            action="append",
            default=[],
            metavar="NAME",
            help="nur dieses Tabellenblatt lesen (mehrfach möglich; ohne: alle Blätter)",
        )
        parser.add_argument(
            "--all-sheets",
            action="store_true",
            help="alle Tabellenblätter der Arbeitsmappe lesen (so auch ohne Angabe)",
        )
        parser.add_argument(
            "--on-duplicate",
            choices=[c for c, _ in DUPLICATE_CHOICES],
            default="skip",
            help="Abende, die es schon gibt (gleiches Datum, gleiche Spieler): skip = "
            "überspringen (Vorgabe), replace = ersetzen, add = zusätzlich anlegen",
        )
        parser.add_argument(
            "--games-per-round",
            action="append",
            default=[],
            metavar="GRÖSSE=SPIELE",
            help="Spiele je Serie, z. B. 3=36 4=48 (oder eine Zahl für alle Tischgrößen); "
            "Vorgabe: " + ", ".join(f"{k}={v}" for k, v in DEFAULT_GAMES_PER_ROUND.items()),
        )
        parser.add_argument(
            "--house-rule",
            action="append",
            default=[],
            choices=["kontra", "bock", "ramsch"],
            help="Hausregel der Abende (mehrfach möglich): kontra, bock, ramsch",
        )
        parser.add_argument(
            "--ramsch-cap",
            type=int,
            metavar="N",
            help="Hausregel: ein Ramsch kostet höchstens N Punkte",
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
        self._choose_worksheets(spreadsheet, options["sheet"], options["all_sheets"])
        settings_options = self._options(options)
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
        settings = ImportSettings.of(ruleset, options["as_recorded"], settings_options)
        result = preview(read, decisions, settings)
        self._print(result, columns, spreadsheet)
        hints = [(n, s.why) for n, s in name_suggestions(read).items() if not s.sure]
        for name, why in hints:
            self.stdout.write(f"Hinweis: „{name}“ {why} – hier als neuer Spieler angelegt.")
        if result.plan is None:
            self._fail([refusal(result)])
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
            options=settings_options,
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

    def _choose_worksheets(self, spreadsheet: Spreadsheet, names: list[str], every: bool) -> None:
        """Every sheet of a workbook, or the named ones; a name the file lacks is refused."""
        if len(spreadsheet.worksheets) < 2:
            if names and any(n not in spreadsheet.worksheets for n in names):
                self._fail([f"Die Datei hat keine Tabellenblätter mit Namen ({', '.join(names)})."])
            return
        spreadsheet.every_worksheet = True
        if names and not every:
            missing = [n for n in names if n not in spreadsheet.worksheets]
            if missing:
                self._fail(
                    [
                        "Diese Tabellenblätter gibt es nicht: " + ", ".join(missing),
                        "Blätter der Datei: " + ", ".join(spreadsheet.worksheets),
                    ]
                )
            spreadsheet.only = set(names)

    def _options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The settings of the import (`ImportSettings.of`) from the command line."""
        games: dict[str, int] = {}
        for item in options["games_per_round"]:
            size, _, count = item.partition("=") if "=" in item else ("", "", item)
            sizes = [size.strip()] if size else list(DEFAULT_GAMES_PER_ROUND)
            if (
                not count.strip().isdigit()
                or not 1 <= int(count) <= MAX_GAMES
                or any(s not in DEFAULT_GAMES_PER_ROUND for s in sizes)
            ):
                self._fail(
                    [
                        f"--games-per-round {item}: erwartet wird GRÖSSE=SPIELE mit Größe "
                        f"{', '.join(DEFAULT_GAMES_PER_ROUND)} und 1 bis {MAX_GAMES} Spielen, "
                        "z. B. 3=36, oder eine Zahl für alle."
                    ]
                )
            games.update(dict.fromkeys(sizes, int(count)))
        cap = options["ramsch_cap"]
        if cap is not None and not 1 <= cap <= 100_000:
            self._fail([f"--ramsch-cap {cap}: erwartet wird eine Zahl von 1 bis 100000."])
        return {
            "games_per_round": {**DEFAULT_GAMES_PER_ROUND, **games},
            "house_kontra": "kontra" in options["house_rule"],
            "house_bock": "bock" in options["house_rule"],
            "house_ramsch": "ramsch" in options["house_rule"],
            "ramsch_loss_cap": cap,
            "on_duplicate": options["on_duplicate"],
        }

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

    def _print(
        self, result: Preview, columns: dict[str, int | None], spreadsheet: Spreadsheet
    ) -> None:
        headers = spreadsheet.headers
        chosen = ", ".join(
            f"{LABELS[f]} = {headers[c]}" for f, c in columns.items() if c is not None
        )
        self.stdout.write(f"Spalten: {chosen}")
        for sheet in spreadsheet.ranges:
            where = f"Zeilen {sheet.first}–{sheet.last}" if sheet.rows else "leer"
            self.stdout.write(f"Tabellenblatt „{sheet.name}“: {sheet.rows} Zeilen ({where})")
        for line in explanations(result):
            self.stdout.write(line)
        self.stdout.write(f"{result.rows} Zeilen, {len(result.events)} Veranstaltungen:")
        for event in result.events:
            note = f" – {event.note}" if event.note else ""
            self.stdout.write(
                f"  {event.date:%d.%m.%Y} {event.name} ({event.key}): {event.rounds} Serien, "
                f"{event.tables} Tische, {event.players} Spieler{note}"
            )
        for duplicate in result.duplicates:
            same = "dieselben Spieler" if duplicate.same else "größtenteils dieselben Spieler"
            self.stdout.write(
                f"Schon vorhanden: {duplicate.where} = „{duplicate.existing_name}“ ({same}): "
                f"{duplicate.choice_label}"
            )
        for line in result.stored_lines:
            self.stdout.write(f"Anders als gespeichert: {line}")
        if result.stored_count > len(result.stored_lines):
            self.stdout.write(f"… und {result.stored_count - len(result.stored_lines)} weitere.")
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
            self.stderr.write(f"… und {hidden} weitere Stellen.")
        if result.refused_by_rules:
            self.stderr.write(
                "Mit --as-recorded werden Summen und Wertung so übernommen, wie der Verein sie "
                "erfasst hat (als „abweichend erfasst“ markiert)."
            )

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
