"""Events and who is there: saving an event into its season, attendance, guests.

Owns `save_event` (an event belongs to the season of its date, created when needed),
`add_guest` (a new guest player, present at once), `mark_present`, `mark_absent`, and the
keys in URLs (`unique_key`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.text import slugify

from skatclub.club.models import Attendance, Event, Player, Season


@transaction.atomic
def save_event(*, event: Event) -> Event:
    """Save `event` (new or changed) in the season of its date."""
    event.season, _ = Season.objects.get_or_create(year=event.date.year)
    event.save()
    return event


@transaction.atomic
def add_guest(*, event: Event, name: str) -> Player:
    """A new guest with a key of his own, marked present at `event`."""
    guest = Player.objects.create(key=unique_key(name, Player), name=name, is_guest=True)
    Attendance.objects.create(event=event, player=guest)
    return guest


def mark_present(*, event: Event, player: Player) -> None:
    Attendance.objects.get_or_create(event=event, player=player)


def mark_absent(*, event: Event, player: Player) -> None:
    Attendance.objects.filter(event=event, player=player).delete()


def unique_key(text: str, model: Any, exclude_pk: int | None = None, max_length: int = 60) -> str:
    """A slug from `text`, made unique with -2, -3, … if needed."""
    base = slugify(text)[: max_length - 4] or "x"
    key, suffix = base, 2
    existing = model.objects.exclude(pk=exclude_pk) if exclude_pk else model.objects.all()
    while existing.filter(key=key).exists():
        key, suffix = f"{base}-{suffix}", suffix + 1
    return key
