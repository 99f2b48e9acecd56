"""The Gewinnplan: pot, the forecast against the pot, prize list with ties and categories.

Hand-worked example (10 players, Startgeld 10 €, Verlustspielgeld 20 € of which half goes
into the pot):
    pot = 100 % × 100,00 € + 50 % × 20,00 € = 110,00 € = 11000 ct
    Platz 1: 30 % = 33,00 €; Platz 2: 20 % = 22,00 €; Platz 3: 10 % = 11,00 €
    Bernd and Carla share place 2: places 2 and 3 together 33,00 €, 16,50 € each
    Damen 1.: 10,00 €. Carla (a lady) has a prize already, so Emma (place 5) gets it.
    Jugend 1.: Sachpreis "Skatbuch" to Felix (place 6).
    Tischbester: 2,00 € to the best of each table.
    Paid out: 33 + 16,50 + 16,50 + 10 + 2 × 2 = 80,00 €; 30,00 € stay in the Kasse.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from scoring import InvalidPrizePlan
from scoring.prizes import (
    Category,
    Placed,
    Prize,
    PrizePlan,
    TableRanking,
    TieRule,
    forecast,
    pot,
    pot_cents,
    prize_list,
)

A, B, C, D, E, F, G, H, K, L = range(1, 11)
PLAN = PrizePlan(
    prizes=(
        Prize(1, 1, share=Fraction(30, 100)),
        Prize(2, 2, share=Fraction(20, 100)),
        Prize(3, 3, share=Fraction(10, 100)),
        Prize(1, 1, fixed_cents=1000, category=Category.WOMEN),
        Prize(1, 1, item="Skatbuch", category=Category.YOUTH),
        Prize(1, 1, fixed_cents=200, category=Category.TABLE),
    ),
    entry_fee_share=Fraction(1),
    lost_fee_share=Fraction(1, 2),
)
RANKING = [
    Placed(A, 1),
    Placed(B, 2),
    Placed(C, 2),
    Placed(D, 4),
    Placed(E, 5),
    Placed(F, 6),
    Placed(G, 7),
    Placed(H, 8),
    Placed(K, 9),
    Placed(L, 10),
]
CATEGORIES = {C: {Category.WOMEN}, E: {Category.WOMEN}, F: {Category.YOUTH}}
TABLES = [
    TableRanking(1, 1, (Placed(A, 1), Placed(D, 2), Placed(G, 3), Placed(L, 4))),
    TableRanking(1, 2, (Placed(B, 1), Placed(E, 2), Placed(H, 3))),
]


def test_the_pot_is_the_plans_share_of_startgeld_and_verlustspielgeld() -> None:
    assert pot_cents(PLAN, 10_000, 2_000) == 11_000
    assert pot_cents(PrizePlan(entry_fee_share=Fraction(1, 3)), 1000) == 333  # rounded down


def test_the_hand_worked_prize_list() -> None:
    awarded = prize_list(PLAN, RANKING, 11_000, categories=CATEGORIES, tables=TABLES, seed="x")
    got = [(a.player_id, a.title, a.cents, a.item) for a in awarded.awards]
    assert got == [
        (A, "Platz 1", 3300, ""),
        (B, "Platz 2–3 (geteilt)", 1650, ""),
        (C, "Platz 2–3 (geteilt)", 1650, ""),
        (E, "Damen 1.", 1000, ""),
        (F, "Jugend 1.", 0, "Skatbuch"),
        (A, "Tischbester Serie 1, Tisch 1", 200, ""),
        (B, "Tischbester Serie 1, Tisch 2", 200, ""),
    ]
    assert awarded.paid_cents == 8000
    assert awarded.unpaid_cents == 0
    assert 11_000 - awarded.paid_cents == 3000


def test_the_forecast_says_what_each_rule_pays_and_what_remains() -> None:
    check = forecast(PLAN, 10, pot(PLAN, 10_000, 2_000), tables=2)
    assert check.pot.cents == 11_000
    assert [(r.winners, r.cents) for r in check.rules] == [
        (1, 3300),
        (1, 2200),
        (1, 1100),
        (1, 1000),
        (1, 0),
        (2, 200),
    ]
    assert (check.money, check.winners, check.items) == (
        3300 + 2200 + 1100 + 1000 + 400,
        7,
        ("Skatbuch",),
    )
    assert check.remaining == 11_000 - 8000
    assert check.share_total == Fraction(60, 100)


@pytest.mark.parametrize(
    ("prize", "participants", "reason"),
    [
        # 17 // 4 = 4: the last paid place is 4, so places 10–16 wait for 10 × 4 = 40 players
        (
            Prize(10, 16, fixed_cents=500, per_participants=4),
            17,
            "ein Preis je 4 Teilnehmer: bei 17 Teilnehmern bis Platz 4, Platz 10 erst ab 40 "
            "Teilnehmern",
        ),
        (Prize(1, 1, fixed_cents=500, min_participants=30), 17, "erst ab 30 Teilnehmern"),
        (Prize(20, 20, fixed_cents=500), 17, "nur 17 Teilnehmer"),
        (Prize(1, 1, item="Sekt", category=Category.TABLE), 17, "noch keine Tische"),
    ],
)
def test_a_rule_that_cannot_pay_says_why(prize: Prize, participants: int, reason: str) -> None:
    plan = PrizePlan(prizes=(prize,))
    (rule,) = forecast(plan, participants, pot(plan, participants * 1000)).rules
    assert (rule.winners, rule.reason) == (0, reason)


def test_an_odd_cent_of_a_split_prize_stays_in_the_kasse() -> None:
    plan = PrizePlan(prizes=(Prize(1, 1, fixed_cents=1001),))
    awarded = prize_list(plan, [Placed(A, 1), Placed(B, 1)], 0)
    assert [a.cents for a in awarded.awards] == [500, 500]
    assert awarded.unpaid_cents == 1


def test_ties_by_lot_are_repeatable_from_the_seed() -> None:
    plan = PrizePlan(
        prizes=(Prize(1, 1, fixed_cents=1000), Prize(2, 2, fixed_cents=500)), ties=TieRule.LOT
    )
    first = prize_list(plan, [Placed(A, 1), Placed(B, 1)], 0, seed="s")
    again = prize_list(plan, [Placed(A, 1), Placed(B, 1)], 0, seed="s")
    assert first == again
    assert sorted(a.cents for a in first.awards) == [500, 1000]


def test_sachpreise_in_a_tie_go_by_lot_and_money_is_split() -> None:
    plan = PrizePlan(prizes=(Prize(1, 1, fixed_cents=2000), Prize(2, 2, item="Pokal")))
    awarded = prize_list(plan, [Placed(A, 1), Placed(B, 1)], 0, seed="s")
    assert sorted(a.cents for a in awarded.awards) == [0, 1000, 1000]
    assert [a.item for a in awarded.awards if a.item] == ["Pokal"]


def test_every_fourth_player_wins_and_the_plan_scales_with_the_field() -> None:
    plan = PrizePlan(
        prizes=(
            Prize(1, 1000, fixed_cents=500, per_participants=4),
            Prize(1, 1, fixed_cents=5000, category=Category.GUESTS, min_participants=30),
        )
    )
    empty = pot(plan, 0)
    assert forecast(plan, 40, empty).winners == 10 + 1  # and the best guest
    assert forecast(plan, 41, empty).winners == 10 + 1
    assert forecast(plan, 12, empty).winners == 3  # no guest prize below 30 players
    field = [Placed(n, n) for n in range(1, 13)]
    assert [a.player_id for a in prize_list(plan, field, 0).awards] == [1, 2, 3]


def test_places_nobody_reached_stay_in_the_kasse() -> None:
    plan = PrizePlan(prizes=(Prize(1, 5, fixed_cents=100),))
    awarded = prize_list(plan, [Placed(A, 1), Placed(B, 2)], 0)
    assert awarded.paid_cents == 200 and awarded.unpaid_cents == 300


def test_without_one_prize_each_a_winner_may_also_take_a_category_prize() -> None:
    plan = PrizePlan(
        prizes=(Prize(1, 1, fixed_cents=100), Prize(1, 1, fixed_cents=50, category=Category.WOMEN)),
        one_prize_each=False,
    )
    awarded = prize_list(plan, [Placed(A, 1), Placed(B, 2)], 0, categories={A: {Category.WOMEN}})
    assert [(a.player_id, a.cents) for a in awarded.awards] == [(A, 100), (A, 50)]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first": 2, "last": 1, "fixed_cents": 1}, "„von“ ≤ „bis“"),
        ({"first": 1, "last": 1}, "genau eins von Anteil am Topf, festem Betrag oder Sachpreis"),
        ({"first": 1, "last": 1, "fixed_cents": 1, "item": "Pokal"}, "genau eins"),
        ({"first": 1, "last": 1, "share": Fraction(3, 2)}, "zwischen 0 und 100 %"),
        ({"first": 1, "last": 1, "item": "x" * 101}, "höchstens 100 Zeichen"),
        ({"first": 1, "last": 1, "fixed_cents": 10**9}, "höchstens 100000 € je Preis"),
    ],
)
def test_a_prize_that_cannot_be_paid_as_written_is_refused_in_german(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(InvalidPrizePlan) as refused:
        Prize(**kwargs)
    assert message in refused.value.message


def test_a_lot_between_tied_players_gives_the_second_place_to_one_of_them() -> None:
    plan = PrizePlan(prizes=(Prize(2, 2, fixed_cents=500),), ties=TieRule.LOT)
    awarded = prize_list(plan, [Placed(A, 1), Placed(B, 1)], 0, seed="s")
    assert len(awarded.awards) == 1 and awarded.awards[0].cents == 500
    assert awarded.awards[0].title == "Platz 2"
