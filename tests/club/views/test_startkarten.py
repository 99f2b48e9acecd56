"""All Serien drawn in advance and the Startkarten: each player's table and seat per Serie."""

from __future__ import annotations

from itertools import combinations

import pytest
from django.test import Client

from skatclub.club.models import Attendance, Event, Player, Round, Seat
from skatclub.club.printing.startkarten import startkarten_printout
from tests.helpers.pdf import pdf_text
from tests.helpers.refusals import database_fingerprint

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
PREVIEW = EVENT + "im-voraus/vorschau/"
CREATE = EVENT + "im-voraus/"
CARDS = EVENT + "startkarten.pdf"


@pytest.fixture
def signed(event: Event, players: dict[str, Player]) -> Event:
    for number, player in enumerate(players.values()):  # 12 players, every other one paid
        Attendance.objects.create(event=event, player=player, fee_cents=1000, paid=number % 2 == 0)
    return event


def fingerprint_of(client: Client, count: int, seed: str) -> str:
    page = client.get(PREVIEW, {"count": str(count), "seed": seed}).content.decode()
    return page.split('name="tables" value="')[1].split('"')[0]


def pairs_per_round(event: Event) -> list[set[tuple[int, int]]]:
    tables: dict[tuple[int, int], list[int]] = {}
    for number, table, player in Seat.objects.filter(round__event=event).values_list(
        "round__number", "table__number", "player_id"
    ):
        tables.setdefault((number, table), []).append(player)
    rounds: dict[int, set[tuple[int, int]]] = {}
    for (number, _), seated in tables.items():
        rounds.setdefault(number, set()).update(combinations(sorted(seated), 2))
    return [rounds[n] for n in sorted(rounds)]


def test_the_preview_shows_every_round_and_stores_nothing(
    spielwart_client: Client, signed: Event
) -> None:
    before = database_fingerprint()
    page = spielwart_client.get(PREVIEW, {"count": "3", "seed": "4711"}).content.decode()
    assert "Serie 1" in page and "Serie 3" in page and "4711-3" in page
    assert database_fingerprint() == before


def test_three_rounds_drawn_in_advance_repeat_no_pair_of_sixteen_players(
    spielwart_client: Client, signed: Event
) -> None:
    # Twelve players at three tables must meet again in Serie 2 (a new 4-table takes two of
    # some old table); sixteen at four tables need not.
    for number in range(4):
        late = Player.objects.create(key=f"spaet{number}", name=f"Spät {number}")
        Attendance.objects.create(event=signed, player=late, fee_cents=1000)
    tables = fingerprint_of(spielwart_client, 3, "4711")
    spielwart_client.post(CREATE, {"count": 3, "seed": "4711", "tables": tables})
    rounds = list(signed.rounds.order_by("number").values_list("number", "seed", "seating"))
    assert rounds == [(1, "4711-1", "draw"), (2, "4711-2", "draw"), (3, "4711-3", "draw")]
    pairs_by_round = pairs_per_round(signed)
    # 16 players at four 4-tables meet 4 × 6 = 24 pairs per Serie, 72 in all: all different.
    assert [len(pairs) for pairs in pairs_by_round] == [24, 24, 24]
    assert len(pairs_by_round[0] | pairs_by_round[1] | pairs_by_round[2]) == 72


def test_drawing_in_advance_is_refused_once_a_round_exists(
    spielwart_client: Client, signed: Event
) -> None:
    Round.objects.create(event=signed, number=1)
    response = spielwart_client.post(CREATE, {"count": 3, "seed": "1"}, follow=True)
    assert "solange die Veranstaltung noch keine Serie hat" in response.content.decode()
    assert signed.rounds.count() == 1


def test_more_than_ten_rounds_are_refused_in_german(
    spielwart_client: Client, signed: Event
) -> None:
    before = database_fingerprint()
    response = spielwart_client.post(CREATE, {"count": 11, "seed": "1"}, follow=True)
    assert "Bitte die Angaben prüfen" in response.content.decode()
    assert database_fingerprint() == before


def test_a_changed_signin_after_the_preview_creates_nothing(
    spielwart_client: Client, signed: Event
) -> None:
    tables = fingerprint_of(spielwart_client, 2, "99")
    Attendance.objects.filter(event=signed).order_by("pk")[:1].get().delete()
    response = spielwart_client.post(
        CREATE, {"count": 2, "seed": "99", "tables": tables}, follow=True
    )
    assert "kämen jetzt anders heraus" in response.content.decode()
    assert not signed.rounds.exists()


def test_each_card_shows_the_players_table_and_seat_of_every_round(
    spielwart_client: Client, signed: Event
) -> None:
    spielwart_client.post(CREATE, {"count": 3, "seed": "4711"})
    cards = [card for page in startkarten_printout(signed).context["pages"] for card in page]
    assert len(cards) == 12
    for card in cards:
        seats = Seat.objects.filter(round__event=signed, player__name=card["name"]).order_by(
            "round__number"
        )
        assert card["places"] == [(s.table.number, s.position) for s in seats]


def test_the_startkarten_pdf_has_eight_cards_a_page_and_says_who_has_paid(
    spielwart_client: Client, signed: Event
) -> None:
    spielwart_client.post(CREATE, {"count": 3, "seed": "4711"})
    pages, text = pdf_text(spielwart_client.get(CARDS).content)
    assert pages == 2  # 12 cards, 8 to a page
    assert text.count("noch nicht bezahlt") == 6
    assert all(player.name in text for player in Player.objects.all())
    assert "Startwert Serie 1: 4711-1" in text


def test_cards_before_the_draw_have_empty_boxes_to_fill_in(
    spielwart_client: Client, signed: Event
) -> None:
    pages, text = pdf_text(spielwart_client.get(CARDS).content)
    assert pages == 2 and "trägt die Spielleitung vor jeder Serie ein" in text


def test_a_card_says_nothing_of_a_startgeld_nobody_asked_for_nor_of_a_seed_not_drawn(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    for player in players.values():
        Attendance.objects.create(event=event, player=player, fee_cents=0)
    Round.objects.create(event=event, number=1)  # seated by hand: no seed
    _, text = pdf_text(spielwart_client.get(CARDS).content)

    assert "Startgeld" not in text and "bezahlt" not in text and "0,00 €" not in text
    assert "Platz 1 gibt zuerst." in text and "Startwert" not in text


def test_a_player_who_pays_no_startgeld_where_others_do_has_it_free(
    spielwart_client: Client, signed: Event, players: dict[str, Player]
) -> None:
    signed.entry_fee_cents = 1000
    signed.save()
    Attendance.objects.filter(player=players["anna"]).update(fee_cents=0, rate="free")
    _, text = pdf_text(spielwart_client.get(CARDS).content)

    assert "Startgeld frei" in text and text.count("Startgeld 10,00 € (voll)") == 11
    assert text.count("bezahlt") == 11  # nothing to pay, nothing paid


def test_without_signed_in_players_there_are_no_startkarten(
    spielwart_client: Client, event: Event
) -> None:
    response = spielwart_client.get(CARDS, follow=True)
    assert "Noch niemand angemeldet" in response.content.decode()


def test_startkarten_are_for_the_spielwart_only(client: Client, signed: Event) -> None:
    assert client.get(CARDS).status_code == 302


@pytest.mark.parametrize("data", [{"count": 3, "seed": "x" * 64}, {"count": 0, "seed": "1"}])
def test_a_too_long_seed_or_no_round_is_refused_in_german_and_nothing_stored(
    spielwart_client: Client, signed: Event, data: dict[str, object]
) -> None:
    before = database_fingerprint()
    response = spielwart_client.post(CREATE, data, follow=True)
    assert "Bitte die Angaben prüfen" in response.content.decode()
    assert database_fingerprint() == before


def test_the_service_refuses_a_seed_without_room_for_the_round_number(signed: Event) -> None:
    from skatclub.club.services.draw import DrawError
    from skatclub.club.services.seating import plan_in_advance

    with pytest.raises(DrawError, match="höchstens 60 Zeichen"):
        plan_in_advance(event=signed, count=2, seed="x" * 61)


def test_nobody_signed_in_gives_a_german_refusal(spielwart_client: Client, event: Event) -> None:
    response = spielwart_client.get(PREVIEW, {"count": "2", "seed": "1"}, follow=True)
    assert "mindestens 3 Spieler, anwesend sind 0" in response.content.decode()
    assert not event.rounds.exists()
