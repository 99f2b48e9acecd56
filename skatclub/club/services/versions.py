"""The versions that tell readers something changed (issue 26: phones in step, reads that scale).

A table's `version` rises with every change to its list (a game, an undo, a signature, a
rejection, its seats, its stored sums), its event's `version` with every other change anyone
could see on the live board, the projector or a public page (seating, a new Serie, a sign-in,
the settings, the Gewinnplan, a renamed player). Readers compare versions instead of
recomputing: a phone asks for its table's version, the event's pages key their cache and ETag
on the event's version together with the sum of its tables' (`queries.versions`). Each
function runs inside the writer's transaction, so a reader never sees a version without its
change.

A save raises only its own table's version, whose row it holds locked anyway: raising the
event's row too would make every save of a 350-table event wait for the one before it to
commit (on PostgreSQL the event row is locked until then; tests/club/services/
test_concurrent_entry.py holds one table's save open and saves at another).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db.models import F, Q

from skatclub.club.models import Attendance, Event, Seat, Table


def table_changed(table_id: int) -> None:
    """The table's list changed: its phones and its event's readers must refresh."""
    Table.objects.filter(pk=table_id).update(version=F("version") + 1)


def tables_changed(table_ids: Sequence[int]) -> None:
    """`table_changed` for several tables (seats, stored sums written again)."""
    if table_ids:
        Table.objects.filter(pk__in=table_ids).update(version=F("version") + 1)


def event_changed(event_id: int) -> None:
    """Something every reader of the event sees changed (seating, a check, a Serie)."""
    Event.all_clubs.filter(pk=event_id).update(version=F("version") + 1)


def player_changed(player_id: int) -> None:
    """A player's name or categories changed: every event that shows him must refresh."""
    seated = Seat.objects.filter(player_id=player_id).values("round__event_id")
    signed = Attendance.objects.filter(player_id=player_id).values("event_id")
    Event.all_clubs.filter(Q(pk__in=seated) | Q(pk__in=signed)).update(version=F("version") + 1)
