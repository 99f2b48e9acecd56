"""The blank Spielliste for the pen, after the DSkV form: big cells, dealers shaded, sums checked.

Owns the frame of a form filled in by hand at the table (`BlankFrame`) and its pages
(`blank_pages`): rows of at least 5 mm, player columns of at least 22 mm, no derivation
column, the dealer's cell (and at a 5-table the other sitter's) shaded per game, a heavy line
and a control-sum box ("Σ") after every round of deals, large Serie and Tisch fields, and the
short address where the list can be entered online. Reads a `sheet.ScoreSheet` (names, table
size, Serie length); writes nothing.

A4 holds 48 rows of 5 mm with the three sums (Spielpunkte, gewonnen, verloren) that the
paper-list entry asks for. A longer Serie (60 games at a 5-table) does not fit one page at
5 mm a row, so its form runs over two pages, split after a round of deals; each page
carries the sheet's id.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from skatclub.club.printing.fonts import Cell, ellipsized, placed_line, wrapped
from skatclub.club.printing.sheet_layout import (
    NAME_SIZES,
    TAB_MM,
    WIDTH_MM,
    signature_drawing,
    signature_labels,
    sitting_shades,
)
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.sheet import ScoreSheet

BODY_MM = 255.0  # A4 less margins, head, column heads and signature boxes
SIGNATURE_BLANK_MM = 10.0
MIN_ROW_MM, MAX_ROW_MM = 5.0, 7.0
NR_WIDTH, GAME_WIDTH, VALUE_WIDTH, CHECK_WIDTH = 7.0, 22.0, 14.0, 14.0
FOOT_LABELS = ("Spielpunkte (Stand)", "gewonnene Spiele", "verlorene Spiele")
CHECK_SHADE = "#f2f2f2"


@dataclass(frozen=True)
class BlankFrame:
    """One page of the form: games `first`..`last` of a `table_size` table; `foot` if the
    page ends the list (the sums)."""

    table_size: int
    first: int
    last: int
    row_mm: float
    foot: bool

    @property
    def rows(self) -> int:
        return self.last - self.first + 1

    @property
    def css_class(self) -> str:
        return f"blank-{self.table_size}-{self.first}-{self.last}-{int(self.foot)}"

    @property
    def size_pt(self) -> float:
        return round(min(10.0, self.row_mm * 1.6), 1)

    @property
    def player_mm(self) -> float:
        return (WIDTH_MM - NR_WIDTH - GAME_WIDTH - VALUE_WIDTH - CHECK_WIDTH) / self.table_size

    def player_left(self, position: int) -> float:
        return NR_WIDTH + GAME_WIDTH + VALUE_WIDTH + self.player_mm * (position - 1)

    @property
    def check_left(self) -> float:
        return WIDTH_MM - CHECK_WIDTH

    @property
    def grid_mm(self) -> float:
        return round(self.row_mm * self.rows, 3)

    @property
    def body_mm(self) -> float:
        return round(self.row_mm * (self.rows + (len(FOOT_LABELS) if self.foot else 0)), 3)

    def head_labels(self, size: float) -> str:
        cells = [
            Cell(NR_WIDTH - 1.0, "Nr.", "r"),
            Cell(NR_WIDTH + 1.0, "Spiel"),
            Cell(NR_WIDTH + GAME_WIDTH + 1.0, "Wert"),
            Cell(self.check_left + 1.0, "Kontrolle"),
        ]
        cells += [
            Cell(self.player_left(p) + 1.0, f"Platz {p}") for p in range(1, self.table_size + 1)
        ]
        return placed_line(cells, size, TAB_MM, bold=True)

    @property
    def body(self) -> str:
        """Game numbers, "Σ" in the control column after each round, the labels of the sums."""
        lines = []
        for number in range(self.first, self.last + 1):
            cells = [Cell(NR_WIDTH - 1.2, str(number), "r")]
            if number % self.table_size == 0:
                cells.append(Cell(self.check_left + 1.0, "Σ"))
            lines.append(placed_line(cells, self.size_pt, TAB_MM))
        if self.foot:
            size = min(self.size_pt, 8.0)
            lines += [placed_line([Cell(1.0, label)], size, TAB_MM) for label in FOOT_LABELS]
        return "\n".join(lines)

    @cached_property
    def body_lines(self) -> str:
        drawing = Drawing(WIDTH_MM, self.body_mm)
        tile = Drawing(WIDTH_MM, self.row_mm * self.table_size)
        for index in range(self.table_size):
            for position, colour in sitting_shades(self.table_size, index + 1).items():
                tile.rect(
                    self.player_left(position), index * self.row_mm, self.player_mm,
                    self.row_mm, colour,
                )  # fmt: skip
            if index < self.table_size - 1:
                tile.rect(self.check_left, index * self.row_mm, CHECK_WIDTH, self.row_mm,
                          CHECK_SHADE)  # fmt: skip
            if index:
                tile.hline(index * self.row_mm, 0, WIDTH_MM, 0.15)
        tile.hline(tile.height_mm - 0.25, 0, WIDTH_MM, 0.5)
        offset = (self.first - 1) % self.table_size * self.row_mm
        drawing.tiled(tile, 0, -offset, WIDTH_MM, self.grid_mm + offset)
        if self.foot:
            for index in range(len(FOOT_LABELS)):
                y = (self.rows + index) * self.row_mm
                drawing.hline(y, 0, WIDTH_MM, 0.6 if index == 0 else 0.15)
        xs = [NR_WIDTH, NR_WIDTH + GAME_WIDTH]
        xs += [self.player_left(p) for p in range(1, self.table_size + 1)] + [self.check_left]
        for x in xs:
            drawing.vline(x, 0, self.grid_mm if x < xs[2] else self.body_mm, 0.2)
        drawing.box(0, 0, WIDTH_MM, self.body_mm, 0.5)
        return drawing.url

    @cached_property
    def signature_boxes(self) -> str:
        return signature_drawing(self.table_size, SIGNATURE_BLANK_MM).url

    @property
    def signature_labels(self) -> str:
        return signature_labels(self.table_size)


@dataclass(frozen=True)
class BlankPage:
    sheet: ScoreSheet
    frame: BlankFrame
    page: int
    pages: int
    name_pt: float
    head: str
    subtitle: str
    entry_path: str

    @property
    def dealer_sits_out(self) -> bool:
        return any(row.dealer_position in row.sitting_positions for row in self.sheet.rows)

    @property
    def number_text(self) -> str:
        return f"Blatt {self.page} von {self.pages}" if self.pages > 1 else ""


def blank_frames(table_size: int, games: int) -> list[BlankFrame]:
    """The pages of a form for `games` games: as few as rows of `MIN_ROW_MM` allow, split
    after a whole round of deals."""
    foot = len(FOOT_LABELS)
    per_page = int(BODY_MM // MIN_ROW_MM)
    pages = max(1, math.ceil((games + foot) / per_page))
    rounds = math.ceil(games / table_size)
    per_part = math.ceil(rounds / pages) * table_size
    parts = [(index * per_part + 1, min(games, (index + 1) * per_part)) for index in range(pages)]
    tallest = max(last - first + 1 for first, last in parts) + foot
    row_mm = round(min(MAX_ROW_MM, BODY_MM / tallest), 3)
    return [BlankFrame(table_size, first, last, row_mm, last == games) for first, last in parts]


def blank_pages(sheet: ScoreSheet, heading: str, entry_path: str) -> list[BlankPage]:
    frames = blank_frames(sheet.table_size, len(sheet.rows))
    name_pt, names = _names(sheet, frames[0])
    pages = []
    for index, frame in enumerate(frames, start=1):
        pages.append(
            BlankPage(
                sheet=sheet,
                frame=frame,
                page=index,
                pages=len(frames),
                name_pt=name_pt,
                head=frame.head_labels(name_pt) + "\n" + names,
                subtitle=ellipsized(heading, WIDTH_MM - 75.0, 8.0),
                entry_path=entry_path,
            )
        )
    return pages


def _names(sheet: ScoreSheet, frame: BlankFrame) -> tuple[float, str]:
    width = frame.player_mm - 2.0
    size, split = NAME_SIZES[-1], [[p.name] for p in sheet.players]
    for size in NAME_SIZES:
        split = [wrapped(p.name, width, size, bold=True) for p in sheet.players]
        if all(len(lines) <= 2 for lines in split):
            break
    lines: list[list[Cell]] = [[], []]
    for player, parts in zip(sheet.players, split, strict=True):
        left = frame.player_left(player.position) + 1.0
        first = parts[0] if parts else ""
        rest = player.name[len(first) :].strip()
        lines[0].append(Cell(left, first))
        lines[1].append(Cell(left, ellipsized(rest, width, size, bold=True)))
    return size, "\n".join(placed_line(cells, size, TAB_MM, bold=True) for cells in lines)
