"""What a paper Spielliste can hold: the list score that n won and m lost games can give.

Owns `game_range` (the smallest and largest list score of one won and one lost game, derived
from the same game arithmetic as the legal Reizwerte, `value.legal_bids`) and
`check_paper_totals`, which refuses a player's sums that no games can give, with a German
reason. Reads nothing; writes nothing.

One won game scores a game value: at least 18 (Karo mit/ohne 1), at most the rule set's
highest value (ISkO 264, Preisskat 360). One lost game scores minus twice a game value under
the ISkO (at least −36, at most −528); under the Preisskat rules a lost Hand game counts
single (from −27). An überreizt game is charged a multiple of its Grundwert that reaches the
bid, so it stays inside the same bounds. House rules widen them: Kontra and Re double a game
each, a Bock doubling too; a paper list is checked for at most `PAPER_BOCK` Bock doublings per
game (club notation `B2`), far above an evening's usual list.

With exactly one game the list score must be one of the values that game can really have
(19 is no game value); with more games only the bounds are checked. Where the club plays
Ramsch, its minus points come on top without being won or lost games: then only the upper
bound is checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from scoring.errors import ImplausibleTotals
from scoring.game import SUIT_BASE_VALUES, Ruleset
from scoring.rulesets import NO_HOUSE_RULES, SPECS, HouseRules
from scoring.value import (
    MAX_MATADORS,
    NULL_VALUES,
    SUIT_MAX_MATADORS,
    base_value,
    legal_bids,
    levels,
    list_score,
)

PAPER_BOCK = 2
MAX_GAMES = 1000  # far above any Serie; keeps the arithmetic small


@dataclass(frozen=True, slots=True)
class GameRange:
    """List scores one game can give: won `won_min..won_max`, lost `lost_min..lost_max`
    (both negative), and the exact sets for a list of one game."""

    won_min: int
    won_max: int
    lost_min: int
    lost_max: int
    won_values: frozenset[int]
    lost_values: frozenset[int]


def game_range(ruleset: Ruleset, house_rules: HouseRules = NO_HOUSE_RULES) -> GameRange:
    """The range of one game's list score under `ruleset` and the club's house rules."""
    factor = 1
    if SPECS[ruleset].house_rules:
        factor <<= 2 if house_rules.kontra_re else 0
        factor <<= PAPER_BOCK if house_rules.bock else 0
    return _game_range(ruleset, factor)


@cache
def _game_range(ruleset: Ruleset, factor: int) -> GameRange:
    spec = SPECS[ruleset]
    played = _game_values(ruleset)
    highest = max(value for value, _ in played)
    charged = {(v, hand) for v, hand in _overbid_values(ruleset) if v <= highest}
    won = {value * doubled for value, _ in played for doubled in _doublings(factor)}
    lost = {
        list_score(spec, value * doubled, False, hand)
        for value, hand in played | charged
        for doubled in _doublings(factor)
    }
    return GameRange(min(won), max(won), min(lost), max(lost), frozenset(won), frozenset(lost))


def _doublings(factor: int) -> list[int]:
    result, doubled = [], 1
    while doubled <= factor:
        result.append(doubled)
        doubled *= 2
    return result


def _game_values(ruleset: Ruleset) -> set[tuple[int, bool]]:
    """(game value, Hand) of every declarable game, as `legal_bids` enumerates them."""
    spec = SPECS[ruleset]
    values = {(value, hand) for (hand, _), value in NULL_VALUES.items()}
    for game in SUIT_BASE_VALUES:
        for matadors in range(1, MAX_MATADORS.get(game, SUIT_MAX_MATADORS) + 1):
            for hand, ouvert, s_ann, z_ann in _ANNOUNCEMENTS:
                for reached in ((False, False), (True, False), (True, True)):
                    counted = levels(spec, game, matadors, hand, ouvert, s_ann, z_ann, *reached)
                    base, _ = base_value(spec, game, ouvert)
                    values.add(((matadors + len(counted)) * base, hand))
    return values


def _overbid_values(ruleset: Ruleset) -> set[tuple[int, bool]]:
    """An überreizt game is charged the smallest multiple of its Grundwert reaching the bid.

    A Hand game is worth at least Spitzen 1, Spiel 2, Hand 3 × Grundwert, so it is only
    überreizt (and charged) above that."""
    values = set()
    for base in SUIT_BASE_VALUES.values():
        for bid in legal_bids(ruleset):
            charged = -(-bid // base) * base
            values.add((charged, False))
            if charged > HAND_MULTIPLIER * base:
                values.add((charged, True))
    return values


HAND_MULTIPLIER = 3  # mit/ohne 1, Spiel 2, Hand 3: the smallest multiplier of a Hand game


_ANNOUNCEMENTS = (
    (False, False, False, False),
    (True, False, False, False),
    (True, False, True, False),
    (True, False, True, True),
    (True, True, True, True),
)


def check_paper_totals(
    ruleset: Ruleset,
    list_score_: int,
    won: int,
    lost: int,
    house_rules: HouseRules = NO_HOUSE_RULES,
) -> None:
    """Refuse a player's paper sums that no `won` won and `lost` lost games can give."""
    if won < 0 or lost < 0 or won + lost > MAX_GAMES:
        raise ImplausibleTotals(f"Gewonnene und verlorene Spiele: 0 bis {MAX_GAMES}.")
    limits = game_range(ruleset, house_rules)
    ramsch = house_rules.ramsch and SPECS[ruleset].house_rules
    if won + lost == 1 and not ramsch:
        _check_one_game(limits, list_score_, won == 1)
        return
    low = won * limits.won_min + lost * limits.lost_min
    high = won * limits.won_max + lost * limits.lost_max
    if ramsch and list_score_ < low:
        return  # Ramsch minus points come on top of the games, without a lower bound
    if not low <= list_score_ <= high:
        raise ImplausibleTotals(
            f"{_games(won, lost)} ergeben zwischen {low} und {high} Spielpunkte, "
            f"hier stehen {list_score_}."
        )


def _check_one_game(limits: GameRange, score: int, won: bool) -> None:
    if won:
        if score < limits.won_min:
            raise ImplausibleTotals(
                f"1 gewonnenes Spiel bringt mindestens {limits.won_min} Spielpunkte, "
                f"hier stehen {score}."
            )
        if score > limits.won_max:
            raise ImplausibleTotals(
                f"1 gewonnenes Spiel bringt höchstens {limits.won_max} Spielpunkte, "
                f"hier stehen {score}."
            )
        if score not in limits.won_values:
            raise ImplausibleTotals(f"{score} ist kein Spielwert eines gewonnenen Spiels.")
        return
    if score > limits.lost_max:
        raise ImplausibleTotals(
            f"1 verlorenes Spiel kostet mindestens {-limits.lost_max} Spielpunkte, "
            f"hier stehen {score}."
        )
    if score < limits.lost_min:
        raise ImplausibleTotals(
            f"1 verlorenes Spiel kostet höchstens {-limits.lost_min} Spielpunkte, "
            f"hier stehen {score}."
        )
    if score not in limits.lost_values:
        raise ImplausibleTotals(f"{score} kann kein verlorenes Spiel ergeben.")


def _games(won: int, lost: int) -> str:
    parts = []
    if won:
        parts.append("1 gewonnenes" if won == 1 else f"{won} gewonnene")
    if lost:
        parts.append("1 verlorenes" if lost == 1 else f"{lost} verlorene")
    if not parts:
        return "Keine Spiele"
    last = lost or won
    return " und ".join(parts) + (" Spiel" if last == 1 else " Spiele")
