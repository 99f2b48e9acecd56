"""Corrections, history, paper-list totals and the second signature."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from scoring import Ruleset, parse_notation, valuation
from skatclub.club import services
from skatclub.club.models import Change, Game, Player, Table, TableTotal
from tests.helpers.factories import enter

TABLE = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/"
GAME_1 = TABLE + "spiel/1/"
ROUND = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/"


def test_the_edit_form_is_prefilled_with_seat_notation_and_version(
    spielwart_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    page = spielwart_client.get(GAME_1).content.decode()
    assert 'value="2 Kr m2 H S"' in page
    assert 'name="expected_version" value="1"' in page


def test_a_correction_changes_the_game_and_keeps_the_history(
    spielwart_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    response = spielwart_client.post(GAME_1, {"line": "3 Kr m3 H S", "expected_version": "1"})
    assert response.status_code == 302
    game = Game.objects.get(table=four_table, number=1)
    assert game.declarer is not None
    assert (game.declarer.key, game.notation, game.version) == ("carla", "Kr m3 H S", 2)
    assert game.list_score == valuation(*parse_notation("Kr m3 H S"), Ruleset.ISKO).list_score
    change = Change.objects.filter(action=Change.Action.UPDATE).get()
    assert change.before is not None and change.after is not None
    assert change.before["notation"] == "Kr m2 H S" and change.after["notation"] == "Kr m3 H S"


def test_a_stale_edit_gets_a_conflict_message_instead_of_an_overwrite(
    spielwart_client: Client, checker: User, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    other = Client()
    other.force_login(checker)
    assert other.post(GAME_1, {"line": "2 Kr m3", "expected_version": "1"}).status_code == 302
    response = spielwart_client.post(GAME_1, {"line": "2 Gr m1", "expected_version": "1"})
    page = response.content.decode()
    assert response.status_code == 409
    assert "inzwischen von jemand anderem geändert" in page
    assert 'value="2 Gr m1"' in page
    assert Game.objects.get(table=four_table, number=1).notation == "Kr m3"


def test_an_invalid_correction_keeps_the_old_game(
    spielwart_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    response = spielwart_client.post(GAME_1, {"line": "1 Kr m2", "expected_version": "1"})
    assert response.status_code == 422
    assert "Platz 1 gibt bei Spiel 1" in response.content.decode()
    assert Game.objects.get(table=four_table, number=1).notation == "Kr m2 H S"


def test_a_game_can_be_deleted(spielwart_client: Client, four_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    response = spielwart_client.post(GAME_1 + "loeschen/", {"expected_version": "1"})
    assert response.status_code == 302
    assert not Game.objects.exists()
    assert Change.objects.filter(action=Change.Action.DELETE, game_number=1).exists()


def test_a_stale_delete_is_refused(spielwart_client: Client, four_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 1, 2, "Kr m3")  # someone changed it: version 2
    response = spielwart_client.post(GAME_1 + "loeschen/", {"expected_version": "1"}, follow=True)
    assert "inzwischen von jemand anderem geändert" in response.content.decode()
    assert Game.objects.filter(table=four_table, number=1).exists()


def test_the_history_shows_who_when_and_before_after(
    spielwart_client: Client, spielwart: User, four_table: Table
) -> None:
    spielwart_client.post(TABLE, {"line": "2 Kr m2 H S"})
    spielwart_client.post(GAME_1, {"line": "2 Kr m3 H S", "expected_version": "1"})
    page = spielwart_client.get(TABLE + "verlauf/").content.decode()
    assert "spielwart" in page
    assert "erfasst" in page and "geändert" in page
    assert "bernd: Kr m2 H S" in page and "bernd: Kr m3 H S" in page


def test_paper_list_totals_are_stored(
    spielwart_client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    data: dict[str, int] = {}
    for key, (score, won, lost) in {
        "anna": (120, 3, 1),
        "bernd": (-40, 1, 2),
        "carla": (0, 0, 0),
        "dieter": (75, 2, 0),
    }.items():
        pk = players[key].pk
        data |= {f"score_{pk}": score, f"won_{pk}": won, f"lost_{pk}": lost}
    response = spielwart_client.post(TABLE + "summen/", data)
    assert response.status_code == 302
    four_table.refresh_from_db()
    assert four_table.entry == Table.Entry.TOTALS
    assert TableTotal.objects.get(table=four_table, player=players["anna"]).list_score == 120


def test_impossible_totals_are_refused_with_the_input_kept(
    spielwart_client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    data: dict[str, int] = {}
    for key in ("anna", "bernd", "carla", "dieter"):
        pk = players[key].pk
        data |= {f"score_{pk}": 0, f"won_{pk}": 0, f"lost_{pk}": 0}
    data[f"score_{players['carla'].pk}"] = 77  # 77 points without a single game
    response = spielwart_client.post(TABLE + "summen/", data)
    page = response.content.decode()
    assert response.status_code == 422
    assert "Carla Claus: 77 Spielpunkte ohne ein einziges Spiel." in page
    assert 'value="77"' in page
    assert not TableTotal.objects.exists()


def test_totals_are_refused_when_games_were_entered(
    spielwart_client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    enter(four_table, 1, 2, "Kr m2")
    data: dict[str, int] = {}
    for key in ("anna", "bernd", "carla", "dieter"):
        pk = players[key].pk
        data |= {f"score_{pk}": 0, f"won_{pk}": 0, f"lost_{pk}": 0}
    response = spielwart_client.post(TABLE + "summen/", data)
    assert response.status_code == 422
    assert "schon einzelne Spiele erfasst" in response.content.decode()


def test_a_second_person_confirms_the_table(
    spielwart: User, checker: User, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2", user=spielwart)
    client = Client()
    client.force_login(checker)
    response = client.post(TABLE + "pruefen/", {"decision": "confirm", "note": ""})
    assert response.status_code == 302
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.CONFIRMED
    assert four_table.checked_by == checker


def test_nobody_confirms_their_own_table(
    spielwart_client: Client, spielwart: User, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2", user=spielwart)
    response = spielwart_client.post(TABLE + "pruefen/", {"decision": "confirm"}, follow=True)
    assert "die zweite Unterschrift muss jemand anderes leisten" in response.content.decode()
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.OPEN


def test_a_rejection_needs_a_note_and_changes_nothing_else(
    spielwart: User, checker: User, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2", user=spielwart)
    client = Client()
    client.force_login(checker)
    client.post(TABLE + "pruefen/", {"decision": "reject", "note": ""})
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.OPEN
    client.post(TABLE + "pruefen/", {"decision": "reject", "note": "Spiel 1 war Pik"})
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.REJECTED
    assert four_table.check_note == "Spiel 1 war Pik"
    assert Game.objects.get(table=four_table).notation == "Kr m2"


def test_the_round_page_lists_the_tables_still_open(
    spielwart_client: Client, checker: User, four_table: Table, three_table: Table
) -> None:
    services.check_table(table=four_table, user=checker, confirm=True)
    page = spielwart_client.get(ROUND).content.decode()
    assert "Noch nicht geprüft: Tisch 2" in page
