"""Numbers for the public pages beyond the standings.

- `game_stats`: a player's games as Alleinspieler, one aggregate query over `Game` (only
  tables entered game by game hold single games; paper lists hold sums only).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from django.db.models import Count, Q, Sum

from skatclub.club import tenancy
from skatclub.club.formatting import rounded
from skatclub.club.models import GAME_TYPE_CHOICES, Game, Player, RamschScore

TYPE_LABELS = dict(GAME_TYPE_CHOICES)


@dataclass
class TypeStats:
    """Games of one type (or all games) a player declared."""

    game_type: str
    label: str
    games: int = 0
    won: int = 0
    overbid: int = 0
    value_sum: int = 0
    bock: int = 0  # games played Bock (house rule)
    kontra: int = 0  # games with Kontra (house rule)

    @property
    def lost(self) -> int:
        return self.games - self.won

    @property
    def won_percent(self) -> Decimal | None:
        return rounded(Fraction(100 * self.won, self.games), 1) if self.games else None

    @property
    def average_value(self) -> Decimal | None:
        return rounded(Fraction(self.value_sum, self.games), 1) if self.games else None

    def add(self, other: TypeStats) -> None:
        self.games += other.games
        self.won += other.won
        self.overbid += other.overbid
        self.value_sum += other.value_sum
        self.bock += other.bock
        self.kontra += other.kontra


@dataclass
class GameStats:
    by_type: list[TypeStats] = field(default_factory=list)
    all: TypeStats = field(default_factory=lambda: TypeStats("", "alle Spiele"))
    ramsch_lost: int = 0  # Ramsch games in which the player lost points
    ramsch_points: int = 0  # the points lost in them (negative)


def game_stats(player: Player, table_ids: Iterable[int] | None = None) -> GameStats:
    """The player's declared games by type (at the given tables), in one query."""
    games = Game.objects.filter(
        declarer=player,
        passed_in=False,
        won__isnull=False,
        **tenancy.of_club("table__round__event__club_id"),
    )
    if table_ids is not None:
        # by table ids, not by season: the (declarer, table) index answers it directly
        games = games.filter(table_id__in=list(table_ids))
    rows = (
        games.values("game_type")
        .annotate(
            games=Count("id"),
            won_games=Count("id", filter=Q(won=True)),
            overbid_games=Count("id", filter=Q(overbid=True)),
            value_sum=Sum("game_value"),
            bock_games=Count("id", filter=Q(declaration__bock__gt=0)),
            kontra_games=Count("id", filter=Q(declaration__kontra=True)),
        )
        .order_by()
    )
    found = {
        r["game_type"]: TypeStats(
            r["game_type"],
            TYPE_LABELS.get(r["game_type"], r["game_type"]),
            r["games"],
            r["won_games"],
            r["overbid_games"],
            r["value_sum"] or 0,
            r["bock_games"],
            r["kontra_games"],
        )
        for r in rows
    }
    stats = GameStats(by_type=[found[t] for t in TYPE_LABELS if t in found])
    for entry in found.values():
        stats.all.add(entry)
    stats.ramsch_lost, stats.ramsch_points = _ramsch_lost(player, table_ids)
    return stats


def _ramsch_lost(player: Player, table_ids: Iterable[int] | None) -> tuple[int, int]:
    """How many Ramsch games the player lost points in, and how many points (one query)."""
    scores = RamschScore.objects.filter(
        player=player,
        list_score__lt=0,
        **tenancy.of_club("game__table__round__event__club_id"),
    )
    if table_ids is not None:
        scores = scores.filter(game__table_id__in=list(table_ids))
    found = scores.aggregate(games=Count("id"), points=Sum("list_score"))
    return found["games"], found["points"] or 0
