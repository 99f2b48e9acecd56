"""The engine's verdict on one game under the event's settings, and the slot it is entered in.

Owns `valued_game` (a typed declaration and outcome valued under the event's rule set and
house rules: `ValuedGame`, the fields a `Game` stores; `value_game` for a stored game's JSON),
`PASSED_FIELDS` (those of an eingepasstes Spiel), `house_rules_of` (the event's house rules as
the engine takes them) and `check_game_slot` (Serie length, table size, nobody plays while
sitting out). Reads and writes nothing: the saves of games, of Ramsch and of recorded games
and the archive's check all build on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import (
    Declaration,
    HouseRules,
    Outcome,
    Ruleset,
    Valuation,
    check_declarer_seat,
    check_table_size,
    format_notation,
    valuation,
)
from skatclub.club.models import Event
from skatclub.club.services.errors import EntryError


@dataclass(frozen=True)
class ValuedGame:
    """The engine's verdict on one entered game, ready to be stored on `Game`."""

    declaration: Declaration
    outcome: Outcome
    valuation: Valuation

    def fields(self) -> dict[str, Any]:
        return {
            "passed_in": False,
            "declaration": self.declaration.to_dict(),
            "outcome": self.outcome.to_dict(),
            "notation": format_notation(self.declaration, self.outcome),
            "game_type": self.declaration.type.value,
            "won": self.valuation.won,
            "overbid": self.valuation.overbid,
            "game_value": self.valuation.game_value,
            "list_score": self.valuation.list_score,
            "derivation": self.valuation.derivation,
            "ramsch": None,
            "as_recorded": False,
            "deviation": "",
        }


PASSED_FIELDS: dict[str, Any] = {
    "passed_in": True,
    "declarer": None,
    "declaration": None,
    "outcome": None,
    "notation": "",
    "game_type": "",
    "won": None,
    "overbid": False,
    "game_value": 0,
    "list_score": 0,
    "derivation": "eingepasst",
    "ramsch": None,
    "as_recorded": False,
    "deviation": "",
}


def value_game(
    *, event: Event, declaration: Mapping[str, Any], outcome: Mapping[str, Any]
) -> ValuedGame:
    """Parse and value one stored or archived game (its JSON) under the event's rule set and
    house rules (no database). A game entered now arrives typed: `valued_game`."""
    return valued_game(
        event=event,
        declaration=Declaration.from_dict(declaration),
        outcome=Outcome.from_dict(outcome),
    )


def valued_game(*, event: Event, declaration: Declaration, outcome: Outcome) -> ValuedGame:
    """Value one typed game under the event's rule set and house rules (no database)."""
    ruleset = Ruleset(event.ruleset)
    rules = house_rules_of(event)
    return ValuedGame(
        declaration, outcome, valuation(declaration, outcome, ruleset, house_rules=rules)
    )


def house_rules_of(event: Event) -> HouseRules:
    return HouseRules(
        kontra_re=event.house_kontra, bock=event.house_bock, ramsch=event.house_ramsch
    )


def check_game_slot(
    *, event: Event, table_size: int, number: int, declarer_position: int | None
) -> None:
    """The rules of the table: Serie length, table size, nobody plays while sitting out."""
    check_table_size(table_size)
    limit = event.games_for_table_size(table_size)
    if number < 1 or number > limit:
        raise EntryError(
            "too_many_games",
            f"Spiel {number} gibt es nicht: eine Serie am {table_size}er-Tisch hat "
            f"höchstens {limit} Spiele.",
        )
    if declarer_position is not None:
        check_declarer_seat(table_size, number, declarer_position)
