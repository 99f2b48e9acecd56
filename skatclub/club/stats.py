"""Numbers for the public pages beyond the standings, and the score-trend chart.

- `decomposition`: a score split into the parts anyone can recompute (Spielpunkte, +50 per
  won game, −50 per lost game, +40/+30 per game lost by the others), from the standings'
  lines, so mixed 3- and 4-tables show both rates.
- `game_stats`: a player's games as Alleinspieler, one aggregate query over `Game` (only
  tables entered game by game hold single games; paper lists hold sums only).
- `trend_svg`: the Wertungspunkte per Serie as an inline SVG line chart (no JavaScript).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from html import escape

from django.db.models import Count, Q, Sum

from skatclub.club.downloads import rounded
from skatclub.club.models import GAME_TYPE_CHOICES, Game, Player
from skatclub.club.standings import WON_POINTS, Line

TYPE_LABELS = dict(GAME_TYPE_CHOICES)


def others_points(line: Line) -> int:
    """What the line's score holds beyond list score and ±50: the others' lost games."""
    return line.score - line.list_score - WON_POINTS * (line.won - line.lost)


def others_terms(lines: Iterable[Line]) -> tuple[list[tuple[int, int]], int]:
    """(points per game lost by another player, number of such games), e.g. [(30, 5), (40, 3)],
    and any rest the per-game rates do not explain (0 under Seeger-Fabian)."""
    counts: Counter[int] = Counter()
    rest = 0
    for line in lines:
        extra = others_points(line)
        if line.others_lost and extra % line.others_lost == 0:
            counts[extra // line.others_lost] += line.others_lost
        else:
            rest += extra
    return sorted(counts.items(), key=lambda term: -term[0]), rest


def decomposition(lines: Sequence[Line]) -> str:
    """'812 + 50 × 10 − 50 × 2 + 30 × 5 + 40 × 3 = 1482' for the given lines."""
    list_score = sum(line.list_score for line in lines)
    won = sum(line.won for line in lines)
    lost = sum(line.lost for line in lines)
    score = sum(line.score for line in lines)
    terms, rest = others_terms(lines)
    text = f"{list_score} + {WON_POINTS} × {won} − {WON_POINTS} × {lost}"
    text += "".join(f" + {points} × {games}" for points, games in terms)
    if rest:
        text += f" + {rest}"
    return f"{text} = {score}"


@dataclass
class TypeStats:
    """Games of one type (or all games) a player declared."""

    game_type: str
    label: str
    games: int = 0
    won: int = 0
    overbid: int = 0
    value_sum: int = 0

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


@dataclass
class GameStats:
    by_type: list[TypeStats] = field(default_factory=list)
    all: TypeStats = field(default_factory=lambda: TypeStats("", "alle Spiele"))


def game_stats(player: Player, table_ids: Iterable[int] | None = None) -> GameStats:
    """The player's declared games by type (at the given tables), in one query."""
    games = Game.objects.filter(declarer=player, passed_in=False, won__isnull=False)
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
        )
        for r in rows
    }
    stats = GameStats(by_type=[found[t] for t in TYPE_LABELS if t in found])
    for entry in found.values():
        stats.all.add(entry)
    return stats


@dataclass(frozen=True)
class Point:
    label: str  # e.g. "20.11.2026 S1"
    score: int


WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 48


def nice_step(span: int, ticks: int = 5) -> int:
    """A round grid step (1, 2, 5 × 10^k) giving about `ticks` lines over `span`."""
    raw = max(span / ticks, 1)
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return factor * magnitude
    return 10 * magnitude


def trend_svg(points: Sequence[Point], title: str, description: str) -> str:
    """An accessible SVG line chart of the scores, oldest Serie on the left."""
    if not points:
        return ""
    low = min(0, *(p.score for p in points))
    high = max(0, *(p.score for p in points))
    step = nice_step(high - low or 1)
    low, high = (low // step) * step, -((-high) // step) * step or step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(index: int) -> float:
        return LEFT + (plot_w * index / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(score: int) -> float:
        return TOP + plot_h * (high - score) / (high - low)

    parts = [
        f'<svg class="trend" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="trend-title trend-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="trend-title">{escape(title)}</title>',
        f'<desc id="trend-desc">{escape(description)}</desc>',
    ]
    for value in range(low, high + 1, step):
        parts.append(
            f'<line class="grid{" zero" if value == 0 else ""}" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
            f'y1="{y(value):.1f}" y2="{y(value):.1f}"/>'
            f'<text class="axis" x="{LEFT - 6}" y="{y(value) + 5:.1f}" '
            f'text-anchor="end">{value}</text>'
        )
    coords = " ".join(f"{x(i):.1f},{y(p.score):.1f}" for i, p in enumerate(points))
    parts.append(f'<polyline class="line" points="{coords}"/>')
    for i, p in enumerate(points):
        parts.append(
            f'<circle class="dot" cx="{x(i):.1f}" cy="{y(p.score):.1f}" r="4">'
            f"<title>{escape(p.label)}: {p.score}</title></circle>"
        )
    for i in sorted({0, len(points) - 1}):
        anchor = "start" if i == 0 and len(points) > 1 else "end" if i else "middle"
        parts.append(
            f'<text class="axis" x="{x(i):.1f}" y="{HEIGHT - BOTTOM + 22}" '
            f'text-anchor="{anchor}">{escape(points[i].label)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
