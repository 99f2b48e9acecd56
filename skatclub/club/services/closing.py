"""The one guard of a closed event: nothing new is added to it (issue 38).

Owns `check_event_open`: once the Spielwart closed the event (`events.close_event`), nobody
starts a Serie, takes or changes a seat, or enters a game under a number not yet stored.
The table's links meet the same guard (`table_links.check_link_writes`, where a closed event
refuses everything the link would write); the Spielwart's own pages still correct what is
there (an existing game changed or deleted, a list checked, paper totals). Its refusal is
an `EventClosedError`: the players read the link's words (`queries.table_status.
event_closed`), the Spielwart reads what to do (reopen first). Reads the event's
`closed_at`; writes nothing.
"""

from __future__ import annotations

import datetime

from skatclub.club.models import Event, TableLink
from skatclub.club.queries.table_status import closed_since, event_closed
from skatclub.club.services.errors import EventClosedError
from skatclub.club.services.history import Actor

# What the Spielwart wanted to do, in the words of the refusal („… dann lässt sich …“).
NEW_ROUND = "eine neue Serie beginnen"
NEW_SEATS = "an den Plätzen etwas ändern"
NEW_GAME = "ein neues Spiel erfassen"


def check_event_open(event: Event, *, user: Actor, doing: str) -> None:
    """Refuse adding to `event` once it is closed (`EventClosedError`), for anyone.

    The event's `closed_at` is read again (and set on `event`): the event loaded with a
    table or by the request may be older than the caller's lock. The caller holds the lock of
    a table of the event, or of the event's row: `close_event` locks every table of the
    event and then its row, so this read sees a closing that committed before the lock, and
    a closing pressed later waits until the caller's write is done.
    """
    closed_at = Event.objects.filter(pk=event.pk).values_list("closed_at", flat=True).get()
    event.closed_at = closed_at
    refuse_closed(closed_at, user=user, doing=doing)


def refuse_closed(closed_at: datetime.datetime | None, *, user: Actor, doing: str) -> None:
    """The refusal itself, for a `closed_at` the caller has just read under its lock (the
    link's check reads it with the link, in the query it makes anyway)."""
    if closed_at is None:
        return
    if isinstance(user, TableLink):
        raise EventClosedError(event_closed(closed_at))
    raise EventClosedError(
        f"{closed_since(closed_at)}. Erst „Wieder öffnen“ (auf der Seite der Veranstaltung), "
        f"dann lässt sich {doing}. Schon erfasste Spiele lassen sich weiter korrigieren."
    )
