"""Every Spielwart page with all four personas: spielwart, checker, member, anonymous."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from skatclub.club import services
from skatclub.club.models import Attendance, Change, ClubStaff, Event, Game, Player, Round, Table

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
TABLE = EVENT + "serie/1/tisch/1/"

PAGES = [
    "/spielwart/",
    "/spielwart/spieler/",
    "/spielwart/spieler/neu/",
    "/spielwart/spieler/anna/",
    "/spielwart/veranstaltungen/neu/",
    EVENT,
    EVENT + "bearbeiten/",
    EVENT + "anwesend/",
    EVENT + "ergebnisse/",
    EVENT + "serie/1/",
    EVENT + "serie/1/ergebnisse/",
    TABLE,
    TABLE + "spiel/1/",
    TABLE + "summen/",
    TABLE + "verlauf/",
]

ACTIONS = [
    ("/spielwart/spieler/neu/", {"name": "Neu"}),
    ("/spielwart/spieler/anna/", {"name": "Anna X", "key": "anna"}),
    ("/spielwart/spieler/anna/aktiv/", {"active": "0"}),
    ("/spielwart/veranstaltungen/neu/", {"name": "X", "date": "2026-01-01"}),
    (EVENT + "bearbeiten/", {"name": "X"}),
    (EVENT + "anwesend/", {"action": "guest", "name": "Gast"}),
    (EVENT + "serie/neu/", {"seating": "draw"}),
    (EVENT + "serie/1/plaetze/", {"first": "1", "second": "2"}),
    (EVENT + "serie/1/umsetzen/", {}),
    (TABLE, {"line": "p"}),
    (TABLE + "spiel/1/", {"line": "p", "expected_version": "1"}),
    (TABLE + "spiel/1/loeschen/", {"expected_version": "1"}),
    (TABLE + "summen/", {}),
    (TABLE + "pruefen/", {"decision": "confirm"}),
]


@pytest.fixture
def club(four_table: Table, event: Event, players: dict[str, Player]) -> Table:
    services.record_game(table=four_table, number=1, declarer=None, declaration=None, outcome=None)
    for key in ("anna", "bernd", "carla", "dieter", "emil"):
        Attendance.objects.create(event=event, player=players[key])
    return four_table


def snapshot() -> tuple[int, ...]:
    return (
        Game.objects.count(),
        Change.objects.count(),
        Player.objects.count(),
        Event.objects.count(),
        Round.objects.count(),
        Attendance.objects.count(),
        Table.objects.filter(check_status="open").count(),
        Player.objects.filter(is_active=True).count(),
    )


@pytest.mark.parametrize("url", PAGES)
def test_spielwart_and_checker_see_every_page(
    url: str, club: Table, spielwart: User, checker: User
) -> None:
    for user in (spielwart, checker):
        client = Client()
        client.force_login(user)
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_a_member_gets_403_on_every_page(url: str, club: Table, member_client: Client) -> None:
    assert member_client.get(url).status_code == 403


@pytest.mark.parametrize("url", PAGES)
def test_an_anonymous_visitor_is_sent_to_the_login(url: str, club: Table, client: Client) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/anmelden/?next=")


@pytest.mark.parametrize(("url", "data"), ACTIONS)
def test_a_member_changes_nothing(
    url: str, data: dict[str, str], club: Table, member_client: Client
) -> None:
    before = snapshot()
    assert member_client.post(url, data).status_code == 403
    assert snapshot() == before


@pytest.mark.parametrize(("url", "data"), ACTIONS)
def test_an_anonymous_visitor_changes_nothing(
    url: str, data: dict[str, str], club: Table, client: Client
) -> None:
    before = snapshot()
    response = client.post(url, data)
    assert response.status_code == 302 and response["Location"].startswith("/anmelden/")
    assert snapshot() == before


@pytest.mark.parametrize(
    ("url", "data"),
    [
        a
        for a in ACTIONS
        if a[0].endswith(("/plaetze/", "/umsetzen/", "/loeschen/", "/pruefen/", "/aktiv/"))
    ],
)
def test_post_only_actions_refuse_get(
    url: str, data: dict[str, str], club: Table, spielwart_client: Client
) -> None:
    before = snapshot()
    assert spielwart_client.get(url).status_code == 405
    assert snapshot() == before


def test_the_checker_may_change_data_too(club: Table, checker: User) -> None:
    client = Client()
    client.force_login(checker)
    assert client.post(TABLE, {"line": "p"}).status_code == 302
    assert Game.objects.filter(table=club).count() == 2


def test_an_inactive_spielwart_is_refused(club: Table, spielwart: User) -> None:
    client = Client()
    client.force_login(spielwart)
    spielwart.is_active = False
    spielwart.save()
    assert client.get("/spielwart/").status_code in (302, 403)


def test_staff_without_the_spielwart_group_may_not_change_anything(
    client: Client, db: None
) -> None:
    """Issue 16: `is_staff` alone (an admin login) changed everything."""
    from django.contrib.auth.models import User

    staff = User.objects.create_user("helfer", password="geheim-und-lang-genug", is_staff=True)
    client.force_login(staff)
    assert client.get("/spielwart/").status_code == 403
    response = client.post("/spielwart/spieler/neu/", {"name": "Otto", "key": ""})
    assert response.status_code == 403
    assert "Kein Zugriff" in response.content.decode()


def test_the_roles_come_with_the_user_and_a_removed_role_counts_from_the_next_request(
    club: Table, spielwart: User
) -> None:
    client = Client()
    client.force_login(spielwart)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(TABLE).status_code == 200
    asked = [q["sql"] for q in queries.captured_queries if '"club_clubstaff"' in q["sql"]]
    assert len(asked) == 1 and '"auth_user"' in asked[0]  # read with the user, not again
    ClubStaff.objects.filter(user=spielwart).update(role=ClubStaff.Role.PRUEFER)
    assert client.get(TABLE).status_code == 403
