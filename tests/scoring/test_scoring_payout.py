"""Paying out: exact balances rounded to whole cents or a coarser step, the Kasse takes the rest.

Worked cases of `rounded_payout` with the exact amounts a 1/4- or 1/10-cent Wertpunkt gives,
and the invariants (hypothesis) a Kassenwart relies on: every amount is a multiple of the
step, no one is off by more than half a step, and the payout with the Kasse sums to zero.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import ROUNDING_STEPS, InvalidRequest, rounded_payout, vergleichsrechnung

PAYOUTS = [
    # (exact balances in cents, step, rounded amounts, Kasse)
    (["1127.3", "-1127.3"], 1, (1127, -1127), 0),  # 11,273 € each way: 0,3 ct is dropped both ways
    (["0.25", "-0.25"], 1, (0, 0), 0),  # "0,0025 €": nothing to pay
    (["0.5", "-0.5"], 1, (0, -1), 1),  # a half goes to the Kasse
    (["125", "-125"], 10, (120, -130), 10),
    (["1234", "-434", "-800"], 50, (1250, -450, -800), 0),
    (["-50", "-150", "0"], 1, (-50, -150, 0), 200),  # only Verlustspielgeld: all to the Kasse
    (["1012.5", "-337.5", "-337.5", "-387.5"], 10, (1010, -340, -340, -390), 60),
]


@pytest.mark.parametrize(
    ("exact", "step", "amounts", "kasse"),
    PAYOUTS,
    ids=[f"{' '.join(p[0])} @{p[1]} ct" for p in PAYOUTS],
)
def test_rounded_payout(exact: list[str], step: int, amounts: tuple[int, ...], kasse: int) -> None:
    balances = [Fraction(value) for value in exact]
    payout = rounded_payout(balances, step)

    assert payout.amounts == amounts
    assert payout.kasse == kasse
    assert payout.remainder == kasse + sum(balances)


def test_a_whole_tables_vergleichsrechnung_pays_out_in_cents_and_sums_to_zero() -> None:
    exact = vergleichsrechnung([812, -96, 240, 19], Fraction(1, 10))  # 1/10 cent per point
    payout = rounded_payout(exact, 1)

    assert sum(payout.amounts) + payout.kasse == 0
    assert all(isinstance(amount, int) for amount in payout.amounts)


@pytest.mark.parametrize("step", [0, -10, 2.5, True, "10"])
def test_a_step_that_is_no_whole_number_of_cents_is_refused(step: object) -> None:
    with pytest.raises(InvalidRequest):
        rounded_payout([Fraction(1), Fraction(-1)], step)  # type: ignore[arg-type]  # on purpose


exact_amounts = st.lists(
    st.fractions(min_value=-100_000, max_value=100_000, max_denominator=40), max_size=40
)


@given(exact_amounts, st.sampled_from(ROUNDING_STEPS))
def test_every_amount_is_a_multiple_of_the_step_and_all_sums_to_zero(
    exact: list[Fraction], step: int
) -> None:
    payout = rounded_payout(exact, step)

    assert all(amount % step == 0 for amount in payout.amounts)
    assert sum(payout.amounts) + payout.kasse == 0
    assert payout.remainder == payout.kasse + sum(exact, Fraction(0))


@given(exact_amounts, st.sampled_from(ROUNDING_STEPS))
def test_nobody_is_off_by_more_than_half_a_step_and_halves_favour_the_kasse(
    exact: list[Fraction], step: int
) -> None:
    payout = rounded_payout(exact, step)

    for value, amount in zip(exact, payout.amounts, strict=True):
        assert abs(amount - value) <= Fraction(step, 2)
        if abs(amount - value) == Fraction(step, 2):
            assert amount < value  # a receiver gets less, a payer pays more
