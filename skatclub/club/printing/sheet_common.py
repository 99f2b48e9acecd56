"""What the played and the blank Spielliste share: the page, the type scale, the players' names
over their columns, the shaded cells of dealer and sitter, the signature boxes.

Owns the page geometry of a Spielliste (A4, text area `WIDTH_MM` × `PAGE_MM`), the sizes of its
type (data `DATA_PT`, names `NAME_PT`; the page head's are `page_head`'s) with their line
heights, `NameBlock` (every name in full over its column, on as many lines as it needs:
bold while every name fits two lines, else regular, which is narrower) and the signature boxes.
`score_sheet_layout.py` (played) and `blank_layout.py` (for the pen) lay out their grids with these.
Reads and writes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from scoring import dealer_position, sitting_positions
from skatclub.club.printing.fonts import MM_PER_PT, Cell, placed_line, wrapped
from skatclub.club.printing.page_head import PORTRAIT_MM
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.score_sheet import SheetPlayer

WIDTH_MM = PORTRAIT_MM
PAGE_MM = 276.0  # A4 less the top (8 mm) and bottom (12 mm, the page number) margins, and 1 mm
# `tab-size: 30px`: WeasyPrint hands Pango whole pixels, which Pango reads as 1/1000 of its
# 1024 units, so the stops fall every 30 × 1.024 px = 8.128 mm (measured, any font size).
TAB_PX = 30
TAB_MM = TAB_PX * 1.024 * 25.4 / 96
DATA_PT, NAME_PT = 8.0, 9.0
LINE = 1.2  # line height in ems of the text blocks of a Spielliste
GAP_MM = 1.0  # between the blocks of a page
SIGNATURE_MM = 12.0
DEALER_SHADE, SITTING_SHADE = "#d9d9d9", "#ededed"


def line_mm(size_pt: float) -> float:
    return round(size_pt * MM_PER_PT * LINE, 3)


def sitting_shades(table_size: int, number: int) -> dict[int, str]:
    """Seat -> shade of the cells of game `number`: the dealer darker, a sitter lighter."""
    shades = {p: SITTING_SHADE for p in sitting_positions(table_size, number)}
    shades[dealer_position(table_size, number)] = DEALER_SHADE
    return shades


@dataclass(frozen=True)
class NameBlock:
    """The players' names over their columns: `lines` lines of text at `NAME_PT`."""

    text: str
    lines: int
    bold: bool

    @property
    def line_mm(self) -> float:
        return line_mm(NAME_PT)

    @property
    def height_mm(self) -> float:
        return round(self.lines * line_mm(NAME_PT), 3)


def name_block(
    players: Sequence[SheetPlayer], left: Callable[[int], float], width_mm: float
) -> NameBlock:
    """Every name in full in its column (`left(position)` mm from the edge, `width_mm` wide),
    wrapped after spaces and hyphens, inside a word at a German syllable (or, a word without
    one that fits, between letters) with a visible hyphen."""
    bold = True
    split = [name_lines(p.name, width_mm, bold=True) for p in players]
    if any(len(lines) > 2 for lines in split):
        bold = False
        split = [name_lines(p.name, width_mm) for p in players]
    count = max((len(lines) for lines in split), default=0)
    rows = [
        placed_line(
            [Cell(left(p.position), lines[i]) for p, lines in zip(players, split, strict=True)
             if i < len(lines)],
            NAME_PT,
            TAB_MM,
            bold=bold,
        )
        for i in range(count)
    ]  # fmt: skip
    return NameBlock("\n".join(rows), max(count, 1), bold)


def name_lines(name: str, width_mm: float, *, bold: bool = False) -> list[str]:
    """A name's lines in its column: broken after spaces and hyphens, a word wider than the
    column at a syllable; where that takes more than `NAME_LINES` lines, any word that does
    not fit the rest of a line is broken at a syllable too (always with a visible hyphen)."""
    lines = wrapped(name, width_mm, NAME_PT, bold=bold, hyphenate=True)
    if len(lines) <= NAME_LINES:
        return lines
    filled = wrapped(name, width_mm, NAME_PT, bold=bold, syllables=True)
    return filled if len(filled) < len(lines) else lines


NAME_LINES = 3  # a name of 40 characters stands on three lines in a column as wide as this


def names_mm(players: Sequence[SheetPlayer], lines: int = NAME_LINES) -> float:
    """The narrowest text width (to 0.5 mm) in which every name stands on `lines` lines or
    fewer, regular, hyphenated as `name_block` does."""
    low, high = 2, 120  # in half millimetres
    names = [p.name for p in players]
    while low < high:
        middle = (low + high) // 2
        if all(len(name_lines(n, middle / 2)) <= lines for n in names):
            high = middle
        else:
            low = middle + 1
    return low / 2


def signature_drawing(table_size: int, height: float = SIGNATURE_MM) -> Drawing:
    """Fixed boxes for the players' and the Spielwart's signatures."""
    width = _signature_width(table_size)
    drawing = Drawing(WIDTH_MM, height)
    for index in range(table_size + 1):
        drawing.box(index * (width + 2.0), 0.2, width, height - 0.4, 0.25)
    return drawing


def signature_labels(table_size: int, signed: Mapping[int, str] | None = None) -> str:
    """The boxes' labels; `signed`: seat -> how its player signed at the table (a second line
    in his box, "✓ eigenes Handy"), for a list signed on the phones."""
    width = _signature_width(table_size)
    labels = [f"Unterschrift Platz {p}" for p in range(1, table_size + 1)] + ["Spielwart"]
    cells = [Cell(i * (width + 2.0) + 1.0, text) for i, text in enumerate(labels)]
    lines = [placed_line(cells, DATA_PT, TAB_MM)]
    # A mark wider than its box (a 5-table's) takes two lines; the box has room for three.
    marks = {
        p: wrapped(f"✓ {how}", width - 2.0, DATA_PT)[:2]
        for p, how in (signed or {}).items()
        if 1 <= p <= table_size
    }
    for row in range(max((len(m) for m in marks.values()), default=0)):
        cells = [
            Cell((p - 1) * (width + 2.0) + 1.0, mark[row])
            for p, mark in sorted(marks.items())
            if row < len(mark)
        ]
        lines.append(placed_line(cells, DATA_PT, TAB_MM))
    return "\n".join(lines)


def _signature_width(table_size: int) -> float:
    return (WIDTH_MM - 2.0 * table_size) / (table_size + 1)


@dataclass(frozen=True)
class Room:
    """What a page of a Spielliste leaves for its rows: `body_mm` under the heads, less
    `last_mm` on the last page (notes, legend, signatures), which also holds `foot_rows` sums;
    rows between `min_row_mm` and `max_row_mm` tall."""

    body_mm: float
    last_mm: float
    foot_rows: int
    min_row_mm: float
    max_row_mm: float


def pagination(games: int, table_size: int, room: Room) -> tuple[list[tuple[int, int]], float]:
    """(first game, count) per page and the row height: as few pages as rows of
    `room.min_row_mm` allow, split after a round of deals, the rows as tall as the fullest page
    allows (rounded down to 0.1 mm, so that sheets of a Serie share their frames)."""
    rounds = math.ceil(games / table_size) if games else 0
    best: tuple[list[tuple[int, int]], float] | None = None
    for pages in range(1, max(rounds, 1) + 1):
        for per_page in range(math.ceil(rounds / pages), rounds + 1):
            rows = [per_page * table_size] * (pages - 1)
            rest = games - sum(rows)
            if pages > 1 and rest <= 0:
                continue
            last = (room.body_mm - room.last_mm) / (rest + room.foot_rows)
            row_mm = min([room.max_row_mm, last, *(room.body_mm / r for r in rows)])
            # On a tie (rows as tall as they may be) the earlier pages take more games.
            if best is None or row_mm >= best[1]:
                firsts = [1 + i * per_page * table_size for i in range(pages)]
                best = (list(zip(firsts, [*rows, rest], strict=True)), row_mm)
        if best is not None and best[1] >= room.min_row_mm:
            break
    assert best is not None
    parts, row_mm = best
    return parts, math.floor(max(row_mm, room.min_row_mm) * 10) / 10
