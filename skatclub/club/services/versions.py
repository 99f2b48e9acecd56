"""The versions that tell readers something changed (issue 26: phones in step, reads that scale).

A table's `version` rises with every change to its list (a game, an undo, a signature, a
rejection), its event's `version` with every change anyone could see on the live board, the
projector or a public page. Readers compare versions instead of recomputing: a phone asks for
its table's version, the public pages key their cache and ETag on the event's. Each function
runs inside the writer's transaction, so a reader never sees a version without its change.
"""

from __future__ import annotations

from django.db.models import F, Subquery

from skatclub.club.models import Event, Round, Table


def table_changed(table_id: int) -> None:
    """The table's list changed: its phones and its event's readers must refresh."""
    Table.objects.filter(pk=table_id).update(version=F("version") + 1)
    event = Round.objects.filter(tables=table_id).values("event_id")[:1]
    Event.all_clubs.filter(pk=Subquery(event)).update(version=F("version") + 1)


def event_changed(event_id: int) -> None:
    """Something every reader of the event sees changed (seating, a check, a Serie)."""
    Event.all_clubs.filter(pk=event_id).update(version=F("version") + 1)
