"""The Kasse: receipts, the Kassenbericht, rounding of Preisskat money (no database).

The numbers are the hand-worked tournament of `tests/club/queries/test_kasse.py` (four
players, Wertpunkt 1/4 ct); every step is written out there.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.cashbook import Booking, Kassenbericht, Line, Receipt, payout_cents

A, B, C, D = 1, 2, 3, 4
RECEIPTS = [
    Receipt(A, 1000, True, ((1, 0),), Fraction(195, 2), (("Platz 1", 2025),)),
    Receipt(B, 1000, True, ((1, 50),), Fraction(-141, 2)),
    Receipt(C, 1000, True, ((1, 0),), Fraction(-45, 2), (), (("Damen 1.", "Blumen"),)),
    Receipt(D, 1000, False, ((1, 0),), Fraction(-9, 2), (("Platz 2", 1012),)),
]
BOOKINGS = [Booking("Wechselgeld", 5000, opening=True), Booking("Blumen", -1500)]


@pytest.mark.parametrize(
    ("exact", "cents"),
    [
        (Fraction(195, 2), 97),  # receives 97,5 ct: 97, the half cent stays in the Kasse
        (Fraction(-141, 2), -71),  # pays 70,5 ct: 71
        (Fraction(-9, 2), -5),
        (Fraction(26, 10), 3),
        (Fraction(24, 10), 2),
        (Fraction(-26, 10), -3),
        (Fraction(7), 7),
    ],
)
def test_preisskat_money_is_rounded_to_the_cent_with_the_half_cent_to_the_kasse(
    exact: Fraction, cents: int
) -> None:
    assert payout_cents(exact) == cents


def test_a_receipt_lists_every_amount_and_adds_up() -> None:
    a = RECEIPTS[0]
    assert a.lines == [
        Line("Startgeld", -1000),
        Line("Preisskat (Spielgeld)", 97),
        Line("Preis: Platz 1", 2025),
    ]
    assert a.net == -1000 + 97 + 2025 == 1122
    assert a.at_the_end == 2122  # the Startgeld was paid at sign-in
    b = RECEIPTS[1]
    assert [line.cents for line in b.lines] == [-1000, -50, -71]
    assert (b.net, b.at_the_end) == (-1121, -121)
    d = RECEIPTS[3]
    assert (d.net, d.at_the_end) == (7, 7)  # Startgeld still open: settled at the end


def test_the_hand_worked_kassenbericht_balances_to_the_cent() -> None:
    report = Kassenbericht(RECEIPTS, BOOKINGS, counted=4510)
    assert report.opening == 5000
    assert (report.entry_fees, report.lost_fees, report.game_cash_in) == (4000, 50, 99)
    assert report.income == 4149
    assert (report.prizes, report.game_cash_out, report.expenses) == (3037, 97, 1500)
    assert report.spending == 4634
    assert report.expected == 5000 + 4149 - 4634 == 4515
    assert report.result == -485
    assert report.entry_fees_open == 1000
    assert report.difference == -5
    assert report.balances()
    # The same cash, counted the other way: float + Startgeld paid at sign-in + what every
    # player pays in or takes out at the end + the other bookings.
    at_the_end = sum(r.at_the_end for r in RECEIPTS)
    assert 5000 + 3000 - at_the_end - 1500 == report.expected


def test_an_uncounted_kasse_has_no_difference_yet() -> None:
    assert Kassenbericht(RECEIPTS, BOOKINGS).difference is None
