"""What each printout shows: Spiellisten, results, Tischliste and settlement, as template context.

Owns choosing the template, the German filename and the context of every printout (`printout`);
`views/printing.py` and the `print_pdf` command both call it, `pdf.py` renders the result.
Reads the Spielliste from `sheet.score_sheet`, standings and money from `standings.py` and
settles with the engine's `transfers`; writes nothing and checks no Skat rule.

Terms: a *printout* is one downloadable document; a *sheet* is one table's Spielliste. The
Spielliste grid is plain text in a monospaced font (one text block for all columns, one for
the derivations) with its lines as an SVG background, so that a whole Serie lays out fast;
`SheetLayout` holds the column widths in characters.
"""

from __future__ import annotations

import base64
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from scoring import seeger_fabian, transfers
from skatclub.club.downloads import euro
from skatclub.club.models import Event, Round, Seat, Table
from skatclub.club.sheet import ScoreSheet, SheetRow, score_sheet
from skatclub.club.standings import Row, event_standings, kasse_cents, lines_for

KINDS = ("score_sheet", "results", "settlement", "seating")
KASSE = "Kasse"


class PrintError(ValueError):
    """A printout that cannot be made; `message` is German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Printout:
    template: str
    filename: str
    context: dict[str, Any]
    parts_key: str | None = None  # context[parts_key] holds one-page parts (see pdf.py)


def printout(
    kind: str, event: Event, *, round_number: int | None = None, table_number: int | None = None
) -> Printout:
    """The printout `kind` of the event, one Serie of it, or one table of a Serie."""
    if kind == "score_sheet":
        return score_sheets_printout(event, _round(event, round_number), table_number)
    if kind == "results":
        return results_printout(event, _round(event, round_number) if round_number else None)
    if kind == "settlement":
        return settlement_printout(event, _round(event, round_number) if round_number else None)
    if kind == "seating":
        return seating_printout(event, _round(event, round_number))
    raise PrintError(f"Unbekannte Druckart „{kind}“: möglich sind {', '.join(KINDS)}.")


def _round(event: Event, number: int | None) -> Round:
    if number is None:
        raise PrintError("Bitte die Serie angeben (--round N).")
    found = event.rounds.filter(number=number).first()
    if found is None:
        raise PrintError(f"Die Veranstaltung „{event.key}“ hat keine Serie {number}.")
    return found


def _base(event: Event, round_: Round | None, title: str) -> dict[str, Any]:
    subtitle = f"{event.name}, {event.date:%d.%m.%Y}"
    if round_ is not None:
        subtitle += f" · Serie {round_.number}"
    return {
        "club_name": settings.SKATCLUB_NAME,
        "event": event,
        "round": round_,
        "title": title,
        "subtitle": subtitle,
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
    }


# --- Spielliste ------------------------------------------------------------------------------

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


def score_sheets_printout(event: Event, round_: Round, table_number: int | None) -> Printout:
    tables = Table.objects.filter(round=round_).order_by("number")
    if table_number is not None:
        tables = tables.filter(number=table_number)
        if not tables.exists():
            raise PrintError(f"Serie {round_.number} hat keinen Tisch {table_number}.")
    sheets = [printed_sheet(score_sheet(table)) for table in tables]
    if not sheets:
        raise PrintError(f"Serie {round_.number} hat noch keine Tische.")
    stem = f"spielliste-{event.key}-serie-{round_.number}"
    filename = f"{stem}-tisch-{table_number}.pdf" if table_number else f"{stem}-alle-tische.pdf"
    title = f"Spielliste Tisch {table_number}" if table_number else "Spiellisten"
    layouts = sorted({sheet.layout for sheet in sheets}, key=lambda layout: layout.css_class)
    context = _base(event, round_, title) | {"sheets": sheets, "layouts": layouts}
    return Printout("pdf/score_sheet.html", filename, context, parts_key="sheets")


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
    game = "eingepasst" if row.passed_in else row.notation
    text = f"{row.number:>{NR_WIDTH - 1}} {game[: GAME_WIDTH - 1]:<{GAME_WIDTH}}"
    value = f"{row.list_score:+d}" if row.entered and not row.passed_in else ""
    cells = [" " * layout.derivation_ch, f"{value:>{VALUE_WIDTH - 1}} "]
    for position in range(1, layout.table_size + 1):
        total = ""
        if row.totals is not None and row.declarer_position == position:
            total = str(row.totals[position - 1])
        cells.append(f"{_seat_mark(row, position)}{total:>{PLAYER_WIDTH - 2}} ")
    return (text + "".join(cells)).rstrip()


def _derivation(row: SheetRow) -> str:
    if not row.entered or row.passed_in:
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
    others_bonus = seeger_fabian(0, False, table_size)[1]
    return [
        "Spielpunkte (Summe der Spalte)",
        "gewonnene Spiele",
        "verlorene Spiele",
        "verlorene Spiele der Mitspieler",
        "+ 50 je gewonnenes Spiel",
        "- 50 je verlorenes Spiel",
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


# --- Ergebnis ---------------------------------------------------------------------------------


def results_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = event_standings(event, number)
    title = f"Ergebnis Serie {number}" if number else "Gesamtergebnis"
    stem = f"ergebnis-{event.key}" + (f"-serie-{number}" if number else "")
    others_bonus = sorted({seeger_fabian(0, False, size)[1] for size in (3, 4)}, reverse=True)
    context = _base(event, round_, title) | {
        "rows": [_result_row(row, event) for row in rows],
        "has_settlement": event.has_settlement,
        "kasse": euro(kasse_cents(rows)),
        "others_bonus": " bzw. ".join(str(b) for b in others_bonus),
    }
    return Printout("pdf/results.html", f"{stem}.pdf", context)


def _result_row(row: Row, event: Event) -> dict[str, Any]:
    return {
        "place": row.place,
        "name": row.name,
        "is_guest": row.is_guest,
        "rounds": row.rounds,
        "list_score": row.list_score,
        "won": row.won,
        "lost": row.lost,
        "others_lost": row.others_lost,
        "won_points": row.won_points,
        "lost_points": row.lost_points,
        "others_points": row.others_points,
        "score": row.score,
        "decomposition": row.decomposition(),
        "cash": euro(row.cash_cents) if event.has_settlement else "",
        "fees": euro(row.fees_cents),
    }


# --- Tischliste -------------------------------------------------------------------------------


def seating_printout(event: Event, round_: Round) -> Printout:
    seats = list(
        Seat.objects.filter(round=round_)
        .select_related("player", "table")
        .order_by("table__number", "position")
    )
    tables: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        tables[seat.table.number].append(seat)
    context = _base(event, round_, f"Tischliste Serie {round_.number}") | {
        "tables": [
            {"number": number, "size": len(seated), "seats": seated}
            for number, seated in tables.items()
        ],
        "index": sorted(seats, key=lambda s: (s.player.name.lower(), s.player.key)),
    }
    return Printout(
        "pdf/seating.html", f"tischliste-{event.key}-serie-{round_.number}.pdf", context
    )


# --- Abrechnung -------------------------------------------------------------------------------


def settlement_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = sorted(event_standings(event, number), key=lambda r: (r.name.lower(), r.player))
    kasse = kasse_cents(rows)
    names = {row.player_id: row.name for row in rows}
    title = f"Abrechnung Serie {number}" if number else "Abrechnung"
    stem = f"abrechnung-{event.key}" + (f"-serie-{number}" if number else "")
    context = _base(event, round_, title) | {
        "has_settlement": event.has_settlement,
        "cents_per_point": event.cents_per_point,
        "fee_schedule": ", ".join(euro(c) for c in event.lost_game_fees_cents or []),
        "players": [_money_row(row) for row in rows],
        "kasse": euro(kasse),
        "total_cash": euro(sum((row.cash_cents for row in rows), Fraction(0))),
        "event_transfers": _event_transfers(rows, kasse),
        "table_transfers": _table_transfers(event, number, names) if event.has_settlement else [],
    }
    return Printout("pdf/settlement.html", f"{stem}.pdf", context)


def _money_row(row: Row) -> dict[str, Any]:
    net = row.cash_cents - row.fees_cents
    return {
        "name": row.name,
        "rounds": row.rounds,
        "lost": row.lost,
        "cash": euro(row.cash_cents),
        "fees": euro(row.fees_cents),
        "net": euro(net),
        "net_cents": net,
    }


def _event_transfers(rows: Sequence[Row], kasse: int) -> list[dict[str, str]]:
    """Fewest payments that settle the game money and the fees: the Kasse is one more party."""
    balances: dict[str, Fraction] = {row.player: row.cash_cents - row.fees_cents for row in rows}
    if kasse:
        balances[KASSE] = Fraction(kasse)
    names = {row.player: row.name for row in rows} | {KASSE: "Kasse (Verlustspielgeld)"}
    return _named_transfers(balances, names)


def _table_transfers(
    event: Event, number: int | None, names: dict[int, str]
) -> list[dict[str, Any]]:
    selection = Q(event=event) if number is None else Q(event=event, number=number)
    by_table: dict[tuple[int, int], dict[int, Fraction]] = defaultdict(dict)
    for line in lines_for(selection):
        by_table[(line.round_number, line.table_number)][line.player_id] = line.cash_cents
    return [
        {
            "round_number": round_number,
            "table_number": table_number,
            "transfers": _named_transfers(balances, names),
        }
        for (round_number, table_number), balances in sorted(by_table.items())
    ]


def _named_transfers(balances: dict[Any, Fraction], names: dict[Any, str]) -> list[dict[str, str]]:
    return [
        {"payer": names[payer], "payee": names[payee], "amount": euro(amount)}
        for payer, payee, amount in transfers(balances)
    ]
