"""Whole numbers that people and files send: read with a length bound first, then a range.

Owns `whole_number`, the one way a number is read from a request (GET, POST) or a file cell:
ASCII digits with an optional sign and surrounding blanks, at most `MAX_DIGITS` of them, in a
range that fits the database column (by default PostgreSQL's int4, the narrowest integer column
we write). Everything else is None: text, "1e5", "12.0", "1_2", a NUL, digits of other scripts
("١٢" and "²", which Python's int() reads or half-reads), and numbers beyond the range, so
neither int()'s 4,300-digit limit, nor an OverflowError, nor a database overflow reaches a user.
Reads and writes nothing.
"""

from __future__ import annotations

import re
from typing import Any

# int4, PostgreSQL's `integer` (IntegerField, PositiveIntegerField): the widest range every
# integer column we write holds. SQLite holds 64 bits, but a value beyond int4 is no real
# id, game number, count or season anywhere in the club.
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
# smallint (PositiveSmallIntegerField on PostgreSQL): game numbers, seats, prize places.
SMALL_MAX = 2**15 - 1
# Ten digits hold every int4; leading zeros beyond that mean nobody typed a real number.
MAX_DIGITS = 12
# Sign, digits and some blanks around them; a longer text is refused before it is read.
MAX_LENGTH = MAX_DIGITS + 8
WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
BLANKS = " \t\r\n"


def whole_number(value: Any, *, minimum: int = INT_MIN, maximum: int = INT_MAX) -> int | None:
    """`value` as a whole number between `minimum` and `maximum`, or None."""
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and len(value) <= MAX_LENGTH:
        text = value.strip(BLANKS)
        if not WHOLE.fullmatch(text) or len(text.lstrip("+-")) > MAX_DIGITS:
            return None
        number = int(text)
    else:
        return None
    return number if minimum <= number <= maximum else None
