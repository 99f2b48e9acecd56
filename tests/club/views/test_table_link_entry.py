"""Issue 26 at the table's link: every game exactly once, phones in step, links that expire,
each seat signing for itself, undo only with the version the phone shows."""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.http.response import HttpResponseBase
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pytest_django import Settings

from skatclub.club import services
from skatclub.club.models import Change, Event, Game, Signature, Table, TableLink
from tests.helpers.factories import enter
from tests.helpers.responses import BROWSER_FORM
from tests.helpers.signing import sign_post

PARTIAL = {"X-Entry-Partial": "1"}
KREUZ = {"number": "1", "line": "2 Kr m2 H S"}  # Bernd, Kreuz mit 2 Hand, Schneider = 72
NO_CACHE = "no-cache, no-store, must-revalidate, private"


@pytest.fixture
def link(four_table: Table, spielwart: User) -> TableLink:
    return services.issue_link(table=four_table, user=spielwart)


def url(link: TableLink, what: str = "") -> str:
    return f"/t/{link.token}/{what}"


def version(table: Table) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=table.pk)


def complete(table: Table, link: TableLink) -> None:
    for number in range(1, 49):
        enter(table, number, None, user=link)


# --- exactly once --------------------------------------------------------------------------


def test_the_same_save_twice_is_answered_twice_and_stored_once(
    client: Client, link: TableLink, four_table: Table
) -> None:
    post = {**KREUZ, "entry_id": "phone-1-game-1"}
    first = client.post(url(link, "spiel/"), post, headers=PARTIAL)
    second = client.post(url(link, "spiel/"), post, headers=PARTIAL)
    assert (first.status_code, second.status_code) == (200, 200)
    assert first["X-Entry-Result"] == "saved"
    assert second["X-Entry-Result"] == "already-saved"
    assert "Spiel 1 ist schon gespeichert." in second.content.decode()
    game = Game.objects.get(table=four_table)
    assert (game.number, game.entry_id) == (1, "phone-1-game-1")


def test_a_fresh_save_shows_the_saved_game_and_the_next_one(
    client: Client, link: TableLink
) -> None:
    page = client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL).content.decode()
    assert 'id="gespeichert"' in page
    assert 'Gespeichert: <span class="saved-game">Spiel 1: Bernd Brandt, Kreuz mit 2 Hand' in page
    assert "Weiter mit Spiel 2." in page


def test_a_save_without_javascript_lands_on_the_confirmation(
    client: Client, link: TableLink
) -> None:
    response = client.post(url(link, "spiel/"), KREUZ, headers=BROWSER_FORM)
    assert response.status_code == 302 and response["X-Entry-Result"] == "saved"
    assert response["Location"].endswith("?gespeichert=1#gespeichert")
    page = client.get(response["Location"]).content.decode()
    assert 'id="gespeichert"' in page and "Weiter mit Spiel 2." in page
    again = client.post(url(link, "spiel/"), KREUZ, headers=BROWSER_FORM)
    assert again["X-Entry-Result"] == "already-saved"
    assert "Spiel 1 ist schon gespeichert." in client.get(again["Location"]).content.decode()


def test_a_client_that_asks_for_no_html_gets_2xx_twice_one_game_and_409_for_another(
    client: Client, link: TableLink, four_table: Table
) -> None:
    first = client.post(url(link, "spiel/"), KREUZ)
    again = client.post(url(link, "spiel/"), KREUZ)
    assert (first.status_code, first["X-Entry-Result"]) == (200, "saved")
    assert (again.status_code, again["X-Entry-Result"]) == (200, "already-saved")
    assert "Spiel 1 ist schon gespeichert." in again.content.decode()
    assert Game.objects.filter(table=four_table).count() == 1
    other = client.post(url(link, "spiel/"), {**KREUZ, "line": "3 Gr m1", "entry_id": "other"})
    assert other.status_code == 409 and "Gespeichert:" in other.content.decode()
    assert Game.objects.filter(table=four_table).count() == 1


def test_an_identical_resend_without_an_id_is_stored_once(
    client: Client, link: TableLink, four_table: Table
) -> None:
    assert client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL).status_code == 200
    again = client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    assert again.status_code == 200 and again["X-Entry-Result"] == "already-saved"
    assert Game.objects.filter(table=four_table).count() == 1


def test_the_same_game_from_the_buttons_is_the_same_as_its_line(
    client: Client, link: TableLink, four_table: Table
) -> None:
    client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    buttons = {
        "number": "1",
        "declarer": "2",
        "type": "clubs",
        "direction": "mit",
        "spitzen": "2",
        "hand": "on",
        "result": "won",
        "level": "schneider",
    }
    again = client.post(url(link, "spiel/"), buttons, headers=PARTIAL)
    assert again.status_code == 200 and again["X-Entry-Result"] == "already-saved"
    assert Game.objects.filter(table=four_table).count() == 1


def test_a_different_game_on_a_taken_number_is_a_409_with_both_versions_and_nothing_changed(
    client: Client, link: TableLink, four_table: Table
) -> None:
    client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    before = version(four_table)
    other = {"number": "1", "line": "3 Gr m1", "entry_id": "phone-2-game-1"}
    response = client.post(url(link, "spiel/"), other, headers=PARTIAL)
    page = response.content.decode()
    assert response.status_code == 409
    assert "Gespeichert:</strong> Spiel 1: Bernd Brandt, Kreuz mit 2 Hand" in page
    assert "Ihre Eingabe:</strong> Spiel 1: Carla Claus, Grand mit 1" in page
    assert 'data-stored-version="1"' in page
    assert "Gespeichertes behalten" in page and 'name="version" value="1"' in page
    game = Game.objects.get(table=four_table)
    assert (game.notation, game.version, game.entry_id) == ("Kr m2 H S", 1, "")
    assert version(four_table) == before


def test_replacing_the_stored_game_with_its_version_stores_the_players_game(
    client: Client, link: TableLink, four_table: Table
) -> None:
    client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    mine = {"number": "1", "line": "3 Gr m1", "entry_id": "phone-2-game-1", "version": "1"}
    response = client.post(url(link, "spiel/"), mine, headers=PARTIAL)
    assert response.status_code == 200 and response["X-Entry-Result"] == "saved"
    game = Game.objects.get(table=four_table)
    assert (game.notation, game.version, game.entry_id) == ("Gr m1", 2, "phone-2-game-1")
    resent = client.post(url(link, "spiel/"), mine, headers=PARTIAL)
    assert resent["X-Entry-Result"] == "already-saved"


def test_replacing_with_an_old_version_is_refused_and_changes_nothing(
    client: Client, link: TableLink, four_table: Table
) -> None:
    client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    enter(four_table, 1, 4, "Pi m1", user=link)  # another phone changed it meanwhile: version 2
    old = {"number": "1", "line": "3 Gr m1", "version": "1"}
    response = client.post(url(link, "spiel/"), old, headers=PARTIAL)
    assert response.status_code == 409
    assert "Version 2, Sie hatten Version 1" in response.content.decode()
    assert Game.objects.get(table=four_table).notation == "Pi m1"


@pytest.mark.parametrize("entry_id", ["x" * 65, "a b", "ü", "<script>", "a/b"])
def test_an_entry_id_that_is_no_id_is_a_german_400(
    client: Client, link: TableLink, entry_id: str
) -> None:
    response = client.post(url(link, "spiel/"), {**KREUZ, "entry_id": entry_id}, headers=PARTIAL)
    assert response.status_code == 400
    assert "Kennung der Eingabe ist ungültig" in response.content.decode()
    assert not Game.objects.exists()


def test_the_read_back_offers_an_entry_id_for_the_save(client: Client, link: TableLink) -> None:
    page = client.post(url(link, "vorlesen/"), KREUZ, headers=PARTIAL).content.decode()
    assert 'name="entry_id" value="' in page


# --- phones in step ------------------------------------------------------------------------


def test_every_answer_under_the_link_is_uncached_and_carries_the_tables_version(
    client: Client, link: TableLink, four_table: Table
) -> None:
    requests: list[Callable[[], HttpResponseBase]] = [
        lambda: client.get(url(link)),
        lambda: client.get(url(link), headers=PARTIAL),
        lambda: client.get(url(link, "stand/")),
        lambda: client.post(url(link, "vorlesen/"), KREUZ, headers=PARTIAL),
        lambda: client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL),
        lambda: client.post(
            url(link, "spiel/"), {"number": "2", "line": "9 Kr m1"}, headers=PARTIAL
        ),
        lambda: client.post(url(link, "spiel/"), KREUZ),
        lambda: client.post(url(link, "zuruecknehmen/"), {"number": "1"}),
        lambda: client.post(url(link, "unterschreiben/"), {"position": "1"}),
    ]
    for request in requests:
        response = request()
        assert response["Cache-Control"] == NO_CACHE, response
        assert response["X-Table-Version"] == str(version(four_table)), response
    wrong_method = client.get(url(link, "spiel/"))
    assert wrong_method.status_code == 405 and wrong_method["Cache-Control"] == NO_CACHE
    assert wrong_method["X-Table-Version"] == str(version(four_table))
    assert client.post(url(link, "stand/"))["Cache-Control"] == NO_CACHE
    missing = client.get("/t/falsch/")
    assert missing.status_code == 404 and missing["Cache-Control"] == NO_CACHE


def test_the_page_names_its_table_version_and_addresses(
    client: Client, link: TableLink, four_table: Table
) -> None:
    page = client.get(url(link)).content.decode()
    assert f'data-table="{four_table.pk}"' in page
    assert f'data-version="{version(four_table)}"' in page
    assert f'data-state-url="/t/{link.token}/stand/"' in page
    assert f'data-save-url="/t/{link.token}/spiel/"' in page
    assert f'data-preview-url="/t/{link.token}/vorlesen/"' in page


def test_the_state_answers_304_while_the_version_is_the_phones(
    client: Client, link: TableLink, four_table: Table
) -> None:
    response = client.get(url(link, "stand/"))
    state = json.loads(response.content)
    etag = response["ETag"]
    event_version = Event.objects.get(pk=four_table.round.event_id).version
    assert etag == f'"t{four_table.pk}-{version(four_table)}-{event_version}"'
    assert state == {
        "version": version(four_table),
        "next": 1,
        "complete": False,
        "state": "waiting",
        "games": 0,
        "notice": "",
        "closed": "",
    }
    unchanged = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=etag)
    assert unchanged.status_code == 304 and unchanged.content == b""
    client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    changed = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    assert json.loads(changed.content)["next"] == 2


def test_changed_event_settings_change_the_state_s_etag(
    client: Client, link: TableLink, four_table: Table, spielwart: User
) -> None:
    etag = client.get(url(link, "stand/"))["ETag"]
    event = Event.objects.get(pk=four_table.round.event_id)
    event.games_per_round = {"3": 36, "4": 24}
    services.save_event(event=event)
    changed = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag


def test_the_phones_of_a_table_share_one_status_fragment_each_with_its_own_csrf_token(
    link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    for phone in phones:
        phone.get(url(link))  # the page sets the phone's CSRF cookie
    first, second = (phone.get(url(link), headers=PARTIAL) for phone in phones)
    tokens = [csrf_field(answer.content.decode()) for answer in (first, second)]
    assert tokens[0] != tokens[1]
    assert first.content.decode().replace(tokens[0], "") == second.content.decode().replace(
        tokens[1], ""
    )
    assert first["X-Table-Version"] == str(version(four_table))
    undo = {"number": "1", "version": "1", "csrfmiddlewaretoken": tokens[1]}
    answer = phones[1].post(url(link, "zuruecknehmen/"), undo, headers=PARTIAL)
    assert answer.status_code == 200 and not Game.objects.exists()


def test_the_phones_opening_the_table_page_share_one_page_each_with_its_own_csrf_token(
    link: TableLink, four_table: Table, settings: Settings
) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    enter(four_table, 1, 2, "Kr m1", user=link)
    phones = [Client(enforce_csrf_checks=True) for _ in range(2)]
    first = phones[0].get(url(link))
    with CaptureQueriesContext(connection) as queries:
        second = phones[1].get(url(link))
    assert len(queries) <= 2  # the club and the link: the page itself is not read again
    pages = [answer.content.decode() for answer in (first, second)]
    tokens = [csrf_field(page) for page in pages]
    assert tokens[0] != tokens[1] and "\x00" not in pages[0] + pages[1]
    assert pages[0].replace(tokens[0], "") == pages[1].replace(tokens[1], "")
    assert "Spiel 1: Bernd Brandt" in pages[1]
    assert second["X-Table-Version"] == str(version(four_table))
    assert second["Cache-Control"] == NO_CACHE
    line = {"number": "2", "line": "3 Gr m1", "csrfmiddlewaretoken": tokens[1]}
    answer = phones[1].post(url(link, "vorlesen/"), line, headers=PARTIAL)
    assert answer.status_code == 200  # the token put in is the phone's own
    enter(four_table, 2, 3, "Gr m1", user=link)
    assert "Spiel 2: Carla Claus" in phones[0].get(url(link)).content.decode()


def test_the_status_fragment_after_a_change_shows_the_change(
    client: Client, link: TableLink, four_table: Table
) -> None:
    before = client.get(url(link), headers=PARTIAL).content.decode()
    assert "Zuletzt erfasst" not in before
    enter(four_table, 1, 2, "Kr m1", user=link)
    after = client.get(url(link), headers=PARTIAL)
    assert "Spiel 1: Bernd Brandt" in after.content.decode()
    assert after["X-Table-Version"] == str(version(four_table))
    assert after["Cache-Control"] == NO_CACHE


def csrf_field(page: str) -> str:
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found is not None, page
    return found.group(1)


def test_the_players_are_told_when_the_spielwart_resets_their_signatures(
    client: Client, link: TableLink, four_table: Table, spielwart: User
) -> None:
    complete(four_table, link)
    client.post(url(link, "unterschreiben/"), sign_post(link, 1))
    enter(four_table, 48, 2, "Kr m1", user=spielwart)  # the Spielwart corrects game 48
    notice = json.loads(client.get(url(link, "stand/")).content)["notice"]
    assert notice.startswith("Der Spielwart hat Spiel 48 geändert; die Unterschriften sind")
    assert notice in client.get(url(link)).content.decode()
    assert not Signature.objects.exists()


def test_the_players_are_told_when_the_spielwart_rejects_their_list_and_why(
    client: Client, link: TableLink, four_table: Table, spielwart: User
) -> None:
    complete(four_table, link)
    services.check_table(table=four_table, user=spielwart, confirm=False, note="Spiel 7 fehlt")
    notice = json.loads(client.get(url(link, "stand/")).content)["notice"]
    assert notice.startswith("Der Spielwart hat die Liste beanstandet. Begründung: „Spiel 7 fehlt“")


def test_a_notice_goes_away_once_the_table_saves_again(
    client: Client, link: TableLink, four_table: Table, spielwart: User
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    client.post(url(link, "unterschreiben/"), sign_post(link, 1))  # refused
    services.check_table(table=four_table, user=spielwart, confirm=False, note="bitte prüfen")
    assert json.loads(client.get(url(link, "stand/")).content)["notice"]
    client.post(url(link, "spiel/"), {"number": "2", "line": "3 Gr m1"}, headers=PARTIAL)
    assert json.loads(client.get(url(link, "stand/")).content)["notice"] == ""


def statements_from(queries: CaptureQueriesContext, table: str) -> int:
    return sum(f'FROM "{table}"' in q["sql"] for q in queries.captured_queries)


def test_a_save_reads_the_seats_once_under_the_lock(
    client: Client, link: TableLink, four_table: Table
) -> None:
    with CaptureQueriesContext(connection) as queries:
        client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL)
    assert statements_from(queries, "club_seat") == 1  # before: once to read the line, once locked
    declarer = Game.objects.get().declarer
    assert declarer is not None and declarer.name == "Bernd Brandt"


def test_a_save_whose_line_cannot_be_read_stores_nothing_and_keeps_the_line(
    client: Client, link: TableLink, four_table: Table
) -> None:
    post = {"number": "1", "line": "2 Kr m2 zz", "entry_id": "abc"}
    before = version(four_table)
    answer = client.post(url(link, "spiel/"), post, headers=PARTIAL)
    assert answer.status_code == 422
    assert "Unbekanntes Kürzel „zz“" in answer.content.decode()
    assert not Game.objects.exists() and version(four_table) == before
    page = client.post(url(link, "spiel/"), post).content.decode()  # without JavaScript
    assert 'value="2 Kr m2 zz"' in page


def test_a_post_that_cannot_be_read_is_refused_before_the_save_begins(
    client: Client, link: TableLink, four_table: Table
) -> None:
    # Issue 38: the request is read in the view, before the save's transaction and lock.
    unreadable = [
        {"number": "1", "line": "2 Kr m2 zz"},
        {"number": "1", "declarer": "2", "type": "clubs", "result": "won"},  # no Spitzen
    ]
    for post in unreadable:
        with CaptureQueriesContext(connection) as queries:
            answer = client.post(url(link, "spiel/"), post, headers=PARTIAL)
        assert answer.status_code == 422, post
        statements = [q["sql"] for q in queries.captured_queries]
        assert not [sql for sql in statements if "SAVEPOINT" in sql], post
        assert statements_from(queries, "club_seat") == 0, post
    assert not Game.objects.exists()


def test_a_seat_the_table_does_not_have_is_refused_by_the_save_against_its_seats(
    client: Client, link: TableLink, four_table: Table
) -> None:
    buttons = {
        "number": "2",
        "declarer": "5",
        "type": "grand",
        "direction": "mit",
        "spitzen": "1",
        "result": "won",
    }
    for post in ({"number": "2", "line": "5 Gr m1"}, buttons):
        answer = client.post(url(link, "spiel/"), post, headers=PARTIAL)
        assert answer.status_code == 422, post
        assert "Spiel 2: Platz 5 gibt es an diesem Tisch nicht (1–4)." in answer.content.decode()
    assert not Game.objects.exists()


def test_the_read_back_reads_no_list(client: Client, link: TableLink, four_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(
            url(link, "vorlesen/"), {"number": "2", "line": "3 Gr m1"}, headers=PARTIAL
        )
    said = answer.content.decode()
    assert "Spiel 2: Carla Claus, Grand" in said and "— richtig?" in said
    assert answer["X-Table-Version"] == str(version(four_table))
    assert statements_from(queries, "club_seat") == 1
    for table in ("club_game", "club_signature", "club_change"):
        assert statements_from(queries, table) == 0, table


# --- links that expire ---------------------------------------------------------------------


def test_a_link_stops_writing_days_after_its_event_but_stays_readable(
    client: Client, link: TableLink, four_table: Table, settings: Settings
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    event = Event.objects.get()
    event.date = timezone.localdate() - datetime.timedelta(days=4)
    event.save()
    settings.SKATCLUB_TABLE_LINK_DAYS = 3
    page = client.get(url(link))
    assert page.status_code == 200
    assert "Dieser Tisch-Link galt bis" in page.content.decode()
    refused = [
        client.post(url(link, "spiel/"), {"number": "2", "line": "3 Gr m1"}, headers=PARTIAL),
        client.post(url(link, "vorlesen/"), {"number": "2", "line": "3 Gr m1"}, headers=PARTIAL),
        client.post(url(link, "zuruecknehmen/"), {"number": "1", "version": "1"}, headers=PARTIAL),
    ]
    for response in refused:
        assert response.status_code == 422
        assert "Dieser Tisch-Link galt bis" in response.content.decode()
    assert list(Game.objects.values_list("number", flat=True)) == [1]


def test_a_link_still_writes_on_the_last_of_its_days(
    client: Client, link: TableLink, settings: Settings
) -> None:
    event = Event.objects.get()
    event.date = timezone.localdate() - datetime.timedelta(days=3)
    event.save()
    settings.SKATCLUB_TABLE_LINK_DAYS = 3
    assert client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL).status_code == 200


def test_an_expired_link_takes_no_signature(
    client: Client, link: TableLink, four_table: Table, settings: Settings
) -> None:
    complete(four_table, link)
    event = Event.objects.get()
    event.date = timezone.localdate() - datetime.timedelta(days=10)
    event.save()
    settings.SKATCLUB_TABLE_LINK_DAYS = 3
    response = client.post(url(link, "unterschreiben/"), sign_post(link, 1))
    assert response.status_code == 422
    assert "Dieser Tisch-Link galt bis" in response.content.decode()
    assert not Signature.objects.exists()


# --- signing and undo ----------------------------------------------------------------------


def test_each_seat_signs_for_itself_after_confirming_its_name(
    client: Client, link: TableLink, four_table: Table
) -> None:
    complete(four_table, link)
    page = client.get(url(link)).content.decode()
    assert "Ich, Bernd Brandt, habe die Liste geprüft und unterschreibe." in page
    unconfirmed = client.post(url(link, "unterschreiben/"), {"position": "2"})
    assert unconfirmed.status_code == 400
    assert "Bitte bestätigen: „Ich, Bernd Brandt" in unconfirmed.content.decode()
    assert not Signature.objects.exists()
    client.post(url(link, "unterschreiben/"), sign_post(link, 2))
    signed = Signature.objects.get()
    assert signed.player.name == "Bernd Brandt"
    page = client.get(url(link)).content.decode()
    assert "✓ Bernd Brandt hat unterschrieben" in page
    assert "Ich, Anna Albers, habe die Liste geprüft" in page


def test_undo_without_a_version_is_refused_and_with_a_wrong_one_is_a_conflict(
    client: Client, link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    missing = client.post(url(link, "zuruecknehmen/"), {"number": "1"}, headers=PARTIAL)
    assert missing.status_code == 400
    assert "Bitte die Seite neu laden" in missing.content.decode()
    wrong = client.post(
        url(link, "zuruecknehmen/"), {"number": "1", "version": "7"}, headers=PARTIAL
    )
    assert wrong.status_code == 409
    assert Game.objects.filter(table=four_table).count() == 1
    right = client.post(
        url(link, "zuruecknehmen/"), {"number": "1", "version": "1"}, headers=PARTIAL
    )
    assert right.status_code == 200 and not Game.objects.exists()


# --- at the table ----------------------------------------------------------------------------


def test_a_ramsch_is_listed_as_a_ramsch_with_its_value(
    client: Client, link: TableLink, four_table: Table
) -> None:
    event = Event.objects.get()
    event.house_ramsch = True
    event.save()
    client.post(url(link, "spiel/"), {"number": "3", "line": "R 4:65 1:55 2:0 s1 j2"})
    page = client.get(url(link)).content.decode()
    assert "Spiel 3: Ramsch = Dieter Dahl −260" in page
    assert "eingepasst" not in page.split('id="last-game"')[1].split("</p>")[0]


def test_the_totals_bar_writes_a_lost_total_as_the_list_writes_the_game(
    client: Client, link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1 a50", user=link)  # Bernd loses his only game
    page = client.get(url(link)).content.decode()
    bar = re.findall(r'<strong class="points">([^<]*)</strong>', page)
    listed = re.findall(r'<strong class="value">([^<]*)</strong>', page)
    assert bar == ["0", listed[0], "0", "0"]
    assert listed[0].startswith("−")  # the minus sign, not a hyphen


def test_an_overbid_refusal_talks_only_about_what_was_typed(
    client: Client, link: TableLink
) -> None:
    page = client.post(
        url(link, "vorlesen/"), {"number": "1", "line": "2 Kr m1 r48"}, headers=PARTIAL
    ).content.decode()
    assert "überreizt" in page and "Augen" not in page


# --- the answer to a save ------------------------------------------------------------------


def without_token(page: str) -> str:
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)


def save_and_reread(client: Client, link: TableLink, post: dict[str, str]) -> tuple[str, str]:
    """The save's answer and the status fragment read afterwards with the same confirmation."""
    answer = client.post(url(link, "spiel/"), post, headers=PARTIAL)
    assert answer.status_code == 200, answer.content.decode()
    number = post["number"]
    reread = client.get(url(link, f"?gespeichert={number}"), headers=PARTIAL)
    assert answer["X-Table-Version"] == reread["X-Table-Version"]
    return without_token(answer.content.decode()), without_token(reread.content.decode())


def test_the_answer_to_a_save_is_the_list_as_read_after_it(
    client: Client, link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    enter(four_table, 2, None, user=link)
    answer, reread = save_and_reread(client, link, {"number": "3", "line": "4 Gr m2 a50"})
    assert answer == reread
    assert "Spiel 3: Dieter Dahl" in answer and "Weiter mit Spiel 4." in answer


def test_the_answer_to_a_replacing_save_is_the_list_as_read_after_it(
    client: Client, link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    enter(four_table, 2, 3, "Gr m1", user=link)
    post = {"number": "1", "line": "4 Pi m3 S", "version": "1"}
    answer, reread = save_and_reread(client, link, post)
    assert answer == reread and "Dieter Dahl" in answer


def test_the_answer_to_a_save_that_withdraws_a_signature_tells_the_players(
    client: Client, link: TableLink, four_table: Table
) -> None:
    complete(four_table, link)
    client.post(url(link, "unterschreiben/"), sign_post(link, 1))
    assert Signature.objects.count() == 1
    post = {"number": "48", "line": "2 Kr m1", "version": "1"}
    answer, reread = save_and_reread(client, link, post)
    assert answer == reread
    assert "Spiel 48 wurde am Tisch geändert; die Unterschriften sind damit zurückgesetzt" in answer


@pytest.mark.parametrize("rule", ["bock", "ramsch"])
def test_the_answer_to_a_save_under_house_rules_is_the_list_as_read_after_it(
    client: Client, link: TableLink, four_table: Table, rule: str
) -> None:
    event = Event.objects.get()
    event.house_bock = rule == "bock"
    event.bock_triggers = ["grand_hand"] if rule == "bock" else []
    event.house_ramsch = rule == "ramsch"
    event.save()
    enter(four_table, 1, 2, "Gr m1 H", user=link)
    answer, reread = save_and_reread(client, link, {"number": "2", "line": "3 Kr m1"})
    assert answer == reread


def test_the_answer_to_a_save_reads_nothing_after_the_save(
    client: Client, link: TableLink, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(
            url(link, "spiel/"), {"number": "2", "line": "3 Gr m1"}, headers=PARTIAL
        )
    assert answer["X-Entry-Result"] == "saved"
    statements = [q["sql"] for q in queries.captured_queries]
    saved = max(i for i, sql in enumerate(statements) if sql.startswith("RELEASE SAVEPOINT"))
    assert statements[saved + 1 :] == []  # before: the table, seats, games, signatures, history


def test_the_history_of_a_resend_has_one_creation(
    client: Client, link: TableLink, four_table: Table
) -> None:
    post = {**KREUZ, "entry_id": "abc"}
    client.post(url(link, "spiel/"), post, headers=PARTIAL)
    client.post(url(link, "spiel/"), post, headers=PARTIAL)
    assert Change.objects.filter(table=four_table, action=Change.Action.CREATE).count() == 1


def test_a_null_with_schneider_is_refused_by_read_back_and_save_typed_or_tapped(
    client: Client, link: TableLink, four_table: Table
) -> None:
    # Issue 42: "3 Null S" was read back as "Null, gewonnen Schneider = 23" and saved.
    buttons = {
        "number": "1",
        "declarer": "3",
        "type": "null",
        "result": "won",
        "level": "schneider",
    }
    for post in ({"number": "1", "line": "3 Null S"}, buttons):
        for what in ("vorlesen/", "spiel/"):
            answer = client.post(url(link, what), post, headers=PARTIAL)
            assert answer.status_code == 422, (what, post)
            assert "Im Nullspiel gibt es kein Schneider" in answer.content.decode(), (what, post)
    assert not Game.objects.exists()
