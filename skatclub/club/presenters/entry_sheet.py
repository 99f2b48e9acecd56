"""The Spielwart's Spielliste on the entry page: its rows and foot as HTML, the last saved game.

Owns `sheet_rows` (one `<tr>` per entered game with every player's running total), `sheet_foot`
(the sums under the list) and `last_saved` (the line under the entry field). Built with
`format_html`, which escapes every value, rather than template loops: the sheet is rendered
again after every entered game, and 48 rows × 10 cells through the template engine cost about
8 ms. Reads a `queries.score_sheet.ScoreSheet`; computes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from scoring import WON_BONUS
from skatclub.club.queries.score_sheet import ScoreSheet, SheetFoot, SheetPlayer, SheetRow

Feet = Sequence[tuple[SheetPlayer, SheetFoot | None]]


def sheet_rows(sheet: ScoreSheet) -> list[SafeString]:
    """The entered games as table rows, each with a link to correct it."""
    edit = reverse("table-entry", args=[sheet.event_key, sheet.round_number, sheet.table_number])
    return [
        _row(sheet, row, row.totals, edit)
        for row in sheet.rows
        if row.entered and row.totals is not None
    ]


def _row(sheet: ScoreSheet, row: SheetRow, totals: tuple[int, ...], edit: str) -> SafeString:
    # One format_html per row (a cell each would cost five times as much per sheet).
    cells = '<td class="{}">{}</td>' * len(sheet.players)
    values = [
        value
        for p in sheet.players
        for value in (_cell_class(row, p.position), totals[p.position - 1])
    ]
    return format_html(
        '<tr id="spiel-{}" class="{}"><td class="num">{}</td><td class="notation">{}</td>'
        + cells
        + '<td class="num value">{}</td><td>{}</td><td><a href="{}spiel/{}/" '
        'aria-label="Spiel {} ändern">ändern</a></td></tr>\n',
        row.number,
        "won" if row.won else "lost" if row.won is False else "",
        row.number,
        row.game_text,
        *values,
        "" if row.passed_in else row.list_score,
        row.derivation,
        edit,
        row.number,
        row.number,
    )


def _cell_class(row: SheetRow, position: int) -> str:
    if position == row.declarer_position:
        return "total declarer"
    return "total sitting" if position in row.sitting_positions else "total"


def sheet_foot(sheet: ScoreSheet) -> SafeString:
    """The sums under the list, one cell per player."""
    by_position = {f.position: f for f in sheet.foot}
    feet = [(p, by_position.get(p.position)) for p in sheet.players]
    lines = [
        _line(
            "Spielpunkte",
            _cells(feet, lambda f: f.list_score, lambda p: SafeString(' data-foot="list_score"')),
        ),
        _line("gewonnen / verloren", _cells(feet, lambda f: f"{f.won} / {f.lost}", empty=" / ")),
        _line(
            f"+{WON_BONUS} × gew. −{WON_BONUS} × verl.",
            _cells(feet, lambda f: f.won_points + f.lost_points),
        ),
        _line(
            "Gegnerverluste (Punkte)",
            _cells(feet, lambda f: f"{f.others_lost} ({f.others_points})", empty=" ()"),
        ),
        _line(
            "Wertungspunkte",
            _cells(
                feet,
                lambda f: f.score,
                lambda p: format_html(' data-foot="score" data-player="{}"', p.key),
            ),
            sheet.score_rule,
        ),
    ]
    return format_html_join("", "{}", ((line,) for line in lines))


def _line(label: str, cells: SafeString, last: str = "") -> SafeString:
    return format_html(
        '    <tr><th colspan="2">{}</th>{}<td colspan="3">{}</td></tr>\n', label, cells, last
    )


def _cells(
    feet: Feet,
    value: Callable[[SheetFoot], object],
    attributes: Callable[[SheetPlayer], SafeString] | None = None,
    empty: str = "",
) -> SafeString:
    """One cell per player: `value` of his sums, `empty` while he has none."""
    return format_html_join(
        "",
        '<td class="total"{}>{}</td>',
        ((attributes(p) if attributes else "", value(f) if f else empty) for p, f in feet),
    )


def last_saved(sheet: ScoreSheet) -> dict[str, Any] | None:
    """The highest entered game, shown under the line so the last entry stays in view."""
    entered = [row for row in sheet.rows if row.entered]
    if not entered:
        return None
    row = entered[-1]
    player = sheet.player_at(row.declarer_position) if row.declarer_position else None
    return {
        "number": row.number,
        "passed_in": row.passed_in,
        "declarer_position": row.declarer_position,
        "notation": row.notation,
        "list_score": row.list_score,
        "name": player.name if player else "",
    }
