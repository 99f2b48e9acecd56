"""The Serie board: every table's progress in a handful of queries, for the Spielwart's live page.

Owns `round_board(round_)`. Reads tables, seats, the last game of each table, signatures,
checks and live links of one Serie; writes nothing. Terms: *progress* is the number of entered
games against the Serie length of the table's size; a table is *signed off* when every seated
player has signed its list at the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, IntegerField, OuterRef, Q, Subquery, Value
from django.db.models.functions import Coalesce

from scoring import TABLE_SIZES
from skatclub.club.models import Game, Round, Seat, Signature, Table, TableLink


@dataclass(frozen=True)
class BoardTable:
    number: int
    names: tuple[str, ...]
    entry: str  # Table.Entry
    games: int
    games_per_round: int
    last_number: int | None
    last_name: str
    last_notation: str
    last_score: int | None
    signed: int
    check_status: str
    check_label: str
    has_link: bool

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def is_complete(self) -> bool:
        return self.games_per_round > 0 and self.games >= self.games_per_round

    @property
    def is_signed_off(self) -> bool:
        return 0 < self.size <= self.signed

    @property
    def state(self) -> str:
        """One word for the card's colour: confirmed, signed, complete, playing, waiting."""
        if self.check_status == Table.Check.CONFIRMED:
            return "confirmed"
        if self.is_signed_off:
            return "signed"
        if self.is_complete or self.entry == Table.Entry.TOTALS:
            return "complete"
        return "playing" if self.games else "waiting"


def _count(model: type[Game] | type[Signature]) -> Coalesce:
    counted = (
        model.objects.filter(table=OuterRef("pk"))
        .order_by()
        .values("table")
        .annotate(n=Count("pk"))
        .values("n")
    )
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def round_board(round_: Round) -> list[BoardTable]:
    """Every table of the Serie, by number, with its progress (four queries)."""
    event = round_.event
    last = Game.objects.filter(table=OuterRef("pk")).order_by("-number")
    tables = list(
        round_.tables.annotate(
            game_total=_count(Game),
            signed_total=_count(Signature),
            last_number=Subquery(last.values("number")[:1]),
            live_link=Subquery(
                TableLink.objects.filter(table=OuterRef("pk"), revoked_at__isnull=True).values(
                    "pk"
                )[:1]
            ),
        ).order_by("number")
    )
    names: dict[int, list[str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .order_by("table_id", "position")
        .values("table_id", "player__name")
    ):
        names.setdefault(seat["table_id"], []).append(seat["player__name"])
    wanted = Q(pk__in=[])
    for table in tables:
        if table.last_number:
            wanted |= Q(table_id=table.pk, number=table.last_number)
    last_games = {
        g["table_id"]: g
        for g in Game.objects.filter(wanted).values(
            "table_id", "number", "notation", "list_score", "passed_in", "declarer__name"
        )
    }
    rows = []
    for table in tables:
        seated = tuple(names.get(table.pk, ()))
        game = last_games.get(table.pk)
        size = len(seated)
        rows.append(
            BoardTable(
                number=table.number,
                names=seated,
                entry=table.entry,
                games=table.game_total,
                games_per_round=event.games_for_table_size(size) if size in TABLE_SIZES else 0,
                last_number=game["number"] if game else None,
                last_name=(game["declarer__name"] or "") if game else "",
                last_notation=(
                    ("eingepasst" if game["passed_in"] else game["notation"]) if game else ""
                ),
                last_score=None if not game or game["passed_in"] else game["list_score"],
                signed=table.signed_total,
                check_status=table.check_status,
                check_label=table.get_check_status_display(),
                has_link=table.live_link is not None,
            )
        )
    return rows
