"""Collecting the check's German problem lines, and the field tests every check uses (a
key's test, `is_key`, is in `text`: the services and the league check keys too).

Each line names where the problem is ("Veranstaltung x, Serie 2, Tisch 1, Spiel 5: ...");
after `MAX_PROBLEMS` lines the check stops. Reads/writes nothing.
"""

from __future__ import annotations

import datetime
import re
import reprlib
from typing import Any, TypeGuard

from skatclub.club.numbers import INT_MAX
from skatclub.club.text import visible_text

MAX_PROBLEMS = 50
MAX_LINE = 300  # a problem line never repeats a whole upload
MAX_SHOWN = 80  # a value quoted in a line, so the line's German sentence always fits
_SHOWN = reprlib.Repr()
_SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlevel, _SHOWN.maxlist, _SHOWN.maxdict = 40, 40, 2, 4, 4
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class TooManyProblems(Exception):
    pass


class Problems:
    """Collects German problem lines; stops the check once `limit` lines are reached."""

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.lines: list[str] = []
        self.limit = limit

    def add(self, where: str, message: str) -> None:
        line = f"{where}: {message}" if where else message
        self.lines.append(line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…")
        if len(self.lines) >= self.limit:
            self.lines.append(
                f"Nach {self.limit} Fehlern wurde die Prüfung abgebrochen; es kann weitere geben."
            )
            raise TooManyProblems


def where(event: str, round_number: Any = None, table: Any = None, game: Any = None) -> str:
    parts = [f"Veranstaltung {event}"]
    if round_number is not None:
        parts.append(f"Serie {round_number}")
    if table is not None:
        parts.append(f"Tisch {table}")
    if game is not None:
        parts.append(f"Spiel {game}")
    return ", ".join(parts)


def shown(value: Any) -> str:
    """A value from the archive in a problem line: short, whatever it holds (a dict of dicts
    of long keys, each cut by reprlib, still filled the line and cut off its German end)."""
    text = _SHOWN.repr(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def is_text(value: Any, max_length: int) -> bool:
    """A name: text of at most `max_length` characters with something visible in it."""
    return isinstance(value, str) and len(value) <= max_length and bool(visible_text(value))


def is_count(value: Any, maximum: int = INT_MAX) -> TypeGuard[int]:
    """A whole number from 0 to `maximum`, by default what every integer column holds (a Serie
    number of 10^14 passed the check and overflowed PostgreSQL's integer on writing)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= maximum


def parse_date(value: Any) -> datetime.date | None:
    if not isinstance(value, str) or not DATE_PATTERN.match(value):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None
