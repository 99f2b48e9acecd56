"""Bockrunden (docs/rules.md §12.2, [WEB] "Bock- und Ramsch-Runden"), worked by hand.

A Bockrunde lasts `rounds` rounds of deals: 3 games at a 3-table, 4 at a 4-table, starting
with the game after the trigger."""

from __future__ import annotations

import pytest

from scoring import GameType, InvalidRequest
from scoring.bock import BockFacts, BockRule, BockTrigger, Stacking, bock_schedule, bock_triggers

PLAIN = BockFacts(game_type=GameType.CLUBS, declarer_card_points=70, won=True)
GRAND_HAND = BockFacts(game_type=GameType.GRAND, hand=True, declarer_card_points=80, won=True)
SIXTY = BockFacts(game_type=GameType.SPADES, declarer_card_points=60, won=False)
PASSED = BockFacts(passed_in=True)
LOST_KONTRA = BockFacts(game_type=GameType.HEARTS, kontra=True, declarer_card_points=75, won=True)
WON_KONTRA = BockFacts(game_type=GameType.HEARTS, kontra=True, declarer_card_points=50, won=False)

EVERY = frozenset(BockTrigger)


def levels(games: list[BockFacts], size: int, rule: BockRule) -> list[int]:
    return [game.level for game in bock_schedule(games, size, rule)]


def test_a_grand_hand_at_a_3_table_makes_the_next_three_games_bock() -> None:
    # Game 2 is a Grand Hand: one round of deals at a 3-table = games 3, 4, 5.
    games = [PLAIN, GRAND_HAND, PLAIN, PLAIN, PLAIN, PLAIN]
    rule = BockRule(frozenset({BockTrigger.GRAND_HAND}))
    assert levels(games, 3, rule) == [0, 0, 1, 1, 1, 0, 0]
    assert bock_schedule(games, 3, rule)[2].because_of == (2,)


def test_all_passed_at_a_4_table_makes_the_next_four_games_bock() -> None:
    # Game 1 is eingepasst: games 2, 3, 4, 5 are Bock (every player dealt once).
    games = [PASSED, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]
    assert levels(games, 4, BockRule(EVERY)) == [0, 1, 1, 1, 1, 0, 0]


def test_a_bockrunde_of_two_rounds_at_a_4_table_lasts_eight_games() -> None:
    games = [SIXTY] + [PLAIN] * 9
    assert levels(games, 4, BockRule(EVERY, rounds=2)) == [0] + [1] * 8 + [0, 0]


def test_a_second_trigger_queues_a_bockrunde_after_the_running_one() -> None:
    # Game 1 Grand Hand → Bock 2-4; game 3 (Bock) is 60:60 → a second Bockrunde 5-7.
    games = [GRAND_HAND, PLAIN, SIXTY, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]
    assert levels(games, 3, BockRule(EVERY)) == [0, 1, 1, 1, 1, 1, 1, 0, 0]


def test_doppelbock_doubles_where_two_bockrunden_overlap() -> None:
    # Game 1 Grand Hand → 2-4; game 3 60:60 → 4-6: game 4 is Doppelbock.
    games = [GRAND_HAND, PLAIN, SIXTY, PLAIN, PLAIN, PLAIN, PLAIN]
    rule = BockRule(EVERY, stacking=Stacking.DOUBLE)
    assert levels(games, 3, rule) == [0, 1, 1, 2, 1, 1, 0, 0]
    assert bock_schedule(games, 3, rule)[3].because_of == (1, 3)


def test_the_last_entry_is_the_bock_level_of_the_game_to_enter_next() -> None:
    assert levels([PLAIN, GRAND_HAND], 3, BockRule(EVERY)) == [0, 0, 1]


def test_only_the_clubs_triggers_count() -> None:
    rule = BockRule(frozenset({BockTrigger.LOST_KONTRA}))
    assert bock_triggers(LOST_KONTRA, rule) == (BockTrigger.LOST_KONTRA,)
    assert bock_triggers(WON_KONTRA, rule) == ()
    assert bock_triggers(GRAND_HAND, rule) == ()
    assert levels([GRAND_HAND, PASSED, SIXTY], 3, rule) == [0, 0, 0, 0]


def test_a_null_with_sixty_augen_is_no_sixty_sixty() -> None:
    null = BockFacts(game_type=GameType.NULL, declarer_card_points=60, won=False)
    assert bock_triggers(null, BockRule(EVERY)) == ()


def test_a_bockrunde_longer_than_four_rounds_is_refused_in_german() -> None:
    with pytest.raises(InvalidRequest, match="1 bis 4 Runden"):
        BockRule(EVERY, rounds=5)


def test_the_rule_describes_itself_in_german() -> None:
    rule = BockRule(frozenset({BockTrigger.GRAND_HAND, BockTrigger.ALL_PASSED}), rounds=2)
    assert rule.describe() == "Bockrunde (2 Runden, nacheinander) nach: alle gepasst, Grand Hand"
