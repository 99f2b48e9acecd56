"""Games as a club's list recorded them where the rules disagree ("abweichend erfasst").

Old Spiellisten hold games the rules refuse (won although overbid, "Schneider" with 66 Augen)
or values that differ from the Spielwert (a typo, another program's rounding). A club that
imports its history keeps such a game with the value it recorded and paid; the engine says
why the rules do not agree. Owns `recorded_game`, which compares the record with the engine's
verdict (a `Valuation` or the `ScoringError` that refused the game) and returns a
`RecordedGame` carrying the kept value and the German reason, or None when record and rules
agree; `recorded_ramsch` does the same for a Ramsch's scores per seat. Reads plain values;
writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.errors import RecordInconsistent, ScoringError
from scoring.game import Valuation
from scoring.ramsch import DURCHMARSCH, RamschDeal, RamschOptions, RamschScoring, capped

# Input bound, not a rule: no Spielliste line comes near it, and it fits any integer column.
MAX_RECORDED_LIST_SCORE = 100_000


@dataclass(frozen=True, slots=True)
class RecordedGame:
    """The game as kept: the recorded list score, won or lost, and why the rules disagree."""

    list_score: int
    won: bool
    reason: str
    # The rules' value of the same game, None when the rules refuse it altogether.
    engine_list_score: int | None = None


def recorded_game(
    list_score: int,
    won: bool | None = None,
    *,
    valuation: Valuation | None = None,
    refusal: ScoringError | None = None,
) -> RecordedGame | None:
    """Compare a recorded list score with the engine's verdict on the same game.

    Exactly one of `valuation` (the rules' value) or `refusal` (why the rules refuse the game)
    is given. `won` is what the list says (None: the sign of the recorded value tells).
    Returns None when the record agrees with the rules; raises RecordInconsistent when the
    record contradicts itself (a lost game with a positive value), which no club can have paid.
    """
    if (valuation is None) == (refusal is None):
        raise ValueError("recorded_game needs either a valuation or a refusal")
    kept_won = _recorded_won(list_score, won)
    if valuation is not None:
        if valuation.list_score == list_score and valuation.won is kept_won:
            return None
        return RecordedGame(
            list_score,
            kept_won,
            f"Erfasst sind {list_score:+d} Spielpunkte ({_state(kept_won)}), nach den Regeln "
            f"{valuation.list_score:+d} ({_state(bool(valuation.won))}: {valuation.derivation}).",
            valuation.list_score,
        )
    assert refusal is not None
    return RecordedGame(list_score, kept_won, refusal.message)


def _recorded_won(list_score: int, won: bool | None) -> bool:
    if isinstance(list_score, bool) or not isinstance(list_score, int):
        raise RecordInconsistent(f"Der erfasste Wert {list_score!r} ist keine ganze Zahl.")
    if abs(list_score) > MAX_RECORDED_LIST_SCORE:
        raise RecordInconsistent(
            f"Der erfasste Wert {list_score:+d} liegt außerhalb von "
            f"±{MAX_RECORDED_LIST_SCORE} Spielpunkten."
        )
    if won is None:
        if list_score == 0:
            raise RecordInconsistent(
                "Erfasst sind 0 Spielpunkte ohne gewonnen/verloren: so kann das Spiel nicht "
                "übernommen werden."
            )
        return list_score > 0
    if won and list_score <= 0:
        raise RecordInconsistent(
            f"Erfasst ist ein gewonnenes Spiel mit {list_score:+d} Spielpunkten: ein gewonnenes "
            "Spiel zählt positiv."
        )
    if not won and list_score > 0:
        raise RecordInconsistent(
            f"Erfasst ist ein verlorenes Spiel mit {list_score:+d} Spielpunkten: ein verlorenes "
            "Spiel zählt nie positiv."
        )
    return won


def _state(won: bool) -> str:
    return "gewonnen" if won else "verloren"


@dataclass(frozen=True, slots=True)
class RecordedRamsch:
    """A Ramsch as kept: the recorded score per seat (seats not listed: 0) and why the rules
    disagree."""

    scores: dict[int, int]
    reason: str


def recorded_ramsch(
    recorded: Mapping[int, int],
    *,
    scores: Mapping[int, int] | None = None,
    refusal: ScoringError | None = None,
) -> RecordedRamsch | None:
    """Compare a Ramsch's recorded scores per seat with the engine's verdict on its deal.

    Exactly one of `scores` (the rules' scores per seat) or `refusal` (why the rules refuse the
    deal, e.g. Augen that do not add up to 120 because the list's points were typed as Augen)
    is given. Returns None when the record agrees with the rules (seats scoring 0 may be left
    out on either side); raises RecordInconsistent for a score no list can hold.
    """
    if (scores is None) == (refusal is None):
        raise ValueError("recorded_ramsch needs either scores or a refusal")
    kept = _nonzero(recorded)
    for score in kept.values():
        if isinstance(score, bool) or not isinstance(score, int):
            raise RecordInconsistent(f"Der erfasste Wert {score!r} ist keine ganze Zahl.")
        if abs(score) > MAX_RECORDED_LIST_SCORE:
            raise RecordInconsistent(
                f"Der erfasste Wert {score:+d} liegt außerhalb von "
                f"±{MAX_RECORDED_LIST_SCORE} Spielpunkten."
            )
    if scores is not None:
        rules = _nonzero(scores)
        if rules == kept:
            return None
        return RecordedRamsch(
            kept,
            f"Erfasst sind {seat_scores_text(kept)}, nach den Regeln {seat_scores_text(rules)}.",
        )
    assert refusal is not None
    return RecordedRamsch(kept, f"{refusal.message} Erfasst sind {seat_scores_text(kept)}.")


def seat_scores_text(scores: Mapping[int, int]) -> str:
    """ "Platz 1 -250, Platz 3 -60" (or "0 für alle")."""
    shown = [f"Platz {seat} {score:+d}" for seat, score in sorted(scores.items()) if score]
    return ", ".join(shown) or "0 für alle"


def _nonzero(scores: Mapping[int, int]) -> dict[int, int]:
    return {seat: score for seat, score in sorted(scores.items()) if score}


def literal_ramsch_scores(
    deal: RamschDeal, options: RamschOptions, bock: int = 0
) -> dict[int, int]:
    """What a Ramsch the rules refuse scores when its numbers are taken as they stand: the
    Durchmarsch seat +120; else the seat with the most entered Augen (with `everyone_minus_own`
    every seat) loses them, doubled once per push, knock, Jungfrau and Bock level, within the
    loss cap. A club's own program counted so, whatever it let be typed in (the history of
    issue 29 typed the Ramsch's points into the Augen column)."""
    if deal.durchmarsch is not None:
        factor = 2 ** (deal.pushes + deal.knocks) if options.durchmarsch_multiplied else 1
        return {deal.durchmarsch: DURCHMARSCH * factor * 2**bock}
    factor = 2 ** (deal.pushes + deal.knocks + len(deal.virgins) + bock)
    most = max(points for _, points in deal.card_points)
    return {
        seat: capped(-points * factor, options.loss_cap)
        for seat, points in deal.card_points
        if points and (options.scoring is RamschScoring.EVERYONE_MINUS_OWN or points == most)
    }
