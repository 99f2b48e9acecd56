"""Reads for seating without repeat meetings: who sat with whom, and the seating wishes.

Owns `earlier_tables` (the tables of the Serien seated before, in the event or the whole
season, as lists of player ids), `declared_pairs` (pairs that never share a table) and
`fixed_tables` (players with a fixed table). Each is one query; `services.seating` counts the
meetings and pairs with the pure `services.meetings` and passes them to its `spread_tables`.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Q

from skatclub.club.models import Attendance, Event, KeepApart, Round, Seat


def earlier_tables(event: Event, scope: str, before: int | None = None) -> list[list[int]]:
    """The players at each table: of the event's Serien (`scope="event"`), or of every Serie
    of the season up to the event's date (`"season"`); `""` reads none. `before` leaves out
    the event's Serie of that number and later ones."""
    if scope not in (Round.Avoid.EVENT, Round.Avoid.SEASON):
        return []
    rounds = Q(round__event=event)
    if scope == Round.Avoid.SEASON:
        rounds = Q(round__event__season_id=event.season_id, round__event__date__lt=event.date)
        rounds |= Q(round__event=event)
    if before is not None:
        rounds &= ~Q(round__event=event, round__number__gte=before)
    tables: dict[int, list[int]] = defaultdict(list)
    for table_id, player_id in Seat.objects.filter(rounds).values_list("table_id", "player_id"):
        tables[table_id].append(player_id)
    return list(tables.values())


def declared_pairs(event: Event) -> list[tuple[int, int]]:
    """Declared pairs for this event (player ids): the club-wide ones and the event's own."""
    rows = KeepApart.objects.filter(Q(event__isnull=True) | Q(event=event))
    return list(rows.values_list("first_id", "second_id"))


def fixed_tables(event: Event) -> dict[int, int]:
    """Player -> fixed table number, for the present players who have one."""
    rows = Attendance.objects.filter(event=event, fixed_table__isnull=False)
    return {p: t for p, t in rows.values_list("player_id", "fixed_table") if t is not None}
