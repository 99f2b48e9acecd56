"""Text that people type: names without invisible characters, searches of bounded length.

Owns `visible_text` (a name as it is stored: no Unicode format or control characters such as
right-to-left overrides, zero-width spaces or NUL, whitespace runs made one space) and
`search_text` (a search as it is asked: the same, cut to `MAX_SEARCH` characters). Used by the
forms, the guest entry and the archive import. Reads and writes nothing.
"""

from __future__ import annotations

import unicodedata

MAX_SEARCH = 100
# Format (RLO U+202E, zero-width space and joiners, BOM), control (NUL, tabs) and lone
# surrogates: none of them shows, some turn the text around them.
INVISIBLE = frozenset({"Cf", "Cc", "Cs"})


def visible_text(text: str) -> str:
    """`text` without invisible characters and with single spaces; "" if nothing shows."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in INVISIBLE)
    return " ".join(kept.split())


def search_text(text: str) -> str:
    """A search term as the database is asked: visible characters only, at most MAX_SEARCH."""
    return visible_text(text[: MAX_SEARCH * 4])[:MAX_SEARCH]
