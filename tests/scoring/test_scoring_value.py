"""Spielwert, levels, overbidding, house doublings and list scores: worked cases.

Each row is a game in club notation (also the test id), the rule set, and the expected
(won, game_value, list_score, overbid). The comment names the source: a case id (of
tests/scoring/data/engine_cases.jsonl, or one the acceptance checks keep back) or the section
of docs/rules.md.
"""

from __future__ import annotations

import pytest

from scoring import (
    MAX_BOCK,
    MAX_GAMES_PER_ROUND,
    AnnouncementNotInNull,
    InvalidRequest,
    Outcome,
    OutcomeInconsistent,
    Ruleset,
    max_list_score,
    parse_notation,
    valuation,
)
from scoring.game import GameType
from scoring.rulesets import SPECS
from scoring.value import base_value, levels

ISKO, PREIS = Ruleset.ISKO, Ruleset.PREISSKAT

ROWS = [
    # --- suit and Grand games, won (docs/rules.md §5.1, §5.3) ---
    ("He m1 r20 a61 t4", ISKO, (True, 20, 20, False)),  # I003
    ("Kr m1 r24 a89 t7", ISKO, (True, 24, 24, False)),  # I006: opponents 31 → no Schneider
    ("Kr m1 r24 a90 t8", ISKO, (True, 36, 36, False)),  # I007: opponents 30 = Schneider
    ("Kr m1 r24 a120 t9", ISKO, (True, 36, 36, False)),  # I009: 0-Augen trick: not Schwarz
    ("Kr m1 r24 a120 t10", ISKO, (True, 48, 48, False)),  # §5.3: no opponent trick = Schwarz
    ("Gr m4 r120 a95 t8", ISKO, (True, 144, 144, False)),  # I011
    ("Gr o4 r120 a70 t6", ISKO, (True, 120, 120, False)),  # I012
    ("Kr o4 r60 a70 t6", ISKO, (True, 60, 60, False)),  # I014 ([LEAF] Beispiel 3)
    ("Pi m1 H r33 a70 t6", ISKO, (True, 33, 33, False)),  # I018
    ("Gr m1 H r72 a92 t7", ISKO, (True, 96, 96, False)),  # I019 ([WEB] example a)
    ("Kr m1 H SA r48 a90 t7", ISKO, (True, 60, 60, False)),  # I054: exactly 90 suffices
    ("Kr m1 H SA r48 a120 t10", ISKO, (True, 72, 72, False)),  # I056: higher level counts
    ("He m1 H SA r50 a120 t10", ISKO, (True, 60, 60, False)),  # I075
    ("Kr m2 ouv r108 a120 t10", ISKO, (True, 108, 108, False)),  # I060: ISkO 5.2.6, 9 × 12
    ("Gr m4 ouv r264 a120 t10", ISKO, (True, 264, 264, False)),  # I061: 11 × 24
    ("Gr m4 H ZA r240 a120 t10", ISKO, (True, 240, 240, False)),  # I066
    ("He m2 r20 a70 t6", ISKO, (True, 30, 30, False)),  # I073: Skat cards count for Spitzen
    ("Ka m1 a70 t6", ISKO, (True, 18, 18, False)),  # I072: no bid, no overbid test
    # --- lost games: doubled; own Schneider/Schwarz; no Eigenschneider (§5.4, §9) ---
    ("Ka o1 r18 a60 t5", ISKO, (False, 18, -36, False)),  # I002: 60:60 loses
    ("He o2 r30 a50 t4", ISKO, (False, 30, -60, False)),  # I022 ([WEB] example c)
    ("Pi o1 H r33 a59 t5", ISKO, (False, 33, -66, False)),  # I077: lost Hand doubled (ISkO)
    ("Gr m1 H SA r72 a85 t7", ISKO, (False, 120, -240, False)),  # I020 ([WEB] example b)
    ("Gr m1 H SA r72 a25 t2", ISKO, (False, 120, -240, False)),  # I021: Schneider once
    ("Kr m2 r36 a30 t3", ISKO, (False, 48, -96, False)),  # I050: declarer Schneider himself
    ("Kr m2 r36 a31 t3", ISKO, (False, 36, -72, False)),  # I051
    ("Kr m2 r36 a21 t0", ISKO, (False, 60, -120, False)),  # I053: Schwarz by tricks
    ("Kr m1 H ZA r72 a110 t9", ISKO, (False, 84, -168, False)),  # I058
    ("Kr m1 H ZA r72 a0 t0", ISKO, (False, 84, -168, False)),  # I059: not counted twice
    ("He m2 H SA r60 a0 t0", ISKO, (False, 70, -140, False)),  # I084
    ("Gr o4 ouv r48 a100 t9", ISKO, (False, 264, -528, False)),  # I062
    ("Gr m3 r96 a0 t0", ISKO, (False, 144, -288, False)),  # I095
    # --- Null (docs/rules.md §4): fixed values, scored even above the bid ---
    ("Null r18 t0", ISKO, (True, 23, 23, False)),  # I031
    ("Null r23 t1", ISKO, (False, 23, -46, False)),  # I025
    ("Null H r35 t0", ISKO, (True, 35, 35, False)),  # S008
    ("Null ouv r46 t1", PREIS, (False, 46, -92, False)),  # O013: with Skataufnahme: doubled
    ("Null ouv H r59 t1", ISKO, (False, 59, -118, False)),  # I030
    ("Null ouv H r59 t1", PREIS, (False, 59, -59, False)),  # §9: Preisskat Hand single
    # --- overbid after Skataufnahme and in Hand games (docs/rules.md §6) ---
    ("Ka m1 r24 a80 t7", ISKO, (False, 27, -54, True)),  # I035
    ("Ka m1 r24 a40 t3", ISKO, (False, 27, -54, True)),  # I036
    ("Pi o1 r23 a89 t7", ISKO, (False, 33, -66, True)),  # I038 (Skatgericht 002)
    ("Ka m1 r24 a0 t0", ISKO, (False, 36, -72, False)),  # I106: own Schwarz reaches the bid
    ("Ka m1 r24 a120 t10", ISKO, (True, 36, 36, False)),  # §6.1: Schwarz rescues the bid
    ("He o1 H r36 a80 t7", ISKO, (False, 40, -80, True)),  # I099 ([SF63]/[WEB]: 4 × 10)
    ("He o1 H r36 a80 t7", PREIS, (False, 40, -40, True)),  # O008: old rules single
    ("Gr m1 H r96 a70 t6", ISKO, (False, 96, -192, True)),  # I068
    ("Gr m1 H r120 a120 t10", ISKO, (True, 120, 120, False)),  # I070: final value reaches bid
    ("Gr m1 H r120 a95 t8", ISKO, (False, 120, -240, True)),  # I071
    ("Ka m1 H r54 a120 t10", ISKO, (False, 54, -108, True)),  # I098
    # --- conceded and rule violations (docs/rules.md §7) ---
    ("Ka m1 r22 aufg", ISKO, (False, 27, -54, True)),  # I039: conceded, still overbid
    ("Pi m1 H r33 aufg", ISKO, (False, 33, -66, False)),  # I086: Hand still counts
    ("Kr m1 r24 aufg", ISKO, (False, 24, -48, False)),  # I088: einfach
    ("He m2 r30 aufg", PREIS, (False, 30, -60, False)),  # O034
    ("Gr m1 H SA r72 aufg", ISKO, (False, 120, -240, False)),  # §7: announced levels count
    ("He m1 r20", ISKO, (True, 20, 20, False)),  # I090: won by a rule violation, einfach
    ("Kr m2 r36 v", ISKO, (False, 36, -72, False)),  # I091-like: lost by rule violation
    ("Gr m1 H r72 S", ISKO, (True, 96, 96, False)),  # paper list: won Schneider
    ("Kr m2 H r48 v Z", PREIS, (False, 72, -72, False)),  # paper list of O030
    # --- Kontra, Re, Bock: after the overbid test (docs/rules.md §12, §6.4) ---
    ("Gr m1 r48 K a61 t5", ISKO, (True, 96, 96, False)),  # I043
    ("Gr m1 r48 K Re a61 t5", ISKO, (True, 192, 192, False)),  # I044
    ("Gr m1 r48 K Re a60 t5", ISKO, (False, 192, -384, False)),  # I042
    ("He m1 H r36 K a75 t6", ISKO, (False, 80, -160, True)),  # I045: jskat would say +60
    ("Null ouv r46 K t0", ISKO, (True, 92, 92, False)),  # I046
    ("Null r23 K t1", ISKO, (False, 46, -92, False)),  # I101
    ("Kr m1 r24 B a70 t6", ISKO, (True, 48, 48, False)),  # I047
    ("Gr m2 r72 B a55 t5", ISKO, (False, 144, -288, False)),  # I048
    ("Kr m1 r24 B2 a70 t6", ISKO, (True, 96, 96, False)),  # §12.2: two Bock doublings
    ("Gr m3 H ZA r216 K Re a115 t9", ISKO, (False, 864, -1728, False)),  # I102 / I040
    # --- Preisskat specifics (docs/rules.md §16) ---
    ("Pi m1 H r33 a59 t5", PREIS, (False, 33, -33, False)),  # O003
    ("Gr m1 H SA r72 a85 t7", PREIS, (False, 120, -120, False)),  # O018
    ("Gr m2 ouv r288 a120 t10", PREIS, (True, 288, 288, False)),  # O026: 8 × 36
    ("Gr m4 ouv r360 a120 t10", PREIS, (True, 360, 360, False)),  # S016: maximum 10 × 36
    ("Gr o1 ouv r252 a100 t9", PREIS, (False, 252, -252, False)),  # §4: 7 × 36, Hand: single
    ("Kr m2 ouv r108 a110 t9", PREIS, (False, 108, -108, False)),  # O010
    ("Ka m1 r24 a80 t7", PREIS, (False, 27, -54, True)),  # O019
    ("Kr m2 r36 a30 t3", PREIS, (False, 48, -96, False)),  # O029
]


@pytest.mark.parametrize(
    ("notation", "ruleset", "expected"),
    [pytest.param(n, r, e, id=f"{r.value}: {n}") for n, r, e in ROWS],
)
def test_game_value(notation: str, ruleset: Ruleset, expected: tuple[bool, int, int, bool]) -> None:
    declaration, outcome = parse_notation(notation)
    v = valuation(declaration, outcome, ruleset)
    assert (v.won, v.game_value, v.list_score, v.overbid) == expected


DERIVATIONS = [
    ("Kr m2 r24 a95 t8", "mit 2, Spiel 3, Schneider 4 × Kreuz 12 = 48"),  # issue text
    ("He o3 H r36 a75 t6", "ohne 3, Spiel 4, Hand 5 × Herz 10 = 50"),  # issue text
    ("Null H r35 t0", "Null Hand = 35"),  # issue text
    ("He o1 H r36 a80 t7", "überreizt: Reizwert 36, berechnet 4 × Herz 10 = 40"),  # I099
    ("Kr m2 r24 K a95 t8", "mit 2, Spiel 3, Schneider 4 × Kreuz 12 = 48, Kontra × 2 = 96"),
    (
        "Gr m1 H SA r72 a85 t7",  # I020: lost, all counted levels shown
        "mit 1, Spiel 2, Hand 3, Schneider 4, Schneider angesagt 5 × Grand 24 = 120",
    ),
    ("Null ouv H r59 t0 K Re", "Null ouvert Hand = 59, Kontra × 2 = 118, Re × 2 = 236"),
    ("Gr m1 r48 a61 t5 B2", "mit 1, Spiel 2 × Grand 24 = 48, Bock × 2 = 96, Bock × 2 = 192"),
]


@pytest.mark.parametrize(("notation", "derivation"), DERIVATIONS, ids=[d[0] for d in DERIVATIONS])
def test_every_value_carries_its_german_derivation(notation: str, derivation: str) -> None:
    assert valuation(*parse_notation(notation)).derivation == derivation


def test_preisskat_grand_ouvert_is_its_own_game_with_base_36() -> None:
    # docs/rules.md §4, [SkO] "10 * 36 = 360": no Ouvert level, but every other level counts
    v = valuation(*parse_notation("Gr m1 ouv r252 a120 t10"), Ruleset.PREISSKAT)
    assert (v.base_value, v.multiplier, v.game_value) == (36, 7, 252)
    assert v.derivation.endswith("Schwarz angesagt 7 × Grand ouvert 36 = 252")
    assert base_value(SPECS[Ruleset.ISKO], GameType.GRAND, True) == (24, "Grand")


def test_an_open_game_counts_every_level_up_to_ouvert() -> None:
    counted = levels(SPECS[Ruleset.ISKO], GameType.CLUBS, 1, True, True, True, True, False, False)
    assert counted == [
        "Spiel",
        "Hand",
        "Schneider",
        "Schneider angesagt",
        "Schwarz",
        "Schwarz angesagt",
        "Ouvert",
    ]


def test_multiplier_and_base_value_explain_the_value() -> None:
    v = valuation(*parse_notation("Kr m2 r24 a95 t8"))
    assert (v.base_value, v.multiplier, v.schneider, v.schwarz) == (12, 4, True, False)
    overbid = valuation(*parse_notation("Ka m1 r24 a80 t7"))
    assert (overbid.base_value, overbid.multiplier) == (9, 3)


def test_tricks_alone_decide_a_schwarz_game() -> None:
    # docs/rules.md §2: opponents without a trick means the declarer has 120 Augen
    declaration, _ = parse_notation("Gr m2 H ZA r192")
    v = valuation(declaration, Outcome(declarer_tricks=10))
    assert (v.won, v.game_value) == (True, 192)


def test_paper_and_play_may_both_be_entered_when_they_agree() -> None:
    declaration, _ = parse_notation("Kr m1 r24")
    both = Outcome(declarer_card_points=95, declarer_tricks=8, won=True, schneider=True)
    assert valuation(declaration, both).game_value == 36


def test_a_whole_round_of_the_highest_games_fits_a_32_bit_column() -> None:
    """Issue 16: scores and totals stay within what the database holds (PostgreSQL integer)."""
    worst = valuation(*parse_notation("Gr m4 ouv K Re B4 v"), Ruleset.ISKO)
    assert abs(worst.list_score) <= max_list_score(1)
    assert max_list_score(MAX_GAMES_PER_ROUND) < 2**31


def test_bock_beyond_the_limit_is_refused() -> None:
    with pytest.raises(InvalidRequest):
        valuation(*parse_notation(f"Kr m1 B{MAX_BOCK + 1}"), Ruleset.ISKO)


@pytest.mark.parametrize("notation", ["Null S", "Null Z", "Null H S", "Null ouv H Z"])
def test_a_null_with_schneider_or_schwarz_is_refused_not_counted_as_won(notation: str) -> None:
    # A Null is only won or lost; "Null S" was read as a won Null = 23 (issue 42).
    with pytest.raises(AnnouncementNotInNull, match="Im Nullspiel gibt es kein Schneider"):
        valuation(*parse_notation(notation))


def test_an_overbid_game_entered_as_won_is_refused_naming_the_bid_and_the_game_s_own_value() -> (
    None
):
    # Karo mit 1 is worth 18; the loss is charged at 27 (3 × Karo 9), which the old refusal
    # called "berechnet 27" as if it were the game's value (issue 42).
    with pytest.raises(OutcomeInconsistent) as refused:
        valuation(*parse_notation("Ka m1 r27"))
    assert str(refused.value) == (
        "Überreizt: gereizt 27, das Spiel ist nur 18 wert (mit 1, Spiel 2 × Karo 9 = 18). "
        "Eingetragen ist „gewonnen“, aber ein überreiztes Spiel ist verloren."
    )
