"""Preisskat money per game, Vergleichsrechnung, transfers, lost-game fees (docs/rules.md §11)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    MAX_LOST_GAME_FEE_CENTS,
    MAX_LOST_GAME_FEES,
    MAX_WHOLE_CENTS_PER_POINT,
    InvalidRequest,
    Ruleset,
    check_lost_game_fees,
    format_cents,
    game_cash,
    lost_game_fees,
    parse_cents_per_point,
    parse_notation,
    transfers,
    valuation,
    vergleichsrechnung,
)

CASH = [
    # (game, rule set, participants, cents per point, declarer, each other) — case ids
    ("Gr m1 H r72 a92 t7", Ruleset.ISKO, 3, "1/10", "19.2", "-9.6"),  # S001
    ("Gr m1 H r72 a92 t7", Ruleset.ISKO, 4, "1/4", "72", "-24"),  # S002: the dealer pays too
    ("Gr m1 H r72 a92 t7", Ruleset.ISKO, 5, "1/2", "192", "-48"),  # S003
    ("Gr m1 H SA r72 a85 t7", Ruleset.ISKO, 4, "1/4", "-180", "60"),  # S006: 2 × 120 each
    ("Null H r35 t0", Ruleset.ISKO, 5, "1/4", "35", "-8.75"),  # S008
    ("Ka o1 r18 a55 t5", Ruleset.ISKO, 4, "1/10", "-10.8", "3.6"),  # S009
    ("Null H r35 t1", Ruleset.PREISSKAT, 4, "1/10", "-10.5", "3.5"),  # S015: Hand single
    ("Gr m4 ouv r360 a120 t10", Ruleset.PREISSKAT, 5, "1/10", "144", "-36"),  # S016
    ("Ka o1 r18 a55 t5", Ruleset.PREISSKAT, 3, "1", "-72", "36"),  # §11: Skataufnahme 2v
]


@pytest.mark.parametrize(
    ("notation", "ruleset", "n", "cpp", "declarer", "each"),
    CASH,
    ids=[f"{c[1].value}: {c[0]} @{c[2]}×{c[3]}" for c in CASH],
)
def test_game_cash(
    notation: str, ruleset: Ruleset, n: int, cpp: str, declarer: str, each: str
) -> None:
    v = valuation(*parse_notation(notation), ruleset)
    assert game_cash(v, ruleset, n, parse_cents_per_point(cpp)) == (
        Fraction(declarer),
        Fraction(each),
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1/10", Fraction(1, 10)),
        ("0.25", Fraction(1, 4)),
        ("0,5", Fraction(1, 2)),
        ("1", 1),
        (" 2/4 ", Fraction(1, 2)),
        ("0.10", Fraction(1, 10)),
        ("100", 100),
        (5, 5),
    ],
)
def test_cents_per_point_are_exact(text: str, value: Fraction) -> None:
    assert parse_cents_per_point(text) == value


BAD_CENTS_PER_POINT = [
    "",
    "abc",
    "1/0",
    "-1",
    "0",
    "1/2/3",
    # Issue 16: one short value hung the server (1e-50000), stopped it (1e999999), or gave a 500.
    "1e-50000",
    "1e999999",
    "Infinity",
    "-Infinity",
    "NaN",
    "1E2",
    "0x10",
    "1_0",
    "²",
    "1/3",
    "0.2",
    "101",
    "1" * 5000,
    "1/" + "9" * 5000,
    True,
    0,
    1.0,
]


@pytest.mark.parametrize("text", BAD_CENTS_PER_POINT, ids=lambda t: repr(t)[:20])
def test_bad_cents_per_point_are_refused_in_german(text: str) -> None:
    with pytest.raises(InvalidRequest) as refused:
        parse_cents_per_point(text)
    assert "Wertpunkt" in refused.value.message
    assert len(refused.value.message) < 200


@given(st.text(max_size=40) | st.integers() | st.fractions().map(str))
def test_every_wertpunkt_is_refused_or_one_the_clubs_play(text: str | int) -> None:
    try:
        value = parse_cents_per_point(text)
    except InvalidRequest:
        return
    assert value in {Fraction(1, 10), Fraction(1, 4), Fraction(1, 2)} or (
        value.denominator == 1 and 1 <= value <= MAX_WHOLE_CENTS_PER_POINT
    )


def test_a_fee_list_is_short_and_each_fee_small() -> None:
    assert check_lost_game_fees([50, 50, 50, 100]) == [50, 50, 50, 100]
    assert check_lost_game_fees([MAX_LOST_GAME_FEE_CENTS] * MAX_LOST_GAME_FEES)
    for refused in (
        [50] * 300_000,  # issue 16: made the settlement PDF take 210 s
        [MAX_LOST_GAME_FEE_CENTS + 1],
        [-1],
        [True],
        ["50"],
    ):
        with pytest.raises(InvalidRequest, match="Verlustspielgeld"):
            check_lost_game_fees(refused)


@pytest.mark.parametrize(
    ("amount", "text"),
    [
        (Fraction(12, 5), "2.40"),
        (Fraction(-875, 100), "-8.75"),
        (Fraction(36), "36.00"),
        (Fraction(1, 8), "0.125"),
        (Fraction(-1, 40), "-0.025"),
        (Fraction(10, 3), "10/3"),
    ],
)
def test_cents_print_as_exact_decimals(amount: Fraction, text: str) -> None:
    assert format_cents(amount) == text


def test_vergleichsrechnung_settles_every_pair() -> None:
    # 3 players with list totals 300, -100, 50 at 1/4 ct: A gets (300+100)+(300-50) = 650 points
    net = vergleichsrechnung([300, -100, 50], Fraction(1, 4))
    assert net == [Fraction(650, 4), Fraction(-550, 4), Fraction(-100, 4)]
    assert sum(net) == 0


def test_transfers_square_every_balance_with_few_payments() -> None:
    balances = {"A": Fraction(650, 4), "B": Fraction(-550, 4), "C": Fraction(-100, 4)}
    assert transfers(balances) == [("B", "A", Fraction(550, 4)), ("C", "A", Fraction(100, 4))]
    four = {"A": Fraction(30), "B": Fraction(-10), "C": Fraction(-25), "D": Fraction(5)}
    paid = transfers(four)
    assert len(paid) <= len(four) - 1
    for player, balance in four.items():
        received = sum(a for _, payee, a in paid if payee == player)
        given = sum(a for payer, _, a in paid if payer == player)
        assert received - given == balance


def test_transfers_refuse_balances_that_do_not_add_up() -> None:
    with pytest.raises(InvalidRequest):
        transfers({"A": Fraction(1)})


@pytest.mark.parametrize(
    ("lost", "schedule", "cents"),
    [
        (0, [50, 50, 50, 100], 0),
        (3, [50, 50, 50, 100], 150),
        (4, [50, 50, 50, 100], 250),
        (6, [50, 50, 50, 100], 450),  # the last entry repeats ([WIKI-PS]: 1 € from the 4th)
        (7, [50, 50, 50, 100, 100, 300], 950),  # [EUROSKAT]: 3 × 50 + 2 × 100 + 2 × 300
        (5, [], 0),
    ],
)
def test_lost_game_fees(lost: int, schedule: list[int], cents: int) -> None:
    assert lost_game_fees(lost, schedule) == cents


def test_offiziersskat_has_no_cash_settlement() -> None:
    v = valuation(*parse_notation("Pi m3 a120"), Ruleset.OFFIZIERSSKAT)
    with pytest.raises(InvalidRequest):
        game_cash(v, Ruleset.OFFIZIERSSKAT, 3, Fraction(1))


def test_transfers_find_the_true_minimum_where_greedy_needs_more() -> None:
    # +6 +4 -3 -3 -4: {+4,-4} and {+6,-3,-3} balance on their own: 1 + 2 = 3 payments.
    # Largest-debtor-first pays -4 -> +6 first and then needs 4 payments.
    balances = {k: Fraction(v) for k, v in zip("ABCDE", (6, 4, -3, -3, -4), strict=True)}
    paid = transfers(balances)
    assert len(paid) == 3
    net = dict.fromkeys(balances, Fraction(0))
    for payer, payee, amount in paid:
        assert amount > 0
        net[payer] -= amount
        net[payee] += amount
    assert net == balances
