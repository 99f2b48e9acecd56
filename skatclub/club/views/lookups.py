"""Small helpers shared by the Spielwart's view modules: object lookups and request parsing.

Owns nothing but lookups (`Event` by key, `Round` by event key and number, `Table` by event
key, Serie and table number, each inside the club acted for, 404 otherwise), the seated
players of a table, lenient int parsing of posted values and the status code of a form
re-rendered with its errors.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from skatclub.club.models import Event, Player, Round, Table
from skatclub.club.tenancy import of_club

INVALID = 422  # a form re-rendered with its errors and the input kept


def event_or_404(key: str) -> Event:
    return get_object_or_404(Event, key=key)


def round_or_404(key: str, number: int) -> Round:
    return get_object_or_404(
        Round.objects.select_related("event"),
        event__key=key,
        number=number,
        **of_club("event__club_id"),
    )


def table_or_404(key: str, number: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event__key=key,
        round__number=number,
        number=table,
        **of_club("round__event__club_id"),
    )


def seated_players(table: Table) -> dict[int, Player]:
    """Seat position -> player."""
    return {s.position: s.player for s in table.seats.select_related("player").order_by()}


# URL prefixes shared by the Spielwart's URL lists (German, as the club reads them).
EVENT = "spielwart/veranstaltungen/<slug:key>/"
ROUND = EVENT + "serie/<int:number>/"
TABLE = ROUND + "tisch/<int:table>/"
