"""The blank Spielliste for the pen, after the DSkV form: big cells, dealers shaded, sums checked.

Owns the frame of a form filled in by hand at the table (`BlankFrame`) and its pages
(`blank_pages`): rows of `MIN_ROW_MM` or more, player columns of at least 22 mm, no derivation
column, the dealer's cell (and at a 5-table the other sitter's) shaded per game, a heavy line
and a control-sum box ("Σ") after every round of deals, large Serie and Tisch fields, the
table's status and the address where the list can be entered online. Reads a
`sheet.ScoreSheet` (names, table size, Serie length); writes nothing.

Type as on every printout (`sheet_common`): the Serie and Tisch fields 14 pt, the status 10 pt
bold, names 9 pt in full over their columns, everything else 8 pt. A4 holds 48 rows with the
three sums (Spielpunkte, gewonnen, verloren) that the paper-list entry asks for; a longer Serie
(60 games at a 5-table), or a page head made tall by long names, runs over two pages, split
after a round of deals; each page carries the head, the names and its "Blatt n von m".

The address: `entry_url` is the table's short address with the host the printout was asked
from (`http://192.168.1.20:8000/t/12/`); without one (printed from the shell) it is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from skatclub.club.printing.fonts import Cell, placed_line, text_width_mm, wrapped
from skatclub.club.printing.page_head import STATUS_PT
from skatclub.club.printing.page_head import line_mm as head_line_mm
from skatclub.club.printing.sheet_common import (
    DATA_PT,
    GAP_MM,
    TAB_MM,
    WIDTH_MM,
    NameBlock,
    Room,
    line_mm,
    name_block,
    pagination,
    signature_drawing,
    signature_labels,
    sitting_shades,
)
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.score_sheet import ScoreSheet

PAGE_MM = 286.0  # A4 less 5 mm at the top and the bottom, and 1 mm
FIELDS_PT, FIELDS_MM = 14.0, 7.5  # "Serie [1] Tisch [2]"
SIGNATURE_BLANK_MM = 10.0
RULE_MM = 1.8
MIN_ROW_MM, MAX_ROW_MM = 4.7, 7.0
NR_WIDTH, GAME_WIDTH, VALUE_WIDTH, CHECK_WIDTH = 7.0, 22.0, 14.0, 14.0
FOOT_LABELS = ("Spielpunkte (Stand)", "gewonnene Spiele", "verlorene Spiele")
CHECK_SHADE = "#f2f2f2"
FIELDS_WIDTH_MM = 62.0  # what "Serie [12] Tisch [40]" takes at 14 pt, with the boxes


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
        key = f"{self.table_size}-{self.first}-{self.last}-{int(self.foot)}"
        return f"blank-{key}-{round(self.row_mm * 10)}"

    @property
    def size_pt(self) -> float:
        return round(min(10.0, max(DATA_PT, self.row_mm * 1.6)), 1)

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

    @property
    def labels(self) -> str:
        cells = [
            Cell(NR_WIDTH - 1.0, "Nr.", "r"),
            Cell(NR_WIDTH + 1.0, "Spiel"),
            Cell(NR_WIDTH + GAME_WIDTH + 1.0, "Wert"),
            Cell(self.check_left + 1.0, "Kontrolle"),
        ]
        cells += [
            Cell(self.player_left(p) + 1.0, f"Platz {p}") for p in range(1, self.table_size + 1)
        ]
        return placed_line(cells, DATA_PT, TAB_MM, bold=True)

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
            lines += [
                placed_line([Cell(1.0, label)], self.size_pt, TAB_MM) for label in FOOT_LABELS
            ]
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
class BlankHead:
    """The head of every page of one table's form: the fields, the status (beside them when
    it fits, else under them) and the lines about the list, each measured."""

    status: str
    status_beside: bool
    status_lines: int
    about: str  # wrapped, "\n" between the lines
    about_lines: int

    @property
    def status_mm(self) -> float:
        return 0.0 if self.status_beside else round(self.status_lines * head_line_mm(STATUS_PT), 3)

    @property
    def about_mm(self) -> float:
        return round(self.about_lines * line_mm(DATA_PT), 3)

    @property
    def height_mm(self) -> float:
        return round(FIELDS_MM + self.status_mm + self.about_mm, 3)


@dataclass(frozen=True)
class BlankPage:
    sheet: ScoreSheet
    frame: BlankFrame
    page: int
    pages: int
    head: BlankHead
    names: NameBlock

    @property
    def status(self) -> str:
        return self.head.status

    @property
    def number_text(self) -> str:
        return f"Blatt {self.page} von {self.pages}" if self.pages > 1 else ""

    @property
    def labels(self) -> str:
        return self.frame.labels

    @property
    def data_line_mm(self) -> float:
        return line_mm(DATA_PT)

    @property
    def status_line_mm(self) -> float:
        return head_line_mm(STATUS_PT)


def blank_frames(
    table_size: int, games: int, head_mm: float = 0.0, names_mm: float = 0.0
) -> list[BlankFrame]:
    """The pages of a form for `games` games under heads of `head_mm` and names of
    `names_mm`: as few as rows of `MIN_ROW_MM` allow, split after a round of deals."""
    fixed = head_mm + RULE_MM + line_mm(DATA_PT) + names_mm + 3 * GAP_MM
    room = Room(
        PAGE_MM - fixed,
        SIGNATURE_BLANK_MM + GAP_MM,
        len(FOOT_LABELS),
        MIN_ROW_MM,
        MAX_ROW_MM,
    )
    parts, row_mm = pagination(games, table_size, room)
    return [
        BlankFrame(table_size, first, first + count - 1, row_mm, index == len(parts) - 1)
        for index, (first, count) in enumerate(parts)
    ]


def blank_pages(sheet: ScoreSheet, status: str, heading: str, entry_url: str) -> list[BlankPage]:
    """`heading`: club, event and date; `entry_url`: the table's address, "" to leave it out."""
    probe = BlankFrame(sheet.table_size, 1, 0, MAX_ROW_MM, False)
    names = name_block(sheet.players, lambda p: probe.player_left(p) + 1.0, probe.player_mm - 2.0)
    head = _head(sheet, status, heading + " · Blatt 2 von 2", entry_url)
    frames = blank_frames(sheet.table_size, len(sheet.rows), head.height_mm, names.height_mm)
    pages = []
    for index, frame in enumerate(frames, start=1):
        numbered = f"{heading} · Blatt {index} von {len(frames)}" if len(frames) > 1 else heading
        pages.append(
            BlankPage(
                sheet, frame, index, len(frames), _head(sheet, status, numbered, entry_url), names
            )
        )
    return pages


def _head(sheet: ScoreSheet, status: str, heading: str, entry_url: str) -> BlankHead:
    beside = WIDTH_MM - FIELDS_WIDTH_MM - 2.0
    status_beside = text_width_mm(status, STATUS_PT, bold=True) <= beside
    status_lines = len(wrapped(status, WIDTH_MM - 1.0, STATUS_PT, bold=True))
    seats = "Grau: Geber"
    if any(row.dealer_position in row.sitting_positions for row in sheet.rows):
        seats += " (setzt aus)"
    online = f" · online eintragen: {entry_url}" if entry_url else ""
    about = (
        f"Spielliste · {heading}{online}\n{seats} · Wert in die Spalte des Alleinspielers · "
        "Σ nach jeder Runde: Summe aller Stände = Summe der Werte bis dahin"
    )
    lines = wrapped(about, WIDTH_MM - 1.0, DATA_PT)
    return BlankHead(status, status_beside, status_lines, "\n".join(lines), len(lines))
