"""The versions that tell readers something changed (issue 26: phones in step, reads that scale).

A table's `version` rises with every change to its list (a game, an undo, a signature, a
rejection), its event's `version` with every change anyone could see on the live board, the
projector or a public page. Readers compare versions instead of recomputing: a phone asks for
its table's version, the public pages key their cache and ETag on the event's. Each function
runs inside the writer's transaction, so a reader never sees a version without its change.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import F, Q, Subquery

from skatclub.club.models import Attendance, Event, Round, Seat, Table


def table_changed(table_id: int) -> None:
    """The table's list changed: its phones and its event's readers must refresh."""
    Table.objects.filter(pk=table_id).update(version=F("version") + 1)
    event = Round.objects.filter(tables=table_id).values("event_id")[:1]
    Event.all_clubs.filter(pk=Subquery(event)).update(version=F("version") + 1)


def event_changed(event_id: int) -> None:
    """Something every reader of the event sees changed (seating, a check, a Serie)."""
    Event.all_clubs.filter(pk=event_id).update(version=F("version") + 1)


def tables_changed(table_ids: Sequence[int]) -> None:
    """What the pages show of these tables changed without a new game (seats, stored sums,
    a check): the events they belong to must refresh; their phones too."""
    if not table_ids:
        return
    Table.objects.filter(pk__in=table_ids).update(version=F("version") + 1)
    events_of_tables_changed(table_ids)


def events_of_tables_changed(table_ids: Sequence[int]) -> None:
    """The stored sums of these tables were written again: their events' readers refresh (the
    tables' own versions are their writers' business: a save raises it exactly once)."""
    if not table_ids:
        return
    events = Round.objects.filter(tables__in=table_ids).values("event_id")
    Event.all_clubs.filter(pk__in=events).update(version=F("version") + 1)


def player_changed(player_id: int) -> None:
    """A player's name or categories changed: every event that shows him must refresh."""
    seated = Seat.objects.filter(player_id=player_id).values("round__event_id")
    signed = Attendance.objects.filter(player_id=player_id).values("event_id")
    Event.all_clubs.filter(Q(pk__in=seated) | Q(pk__in=signed)).update(version=F("version") + 1)
