"""Which import an event came from (`HistoryImport`): recorded once an import is written.

Owns `record_history_import`, called by the archive import (`archive.import_file`) and the
spreadsheet import (`imports.write`) after their rows are written. Writes HistoryImport and
Event.history_import.
"""

from __future__ import annotations

from collections.abc import Collection

from django.db import transaction
from django.db.models import Exists, OuterRef

from skatclub.club.models import Change, Event, HistoryImport
from skatclub.club.services.history import Actor, acting_user

# The note of the history row the archive writer leaves on every table it imports.
IMPORTED_NOTE = "importiert"


@transaction.atomic
def record_history_import(
    *, kind: str, name: str, user: Actor = None, event_keys: Collection[str] | None = None
) -> HistoryImport | None:
    """Mark the import's events (of the club acted for) with a new `HistoryImport`.

    `event_keys` names them; without it, the events the archive writer wrote that no import
    claims yet (its "importiert" history row on a table), which are exactly the ones just
    written. No events: nothing is recorded (None).
    """
    events = Event.objects.filter(history_import=None)
    if event_keys is not None:
        events = events.filter(key__in=list(event_keys))
    else:
        written = Change.objects.filter(
            table__round__event=OuterRef("pk"),
            action=Change.Action.CREATE,
            note=IMPORTED_NOTE,
            user=None,
        )
        events = events.filter(Exists(written))
    ids = list(events.values_list("pk", flat=True))
    if not ids:
        return None
    record = HistoryImport.objects.create(kind=kind, name=name[:200], by=acting_user(user))
    Event.objects.filter(pk__in=ids).update(history_import=record)
    return record
