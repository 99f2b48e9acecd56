"""The played Spielliste: one A4 page per table, two when the list is too long for one.

Owns the frame of a page of a played list (`FilledFrame`: where every column is, in mm, for a
table size, the page's games and its row height) and turning a `sheet.ScoreSheet` into the
pages that `pdf/score_sheet.html` draws (`printed_pages`, `PrintedPage`). Reads nothing from
the database, writes nothing; the Seeger-Fabian numbers of the foot labels come from the engine.

The type scale of print (`sheet_common`): the grid at 8 pt, the names at 9 pt, the page head
with the status at 10 pt and up. Nothing is shrunk below it and nothing is cut with "…":
- every name stands in full over its column, on as many lines as it needs;
- a derivation too wide for its column is printed compact (`compact.compact_derivation`), and
  one still too wide, or a notation wider than the widest notation column, goes into a
  numbered note under the list ("→ Anm. 1");
- rows are as tall as the page allows, at most 5 mm, at least `MIN_ROW_MM`; a list that does
  not fit one page at that height (60 games of a 5-table, or long names with many notes) goes
  on over a second page, split after a round of deals, with the page head, the column heads and
  the names repeated.
How it stays fast: every block has a fixed height, measured here, so nothing can push a page
over; the grid is one text block, one line per game, numbers and notation placed by tabs and
spaces of known widths (`fonts.placed_line`); lines and the shaded dealer cells are one SVG
background per kind of page (`svg.Drawing`).

Control sum: the Spielpunkte column shows what each game changes in the sum of all stands (a
game: the declarer's Spielpunkte; a Ramsch: the sum of what it costs everyone), so "Summe der
Spalte" equals the sum of the players' stands with Ramsch and Bock as without.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

from scoring import WON_BONUS, others_rate
from skatclub.club import formatting
from skatclub.club.formatting import signed
from skatclub.club.models import Table
from skatclub.club.printing.compact import (
    COMPACT_LEGEND,
    TINY_LEGEND,
    compact_derivation,
    derivation_text,
    tiny_derivation,
)
from skatclub.club.printing.fonts import Cell, placed_line, text_width_mm, wrapped
from skatclub.club.printing.page_head import RULE_MM, PageHead
from skatclub.club.printing.sheet_common import (
    DATA_PT,
    GAP_MM,
    NAME_LINES,
    PAGE_MM,
    SIGNATURE_MM,
    TAB_MM,
    WIDTH_MM,
    NameBlock,
    Room,
    line_mm,
    name_block,
    names_mm,
    pagination,
    signature_drawing,
    signature_labels,
    sitting_shades,
)
from skatclub.club.printing.svg import Drawing
from skatclub.club.queries.score_sheet import ScoreSheet, SheetRow

NR_RIGHT, GAME_LEFT = 6.2, 7.8
VALUE_WIDTH, POINTS_WIDTH = 10.0, 13.0
# The notation column takes one of these widths: the one that leaves the fewest notes.
NOTATION_WIDTHS = (14.0, 17.0, 20.0, 24.0, 28.0, 32.0, 38.0)
# The derivation column gives way to the names down to this (a short "5 × 12 = 60" fits).
MIN_DERIVATION_MM = 18.0
NAME_MARGIN_MM = 1.6  # a name starts 0.8 mm inside its column and ends as far from its right
MIN_ROW_MM, MAX_ROW_MM = 3.2, 5.0  # 8 pt type is 2.8 mm high
LOST_MARK = "✘"
LABEL_LINES = 2
CARRY_SHADE = "#f2f2f2"


@dataclass(frozen=True)
class Columns:
    """The widths a sheet chooses (`_best_cells`): its notation column and player columns."""

    notation_mm: float
    player_mm: float

    @property
    def key(self) -> str:
        return f"{round(self.notation_mm)}-{round(self.player_mm * 10)}"


def column_options(table_size: int, names_mm: float = 0.0) -> list[Columns]:
    """Player columns wide enough for every name on three lines (`names_mm`, measured) and at
    least as wide as a name of 10 letters needs on one line; or that usual width, or a little
    less, for a wider derivation; each with every notation width. The derivation column
    gives way first: the players' columns stop growing where it would be narrower than
    `MIN_DERIVATION_MM`. `printed_pages` takes the narrower ones only to save a sheet."""
    usual = min(18.0, 72.0 / table_size)
    fixed = GAME_LEFT + NOTATION_WIDTHS[0] + 1.8 + VALUE_WIDTH + POINTS_WIDTH
    widest = (WIDTH_MM - fixed - MIN_DERIVATION_MM) / table_size
    need = names_mm + NAME_MARGIN_MM
    # The names' width first; the usual widths as fallbacks, for a list that would not fit
    # one sheet with them (its names then take more lines).
    players = {round(min(widest, width), 2) for width in (max(need, usual), usual, usual * 0.9)}
    return [Columns(notation, player) for player in players for notation in NOTATION_WIDTHS]


@dataclass(frozen=True)
class FilledFrame:
    """Column positions (mm from the left edge of the text area) and rows of one kind of page
    of a played list: `rows` games from game `first`, the sums under them if `foot`. The grid
    and the foot are one text block, one line per game or sum, so they share the row height."""

    table_size: int
    first: int
    rows: int
    foot: bool
    row_mm: float
    columns: Columns
    carry: bool = False  # a first line with the stands carried over from the sheet before

    @property
    def notation_mm(self) -> float:
        return self.columns.notation_mm

    @property
    def player_mm(self) -> float:
        return self.columns.player_mm

    @property
    def css_class(self) -> str:
        key = f"{self.table_size}-{self.first}-{self.rows}-{int(self.foot)}{int(self.carry)}"
        return f"filled-{key}-{round(self.row_mm * 100)}-{self.columns.key}"

    @property
    def lines(self) -> int:
        return self.carry + self.rows + (len(FOOT_FIELDS) if self.foot else 0)

    @property
    def top_mm(self) -> float:
        """Where the games start: under the carried-over line, if any."""
        return self.row_mm if self.carry else 0.0

    @property
    def grid_mm(self) -> float:
        """The carried-over line and the games."""
        return round(self.top_mm + self.row_mm * self.rows, 3)

    @property
    def body_mm(self) -> float:
        return round(self.row_mm * self.lines, 3)

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
        return GAME_LEFT + self.notation_mm + 0.8

    @property
    def derivation_mm(self) -> float:
        return self.value_left - self.derivation_left - 1.0

    def player_left(self, position: int) -> float:
        return self.players_left + self.player_mm * (position - 1)

    @property
    def derivation_label(self) -> str:
        label = "Berechnung des Spielwerts"
        fits = text_width_mm(label, DATA_PT, bold=True) + 1.0 <= self.derivation_mm
        return label if fits else "Berechnung"

    @property
    def labels(self) -> str:
        """Two lines of column headings: "Platz n" over each player's column."""
        first = [
            Cell(NR_RIGHT, "Nr.", "r"),
            Cell(GAME_LEFT, "Spiel"),
            Cell(self.derivation_left, self.derivation_label),
            Cell(self.points_left - 1.0, "Spiel-", "r"),
            Cell(self.players_left - 1.0, "Spiel-", "r"),
        ]
        first += [
            Cell(self.player_left(p) + 0.8, f"Platz {p}") for p in range(1, self.table_size + 1)
        ]
        second = [
            Cell(self.points_left - 1.0, "wert", "r"),
            Cell(self.players_left - 1.0, "punkte", "r"),
        ]
        return "\n".join(placed_line(c, DATA_PT, TAB_MM, bold=True) for c in (first, second))

    @cached_property
    def body_lines(self) -> str:
        """Row and column lines, a heavy line after each round of deals, the shaded cells of
        the dealer (and at a 5-table of the other player who sits out), the foot's lines."""
        drawing = Drawing(WIDTH_MM, self.body_mm)
        offset = (self.first - 1) % self.table_size * self.row_mm
        drawing.tiled(
            self._round_tile(),
            0,
            self.top_mm - offset,
            WIDTH_MM,
            self.grid_mm - self.top_mm + offset,
        )
        if self.carry:
            drawing.rect(0, 0, WIDTH_MM, self.row_mm, CARRY_SHADE)
            drawing.hline(self.row_mm, 0, WIDTH_MM, 0.5)
        games_end = self.carry + self.rows
        for index in range(games_end, self.lines):
            drawing.hline(index * self.row_mm, 0, WIDTH_MM, 0.5 if index == games_end else 0.1)
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


@dataclass(frozen=True)
class PrintedPage:
    """One page of a played list, every block's text and height measured."""

    sheet: ScoreSheet
    frame: FilledFrame
    head: PageHead
    names: NameBlock
    body: str  # one line per game, then (last page) one per sum of the foot
    notes: str  # last page: what did not fit its cell
    notes_lines: int
    signatures: str  # last page: the boxes' labels and how each seat signed at the table
    legend: str  # last page
    legend_lines: int
    page: int
    pages: int

    @property
    def labels(self) -> str:
        return self.frame.labels

    @property
    def labels_mm(self) -> float:
        return LABEL_LINES * line_mm(DATA_PT)

    @property
    def data_line_mm(self) -> float:
        return line_mm(DATA_PT)

    @property
    def notes_mm(self) -> float:
        return round(self.notes_lines * line_mm(DATA_PT), 3)

    @property
    def legend_mm(self) -> float:
        return round(self.legend_lines * line_mm(DATA_PT), 3)

    @property
    def is_last(self) -> bool:
        return self.page == self.pages

    @property
    def status(self) -> str:
        return self.head.status


# --- one sheet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cells:
    """What the grid's text cells of one sheet show with `columns`."""

    columns: Columns
    lines: list[list[Cell]]  # one per game, without the totals
    notes: list[str]
    compact: bool  # some derivation is compact: the legend explains the tokens
    tiny: bool  # some derivation is tiny (`compact.tiny_derivation`): so does the legend
    changes: dict[int, int]  # the Spielpunkte column (`_changes`)


def printed_pages(
    sheet: ScoreSheet,
    status: str,
    club: str,
    event: str,
    printed_at: str,
    signed_at_table: Mapping[int, str] | None = None,
) -> list[PrintedPage]:
    """The pages of one table's list. `event`: its name and date; `signed_at_table`: seat -> how
    its player signed at the table (`queries.table_status.signed_on_lists`)."""
    size = f"{sheet.table_size}er-Tisch · {len(sheet.rows)} Spiele"
    paper = " · als Summen von der Papierliste erfasst" if sheet.entry == Table.Entry.TOTALS else ""
    title = f"Spielliste · Serie {sheet.round_number} · Tisch {sheet.table_number}"
    about = f"{event} · {size}{paper} · gedruckt am {printed_at}"
    head = PageHead(title + " · Blatt 2 von 2", status, club, about)
    plan = _best_plan(sheet, head.height_mm)
    cells, names, notes, legend = plan.cells, plan.names, plan.notes, plan.legend
    parts, row_mm = plan.parts, plan.row_mm
    pages = []
    for index, (first, count) in enumerate(parts, start=1):
        is_last = index == len(parts)
        frame = FilledFrame(
            sheet.table_size, first, count, is_last, row_mm, cells.columns, carry=index > 1
        )
        lines = [_carried(sheet, frame, index - 1)] if index > 1 else []
        lines += [
            placed_line(cells.lines[n - 1] + _totals(sheet.rows[n - 1], frame), DATA_PT, TAB_MM)
            for n in range(first, first + count)
        ]
        if is_last:
            lines += _foot(sheet, frame, sum(cells.changes.values()))
        numbered = f" · Blatt {index} von {len(parts)}" if len(parts) > 1 else ""
        pages.append(
            PrintedPage(
                sheet=sheet,
                frame=frame,
                head=PageHead(title + numbered, status, club, about),
                names=names,
                body="\n".join(lines),
                notes="\n".join(notes) if is_last else "",
                notes_lines=len(notes) if is_last else 0,
                signatures=signature_labels(sheet.table_size, signed_at_table) if is_last else "",
                legend="\n".join(legend) if is_last else "",
                legend_lines=len(legend) if is_last else 0,
                page=index,
                pages=len(parts),
            )
        )
    return pages


@dataclass(frozen=True)
class Texts:
    """A game's notation and derivation (in full and compact), each with its width at 8 pt:
    measured once per sheet, whichever columns it gets."""

    game: str
    game_mm: float
    full: str
    full_mm: float
    short: str
    short_mm: float
    tiny: str
    tiny_mm: float


def _texts(row: SheetRow) -> Texts:
    game = (row.notation or ("eingepasst" if row.passed_in else "")) if row.entered else ""
    full = short = tiny = ""
    if _has_derivation(row):
        full, short = derivation_text(row.derivation), compact_derivation(row.derivation)
        tiny = tiny_derivation(row.derivation)
    return Texts(
        game,
        text_width_mm(game, DATA_PT),
        full,
        text_width_mm(full, DATA_PT),
        short,
        text_width_mm(short, DATA_PT),
        tiny,
        text_width_mm(tiny, DATA_PT),
    )


@dataclass(frozen=True)
class Plan:
    """One way to lay out a sheet: its cells, names, notes and legend, and its pages."""

    cells: Cells
    names: NameBlock
    notes: list[str]
    legend: list[str]
    parts: list[tuple[int, int]]  # (first game, games) per page
    row_mm: float

    @property
    def key(self) -> tuple[int, int, int, float, float]:
        """Fewest pages; names on three lines, else on as few as may be; fewest notes; wide
        player columns."""
        columns = self.cells.columns
        name_lines = max(self.names.lines, NAME_LINES)
        return (
            len(self.parts),
            name_lines,
            len(self.notes),
            -columns.player_mm,
            columns.notation_mm,
        )


def _best_plan(sheet: ScoreSheet, head_mm: float) -> Plan:
    """For each width of the player columns the notation width that sends the fewest texts
    into notes; of those the plan with the fewest pages (see `Plan.key`)."""
    texts = [_texts(row) for row in sheet.rows]

    def notes(columns: Columns) -> int:
        width = FilledFrame(sheet.table_size, 1, 0, False, MAX_ROW_MM, columns).derivation_mm
        return sum(
            (t.game_mm > columns.notation_mm)
            + (bool(t.full) and min(t.full_mm, t.short_mm, t.tiny_mm) > width)
            for t in texts
        )

    options = column_options(sheet.table_size, names_mm(sheet.players))
    plans = []
    for player in sorted({c.player_mm for c in options}, reverse=True):
        same = [c for c in options if c.player_mm == player]
        best = min(same, key=lambda c: (notes(c), c.notation_mm))
        plans.append(_plan(sheet, _cells(sheet, best, texts), head_mm))
    return min(plans, key=lambda plan: plan.key)


def _plan(sheet: ScoreSheet, cells: Cells, head_mm: float) -> Plan:
    probe = FilledFrame(sheet.table_size, 1, 0, False, MAX_ROW_MM, cells.columns)
    names = name_block(
        sheet.players, lambda p: probe.player_left(p) + 0.8, probe.player_mm - NAME_MARGIN_MM
    )
    notes = _notes_block(cells.notes)
    legend = _wrapped_block([_legend(sheet, cells.compact, cells.tiny)])
    fixed = head_mm + RULE_MM + LABEL_LINES * line_mm(DATA_PT) + names.height_mm + 3 * GAP_MM
    last = (len(notes) + len(legend)) * line_mm(DATA_PT) + SIGNATURE_MM + 3 * GAP_MM
    room = Room(PAGE_MM - fixed, last, len(FOOT_FIELDS), MIN_ROW_MM, MAX_ROW_MM)
    parts, row_mm = pagination(len(sheet.rows), sheet.table_size, room)
    if len(parts) > 1:  # room for the line that carries the stands over
        room = Room(PAGE_MM - fixed - MAX_ROW_MM, last, len(FOOT_FIELDS), MIN_ROW_MM, MAX_ROW_MM)
        parts, row_mm = pagination(len(sheet.rows), sheet.table_size, room)
    return Plan(cells, names, notes, legend, parts, row_mm)


def _cells(sheet: ScoreSheet, columns: Columns, texts: list[Texts]) -> Cells:
    frame = FilledFrame(sheet.table_size, 1, 0, False, MAX_ROW_MM, columns)
    changes = _changes(sheet)
    notes: list[str] = []
    compact = tiny = False
    lines = []
    for row, text in zip(sheet.rows, texts, strict=True):
        cells = [Cell(NR_RIGHT, str(row.number), "r")]
        if text.game:
            fits = text.game_mm <= columns.notation_mm
            cells.append(
                Cell(GAME_LEFT, text.game if fits else _note(notes, row, "Spiel", text.game))
            )
        if text.full:
            if text.full_mm <= frame.derivation_mm:
                shown = text.full
            elif text.short_mm <= frame.derivation_mm:
                shown, compact = text.short, True
            elif text.tiny_mm <= frame.derivation_mm:
                shown, tiny = text.tiny, True
            else:
                shown = _note(notes, row, "Berechnung", text.full)
            cells.append(Cell(frame.derivation_left, shown))
        lines.append(cells + _value_cells(row, frame, changes.get(row.number)))
    return Cells(columns, lines, notes, compact, tiny, changes)


def _note(notes: list[str], row: SheetRow, what: str, text: str) -> str:
    """A text too wide for its cell goes in full into a numbered note; the cell refers to it."""
    about = f"Spiel {row.number}" + (f", {what}" if what != "Spiel" else "")
    notes.append(f"Anm. {len(notes) + 1} ({about}): {text}")
    return f"→ Anm. {len(notes)}"


def _value_cells(row: SheetRow, frame: FilledFrame, change: int | None) -> list[Cell]:
    """Spielwert and the Spielpunkte column: a game's value and the declarer's Spielpunkte, a
    Ramsch what it changes in the sum of all stands."""
    cells = []
    if row.entered and not row.passed_in:
        cells.append(Cell(frame.points_left - 1.2, formatting.number(row.game_value), "r"))
        if row.won is False:
            cells.append(Cell(frame.players_left - 2.0, LOST_MARK, "c"))
    if change is not None:
        cells.append(Cell(frame.players_left - 4.0, signed(change), "r"))
    return cells


def _changes(sheet: ScoreSheet) -> dict[int, int]:
    """Game number -> what it adds to the sum of all stands: a game its declarer's
    Spielpunkte, a Ramsch the sum of everyone's (an eingepasstes Spiel: nothing)."""
    changes, before = {}, 0
    for row in sheet.rows:
        if row.totals is None:
            continue
        now = sum(row.totals)
        if not row.passed_in or row.is_ramsch:
            changes[row.number] = now - before
        before = now
    return changes


def _totals(row: SheetRow, frame: FilledFrame) -> list[Cell]:
    """The new stand in the column of each player the game changes: a game its declarer's,
    a Ramsch everyone's."""
    if row.totals is None:
        return []
    changed = range(1, frame.table_size + 1) if row.is_ramsch else [row.declarer_position]
    return [
        Cell(
            frame.player_left(position) + frame.player_mm - 1.2,
            formatting.number(row.totals[position - 1]),
            "r",
        )
        for position in changed
        if position is not None
    ]


def _carried(sheet: ScoreSheet, frame: FilledFrame, sheet_before: int) -> str:
    """The marked first line of a continuation sheet: every player's stand after the last
    game of the sheet before, and the sum of the Spielpunkte column so far."""
    before = [row.totals for row in sheet.rows[: frame.first - 1] if row.totals is not None]
    stands = before[-1] if before else [0] * frame.table_size
    cells = [Cell(1.0, f"Übertrag von Blatt {sheet_before} (nach Spiel {frame.first - 1})")]
    cells += [
        Cell(frame.player_left(p) + frame.player_mm - 1.2, formatting.number(stand), "r")
        for p, stand in enumerate(stands, start=1)
    ]
    return placed_line(cells, DATA_PT, TAB_MM, bold=True)


def _has_derivation(row: SheetRow) -> bool:
    return row.entered and (not row.passed_in or row.is_ramsch) and bool(row.derivation)


def _wrapped_block(texts: list[str]) -> list[str]:
    return [line for text in texts for line in wrapped(text, WIDTH_MM - 1.0, DATA_PT)]


NOTE_GAP_MM = 3.0


def _notes_block(notes: list[str]) -> list[str]:
    """The notes, side by side in three or two columns where every one fits its column
    (short notations mostly do), else one under the other, wrapped."""
    for per_line in (3, 2):
        column = (WIDTH_MM - 1.0) / per_line
        if all(text_width_mm(note, DATA_PT) <= column - NOTE_GAP_MM for note in notes):
            return [
                placed_line(
                    [
                        Cell(1.0 + i * column, note)
                        for i, note in enumerate(notes[at : at + per_line])
                    ],
                    DATA_PT,
                    TAB_MM,
                )
                for at in range(0, len(notes), per_line)
            ]
    return _wrapped_block(notes)


def _legend(sheet: ScoreSheet, compact: bool, tiny: bool) -> str:
    shades = "Grau: Geber"
    if any(row.dealer_position in row.sitting_positions for row in sheet.rows):
        shades += " (setzt aus)"
    if any(len(row.sitting_positions) > 1 for row in sheet.rows):
        shades += ", hellgrau: setzt aus"
    text = (
        f"{shades}. {LOST_MARK} = verloren. Spielwert = Wert des Spiels; Spielpunkte = Eintrag "
        "des Alleinspielers (verloren doppelt negativ), beim Ramsch die Summe der Punkte "
        "aller; in seiner Spalte steht danach sein Stand, und die Summe der Spalte ist die "
        "Summe der Stände. Dicke Linie: Ende einer Runde (jeder hat einmal gegeben). "
        f"{sheet.score_rule}."
    )
    return " ".join(
        [text, *([COMPACT_LEGEND] if compact else []), *([TINY_LEGEND] if tiny else [])]
    )


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
        "Spielpunkte (Σ Spalte = Σ Stände)",
        "gewonnene Spiele",
        "verlorene Spiele",
        "verlorene Spiele der Mitspieler",
        f"+ {WON_BONUS} je gewonnenes Spiel",
        f"− {WON_BONUS} je verlorenes Spiel",
        f"+ {others_rate(table_size)} je verlorenes Spiel der Mitspieler",
        "Wertungspunkte (Seeger-Fabian)",
    ]


def _foot(sheet: ScoreSheet, frame: FilledFrame, column: int) -> list[str]:
    """The sums under the list, one line each; blank on a list not played yet."""
    filled = sheet.games_entered > 0 or sheet.entry == Table.Entry.TOTALS
    feet = {f.position: f for f in sheet.foot} if filled else {}
    lines = []
    for label, name in zip(foot_labels(frame.table_size), FOOT_FIELDS, strict=True):
        cells = [Cell(1.0, label)]
        if name == "list_score" and filled and sheet.entry == Table.Entry.GAMES:
            cells.append(Cell(frame.players_left - 4.0, signed(column), "r"))
        for position, foot in feet.items():
            value = int(getattr(foot, name))
            right = frame.player_left(position) + frame.player_mm - 1.2
            cells.append(Cell(right, formatting.number(value), "r"))
        lines.append(placed_line(cells, DATA_PT, TAB_MM))
    return lines
