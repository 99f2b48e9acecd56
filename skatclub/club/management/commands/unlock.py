"""`skatclub unlock NAME`: lifts the login lock of a name (after 20 wrong passwords), from
every address and every device, at once instead of after half an hour."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from skatclub.club.services import unlock_login


class Command(BaseCommand):
    help = "Die Anmeldesperre eines Benutzernamens aufheben (nach zu vielen falschen Passwörtern)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="der Benutzername, z. B. spielwart")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["name"]
        lifted = unlock_login(name)
        if lifted:
            self.stdout.write(f"Anmeldesperre für „{name}“ aufgehoben ({lifted} Sperren).")
        else:
            self.stdout.write(f"„{name}“ war nicht gesperrt.")
