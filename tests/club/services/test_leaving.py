"""A player who goes home during the day: „gegangen nach Serie n“ (issue 41).

The tournament: eight players, each paid 10,00 € Startgeld; the Gewinnplan (100 % of the
Startgeld, Platz 1 50 %, Platz 2 25 %) is announced before Serie 1. Serie 1 is drawn and
played at two 4-tables; then Anna goes home. She is not drawn for Serie 2 (seven players: a
4-table and a 3-table), and every figure of the Kasse page, the Gewinnplan and her account is
the same before and after she leaves.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring import Declaration, Outcome
from skatclub.club import services
from skatclub.club.models import Attendance, Change, Event, Player, Round, Seat, Table
from skatclub.club.presenters.kasse import report_context
from skatclub.club.printing.printouts import results_printout, seating_printout
from skatclub.club.printing.render import render_printout
from skatclub.club.queries.ledger import event_ledger, forecast_for
from tests.helpers.pdf import flat, pdf_text
from tests.helpers.tournaments import paid_tournament

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
SIGNIN = EVENT + "anmeldung/"
ANWESEND = EVENT + "anwesend/"
EIGHT = ("anna", "bernd", "carla", "dieter", "emil", "frieda", "gerd", "hanna")


@pytest.fixture
def tournament(event: Event, players: dict[str, Player]) -> Event:
    return paid_tournament(event, players, EIGHT, rounds=2)


def play(round_: Round) -> None:
    """Two games at every table: seat 2 wins Kreuz mit 2, seat 3 loses Grand ohne 1."""
    for table in round_.tables.all():
        for number, position, declaration, won in (
            (1, 2, {"type": "clubs", "matadors": 2, "bid": 24}, True),
            (2, 3, {"type": "grand", "matadors": -1, "bid": 48}, False),
        ):
            services.record_game(
                table=table,
                number=number,
                declarer=table.seats.get(position=position).player,
                declaration=Declaration.from_dict(declaration),
                outcome=Outcome(won=won),
            )


@pytest.fixture
def after_one(tournament: Event) -> Round:
    """Serie 1 drawn and played."""
    round_ = services.start_round(event=tournament, seating="draw", seed="1")
    play(round_)
    return round_


def figures(event: Event) -> dict[str, Any]:
    """Every amount the Kasse page, the Gewinnplan page and the receipts read."""
    found = event_ledger(event, kasse=True)
    assert found.plan is not None
    forecast = forecast_for(found, found.plan, found.signed)
    awarded = found.ledger.prizes
    return {
        "kasse": report_context(found),
        "accounts": found.accounts,
        "pot": found.ledger.pot,
        "awards": awarded.awards if awarded else None,
        "forecast": forecast,
        "signed": found.signed,
    }


def test_a_paid_player_who_leaves_after_round_1_is_not_drawn_for_round_2(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    response = spielwart_client.post(SIGNIN, {"action": "leave", "player": anna.pk}, follow=True)
    assert "Anna Albers: gegangen nach Serie 1." in response.content.decode()
    attendance = Attendance.objects.get(player=anna)
    assert (attendance.left_after, attendance.paid, attendance.fee_cents) == (1, True, 1000)
    second = services.start_round(event=after_one.event, seating="draw", seed="2")
    seated = set(Seat.objects.filter(round=second).values_list("player_id", flat=True))
    assert seated == {players[k].pk for k in EIGHT} - {anna.pk}
    assert sorted(t.seats.count() for t in second.tables.all()) == [3, 4]


def test_seating_by_the_standings_skips_him_too(
    after_one: Round, players: dict[str, Player]
) -> None:
    services.leave(event=after_one.event, player=players["anna"])
    second = services.start_round(event=after_one.event, seating="standings")
    assert not Seat.objects.filter(round=second, player=players["anna"]).exists()
    assert Seat.objects.filter(round=second).count() == 7


def test_startgeld_kasse_and_prizes_are_the_same_before_and_after_he_leaves(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    event = after_one.event
    before = figures(event)
    assert before["kasse"]["report"].entry_fees == 8000
    assert before["pot"].entry_fees == 8000
    spielwart_client.post(SIGNIN, {"action": "leave", "player": players["anna"].pk})
    assert figures(event) == before
    # and after Serie 2, played without her, her Startgeld and Serie 1 still count
    play(services.start_round(event=event, seating="draw", seed="2"))
    later = figures(event)
    assert later["kasse"]["report"].entry_fees == 8000
    assert later["pot"].entry_fees == 8000
    assert later["signed"] == 8
    account = next(a for a in later["accounts"] if a.player_id == players["anna"].pk)
    first = next(a for a in before["accounts"] if a.player_id == players["anna"].pk)
    assert (account.entry_fee, account.entry_fee_paid) == (1000, True)
    assert account.game_cash_cents == first.game_cash_cents


def test_the_results_keep_him_ranked_and_say_that_he_left(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    spielwart_client.post(ANWESEND, {"action": "leave", "player": players["anna"].pk})
    play(services.start_round(event=after_one.event, seating="draw", seed="2"))
    page = spielwart_client.get(EVENT + "ergebnisse/").content.decode()
    assert "Anna Albers" in page
    assert "gegangen nach Serie 1" in page
    rows = {r.player: r for r in event_ledger(after_one.event).rows}
    assert rows["anna"].rounds == 1 and rows["bernd"].rounds == 2
    public = Client().get("/veranstaltungen/2026-11-20-preisskat/").content.decode()
    assert "Nicht mehr dabei: Anna Albers (gegangen nach Serie 1;" in public
    _, text = pdf_text(render_printout(results_printout(after_one.event, None)))
    assert "Nicht mehr dabei: Anna Albers (gegangen nach Serie 1;" in flat(text)


def test_the_tischliste_of_round_2_names_who_left(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    services.leave(event=after_one.event, player=players["anna"])
    second = services.start_round(event=after_one.event, seating="draw", seed="2")
    assert seating_printout(after_one.event, second).context["gone"] == [("Anna Albers", 1)]
    assert seating_printout(after_one.event, after_one).context["gone"] == []
    page = spielwart_client.get(EVENT + "serie/2/").content.decode()
    assert "Anna Albers (gegangen nach Serie 1)" in page


def test_the_leave_can_be_taken_back_before_the_next_draw(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "leave", "player": anna.pk})
    page = spielwart_client.get(SIGNIN).content.decode()
    assert "gegangen nach Serie 1" in page and 'value="stay"' in page
    response = spielwart_client.post(SIGNIN, {"action": "stay", "player": anna.pk}, follow=True)
    assert "Anna Albers spielt weiter mit" in response.content.decode()
    assert Attendance.objects.get(player=anna).left_after is None
    second = services.start_round(event=after_one.event, seating="draw", seed="2")
    assert Seat.objects.filter(round=second, player=anna).exists()
    actions = list(
        Change.objects.filter(table__round=after_one, action__in=["left", "stayed"])
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions == ["left", "stayed"]


def test_taking_the_leave_back_after_the_next_draw_is_refused_in_german(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "leave", "player": anna.pk})
    services.start_round(event=after_one.event, seating="draw", seed="2")
    page = spielwart_client.get(SIGNIN).content.decode()
    assert 'value="stay"' not in page
    response = spielwart_client.post(SIGNIN, {"action": "stay", "player": anna.pk}, follow=True)
    assert (
        "Serie 2 ist schon ausgelost, ohne Anna Albers; das Gehen lässt sich nur bis zur "
        "nächsten Auslosung zurücknehmen."
    ) in response.content.decode()
    assert Attendance.objects.get(player=anna).left_after == 1


def test_a_double_post_leaves_one_record_and_the_same_answer(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    for page in (SIGNIN, SIGNIN, ANWESEND):
        response = spielwart_client.post(page, {"action": "leave", "player": anna.pk}, follow=True)
        assert "Anna Albers: gegangen nach Serie 1." in response.content.decode()
    assert Attendance.objects.filter(player=anna).count() == 1
    assert Attendance.objects.get(player=anna).left_after == 1
    assert Change.objects.filter(action="left").count() == 1


def test_a_player_who_has_not_played_cannot_leave_but_is_signed_out(
    tournament: Event, players: dict[str, Player]
) -> None:
    with pytest.raises(services.EntryError, match="hat noch an keinem Tisch gesessen"):
        services.leave(event=tournament, player=players["anna"])


def test_the_pages_offer_the_leave_to_who_played_with_the_rule_in_one_sentence(
    spielwart_client: Client, after_one: Round, players: dict[str, Player]
) -> None:
    services.mark_present(event=after_one.event, player=players["ingo"])  # came late
    rule = "Wer geht, behält Startgeld und Gewinn; er zählt im Gewinnplan mit, die Preise bleiben."
    for url in (SIGNIN, ANWESEND):
        page = spielwart_client.get(url).content.decode()
        assert rule in page
        assert page.count("gegangen nach Serie 1</button>") == 8  # not Ingo: he has not played
    refused = spielwart_client.post(
        SIGNIN, {"action": "sign_out", "player": players["anna"].pk}, follow=True
    ).content.decode()
    assert "Wer heimgeht: „gegangen nach Serie …“" in refused


def test_re_forming_the_round_he_played_in_keeps_him_there(
    after_one: Round, players: dict[str, Player]
) -> None:
    services.leave(event=after_one.event, player=players["anna"])
    assert services.regrouping(after_one, allow_five=False) is None
    assert Table.objects.filter(round=after_one, seats__player=players["anna"]).exists()
