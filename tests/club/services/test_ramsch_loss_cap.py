"""The Ramsch loss cap as a club sets it (issue 29): on the event form, bounded, and in every
Ramsch the table enters, with the derivation saying so."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.notation import parse_ramsch
from skatclub.club.models import Event, Game, RamschScore, Table
from skatclub.club.printing.compact import compact_derivation
from skatclub.club.services import preview_ramsch, record_ramsch
from tests.helpers.forms import event_data

NEW = "/spielwart/veranstaltungen/neu/"


@pytest.mark.django_db
def test_the_event_form_keeps_the_cap(spielwart_client: Client) -> None:
    response = spielwart_client.post(
        NEW, event_data(house_ramsch="on", ramsch_loss_cap="250", cents_per_point="")
    )

    assert response.status_code == 302
    assert Event.objects.get().ramsch_loss_cap == 250
    page = spielwart_client.get(NEW).content.decode()
    assert "Ramsch: Verlust höchstens (Punkte)" in page


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["0", "10001", "-5", "viel"])
def test_a_cap_outside_one_to_ten_thousand_is_refused_and_kept_as_typed(
    spielwart_client: Client, typed: str
) -> None:
    response = spielwart_client.post(NEW, event_data(ramsch_loss_cap=typed))

    page = response.content.decode()
    assert response.status_code != 302 and not Event.objects.exists()
    assert f'value="{typed}"' in page
    assert any(
        text in page for text in ("größer oder gleich 1", "kleiner oder gleich 10000", "ganze Zahl")
    )


@pytest.mark.django_db
def test_a_capped_ramsch_costs_at_most_the_cap_and_says_so(event: Event, four_table: Table) -> None:
    event.house_ramsch, event.ramsch_loss_cap = True, 250
    event.save()
    deal = parse_ramsch("R 4:65 1:55 2:0 s1 j2")  # 65 × 2 × 2 = 260 lost by Dieter

    shown = preview_ramsch(table=four_table, number=3, deal=deal)
    record_ramsch(table=four_table, number=3, deal=deal)

    game = Game.objects.get(table=four_table, number=3)
    assert [s.list_score for s in RamschScore.objects.filter(game=game)] == [-250]
    assert shown.derivation == game.derivation
    assert game.derivation.endswith("= -260, Verlust begrenzt auf 250 = -250")
    assert compact_derivation(game.derivation) == (
        "R × 4 (s1 j2): P4 65 = −260, begrenzt auf 250 = −250"
    )
