"""The ledger: every player's lines, the rounding to the payout step, the Kassenbericht (no
database).

The numbers are the hand-worked tournament of `tests/club/queries/test_kasse.py` (four
players at a 4-table, Wertpunkt 1/4 ct, Startgeld 10,00 €, Dieter pays it at the end); every
step up to the prize list is written out there. Here the same tournament once more with the
payout rounded to 10 ct:

    exact at the end (Preisskat exact − Verlustspielgeld + prizes − open Startgeld):
    Anna    97,5 + 2025         = 2122,5 ct → 2120 (a half step: the lower amount)
    Bernd  −70,5 − 50           = −120,5 ct → −120
    Carla  −22,5                = −22,5 ct  → −20
    Dieter −4,5 + 1012 − 1000   = 7,5 ct    → 10
    The receipt shows the Preisskat money to the cent (97, −71, −23, −5); the line "Rundung"
    is the rest: Anna 2120 − 2122 = −2, Bernd −120 − (−121) = +1, Carla −20 − (−23) = +3,
    Dieter 10 − 7 = +3. The Kasse gives those 5 ct: rounding −5.
    Kassenbericht: 50,00 + (40,00 + 0,50 + 0,99) − (30,37 + 0,97 + 0,05 + 15,00) = 45,10 €;
    counted 45,10 €: it balances.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring import (
    ROUNDING_STEPS,
    lost_game_fees,
    parse_cents_per_point,
    ranked,
    rounded_to_step,
    strength,
    vergleichsrechnung,
)
from scoring.ledger import (
    Booking,
    Line,
    LineKind,
    Participant,
    PrizeField,
    RoundMoney,
    ledger,
    plan_forecast,
)
from scoring.prizes import Category, Placed, Prize, PrizePlan, TableRanking, TieRule

A, B, C, D = 1, 2, 3, 4
PARTICIPANTS = [
    Participant(A, (RoundMoney(1, Fraction(195, 2), 0),), 1000, True),
    Participant(B, (RoundMoney(1, Fraction(-141, 2), 50),), 1000, True),
    Participant(C, (RoundMoney(1, Fraction(-45, 2), 0),), 1000, True),
    Participant(D, (RoundMoney(1, Fraction(-9, 2), 0),), 1000, False),
]
PLAN = PrizePlan(
    prizes=(
        Prize(1, 1, share=Fraction(1, 2)),
        Prize(2, 2, share=Fraction(1, 4)),
        Prize(1, 1, item="Blumen", category=Category.WOMEN),
    ),
    lost_fee_share=Fraction(1),
)
PRIZES = PrizeField(
    PLAN,
    (Placed(A, 1), Placed(D, 2), Placed(C, 3), Placed(B, 4)),
    {C: frozenset({Category.WOMEN})},
)
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
    account = ledger([Participant(A, (RoundMoney(1, exact, 0),))]).accounts[0]
    assert account.game_cash_cents == cents == account.at_the_end
    assert account.rounding == 0


def test_a_receipt_lists_every_amount_and_adds_up() -> None:
    found = ledger(PARTICIPANTS, prizes=PRIZES)
    anna, bernd, carla, dieter = found.accounts
    assert anna.lines == (
        Line(LineKind.ENTRY_FEE, "Startgeld", -1000),
        Line(LineKind.GAME_CASH, "Spielgeld (auf den Cent)", 97),
        Line(LineKind.PRIZE, "Preis: Platz 1", 2025),
    )
    assert anna.net == -1000 + 97 + 2025 == 1122
    assert anna.at_the_end == 2122  # the Startgeld was paid at sign-in
    assert [line.cents for line in bernd.lines] == [-1000, -50, -71]
    assert (bernd.net, bernd.at_the_end) == (-1121, -121)
    assert carla.items == (("Damen 1.", "Blumen"),)
    assert (dieter.net, dieter.at_the_end) == (7, 7)  # Startgeld still open: settled at the end


def test_the_hand_worked_kassenbericht_balances_to_the_cent() -> None:
    report = ledger(PARTICIPANTS, prizes=PRIZES, bookings=BOOKINGS, counted=4510).kasse
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
    assert 5000 + 3000 + report.at_the_end - 1500 == report.expected


def test_the_hand_worked_tournament_rounded_to_ten_cents() -> None:
    found = ledger(PARTICIPANTS, step_cents=10, prizes=PRIZES, bookings=BOOKINGS, counted=4510)
    assert [a.at_the_end for a in found.accounts] == [2120, -120, -20, 10]
    assert [a.rounding for a in found.accounts] == [-2, 1, 3, 3]
    assert [a.exact_end for a in found.accounts] == [
        Fraction(4245, 2),
        Fraction(-241, 2),
        Fraction(-45, 2),
        Fraction(15, 2),
    ]
    anna = found.accounts[0]
    assert anna.lines[-1] == Line(LineKind.ROUNDING, "Rundung", -2)
    assert anna.net == 1120 and anna.at_the_end == anna.net + anna.already_paid
    report = found.kasse
    assert report.rounding == -5 == -sum(a.rounding for a in found.accounts)
    assert report.spending == 3037 + 97 + 5 + 1500
    assert report.expected == 4510 and report.difference == 0
    assert report.balances()


def test_an_uncounted_kasse_has_no_difference_yet() -> None:
    assert ledger(PARTICIPANTS, bookings=BOOKINGS).kasse.difference is None


def test_the_pot_and_the_prizes_come_from_the_ledgers_own_sums() -> None:
    found = ledger(PARTICIPANTS, prizes=PRIZES)
    assert found.pot is not None
    assert (found.pot.entry_fees, found.pot.lost_fees, found.pot.cents) == (4000, 50, 4050)
    assert found.prizes_paid == 2025 + 1012
    assert found.prizes_unpaid == 0
    assert found.pot_remaining == 4050 - 3037
    # the forecast for the same field computes the same pot
    assert plan_forecast(PLAN, 4, 4000, 50).pot == found.pot


def test_a_step_no_club_uses_is_refused() -> None:
    with pytest.raises(ValueError, match="7 Cent gibt es nicht"):
        ledger(PARTICIPANTS, step_cents=7)


# --- random events --------------------------------------------------------------------------

WERTPUNKTE = ("1/10", "1/4", "1/2", "1", "2")  # cents per point
RATES = {"full": (1000, True), "reduced": (500, True), "free": (0, False), "unpaid": (1000, False)}


@st.composite
def events(draw: st.DrawFn) -> tuple[list[Participant], PrizeField, int, list[Booking]]:
    """A random event: 1–3 Serien of 3-, 4- and 5-tables, any Wertpunkt, fees, Startgeld at
    every rate, a plan with shares, fixed amounts, Sachpreise and categories, ties."""
    cpp = parse_cents_per_point(draw(st.sampled_from(WERTPUNKTE)))
    schedule = draw(st.lists(st.integers(0, 100), max_size=3))
    sizes = draw(st.lists(st.sampled_from((3, 4, 5)), min_size=1, max_size=4))
    players = list(range(1, sum(sizes) + 1))
    rounds: dict[int, list[RoundMoney]] = {p: [] for p in players}
    tables = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        start = 0
        for table_number, size in enumerate(sizes, start=1):
            seated = players[start : start + size]
            start += size
            scores = draw(st.lists(st.integers(-500, 500), min_size=size, max_size=size))
            lost = draw(st.lists(st.integers(0, 6), min_size=size, max_size=size))
            cash = vergleichsrechnung(scores, cpp)
            for player, money, n in zip(seated, cash, lost, strict=True):
                rounds[player].append(RoundMoney(number, money, lost_game_fees(n, schedule)))
            placed = ranked(
                zip(seated, scores, strict=True),
                lambda s: strength(s[1], 0, 0),
                lambda s: str(s[0]),
            )
            tables.append(
                TableRanking(number, table_number, tuple(Placed(s[0], p) for p, s in placed))
            )
    participants = []
    for player in players:
        fee, paid = RATES[draw(st.sampled_from(sorted(RATES)))]
        participants.append(Participant(player, tuple(rounds[player]), fee, paid))
    totals = {p: draw(st.integers(-5, 5)) for p in players}  # few values: ties
    overall = ranked(players, lambda p: strength(totals[p], 0, 0), str)
    categories = {
        p: frozenset(draw(st.sets(st.sampled_from((Category.WOMEN, Category.GUESTS)))))
        for p in players
    }
    plan = PrizePlan(
        prizes=(
            Prize(1, 1, share=Fraction(draw(st.integers(1, 40)), 100)),
            Prize(2, 4, fixed_cents=draw(st.integers(1, 3000))),
            Prize(5, 12, share=Fraction(1, 40), per_participants=draw(st.integers(0, 5))),
            Prize(1, 1, fixed_cents=777, category=Category.WOMEN),
            Prize(1, 2, item="Pokal", category=Category.GUESTS),
            Prize(1, 1, fixed_cents=101, category=Category.TABLE),
        ),
        lost_fee_share=Fraction(draw(st.integers(0, 100)), 100),
        ties=draw(st.sampled_from(TieRule)),
        one_prize_each=draw(st.booleans()),
    )
    field = PrizeField(
        plan, tuple(Placed(p, place) for place, p in overall), categories, tuple(tables), "seed"
    )
    step = draw(st.sampled_from(ROUNDING_STEPS))
    bookings = [
        Booking("Wechselgeld", draw(st.integers(0, 20_000)), opening=True),
        Booking("Saalmiete", -draw(st.integers(0, 9_000))),
    ]
    return participants, field, step, bookings


@given(events())
def test_every_account_adds_up_and_the_kasse_balances_to_the_cent(
    event: tuple[list[Participant], PrizeField, int, list[Booking]],
) -> None:
    participants, field, step, bookings = event
    found = ledger(participants, step_cents=step, prizes=field, bookings=bookings)
    for account, participant in zip(found.accounts, participants, strict=True):
        assert account.net == sum(line.cents for line in account.lines)
        assert account.at_the_end == account.net + account.already_paid
        assert account.at_the_end % step == 0
        exact = (
            sum((s.game_cash for s in participant.rounds), Fraction(0))
            - sum(s.lost_fee for s in participant.rounds)
            + account.prize_cents
            - account.entry_fee_open
        )
        assert account.exact_end == exact
        assert abs(account.at_the_end - exact) <= Fraction(step, 2)
        assert account.at_the_end == rounded_to_step(exact, step)
    assert sum((a.game_cash for a in found.accounts), Fraction(0)) == 0
    report = found.kasse
    assert report.rounding == -sum(a.rounding for a in found.accounts)
    assert report.prizes == found.prizes_paid == (found.prizes.paid_cents if found.prizes else 0)
    assert report.balances()
    counted = ledger(
        participants, step_cents=step, prizes=field, bookings=bookings, counted=report.expected
    )
    assert counted.kasse.difference == 0
