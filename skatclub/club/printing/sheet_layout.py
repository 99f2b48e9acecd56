"""The filled Spielliste: one A4 page per table, whatever the names and however long the games.

Owns the frame of a played list (`FilledFrame`: where every column is, in mm, for a table
size and Serie length) and turning a `sheet.ScoreSheet` into what `pdf/score_sheet.html`
draws (`printed_sheet`, `PrintedSheet`). Reads nothing from the database, writes nothing;
the Seeger-Fabian numbers of the foot labels come from the engine.

How it stays one page and fast: every box has a fixed height (head, column heads, grid,
foot, names, signature boxes), so nothing can push the page over. The grid is two text
blocks, one line per game: numbers and notation placed by tabs and spaces of known widths
(`fonts.placed_line`), and the derivations. A name is shrunk to fit its column on two lines
or ends with "…" (the full names stand in the foot); a notation or derivation too long for its
cell is shrunk and, past the smallest size, wrapped over the row (`Overflow`): nothing is cut.
Lines and the shaded dealer cells are one SVG background per kind of sheet (`svg.Drawing`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property

from scoring import WON_BONUS, dealer_position, others_rate, sitting_positions
from skatclub.club import formatting
from skatclub.club.formatting import signed
from skatclub.club.models import Table
from skatclub.club.printing.fonts import (
    MM_PER_PT,
    SANS,
    Cell,
    ellipsized,
    placed_line,
    text_width_mm,
    wrapped,
)
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.sheet import ScoreSheet, SheetRow

WIDTH_MM = 180.0  # A4 less the 20 mm binding margin and 10 mm on the right
BODY_MM = 214.0  # the grid and the foot under it
# `tab-size: 30px`: WeasyPrint hands Pango whole pixels, which Pango reads as 1/1000 of its
# 1024 units, so the stops fall every 30 × 1.024 px = 8.128 mm (measured, any font size).
TAB_PX = 30
TAB_MM = TAB_PX * 1.024 * 25.4 / 96
HEAD_LINE_MM = 2.9
NR_RIGHT, GAME_LEFT, GAME_WIDTH = 6.2, 7.6, 21.5
VALUE_WIDTH, POINTS_WIDTH = 11.0, 14.0
OVERFLOWS_BEFORE_SHRINKING = 3
SMALLEST_PT = 4.6  # below this a cell's text wraps instead of shrinking further
NAME_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0)
SUB_PT = 7.5
LOST_MARK = "✘"
DEALER_SHADE, SITTING_SHADE = "#d9d9d9", "#ededed"


@dataclass(frozen=True)
class FilledFrame:
    """Column positions (mm from the left edge of the text area) and sizes of one kind of
    played list: `table_size` players, `rows` games. The grid and the foot under it are one
    text block with one line per game or sum, so they share the line height."""

    table_size: int
    rows: int

    @property
    def css_class(self) -> str:
        return f"filled-{self.table_size}-{self.rows}"

    @property
    def row_mm(self) -> float:
        return round(min(5.0, BODY_MM / max(self.rows + len(FOOT_FIELDS), 1)), 3)

    @property
    def size_pt(self) -> float:
        """The largest size for the grid's text; a sheet with long derivations uses less."""
        return round(min(8.0, self.row_mm * 1.75), 1)

    @property
    def grid_mm(self) -> float:
        return round(self.row_mm * self.rows, 3)

    @property
    def body_mm(self) -> float:
        return round(self.row_mm * (self.rows + len(FOOT_FIELDS)), 3)

    @property
    def player_mm(self) -> float:
        return round(min(16.0, 62.0 / self.table_size), 2)

    @property
    def players_left(self) -> float:
        return WIDTH_MM - self.player_mm * self.table_size

    @property
    def points_left(self) -> float:
        return self.players_left - POINTS_WIDTH

    @property
    def value_left(self) -> float:
        return self.points_left - VALUE_WIDTH

    @property
    def derivation_left(self) -> float:
        return GAME_LEFT + GAME_WIDTH + 0.8

    @property
    def derivation_mm(self) -> float:
        return self.value_left - self.derivation_left - 1.0

    def player_left(self, position: int) -> float:
        return self.players_left + self.player_mm * (position - 1)

    def head_labels(self, size: float, names: list[list[Cell]]) -> str:
        """Three lines: the headings, "Platz n" over each player's column, then (lines 2 and
        3) the second half of the value headings and the players' names."""
        first = [
            Cell(NR_RIGHT, "Nr.", "r"),
            Cell(GAME_LEFT, "Spiel"),
            Cell(self.derivation_left, "Berechnung des Spielwerts"),
            Cell(self.points_left - 1.0, "Spiel-", "r"),
            Cell(self.players_left - 1.0, "Spiel-", "r"),
        ]
        first += [
            Cell(self.player_left(p) + 1.0, f"Platz {p}") for p in range(1, self.table_size + 1)
        ]
        second = [
            Cell(self.points_left - 1.0, "wert", "r"),
            Cell(self.players_left - 1.0, "punkte", "r"),
            *names[0],
        ]
        lines = (first, second, names[1])
        return "\n".join(placed_line(cells, size, TAB_MM, bold=True) for cells in lines)

    @cached_property
    def body_lines(self) -> str:
        """Row and column lines, a heavy line after each round of deals, the shaded cells of
        the dealer (and at a 5-table of the other player who sits out), the foot's lines."""
        drawing = Drawing(WIDTH_MM, self.body_mm)
        drawing.tiled(self._round_tile(), 0, 0, WIDTH_MM, self.grid_mm)
        for index in range(self.rows, self.rows + len(FOOT_FIELDS)):
            drawing.hline(index * self.row_mm, 0, WIDTH_MM, 0.5 if index == self.rows else 0.1)
        xs = self._column_xs()
        for x in xs[:2]:
            drawing.vline(x, 0, self.grid_mm, 0.15)
        for x in xs[2:]:
            drawing.vline(x, 0, self.body_mm, 0.15)
        drawing.box(0, 0, WIDTH_MM, self.body_mm, 0.35)
        return drawing.url

    def _round_tile(self) -> Drawing:
        """One round of deals (each player deals once): its shaded cells and lines."""
        tile = Drawing(WIDTH_MM, self.row_mm * self.table_size)
        for index in range(self.table_size):
            for position, colour in sitting_shades(self.table_size, index + 1).items():
                tile.rect(
                    self.player_left(position), index * self.row_mm, self.player_mm,
                    self.row_mm, colour,
                )  # fmt: skip
            if index:
                tile.hline(index * self.row_mm, 0, WIDTH_MM, 0.1)
        tile.hline(tile.height_mm - 0.18, 0, WIDTH_MM, 0.35)
        return tile

    def _column_xs(self) -> list[float]:
        return [
            GAME_LEFT - 0.6,
            self.derivation_left - 0.4,
            self.value_left,
            self.points_left,
            *(self.player_left(p) for p in range(1, self.table_size + 1)),
        ]

    @cached_property
    def signature_boxes(self) -> str:
        return signature_drawing(self.table_size).url

    @property
    def signature_labels(self) -> str:
        return signature_labels(self.table_size)


def sitting_shades(table_size: int, number: int) -> dict[int, str]:
    """Seat -> shade of the cells of game `number`: the dealer darker, a sitter lighter."""
    shades = {p: SITTING_SHADE for p in sitting_positions(table_size, number)}
    shades[dealer_position(table_size, number)] = DEALER_SHADE
    return shades


SIGNATURE_MM = 11.0


def signature_drawing(table_size: int, height: float = SIGNATURE_MM) -> Drawing:
    """Fixed boxes for the players' and the Spielwart's signatures."""
    width = (WIDTH_MM - 2.0 * table_size) / (table_size + 1)
    drawing = Drawing(WIDTH_MM, height)
    for index in range(table_size + 1):
        drawing.box(index * (width + 2.0), 0.2, width, height - 0.4, 0.25)
    return drawing


def signature_labels(table_size: int) -> str:
    width = (WIDTH_MM - 2.0 * table_size) / (table_size + 1)
    labels = [f"Unterschrift Platz {p}" for p in range(1, table_size + 1)] + ["Spielwart"]
    cells = [Cell(i * (width + 2.0) + 1.0, text) for i, text in enumerate(labels)]
    return placed_line(cells, 5.5, TAB_MM)


# --- one sheet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Overflow:
    """A notation or derivation too long for its cell at the grid's size, drawn on its own:
    smaller, and over several lines of the row if need be."""

    top_mm: float
    left_mm: float
    width_mm: float
    size_pt: float
    line_mm: float
    text: str


@dataclass
class PrintedSheet:
    sheet: ScoreSheet
    frame: FilledFrame
    status: str
    size_pt: float  # of the grid and foot: the frame's size, less for long derivations
    body: str  # one line per game, then one per sum of the foot
    subtitle: str
    name_pt: float
    head: str  # the column headings and two lines of names
    full_names: str
    full_names_pt: float
    overflows: list[Overflow] = field(default_factory=list)

    @property
    def title(self) -> str:
        return f"Spielliste · Serie {self.sheet.round_number} · Tisch {self.sheet.table_number}"

    @property
    def dealer_sits_out(self) -> bool:
        return any(row.dealer_position in row.sitting_positions for row in self.sheet.rows)

    @property
    def has_second_sitter(self) -> bool:
        return any(len(row.sitting_positions) > 1 for row in self.sheet.rows)


def printed_sheet(sheet: ScoreSheet, status: str, heading: str, printed_at: str) -> PrintedSheet:
    """`heading`: club, event and date, printed under the sheet's id."""
    frame = FilledFrame(sheet.table_size, len(sheet.rows))
    size = _grid_size(sheet, frame)
    overflows: list[Overflow] = []
    lines = [_row_line(row, frame, size, overflows) for row in sheet.rows]
    lines += _foot(sheet, frame, size)
    name_pt, name_cells = _names(sheet, frame)
    full_pt, full_names = _full_names(sheet)
    paper = " · als Summen von der Papierliste erfasst" if sheet.entry == Table.Entry.TOTALS else ""
    about = f" · {frame.table_size}er-Tisch · {frame.rows} Spiele{paper} · gedruckt am {printed_at}"
    room = WIDTH_MM - text_width_mm(about, SUB_PT, SANS)
    subtitle = ellipsized(heading, room, SUB_PT, family=SANS) + about
    return PrintedSheet(
        sheet=sheet,
        frame=frame,
        status=status,
        size_pt=size,
        body="\n".join(lines),
        subtitle=subtitle,
        name_pt=name_pt,
        head=frame.head_labels(name_pt, name_cells),
        full_names=full_names,
        full_names_pt=full_pt,
        overflows=overflows,
    )


def _grid_size(sheet: ScoreSheet, frame: FilledFrame) -> float:
    """The largest size, up to the frame's, at which every derivation fits its column; not
    below `SMALLEST_PT` (longer ones are drawn on their own, see `Overflow`)."""
    widths = sorted(
        (text_width_mm(r.derivation, 1.0) for r in sheet.rows if _has_derivation(r)),
        reverse=True,
    )
    # Up to `OVERFLOWS_BEFORE_SHRINKING` long ones are drawn on their own rather than
    # shrinking the whole sheet for them.
    widest = widths[min(OVERFLOWS_BEFORE_SHRINKING, len(widths) - 1)] if widths else 0.0
    if not widest:
        return frame.size_pt
    return max(SMALLEST_PT, min(frame.size_pt, math.floor(frame.derivation_mm / widest * 10) / 10))


def _row_line(row: SheetRow, frame: FilledFrame, size: float, overflows: list[Overflow]) -> str:
    cells = [Cell(NR_RIGHT, str(row.number), "r")]
    if row.entered:
        game = row.notation or ("eingepasst" if row.passed_in else "")
        cells.append(_fitted(game, row.number, frame, size, GAME_LEFT, GAME_WIDTH, overflows))
    if _has_derivation(row):
        left, width = frame.derivation_left, frame.derivation_mm
        cells.append(_fitted(row.derivation, row.number, frame, size, left, width, overflows))
    if row.entered and not row.passed_in:
        cells.append(Cell(frame.points_left - 1.2, formatting.number(row.game_value), "r"))
        cells.append(Cell(frame.players_left - 4.0, signed(row.list_score), "r"))
        if row.won is False:
            cells.append(Cell(frame.players_left - 2.0, LOST_MARK, "c"))
    elif row.is_ramsch and row.totals is not None:
        # in the column too, so that its sum under the list is the players' sums together
        cells.append(Cell(frame.players_left - 4.0, signed(row.list_score), "r"))
    if row.totals is not None:
        # A game changes its declarer's total; a Ramsch changes everyone's.
        changed = range(1, frame.table_size + 1) if row.is_ramsch else [row.declarer_position]
        for position in changed:
            if position is None:
                continue
            right = frame.player_left(position) + frame.player_mm - 1.2
            cells.append(Cell(right, formatting.number(row.totals[position - 1]), "r"))
    return placed_line(cells, size, TAB_MM)


def _has_derivation(row: SheetRow) -> bool:
    return row.entered and (not row.passed_in or row.is_ramsch) and bool(row.derivation)


def _fitted(
    text: str,
    number: int,
    frame: FilledFrame,
    size: float,
    left: float,
    width: float,
    overflows: list[Overflow],
) -> Cell:
    """The cell of `text`, or an empty one and the text drawn on its own (`Overflow`)."""
    if text_width_mm(text, size) <= width:
        return Cell(left, text)
    overflows.append(_overflow(text, number, frame, size, left, width))
    return Cell(left, "")


def _overflow(
    text: str, number: int, frame: FilledFrame, size: float, left: float, width: float
) -> Overflow:
    top = (number - 1) * frame.row_mm
    shrunk = size * width / text_width_mm(text, size) * 0.98
    if shrunk >= SMALLEST_PT - 0.8:
        return Overflow(top, left, width, round(shrunk, 2), frame.row_mm, text)
    lines: list[str] = []
    for count in range(2, 9):
        line_mm = frame.row_mm / count
        size = min(size, line_mm / MM_PER_PT / 1.08)
        lines = wrapped(text, width, size)
        if len(lines) <= count:
            break
    return Overflow(
        top, left, width, round(size, 2), round(frame.row_mm / len(lines), 3), "\n".join(lines)
    )


def _names(sheet: ScoreSheet, frame: FilledFrame) -> tuple[float, list[list[Cell]]]:
    """Two lines of names over the player columns, shrunk until all fit, else with "…"."""
    width = frame.player_mm - 1.6
    size, split = NAME_SIZES[-1], [[p.name] for p in sheet.players]
    for size in NAME_SIZES:
        split = [wrapped(p.name, width, size, bold=True) for p in sheet.players]
        if all(len(lines) <= 2 for lines in split):
            break
    lines: list[list[Cell]] = [[], []]
    for player, parts in zip(sheet.players, split, strict=True):
        left = frame.player_left(player.position) + 0.8
        first = parts[0] if parts else ""
        rest = player.name[len(first) :].strip()
        lines[0].append(Cell(left, first))
        lines[1].append(Cell(left, ellipsized(rest, width, size, bold=True)))
    return size, lines


def _full_names(sheet: ScoreSheet) -> tuple[float, str]:
    """Every player's full name, on at most two lines under the list."""
    parts = [f"Platz {p.position}: {p.name}" for p in sheet.players]
    text = "  ·  ".join(parts)
    for size in (7.0, 6.5, 6.0, 5.5, 5.0, 4.6):
        lines = wrapped(text, WIDTH_MM, size)
        if len(lines) <= 2:
            return size, "\n".join(lines)
    share = WIDTH_MM * 2 / max(len(parts), 1) - 8.0
    shortened = [ellipsized(part, share, 4.6) for part in parts]
    return 4.6, "\n".join(wrapped("  ·  ".join(shortened), WIDTH_MM, 4.6)[:2])


FOOT_FIELDS = (
    "list_score",
    "won",
    "lost",
    "others_lost",
    "won_points",
    "lost_points",
    "others_points",
    "score",
)


def foot_labels(table_size: int) -> list[str]:
    return [
        "Spielpunkte (Summe der Spalte)",
        "gewonnene Spiele",
        "verlorene Spiele",
        "verlorene Spiele der Mitspieler",
        f"+ {WON_BONUS} je gewonnenes Spiel",
        f"− {WON_BONUS} je verlorenes Spiel",
        f"+ {others_rate(table_size)} je verlorenes Spiel der Mitspieler",
        "Wertungspunkte (Seeger-Fabian)",
    ]


def _foot(sheet: ScoreSheet, frame: FilledFrame, size: float) -> list[str]:
    """The sums under the list, one line each; blank on a list not played yet."""
    filled = sheet.games_entered > 0 or sheet.entry == Table.Entry.TOTALS
    feet = {f.position: f for f in sheet.foot} if filled else {}
    lines = []
    for label, name in zip(foot_labels(frame.table_size), FOOT_FIELDS, strict=True):
        cells = [Cell(1.0, label)]
        if name == "list_score" and filled and sheet.entry == Table.Entry.GAMES:
            column = sum(r.list_score for r in sheet.rows if r.entered)
            cells.append(Cell(frame.players_left - 4.0, signed(column), "r"))
        for position, foot in feet.items():
            value = int(getattr(foot, name))
            right = frame.player_left(position) + frame.player_mm - 1.2
            cells.append(Cell(right, formatting.number(value), "r"))
        lines.append(placed_line(cells, size, TAB_MM))
    return lines
