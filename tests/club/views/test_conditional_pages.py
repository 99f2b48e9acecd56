"""Reads that scale (issue 26): the live board, the projector and the public pages are computed
once per change of their event; a browser that has the page gets 304, everyone else the cached
page, and the cache never hands one visitor's page to another."""

from __future__ import annotations

import datetime
import gzip
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from pytest_django import Settings

from skatclub.club import services, tenancy
from skatclub.club.models import Club, Event, Player, Round, Season, Table
from tests.helpers.clubs import staff
from tests.helpers.factories import enter, make_table

EVENT = "/veranstaltungen/2026-11-20-preisskat/"
ROUND_PAGE = EVENT + "serie/1/"
PROJECTOR = ROUND_PAGE + "leinwand/"
BOARD = "/spielwart" + ROUND_PAGE + "live/"
PUBLIC = ["/", EVENT, ROUND_PAGE, PROJECTOR]


@pytest.fixture(autouse=True)
def page_cache(settings: Settings) -> Iterator[None]:
    """A real cache for these tests (the suite runs without one: ids repeat after rollback),
    and every change shown at once (`SKATCLUB_PAGE_FRESH_SECONDS`: see the last tests)."""
    settings.SKATCLUB_PAGE_FRESH_SECONDS = 0
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"}
    }
    cache.clear()
    yield
    cache.clear()


def fetch(client: Client, url: str, tag: str = "", *, live: bool = False) -> tuple[int, str, str]:
    """(status, ETag, content) of a GET, conditional with `tag`; `live`: the live fragment."""
    headers = {"If-None-Match": tag} if tag else {}
    if live:
        headers["X-Live"] = "1"
    response = client.get(url, headers=headers)
    return response.status_code, response.get("ETag", ""), response.content.decode()


@pytest.mark.parametrize("url", PUBLIC)
def test_a_second_request_with_the_etag_gets_304(
    client: Client, four_table: Table, url: str
) -> None:
    status, tag, page = fetch(client, url)
    assert status == 200 and tag and page
    status, again, page = fetch(client, url, tag)
    assert status == 304 and again == tag and page == ""


def test_the_live_fragment_of_the_board_gets_304_when_nothing_changed(
    spielwart_client: Client, four_table: Table
) -> None:
    status, tag, _ = fetch(spielwart_client, BOARD, live=True)
    assert status == 200
    assert fetch(spielwart_client, BOARD, tag, live=True)[0] == 304
    # The whole page is another answer with another tag.
    assert fetch(spielwart_client, BOARD, tag)[0] == 200


@pytest.mark.parametrize("url", PUBLIC)
def test_a_saved_game_changes_the_etag_and_the_content(
    client: Client, four_table: Table, url: str
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    _, tag, before = fetch(client, url)
    enter(four_table, 2, 3, "Gr m1 v")
    status, after_tag, after = fetch(client, url, tag)
    assert status == 200 and after_tag != tag and after != before


def test_the_board_follows_a_saved_game(spielwart_client: Client, four_table: Table) -> None:
    _, tag, _ = fetch(spielwart_client, BOARD, live=True)
    enter(four_table, 1, 2, "Kr m2 H S")
    status, _, fragment = fetch(spielwart_client, BOARD, tag, live=True)
    assert status == 200 and "<strong data-games>1</strong> von 48 Spielen" in fragment


def test_a_checked_list_a_sign_in_and_a_renamed_player_change_the_etag(
    client: Client, four_table: Table, spielwart: User, players: dict[str, Player]
) -> None:
    event = four_table.round.event
    enter(four_table, 1, 2, "Kr m2 H S")
    tags = {fetch(client, ROUND_PAGE)[1]}
    services.check_table(table=four_table, user=spielwart, confirm=False, note="falsch")
    tags.add(fetch(client, ROUND_PAGE)[1])
    services.sign_in(event=event, player=players["emil"])
    tags.add(fetch(client, ROUND_PAGE)[1])
    anna = Player.objects.get(key="anna")
    anna.name = "Anna Umbenannt"
    services.save_player(player=anna)
    status, tag, page = fetch(client, ROUND_PAGE)
    tags.add(tag)
    assert len(tags) == 4 and "Anna Umbenannt" in page


def test_a_new_round_and_a_swap_change_the_etag(
    client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    event = four_table.round.event
    _, tag, _ = fetch(client, EVENT)
    services.swap_players(round_=four_table.round, first=players["anna"], second=players["bernd"])
    _, swapped, _ = fetch(client, EVENT)
    services.create_round(
        event=event, number=2, tables=[[players[k] for k in ("emil", "frieda", "gerd")]]
    )
    _, with_two, _ = fetch(client, EVENT)
    assert len({tag, swapped, with_two}) == 3


def test_changed_event_settings_change_the_etag(client: Client, four_table: Table) -> None:
    _, tag, _ = fetch(client, EVENT)
    event = Event.objects.get(pk=four_table.round.event_id)
    event.name = "Preisskat im Advent"
    services.save_event(event=event)
    status, _, page = fetch(client, EVENT, tag)
    assert status == 200 and "Preisskat im Advent" in page


def test_a_spielwart_and_an_anonymous_visitor_never_see_each_others_page(
    client: Client, four_table: Table, spielwart: User
) -> None:
    anonymous = fetch(client, ROUND_PAGE)
    spielwart_client = Client()
    spielwart_client.force_login(spielwart)
    logged_in = fetch(spielwart_client, ROUND_PAGE)
    assert anonymous[1] != logged_in[1]
    assert "Abmelden (spielwart)" in logged_in[2] and "Abmelden" not in anonymous[2]
    # Neither tag is good for the other: each gets its own page, not a 304.
    assert fetch(client, ROUND_PAGE, logged_in[1])[0] == 200
    assert fetch(spielwart_client, ROUND_PAGE, anonymous[1])[0] == 200
    assert "Abmelden" not in fetch(client, ROUND_PAGE)[2]


def _club_with_event(slug: str, name: str) -> Club:
    club = Club.objects.create(name=name, slug=slug)
    with tenancy.acting_for(club):
        season = Season.objects.create(year=2026)
        event = Event.objects.create(
            key="turnier", name=f"{name} Turnier", date=datetime.date(2026, 11, 20), season=season
        )
        round_ = Round.objects.create(event=event, number=1)
        table = make_table(
            round_, 1, [Player.objects.create(key=f"{slug}-{i}", name=f"{name} {i}") for i in "123"]
        )
        enter(table, 1, 1, "Kr m1")
    return club


@pytest.mark.parametrize(
    "page", ["", "veranstaltungen/turnier/", "veranstaltungen/turnier/serie/1/"]
)
def test_club_a_s_page_is_never_served_for_club_b(client: Client, db: None, page: str) -> None:
    _club_with_event("adler", "Adler")
    _club_with_event("bussard", "Bussard")
    first = fetch(client, f"/v/adler/{page}")
    second = fetch(client, f"/v/bussard/{page}")
    assert first[1] != second[1]
    assert "Adler" in first[2] and "Adler" not in second[2] and "Bussard" in second[2]
    assert fetch(client, f"/v/bussard/{page}", first[1])[0] == 200


def test_a_login_of_club_a_sees_club_b_s_board_refused(client: Client, db: None) -> None:
    _club_with_event("adler", "Adler")
    club_b = _club_with_event("bussard", "Bussard")
    client.force_login(staff("wart-b", club_b))
    assert fetch(client, "/v/bussard/spielwart/veranstaltungen/turnier/serie/1/live/")[0] == 200
    assert fetch(client, "/v/adler/spielwart/veranstaltungen/turnier/serie/1/live/")[0] == 403


# The club (ClubMiddleware); the page's state: the event with its season and its tables'
# versions (the projector, polled by every spectator, reads event and versions in one query).
@pytest.mark.parametrize(("url", "queries"), [(PROJECTOR, 2), (EVENT, 3), (ROUND_PAGE, 3)])
def test_an_unchanged_poll_reads_the_club_the_event_and_its_tables_versions_only(
    client: Client, four_table: Table, url: str, queries: int
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    _, tag, _ = fetch(client, url, live=True)
    with CaptureQueriesContext(connection) as polled:
        assert fetch(client, url, tag, live=True)[0] == 304
    assert len(polled) == queries, [q["sql"] for q in polled.captured_queries]


def test_an_unchanged_board_poll_reads_the_login_the_event_and_its_tables_versions(
    spielwart_client: Client, four_table: Table
) -> None:
    _, tag, _ = fetch(spielwart_client, BOARD, live=True)
    with CaptureQueriesContext(connection) as polled:
        assert fetch(spielwart_client, BOARD, tag, live=True)[0] == 304
    # the club, the session, the login, its role, the Serie with its event, its tables'
    # versions, its links, its signatures
    assert len(polled) == 7, [q["sql"][:60] for q in polled.captured_queries]


def test_the_board_follows_a_renewed_link(
    spielwart_client: Client, four_table: Table, spielwart: User
) -> None:
    _, tag, before = fetch(spielwart_client, BOARD, live=True)
    assert "kein Tisch-Link" in before
    services.issue_link(table=four_table, user=spielwart)
    status, _, after = fetch(spielwart_client, BOARD, tag, live=True)
    assert status == 200 and "kein Tisch-Link" not in after


def test_a_browser_that_takes_gzip_gets_the_same_page_compressed_with_a_weak_etag(
    client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    plain = client.get(PROJECTOR, headers={"X-Live": "1"})
    packed = client.get(PROJECTOR, headers={"X-Live": "1", "Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) < len(plain.content)
    assert packed["ETag"] == "W/" + plain["ETag"]
    assert "Accept-Encoding" in packed["Vary"]
    again = {"X-Live": "1", "Accept-Encoding": "gzip", "If-None-Match": packed["ETag"]}
    assert client.get(PROJECTOR, headers=again).status_code == 304


def test_a_page_the_cache_lost_is_rendered_again_not_taken_from_memory(
    client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    fetch(client, PROJECTOR, live=True)
    Player.objects.filter(seat__table=four_table).update(name="Umbenannt Ohne Version")
    assert "Umbenannt Ohne Version" not in fetch(client, PROJECTOR, live=True)[2]  # same state
    cache.clear()  # as a restored backup does
    assert "Umbenannt Ohne Version" in fetch(client, PROJECTOR, live=True)[2]


def test_a_changed_page_is_computed_once_for_every_visitor(
    client: Client, four_table: Table
) -> None:
    fetch(client, PROJECTOR, live=True)
    with CaptureQueriesContext(connection) as second_visitor:
        status, _, fragment = fetch(Client(), PROJECTOR, live=True)
    # the club, the event with its tables' versions: the fragment itself comes from the cache
    assert status == 200 and "Serie 1" in fragment and len(second_visitor) == 2


def test_within_the_fresh_seconds_a_change_waits_for_the_next_render(
    client: Client, four_table: Table, settings: Settings
) -> None:
    settings.SKATCLUB_PAGE_FRESH_SECONDS = 60
    _, tag, before = fetch(client, PROJECTOR, live=True)
    enter(four_table, 1, 2, "Kr m2 H S")
    # The last render is answered (304 to who has it) until it is older than the setting.
    assert fetch(client, PROJECTOR, tag, live=True)[0] == 304
    assert fetch(Client(), PROJECTOR, live=True)[1:] == (tag, before)
    settings.SKATCLUB_PAGE_FRESH_SECONDS = 0
    status, new_tag, after = fetch(client, PROJECTOR, tag, live=True)
    assert status == 200 and new_tag != tag and "Bernd Brandt" in after
