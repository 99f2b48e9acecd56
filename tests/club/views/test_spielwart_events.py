"""Players, events, attendance and Serien (draw, Setzen, swaps, re-forming tables)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.test import Client

from scoring import parse_notation
from skatclub.club import services
from skatclub.club.models import Attendance, Change, Event, Player, Round, Seat, Table
from skatclub.club.queries.standings import event_standings
from skatclub.club.services.draw import draw_tables, seat_by_standings
from tests.helpers.forms import event_data

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


def present(event: Event, players: dict[str, Player], keys: list[str]) -> None:
    for key in keys:
        Attendance.objects.create(event=event, player=players[key])


def seating(round_: Round) -> list[list[int]]:
    return [
        list(t.seats.order_by("position").values_list("player_id", flat=True))
        for t in round_.tables.order_by("number")
    ]


# --- players --------------------------------------------------------------------------------


def test_the_player_list_searches_by_name(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    page = spielwart_client.get("/spielwart/spieler/?q=anna").content.decode()
    assert "Anna Albers" in page and "Bernd Brandt" not in page


def test_a_player_is_added_with_a_key_from_the_name(spielwart_client: Client, db: None) -> None:
    response = spielwart_client.post("/spielwart/spieler/neu/", {"name": "Otto Öhler", "key": ""})
    assert response.status_code == 302
    assert Player.objects.get(name="Otto Öhler").key == "otto-ohler"


def test_a_player_is_edited(spielwart_client: Client, players: dict[str, Player]) -> None:
    response = spielwart_client.post(
        "/spielwart/spieler/anna/", {"name": "Anna Albers-Berg", "key": "anna", "is_active": "on"}
    )
    assert response.status_code == 302
    assert Player.objects.get(key="anna").name == "Anna Albers-Berg"


def test_a_taken_key_is_refused(spielwart_client: Client, players: dict[str, Player]) -> None:
    response = spielwart_client.post("/spielwart/spieler/neu/", {"name": "Anna", "key": "anna"})
    assert response.status_code == 422
    assert "Dieses Kürzel hat schon ein anderer Spieler." in response.content.decode()
    assert Player.objects.filter(key="anna").count() == 1


def test_a_player_is_deactivated_and_hidden_from_the_list(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    response = spielwart_client.post(
        "/spielwart/spieler/bernd/aktiv/", {"active": "0"}, follow=True
    )
    assert "Bernd Brandt ist deaktiviert." in response.content.decode()
    assert not Player.objects.get(key="bernd").is_active
    assert "Bernd Brandt" not in spielwart_client.get("/spielwart/spieler/").content.decode()
    assert "Bernd Brandt" in spielwart_client.get("/spielwart/spieler/?alle=1").content.decode()


# --- events ---------------------------------------------------------------------------------


def test_an_event_is_created_with_a_key_from_date_and_name(
    spielwart_client: Client, db: None
) -> None:
    response = spielwart_client.post("/spielwart/veranstaltungen/neu/", event_data())
    event = Event.objects.get()
    assert response.status_code == 302
    assert event.key == "2026-12-18-preisskat-dezember"
    assert event.season.year == 2026
    assert event.lost_game_fees_cents == [50, 50, 50, 100]
    assert event.games_per_round == {"3": 36, "4": 48, "5": 60}


def test_an_event_rounds_its_payout_to_whole_cents_unless_the_spielwart_chooses_a_step(
    spielwart_client: Client, db: None
) -> None:
    spielwart_client.post("/spielwart/veranstaltungen/neu/", event_data())
    spielwart_client.post(
        "/spielwart/veranstaltungen/neu/",
        event_data(name="Preisskat Januar", rounding_step_cents="50"),
    )
    form = spielwart_client.get("/spielwart/veranstaltungen/neu/").content.decode()

    steps = dict(Event.objects.values_list("name", "rounding_step_cents"))
    assert steps == {"Preisskat Dezember": 1, "Preisskat Januar": 50}
    assert "Auszahlung runden auf" in form and "50 Cent" in form


def test_a_bad_wertpunkt_and_fee_list_are_refused_in_german(
    spielwart_client: Client, db: None
) -> None:
    response = spielwart_client.post(
        "/spielwart/veranstaltungen/neu/",
        event_data(cents_per_point="ein Viertel", lost_game_fees="50, viel"),
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "ist keine kurze Zahl" in page
    assert "Bitte ganze Cent-Beträge durch Komma getrennt angeben" in page
    assert 'value="ein Viertel"' in page
    assert not Event.objects.exists()


def test_an_event_is_edited(spielwart_client: Client, event: Event) -> None:
    data = event_data(
        name="Preisskat November", date="2026-11-20", key=event.key, house_kontra="on", games_4="32"
    )
    response = spielwart_client.post(EVENT + "bearbeiten/", data)
    event.refresh_from_db()
    assert response.status_code == 302
    assert event.house_kontra and event.games_for_table_size(4) == 32


# --- attendance -----------------------------------------------------------------------------


def test_players_are_marked_present_and_removed(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    spielwart_client.post(EVENT + "anwesend/", {"action": "add", "player": players["anna"].pk})
    assert Attendance.objects.filter(event=event, player=players["anna"]).exists()
    spielwart_client.post(EVENT + "anwesend/", {"action": "remove", "player": players["anna"].pk})
    assert not Attendance.objects.filter(event=event).exists()


def test_a_guest_is_added_and_present_in_one_step(spielwart_client: Client, event: Event) -> None:
    response = spielwart_client.post(
        EVENT + "anwesend/", {"action": "guest", "name": "Gustav Gast"}
    )
    assert response.status_code == 302
    guest = Player.objects.get(name="Gustav Gast")
    assert guest.is_guest and Attendance.objects.filter(event=event, player=guest).exists()


def test_the_attendance_search_lists_only_absent_players(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, ["anna"])
    page = spielwart_client.get(EVENT + "anwesend/?q=a").content.decode()
    assert "Carla Claus ist da" in page and "Anna Albers ist da" not in page


# --- Serien ---------------------------------------------------------------------------------


def test_a_round_is_drawn_from_a_shown_and_stored_seed(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, list(players)[:11])
    response = spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": "4711"})
    round_ = Round.objects.get(event=event, number=1)
    assert response.status_code == 302 and response["Location"] == EVENT + "serie/1/"
    assert (round_.seed, round_.seating) == ("4711", "draw")
    ids = [p.pk for p in list(players.values())[:11]]
    assert seating(round_) == draw_tables(ids, "4711")  # the draw can be repeated
    assert [len(t) for t in seating(round_)] == [4, 4, 3]
    assert "4711" in spielwart_client.get(EVENT + "serie/1/").content.decode()


def test_a_round_without_a_seed_gets_a_random_one(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, list(players)[:8])
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": ""})
    round_ = Round.objects.get(event=event)
    assert len(round_.seed) == 6
    assert seating(round_) == draw_tables([p.pk for p in list(players.values())[:8]], round_.seed)


def test_5_tables_only_when_asked(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, list(players)[:9])
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": "1"})
    spielwart_client.post(
        EVENT + "serie/neu/", {"seating": "draw", "seed": "1", "allow_five": "on"}
    )
    first, second = (Round.objects.get(event=event, number=n) for n in (1, 2))
    assert [len(t) for t in seating(first)] == [3, 3, 3]
    assert [len(t) for t in seating(second)] == [5, 4]


def test_too_few_players_get_a_german_message(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, ["anna", "bernd"])
    response = spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw"}, follow=True)
    assert "mindestens 3 Spieler" in response.content.decode()
    assert not Round.objects.exists()


def test_the_first_round_cannot_be_seated_by_standings(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, list(players)[:8])
    response = spielwart_client.post(EVENT + "serie/neu/", {"seating": "standings"}, follow=True)
    assert "setzen geht ab der zweiten" in response.content.decode()
    assert not Round.objects.exists()


def test_the_second_round_is_seated_by_the_standings(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    present(event, players, list(players)[:8])
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": "42"})
    table = Round.objects.get(number=1).tables.get(number=2)
    declaration, outcome = parse_notation("Gr m2")
    services.record_game(
        table=table,
        number=1,
        declarer=table.seats.get(position=2).player,
        declaration=declaration,
        outcome=outcome,
    )
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "standings"})
    second = Round.objects.get(number=2)
    ranked = [row.player_id for row in event_standings(event, 1)]
    assert second.seating == "standings"
    assert seating(second) == seat_by_standings(ranked)
    assert seating(second)[0][0] == table.seats.get(position=2).player_id  # the winner: table 1


def test_two_players_swap_seats_before_play(
    spielwart_client: Client,
    spielwart: User,
    four_table: Table,
    three_table: Table,
    players: dict[str, Player],
) -> None:
    response = spielwart_client.post(
        EVENT + "serie/1/plaetze/", {"first": players["anna"].pk, "second": players["emil"].pk}
    )
    assert response.status_code == 302
    assert four_table.seats.get(position=1).player == players["emil"]
    assert three_table.seats.get(position=1).player == players["anna"]
    change = Change.objects.filter(table=four_table, action=Change.Action.SEATS).get()
    assert change.before is not None and change.after is not None
    assert change.before[0] == "anna" and change.after[0] == "emil" and change.user == spielwart


def test_seats_cannot_be_swapped_once_a_table_plays(
    spielwart_client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    services.record_game(table=four_table, number=1, declarer=None, declaration=None, outcome=None)
    response = spielwart_client.post(
        EVENT + "serie/1/plaetze/",
        {"first": players["anna"].pk, "second": players["bernd"].pk},
        follow=True,
    )
    assert "nur vor dem ersten Spiel" in response.content.decode()
    assert four_table.seats.get(position=1).player == players["anna"]


def test_a_late_arrival_is_proposed_and_applied(
    spielwart_client: Client,
    event: Event,
    players: dict[str, Player],
    four_table: Table,
    three_table: Table,
) -> None:
    present(event, players, ["anna", "bernd", "carla", "dieter", "emil", "frieda", "gerd", "hanna"])
    page = spielwart_client.get(EVENT + "serie/1/").content.decode()
    assert "Hanna Hahn kommt neu an Tisch 2" in page
    response = spielwart_client.post(EVENT + "serie/1/umsetzen/", {"allow_five": "0"})
    assert response.status_code == 302
    assert list(three_table.seats.order_by("position").values_list("player__key", flat=True)) == [
        "emil",
        "frieda",
        "gerd",
        "hanna",
    ]
    assert Change.objects.filter(table=three_table, action=Change.Action.SEATS).exists()


def test_a_departure_is_proposed_and_applied(
    spielwart_client: Client,
    event: Event,
    players: dict[str, Player],
    four_table: Table,
) -> None:
    present(event, players, ["anna", "carla", "dieter"])  # Bernd went home
    page = spielwart_client.get(EVENT + "serie/1/").content.decode()
    assert "Bernd Brandt geht (bisher Tisch 1)" in page
    spielwart_client.post(EVENT + "serie/1/umsetzen/", {"allow_five": "0"})
    assert not Seat.objects.filter(player=players["bernd"]).exists()
    assert four_table.seats.count() == 3


def test_the_event_page_lists_rounds_with_open_tables(
    spielwart_client: Client, event: Event, four_table: Table, three_table: Table
) -> None:
    page = spielwart_client.get(EVENT).content.decode()
    assert "Serie 1" in page
    assert '<td class="num">2</td><td class="num">2</td>' in page  # 2 tables, 2 still open


def test_the_spielwart_start_page_lists_events(spielwart_client: Client, event: Event) -> None:
    page = spielwart_client.get("/spielwart/").content.decode()
    assert "Preisskat November" in page
    assert datetime.date(2026, 11, 20).strftime("%d.%m.%Y") in page
