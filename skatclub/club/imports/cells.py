"""One spreadsheet cell as what a column holds: a date, a whole number, a name.

Spreadsheets hand over dates as dates or as text ("05.01.2024", "5.1.24", "2024-01-05"),
numbers as numbers or as text with a German decimal comma or thousands points ("1.234",
"−60", "812,0"). Each reader returns the value or raises `CellError` with the German reason
the preview shows next to the row number. Bounds: text length, number size, years. Pure.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal, InvalidOperation
from typing import Any

from skatclub.club.text import InvisibleText, visible_name

MAX_NAME = 200
MAX_NUMBER = 1_000_000  # input bound, not a rule: far above any Serie's sums
FIRST_YEAR, LAST_YEAR = 1900, 2100
GERMAN_DATE = re.compile(r"^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$")
ISO_DATE = re.compile(r"^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T].*)?$")
# Optional sign, digits with optional thousands points, optional decimal comma with zeros.
GERMAN_NUMBER = re.compile(r"^([+-]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$")


class CellError(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def as_date(value: Any, label: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return _in_range(value.date(), label)
    if isinstance(value, datetime.date):
        return _in_range(value, label)
    if isinstance(value, str):
        text = value.strip()
        for pattern, order in ((GERMAN_DATE, (3, 2, 1)), (ISO_DATE, (1, 2, 3))):
            match = pattern.match(text)
            if match:
                year, month, day = (int(match.group(i)) for i in order)
                if year < 100:
                    year += 2000 if year < 70 else 1900
                try:
                    return _in_range(datetime.date(year, month, day), label)
                except ValueError:
                    break
    raise CellError(f"{label} „{shown(value)}“ ist kein Datum (z. B. 05.01.2024).")


def _in_range(date: datetime.date, label: str) -> datetime.date:
    if not FIRST_YEAR <= date.year <= LAST_YEAR:
        raise CellError(
            f"{label} {date:%d.%m.%Y} liegt nicht zwischen {FIRST_YEAR} und {LAST_YEAR}."
        )
    return date


def as_int(value: Any, label: str, *, minimum: int | None = None) -> int:
    number = _number(value, label)
    if abs(number) > MAX_NUMBER:
        raise CellError(f"{label} {number} ist zu groß.")
    if minimum is not None and number < minimum:
        raise CellError(f"{label} muss mindestens {minimum} sein, nicht {number}.")
    return number


def _number(value: Any, label: str) -> int:
    if isinstance(value, bool) or value is None:
        raise CellError(f"{label} fehlt." if value is None else f"{label} ist keine Zahl.")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise CellError(f"{label} {str(value).replace('.', ',')} ist keine ganze Zahl.")
    text = str(value).strip().replace("\u2212", "-").replace(" ", "").replace("\u00a0", "")
    match = GERMAN_NUMBER.match(text)
    if match is None:
        if re.fullmatch(r"[+-]?\d+\.\d+", text):  # a decimal point, as English files write it
            return _number(float(text), label)
        raise CellError(f"{label} „{shown(value)}“ ist keine ganze Zahl.")
    sign, digits, decimals = match.groups()
    if decimals and decimals.strip("0"):
        raise CellError(f"{label} „{shown(value)}“ ist keine ganze Zahl.")
    try:
        number = int(Decimal(digits.replace(".", "")))
    except InvalidOperation:  # pragma: no cover - the pattern admits digits only
        raise CellError(f"{label} „{shown(value)}“ ist keine Zahl.") from None
    return -number if sign == "-" else number


def as_text(value: Any, label: str, max_length: int = MAX_NAME) -> str:
    if value is None:
        raise CellError(f"{label} fehlt.")
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, datetime.datetime | datetime.date):
        value = f"{value:%d.%m.%Y}"
    try:
        text = visible_name(str(value), f"{label} braucht mindestens ein sichtbares Zeichen.")
    except InvisibleText as error:
        raise CellError(error.message) from None
    if not text:
        raise CellError(f"{label} fehlt.")
    if len(text) > max_length:
        raise CellError(f"{label} ist länger als {max_length} Zeichen.")
    return text


def shown(value: Any) -> str:
    """A cell in a message: short and on one line."""
    text = " ".join(str(value).split())
    return text if len(text) <= 40 else text[:39] + "…"
