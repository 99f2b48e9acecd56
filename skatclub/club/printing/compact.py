"""The derivation of a game's value as the printed Spielliste shows it: in full, or compact.

Owns `derivation_text` (the engine's derivation with its numbers as the club reads them:
thousands dot, true minus, via `formatting`) and `compact_derivation` (the same in the short
tokens of the club notation, for a derivation too wide for its column at the type scale):

    ohne 2, Spiel 3, Hand 4, Schneider 5, Schneider angesagt 6 × Grand 24 = 144
      -> o2 Sp H S SA = 6 × Gr 24 = 144
    überreizt: Reizwert 23, berechnet 3 × Pik 11 = 33, Kontra × 2 = 66
      -> überreizt r23: 3 × Pi 11 = 33 · K × 2 = 66
    Ramsch: Platz 4 65 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 2) = -260; Platz 1 …
      -> R × 4 (s1 j2): P4 65 = −260; P1 …

The engine writes the derivations (`scoring/value.py`, `scoring/ramsch.py`); this module only
reads their fixed wording. A text it does not know (an old record, "abweichend erfasst: +18")
stays as it is, numbers formatted. `COMPACT_LEGEND` explains the tokens under the list.
`tiny_derivation`, for the narrowest columns (long names at a 5-table), leaves out what the
game's notation beside it already says: `6 × 24 = 144`, `überr. 3 × 11 = 33`
(`TINY_LEGEND`).
Pure Python, no Django.
"""

from __future__ import annotations

import re
from functools import lru_cache

from skatclub.club import formatting

COMPACT_LEGEND = (
    "Berechnung kurz: m/o = mit/ohne, Sp = Spiel, H = Hand, S/SA = Schneider (angesagt), "
    "Z/ZA = Schwarz (angesagt), ouv = ouvert, dann die Zahl der Stufen × Grundwert; "
    "r = Reizwert, K = Kontra, B = Bock; R = Ramsch, P = Platz, s = Schieben, k = Klopfen, "
    "j = Jungfrau."
)
LEVELS = {
    "Spiel": "Sp",
    "Hand": "H",
    "Schneider": "S",
    "Schneider angesagt": "SA",
    "Schwarz": "Z",
    "Schwarz angesagt": "ZA",
    "Ouvert": "ouv",
}
HOUSE = {"Kontra": "K", "Re": "Re", "Bock": "B"}
GAMES = {"Kreuz": "Kr", "Pik": "Pi", "Herz": "He", "Karo": "Ka", "Grand": "Gr"}
NUMBER = re.compile(r"(?<![\w.])([-+]?)(\d+)(?!\d)")
SUIT = re.compile(r"(mit|ohne) (\d+), (.+?) × (.+?) (\d+) = (\d+)")
OVERBID = re.compile(r"überreizt: Reizwert (\d+), berechnet (\d+) × (.+?) (\d+) = (\d+)")
NULL = re.compile(r"(Null(?: ouvert)?(?: Hand)?) = (\d+)")
HOUSE_STEP = re.compile(r", (Kontra|Re|Bock) × 2 = (\d+)")
RAMSCH_PART = re.compile(
    r"Platz (\d) (\d+) Augen((?: × 2 \([^)]*\))*) = ([-+]?\d+)"
    r"(?:, Verlust begrenzt auf (\d+) = ([-+]?\d+))?"
)
DURCHMARSCH = re.compile(r"Durchmarsch Platz (\d): (\d+)((?: × 2 \([^)]*\))*) = ([-+]?\d+)")
FACTOR = re.compile(r" × 2 \(([^)]*)\)")


@lru_cache(maxsize=4096)
def derivation_text(derivation: str) -> str:
    """The derivation in full, every number in the club's format (1.536, −260, +240)."""
    return NUMBER.sub(_number, derivation)


TINY_LEGEND = (
    "Berechnung ganz kurz (schmale Spalte): Stufen × Grundwert = Spielwert (die Stufen aus der "
    "Kurzschrift des Spiels), überr. = überreizt, · × n = Kontra, Re und Bock zusammen."
)
TINY_SUIT = re.compile(r"[mo]\d+ [^=]+ = (\d+) × \S+ (\d+) = ")
TINY_OVERBID = re.compile(r"überreizt r\d+: (\d+) × \S+ (\d+) = ")
TINY_HOUSE = re.compile(r" · [A-Za-z ]+ × ")


@lru_cache(maxsize=4096)
def tiny_derivation(derivation: str) -> str:
    """The compact derivation without what the game's notation already says (its levels, its
    suit, the Reizwert): "m2 Sp H S = 5 × Kr 12 = 60" -> "5 × 12 = 60", "überreizt r23: 3 × Pi
    11 = 33" -> "überr. 3 × 11 = 33"; a Null, a Ramsch and
    an unknown text stay compact."""
    short = compact_derivation(derivation)
    tiny = TINY_SUIT.sub(r"\1 × \2 = ", short, count=1)
    tiny = TINY_OVERBID.sub(r"überr. \1 × \2 = ", tiny, count=1)
    return TINY_HOUSE.sub(" · × ", tiny, count=1)


@lru_cache(maxsize=4096)
def compact_derivation(derivation: str) -> str:
    """The derivation in short tokens (see the module's examples); unknown texts unchanged."""
    if derivation.startswith("Ramsch: "):
        parts = [RAMSCH_PART.fullmatch(p) for p in derivation.removeprefix("Ramsch: ").split("; ")]
        if all(parts):
            return derivation_text(_ramsch([p for p in parts if p]))
        return derivation_text(derivation)
    if durchmarsch := DURCHMARSCH.fullmatch(derivation):
        seat, points, factors, score = durchmarsch.groups()
        return derivation_text(f"Durchmarsch P{seat}: {points}{_factors(factors)} = {score}")
    body, house = _house(derivation)
    return derivation_text(_game(body) + house)


def _game(body: str) -> str:
    if suit := SUIT.fullmatch(body):
        spitzen, count, steps, name, base, value = suit.groups()
        counted = [step.rpartition(" ") for step in steps.split(", ")]
        levels = " ".join(LEVELS.get(level, level) for level, _, _ in counted)
        short = "m" if spitzen == "mit" else "o"
        times = counted[-1][2]
        return f"{short}{count} {levels} = {times} × {GAMES.get(name, name)} {base} = {value}"
    if overbid := OVERBID.fullmatch(body):
        bid, times, name, base, value = overbid.groups()
        return f"überreizt r{bid}: {times} × {GAMES.get(name, name)} {base} = {value}"
    if null := NULL.fullmatch(body):
        name, value = null.groups()
        return f"{name.replace(' ouvert', ' ouv').replace(' Hand', ' H')} = {value}"
    return body


def _house(derivation: str) -> tuple[str, str]:
    """The game's own derivation and its Kontra, Re and Bock doublings in short."""
    steps = list(HOUSE_STEP.finditer(derivation))
    if not steps or steps[-1].end() != len(derivation):
        return derivation, ""
    body = derivation[: steps[0].start()]
    if "".join(m.group(0) for m in steps) != derivation[len(body) :]:
        return derivation, ""
    names = " ".join(HOUSE[m.group(1)] for m in steps)
    return body, f" · {names} × {2 ** len(steps)} = {steps[-1].group(2)}"


def _ramsch(parts: list[re.Match[str]]) -> str:
    """One factor for all seats (every seat's Augen are doubled alike), then each seat."""
    factors = {p.group(3) for p in parts}
    shared = _factors(parts[0].group(3)) if len(factors) == 1 else ""
    seats = [
        f"P{seat} {points}{'' if shared else _factors(own)} = {score}"
        + (f", begrenzt auf {cap} = {kept}" if cap else "")
        for seat, points, own, score, cap, kept in (p.groups() for p in parts)
    ]
    return f"R{shared}: " + "; ".join(seats)


def _factors(text: str) -> str:
    """ " × 2 (1× Schieben) × 2 (Jungfrau Platz 2)" -> " × 4 (s1 j2)"."""
    reasons = FACTOR.findall(text)
    if not reasons:
        return ""
    return f" × {2 ** len(reasons)} ({' '.join(_reason(r) for r in reasons)})"


def _reason(reason: str) -> str:
    if match := re.fullmatch(r"(\d+)× (Schieben|Klopfen)", reason):
        return ("s" if match[2] == "Schieben" else "k") + match[1]
    if match := re.fullmatch(r"Jungfrau Platz (\d)", reason):
        return "j" + match[1]
    return "B" if reason == "Bock" else reason


def _number(match: re.Match[str]) -> str:
    sign, digits = match.groups()
    value = int(digits)
    if sign == "-":
        return formatting.number(-value)
    return formatting.signed(value) if sign == "+" and value else formatting.number(value)
