"""`manage.py standings --event KEY [--round N] [--json]`: the ranked list of an event or Serie."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import CommandError, CommandParser

from scoring import format_cents
from skatclub.club.management.club_command import ClubCommand
from skatclub.club.models import Event, Round
from skatclub.club.queries.ledger import standings_with_money_json
from skatclub.club.queries.standings import event_standings


class Command(ClubCommand):
    help = "Rangliste einer Veranstaltung (oder einer Serie) als Text oder JSON."

    def add_arguments(self, parser: CommandParser) -> None:
        super().add_arguments(parser)
        parser.add_argument("--event", required=True, metavar="KEY", help="Veranstaltung")
        parser.add_argument("--round", type=int, metavar="N", help="nur Serie N")
        parser.add_argument("--json", action="store_true", help="als JSON ausgeben")

    def handle(self, *args: Any, event: str, round: int | None, json: bool, **options: Any) -> None:
        found = Event.objects.filter(key=event).first()
        if found is None:
            raise CommandError(f"Veranstaltung {event} gibt es nicht.")
        if round is not None and not Round.objects.filter(event=found, number=round).exists():
            raise CommandError(f"Serie {round} gibt es bei {event} nicht.")
        if json:
            self.stdout.write(_dumps(standings_with_money_json(found, round)))
            return
        title = f"{found.name}, Serie {round}" if round is not None else found.name
        self.stdout.write(f"Rangliste {title}")
        for row in event_standings(found, round):
            money = f"  {format_cents(row.cash_cents)} ct" if found.has_settlement else ""
            self.stdout.write(
                f"{row.place:>3}. {row.name:<24} {row.score:>6}  ({row.decomposition()}){money}"
            )


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)
