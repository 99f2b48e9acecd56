"""The Gewinnplan as a PDF: a draft for the Spielwart says "Entwurf", the announced plan is
public, and the cached public PDF follows every change of the sign-in."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from skatclub.club.models import Attendance, Event, Player, PrizePlan
from skatclub.club.printing.printouts import PrintError
from skatclub.club.printing.prizes import gewinnplan_printout
from tests.helpers.pdf import pdf_text
from tests.helpers.refusals import database_fingerprint

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
CHANGE = EVENT + "gewinnplan/aendern/"
DRAFT_PDF = EVENT + "gewinnplan.pdf"
PUBLIC_PDF = "/veranstaltungen/2026-11-20-preisskat/gewinnplan.pdf"


def plan(client: Client) -> None:
    base: dict[str, str | int] = {"action": "rule", "category": "all", "kind": "percent"}
    base |= {"per_participants": 0, "min_participants": 0}
    client.post(CHANGE, base | {"first": 1, "last": 1, "percent": "50"})
    client.post(CHANGE, base | {"first": 2, "last": 3, "percent": "15"})
    client.post(
        CHANGE,
        base | {"category": "youth", "first": 1, "last": 1, "kind": "item"} | {"item": "Skatbuch"},
    )


def test_the_draft_pdf_says_entwurf_and_shows_the_plan_with_its_check(
    spielwart_client: Client, field: Event
) -> None:
    plan(spielwart_client)
    pages, text = pdf_text(spielwart_client.get(DRAFT_PDF).content)
    assert "Entwurf – noch nicht angekündigt" in text
    assert "Platz 1: 50 % des Topfes" in text and "Platz 2–3: je 15 % des Topfes" in text
    assert "Jugend 1.: Sachpreis: Skatbuch" in text
    # 50 % + 2 × 15 % of 120,00 € = 96,00 €; 24,00 € remain for the Kasse.
    assert "Topf 120,00 €" in text and "Es bleiben 24,00 € im Topf" in text


def test_the_public_pdf_exists_only_once_the_plan_is_announced(
    spielwart_client: Client, client: Client, field: Event
) -> None:
    plan(spielwart_client)
    assert client.get(PUBLIC_PDF).status_code == 404
    spielwart_client.post(CHANGE, {"action": "announce"})
    response = client.get(PUBLIC_PDF)
    assert response.status_code == 200
    pages, text = pdf_text(response.content)
    assert "angekündigt am" in text and "steht fest" in text and "Entwurf" not in text


def test_the_announcement_time_is_the_clubs_local_time(
    spielwart_client: Client, client: Client, field: Event
) -> None:
    plan(spielwart_client)
    spielwart_client.post(CHANGE, {"action": "announce"})
    # 17:30 UTC on 20 November is 18:30 in Berlin (CET, UTC+1)
    PrizePlan.objects.update(
        announced_at=datetime.datetime(2026, 11, 20, 17, 30, tzinfo=datetime.UTC)
    )
    _, text = pdf_text(client.get(PUBLIC_PDF).content)
    assert "angekündigt am 20.11.2026 um 18:30 Uhr" in text
    assert "17:30" not in text


def test_each_line_says_what_it_pays_for_the_field(spielwart_client: Client, field: Event) -> None:
    plan(spielwart_client)
    _, text = pdf_text(spielwart_client.get(DRAFT_PDF).content)
    # 12 players, pot 120,00 €: 50 % = 60,00 €; places 2–3 15 % = 18,00 € each
    assert "Platz 1: 50 % des Topfes (1 × 60,00 €)" in text
    assert "Platz 2–3: je 15 % des Topfes (2 × 18,00 €)" in text


def test_the_cached_public_pdf_follows_a_new_signin(
    spielwart_client: Client, client: Client, field: Event
) -> None:
    plan(spielwart_client)
    spielwart_client.post(CHANGE, {"action": "announce"})
    assert "Topf 120,00 €" in pdf_text(client.get(PUBLIC_PDF).content)[1]
    late = Player.objects.create(key="spaet", name="Spät Kommer")
    Attendance.objects.create(event=field, player=late, fee_cents=1000)
    assert "Topf 130,00 €" in pdf_text(client.get(PUBLIC_PDF).content)[1]


def test_a_plan_without_prizes_has_no_pdf(spielwart_client: Client, field: Event) -> None:
    assert spielwart_client.get(DRAFT_PDF).status_code == 404
    assert "Gewinnplan als PDF" not in spielwart_client.get(EVENT + "gewinnplan/").content.decode()


def test_printing_an_event_without_a_gewinnplan_refuses_in_german_and_stores_nothing(
    field: Event,
) -> None:
    before = database_fingerprint()
    with pytest.raises(PrintError, match="Der Gewinnplan hat noch keine Preise"):
        gewinnplan_printout(field)
    assert database_fingerprint() == before
