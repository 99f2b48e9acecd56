"""The Spielliste as printed: column widths, the monospaced grid text and its SVG lines.

Owns the layout of one table's Spielliste on the page (`sheet_layout`, `SheetLayout`) and
turning a `sheet.ScoreSheet` into the text blocks the template `pdf/score_sheet.html` draws
(`printed_sheet`, `PrintedSheet`). `printouts.py` chooses the tables and builds the
document context; `render.py` renders it. Reads nothing from the database, writes nothing, and
takes the Seeger-Fabian numbers of the foot labels from the engine.

Terms: a *sheet* is one table's Spielliste. The grid is plain text in a monospaced font (one
text block for all columns, one for the derivations) with its lines as an SVG background, so
that a whole Serie lays out fast; `SheetLayout` holds the column widths in characters (`ch`)
and the line positions in mm.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from scoring import WON_BONUS, others_rate
from skatclub.club.models import Table
from skatclub.club.queries.sheet import ScoreSheet, SheetRow

NR_WIDTH, GAME_WIDTH, VALUE_WIDTH, PLAYER_WIDTH = 4, 15, 7, 9
GRID_WIDTH_MM, GRID_HEIGHT_MM, FOOT_ROW_MM = 188.0, 190.0, 3.6
# Advance width of DejaVu Sans Mono (and of most monospaced fonts) per em, and mm per pt.
MONO_EM, MM_PER_PT = 0.602, 0.3528
LONG_DERIVATION = 62
ABBREVIATIONS = (("Schneider", "Schn."), ("Schwarz", "Schw."), ("angesagt", "ang."))


@dataclass(frozen=True)
class SheetLayout:
    """Sizes of one Spielliste. Text and headings are placed in characters of the monospaced
    grid font (CSS `ch`); the lines in mm, from the advance width of DejaVu Sans Mono."""

    table_size: int
    rows: int
    row_mm: float
    font_pt: float

    @property
    def total_ch(self) -> int:
        return int(GRID_WIDTH_MM / (MONO_EM * self.font_pt * MM_PER_PT))

    @property
    def left_ch(self) -> int:
        return NR_WIDTH + GAME_WIDTH

    @property
    def right_ch(self) -> int:
        return VALUE_WIDTH + PLAYER_WIDTH * self.table_size

    @property
    def derivation_ch(self) -> int:
        return self.total_ch - self.left_ch - self.right_ch

    @property
    def value_left_ch(self) -> int:
        return self.total_ch - self.right_ch

    def player_left_ch(self, position: int) -> int:
        return self.value_left_ch + VALUE_WIDTH + PLAYER_WIDTH * (position - 1)

    @property
    def grid_mm(self) -> float:
        return round(self.row_mm * self.rows, 3)

    @property
    def ch_mm(self) -> float:
        return MONO_EM * self.font_pt * MM_PER_PT

    @property
    def width_mm(self) -> float:
        return self.total_ch * self.ch_mm

    @property
    def css_class(self) -> str:
        return f"sheet-{self.table_size}-{self.rows}"

    @property
    def foot_row_mm(self) -> float:
        return FOOT_ROW_MM

    @property
    def foot_mm(self) -> float:
        return round(FOOT_ROW_MM * len(FOOT_FIELDS), 2)

    @property
    def columns(self) -> list[dict[str, Any]]:
        """Where the headings of the value and player columns start."""
        return [{"key": "wert", "left_ch": self.value_left_ch}] + [
            {"key": f"p{p}", "left_ch": self.player_left_ch(p)}
            for p in range(1, self.table_size + 1)
        ]

    def _rule_xs(self, *, text_columns: bool) -> list[float]:
        positions = [self.value_left_ch] + [
            self.player_left_ch(p) for p in range(1, self.table_size + 1)
        ]
        if text_columns:
            positions = [NR_WIDTH, self.left_ch, *positions]
        return [position * self.ch_mm for position in positions]

    # The lines of the form are one SVG per kind of sheet, drawn as the background of the
    # grid: WeasyPrint parses it once per document, and it adds no boxes and (unlike CSS
    # gradients) almost no PDF objects, which keeps merging the parts of a print run cheap.
    @property
    def head_lines(self) -> str:
        return _svg(self.width_mm, 7.0, thin=self._verticals(7.0, text_columns=True))

    @property
    def grid_lines(self) -> str:
        # A stronger line after every round of deals (each player dealt once).
        rows = [(y * self.row_mm, y % self.table_size == 0) for y in range(1, self.rows)]
        return _svg(
            self.width_mm,
            self.grid_mm,
            thin=[f"M0 {y:.2f}H{self.width_mm:.2f}" for y, strong in rows if not strong]
            + self._verticals(self.grid_mm, text_columns=True),
            strong=[f"M0 {y:.2f}H{self.width_mm:.2f}" for y, strong in rows if strong],
        )

    @property
    def foot_lines(self) -> str:
        rows = [y * FOOT_ROW_MM for y in range(1, len(FOOT_FIELDS))]
        return _svg(
            self.width_mm,
            self.foot_mm,
            thin=[f"M0 {y:.2f}H{self.width_mm:.2f}" for y in rows]
            + self._verticals(self.foot_mm, text_columns=False),
        )

    def _verticals(self, height: float, *, text_columns: bool) -> list[str]:
        return [f"M{x:.2f} 0V{height:.2f}" for x in self._rule_xs(text_columns=text_columns)]


def _svg(width: float, height: float, *, thin: list[str], strong: Sequence[str] = ()) -> str:
    """The lines as two SVG paths in a data: URL (base64: no HTML or CSS escaping applies)."""
    paths = f"<path d='{''.join(thin)}' stroke='#777' stroke-width='0.1'/>"
    if strong:
        paths += f"<path d='{''.join(strong)}' stroke='#000' stroke-width='0.25'/>"
    svg = (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width:.2f}mm' height='{height:.2f}mm' "
        f"viewBox='0 0 {width:.2f} {height:.2f}' fill='none'>{paths}</svg>"
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode("ascii")


def sheet_layout(table_size: int, rows: int) -> SheetLayout:
    row_mm = round(min(5.0, GRID_HEIGHT_MM / max(rows, 1)), 2)
    return SheetLayout(table_size, rows, row_mm, round(min(8.0, row_mm * 2.0), 1))


@dataclass
class PrintedSheet:
    """One table's Spielliste as the template draws it: text blocks with aligned columns."""

    sheet: ScoreSheet
    layout: SheetLayout
    rows: str
    derivations: str
    foot: str
    seats: list[dict[str, Any]] = field(default_factory=list)


def printed_sheet(sheet: ScoreSheet) -> PrintedSheet:
    layout = sheet_layout(sheet.table_size, len(sheet.rows))
    filled = sheet.games_entered > 0 or sheet.entry == Table.Entry.TOTALS
    return PrintedSheet(
        sheet=sheet,
        layout=layout,
        rows="\n".join(_row_text(row, layout) for row in sheet.rows),
        # Trailing empty lines cost layout time and show nothing.
        derivations="\n".join(_derivation(row) for row in sheet.rows).rstrip("\n"),
        foot=_foot_text(sheet, layout, filled),
        seats=[{"position": p.position, "name": p.name} for p in sheet.players],
    )


def _row_text(row: SheetRow, layout: SheetLayout) -> str:
    """Nr., Spiel, room for the derivation (drawn over it), Wert and one cell per player."""
    game = row.notation or ("eingepasst" if row.passed_in else "")
    text = f"{row.number:>{NR_WIDTH - 1}} {game[: GAME_WIDTH - 1]:<{GAME_WIDTH}}"
    value = f"{row.list_score:+d}" if row.entered and not row.passed_in else ""
    cells = [" " * layout.derivation_ch, f"{value:>{VALUE_WIDTH - 1}} "]
    for position in range(1, layout.table_size + 1):
        total = ""
        if row.totals is not None and (row.declarer_position == position or row.is_ramsch):
            total = str(row.totals[position - 1])
        cells.append(f"{_seat_mark(row, position)}{total:>{PLAYER_WIDTH - 2}} ")
    return (text + "".join(cells)).rstrip()


def _derivation(row: SheetRow) -> str:
    if not row.entered or (row.passed_in and not row.is_ramsch):
        return ""
    text = row.derivation
    if len(text) > LONG_DERIVATION:
        for long, short in ABBREVIATIONS:
            text = text.replace(long, short)
    return text


def _seat_mark(row: SheetRow, position: int) -> str:
    if position == row.dealer_position:
        return "G"
    if position in row.sitting_positions:
        return "·"
    return " "


def foot_labels(table_size: int) -> list[str]:
    others_bonus = others_rate(table_size)
    return [
        "Spielpunkte (Summe der Spalte)",
        "gewonnene Spiele",
        "verlorene Spiele",
        "verlorene Spiele der Mitspieler",
        f"+ {WON_BONUS} je gewonnenes Spiel",
        f"- {WON_BONUS} je verlorenes Spiel",
        f"+ {others_bonus} je verlorenes Spiel der Mitspieler",
        "Wertungspunkte (Seeger-Fabian)",
    ]


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


def _foot_text(sheet: ScoreSheet, layout: SheetLayout, filled: bool) -> str:
    """The sums under the list, blank on a list not played yet (to be filled in by hand)."""
    by_position = {f.position: f for f in sheet.foot} if filled else {}
    feet = [by_position.get(p.position) for p in sheet.players]
    lines = []
    for label, name in zip(foot_labels(layout.table_size), FOOT_FIELDS, strict=True):
        cells = [f" {label:<{layout.value_left_ch + VALUE_WIDTH - 1}}"]
        for foot in feet:
            value = "" if foot is None else str(getattr(foot, name))
            cells.append(f" {value:>{PLAYER_WIDTH - 2}} ")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)
