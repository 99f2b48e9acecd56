"""`manage.py add_club KURZNAME "Name" [--spielwart BENUTZER]`: one more club on this server.

The club's pages are at /v/KURZNAME/. With --spielwart its first Spielwart login is created and
a one-time password is printed, shown once and never stored in clear; an existing login becomes
Spielwart of the club and keeps its roles in other clubs (a role is held per club, see
`roles`), and the command says what it was here before. Renames the club when it exists
already, so the command can be run again; a Kurzname that differs only in case from another
club's is refused (two clubs would read as one).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from skatclub.club import services, tenancy
from skatclub.club.models import Club, ClubStaff
from skatclub.club.roles import PRUEFER, SPIELWART
from skatclub.club.services import EntryError
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
        other = tenancy.club_by_slug_any_case(slug)
        if other is not None and other.slug != slug:
            raise CommandError(
                f"Den Kurznamen gibt es schon als „{other.slug}“ (Verein „{other.name}“); "
                "Groß- und Kleinschreibung zählen dabei nicht."
            )
        club, created = Club.objects.update_or_create(slug=slug, defaults={"name": name})
        state = "angelegt" if created else "umbenannt"
        self.stdout.write(f"Verein „{club.name}“ {state}: Seiten unter /{tenancy.PREFIX}/{slug}/")
        if spielwart:
            self._spielwart(club, spielwart)

    def _spielwart(self, club: Club, username: str) -> None:
        existing = User.objects.filter(username=username).first()
        if existing is not None:
            self.stdout.write(self._existing(club, existing))
            return
        try:
            with tenancy.acting_for(club):
                user, password = services.create_login(username=username, roles=["spielwart"])
        except EntryError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Spielwart „{user.username}“, Einmal-Passwort: {password}")

    def _existing(self, club: Club, user: User) -> str:
        """Makes an existing login Spielwart of `club`; says exactly what changed."""
        before = ClubStaff.objects.filter(club=club, user=user).values_list("role", flat=True)
        was = next(iter(before), None)
        services.grant(user, club.pk, SPIELWART)
        if user.is_superuser:
            return f"„{user.username}“ ist Administrator und darf in „{club.name}“ ohnehin alles."
        if was == SPIELWART:
            return f"„{user.username}“ ist schon Spielwart von „{club.name}“."
        if was is None and ClubStaff.objects.filter(user=user, role=SPIELWART).count() > 1:
            return f"„{user.username}“ ist jetzt auch Spielwart von „{club.name}“."
        role = {PRUEFER: "Prüfer", None: "ohne Zugang", "": "ohne Rolle"}[was]
        return f"„{user.username}“ (bisher {role}) ist jetzt Spielwart von „{club.name}“."
