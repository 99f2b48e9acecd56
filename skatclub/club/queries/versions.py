"""The state of the pages that show an event or a season: what their cache key and ETag are
made of (`views.conditional`), besides the rows the page reads anyway.

Every write anyone could see on these pages raises a version (`services.versions`): a table's
for its list, seats and sums, the event's for everything else. So an event's pages change
exactly when the event's row or the count or sum of its tables' versions does (one query),
and the start page when a season's row, its events' versions or the versions of the newest
season's tables do (two queries)."""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, Max, Sum

from skatclub.club.models import Event, Round, Season, Signature, Table, TableLink
from skatclub.club.tenancy import current_club_id

SEASON_FIELDS = [field.attname for field in Season._meta.concrete_fields]


def event_tables_state(event_id: int) -> tuple[object, ...]:
    """Changes with every change to a table of the event (a game, a seat, a check)."""
    with connection.cursor() as cursor:
        cursor.execute(_TABLES_STATE + " WHERE r.event_id = %s", [event_id])
        tables, versions = cursor.fetchone()
    return tables, versions


def event_state(key: str) -> tuple[int, tuple[object, ...]] | None:
    """(id, state) of the event with this key in the club acted for: its stored columns as
    the database gives them and `event_tables_state`, in one query and without building the
    event (300 spectators' projectors ask this every two seconds; a page is built from the
    event only when it is rendered anew). None: no such event."""
    club_id = current_club_id()
    sql = _EVENT_STATE if club_id is None else _EVENT_STATE + " AND e.club_id = %s"
    sql += " GROUP BY e.id"
    with connection.cursor() as cursor:
        cursor.execute(sql, [key] if club_id is None else [key, club_id])
        row = cursor.fetchone()
    if row is None:
        return None
    return int(row[0]), tuple(row)


_TABLES = f"FROM {Table._meta.db_table} t JOIN {Round._meta.db_table} r ON r.id = t.round_id"  # noqa: S608
_TABLES_STATE = f"SELECT COUNT(t.id), SUM(t.version) {_TABLES}"  # noqa: S608
# The tables counted and summed in one pass (two subqueries read them twice: 0.52 against
# 0.38 ms of PostgreSQL's time for 350 tables, asked 150 times a second by the spectators).
_EVENT_STATE = (
    "SELECT "  # noqa: S608
    + ", ".join(f"e.{field.column}" for field in Event._meta.concrete_fields)
    + ", COUNT(t.id), SUM(t.version)"
    + f" FROM {Event._meta.db_table} e"
    + f" LEFT JOIN {Round._meta.db_table} r ON r.event_id = e.id"
    + f" LEFT JOIN {Table._meta.db_table} t ON t.round_id = r.id"
    + " WHERE e.key = %s"
)
assert Event._meta.concrete_fields[0].column == "id"  # event_state reads the id first


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
