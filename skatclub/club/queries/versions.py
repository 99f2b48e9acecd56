"""The state of the pages that show an event or a season: what their cache key and ETag are
made of (`views.conditional`), besides the rows the page reads anyway.

Every write anyone could see on these pages raises a version (`services.versions`): a table's
for its list, seats and sums, the event's for everything else. So an event's pages change
exactly when the event's row or the count or sum of its tables' versions does (one query),
and the start page when a season's row, its events' versions or the versions of the newest
season's tables do (two queries)."""

from __future__ import annotations

from django.db.models import Count, Max, Sum

from skatclub.club.models import Event, Season, Signature, Table, TableLink

SEASON_FIELDS = [field.attname for field in Season._meta.concrete_fields]


def event_tables_state(event_id: int) -> tuple[object, ...]:
    """Changes with every change to a table of the event (a game, a seat, a check)."""
    found = Table.objects.filter(round__event_id=event_id).aggregate(
        tables=Count("id"), versions=Sum("version")
    )
    return found["tables"], found["versions"]


def club_state() -> tuple[object, ...]:
    """Changes with every change to the club's events and seasons and to the tables of the
    newest season's events (the start page ranks that season; the club acted for)."""
    seasons = Season.objects.order_by("pk").values_list(
        *SEASON_FIELDS, Count("events"), Max("events__id"), Sum("events__version")
    )
    newest = Event.objects.order_by("-date", "key").values("season_id")[:1]  # as the page
    tables = Table.objects.filter(round__event__season_id__in=newest).aggregate(
        tables=Count("id"), versions=Sum("version")
    )
    return tuple(seasons), tables["tables"], tables["versions"]


def round_links_state(round_id: int) -> tuple[object, ...]:
    """The Serie's table links and signatures, as the Spielwart's board shows them (issued,
    renewed, revoked; signed): their writers need not raise a version for the board to follow."""
    links = TableLink.objects.filter(table__round_id=round_id).aggregate(
        count=Count("id"), newest=Max("id"), revoked=Count("revoked_at")
    )
    signed = Signature.objects.filter(table__round_id=round_id).aggregate(
        count=Count("id"), newest=Max("id")
    )
    return tuple(links.values()), tuple(signed.values())
