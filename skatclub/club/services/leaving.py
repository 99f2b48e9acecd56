"""A player who goes home during the day: „gegangen nach Serie n“ (issue 41).

Owns `leave` and `stay`. A signed-in player who has sat at a table of the event may leave
after the last Serie he was drawn for (`Attendance.left_after`): from then on no draw, no
seating by the standings and no re-forming of a later Serie seats him (`seating.present_ids`).
Nothing else changes: his sign-in stays with its Startgeld and whether it is paid, his games
and money stay, and he counts in the Gewinnplan as every signed-in player does, so the pot and
the announced prizes stay as they were. Until the next Serie is drawn the leave can be taken
back (`stay`); after that it is refused, because that Serie was drawn without him.

Both are idempotent: leaving twice answers the first leave, staying when he has not left
changes nothing; each real change leaves one `Change` row at his table of Serie n (who,
when, before and after). One transaction each; refusals are `EntryError`s in German.
"""

from __future__ import annotations

from django.db import transaction

from skatclub.club.models import Attendance, Change, Event, Player, Seat
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, log_change
from skatclub.club.services.versions import event_changed


def _attendance(event: Event, player: Player) -> Attendance:
    attendance = (
        Attendance.objects.select_for_update()
        .filter(event=event, player=player)
        .select_related("player")
        .first()
    )
    if attendance is None:
        raise EntryError("absent", f"{player.name} ist nicht angemeldet.")
    return attendance


def _last_seat(event: Event, player: Player) -> Seat | None:
    """His seat in the last Serie he was drawn for."""
    return (
        Seat.objects.filter(round__event=event, player=player)
        .select_related("table", "round")
        .order_by("-round__number")
        .first()
    )


def left_text(name: str, number: int) -> str:
    return f"{name}: gegangen nach Serie {number}"


@transaction.atomic
def leave(*, event: Event, player: Player, user: Actor = None) -> Attendance:
    """Record that `player` left after the last Serie he was drawn for."""
    Event.objects.select_for_update().filter(pk=event.pk).exists()  # not while a draw runs
    attendance = _attendance(event, player)
    if attendance.left_after is not None:
        return attendance  # a second press: the first leave stands
    seat = _last_seat(event, player)
    if seat is None:
        raise EntryError(
            "not_played",
            f"{player.name} hat noch an keinem Tisch gesessen; wer noch nicht gespielt hat, "
            "wird abgemeldet, nicht „gegangen“ gesetzt.",
        )
    attendance.left_after = seat.round.number
    attendance.save(update_fields=["left_after"])
    after = left_text(player.name, seat.round.number)
    log_change(seat.table, Change.Action.LEFT, user, None, after, note=after)
    event_changed(event.pk)
    return attendance


@transaction.atomic
def stay(*, event: Event, player: Player, user: Actor = None) -> Attendance:
    """Take a leave back; only until the next Serie is drawn."""
    Event.objects.select_for_update().filter(pk=event.pk).exists()
    attendance = _attendance(event, player)
    number = attendance.left_after
    if number is None:
        return attendance  # not gone (or taken back already): nothing to do
    if event.rounds.filter(number__gt=number).exists():
        raise EntryError(
            "drawn_since",
            f"Serie {number + 1} ist schon ausgelost, ohne {player.name}; das Gehen lässt sich "
            "nur bis zur nächsten Auslosung zurücknehmen.",
        )
    attendance.left_after = None
    attendance.save(update_fields=["left_after"])
    seat = _last_seat(event, player)
    if seat is not None:
        before = left_text(player.name, number)
        note = f"{player.name}: Gehen nach Serie {number} zurückgenommen"
        log_change(seat.table, Change.Action.STAYED, user, before, None, note=note)
    event_changed(event.pk)
    return attendance
