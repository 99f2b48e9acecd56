"""How far the tables of an event or Serie are: games entered out of the Serie's length, checked.

Owns `table_progress` (one query for any number of tables) and the German status line every
printout shows (`status_text`): "vorläufig: 30 von 48 Spielen" while games are missing,
"nicht geprüft" while a complete list waits for its second signature, "geprüft von … am …"
once it has it. Reads tables, their seats and game counts; writes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils import timezone

from scoring import TABLE_SIZES
from skatclub.club.collation import german_key
from skatclub.club.models import Table


@dataclass(frozen=True)
class TableProgress:
    table_id: int
    round_number: int
    table_number: int
    entered: int  # games entered (a list entered as totals counts as complete)
    expected: int  # the Serie's length at this table size
    confirmed: bool
    checked_by: str
    checked_at: datetime.datetime | None

    @property
    def is_complete(self) -> bool:
        return self.entered >= self.expected


def table_progress(tables: QuerySet[Table]) -> list[TableProgress]:
    """Progress of the selected tables, in Serie and table order, in one query."""
    rows = (
        tables.select_related("round__event", "checked_by")
        .annotate(
            game_count=Count("games", distinct=True),
            seat_count=Count("seats", distinct=True),
        )
        .order_by("round__number", "number")
    )
    result = []
    for table in rows:
        size = table.seat_count
        expected = table.round.event.games_for_table_size(size) if size in TABLE_SIZES else 0
        entered = expected if table.entry == Table.Entry.TOTALS else table.game_count
        checker = table.checked_by
        result.append(
            TableProgress(
                table_id=table.pk,
                round_number=table.round.number,
                table_number=table.number,
                entered=entered,
                expected=expected,
                confirmed=table.check_status == Table.Check.CONFIRMED,
                checked_by=(checker.get_full_name() or checker.get_username()) if checker else "",
                checked_at=table.checked_at,
            )
        )
    return result


def tables_of(event_id: int, round_number: int | None = None) -> QuerySet[Table]:
    selection = Q(round__event_id=event_id)
    if round_number is not None:
        selection &= Q(round__number=round_number)
    return Table.objects.filter(selection)


def status_text(progress: Sequence[TableProgress]) -> str:
    """The status line of a printout of these tables (one table: its Spielliste)."""
    if not progress:
        return "vorläufig: noch keine Tische"
    unchecked = [p for p in progress if not p.confirmed]
    if not unchecked:  # a checked list is final, even when it ended before its last game
        return "geprüft von " + _checkers(progress)
    entered = sum(min(p.entered, p.expected) for p in progress)
    expected = sum(p.expected for p in progress)
    if entered < expected:
        return f"vorläufig: {entered} von {expected} Spielen"
    if len(progress) == 1:
        return "nicht geprüft"
    return f"nicht geprüft: {len(unchecked)} von {len(progress)} Tischen"


def _checkers(progress: Iterable[TableProgress]) -> str:
    names = sorted({p.checked_by or "unbekannt" for p in progress}, key=german_key)
    dates = [p.checked_at for p in progress if p.checked_at]
    when = f" am {timezone.localtime(max(dates)):%d.%m.%Y}" if dates else ""
    return ", ".join(names) + when
