"""Collecting the check's German problem lines, and the field tests every check uses.

Each line names where the problem is ("Veranstaltung x, Serie 2, Tisch 1, Spiel 5: ...");
after `MAX_PROBLEMS` lines the check stops. Reads/writes nothing.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, TypeGuard

MAX_PROBLEMS = 50
KEY_PATTERN = re.compile(r"^[-a-zA-Z0-9_]+$")
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class TooManyProblems(Exception):
    pass


class Problems:
    """Collects German problem lines; stops the check once `limit` lines are reached."""

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.lines: list[str] = []
        self.limit = limit

    def add(self, where: str, message: str) -> None:
        self.lines.append(f"{where}: {message}" if where else message)
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


def is_key(value: Any, max_length: int) -> TypeGuard[str]:
    return (
        isinstance(value, str) and 0 < len(value) <= max_length and bool(KEY_PATTERN.match(value))
    )


def is_text(value: Any, max_length: int) -> bool:
    return isinstance(value, str) and len(value.strip()) > 0 and len(value) <= max_length


def is_count(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def parse_date(value: Any) -> datetime.date | None:
    if not isinstance(value, str) or not DATE_PATTERN.match(value):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None
