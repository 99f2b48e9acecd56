"""Is this the same player? Near-identical names, for sign-in and adding guests.

Pure functions (no database). Owns `name_key` (a name reduced to what a typo or a different
spelling leaves alone: case, accents, ß/ss, punctuation, spacing, the order of first and last
name) and `near_matches` (the known players whose name is the same or almost the same, so the
Spielwart is asked "derselbe Spieler?" instead of getting a second player).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

# Two names whose keys agree this much (difflib ratio) are "almost the same": "Gustav Gast"
# and "Gustav Gasst" (0.96), "Hans Meier" and "Hans Meyer" (0.9), but not "Anna
# Albers" and "Anna Alt" (0.74).
SIMILAR = 0.85


def name_key(name: str) -> str:
    """Lower case, no accents (ä→a, ß→ss), letters and digits only, words sorted."""
    text = unicodedata.normalize("NFKD", name.casefold().replace("ß", "ss"))
    letters = "".join(c if c.isalnum() else " " for c in text if not unicodedata.combining(c))
    return " ".join(sorted(letters.split()))


def near_matches(name: str, known: Iterable[tuple[int, str]], limit: int = 5) -> list[int]:
    """Ids of the known (id, name) pairs whose name is the same or almost the same, closest
    first."""
    key = name_key(name)
    if not key:
        return []
    scored = []
    for pk, other in known:
        other_key = name_key(other)
        ratio = 1.0 if other_key == key else SequenceMatcher(None, key, other_key).ratio()
        if ratio >= SIMILAR:
            scored.append((-ratio, other, pk))
    return [pk for _, _, pk in sorted(scored)[:limit]]
