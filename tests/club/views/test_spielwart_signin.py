"""Event kinds and the sign-in at the door: search, walk-ins, Startgeld rates, paid/unpaid."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from skatclub.club.models import Attendance, Event, Player, Round
from tests.helpers.factories import make_table

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
SIGNIN = EVENT + "anmeldung/"


@pytest.fixture
def tournament(event: Event) -> Event:
    event.kind, event.entry_fee_cents, event.reduced_fee_cents = "tournament", 1000, 500
    event.save()
    return event


def test_the_event_form_takes_kind_and_startgeld_in_euros(spielwart_client: Client) -> None:
    response = spielwart_client.post(
        "/spielwart/veranstaltungen/neu/",
        {
            "name": "Herbstturnier",
            "date": "2026-10-03",
            "kind": "tournament",
            "ruleset": "isko",
            "entry_fee": "12,50",
            "reduced_fee": "6",
            "games_3": 36,
            "games_4": 48,
            "games_5": 60,
        },
    )
    assert response.status_code == 302
    event = Event.objects.get(name="Herbstturnier")
    assert (event.kind, event.entry_fee_cents, event.reduced_fee_cents) == (
        "tournament",
        1250,
        600,
    )
    form = spielwart_client.get(f"/spielwart/veranstaltungen/{event.key}/bearbeiten/")
    assert 'value="12,50"' in form.content.decode()


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("abc", "„abc“ ist kein Betrag"),
        ("-5", "Der Betrag kann nicht negativ sein."),
        ("1e9", "„1e9“ ist kein Betrag"),
        ("2000", "Höchstens 1.000 € bitte."),
        ("10,555", "höchstens zwei Nachkommastellen"),
    ],
)
def test_a_startgeld_that_is_no_amount_is_refused_in_german(
    spielwart_client: Client, typed: str, message: str
) -> None:
    response = spielwart_client.post(
        "/spielwart/veranstaltungen/neu/",
        {
            "name": "X",
            "date": "2026-10-03",
            "kind": "tournament",
            "ruleset": "isko",
            "entry_fee": typed,
            "games_3": 36,
            "games_4": 48,
            "games_5": 60,
        },
    )
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not Event.objects.exists()


def test_a_member_is_found_by_name_or_number_and_signed_in_paid(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    anna.member_number = "0815"
    anna.save()
    by_number = spielwart_client.get(SIGNIN, {"q": "0815"}).content.decode()
    assert "Anna Albers" in by_number and "Nr. 0815" in by_number
    by_name = spielwart_client.get(SIGNIN, {"q": "alb"}).content.decode()
    assert "Anna Albers" in by_name and "Bernd Brandt" not in by_name
    response = spielwart_client.post(
        SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "full", "paid": "1"}
    )
    assert response.status_code == 302
    signed = Attendance.objects.get(event=tournament, player=anna)
    assert (signed.rate, signed.fee_cents, signed.paid) == ("full", 1000, True)
    page = spielwart_client.get(SIGNIN).content.decode()
    assert "1 angemeldet" in page and "Startgeld 10,00 €, bezahlt 10,00 €" in page
    assert (
        "Anna Albers"
        not in spielwart_client.get(SIGNIN, {"q": "alb"})
        .content.decode()
        .split('id="angemeldet"')[0]
        .split("Spieler suchen")[1]
    )


def test_jugend_pays_the_reduced_rate_by_default(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    jana = players["jana"]
    jana.is_youth = True
    jana.save()
    page = spielwart_client.get(SIGNIN, {"q": "jana"}).content.decode()
    assert '<option value="reduced" selected>' in page
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": jana.pk, "rate": "reduced"})
    signed = Attendance.objects.get(player=jana)
    assert (signed.fee_cents, signed.paid) == (500, False)
    assert "offen 5,00 €" in spielwart_client.get(SIGNIN).content.decode()


def test_a_walk_in_is_registered_remembered_and_signed_in(
    spielwart_client: Client, tournament: Event
) -> None:
    response = spielwart_client.post(
        SIGNIN,
        {"action": "register", "name": "Gustav Gast", "guest": "on", "senior": "on", "paid": "on"},
    )
    assert response.status_code == 302
    gustav = Player.objects.get(name="Gustav Gast")
    assert gustav.is_guest and gustav.is_senior and not gustav.is_woman
    assert Attendance.objects.get(player=gustav).paid
    # Next tournament: found by name instead of entered again.
    other = Event.objects.create(
        key="2026-12-04-turnier",
        name="Dezemberturnier",
        date=datetime.date(2026, 12, 4),
        season=tournament.season,
        kind="tournament",
    )
    page = spielwart_client.get(f"/spielwart/veranstaltungen/{other.key}/anmeldung/", {"q": "gust"})
    assert "Gustav Gast" in page.content.decode()


def test_a_near_identical_walk_in_asks_derselbe_spieler(
    spielwart_client: Client, tournament: Event
) -> None:
    gustav = Player.objects.create(key="gustav-gast", name="Gustav Gast", is_guest=True)
    response = spielwart_client.post(
        SIGNIN, {"action": "register", "name": "Gustav Gasst", "guest": "on"}
    )
    page = response.content.decode()
    assert response.status_code == 422 and "Derselbe Spieler?" in page
    assert Player.objects.count() == 1 and not Attendance.objects.exists()
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": gustav.pk})
    assert Attendance.objects.get().player == gustav
    spielwart_client.post(SIGNIN, {"action": "register_new", "name": "Gustav Gasst", "guest": "on"})
    assert Player.objects.count() == 2 and Attendance.objects.count() == 2


def test_a_taken_member_number_asks_too(spielwart_client: Client, tournament: Event) -> None:
    Player.objects.create(key="olga", name="Olga Ost", member_number="77")
    page = spielwart_client.post(
        SIGNIN, {"action": "register", "name": "Paul Post", "member_number": "77"}
    ).content.decode()
    assert "Derselbe Spieler?" in page and "Olga Ost" in page
    assert not Player.objects.filter(name="Paul Post").exists()


def test_a_vereinsmeisterschaft_admits_members_only(spielwart_client: Client, event: Event) -> None:
    event.kind = "championship"
    event.save()
    guest = Player.objects.create(key="gast", name="Gerda Gast", is_guest=True)
    page = spielwart_client.post(
        SIGNIN, {"action": "sign_in", "player": guest.pk}, follow=True
    ).content.decode()
    assert "Zur Vereinsmeisterschaft sind nur Mitglieder zugelassen." in page
    walk_in = spielwart_client.post(SIGNIN, {"action": "register", "name": "Hugo", "guest": "on"})
    assert "nur Mitglieder zugelassen" in walk_in.content.decode()
    assert not Attendance.objects.exists()


def test_paid_and_unpaid_and_signing_out(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "paid": "1"})
    refused = spielwart_client.post(
        SIGNIN, {"action": "sign_out", "player": anna.pk}, follow=True
    ).content.decode()
    assert "hat das Startgeld schon bezahlt" in refused
    spielwart_client.post(SIGNIN, {"action": "unpaid", "player": anna.pk})
    assert not Attendance.objects.get(player=anna).paid
    spielwart_client.post(SIGNIN, {"action": "sign_out", "player": anna.pk})
    assert not Attendance.objects.exists()


def test_a_seated_player_who_owes_startgeld_stays_signed_in(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    for key in ("anna", "bernd", "carla"):
        Attendance.objects.create(event=tournament, player=players[key], fee_cents=1000)
    make_table(Round.objects.create(event=tournament, number=1), 1, [players["anna"]])
    page = spielwart_client.post(
        SIGNIN, {"action": "sign_out", "player": players["anna"].pk}, follow=True
    ).content.decode()
    assert "hat schon an einem Tisch gesessen und schuldet das Startgeld" in page
    assert Attendance.objects.filter(player=players["anna"]).exists()


def test_a_seated_player_without_startgeld_may_leave_and_keeps_his_results(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    # Free of Startgeld (fee 0): leaving takes him out of the next draw; no money moves.
    Attendance.objects.create(event=tournament, player=players["anna"], rate="free")
    make_table(Round.objects.create(event=tournament, number=1), 1, [players["anna"]])
    spielwart_client.post(SIGNIN, {"action": "sign_out", "player": players["anna"].pk})
    assert not Attendance.objects.filter(player=players["anna"]).exists()


ANWESEND = EVENT + "anwesend/"


@pytest.mark.parametrize(("page_url", "action"), [(SIGNIN, "sign_out"), (ANWESEND, "remove")])
def test_both_pages_refuse_to_take_off_a_player_who_paid(
    spielwart_client: Client,
    tournament: Event,
    players: dict[str, Player],
    page_url: str,
    action: str,
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "paid": "1"})
    page = spielwart_client.post(
        page_url, {"action": action, "player": anna.pk}, follow=True
    ).content.decode()
    assert "hat das Startgeld schon bezahlt; die Anmeldung bleibt" in page
    assert Attendance.objects.get(player=anna).paid


def test_signing_in_again_asks_before_it_changes_the_rate_or_the_paid_state(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "full"})
    # The same again: nothing to ask, nothing changes.
    same = spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "full"})
    assert same.status_code == 302
    asked = spielwart_client.post(
        SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "reduced", "paid": "1"}
    )
    page = asked.content.decode()
    assert asked.status_code == 422
    assert (
        "Anna Albers ist schon angemeldet (voll, 10,00 € offen). "
        "Ändern auf ermäßigt, 5,00 € bezahlt?"
    ) in page
    stored = Attendance.objects.get(player=anna)
    assert (stored.rate, stored.fee_cents, stored.paid) == ("full", 1000, False)
    spielwart_client.post(
        SIGNIN,
        {"action": "sign_in", "player": anna.pk, "rate": "reduced", "paid": "1", "confirmed": "1"},
    )
    stored.refresh_from_db()
    assert (stored.rate, stored.fee_cents, stored.paid) == ("reduced", 500, True)
    # A second tap never takes back a payment.
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "reduced"})
    stored.refresh_from_db()
    assert stored.paid


def test_a_long_search_and_a_long_name_are_bounded(
    spielwart_client: Client, tournament: Event
) -> None:
    assert spielwart_client.get(SIGNIN, {"q": "x" * 100_000}).status_code == 200
    response = spielwart_client.post(SIGNIN, {"action": "register", "name": "x" * 300})
    assert response.status_code == 422 and not Player.objects.exists()


def test_signing_in_again_after_paying_shows_what_was_paid(
    spielwart_client: Client, tournament: Event, players: dict[str, Player]
) -> None:
    anna = players["anna"]
    spielwart_client.post(SIGNIN, {"action": "sign_in", "player": anna.pk, "paid": "1"})
    asked = spielwart_client.post(
        SIGNIN, {"action": "sign_in", "player": anna.pk, "rate": "reduced", "paid": "1"}
    )
    page = asked.content.decode()
    assert (
        "Anna Albers ist schon angemeldet (voll, bereits bezahlt: 10,00 €). "
        "Ändern auf ermäßigt, 5,00 € (5,00 € zurückgeben)?"
    ) in page
    assert "5,00 € bezahlt?" not in page
