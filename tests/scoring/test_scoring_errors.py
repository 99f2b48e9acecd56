"""Every refusal has its own ScoringError subclass, code and German message (docs/rules.md §15)."""

from __future__ import annotations

import pytest

import scoring
from scoring import (
    Declaration,
    GameType,
    HouseRules,
    Outcome,
    Ruleset,
    ScoringError,
    parse_notation,
    valuation,
)
from scoring.errors import ERROR_CLASSES

ISKO, PREIS = Ruleset.ISKO, Ruleset.PREISSKAT

REFUSED = [
    ("Ka m1 r19 a70 t6", ISKO, "illegal_bid"),  # V001
    ("Kr m1 r17 a70 t6", ISKO, "illegal_bid"),  # §14: minimum 18
    ("Kr m1 r25 a70 t6", ISKO, "illegal_bid"),  # V003
    ("Gr m4 ouv r265 a120 t10", ISKO, "illegal_bid"),  # V005
    ("Gr m4 ouv r252 a120 t10", ISKO, "illegal_bid"),  # V006: only with base 36
    ("Gr m4 ouv r264 a120 t10", PREIS, "illegal_bid"),  # V007
    ("Gr m4 ouv r361 a120 t10", PREIS, "illegal_bid"),  # V008
    ("Kr m1 SA r24 a95 t8", ISKO, "announcement_requires_hand"),  # V009
    ("Kr m1 ZA r24 a120 t10", ISKO, "announcement_requires_hand"),  # §5.2
    ("Null H SA r35 t0", ISKO, "announcement_not_in_null"),  # V016
    ("Null ZA r23 t0", ISKO, "announcement_not_in_null"),  # §4
    ("Kr m12 r24 a70 t6", ISKO, "spitzen_out_of_range"),  # §3: suits 1…11
    ("Gr o5 r48 a70 t6", ISKO, "spitzen_out_of_range"),  # §3: Grand 1…4
    ("Kr m0 r24 a70 t6", ISKO, "spitzen_out_of_range"),  # §3: 0
    ("Kr m1 r24 Re a70 t6", ISKO, "re_without_kontra"),  # V015
    ("Kr m1 r24 K a70 t6", PREIS, "kontra_not_allowed"),  # §12: preisskat refuses
    ("Kr m1 r24 B a70 t6", PREIS, "bock_not_allowed"),  # §12
    ("Null H r36 t0", ISKO, "declaration_below_bid"),  # project choice, docs/rules.md §6.5
    ("Ka m1 r45 a70 t6", ISKO, "declaration_below_bid"),  # V019 ([PS-UE] bid 45)
    ("Gr m1 r120 a95 t8", ISKO, "declaration_below_bid"),  # V024
    ("Kr m1 r24 a119 t9", ISKO, "impossible_augen"),  # V020
    ("Kr m1 r24 a1 t1", ISKO, "impossible_augen"),  # §2
    ("Kr m1 r24 a121 t10", ISKO, "impossible_augen"),  # §2: 120 in the pack
    ("Kr m1 r24 a110 t10", ISKO, "outcome_inconsistent"),  # V021
    ("Kr m1 r24 a30 t0", ISKO, "outcome_inconsistent"),  # §2: no trick → at most 22
    ("Kr m1 r24 a70 t11", ISKO, "tricks_inconsistent"),  # §2
    ("Kr m1 r24 a95 t8 v", ISKO, "outcome_inconsistent"),  # entered lost, but won
    ("Gr m1 H SA r72 t7", ISKO, "invalid_request"),  # neither Augen nor a result
]


@pytest.mark.parametrize(
    ("notation", "ruleset", "code"),
    [pytest.param(n, r, c, id=f"{r.value}: {n} → {c}") for n, r, c in REFUSED],
)
def test_refused_games_name_the_rule(notation: str, ruleset: Ruleset, code: str) -> None:
    with pytest.raises(ScoringError) as caught:
        valuation(*parse_notation(notation), ruleset)
    assert caught.value.code == code
    assert caught.value.message  # German text for the Spielwart


def test_an_illegal_bid_names_the_neighbouring_reizwerte() -> None:
    with pytest.raises(scoring.IllegalBid) as caught:
        valuation(*parse_notation("Ka m1 r19 a70 t6"))
    assert caught.value.message == "Reizwert 19 gibt es nicht. Nächste Reizwerte: 18, 20."


def test_tricks_must_add_up_to_ten() -> None:
    declaration, _ = parse_notation("Kr m1 r24")
    with pytest.raises(scoring.TricksInconsistent):
        valuation(
            declaration, Outcome(declarer_card_points=70, declarer_tricks=6, defender_tricks=5)
        )


def test_an_open_game_without_hand_is_refused() -> None:
    # V010: [WEB]'s "Offen" after the Skataufnahme is not allowed
    with pytest.raises(scoring.OuvertRequiresHand):
        valuation(Declaration(GameType.DIAMONDS, matadors=1, ouvert=True, bid=24), Outcome(120, 10))


def test_the_paper_result_must_agree_with_the_play() -> None:
    declaration, _ = parse_notation("Kr m1 r24")
    with pytest.raises(scoring.OutcomeInconsistent):
        valuation(declaration, Outcome(declarer_card_points=60, declarer_tricks=5, won=True))
    with pytest.raises(scoring.OutcomeInconsistent):  # "Schneider" with 66 Augen
        valuation(declaration, Outcome(declarer_card_points=66, declarer_tricks=5, schneider=True))


def test_a_paper_win_that_was_overbid_is_caught() -> None:
    # notes/measurements.md: "Karo mit 1 at bid 20 recorded as won +18"
    with pytest.raises(scoring.OutcomeInconsistent) as caught:
        valuation(*parse_notation("Ka m1 r20"))
    assert "überreizt" in caught.value.message


def test_a_missing_result_is_an_invalid_request() -> None:
    declaration, _ = parse_notation("Kr m1 r24")
    with pytest.raises(scoring.InvalidRequest):
        valuation(declaration, Outcome())


def test_a_club_without_kontra_refuses_it_under_isko() -> None:
    with pytest.raises(scoring.KontraNotAllowed) as caught:
        valuation(*parse_notation("Kr m1 r24 K a70 t6"), house_rules=HouseRules(kontra_re=False))
    assert "Hausregel" in caught.value.message
    with pytest.raises(scoring.BockNotAllowed):
        valuation(*parse_notation("Kr m1 r24 B a70 t6"), house_rules=HouseRules(bock=False))


def test_every_code_has_exactly_one_subclass() -> None:
    codes = [cls.code for cls in ERROR_CLASSES]
    assert len(codes) == len(set(codes)) == 20
    assert all(
        issubclass(cls, ScoringError) and issubclass(cls, ValueError) for cls in ERROR_CLASSES
    )
    assert set(codes) >= {
        "invalid_json",
        "invalid_notation",
        "tie_rule_required",
        "unknown_ruleset",
    }


def test_errors_show_their_message_and_rebuild_from_their_repr() -> None:
    error = scoring.IllegalBid("Reizwert 19 gibt es nicht.")
    assert str(error) == error.message
    assert repr(error) == "IllegalBid('Reizwert 19 gibt es nicht.')"
    assert error.to_dict() == {"error": {"code": "illegal_bid", "message": error.message}}
