"""The Serie board: every table's progress in a handful of queries, for the Spielwart's live page.

Owns `round_board(round_)`. Reads tables with their progress (`queries.progress`: games,
next game, signatures, state), seats, the last game of each table and live links of one
Serie; writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import OuterRef, Q, Subquery

from skatclub.club.models import Game, Round, Seat, TableLink
from skatclub.club.queries.progress import TableProgress, annotated_progress, with_progress


@dataclass(frozen=True)
class LastGame:
    number: int
    name: str
    notation: str  # "eingepasst" for a game nobody played
    score: int | None  # None for an eingepasstes Spiel


@dataclass(frozen=True)
class BoardTable:
    number: int
    names: tuple[str, ...]
    progress: TableProgress
    last: LastGame | None
    check_label: str
    has_link: bool

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def next_dealer_name(self) -> str:
        dealer = self.progress.next_dealer
        return self.names[dealer - 1] if dealer and dealer <= self.size else ""


def round_board(round_: Round) -> list[BoardTable]:
    """Every table of the Serie, by number, with its progress (three queries)."""
    live = TableLink.objects.filter(table=OuterRef("pk"), revoked_at__isnull=True)
    tables = list(
        with_progress(round_.tables.all())
        .annotate(live_link=Subquery(live.values("pk")[:1]))
        .order_by("number")
    )
    names = _names(round_)
    wanted = Q(pk__in=[])
    for table in tables:
        if table.progress_last:
            wanted |= Q(table_id=table.pk, number=table.progress_last)
    fields = ("table_id", "number", "notation", "list_score", "passed_in", "declarer__name")
    last_games = {g["table_id"]: g for g in Game.objects.filter(wanted).values(*fields)}
    return [
        BoardTable(
            number=table.number,
            names=tuple(names.get(table.pk, ())),
            progress=annotated_progress(table),
            last=_last(last_games.get(table.pk)),
            check_label=table.get_check_status_display(),
            has_link=table.live_link is not None,
        )
        for table in tables
    ]


def _names(round_: Round) -> dict[int, list[str]]:
    names: dict[int, list[str]] = {}
    seats = Seat.objects.filter(round=round_).order_by("table_id", "position")
    for seat in seats.values("table_id", "player__name"):
        names.setdefault(seat["table_id"], []).append(seat["player__name"])
    return names


def _last(game: dict[str, Any] | None) -> LastGame | None:
    if game is None:
        return None
    return LastGame(
        number=game["number"],
        name=game["declarer__name"] or "",
        notation="eingepasst" if game["passed_in"] else game["notation"],
        score=None if game["passed_in"] else game["list_score"],
    )
