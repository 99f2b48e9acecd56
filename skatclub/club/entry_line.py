"""Entry lines of the Spielliste: the declarer's seat number plus club notation (pure).

Owns the line format typed on the entry page: `2 Kr m2 H S` = seat 2 plays Kreuz mit 2 Hand, won
Schneider; `p` = eingepasst; `R 1:55 2:40 3:25 s1` = a Ramsch (`scoring.parse_ramsch`); a
`B`/`B2`/`B0` anywhere sets the game's Bock level by hand. Everything after the seat number is
the engine's club notation (`scoring.parse_notation`); this module only splits off the seat
number and adds up running totals. No database, no Skat rule (the engine and
`services.record_game` check those; a line's seat is read against the table's seats by
`services.typed_at`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from scoring import Declaration, Outcome, ScoringError, format_notation, parse_notation
from scoring.notation import format_ramsch, is_ramsch, parse_ramsch
from scoring.ramsch import RamschDeal

PASSED_TOKENS = {"p", "eingepasst", "ep"}
BOCK_TOKEN = re.compile(r"[bB][0-9]?")


class LineError(ValueError):
    """A line that cannot be read; `message` is German, for the Spielwart."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class EntryLine:
    """One typed game: `seat` None means eingepasst (no declarer, no declaration)."""

    seat: int | None
    declaration: Declaration | None
    outcome: Outcome | None
    ramsch: RamschDeal | None = None  # everybody passed and ramsched
    bock_override: int | None = None  # "B", "B2" or "B0" typed: the Spielwart's Bock level

    @property
    def passed_in(self) -> bool:
        return self.seat is None

    @property
    def text(self) -> str:
        if self.ramsch is not None:
            return format_ramsch(self.ramsch)
        return line_text(self.seat, self.declaration, self.outcome)


def parse_line(text: str, table_size: int | None = None) -> EntryLine:
    """`"2 Kr m2 H S"` → EntryLine(seat=2, …); `"p"` → eingepasst.

    `table_size` None: read before the table's seats are (a save reads the line first and
    its seat against the seats under the table's lock, `services.typed_at`)."""
    tokens = text.split()
    if not tokens:
        raise LineError("empty_line", "Leere Zeile: z. B. „2 Kr m2 H S“ oder „p“ für eingepasst.")
    tokens, bock = _bock_token(tokens)
    if not tokens:
        raise LineError("empty_line", "Nur Bock, aber kein Spiel: z. B. „2 Kr m2 H B“.")
    if is_ramsch(" ".join(tokens)):
        try:
            return EntryLine(None, None, None, parse_ramsch(" ".join(tokens)), bock)
        except ScoringError as error:
            raise LineError(error.code, error.message) from None
    if tokens[0].lower() in PASSED_TOKENS:
        if len(tokens) > 1:
            raise LineError(
                "invalid_notation", "Ein eingepasstes Spiel ist nur „p“, ohne weitere Angaben."
            )
        return EntryLine(None, None, None)
    seat = _seat(tokens[0], table_size)
    if len(tokens) == 1:
        raise LineError(
            "invalid_notation", f"Nach dem Platz {seat} fehlt das Spiel, z. B. „{seat} Kr m2“."
        )
    try:
        declaration, outcome = parse_notation(" ".join(tokens[1:]))
    except ScoringError as error:
        raise LineError(error.code, error.message) from None
    if bock is not None:
        declaration = replace(declaration, bock=bock)
    return EntryLine(seat, declaration, outcome, bock_override=bock)


def _bock_token(tokens: list[str]) -> tuple[list[str], int | None]:
    """Take out a typed Bock token ("B", "B2", "B0"): where the event plays Bockrunden it
    overrides the schedule for this game."""
    found = [t for t in tokens if BOCK_TOKEN.fullmatch(t)]
    if not found:
        return tokens, None
    if len(found) > 1:
        raise LineError("invalid_notation", "Bock steht doppelt in der Zeile.")
    level = found[0][1:]
    return [t for t in tokens if t is not found[0]], int(level) if level else 1


def _seat(token: str, table_size: int | None) -> int:
    # ASCII digits only: "²".isdigit() is true, but int("²") fails.
    if not (token.isascii() and token.isdigit() and len(token) <= 2):
        seats = "" if table_size is None else f" (1–{table_size})"
        raise LineError(
            "missing_seat",
            f"Die Zeile beginnt mit dem Platz des Alleinspielers{seats}, "
            f"nicht mit „{token[:20]}“; z. B. „2 Kr m2 H S“, oder „p“ für eingepasst.",
        )
    seat = int(token)
    if seat == 0:
        raise LineError("unknown_seat", "Platz 0 gibt es nicht; die Plätze zählen ab 1.")
    if table_size is not None and seat > table_size:
        raise LineError(
            "unknown_seat", f"Platz {seat} gibt es an diesem Tisch nicht (1–{table_size})."
        )
    return seat


def line_text(seat: int | None, declaration: Declaration | None, outcome: Outcome | None) -> str:
    """The line as it would be typed: `2 Kr m2 H S` or `p`."""
    if seat is None or declaration is None:
        return "p"
    return f"{seat} {format_notation(declaration, outcome)}"


def running_totals(
    table_size: int, games: Iterable[tuple[int | None, int]]
) -> list[tuple[int, ...]]:
    """Running list scores per seat after each game; `games` = (declarer seat or None, score)."""
    totals = [0] * table_size
    result = []
    for seat, list_score in games:
        if seat is not None:
            totals[seat - 1] += list_score
        result.append(tuple(totals))
    return result
