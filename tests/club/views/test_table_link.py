"""The table's own page behind its secret link: no login, one table, read-back before saving."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from scoring import Ruleset, parse_notation, valuation
from skatclub.club import services
from skatclub.club.models import Change, Game, Table, TableLink
from tests.helpers.factories import enter
from tests.helpers.responses import BROWSER_FORM
from tests.helpers.signing import sign_post

ROUND = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/"
TOUCH = {
    "declarer": "2",
    "type": "clubs",
    "direction": "mit",
    "spitzen": "2",
    "hand": "on",
    "result": "won",
    "level": "schneider",
}


def link_of(table: Table, user: User) -> TableLink:
    return services.issue_link(table=table, user=user)


def list_score(notation: str) -> int:
    return valuation(*parse_notation(notation), Ruleset.ISKO).list_score


def test_the_link_opens_the_table_without_a_login(
    client: Client, four_table: Table, three_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.get(f"/t/{link.token}/")
    page = response.content.decode()
    assert response.status_code == 200
    assert "Tisch 1" in page and "Bernd Brandt" in page
    assert "Emil Ernst" not in page  # another table's player
    assert "Spiel <span data-next-number>1</span> von 48" in page


def test_a_wrong_or_revoked_link_is_a_german_404_and_changes_nothing(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    services.revoke_link(table=four_table, user=spielwart)
    for token in ("falsch", link.token, "x" * 200):
        assert client.get(f"/t/{token}/").status_code == 404
        response = client.post(f"/t/{token}/spiel/", {"number": "1", "line": "2 Kr m2"})
        assert response.status_code == 404
        assert "Diesen Tisch-Link gibt es nicht (mehr)" in response.content.decode()
    assert not Game.objects.exists()


def test_the_read_back_says_the_game_with_the_engines_value_and_saves_nothing(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.post(f"/t/{link.token}/vorlesen/", {"number": "1", **TOUCH})
    page = response.content.decode()
    value = list_score("Kr m2 H S")
    assert f"Spiel 1: Bernd Brandt, Kreuz mit 2 Hand, gewonnen Schneider = {value}" in page
    assert 'name="line" value="2 Kr m2 H S"' in page
    assert not Game.objects.exists()


def test_the_read_back_is_a_fragment_for_the_script(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.post(
        f"/t/{link.token}/vorlesen/", {"number": "1", **TOUCH}, HTTP_X_ENTRY_PARTIAL="1"
    )
    assert response.status_code == 200
    assert response.content.decode().lstrip().startswith('<section class="readback"')


def test_saving_at_the_table_records_the_game_as_entered_at_the_table(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    post = {"number": "1", "line": "2 Kr m2 H S"}
    response = client.post(f"/t/{link.token}/spiel/", post, headers=BROWSER_FORM)
    assert response.status_code == 302
    game = Game.objects.get(table=four_table, number=1)
    assert game.list_score == list_score("Kr m2 H S") and game.entered_by is None
    change = Change.objects.get(action=Change.Action.CREATE)
    assert change.source == Change.Source.TABLE and change.table_link == link


def test_the_touch_form_saves_the_same_game_as_the_line(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    client.post(f"/t/{link.token}/spiel/", {"number": "1", **TOUCH})
    assert Game.objects.get(table=four_table, number=1).notation == "Kr m2 H S"


def test_the_touch_form_never_saves_an_eingepasst_game_by_default(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.post(f"/t/{link.token}/spiel/", {**TOUCH, "number": "1", "type": ""})
    assert response.status_code == 422
    assert "Bitte die Spielart wählen" in response.content.decode()
    passed = {"number": "1", "type": "passed"}
    response = client.post(f"/t/{link.token}/spiel/", passed, headers=BROWSER_FORM)
    assert response.status_code == 302
    assert Game.objects.get().passed_in


def test_the_touch_form_asks_for_won_or_lost(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.post(f"/t/{link.token}/vorlesen/", {**TOUCH, "number": "1", "result": ""})
    assert response.status_code == 422
    assert "„gewonnen“ oder „verloren“" in response.content.decode()


def test_a_refused_game_keeps_the_buttons_and_says_why(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    response = client.post(f"/t/{link.token}/vorlesen/", {**TOUCH, "number": "1", "declarer": "1"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "Spiel 1: " in page and "Platz 1" in page
    assert 'value="clubs" data-say="Kreuz" required checked' in page


def test_a_number_taken_meanwhile_is_a_conflict_not_an_overwrite(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    enter(four_table, 1, 3, "Gr m1", user=spielwart)
    response = client.post(
        f"/t/{link.token}/spiel/", {"number": "1", "line": "2 Kr m2"}, HTTP_X_ENTRY_PARTIAL="1"
    )
    page = response.content.decode()
    assert response.status_code == 409
    assert "Spiel 1 ist schon mit einem anderen Spiel gespeichert" in page
    assert "Gespeichert:</strong> Spiel 1: Carla Claus, Grand mit 1" in page
    assert "Ihre Eingabe:</strong> Spiel 1: Bernd Brandt, Kreuz mit 2" in page
    assert Game.objects.get().notation == "Gr m1"


def test_only_the_last_game_can_be_taken_back(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    enter(four_table, 1, 2, "Kr m2", user=link)
    enter(four_table, 2, 3, "Gr m1", user=link)
    not_last = {"number": "1", "version": "1"}
    assert client.post(f"/t/{link.token}/zuruecknehmen/", not_last).status_code == 409
    last = {"number": "2", "version": "1"}
    response = client.post(f"/t/{link.token}/zuruecknehmen/", last, headers=BROWSER_FORM)
    assert response.status_code == 302
    assert list(Game.objects.values_list("number", flat=True)) == [1]
    assert Change.objects.get(action=Change.Action.DELETE).source == Change.Source.TABLE


def test_the_players_sign_off_by_tapping_their_names(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = link_of(four_table, spielwart)
    for number in range(1, 49):
        enter(four_table, number, None, user=link)
    page = client.get(f"/t/{link.token}/").content.decode()
    assert "Anna Albers: am Tischhandy unterschreiben" in page
    assert "Ich, Anna Albers, habe die Liste geprüft und unterschreibe." in page
    for position in (1, 2, 3, 4):
        client.post(f"/t/{link.token}/unterschreiben/", sign_post(link, position))
    page = client.get(f"/t/{link.token}/").content.decode()
    assert "Alle haben unterschrieben." in page
    assert "✓ Dieter Dahl hat unterschrieben" in page


def test_the_spielwart_issues_renews_and_revokes_links_on_the_round_page(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(ROUND + "tisch-links/")
    first = TableLink.objects.get()
    page = spielwart_client.get(ROUND).content.decode()
    assert f"/t/{first.token}/" in page
    assert 'src="' + ROUND + 'tisch/1/link/qr.svg"' in page
    spielwart_client.post(ROUND + "tisch/1/link/neu/")
    assert services.live_link(first.token) is None
    spielwart_client.post(ROUND + "tisch/1/link/sperren/")
    assert not TableLink.objects.filter(revoked_at__isnull=True).exists()


def test_the_qr_code_is_an_svg_of_the_tables_address(
    spielwart_client: Client, four_table: Table, spielwart: User
) -> None:
    link_of(four_table, spielwart)
    response = spielwart_client.get(ROUND + "tisch/1/link/qr.svg")
    assert response["Content-Type"] == "image/svg+xml"
    assert response.content.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    assert spielwart_client.get(ROUND + "tisch/1/link/").status_code == 200


def test_members_and_visitors_cannot_see_or_change_links(
    member_client: Client, four_table: Table, spielwart: User
) -> None:
    link_of(four_table, spielwart)
    assert member_client.get(ROUND + "tisch/1/link/qr.svg").status_code == 403
    assert member_client.post(ROUND + "tisch/1/link/sperren/").status_code == 403
    assert Client().post(ROUND + "tisch-links/").status_code == 302  # to the login
    assert TableLink.objects.filter(revoked_at__isnull=True).count() == 1


def test_the_touch_form_takes_kontra_and_re_where_the_event_plays_them(
    client: Client, four_table: Table, spielwart: User
) -> None:
    four_table.round.event.house_kontra = True
    four_table.round.event.save()
    link = link_of(four_table, spielwart)
    assert 'name="kontra"' in client.get(f"/t/{link.token}/").content.decode()
    client.post(f"/t/{link.token}/spiel/", {"number": "1", **TOUCH, "kontra": "on"})
    game = Game.objects.get(table=four_table, number=1)
    assert (game.notation, game.list_score) == ("Kr m2 H K S", 2 * list_score("Kr m2 H S"))


def test_a_ramsch_typed_at_the_table_is_read_back_and_saved_as_a_ramsch(
    client: Client, four_table: Table, spielwart: User
) -> None:
    four_table.round.event.house_ramsch = True
    four_table.round.event.save()
    link = link_of(four_table, spielwart)
    line = {"number": "3", "line": "R 4:65 1:55 2:0 s1 j2"}  # Carla deals game 3
    said = client.post(f"/t/{link.token}/vorlesen/", line).content.decode()
    assert "Platz 4 65 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 2) = -260" in said
    assert not Game.objects.exists()
    client.post(f"/t/{link.token}/spiel/", line)
    game = Game.objects.get(table=four_table, number=3)
    assert game.ramsch is not None and game.notation == "R 4:65 1:55 2:0 s1 j2"
    dieter = four_table.seats.get(position=4)
    assert dieter.list_score == -260
