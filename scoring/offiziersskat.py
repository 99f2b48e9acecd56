"""Offiziersskat, the two-player game of docs/rules.md §13, with its scoring variants.

Owns `offiziersskat_valuation`. Reads a `Declaration` (trump suit or Grand, Spitzen) and an
`Outcome` (the declarer's card points out of 120, 16 tricks each), returns a `Valuation`.
Variants: `standard` ((Spitzen + 1) × Grundwert; Schneider ×2, Schwarz ×4; lost doubled
negative), `extended_spitzen` (trumps after the jacks count as Spitzen), `grundwert_only`,
`augen`, `points_2_3_4`. In the three simplified variants the *winner* of a game scores, so a
lost game gives the declarer 0 and the other player `other_score` (the sources leave their loss
scoring open; this is the symmetric reading of "ein gewonnenes Spiel …").
Schneider = the losing party has *fewer than* 30 Augen, Schwarz = it has none ([OFF], read
literally: by points, not tricks).
"""

from __future__ import annotations

from scoring.errors import (
    BockNotAllowed,
    InvalidRequest,
    KontraNotAllowed,
    OutcomeInconsistent,
    SpitzenOutOfRange,
)
from scoring.game import SUIT_BASE_VALUES, Declaration, GameType, Outcome, Valuation
from scoring.outcome import check_card_points, trick_counts

VARIANTS = ("standard", "extended_spitzen", "grundwert_only", "augen", "points_2_3_4")
TRICKS = 16
WON, LOST, DRAW = "won", "lost", "draw"


def offiziersskat_valuation(d: Declaration, o: Outcome, *, variant: str) -> Valuation:
    if variant not in VARIANTS:
        raise InvalidRequest(
            f"Offiziersskat-Variante {variant!r} gibt es nicht ({', '.join(VARIANTS)})."
        )
    _check_declaration(d, variant)
    result, schneider, schwarz, points = _result(o, variant)
    if variant in ("standard", "extended_spitzen"):
        return _standard(d, result, schneider, schwarz)
    if variant == "grundwert_only":
        base = SUIT_BASE_VALUES[d.type]
        value = base * (2 if schneider else 1)
        note = ", Schneider × 2" if schneider else ""
        return _winner_scores(result, value, f"Grundwert {d.type.german} {base}{note} = {value}")
    if variant == "augen":
        if points is None:
            raise InvalidRequest("Für die Variante „augen“ fehlen die Augen des Ansagers.")
        value = points if result == WON else 120 - points
        return _winner_scores(result, value, f"{value} Augen = {value}")
    if result == DRAW:
        return Valuation(None, 1, False, 1, 1, 1, "60:60 unentschieden = je 1 Punkt", other_score=1)
    value = 4 if schwarz else 3 if schneider else 2
    name = "Schwarz" if schwarz else "Schneider" if schneider else "Spiel"
    return _winner_scores(result, value, f"{name} = {value} Punkte")


def _check_declaration(d: Declaration, variant: str) -> None:
    if d.type is GameType.NULL:
        raise InvalidRequest("Im Offiziersskat gibt es kein Nullspiel: Farbe oder Grand ansagen.")
    if d.hand or d.ouvert or d.schneider_announced:
        raise InvalidRequest("Hand, ouvert und Ansagen gibt es im Offiziersskat nicht.")
    if d.bid is not None:
        raise InvalidRequest("Im Offiziersskat wird nicht gereizt: „bid“ muss null sein.")
    if d.kontra or d.re:
        raise KontraNotAllowed("Für Kontra/Re nennt die Offiziersskat-Regel keinen Wert.")
    if d.bock:
        raise BockNotAllowed("Bockrunden gibt es im Offiziersskat nicht.")
    most = 4 if variant == "standard" or d.type is GameType.GRAND else 11
    if d.matadors is None:
        if variant in ("standard", "extended_spitzen"):
            raise InvalidRequest("Die Spitzen fehlen („matadors“: +n mit, -n ohne).")
        return
    if not 1 <= abs(d.matadors) <= most:
        raise SpitzenOutOfRange(
            f"Mit/ohne {abs(d.matadors)} gibt es hier nicht: Spitzen gehen von 1 bis {most}"
            + (" (nur Buben zählen)." if most == 4 else ".")
        )


def _result(o: Outcome, variant: str) -> tuple[str, bool, bool, int | None]:
    """(won/lost/draw, loser Schneider, loser Schwarz, declarer's Augen if known)."""
    if o.conceded:
        if o.won:
            raise OutcomeInconsistent("Ein aufgegebenes Spiel ist verloren, nicht gewonnen.")
        return LOST, False, False, None
    trick_counts(o, TRICKS)
    points = o.declarer_card_points
    if points is None:
        if o.won is None:
            raise InvalidRequest("Die Augen des Ansagers fehlen (oder gewonnen/verloren).")
        return (WON if o.won else LOST), bool(o.schneider or o.schwarz), bool(o.schwarz), None
    check_card_points(points)
    draw = points == 60 and variant == "points_2_3_4"
    result = DRAW if draw else WON if points >= 61 else LOST
    loser = 120 - points if result == WON else points
    schneider, schwarz = loser < 30, loser == 0
    expected = None if draw else result == WON
    if o.won is not None and o.won is not expected:
        raise OutcomeInconsistent(f"Mit {points} Augen ist das Spiel nicht so ausgegangen.")
    for entered, actual in ((o.schneider, schneider), (o.schwarz, schwarz)):
        if entered is not None and entered is not actual:
            raise OutcomeInconsistent(f"Schneider/Schwarz passt nicht zu {points} Augen.")
    return result, schneider and not draw, schwarz and not draw, points


def _standard(d: Declaration, result: str, schneider: bool, schwarz: bool) -> Valuation:
    matadors = d.matadors or 0
    base = SUIT_BASE_VALUES[d.type]
    spiel = abs(matadors) + 1
    spitzen = f"mit {matadors}" if matadors > 0 else f"ohne {-matadors}"
    derivation = f"{spitzen}, Spiel {spiel} × {d.type.german} {base} = {spiel * base}"
    factor = 1
    if result == WON and (schneider or schwarz):
        factor = 4 if schwarz else 2
        name = "Schwarz" if schwarz else "Schneider"
        derivation += f", {name} × {factor} = {spiel * base * factor}"
    value = spiel * base * factor
    won = result == WON
    return Valuation(
        won,
        value,
        False,
        value if won else -2 * value,
        base,
        spiel * factor,
        derivation,
        schneider=won and schneider,
        schwarz=won and schwarz,
    )


def _winner_scores(result: str, value: int, label: str) -> Valuation:
    """Simplified scorings: whoever wins scores `value`; the declarer's loss costs him nothing."""
    if result == WON:
        return Valuation(True, value, False, value, value, 1, label, other_score=0)
    return Valuation(
        False, value, False, 0, value, 1, f"verloren: Gegner erhält {label}", other_score=value
    )


# --- a match of two players ---------------------------------------------------------------------

PLAYERS = 2
VARIANT_LABELS = {
    "standard": "Standard",
    "extended_spitzen": "Spitzen mit Trümpfen",
    "grundwert_only": "nur Grundwert",
    "augen": "Augen",
    "points_2_3_4": "2-3-4 Punkte",
}
VARIANT_RULES = {
    "standard": "(Spitzen + 1) × Grundwert, Schneider × 2, Schwarz × 4, verloren doppelt negativ",
    "extended_spitzen": "wie Standard, Trümpfe nach den Buben zählen als Spitzen",
    "grundwert_only": "gewonnenes Spiel = Grundwert, Schneider × 2; verliert der Ansager, "
    "schreibt der Gegner",
    "augen": "gewonnenes Spiel = erreichte Augen; verliert der Ansager, schreibt der Gegner",
    "points_2_3_4": "Spiel 2, Schneider 3, Schwarz 4 Punkte, 60:60 je 1 Punkt",
}


def dealer_seat(game_number: int) -> int:
    """Seat 1 deals game 1; the deal alternates."""
    return (game_number - 1) % PLAYERS + 1


def announcer_seat(game_number: int) -> int:
    """The dealer's opponent fixes trump (the Ansager, [OFF] "Austeilen", docs/rules.md §13)."""
    return PLAYERS + 1 - dealer_seat(game_number)


def match_scores(valuation: Valuation, declarer_seat: int) -> tuple[int, int]:
    """What one game writes on the list: (seat 1, seat 2). The Ansager scores the game's list
    value; in the simplified variants the other player scores when the Ansager loses."""
    if declarer_seat not in (1, 2):
        raise InvalidRequest(f"Im Offiziersskat gibt es Platz 1 und 2, nicht {declarer_seat}.")
    own, other = valuation.list_score, valuation.other_score or 0
    return (own, other) if declarer_seat == 1 else (other, own)
