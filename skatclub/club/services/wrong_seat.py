"""Falscher Platz (DSkV Turnierordnung): a player who played at the wrong seat gets nothing
for that Serie, the others at his table keep their results.

Owns `mark_wrong_seat`: sets or clears `Seat.wrong_seat` and keeps it in the history. The
standings read the mark (`queries.standings`): that player's line has 0 points and 0 games;
the Preisskat money played at the table and his lost-game fees stay as played.
"""

from __future__ import annotations

from django.db import transaction

from skatclub.club.models import Change, Seat
from skatclub.club.services.history import Actor, log_change
from skatclub.club.services.versions import table_changed


@transaction.atomic
def mark_wrong_seat(*, seat: Seat, wrong: bool, user: Actor = None, note: str = "") -> None:
    seat = Seat.objects.select_for_update().select_related("player", "table").get(pk=seat.pk)
    if seat.wrong_seat == wrong:
        return
    seat.wrong_seat = wrong
    seat.save(update_fields=["wrong_seat"])
    what = "falscher Platz" if wrong else "falscher Platz aufgehoben"
    log_change(
        seat.table,
        Change.Action.SEATS,
        user,
        {"player": seat.player.key, "wrong_seat": not wrong},
        {"player": seat.player.key, "wrong_seat": wrong},
        note=f"{what}: {seat.player.name}" + (f" – {note}" if note else ""),
    )
    table_changed(seat.table_id)
