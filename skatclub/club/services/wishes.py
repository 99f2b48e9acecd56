"""Seating wishes: pairs kept apart (couples, team-mates) and fixed tables.

Owns `keep_apart`, `drop_keep_apart` and `set_fixed_table`; the draw reads them through
`queries.meetings`. Each write is one transaction; refusals are `EntryError`s in German.
"""

from __future__ import annotations

from django.db import transaction

from skatclub.club.models import Attendance, Event, KeepApart, Player
from skatclub.club.services.errors import EntryError

MAX_TABLE = 250  # more tables than any club room holds
MAX_NOTE = 200


@transaction.atomic
def keep_apart(
    *, event: Event, first: Player, second: Player, always: bool = False, note: str = ""
) -> KeepApart:
    """`first` and `second` are never drawn to one table (at `event`, or `always`)."""
    if first.pk == second.pk:
        raise EntryError("same_player", "Bitte zwei verschiedene Spieler wählen.")
    if len(note) > MAX_NOTE:
        raise EntryError("too_long", f"Der Grund darf höchstens {MAX_NOTE} Zeichen lang sein.")
    low, high = sorted((first, second), key=lambda p: p.pk)
    found, _ = KeepApart.objects.get_or_create(
        first=low, second=high, event=None if always else event, defaults={"note": note}
    )
    return found


@transaction.atomic
def drop_keep_apart(*, wish: KeepApart) -> None:
    wish.delete()


@transaction.atomic
def set_fixed_table(*, event: Event, player: Player, table: int | None) -> None:
    """`player` sits at table `table` in every Serie of `event` (None: anywhere)."""
    if table is not None and not 1 <= table <= MAX_TABLE:
        raise EntryError("bad_table", f"Ein fester Tisch ist eine Zahl von 1 bis {MAX_TABLE}.")
    updated = Attendance.objects.filter(event=event, player=player).update(fixed_table=table)
    if not updated:
        raise EntryError("absent", f"{player.name} ist nicht angemeldet.")
