"""Player names from a spreadsheet, matched to members for the Spielwart's review.

Names are compared *folded*: lower case, umlauts and ß spelled out (ä → ae, ö → oe, ü → ue,
ß → ss, other accents dropped), punctuation gone, "Surname, First" turned round. So
"Müller, Hans", "Hans Mueller" and "hans müller" are the same name (a sure match);
"Müller, H." or "H. Müller" match "Hans Müller" by surname and initial (a likely match, to be
confirmed); two members who fit equally make the name ambiguous. A name nobody fits becomes a
new member unless the Spielwart says otherwise. Decisions per sheet name:
"new" (new member), "guest" (new guest), "player:<key>" (an existing player),
"same:<sheet name>" (the same new player as another name in the sheet). Pure.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

SPELLED_OUT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "ẞ": "ss"})
NOT_A_LETTER = re.compile(r"[^a-z0-9 ]+")
NEW, GUEST = "new", "guest"


def folded(text: str) -> str:
    """'Müller-Lüdenscheidt, H.' -> 'mueller luedenscheidt h' (order kept)."""
    text = text.lower().translate(SPELLED_OUT)
    text = "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )
    return " ".join(NOT_A_LETTER.sub(" ", text).split())


def name_tokens(name: str) -> tuple[str, ...]:
    """First names then surname: 'Müller, Hans' and 'Hans Müller' -> ('hans', 'mueller')."""
    if "," in name:
        surname, _, first = name.partition(",")
        return (*folded(first).split(), *folded(surname).split())
    return tuple(folded(name).split())


def is_initials(tokens: tuple[str, ...]) -> bool:
    return len(tokens) >= 2 and all(len(t) == 1 for t in tokens[:-1])


@dataclass(frozen=True)
class Suggestion:
    decision: str  # see the module docstring
    sure: bool
    why: str  # German, for the review page

    @property
    def is_new(self) -> bool:
        return self.decision in (NEW, GUEST)


def suggestions(names: Iterable[str], members: Mapping[str, str]) -> dict[str, Suggestion]:
    """A suggestion per sheet name; `members` is {player key: name}."""
    names = list(names)
    by_surname: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for key, member in members.items():
        tokens = name_tokens(member)
        if tokens:
            by_surname.setdefault(tokens[-1], []).append((f"player:{key}", tokens))
    full_names = {n: name_tokens(n) for n in names}
    first: dict[tuple[str, ...], str] = {}  # the first sheet name of each folded name
    for name, tokens in full_names.items():
        first.setdefault(tuple(sorted(tokens)), name)
    for name, tokens in full_names.items():
        if tokens and not is_initials(tokens) and first[tuple(sorted(tokens))] == name:
            by_surname.setdefault(tokens[-1], []).append((f"same:{name}", tokens))
    shown = {f"player:{k}": v for k, v in members.items()} | {f"same:{n}": n for n in names}
    return {
        name: _suggest(name, tokens, by_surname, shown, first[tuple(sorted(tokens))])
        for name, tokens in full_names.items()
    }


def _suggest(
    name: str,
    tokens: tuple[str, ...],
    by_surname: Mapping[str, list[tuple[str, tuple[str, ...]]]],
    shown: Mapping[str, str],
    first: str,
) -> Suggestion:
    if not tokens:
        return Suggestion(NEW, True, "")
    candidates = [c for c in by_surname.get(tokens[-1], []) if c[0] != f"same:{name}"]
    sure = [d for d, t in candidates if sorted(t) == sorted(tokens) and d.startswith("player:")]
    if len(sure) == 1:
        return Suggestion(sure[0], True, f"gleicher Name wie {shown[sure[0]]}")
    if not sure and first != name:  # "Müller, Hans" after "Hans Mueller": one new player
        return Suggestion(f"same:{first}", True, f"gleicher Name wie {first}")
    likely = [d for d, t in candidates if _initials_fit(tokens, t)]
    members = [d for d in likely if d.startswith("player:")]
    pool = members or likely
    if len(pool) == 1:
        return Suggestion(pool[0], False, f"vermutlich {shown[pool[0]]} (bitte prüfen)")
    if len(pool) > 1:
        listed = ", ".join(sorted(shown[d] for d in pool))
        return Suggestion(NEW, False, f"mehrdeutig: {listed} (bitte wählen)")
    return Suggestion(NEW, True, "")


def _initials_fit(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """Same surname, and first names that agree where one side has only initials."""
    if a[-1] != b[-1] or a == b:
        return False
    if not (is_initials(a) or is_initials(b)):
        return False
    firsts_a, firsts_b = a[:-1], b[:-1]
    return all(x[0] == y[0] for x, y in zip(firsts_a, firsts_b, strict=False)) and bool(
        firsts_a and firsts_b
    )


def new_key(name: str, taken: set[str]) -> str:
    """A player key (Kürzel) for a new player: 'Hans Müller' -> 'hans-mueller', made unique."""
    base = "-".join(name_tokens(name))[:50].strip("-") or "spieler"
    key, number = base, 1
    while key in taken:
        number += 1
        key = f"{base}-{number}"
    taken.add(key)
    return key


def choices(names: Iterable[str], members: Mapping[str, str]) -> dict[str, list[tuple[str, str]]]:
    """Per sheet name the choices of the review form: new member, guest, and every member or
    other sheet name with the same surname (a club has few of those per name)."""
    names = list(names)
    by_surname: dict[str, list[tuple[str, str]]] = {}
    for key, member in members.items():
        tokens = name_tokens(member)
        if tokens:
            by_surname.setdefault(tokens[-1], []).append((f"player:{key}", f"wie {member}"))
    for name in names:
        tokens = name_tokens(name)
        if tokens:
            by_surname.setdefault(tokens[-1], []).append(
                (f"same:{name}", f"wie „{name}“ aus der Tabelle")
            )
    result = {}
    for name in names:
        tokens = name_tokens(name)
        same = by_surname.get(tokens[-1], []) if tokens else []
        result[name] = [
            (NEW, "neues Mitglied"),
            (GUEST, "neuer Gast"),
            *(c for c in same if c[0] != f"same:{name}"),
        ]
    return result
