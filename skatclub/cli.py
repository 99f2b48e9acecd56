"""The `skatclub` command of the installed package: demo, serve, backup, restore, import,
export, print, standings, add-club, worker, and Django's own command line as `skatclub manage`.

Each subcommand runs one of the app's management commands (club/management/commands/) with
its own German options and help; Django's general options (--verbosity, --settings, …) still
work but are left out of the help a club member reads. `--data ORDNER` names the data folder
(as SKATCLUB_DATA does) before the settings are read; without it the settings choose
(`datafolder.default_location`). Works the same from a checkout (`python -m skatclub`).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import NamedTuple

import skatclub


class Subcommand(NamedTuple):
    django: str  # the management command it runs
    summary: str  # one line in `skatclub --help`


SUBCOMMANDS = {
    "demo": Subcommand("demo", "Demo-Club anlegen und die Anwendung starten"),
    "serve": Subcommand("serve", "den Clubabend bedienen: Server für das Netz im Clubraum"),
    "backup": Subcommand("backup", "die Datenbank sichern"),
    "restore": Subcommand("restore", "eine Sicherung zurückspielen"),
    "import": Subcommand(
        "import_sheet", "Ergebnisse aus einer Tabelle (XLSX, ODS, CSV) übernehmen"
    ),
    "import-archive": Subcommand("import_archive", "ein Skatclub-Archiv (JSON) einlesen"),
    "export": Subcommand("export_archive", "das Skatclub-Archiv (JSON) schreiben"),
    "print": Subcommand("print_pdf", "Spielliste, Ergebnis, Abrechnung, Tischliste als PDF"),
    "standings": Subcommand("standings", "Rangliste einer Veranstaltung oder Serie"),
    "unlock": Subcommand("unlock", "die Anmeldesperre eines Benutzernamens aufheben"),
    "add-club": Subcommand("add_club", "einen weiteren Verein auf diesem Server anlegen"),
    "worker": Subcommand(
        "worker", "Aufträge im Hintergrund ausführen (Importe, Ausdrucke, Sicherungen)"
    ),
}
MANAGE = "manage"
# Django's options of every command: they keep working, the help leaves them out.
GENERAL_OPTIONS = frozenset(
    {
        "--version",
        "--verbosity",
        "--settings",
        "--pythonpath",
        "--traceback",
        "--no-color",
        "--force-color",
        "--skip-checks",
    }
)


class GermanHelp(argparse.HelpFormatter):
    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, "Aufruf: " if prefix is None else prefix)


def germanized(
    parser: argparse.ArgumentParser, hidden: frozenset[str] = frozenset()
) -> argparse.ArgumentParser:
    """argparse's own headings in German; the options named in `hidden` out of the help."""
    parser._positionals.title = "Argumente"
    parser._optionals.title = "Optionen"
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = "diese Hilfe zeigen"
        elif hidden.intersection(action.option_strings):
            action.help = argparse.SUPPRESS
    return parser


def top_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="skatclub",
        description="Spiellisten, Wertung, Abrechnung und Ranglisten für Skatclubs.",
        epilog="Hilfe zu einem Befehl: skatclub BEFEHL --help",
        formatter_class=GermanHelp,
    )
    parser.add_argument(
        "--data",
        metavar="ORDNER",
        help="Datenordner (Datenbank, Schlüssel, Sicherungen); sonst SKATCLUB_DATA, im "
        "Quellverzeichnis var/, installiert ~/.local/share/skatclub",
    )
    parser.add_argument("--version", action="version", version=f"skatclub {skatclub.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="BEFEHL", title="Befehle")
    for name, subcommand in SUBCOMMANDS.items():
        # Its arguments, --help among them, are the management command's (see `run`).
        commands.add_parser(name, help=subcommand.summary, add_help=False)
    commands.add_parser(MANAGE, help="Djangos Befehlszeile (manage.py)", add_help=False)
    return germanized(parser)


def main(argv: Sequence[str] | None = None) -> None:
    parser = top_parser()
    options, rest = parser.parse_known_args(argv)
    if options.command is None:
        parser.print_help()
        sys.exit(2)
    if options.data:
        # Absolute: Granian, started by serve, reads it too.
        os.environ["SKATCLUB_DATA"] = str(Path(options.data).expanduser().resolve())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    if options.command == MANAGE:
        from django.core.management import execute_from_command_line

        execute_from_command_line([f"skatclub {MANAGE}", *rest])
        return
    run(options.command, rest)


def run(name: str, argv: list[str]) -> None:
    """The management command behind `name` with `argv`, the way `manage.py` runs it, but
    with the German parser and a refusal printed without Django's "CommandError:"."""
    import django
    from django.core.management import load_command_class
    from django.core.management.base import CommandError
    from django.db import connections

    django.setup()
    command = load_command_class("skatclub.club", SUBCOMMANDS[name].django)
    parser = command.create_parser("skatclub", name, formatter_class=GermanHelp)
    germanized(parser, GENERAL_OPTIONS)
    try:
        options = vars(parser.parse_args(argv))
    except CommandError as error:  # Django's parser says "Error: …" instead of exiting
        parser.print_usage(sys.stderr)
        sys.stderr.write(f"{parser.prog}: Fehler: {str(error).removeprefix('Error: ')}\n")
        sys.exit(2)
    try:
        command.execute(*options.pop("args", ()), **options)
    except CommandError as error:
        command.stderr.write(str(error))
        sys.exit(error.returncode)
    finally:
        connections.close_all()
