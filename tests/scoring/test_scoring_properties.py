"""Invariants over every legal game (hypothesis): money balances, values are Reizwerte,
lost games never score positive, the club notation round-trips."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from hypothesis import assume, given
from hypothesis import strategies as st

from scoring import (
    Declaration,
    GameType,
    Outcome,
    Ruleset,
    ScoringError,
    Valuation,
    format_notation,
    game_cash,
    legal_bids,
    parse_notation,
    valuation,
    vergleichsrechnung,
)
from scoring.game import SUIT_BASE_VALUES
from scoring.value import NULL_VALUES

RULESETS = st.sampled_from([Ruleset.ISKO, Ruleset.PREISSKAT])
CENTS_PER_POINT = st.sampled_from([Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(1)])
ANNOUNCEMENTS = [  # (hand, ouvert, Schneider angesagt, Schwarz angesagt) that can be declared
    (False, False, False, False),
    (True, False, False, False),
    (True, False, True, False),
    (True, False, True, True),
    (True, True, True, True),
]
CARD_POINTS = st.integers(0, 120).filter(lambda p: p not in (1, 119))


@st.composite
def declarations(draw: st.DrawFn, ruleset: Ruleset, house: bool) -> Declaration:
    game = draw(st.sampled_from(list(GameType)))
    house = house and ruleset is Ruleset.ISKO
    kontra = house and draw(st.booleans())
    house_rules: dict[str, Any] = {
        "kontra": kontra,
        "re": kontra and draw(st.booleans()),
        "bock": draw(st.integers(0, 2)) if house else 0,
    }
    if game is GameType.NULL:
        hand, ouvert = draw(st.booleans()), draw(st.booleans())
        top = NULL_VALUES[(hand, ouvert)]
        bid = draw(st.none() | st.sampled_from([b for b in legal_bids(ruleset) if b <= top]))
        return Declaration(game, hand=hand, ouvert=ouvert, bid=bid, **house_rules)
    most = 4 if game is GameType.GRAND else 11
    matadors = draw(st.integers(1, most)) * draw(st.sampled_from([1, -1]))
    hand, ouvert, sa, za = draw(st.sampled_from(ANNOUNCEMENTS))
    reachable = 10_000 if hand else (abs(matadors) + 3) * SUIT_BASE_VALUES[game]
    bid = draw(st.none() | st.sampled_from([b for b in legal_bids(ruleset) if b <= reachable]))
    return Declaration(
        game,
        matadors,
        hand,
        ouvert,
        sa,
        za,
        bid,
        **house_rules,
    )


@st.composite
def outcomes(draw: st.DrawFn, game: GameType) -> Outcome:
    kind = draw(st.sampled_from(["played", "paper", "conceded"]))
    if kind == "conceded":
        return Outcome(conceded=True)
    if kind == "paper":
        return Outcome(
            won=draw(st.booleans()),
            schneider=draw(st.sampled_from([True, None])) if game is not GameType.NULL else None,
            schwarz=draw(st.sampled_from([True, None])) if game is not GameType.NULL else None,
        )
    tricks = draw(st.integers(0, 10))
    if game is GameType.NULL:
        return Outcome(declarer_tricks=tricks)
    if tricks == 0:
        points = draw(st.integers(0, 22))
    elif tricks == 10:
        points = 120
    else:
        points = draw(CARD_POINTS)
    return Outcome(declarer_card_points=points, declarer_tricks=tricks)


@st.composite
def legal_games(
    draw: st.DrawFn, house: bool = True
) -> tuple[Declaration, Outcome, Ruleset, Valuation]:
    ruleset = draw(RULESETS)
    declaration = draw(declarations(ruleset, house))
    outcome = draw(outcomes(declaration.type))
    try:
        result = valuation(declaration, outcome, ruleset)
    except ScoringError:
        assume(False)  # e.g. a paper "won" that the bid makes an overbid loss
        raise
    return declaration, outcome, ruleset, result


@given(legal_games())
def test_notation_round_trips_for_every_legal_game(
    game: tuple[Declaration, Outcome, Ruleset, Valuation],
) -> None:
    declaration, outcome, _, _ = game
    assert parse_notation(format_notation(declaration, outcome)) == (declaration, outcome)


@given(legal_games(), st.sampled_from([3, 4, 5]), CENTS_PER_POINT)
def test_money_at_a_table_sums_to_zero(
    game: tuple[Declaration, Outcome, Ruleset, Valuation], participants: int, cpp: Fraction
) -> None:
    _, _, ruleset, result = game
    declarer, each_other = game_cash(result, ruleset, participants, cpp)
    assert declarer + (participants - 1) * each_other == 0
    assert (declarer > 0) is bool(result.won)


@given(st.lists(st.integers(-5000, 5000), min_size=3, max_size=5), CENTS_PER_POINT)
def test_the_vergleichsrechnung_balances_to_the_cent(totals: list[int], cpp: Fraction) -> None:
    assert sum(vergleichsrechnung(totals, cpp)) == 0


@st.composite
def won_games(draw: st.DrawFn) -> tuple[Ruleset, Valuation]:
    """Every level a won game can reach; no bid, since a bid can only turn it into a loss."""
    ruleset = draw(RULESETS)
    declaration = replace(draw(declarations(ruleset, house=False)), bid=None)
    if declaration.type is GameType.NULL:
        return ruleset, valuation(declaration, Outcome(declarer_tricks=0), ruleset)
    schwarz = declaration.schwarz_announced or draw(st.booleans())
    schneider = schwarz or declaration.schneider_announced or draw(st.booleans())
    outcome = Outcome(won=True, schneider=schneider, schwarz=schwarz)
    return ruleset, valuation(declaration, outcome, ruleset)


@given(won_games())
def test_a_won_game_without_house_doublings_is_worth_a_legal_reizwert(
    game: tuple[Ruleset, Valuation],
) -> None:
    ruleset, result = game
    assert result.won
    assert result.game_value in legal_bids(ruleset)


@given(legal_games())
def test_a_lost_game_never_scores_positive(
    game: tuple[Declaration, Outcome, Ruleset, Valuation],
) -> None:
    declaration, _, _, result = game
    assert result.game_value > 0
    if not result.won:
        assert result.list_score < 0
    if declaration.bid is not None and not declaration.kontra and not declaration.bock:
        assert result.game_value >= declaration.bid or declaration.type is GameType.NULL
