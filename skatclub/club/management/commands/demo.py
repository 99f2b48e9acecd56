"""`manage.py demo [--no-serve] [--port 8000] [--lan]`: a demo club on the local SQLite database.

Migrates, loads the demo club once (skatclub/club/demo.py), (re)creates the Spielwart login
with a fresh random password, prints login and address, then serves the app the way
`manage.py serve` does (Granian, DEBUG off), on 127.0.0.1: a demo with a printed password
is not for the whole room's network unless asked for with --lan.
"""

from __future__ import annotations

import os
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from skatclub.club.demo.loader import SPIELWART_USERNAME, ensure_spielwart, load_demo
from skatclub.club.management.commands.serve import (
    DEFAULT_PORT,
    DEFAULT_WORKERS,
    PORT_HELP,
    WORKERS_HELP,
    serve,
)


def points_at_postgresql() -> bool:
    url = os.environ.get("DATABASE_URL", "")
    return url.startswith(("postgres", "pgsql")) or connection.vendor == "postgresql"


class Command(BaseCommand):
    help = "Legt einen Demo-Club an (lokale SQLite-Datenbank) und startet die Anwendung."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--no-serve", action="store_true", help="nur Daten anlegen")
        parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=PORT_HELP)
        parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS, help=WORKERS_HELP)
        parser.add_argument("--lan", action="store_true", help="auch im Netz erreichbar")
        parser.add_argument(
            "--force", action="store_true", help="auch auf einer PostgreSQL-Datenbank"
        )

    def handle(
        self,
        *args: Any,
        no_serve: bool,
        port: int,
        workers: int,
        lan: bool,
        force: bool,
        **options: Any,
    ) -> None:
        if points_at_postgresql() and not force:
            raise CommandError(
                "DATABASE_URL zeigt auf eine PostgreSQL-Datenbank. Demo-Daten gehören in die "
                "lokale SQLite-Datenbank; wer sie wirklich dort will: --force."
            )
        call_command("migrate", interactive=False, verbosity=0)
        result = load_demo()
        if result.loaded:
            self.stdout.write(
                f"Demo-Club angelegt: Saison {result.year}, {result.events} Veranstaltungen, "
                f"{result.games} Spiele."
            )
        else:
            self.stdout.write(f"Demo-Club (Saison {result.year}) ist schon da.")
        password = ensure_spielwart()
        self.stdout.write(
            f"Anmeldung als Spielwart: Benutzer {SPIELWART_USERNAME}, Passwort {password}"
        )
        self.stdout.write(
            "(Das Passwort wird nur jetzt angezeigt; jeder neue Aufruf von demo setzt ein neues.)"
        )
        if no_serve:
            self.stdout.write(f"Adresse: http://127.0.0.1:{port}/")
            return
        call_command("collectstatic", interactive=False, verbosity=0)
        host = "0.0.0.0" if lan else "127.0.0.1"
        serve(self.stdout, host=host, port=port, workers=workers)
