"""Games kept "as recorded" ("abweichend erfasst"): the value a club's list gave them although
the rules disagree.

Owns `recorded_fields`, the `Game` fields of such a game: the recorded list score counts (in
the seats' sums and so in every ranking), `deviation` holds the engine's German reason
(`scoring.recorded_game`: the `ScoringError` that refused the game, or the comparison with the
Spielwert). Writes nothing: the archive import stores these fields; a correction through
`record_game` values the game by the rules again and clears the mark, with history.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import (
    Declaration,
    Outcome,
    RecordedGame,
    ScoringError,
    format_notation,
    recorded_game,
)
from skatclub.club.models import GAME_TYPE_CHOICES, Event, Game
from skatclub.club.services.valuing import value_game

RECORDED_DERIVATION = "abweichend erfasst"
GAME_TYPES = {value for value, _ in GAME_TYPE_CHOICES}
DEVIATION_LENGTH = Game._meta.get_field("deviation").max_length or 300


def recorded_fields(
    *, event: Event, declaration: Mapping[str, Any], outcome: Mapping[str, Any], list_score: int
) -> dict[str, Any] | None:
    """The fields of a game kept with `list_score`, or None when the rules give that value.

    Raises `scoring.RecordInconsistent` when the record contradicts itself (e.g. a lost game
    with a positive value): such a game cannot be kept even as recorded.
    """
    won = outcome.get("won") if isinstance(outcome.get("won"), bool) else None
    try:
        valued = value_game(event=event, declaration=declaration, outcome=outcome)
    except ScoringError as refusal:
        kept = recorded_game(list_score, won, refusal=refusal)
        assert kept is not None  # a refused game always deviates
        return _refused_fields(kept, declaration, outcome)
    kept = recorded_game(list_score, won, valuation=valued.valuation)
    if kept is None:
        return None
    fields = valued.fields()
    fields.update(_kept(kept))
    return fields


def _refused_fields(
    kept: RecordedGame, declaration: Mapping[str, Any], outcome: Mapping[str, Any]
) -> dict[str, Any]:
    game_type = declaration.get("type")
    return {
        "passed_in": False,
        "declaration": dict(declaration),
        "outcome": dict(outcome),
        "notation": _notation(declaration, outcome),
        "game_type": game_type if isinstance(game_type, str) and game_type in GAME_TYPES else "",
        "overbid": False,
        # The rules give no Spielwert; a won game's recorded value is the one that was paid.
        "game_value": kept.list_score if kept.won else 0,
        **_kept(kept),
    }


def _kept(kept: RecordedGame) -> dict[str, Any]:
    return {
        "won": kept.won,
        "list_score": kept.list_score,
        "derivation": f"{RECORDED_DERIVATION}: {kept.list_score:+d}",
        "as_recorded": True,
        "deviation": kept.reason[:DEVIATION_LENGTH],
    }


def _notation(declaration: Mapping[str, Any], outcome: Mapping[str, Any]) -> str:
    """The club notation of a refused game where it can be written, for the correction line."""
    try:
        return format_notation(Declaration.from_dict(declaration), Outcome.from_dict(outcome))[:80]
    except (ScoringError, ValueError, TypeError, KeyError):
        return ""
