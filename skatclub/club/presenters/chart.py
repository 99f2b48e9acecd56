"""The score-trend chart of the player page: Wertungspunkte per Serie as an inline SVG line
chart (no JavaScript). Pure: takes the points, returns escaped SVG markup."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape


@dataclass(frozen=True)
class Point:
    label: str  # e.g. "20.11.2026 S1"
    score: int


WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 64, 16, 16, 48


def nice_step(span: int, ticks: int = 5) -> int:
    """A round grid step (1, 2, 5 × 10^k) giving about `ticks` lines over `span`."""
    raw = max(span / ticks, 1)
    magnitude: int = 10 ** (len(str(int(raw))) - 1)
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
