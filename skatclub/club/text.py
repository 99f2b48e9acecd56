"""Text that people type: names without invisible characters, searches of bounded length.

Owns `visible_text` (a name as it is stored: no Unicode format, control, private-use or
unassigned characters such as right-to-left overrides, zero-width spaces or NUL, whitespace
runs made one space, and "" when nothing in it shows), `visible_name` (the same, refused in
German when something was typed but nothing shows) and `search_text` (a search as it is asked:
the same, cut to `MAX_SEARCH` characters), and `is_key` (a key as addresses name players,
events and clubs: letters, digits, "-" and "_"). Used by the forms, the services that store
names, the archive and the spreadsheet import. Reads and writes nothing.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, TypeGuard

MAX_SEARCH = 100
# Format (RLO U+202E and the other bidi controls, zero-width space and joiners, word joiner,
# BOM), control (NUL, tabs), lone surrogates, private use and unassigned code points: none of
# them shows in every font, some turn the text around them.
INVISIBLE = frozenset({"Cf", "Cc", "Cs", "Co", "Cn"})
# Letters and symbols that are drawn as nothing: the Hangul fillers and the blank braille cell.
BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
NO_VISIBLE_NAME = "Der Name braucht mindestens ein sichtbares Zeichen."
NO_VISIBLE_NUMBER = "Die Mitgliedsnummer braucht mindestens ein sichtbares Zeichen."
KEY_PATTERN = re.compile(r"^[-a-zA-Z0-9_]+$")


class InvisibleText(ValueError):
    """Something was typed, but nothing in it shows."""

    def __init__(self, message: str = NO_VISIBLE_NAME) -> None:
        super().__init__(message)
        self.message = message


def is_visible(ch: str) -> bool:
    """A character that shows on its own: a letter, digit, punctuation mark or symbol (not a
    space, not a combining mark alone, not a blank glyph)."""
    return unicodedata.category(ch)[0] in "LNPS" and ch not in BLANK_GLYPHS


def visible_text(text: str) -> str:
    """`text` without invisible characters and with single spaces; "" if nothing shows."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in INVISIBLE)
    if not any(is_visible(ch) for ch in kept):
        return ""
    return " ".join(kept.split())


def visible_name(text: str, message: str = NO_VISIBLE_NAME) -> str:
    """`text` as stored (`visible_text`); "" when nothing was typed; `InvisibleText` when
    something was typed and nothing of it shows ("\\u202e", a zero-width space)."""
    shown = visible_text(text)
    if not shown and text.strip():
        raise InvisibleText(message)
    return shown


def search_text(text: str) -> str:
    """A search term as the database is asked: visible characters only, at most MAX_SEARCH."""
    return visible_text(text[: MAX_SEARCH * 4])[:MAX_SEARCH]


def is_key(value: Any, max_length: int) -> TypeGuard[str]:
    return (
        isinstance(value, str) and 0 < len(value) <= max_length and bool(KEY_PATTERN.match(value))
    )
