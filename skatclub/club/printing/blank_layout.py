"""The blank Spielliste for the pen, after the DSkV form: big cells, dealers shaded, sums checked.

Owns the frame of a form filled in by hand at the table (`BlankFrame`) and its pages
(`blank_pages`): one A4 portrait sheet per table of every standard Serie (36, 48, 60 games),
player columns of at least 26 mm, no derivation column, the dealer's cell (and at a 5-table
the other sitter's) shaded per game, a heavy line and a control-sum box ("Σ") after every
round of deals, large Serie and Tisch fields, the table's status and the address where the
list can be entered online. Reads a `sheet.ScoreSheet` (names, table size, Serie length);
writes nothing.

What fits where (A4 less 5 mm at the top and the bottom: 286 mm; a 4-table of 48 games at
5.0 mm rows takes 240 of them, which leaves 46 mm for everything else):
- the head: the Serie and Tisch fields with the status beside them, under them one or two
  lines with club, event, date, the address and what "Σ" means;
- one band over the grid: "Platz n" and every name in full under it (up to three lines) over
  each player's column, the legend and the column heads "Nr. Spiel Wert" and "Kontrolle"
  beside them on the left and the right, no separate line of column heads;
- the foot, three rows of boxes under every player's column in the order the players compute
  (`FOOT_ROWS`): Spielpunkte, gewonnen, verloren; ± 50 for the won and lost games, the others'
  lost games times the table's factor (the engine's); the Seeger-Fabian total and the
  player's signature. The
  left columns (Nr., Spiel, Wert) are the key: the same boxes with their names, in the same
  proportions. The Kontrolle column holds the control sum of the Spielpunkte and the
  Spielwart's signature. A separate row of signature boxes would not fit.
Rows are as tall as the sheet allows, at most `MAX_ROW_MM`; a 5-table of 60 games gets
4.0 mm (3.9 under names of four lines; `MIN_ROW_MM` 3.8) rather than a second sheet that
carries the running score across loose paper. Only a head made very tall (a status or an
event name of several lines) runs over two sheets, split after a round of deals; each
carries the head, the names and "Blatt n von m".

Type as on every printout (`sheet_common`): the Serie and Tisch fields 14 pt, the status 10 pt
bold, names 9 pt in full over their columns, everything else 8 pt.

The address: `entry_url` is the table's short address with the host the printout was asked
from (`http://192.168.1.20:8000/t/12/`); without one (printed from the shell) it is left out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from scoring import WON_BONUS, others_rate
from skatclub.club.printing.fonts import Cell, placed_line, text_width_mm, wrapped
from skatclub.club.printing.page_head import STATUS_PT
from skatclub.club.printing.page_head import line_mm as head_line_mm
from skatclub.club.printing.sheet_common import (
    DATA_PT,
    TAB_MM,
    WIDTH_MM,
    NameBlock,
    Room,
    line_mm,
    name_block,
    pagination,
    sitting_shades,
)
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.score_sheet import ScoreSheet

PAGE_MM = 286.0  # A4 less 5 mm at the top and the bottom
FIELDS_PT, FIELDS_MM = 14.0, 6.5  # "Serie [1] Tisch [2]"
RULE_MM = 1.0  # the head's padding and rule
GAP_MM = 0.25  # between the head, the band, the grid and the foot
MIN_ROW_MM, MAX_ROW_MM = 3.8, 7.0
NR_WIDTH, GAME_WIDTH, VALUE_WIDTH, CHECK_WIDTH = 7.0, 18.0, 11.0, 14.0
KEY_MM = NR_WIDTH + GAME_WIDTH + VALUE_WIDTH  # the left columns, the foot's key
FOOT_ROW_MM = 5.0
CHECK_SHADE = "#f2f2f2"
FIELDS_WIDTH_MM = 62.0  # what "Serie [12] Tisch [40]" takes at 14 pt, with the boxes
LEGEND = ("Grau: Geber", "Wert: beim Alleinspieler")


@dataclass(frozen=True)
class FootBox:
    label: str
    share: float  # of a player's column (and of the key)
    heavy: bool = False


def foot_rows(table_size: int) -> tuple[tuple[FootBox, ...], ...]:
    """The foot's boxes, row by row, in the order the players compute them: the sums of the
    list, then the bonuses, then the total (Spielpunkte ± 50 × (gew. − verl.) + the others'
    lost games times the table's factor) and the signature."""
    return (
        (FootBox("Spielpunkte", 0.5), FootBox("gew.", 0.25), FootBox("verl.", 0.25)),
        (
            FootBox(f"± {WON_BONUS}", 0.32),
            FootBox("verl. and.", 0.36),
            FootBox(f"× {others_rate(table_size)}", 0.32),
        ),
        (FootBox("Seeger-Fabian", 0.55, heavy=True), FootBox("Unterschrift", 0.45)),
    )


FOOT_MM = round(FOOT_ROW_MM * 3, 3)


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
        return (WIDTH_MM - KEY_MM - CHECK_WIDTH) / self.table_size

    def player_left(self, position: int) -> float:
        return KEY_MM + self.player_mm * (position - 1)

    @property
    def check_left(self) -> float:
        return WIDTH_MM - CHECK_WIDTH

    @property
    def grid_mm(self) -> float:
        return round(self.row_mm * self.rows, 3)

    @property
    def foot_mm(self) -> float:
        return FOOT_MM if self.foot else 0.0

    @property
    def heads(self) -> str:
        """The column heads at the foot of the band over the grid."""
        cells = [
            Cell(NR_WIDTH - 1.0, "Nr.", "r"),
            Cell(NR_WIDTH + 1.0, "Spiel"),
            Cell(NR_WIDTH + GAME_WIDTH + 1.0, "Wert"),
            Cell(self.check_left + 1.0, "Kontrolle"),
        ]
        return placed_line(cells, DATA_PT, TAB_MM, bold=True)

    @property
    def places(self) -> str:
        """ "Platz n" over each player's column, over the names."""
        cells = [
            Cell(self.player_left(p) + 1.0, f"Platz {p}") for p in range(1, self.table_size + 1)
        ]
        return placed_line(cells, DATA_PT, TAB_MM, bold=True)

    @property
    def body(self) -> str:
        """Game numbers and "Σ" in the control column after each round."""
        lines = []
        for number in range(self.first, self.last + 1):
            cells = [Cell(NR_WIDTH - 1.2, str(number), "r")]
            if number % self.table_size == 0:
                cells.append(Cell(self.check_left + 1.0, "Σ"))
            lines.append(placed_line(cells, self.size_pt, TAB_MM))
        return "\n".join(lines)

    @cached_property
    def body_lines(self) -> str:
        drawing = Drawing(WIDTH_MM, self.grid_mm)
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
        xs = [NR_WIDTH, NR_WIDTH + GAME_WIDTH]
        xs += [self.player_left(p) for p in range(1, self.table_size + 1)] + [self.check_left]
        for x in xs:
            drawing.vline(x, 0, self.grid_mm, 0.2)
        drawing.box(0, 0, WIDTH_MM, self.grid_mm, 0.5)
        return drawing.url

    @property
    def foot_text(self) -> str:
        """The key's labels, one line per row of boxes; the Kontrolle column's."""
        lines = []
        for index, row in enumerate(foot_rows(self.table_size)):
            cells, left = [], 0.0
            for box in row:
                cells.append(Cell(left + 0.6, box.label))
                left += box.share * KEY_MM
            extra = {0: "Σ", 1: "Spielwart"}.get(index)
            if extra:
                cells.append(Cell(self.check_left + 1.0, extra))
            lines.append(placed_line(cells, DATA_PT, TAB_MM))
        return "\n".join(lines)

    @cached_property
    def foot_lines(self) -> str:
        """The boxes of the foot: the key, every player's column, the Kontrolle column."""
        drawing = Drawing(WIDTH_MM, FOOT_MM)
        columns = [(0.0, KEY_MM)]
        columns += [(self.player_left(p), self.player_mm) for p in range(1, self.table_size + 1)]
        for index, row in enumerate(foot_rows(self.table_size)):
            y = index * FOOT_ROW_MM
            drawing.hline(y, 0, self.check_left if index == 2 else WIDTH_MM, 0.3)
            for x, width in columns:
                left = x
                for box in row:
                    if left > x:
                        drawing.vline(left, y, y + FOOT_ROW_MM, 0.2)
                    if box.heavy and x > 0:
                        drawing.box(left + 0.3, y + 0.3, box.share * width - 0.6,
                                    FOOT_ROW_MM - 0.6, 0.6)  # fmt: skip
                    left += box.share * width
        drawing.rect(0, 0, KEY_MM, FOOT_MM, CHECK_SHADE)
        for x, _ in columns[1:]:
            drawing.vline(x, 0, FOOT_MM, 0.5)
        drawing.vline(self.check_left, 0, FOOT_MM, 0.5)
        drawing.box(0, 0, WIDTH_MM, FOOT_MM, 0.5)
        return drawing.url


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
class Band:
    """Over the grid: "Platz n" and the names (`NameBlock`) under it over the players'
    columns, the legend on the left, the column heads at its foot; as tall as the seats and
    names or the legend and heads, whichever is taller."""

    names: NameBlock
    legend: str

    @property
    def names_top_mm(self) -> float:
        return line_mm(DATA_PT)

    @property
    def height_mm(self) -> float:
        names = self.names_top_mm + self.names.height_mm
        return round(max(names, (len(LEGEND) + 1) * line_mm(DATA_PT)), 3)


@dataclass(frozen=True)
class BlankPage:
    sheet: ScoreSheet
    frame: BlankFrame
    page: int
    pages: int
    head: BlankHead
    band: Band

    @property
    def status(self) -> str:
        return self.head.status

    @property
    def names(self) -> NameBlock:
        return self.band.names

    @property
    def number_text(self) -> str:
        return f"Blatt {self.page} von {self.pages}" if self.pages > 1 else ""

    @property
    def data_line_mm(self) -> float:
        return line_mm(DATA_PT)

    @property
    def status_line_mm(self) -> float:
        return head_line_mm(STATUS_PT)


def blank_frames(
    table_size: int, games: int, head_mm: float = 0.0, band_mm: float = 0.0
) -> list[BlankFrame]:
    """The pages of a form for `games` games under heads of `head_mm` and a band of names of
    `band_mm`: as few as rows of `MIN_ROW_MM` allow, split after a round of deals."""
    fixed = head_mm + RULE_MM + band_mm + 2 * GAP_MM
    room = Room(PAGE_MM - fixed, FOOT_MM + GAP_MM, 0, MIN_ROW_MM, MAX_ROW_MM)
    parts, row_mm = pagination(games, table_size, room)
    return [
        BlankFrame(table_size, first, first + count - 1, row_mm, index == len(parts) - 1)
        for index, (first, count) in enumerate(parts)
    ]


def blank_pages(sheet: ScoreSheet, status: str, heading: str, entry_url: str) -> list[BlankPage]:
    """`heading`: club, event and date; `entry_url`: the table's address, "" to leave it out."""
    probe = BlankFrame(sheet.table_size, 1, 0, MAX_ROW_MM, False)
    names = name_block(sheet.players, lambda p: probe.player_left(p) + 1.0, probe.player_mm - 2.0)
    seats = LEGEND[0]
    if any(row.dealer_position in row.sitting_positions for row in sheet.rows):
        seats += " (setzt aus)"
    band = Band(names, "\n".join([seats, *LEGEND[1:]]))
    head = _head(status, heading, entry_url)
    frames = blank_frames(sheet.table_size, len(sheet.rows), head.height_mm, band.height_mm)
    if len(frames) > 1:  # every sheet's head then says "Blatt n von m"
        head = _head(status, heading + " · Blatt 2 von 2", entry_url)
        frames = blank_frames(sheet.table_size, len(sheet.rows), head.height_mm, band.height_mm)
    pages = []
    for index, frame in enumerate(frames, start=1):
        numbered = f"{heading} · Blatt {index} von {len(frames)}" if len(frames) > 1 else heading
        pages.append(
            BlankPage(sheet, frame, index, len(frames), _head(status, numbered, entry_url), band)
        )
    return pages


def _head(status: str, heading: str, entry_url: str) -> BlankHead:
    beside = WIDTH_MM - FIELDS_WIDTH_MM - 2.0
    status_beside = text_width_mm(status, STATUS_PT, bold=True) <= beside
    status_lines = len(wrapped(status, WIDTH_MM - 1.0, STATUS_PT, bold=True))
    online = f" · online eintragen: {entry_url}" if entry_url else ""
    about = (
        f"Spielliste · {heading}{online} · Σ nach jeder Runde: Summe der Stände = Summe der Werte"
    )
    lines = wrapped(about, WIDTH_MM - 1.0, DATA_PT)
    return BlankHead(status, status_beside, status_lines, "\n".join(lines), len(lines))
