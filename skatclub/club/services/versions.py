"""The versions that tell readers something changed (issue 26: phones in step, reads that scale).

A table's `version` rises with every change to its list (a game, an undo, a signature, a
rejection), its event's `version` with every change anyone could see on the live board, the
projector or a public page. Readers compare versions instead of recomputing: a phone asks for
its table's version, the public pages key their cache and ETag on the event's. Each function
runs inside the writer's transaction, so a reader never sees a version without its change
(the event's version of a table's change rises right after the commit: `table_changed`).
"""

from __future__ import annotations

from functools import partial

from django.db import transaction
from django.db.models import F, Subquery

from skatclub.club.models import Event, Round, Table


def table_changed(table_id: int) -> None:
    """The table's list changed: its phones and its event's readers must refresh.

    The table's version rises in the writer's transaction; its event's right after the commit
    (a short transaction of its own). Raised inside, the event row would stay locked until the
    save commits, and on PostgreSQL every table of the evening would wait for every other
    (issue 16; tests/club/services/test_concurrent_entry.py). A reader that reads the event's
    old version meanwhile sees the new list already: newer data under an older version, never
    the reverse, so nothing stale is kept past the raise."""
    Table.objects.filter(pk=table_id).update(version=F("version") + 1)
    transaction.on_commit(partial(_event_of_table_changed, table_id), robust=True)


def _event_of_table_changed(table_id: int) -> None:
    event = Round.objects.filter(tables=table_id).values("event_id")[:1]
    Event.all_clubs.filter(pk=Subquery(event)).update(version=F("version") + 1)


def event_changed(event_id: int) -> None:
    """Something every reader of the event sees changed (seating, a check, a Serie)."""
    Event.all_clubs.filter(pk=event_id).update(version=F("version") + 1)
