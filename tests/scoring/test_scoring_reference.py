"""The engine against a literal transcription of the pseudo-code in docs/rules.md §5.5.

Two independent codings of the same rules must agree on every played game: a seeded sample
of suit, Grand and Null games under both rule sets, with Hand, ouvert, announcements, bids
(overbid), Kontra, concessions and every trick/Augen split the engine accepts.
"""

from __future__ import annotations

import math
import random

from scoring import (
    Declaration,
    GameType,
    Outcome,
    Ruleset,
    ScoringError,
    legal_bids,
    valuation,
)

BASE = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9, "grand": 24}
NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}


def list_score(ruleset: str, value: int, won: bool, hand: bool) -> int:
    if won:
        return value
    return -value if ruleset == "preisskat" and hand else -2 * value


def reference(ruleset: str, d: Declaration, o: Outcome) -> tuple[bool, int, bool, int]:
    """docs/rules.md §5.5, line by line (won, value, overbid, list score)."""
    double = 2 if d.kontra else 1
    if d.type is GameType.NULL:
        won = not o.conceded and o.declarer_tricks == 0
        value = NULL_VALUES[(d.hand, d.ouvert)] * double
        return won, value, False, list_score(ruleset, value, won, d.hand)
    hand, sa, za = d.hand, d.schneider_announced, d.schwarz_announced
    if d.ouvert:
        hand, sa, za = True, True, True
    sa = sa or za
    base, ouvert_level = BASE[d.type.value], int(d.ouvert)
    if ruleset == "preisskat" and d.type is GameType.GRAND and d.ouvert:
        base, ouvert_level = 36, 0
    fixed = abs(d.matadors or 0) + 1 + hand + sa + za + ouvert_level
    augen, tricks = o.declarer_card_points or 0, o.declarer_tricks or 0
    if o.conceded:
        won = False
    elif za:
        won = tricks == 10
    else:
        won = augen >= (90 if sa else 61)
    if won:
        schneider, schwarz = sa or augen >= 90, za or tricks == 10
    else:
        schwarz = za or (not o.conceded and tricks == 0)
        schneider = sa or schwarz or (not o.conceded and augen <= 30)
    value = (fixed + schneider + schwarz) * base
    overbid = d.bid is not None and value < d.bid
    if d.bid is not None and overbid:
        won, value = False, math.ceil(d.bid / base) * base
    value *= double
    return won, value, overbid, list_score(ruleset, value, won, hand)


def sample_game(rng: random.Random) -> tuple[str, Declaration, Outcome]:
    ruleset = rng.choice(["isko", "preisskat"])
    game = rng.choice(list(GameType))
    hand = rng.random() < 0.4
    ouvert = rng.random() < 0.1
    sa = hand and rng.random() < 0.2
    za = sa and rng.random() < 0.3
    matadors = None
    if game is GameType.NULL:
        sa = za = False
    else:
        hand = hand or ouvert
        matadors = rng.choice([1, -1]) * rng.randint(1, 4 if game is GameType.GRAND else 11)
    bid = rng.choice([None, *legal_bids(Ruleset(ruleset))[:30]])
    declaration = Declaration(
        game,
        matadors=matadors,
        hand=hand,
        ouvert=ouvert,
        schneider_announced=sa,
        schwarz_announced=za,
        bid=bid,
        kontra=ruleset == "isko" and rng.random() < 0.1,
    )
    if rng.random() < 0.05:
        return ruleset, declaration, Outcome(conceded=True)
    tricks = rng.randint(0, 10)
    augen: int | None = (
        120 if tricks == 10 else rng.choice([0, 3, 11, 22]) if tricks == 0 else rng.randint(2, 118)
    )
    if game is GameType.NULL:
        augen = None
    outcome = Outcome(
        declarer_card_points=augen, declarer_tricks=tricks, defender_tricks=10 - tricks
    )
    return ruleset, declaration, outcome


def test_the_engine_agrees_with_the_rules_pseudo_code_on_thousands_of_games() -> None:
    rng = random.Random(20261122)
    compared = 0
    for _ in range(6000):
        ruleset, declaration, outcome = sample_game(rng)
        try:
            got = valuation(declaration, outcome, Ruleset(ruleset))
        except ScoringError:
            continue  # refused declarations (below the bid, ...) have their own tests
        expected = reference(ruleset, declaration, outcome)
        assert (got.won, got.game_value, got.overbid, got.list_score) == expected, (
            ruleset,
            declaration,
            outcome,
            got.derivation,
        )
        compared += 1
    assert compared > 4000
