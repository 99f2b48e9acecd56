"""`manage.py add_club KURZNAME "Name" [--spielwart BENUTZER]`: one more club on this server.

The club's pages are at /v/KURZNAME/. With --spielwart its first Spielwart login is created (or
an existing login gets access) and a one-time password is printed, shown once and never stored
in clear. Renames the club when it exists already, so the command can be run again.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from skatclub.club import tenancy
from skatclub.club.models import Club
from skatclub.club.services import users
from skatclub.club.services.errors import EntryError
from skatclub.club.text import visible_text


class Command(BaseCommand):
    help = "Legt einen Verein an (Seiten unter /v/KURZNAME/), auf Wunsch mit seinem Spielwart."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", metavar="KURZNAME", help="Buchstaben, Ziffern, - und _")
        parser.add_argument("name", help="Name des Vereins")
        parser.add_argument("--spielwart", metavar="BENUTZER", help="erster Spielwart")

    @transaction.atomic
    def handle(self, *args: Any, slug: str, name: str, spielwart: str | None, **kw: Any) -> None:
        if not tenancy.SLUG.fullmatch(slug):
            raise CommandError("Der Kurzname hat 1 bis 50 Zeichen: Buchstaben, Ziffern, - und _.")
        name = visible_text(name)  # "\u202e" or a zero-width space alone is no name
        if not name or len(name) > 200:
            raise CommandError("Der Name hat 1 bis 200 Zeichen, mindestens eines sichtbar.")
        club, created = Club.objects.update_or_create(slug=slug, defaults={"name": name})
        state = "angelegt" if created else "umbenannt"
        self.stdout.write(f"Verein „{club.name}“ {state}: Seiten unter /{tenancy.PREFIX}/{slug}/")
        if spielwart:
            self._spielwart(club, spielwart)

    def _spielwart(self, club: Club, username: str) -> None:
        existing = User.objects.filter(username=username).first()
        if existing is not None:
            users.add_staff(existing, club.pk)
            self.stdout.write(f"„{username}“ hat jetzt auch Zugang zu „{club.name}“.")
            return
        try:
            with tenancy.acting_for(club):
                user, password = users.create_login(username=username, roles=["spielwart"])
        except EntryError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Spielwart „{user.username}“, Einmal-Passwort: {password}")
