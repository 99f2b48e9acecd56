"""Two clubs on one server: club A's Spielwart may use a player of club B whom he admitted,
but never change what is B's (the player's identity), nor any login that is not only A's.

Club A is the home club (pages under /v/a/), club B lives under /v/b/. Each test states what an
attacker in club A tries and checks that B's data is exactly as before.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.test import Client

from skatclub.club import tenancy
from skatclub.club.leagues.models import TeamPlayer
from skatclub.club.models import (
    Club,
    ClubStaff,
    Event,
    Membership,
    Player,
    PlayerChange,
    Season,
)
from skatclub.club.printing.startkarten import startkarten_printout
from skatclub.club.roles import PRUEFER, SPIELWART
from skatclub.club.services import signin
from skatclub.club.services.users import grant
from tests.helpers.refusals import database_fingerprint

A = "/v/a"
B = "/v/b"
PASSWORD = "geheim-und-lang-genug"


@dataclass
class Clubs:
    a: Club
    b: Club
    wart_a: User
    wart_b: User
    xaver: Player  # club B's player
    anna: Player  # club A's player


def login(username: str, *, club: Club | None = None, role: str = SPIELWART) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    if club is not None:
        grant(user, club.pk, role)
    return user


def client_of(user: User) -> Client:
    client = Client(raise_request_exception=True)
    client.force_login(user)
    return client


@pytest.fixture
def clubs(db: None) -> Clubs:
    a = tenancy.home_club()
    a.slug = "a"
    a.save()
    b = Club.objects.create(name="Skatfreunde Zebra", slug="b")
    with tenancy.acting_for(b):
        xaver = Player.objects.create(key="xaver", name="Xaver Geheim", member_number="B-7")
    with tenancy.acting_for(a):
        anna = Player.objects.create(key="anna", name="Anna Albers")
    return Clubs(a, b, login("wart-a", club=a), login("wart-b", club=b), xaver, anna)


def admitted(clubs: Clubs) -> Client:
    """Club A's Spielwart, who has admitted club B's Xaver by his (public) key."""
    client = client_of(clubs.wart_a)
    response = client.post(f"{A}/spielwart/spieler/aufnehmen/", {"key": "xaver"}, follow=True)
    assert "spielt jetzt auch in diesem Verein" in response.content.decode()
    return client


def xaver_as_b_sees_him() -> tuple[object, ...]:
    player = Player.all_clubs.get(key="xaver")
    return (player.name, player.key, player.is_guest, player.is_active, player.member_number)


# --- a shared player's identity is his Stammverein's ------------------------------------------


def test_club_a_cannot_rename_rekey_or_recategorise_a_player_it_admitted(clubs: Clubs) -> None:
    client = admitted(clubs)
    before = xaver_as_b_sees_him()
    response = client.post(
        f"{A}/spielwart/spieler/xaver/",
        {"name": "Umbenannt", "key": "neu", "is_guest": "on", "is_woman": "on", "is_active": ""},
    )
    assert response.status_code == 302  # only the member number form was there to take
    assert xaver_as_b_sees_him() == before
    assert client.get(f"{B}/spieler/xaver/").status_code == 200  # B's address still works


def test_club_a_sees_the_shared_data_and_keeps_its_own_member_number(clubs: Clubs) -> None:
    client = admitted(clubs)
    page = client.get(f"{A}/spielwart/spieler/xaver/").content.decode()
    assert "Skatfreunde Zebra" in page and 'name="name"' not in page
    client.post(f"{A}/spielwart/spieler/xaver/", {"number": "A-42"})
    membership = Membership.objects.get(club=clubs.a, player=clubs.xaver)
    assert membership.member_number == "A-42"
    assert Player.all_clubs.get(key="xaver").member_number == "B-7"  # B's number is B's
    listing = client.get(f"{A}/spielwart/spieler/?format=csv").content.decode()
    assert "A-42" in listing and "B-7" not in listing


def test_club_a_cannot_deactivate_a_player_it_admitted(clubs: Clubs) -> None:
    client = admitted(clubs)
    response = client.post(f"{A}/spielwart/spieler/xaver/aktiv/", {"active": "0"}, follow=True)
    assert "ändert nur dieser Verein" in response.content.decode()
    assert Player.all_clubs.get(key="xaver").is_active


def test_the_home_club_sees_in_its_history_that_another_club_admitted_its_player(
    clubs: Clubs,
) -> None:
    admitted(clubs)
    change = PlayerChange.objects.get(player=clubs.xaver)
    assert change.action == PlayerChange.Action.ADMIT and change.club == clubs.a
    page = client_of(clubs.wart_b).get(f"{B}/spielwart/spieler/xaver/").content.decode()
    assert "von einem anderen Verein aufgenommen" in page and "wart-a" in page
    # and club A reads none of B's history of him
    other = client_of(clubs.wart_a).get(f"{A}/spielwart/spieler/xaver/").content.decode()
    assert "Verlauf" not in other


def test_the_home_club_still_changes_its_player_and_the_change_is_kept(clubs: Clubs) -> None:
    client = client_of(clubs.wart_b)
    response = client.post(
        f"{B}/spielwart/spieler/xaver/",
        {"name": "Xaver Neu", "key": "xaver", "member_number": "B-7", "is_active": "on"},
    )
    assert response.status_code == 302
    assert Player.all_clubs.get(key="xaver").name == "Xaver Neu"
    change = PlayerChange.objects.get(player=clubs.xaver, action=PlayerChange.Action.UPDATE)
    assert change.before == {"name": "Xaver Geheim"} and change.after == {"name": "Xaver Neu"}


def test_a_key_of_another_clubs_player_is_refused_in_german_not_with_a_500(clubs: Clubs) -> None:
    client = client_of(clubs.wart_a)
    response = client.post(f"{A}/spielwart/spieler/neu/", {"name": "Zweiter", "key": "xaver"})
    assert response.status_code == 422
    assert "Dieses Kürzel hat schon ein anderer Spieler." in response.content.decode()
    response = client.post(f"{A}/spielwart/spieler/anna/", {"name": "Anna", "key": "xaver"})
    assert response.status_code == 422
    assert Player.all_clubs.get(key="anna").name == "Anna Albers"


def test_admitting_twice_or_an_unknown_or_hostile_key_is_refused_with_nothing_stored(
    clubs: Clubs,
) -> None:
    client = admitted(clubs)
    for key in ["xaver", "anna", "niemand", "x\x00y", "9" * 5000, ""]:
        response = client.post(f"{A}/spielwart/spieler/aufnehmen/", {"key": key}, follow=True)
        assert response.status_code == 200
    assert Membership.objects.count() == 1
    assert PlayerChange.objects.count() == 1


def test_a_league_team_list_admits_nobody_silently(clubs: Clubs) -> None:
    with tenancy.acting_for(clubs.a):
        for key in ("bernd", "carla"):
            Player.objects.create(key=key, name=key.title())
    client = client_of(clubs.wart_a)
    form = {
        "name": "Bezirksliga",
        "year": "2026",
        "division": "Staffel A",
        "teams_text": "Herz Dame: anna, bernd, xaver",
    }
    response = client.post(f"{A}/spielwart/ligen/", form)
    assert response.status_code == 422
    assert "Xaver Geheim (xaver)" in response.content.decode()
    assert not Membership.objects.exists() and not TeamPlayer.objects.exists()
    response = client.post(f"{A}/spielwart/ligen/", {**form, "admit_others": "on"})
    assert response.status_code == 302
    assert Membership.objects.get().player == clubs.xaver
    assert PlayerChange.objects.get().action == PlayerChange.Action.ADMIT
    assert xaver_as_b_sees_him()[0] == "Xaver Geheim"


def test_an_archive_of_club_a_cannot_change_a_player_it_admitted(
    clubs: Clubs, tmp_path: object, capsys: pytest.CaptureFixture[str]
) -> None:
    admitted(clubs)
    archive = {
        "format": "skatclub-archive/1",
        "players": [{"key": "xaver", "name": "Xaver Umbenannt"}],
        "events": [],
    }
    path = f"{tmp_path}/archiv.json"
    with open(path, "w", encoding="utf-8") as file:
        json.dump(archive, file)
    with pytest.raises(SystemExit):
        call_command("import_archive", path, "--club", "a")
    assert "gehört zu einem anderen Verein" in capsys.readouterr().err
    assert xaver_as_b_sees_him()[0] == "Xaver Geheim"


# --- logins: a club changes its own logins only ------------------------------------------------


def kinds_of_logins(clubs: Clubs) -> dict[str, User]:
    """Every kind of login club A's Spielwart might try to take over."""
    no_club = login("admin-gemacht")  # made in the admin: no role in any club
    no_club.groups.add(Group.objects.get_or_create(name="Spielwart")[0])
    superuser = User.objects.create_superuser("chef", password=PASSWORD)
    both = login("in-beiden", club=clubs.a, role=PRUEFER)
    grant(both, clubs.b.pk, SPIELWART)
    b_only_in_a_list = login("nur-b", club=clubs.b, role=PRUEFER)
    return {
        "of no club": no_club,
        "superuser": superuser,
        "of club A and B": both,
        "of club B": clubs.wart_b,
        "Prüfer of club B": b_only_in_a_list,
    }


def login_state() -> list[tuple[object, ...]]:
    users = User.objects.order_by("pk").values_list(
        "username", "password", "is_active", "is_superuser", "is_staff"
    )
    staff = ClubStaff.objects.order_by("pk").values_list("club_id", "user_id", "role")
    return [*users, *staff]


@pytest.mark.parametrize(
    "action",
    [
        {"action": "password"},
        {"action": "deactivate"},
        {"action": "activate"},
        {"action": "roles", "roles": ["spielwart"]},
        {"action": "roles", "roles": []},
    ],
    ids=lambda a: "-".join([a["action"], *a.get("roles", [])]),
)
def test_club_as_spielwart_changes_no_login_that_is_not_only_club_as(
    clubs: Clubs, action: dict[str, object]
) -> None:
    targets = kinds_of_logins(clubs)
    client = client_of(clubs.wart_a)
    listing = client.get(f"{A}/spielwart/anmeldungen/").content.decode()
    before = login_state()
    for kind, user in targets.items():
        response = client.post(f"{A}/spielwart/anmeldungen/{user.pk}/", action)
        assert response.status_code == 404, kind
        assert login_state() == before, kind
        form = f"/spielwart/anmeldungen/{user.pk}/"
        assert form not in listing, kind
    assert "Einmal" not in client.get(f"{A}/spielwart/anmeldungen/").content.decode()


def test_club_as_spielwart_still_manages_club_as_own_logins(clubs: Clubs) -> None:
    own = login("eigener", club=clubs.a, role=PRUEFER)
    client = client_of(clubs.wart_a)
    client.post(f"{A}/spielwart/anmeldungen/{own.pk}/", {"action": "roles", "roles": []})
    assert ClubStaff.objects.get(user=own).role == ""
    response = client.post(f"{A}/spielwart/anmeldungen/{own.pk}/", {"action": "password"})
    assert response.status_code == 302
    own.refresh_from_db()
    assert not own.check_password(PASSWORD)


def test_the_logins_page_names_who_else_may_act_in_the_club_read_only(clubs: Clubs) -> None:
    targets = kinds_of_logins(clubs)
    page = client_of(clubs.wart_a).get(f"{A}/spielwart/anmeldungen/").content.decode()
    section = page[page.index("Weitere Zugänge") :]
    assert "chef" in section and "in-beiden" in section
    assert targets["of no club"].username not in page and "nur-b" not in page


def test_a_login_is_spielwart_in_one_club_and_pruefer_in_another(clubs: Clubs) -> None:
    user = login("doppelt", club=clubs.a, role=SPIELWART)
    grant(user, clubs.b.pk, PRUEFER)
    client = client_of(user)
    assert client.get(f"{A}/spielwart/").status_code == 200
    assert client.get(f"{B}/spielwart/").status_code == 403
    assert client.get(f"{B}/pruefen/").status_code == 200
    assert client.get(f"{A}/pruefen/").status_code == 200


def test_a_group_ticked_in_the_admin_gives_no_role_in_any_club(clubs: Clubs) -> None:
    user = login("gruppe")
    user.groups.add(Group.objects.get_or_create(name="Spielwart")[0])
    client = client_of(user)
    assert client.get(f"{A}/spielwart/").status_code == 403
    assert client.get(f"{A}/pruefen/").status_code == 403


def test_club_b_is_unchanged_after_club_a_tried_everything_above(clubs: Clubs) -> None:
    client = client_of(clubs.wart_a)  # logging in writes the login's last_login
    with tenancy.acting_for(clubs.b):
        before = database_fingerprint()
    client.post(f"{A}/spielwart/spieler/aufnehmen/", {"key": "xaver"})
    client.post(f"{A}/spielwart/spieler/xaver/", {"name": "X", "key": "y", "is_active": ""})
    client.post(f"{A}/spielwart/spieler/xaver/aktiv/", {"active": "0"})
    client.post(f"{A}/spielwart/anmeldungen/{clubs.wart_b.pk}/", {"action": "password"})
    with tenancy.acting_for(clubs.b):
        after = database_fingerprint()
    changed = {row[0] for row in set(before) ^ set(after)}
    assert changed == {"Membership", "PlayerChange"}  # A's own admission, nothing of B's


def test_a_refused_player_form_keeps_the_stored_name_in_its_heading(clubs: Clubs) -> None:
    client = client_of(clubs.wart_a)
    response = client.post(f"{A}/spielwart/spieler/anna/", {"name": "\u200b", "key": "anna"})
    assert response.status_code == 422
    assert "<h1>Anna Albers bearbeiten</h1>" in response.content.decode()
    assert Player.all_clubs.get(key="anna").name == "Anna Albers"


def test_every_page_and_printout_of_club_a_shows_its_own_member_number_of_an_admitted_player(
    clubs: Clubs,
) -> None:
    """One fact, one function (`queries.members.numbers_here`): the players page's download, the
    sign-in search and its download and the Startkarten show A's number, never B's."""
    client = admitted(clubs)
    client.post(f"{A}/spielwart/spieler/xaver/", {"number": "A-42"})
    with tenancy.acting_for(clubs.a):
        season = Season.objects.create(year=2026)
        event = Event.objects.create(
            key="abend", name="Abend", date=datetime.date(2026, 11, 20), season=season
        )
        signin.sign_in(event=event, player=clubs.xaver)
        cards = startkarten_printout(event).context["pages"][0]
    players_csv = client.get(f"{A}/spielwart/spieler/?format=csv").content.decode()
    signin_csv = client.get(f"{A}/spielwart/veranstaltungen/abend/anmeldung/?format=csv")
    shown = {
        "players download": "A-42" in players_csv and "B-7" not in players_csv,
        "sign-in download": "A-42" in signin_csv.content.decode(),
        "Startkarten": [card["member_number"] for card in cards] == ["A-42"],
    }
    assert shown == dict.fromkeys(shown, True)
    with tenancy.acting_for(clubs.a):  # the sign-in search finds him by A's number only
        found = signin.find_players("A-42")
        assert [(p.key, getattr(p, "number_here", None)) for p in found] == [("xaver", "A-42")]
        assert not signin.find_players("B-7")
