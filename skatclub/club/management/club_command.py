"""The base of every command that works on one club's data: `--club KURZNAME` says which.

Without it the command acts for the one club of a laptop installation; on a server with several
clubs it refuses and names them, rather than guess.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from skatclub.club import tenancy
from skatclub.club.models import Club


class ClubCommand(BaseCommand):
    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--club",
            metavar="KURZNAME",
            help="der Verein (Kurzname aus der Adresse /v/KURZNAME/); ohne: der einzige",
        )

    def execute(self, *args: Any, **options: Any) -> Any:
        with tenancy.acting_for(club_named(options.get("club"))):
            return super().execute(*args, **options)


def club_named(slug: str | None) -> Club:
    if slug:
        found = tenancy.club_by_slug(slug)
        if found is None:
            raise CommandError(f"Den Verein „{slug[:60]}“ gibt es nicht ({_known()}).")
        return found
    club, several = tenancy.only_club()
    if several:
        raise CommandError(f"Hier gibt es mehrere Vereine: bitte --club angeben ({_known()}).")
    return club or tenancy.home_club()


def _known() -> str:
    slugs = list(Club.objects.order_by("slug").values_list("slug", flat=True)[:20])
    return "Vereine: " + (", ".join(slugs) or "keiner")
