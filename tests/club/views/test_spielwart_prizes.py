"""The Gewinnplan builder: lines, check against the pot, announcing locks it, public page."""

from __future__ import annotations

import pytest
from django.test import Client

from skatclub.club.models import Event, PrizePlan, PrizeRule, Round

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
PLAN = EVENT + "gewinnplan/"
CHANGE = PLAN + "aendern/"


def rule(client: Client, **data: object) -> None:
    base = {"action": "rule", "category": "all", "first": 1, "last": 1, "kind": "percent"}
    base |= {"per_participants": 0, "min_participants": 0}
    client.post(CHANGE, base | data)


def test_the_builder_checks_the_payout_against_the_pot(
    spielwart_client: Client, field: Event
) -> None:
    rule(spielwart_client, percent="50")
    rule(spielwart_client, first=2, last=3, percent="15")
    rule(spielwart_client, category="women", kind="fixed", amount="5,00")
    rule(spielwart_client, category="youth", kind="item", item="Skatbuch")
    page = spielwart_client.get(PLAN).content.decode()
    assert "Platz 1: 50 % des Topfes" in page
    assert "Platz 2–3: je 15 % des Topfes" in page
    assert "Damen 1.: 5,00 €" in page and "Jugend 1.: Sachpreis: Skatbuch" in page
    assert "Topf 120,00 €: 100 % vom Startgeld (120,00 €)." in page
    # 60 + 2 × 18 + 5 = 101,00 €; 19,00 € remain
    assert "Bei 12 Teilnehmern: 5 Preise, davon Geld zusammen 101,00 €" in page
    assert "Es bleiben 19,00 € im Topf (für die Kasse)." in page


def test_a_plan_that_pays_more_than_the_pot_says_so(spielwart_client: Client, field: Event) -> None:
    rule(spielwart_client, kind="fixed", amount="150")
    page = spielwart_client.get(PLAN).content.decode()
    assert "Der Plan zahlt 30,00 € mehr aus, als im Topf ist" in page
    bigger = spielwart_client.get(PLAN, {"teilnehmer": 20}).content.decode()
    # One computation: the pot of 20 players at 10,00 € beside the payouts for 20 players.
    assert "Topf 200,00 €: 100 % vom Startgeld (200,00 €)." in bigger
    assert "Bei 20 Teilnehmern" in bigger and "Es bleiben 50,00 €" in bigger


def test_a_line_that_cannot_pay_for_the_field_says_why(
    spielwart_client: Client, field: Event
) -> None:
    rule(spielwart_client, first=10, last=16, kind="fixed", amount="5,00", per_participants=4)
    page = spielwart_client.get(PLAN, {"teilnehmer": 17}).content.decode()
    # 17 // 4 = 4: one prize each for places 1–4 at most, place 10 only from 10 × 4 = 40 on
    assert "Platz 10–16 (ein Preis je 4 Teilnehmer): je 5,00 €" in page
    assert (
        "bei 17 Teilnehmern kein Preis: ein Preis je 4 Teilnehmer: bei 17 Teilnehmern bis "
        "Platz 4, Platz 10 erst ab 40 Teilnehmern"
    ) in page
    forty = spielwart_client.get(PLAN, {"teilnehmer": 40}).content.decode()
    assert "(1 × 5,00 €)" in forty  # place 10 of 40


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "percent"}, "genau eins von Anteil am Topf"),
        ({"first": 3, "last": 2, "percent": "10"}, "„von“ ≤ „bis“"),
        ({"percent": "120"}, "Anteil (%)"),
        ({"kind": "fixed", "amount": "zehn"}, "ist kein Betrag"),
    ],
)
def test_impossible_lines_are_refused_in_german(
    spielwart_client: Client, field: Event, data: dict[str, object], message: str
) -> None:
    response = spielwart_client.post(
        CHANGE,
        {"action": "rule", "category": "all", "first": 1, "last": 1, "kind": "percent"}
        | {"per_participants": 0, "min_participants": 0}
        | data,
        follow=True,
    )
    assert message in response.content.decode()
    assert not PrizeRule.objects.exists()


def test_announcing_publishes_and_locks_the_plan(
    spielwart_client: Client, client: Client, field: Event
) -> None:
    rule(spielwart_client, percent="50")
    assert client.get("/veranstaltungen/2026-11-20-preisskat/gewinnplan/").status_code == 404
    spielwart_client.post(CHANGE, {"action": "announce"})
    plan = PrizePlan.objects.get()
    assert plan.is_locked
    public = client.get("/veranstaltungen/2026-11-20-preisskat/gewinnplan/").content.decode()
    assert "Platz 1: 50 % des Topfes" in public
    assert (
        "Gewinnplan und Preisliste"
        in client.get("/veranstaltungen/2026-11-20-preisskat/").content.decode()
    )
    refused = spielwart_client.post(
        CHANGE,
        {
            "action": "rule",
            "category": "all",
            "first": 2,
            "last": 2,
            "kind": "percent",
            "percent": "10",
            "per_participants": 0,
            "min_participants": 0,
        },
        follow=True,
    )
    assert "angekündigt und damit fest" in refused.content.decode()
    assert PrizeRule.objects.count() == 1


EVENT_FORM = {
    "name": "Preisskat November",
    "date": "2026-11-20",
    "key": "2026-11-20-preisskat",
    "kind": "tournament",
    "ruleset": "isko",
    "cents_per_point": "1/4",
    "rounding_step_cents": 1,
    "lost_game_fees": "50, 50, 50, 100",
    "entry_fee": "10,00",
    "games_3": 36,
    "games_4": 48,
    "games_5": 60,
    "bock_rounds": 1,
}


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"lost_game_fees": "100, 100"}, "Verlustspielgeld"),
        ({"entry_fee": "12,00"}, "Startgeld"),
        ({"cents_per_point": "1/2"}, "Wertpunkt"),
        ({"rounding_step_cents": 10}, "Auszahlung runden auf"),
    ],
)
def test_after_the_announcement_the_money_settings_are_refused_with_the_reason(
    spielwart_client: Client, field: Event, change: dict[str, object], named: str
) -> None:
    rule(spielwart_client, percent="50")
    spielwart_client.post(CHANGE, {"action": "announce"})
    response = spielwart_client.post(EVENT + "bearbeiten/", EVENT_FORM | change)
    page = response.content.decode()
    assert response.status_code == 422
    assert "Der Gewinnplan ist seit" in page and f"Nicht mehr zu ändern: {named}." in page
    field.refresh_from_db()
    assert (field.lost_game_fees_cents, field.entry_fee_cents) == ([50, 50, 50, 100], 1000)
    assert (field.cents_per_point, field.rounding_step_cents) == ("1/4", 1)
    # what moves no money may still change, and "0,25" is the same Wertpunkt as "1/4"
    renamed = EVENT_FORM | {"name": "Preisskat im November", "cents_per_point": "0,25"}
    assert spielwart_client.post(EVENT + "bearbeiten/", renamed).status_code == 302


def test_before_the_announcement_the_money_settings_may_change(
    spielwart_client: Client, field: Event
) -> None:
    rule(spielwart_client, percent="50")
    changed = EVENT_FORM | {"lost_game_fees": "100, 100"}
    assert spielwart_client.post(EVENT + "bearbeiten/", changed).status_code == 302
    field.refresh_from_db()
    assert field.lost_game_fees_cents == [100, 100]


def test_a_plan_is_announced_before_the_first_round(spielwart_client: Client, field: Event) -> None:
    rule(spielwart_client, percent="50")
    Round.objects.create(event=field, number=1)
    page = spielwart_client.post(CHANGE, {"action": "announce"}, follow=True).content.decode()
    assert "vor dem Start angekündigt" in page
    assert not PrizePlan.objects.get().is_locked


def test_shares_over_a_hundred_percent_cannot_be_announced(
    spielwart_client: Client, field: Event
) -> None:
    rule(spielwart_client, first=1, last=3, percent="40")
    page = spielwart_client.post(CHANGE, {"action": "announce"}, follow=True).content.decode()
    assert "mehr als 100 %" in page


def test_members_cannot_build_a_plan(member_client: Client, field: Event) -> None:
    assert member_client.get(PLAN).status_code == 403
    assert member_client.post(CHANGE, {"action": "announce"}).status_code == 403
