"""Club notation: one game on one line, as the Spielwart types it and as tests and logs show it.

Owns `parse_notation` and `format_notation`; they round-trip every legal game. Tokens are
separated by spaces, case-insensitive on input, canonical on output, in this order:

  type        Kr Pi He Ka Gr Null
  Spitzen     m2 (mit 2) / o3 (ohne 3)
  announced   H (Hand), ouv (ouvert: for Kr…Gr implies Hand + Schneider/Schwarz angesagt, so
              only `ouv` is printed; Null ouv needs its own H for Null ouvert Hand),
              SA (Schneider angesagt), ZA (Schwarz angesagt, implies SA: only `ZA` is printed)
  bid         r24
  house       K (Kontra), Re, B (one Bock) / B2 (two)
  outcome     nothing = won (paper list), v = verloren, S = Schneider reached (by the defenders
              when won, by the declarer when lost), Z = Schwarz reached, a75 = declarer's Augen
              (Skat included), t6 = declarer's tricks, aufg = conceded (aufgegeben)

Examples: "Kr m2 H S", "Gr o1", "Null ouv H", "Pi m1 r23 v", "He o3 H r36 a75 t6".
With `a`/`t` the result follows from the play (`v` may confirm a loss); without them the
line is a paper-list result.
"""

from __future__ import annotations

import re

from scoring.errors import InvalidNotation
from scoring.game import Declaration, GameType, Outcome
from scoring.ramsch import RamschDeal

TYPES = {
    "kr": GameType.CLUBS,
    "pi": GameType.SPADES,
    "he": GameType.HEARTS,
    "ka": GameType.DIAMONDS,
    "gr": GameType.GRAND,
    "null": GameType.NULL,
}
TYPE_TOKENS = {game: token.capitalize() for token, game in TYPES.items()}
FLAGS = {"h", "ouv", "sa", "za", "k", "re", "v", "s", "z", "aufg"}
NUMBERED = re.compile(r"(m|o|r|b|a|t)([0-9]{1,4})")  # ASCII digits: what int() reads alike
# The longest sensible line ("Gr m4 H SA ZA ouv r264 K Re B2 a120 t10 v S Z") is under 50.
MAX_NOTATION = 120
SLOT = {"m": "spitzen", "o": "spitzen"}  # m and o exclude each other


def parse_notation(text: str) -> tuple[Declaration, Outcome]:
    """ "Kr m2 H S" → (Declaration, Outcome); raises InvalidNotation naming the bad token."""
    if len(text) > MAX_NOTATION:
        raise InvalidNotation(f"Die Eingabe ist länger als {MAX_NOTATION} Zeichen.")
    tokens = text.split()
    if not tokens:
        raise InvalidNotation("Leere Eingabe: zuerst die Spielart (Kr, Pi, He, Ka, Gr, Null).")
    game = TYPES.get(tokens[0].lower())
    if game is None:
        raise InvalidNotation(
            f"„{tokens[0]}“ ist keine Spielart: die Zeile beginnt mit Kr, Pi, He, Ka, Gr oder Null."
        )
    seen = _read_tokens(tokens[1:], text)
    return _declaration(game, seen, text), _outcome(seen)


def _read_tokens(tokens: list[str], text: str) -> dict[str, int]:
    seen: dict[str, int] = {}
    for token in tokens:
        low = token.lower()
        if low in FLAGS:
            key, number = low, 1
        elif low == "b":
            key, number = "b", 1
        elif match := NUMBERED.fullmatch(low):
            key, number = match[1], int(match[2])
        else:
            raise InvalidNotation(f"Unbekanntes Kürzel „{token}“ in „{text}“.")
        slot = SLOT.get(key, key)
        if slot in seen or (slot == "spitzen" and ("m" in seen or "o" in seen)):
            raise InvalidNotation(f"Kürzel „{token}“ steht doppelt in „{text}“.")
        seen[key] = number
    return seen


def _declaration(game: GameType, seen: dict[str, int], text: str) -> Declaration:
    matadors = seen["m"] if "m" in seen else -seen["o"] if "o" in seen else None
    if game is GameType.NULL and matadors is not None:
        raise InvalidNotation(f"Nullspiele haben keine Spitzen: „{text}“.")
    if game is not GameType.NULL and matadors is None:
        raise InvalidNotation(f"Die Spitzen fehlen (m1 … m11 oder o1 … o11): „{text}“.")
    ouvert = "ouv" in seen
    return Declaration(
        game,
        matadors=matadors,
        hand="h" in seen or (ouvert and game is not GameType.NULL),
        ouvert=ouvert,
        schneider_announced="sa" in seen,
        schwarz_announced="za" in seen,
        bid=seen.get("r"),
        kontra="k" in seen,
        re="re" in seen,
        bock=seen.get("b", 0),
    )


def _outcome(seen: dict[str, int]) -> Outcome:
    played = "a" in seen or "t" in seen
    conceded = "aufg" in seen
    if "v" in seen:
        won: bool | None = False
    else:
        won = None if played or conceded else True
    return Outcome(
        declarer_card_points=seen.get("a"),
        declarer_tricks=seen.get("t"),
        won=won,
        schneider=True if "s" in seen else None,
        schwarz=True if "z" in seen else None,
        conceded=conceded,
    )


def format_notation(declaration: Declaration, outcome: Outcome | None = None) -> str:
    """(Declaration, Outcome) → canonical club notation, e.g. "He o3 H r36 a75 t6"."""
    d = declaration
    parts = [TYPE_TOKENS[d.type]]
    if d.matadors:
        parts.append(f"m{d.matadors}" if d.matadors > 0 else f"o{-d.matadors}")
    if d.ouvert:
        parts.append("ouv")
        if d.type is GameType.NULL and d.hand:
            parts.append("H")
    else:
        parts += ["H"] * d.hand
        parts += ["ZA"] if d.schwarz_announced else ["SA"] * d.schneider_announced
    if d.bid is not None:
        parts.append(f"r{d.bid}")
    parts += ["K"] * d.kontra + ["Re"] * d.re
    if d.bock:
        parts.append("B" if d.bock == 1 else f"B{d.bock}")
    if outcome is not None:
        parts += _outcome_tokens(outcome)
    return " ".join(parts)


def _outcome_tokens(o: Outcome) -> list[str]:
    if o.conceded:
        return ["aufg"]
    tokens = ["v"] * (o.won is False)
    tokens += ["Z"] if o.schwarz else ["S"] * bool(o.schneider)
    if o.declarer_card_points is not None:
        tokens.append(f"a{o.declarer_card_points}")
    tricks = o.declarer_tricks
    if tricks is None and o.defender_tricks is not None:
        tricks = 10 - o.defender_tricks
    if tricks is not None:
        tokens.append(f"t{tricks}")
    return tokens


# --- Ramsch ------------------------------------------------------------------------------------

RAMSCH_TOKEN = "R"
RAMSCH_POINTS = re.compile(r"([1-5]):(\d{1,3})")
RAMSCH_NUMBERED = re.compile(r"([skjdl])([0-9]{1,2})")


def is_ramsch(text: str) -> bool:
    return text.split()[:1] == [RAMSCH_TOKEN] or text.split()[:1] == [RAMSCH_TOKEN.lower()]


def parse_ramsch(text: str) -> RamschDeal:
    """ "R 1:55 2:40 3:25 s1 k1 j3 l2" → RamschDeal: seat:Augen for all three seats (or only
    the loser's, "R 2:55"), s = Schieben, k = Klopfen (counts), j = Jungfrau, d = Durchmarsch,
    l = letzter Stich (seats)."""
    tokens = text.split()
    if not is_ramsch(text):
        raise InvalidNotation(f"Ein Ramsch beginnt mit „R“: „{text}“.")
    points: list[tuple[int, int]] = []
    counts: dict[str, int] = {}
    virgins: list[int] = []
    for token in tokens[1:]:
        low = token.lower()
        if match := RAMSCH_POINTS.fullmatch(low):
            points.append((int(match[1]), int(match[2])))
        elif (match := RAMSCH_NUMBERED.fullmatch(low)) and match[1] == "j":
            virgins.append(int(match[2]))
        elif match and match[1] not in counts:
            counts[match[1]] = int(match[2])
        else:
            raise InvalidNotation(f"Unbekanntes oder doppeltes Kürzel „{token}“ in „{text}“.")
    if len(points) not in (1, 3):
        raise InvalidNotation(
            f"Beim Ramsch die Augen aller drei (1:55 2:40 3:25) oder nur die des Verlierers "
            f"(2:55) angeben: „{text}“."
        )
    return RamschDeal(
        tuple(points),
        pushes=counts.get("s", 0),
        knocks=counts.get("k", 0),
        virgins=tuple(virgins),
        durchmarsch=counts.get("d"),
        last_trick=counts.get("l"),
    )


def format_ramsch(deal: RamschDeal) -> str:
    parts = [RAMSCH_TOKEN, *(f"{seat}:{points}" for seat, points in deal.card_points)]
    parts += [f"s{deal.pushes}"] * bool(deal.pushes) + [f"k{deal.knocks}"] * bool(deal.knocks)
    parts += [f"j{seat}" for seat in deal.virgins]
    if deal.durchmarsch is not None:
        parts.append(f"d{deal.durchmarsch}")
    if deal.last_trick is not None:
        parts.append(f"l{deal.last_trick}")
    return " ".join(parts)
