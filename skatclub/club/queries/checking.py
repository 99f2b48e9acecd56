"""What the Prüfer's overview (/pruefen/) reads: the club's lists newest first, a page at a time,
how many are open, checked and rejected, the games kept "abweichend erfasst", and the imports
a history came from (`HistoryImport`), each with its lists.

A *list* is a table's Spielliste (`Table`). *Origin* narrows the lists to those of one import
(its id), of every import ("importiert") or of none ("erfasst": entered in skatclub); *state*
to those still to check (open or rejected, the default), open, rejected, checked or all. Every
read is a fixed number of queries whatever the number of lists: the counts are one aggregate,
a page's rows one query with its players prefetched (tests/club/views/test_checking_history.py
holds the count). Reads only.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import Count, Exists, OuterRef, Prefetch, Q, QuerySet, Subquery

from skatclub.club import tenancy
from skatclub.club.models import Change, Event, Game, HistoryImport, Seat, Table

PER_PAGE = 25
IMPORTED = "importiert"
ENTERED = "erfasst"
# state -> (German label, which check statuses)
STATES: dict[str, tuple[str, tuple[str, ...]]] = {
    "zu-pruefen": ("zu prüfen (offen oder beanstandet)", ("open", "rejected")),
    "offen": ("offen", ("open",)),
    "beanstandet": ("beanstandet", ("rejected",)),
    "geprueft": ("geprüft", ("confirmed",)),
    "alle": ("alle", ("open", "rejected", "confirmed")),
}
DEFAULT_STATE = "zu-pruefen"
# What the history writes for a list entered or corrected by hand (`services.review`).
ENTRY_ACTIONS = (
    Change.Action.CREATE,
    Change.Action.UPDATE,
    Change.Action.DELETE,
    Change.Action.TOTALS,
)


@dataclass(frozen=True)
class Counts:
    lists: int
    open: int
    confirmed: int
    rejected: int
    flagged_games: int  # games kept "abweichend erfasst"
    flagged_totals: int  # paper totals kept "abweichend erfasst"

    @property
    def to_check(self) -> int:
        return self.open + self.rejected


@dataclass(frozen=True)
class ImportRow:
    """An import with lists in the club, for the filter and the bulk acceptance."""

    pk: int
    label: str
    lists: int
    open: int
    accepted_at: datetime.datetime | None  # when its lists were accepted together, if ever


@dataclass(frozen=True)
class ListRow:
    table: Table
    players: list[str]
    flagged: int  # the list's games kept "abweichend erfasst"


def _origin_filter(origin: str) -> Q:
    if origin == IMPORTED:
        return Q(round__event__history_import__isnull=False)
    if origin == ENTERED:
        return Q(round__event__history_import__isnull=True)
    if origin.isdigit():
        return Q(round__event__history_import_id=int(origin))
    return Q()


def club_lists(origin: str = "") -> QuerySet[Table]:
    """The club's lists of `origin` ("" for all)."""
    return Table.objects.filter(_origin_filter(origin), **tenancy.of_club("round__event__club_id"))


def counts(origin: str = "") -> Counts:
    """How many lists of `origin` are open, checked, rejected; the flagged games (2 queries)."""
    by_state = club_lists(origin).aggregate(
        lists=Count("pk"),
        open=Count("pk", filter=Q(check_status=Table.Check.OPEN)),
        confirmed=Count("pk", filter=Q(check_status=Table.Check.CONFIRMED)),
        rejected=Count("pk", filter=Q(check_status=Table.Check.REJECTED)),
        flagged_totals=Count("pk", filter=~Q(recorded_note="")),
    )
    flagged = Game.objects.filter(as_recorded=True, table__in=club_lists(origin)).count()
    return Counts(flagged_games=flagged, **by_state)


# What a row shows: the database sorts every list of the club with these columns, not with
# every column of the event (its JSON house rules made the sort four times slower).
SHOWN = (
    "number",
    "entry",
    "check_status",
    "recorded_note",
    "round__number",
    "round__event__key",
    "round__event__name",
    "round__event__date",
    "checked_by__username",
)


def lists_page(origin: str, state: str, page_number: Any) -> Page[Table]:
    """One page of the lists, newest event first, then Serie and table; a page number that is
    no number gives the first page, one past the end the last (`Paginator.get_page`)."""
    statuses = STATES.get(state, STATES[DEFAULT_STATE])[1]
    seats = Seat.objects.select_related("player").order_by("position")
    tables = (
        club_lists(origin)
        .filter(check_status__in=statuses)
        .select_related("round__event", "checked_by")
        .only(*SHOWN)
        .prefetch_related(Prefetch("seats", queryset=seats))
        .order_by("-round__event__date", "round__event__key", "round__number", "number")
    )
    return Paginator(tables, PER_PAGE).get_page(page_number)


def list_rows(page: Page[Table]) -> list[ListRow]:
    """The page's lists with their players and flagged games (one query for the page's
    flagged games: counted for every list before sorting, they cost a scan of all games)."""
    tables = list(page.object_list)
    flagged = dict(
        Game.objects.filter(table__in=[t.pk for t in tables], as_recorded=True)
        .order_by()
        .values_list("table")
        .annotate(n=Count("pk"))
        .values_list("table", "n")
    )
    return [
        ListRow(t, [s.player.name for s in t.seats.all()], flagged.get(t.pk, 0)) for t in tables
    ]


def imports() -> list[ImportRow]:
    """The club's imports that still have lists, newest first (two queries: the lists counted
    per import, then the imports; counting them in one grouped query with the imports' own
    columns took three times as long)."""
    per_import = {
        row["round__event__history_import"]: row
        for row in club_lists(IMPORTED)
        .order_by()
        .values("round__event__history_import")
        .annotate(lists=Count("pk"), open=Count("pk", filter=Q(check_status=Table.Check.OPEN)))
    }
    accepted = Change.objects.filter(
        history_import=OuterRef("pk"), action=Change.Action.CONFIRM
    ).order_by("-at")
    records = (
        HistoryImport.objects.filter(pk__in=list(per_import))
        .annotate(accepted_at=Subquery(accepted.values("at")[:1]))
        .order_by("-at", "-pk")
    )
    return [
        ImportRow(r.pk, str(r), per_import[r.pk]["lists"], per_import[r.pk]["open"], r.accepted_at)
        for r in records
    ]


@dataclass(frozen=True)
class Acceptance:
    """What accepting an import's lists together would do for this checker."""

    history_import: HistoryImport
    lists: int  # open lists that will be accepted
    own: int  # open lists the checker entered or corrected himself: they stay open
    rejected: int  # rejected lists: they stay rejected until corrected and checked
    confirmed: int  # checked already
    flagged_games: int
    imported_by_checker: bool  # he ran the import himself: nobody's second signature


def entered_by(user_id: int | None) -> Exists | Q:
    """Lists on which `user_id` entered or corrected results (nobody: none)."""
    if user_id is None:
        return Q(pk__isnull=True)  # never: the import's rows name no user
    return Exists(
        Change.objects.filter(table=OuterRef("pk"), user_id=user_id, action__in=ENTRY_ACTIONS)
    )


def acceptable(history_import: HistoryImport, user_id: int | None) -> QuerySet[Table]:
    """The import's open lists that `user_id` may accept (he entered none of their results)."""
    return (
        Table.objects.filter(round__event__history_import=history_import)
        .filter(check_status=Table.Check.OPEN)
        .exclude(entered_by(user_id))
    )


def acceptance(history_import: HistoryImport, user_id: int | None) -> Acceptance:
    """The confirmation's numbers (2 queries)."""
    lists = Table.objects.filter(round__event__history_import=history_import)
    own = Q(check_status=Table.Check.OPEN) & Q(entered_by(user_id))
    by_state = lists.aggregate(
        open=Count("pk", filter=Q(check_status=Table.Check.OPEN)),
        own=Count("pk", filter=own),
        rejected=Count("pk", filter=Q(check_status=Table.Check.REJECTED)),
        confirmed=Count("pk", filter=Q(check_status=Table.Check.CONFIRMED)),
    )
    flagged = Game.objects.filter(as_recorded=True, table__in=lists).count()
    return Acceptance(
        history_import,
        by_state["open"] - by_state["own"],
        by_state["own"],
        by_state["rejected"],
        by_state["confirmed"],
        flagged,
        user_id is not None and history_import.by_id == user_id,
    )


def imported_by(table: Table, user_id: int | None) -> bool:
    """Whether `user_id` ran the import the table's event came from."""
    if user_id is None:
        return False
    events = Event.all_clubs.filter(rounds__tables=table, history_import__by_id=user_id)
    return events.exists()


def table_changes(table: Table) -> QuerySet[Change]:
    """A list's history: its own rows, and the acceptance of its whole import (one row for
    all of the import's lists), newest first. `table` is read with its Serie and event."""
    import_id = table.round.event.history_import_id
    whole_import = Q(table=None, history_import_id=import_id) if import_id else Q(pk__isnull=True)
    return Change.objects.filter(Q(table=table) | whole_import).select_related("user")
