"""Issue 26: the Spielwart closes an event after the evening. Its table links write nothing from
then on and say why; the Spielwart's own pages still correct; reopening lets the links write
again."""

from __future__ import annotations

import datetime
import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from scoring.notation import parse_ramsch
from skatclub.club import services, tenancy
from skatclub.club.models import (
    Attendance,
    Change,
    Club,
    Event,
    Game,
    Player,
    Round,
    Seat,
    Signature,
    Table,
    TableLink,
)
from tests.helpers.clubs import staff
from tests.helpers.factories import enter
from tests.helpers.signing import sign_post

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
GAME_1 = EVENT + "serie/1/tisch/1/spiel/1/"
PARTIAL = {"X-Entry-Partial": "1"}
KREUZ = {"number": "2", "line": "2 Kr m2 H S", "entry_id": "phone-1-game-2"}
CLOSED = "Die Veranstaltung ist abgeschlossen (seit "
NOTHING_MORE = "hier lässt sich nichts mehr eintragen, zurücknehmen oder unterschreiben"
REOPEN_FIRST = "Erst „Wieder öffnen“ (auf der Seite der Veranstaltung), dann lässt sich"
ENTRY = EVENT + "serie/1/tisch/1/"


@pytest.fixture
def link(four_table: Table, spielwart: User) -> TableLink:
    return services.issue_link(table=four_table, user=spielwart)


def url(link: TableLink, what: str = "") -> str:
    return f"/t/{link.token}/{what}"


def stored(event: Event) -> Event:
    return Event.objects.get(pk=event.pk)


def test_closing_refuses_a_save_an_undo_and_a_signature_through_the_link_with_the_reason(
    client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    for number in range(1, 49):
        enter(four_table, number, None, user=link)
    services.close_event(event=event, user=spielwart)
    changes = Change.objects.count()
    refused = {
        "save": client.post(url(link, "spiel/"), {**KREUZ, "number": "48"}, headers=PARTIAL),
        "read-back": client.post(url(link, "vorlesen/"), KREUZ, headers=PARTIAL),
        "undo": client.post(url(link, "zuruecknehmen/"), {"number": "48", "version": "1"}),
        "sign": client.post(url(link, "unterschreiben/"), sign_post(link, 1)),
    }
    for what, response in refused.items():
        page = response.content.decode()
        assert response.status_code == 422, what
        assert CLOSED in page and NOTHING_MORE in page, what
        assert "Änderungen nur noch über den Spielwart." in page, what
        assert response["X-Entry-Result"] == "closed", what
    assert Game.objects.filter(table=four_table).count() == 48
    assert not Signature.objects.exists()
    assert Change.objects.count() == changes


def test_a_game_the_phone_kept_offline_is_refused_with_the_reason_when_it_arrives(
    client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    services.close_event(event=event, user=spielwart)
    response = client.post(url(link, "spiel/"), {**KREUZ, "number": "1"}, headers=PARTIAL)
    assert response.status_code == 422 and response["X-Entry-Result"] == "closed"
    assert '<p class="error" role="alert">Spiel 1: ' + CLOSED in response.content.decode()
    assert not Game.objects.exists()


def test_the_table_page_of_a_closed_event_shows_the_reason_and_no_entry(
    client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    assert 'id="eingabe" class="entry">' in client.get(url(link)).content.decode()
    services.close_event(event=event, user=spielwart)
    when = timezone.localtime(stored(event).closed_at)
    page = client.get(url(link)).content.decode()
    assert f"{CLOSED}{when:%d.%m.%Y}, {when:%H:%M} Uhr); {NOTHING_MORE}." in page
    assert 'id="eingabe" class="entry" hidden>' in page
    assert " data-closed>" in page
    assert "zurücknehmen/" not in page and "Spiel 1 zurücknehmen" not in page
    assert "Kreuz mit 1" in page  # the list stays readable


def test_the_state_answers_200_with_a_new_etag_and_the_reason_after_closing(
    client: Client, link: TableLink, event: Event, spielwart: User
) -> None:
    first = client.get(url(link, "stand/"))
    assert json.loads(first.content)["closed"] == ""
    etag = first["ETag"]
    assert client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=etag).status_code == 304
    services.close_event(event=event, user=spielwart)
    after = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200 and after["ETag"] != etag
    assert json.loads(after.content)["closed"].startswith(CLOSED)
    again = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=after["ETag"])
    assert again.status_code == 304


def test_closing_twice_is_one_result(
    spielwart_client: Client, event: Event, spielwart: User, checker: User
) -> None:
    services.close_event(event=event, user=spielwart)
    first = stored(event)
    assert first.closed_by == spielwart and first.closed_at is not None
    services.close_event(event=event, user=checker)
    response = spielwart_client.post(EVENT + "abschliessen/")
    assert response.status_code == 302 and response["Location"] == EVENT
    second = stored(event)
    assert (second.closed_at, second.closed_by, second.version) == (
        first.closed_at,
        spielwart,
        first.version,
    )


def test_reopening_lets_the_link_write_again(
    client: Client, spielwart_client: Client, link: TableLink, four_table: Table, event: Event
) -> None:
    spielwart_client.post(EVENT + "abschliessen/")
    assert client.post(url(link, "spiel/"), KREUZ, headers=PARTIAL).status_code == 422
    closed_etag = client.get(url(link, "stand/"))["ETag"]
    spielwart_client.post(EVENT + "wieder-oeffnen/")
    assert (stored(event).closed_at, stored(event).closed_by) == (None, None)
    state = client.get(url(link, "stand/"), HTTP_IF_NONE_MATCH=closed_etag)
    assert state.status_code == 200 and json.loads(state.content)["closed"] == ""
    response = client.post(url(link, "spiel/"), {**KREUZ, "number": "1"}, headers=PARTIAL)
    assert response.status_code == 200 and response["X-Entry-Result"] == "saved"
    assert 'id="eingabe" class="entry">' in client.get(url(link)).content.decode()


def test_the_spielwart_can_still_correct_a_game_of_a_closed_event(
    spielwart_client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S", user=link)
    services.close_event(event=event, user=spielwart)
    response = spielwart_client.post(GAME_1, {"line": "3 Kr m3 H S", "expected_version": "1"})
    assert response.status_code == 302
    game = Game.objects.get(table=four_table, number=1)
    assert (game.notation, game.version) == ("Kr m3 H S", 2)
    round_page = spielwart_client.get(EVENT + "serie/1/").content.decode()
    assert "Die Veranstaltung ist abgeschlossen" in round_page


def test_the_event_page_offers_closing_and_then_shows_who_closed_it_and_reopening(
    spielwart_client: Client, event: Event
) -> None:
    page = spielwart_client.get(EVENT).content.decode()
    assert f'action="{EVENT}abschliessen/"' in page and "Veranstaltung abschließen" in page
    assert "Wieder öffnen geht jederzeit." in page
    followed = spielwart_client.post(EVENT + "abschliessen/", follow=True).content.decode()
    when = timezone.localtime(stored(event).closed_at)
    assert "„Preisskat November“ ist abgeschlossen" in followed
    assert f"Abgeschlossen am {when:%d.%m.%Y} um {when:%H:%M} Uhr von spielwart" in followed
    assert f'action="{EVENT}wieder-oeffnen/"' in followed
    assert f'action="{EVENT}abschliessen/"' not in followed


def test_closing_and_reopening_take_a_post_from_a_spielwart(
    client: Client, member_client: Client, event: Event
) -> None:
    assert Client().post(EVENT + "abschliessen/").status_code == 302  # to the login
    assert member_client.post(EVENT + "abschliessen/").status_code == 403
    assert member_client.post(EVENT + "wieder-oeffnen/").status_code == 403
    assert stored(event).closed_at is None


def test_another_clubs_spielwart_cannot_close_the_event(event: Event, spielwart: User) -> None:
    home = tenancy.home_club()
    home.slug = "a"
    home.save()
    other = Client()
    other.force_login(staff("wart-b", Club.objects.create(name="Skatfreunde Zebra", slug="b")))
    key = "2026-11-20-preisskat"
    assert other.post(f"/v/b/spielwart/veranstaltungen/{key}/abschliessen/").status_code == 404
    assert other.post(f"/v/a/spielwart/veranstaltungen/{key}/abschliessen/").status_code == 403
    assert stored(event).closed_at is None
    services.close_event(event=event, user=spielwart)
    assert other.post(f"/v/b/spielwart/veranstaltungen/{key}/wieder-oeffnen/").status_code == 404
    assert other.post(f"/v/a/spielwart/veranstaltungen/{key}/wieder-oeffnen/").status_code == 403
    assert stored(event).closed_at is not None


def test_the_public_pages_are_unchanged_by_closing(
    client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=link)
    pages = ["/", "/veranstaltungen/2026-11-20-preisskat/", "/rangliste/2026/"]
    pages.append("/veranstaltungen/2026-11-20-preisskat/serie/1/")
    before = {page: client.get(page).content for page in pages}
    services.close_event(event=event, user=spielwart)
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, page
        assert response.content == before[page], page


def test_a_closed_event_whose_link_days_are_over_names_the_closing(
    client: Client, link: TableLink, event: Event, spielwart: User, settings: Settings
) -> None:
    settings.SKATCLUB_TABLE_LINK_DAYS = 3
    event.date = timezone.localdate() - datetime.timedelta(days=4)
    event.save()
    expired = json.loads(client.get(url(link, "stand/")).content)["closed"]
    assert expired.startswith("Dieser Tisch-Link galt bis")
    services.close_event(event=event, user=spielwart)
    assert json.loads(client.get(url(link, "stand/")).content)["closed"].startswith(CLOSED)
    services.reopen_event(event=event, user=spielwart)
    assert json.loads(client.get(url(link, "stand/")).content)["closed"] == expired


# --- issue 38: nothing new on a closed event, by anyone --------------------------------------


def text_of(page: str) -> str:
    """The page's text as the browser shows it: „ and “ are not escaped, quotes may be."""
    return page.replace("&quot;", '"').replace("&#x27;", "'")


def test_a_new_round_is_refused_on_a_closed_event_with_the_form_kept(
    spielwart_client: Client, event: Event, players: dict[str, Player], spielwart: User
) -> None:
    for player in list(players.values())[:8]:
        Attendance.objects.create(event=event, player=player)
    services.close_event(event=event, user=spielwart)
    data = {"seating": "draw", "seed": "4711", "avoid": "event", "number": "1"}
    response = spielwart_client.post(EVENT + "serie/neu/", data)
    page = text_of(response.content.decode())
    assert response.status_code == 422
    assert CLOSED in page and f"{REOPEN_FIRST} eine neue Serie beginnen." in page
    assert 'value="4711"' in page  # what was typed is kept
    assert not Round.objects.filter(event=event).exists()
    drawn = spielwart_client.post(
        EVENT + "im-voraus/", {"count": "2", "seed": "abc", "allow_five": ""}
    )
    assert drawn.status_code == 422 and CLOSED in drawn.content.decode()
    assert not Round.objects.filter(event=event).exists()
    services.reopen_event(event=event, user=spielwart)
    assert spielwart_client.post(EVENT + "serie/neu/", data).status_code == 302
    assert Round.objects.filter(event=event, number=1).exists()


def test_the_service_refuses_a_new_round_on_a_closed_event_even_with_a_stale_event(
    event: Event, players: dict[str, Player], spielwart: User
) -> None:
    services.close_event(event=Event.objects.get(pk=event.pk), user=spielwart)
    assert event.closed_at is None  # the caller's copy, read before the closing
    seated = list(players.values())[:4]
    with pytest.raises(services.EventClosedError, match="eine neue Serie beginnen"):
        services.create_round(event=event, number=1, tables=[seated], user=spielwart)
    assert not Round.objects.exists() and not Seat.objects.exists()


def test_a_new_seat_is_refused_on_a_closed_event(
    spielwart_client: Client,
    four_table: Table,
    event: Event,
    players: dict[str, Player],
    spielwart: User,
) -> None:
    round_one = four_table.round
    seats_before = list(Seat.objects.order_by("pk").values_list("table", "position", "player"))
    services.close_event(event=event, user=spielwart)
    emil = players["emil"]
    with pytest.raises(services.EventClosedError, match="an den Plätzen etwas ändern"):
        services.reseat_tables(
            round_=round_one, tables={2: [emil, players["frieda"], players["gerd"]]}
        )
    swap = {"first": players["anna"].pk, "second": players["bernd"].pk}
    followed = spielwart_client.post(EVENT + "serie/1/plaetze/", swap, follow=True)
    assert CLOSED in followed.content.decode()
    Attendance.objects.create(event=event, player=emil)  # arrived late: a regrouping
    for player in ("anna", "bernd", "carla", "dieter"):
        Attendance.objects.get_or_create(event=event, player=players[player])
    regrouped = spielwart_client.post(EVENT + "serie/1/umsetzen/", {"allow_five": "1"}, follow=True)
    assert f"{REOPEN_FIRST} an den Plätzen etwas ändern." in text_of(regrouped.content.decode())
    assert list(Seat.objects.order_by("pk").values_list("table", "position", "player")) == (
        seats_before
    )
    assert Table.objects.filter(round=round_one).count() == 1


def test_a_new_game_by_the_spielwart_is_refused_but_a_correction_is_not(
    spielwart_client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S", user=link)
    services.close_event(event=event, user=spielwart)
    new = spielwart_client.post(ENTRY, {"line": "3 Gr m1", "number": "2"})
    page = text_of(new.content.decode())
    assert new.status_code == 422
    assert f"Spiel 2: {CLOSED}" in page and f"{REOPEN_FIRST} ein neues Spiel erfassen." in page
    assert 'value="3 Gr m1"' in page  # the typed line is kept
    form = {"number": "2", "type": "passed"}
    assert spielwart_client.post(ENTRY, form).status_code == 422  # the field form too
    with pytest.raises(services.EventClosedError):
        enter(four_table, 2, None, user=spielwart)  # a script's record_game alike
    event.house_ramsch = True
    event.save(update_fields=["house_ramsch"])
    deal = parse_ramsch("R 1:65 3:55 4:0")  # game 2: Bernd deals and sits out
    with pytest.raises(services.EventClosedError):
        services.record_ramsch(table=four_table, number=2, deal=deal, user=spielwart)
    assert list(Game.objects.filter(table=four_table).values_list("number", flat=True)) == [1]
    corrected = spielwart_client.post(GAME_1, {"line": "3 Kr m3 H S", "expected_version": "1"})
    assert corrected.status_code == 302
    assert Game.objects.get(table=four_table, number=1).notation == "Kr m3 H S"


def test_a_save_through_the_link_is_refused_with_the_words_its_page_shows(
    client: Client, link: TableLink, four_table: Table, event: Event, spielwart: User
) -> None:
    services.close_event(event=event, user=spielwart)
    shown = json.loads(client.get(url(link, "stand/")).content)["closed"]
    response = client.post(url(link, "spiel/"), {**KREUZ, "number": "1"}, headers=PARTIAL)
    assert response.status_code == 422 and response["X-Entry-Result"] == "closed"
    assert f"Spiel 1: {shown}" in text_of(response.content.decode())
    with pytest.raises(services.EventClosedError) as refused:
        enter(four_table, 1, 2, "Kr m1", user=link)
    assert refused.value.message == shown and isinstance(refused.value, services.LinkClosedError)
    assert not Game.objects.exists()
