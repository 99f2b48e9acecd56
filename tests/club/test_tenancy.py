"""Two clubs on one server: a Spielwart of club A can neither see nor change anything of club B,
on every URL the club app has.

Club A is the home club (its pages without a prefix and under /v/a/), club B lives under
/v/b/. Club B's names are unique words ("Zebraturnier", "Xaver Geheim"), so a page that
shows anything of B's gives itself away.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.test import Client

from skatclub.club import tenancy
from skatclub.club.models import Club, Event, Match, Membership, Player, Season
from tests.helpers.clubs import ClubData, build_club, club_routes, filled, staff
from tests.helpers.refusals import database_fingerprint

if TYPE_CHECKING:
    from tests.helpers.responses import Response


SECRETS = (
    "Zebraturnier",
    "Xaver Geheim",
    "Yvonne Verborgen",
    "Zora Unbekannt",
    "spielwart-b",
    "Zebraliga",
    "Zebrastaffel",
    "Zebramannschaft",
    "Zebraspieltag",
)


ClubB = ClubData


@pytest.fixture
def club_a(db: None) -> Club:
    club = tenancy.home_club()
    club.slug = "a"
    club.save()
    return club


@pytest.fixture
def club_b(club_a: Club) -> ClubB:
    club = Club.objects.create(name="Skatfreunde Zebra", slug="b")
    names = ["Xaver Geheim", "Yvonne Verborgen", "Zora Unbekannt"]
    return build_club(club, word="Zebra", names=names, player_key="geheim", spielwart="spielwart-b")


@pytest.fixture
def a_client(client: Client, club_a: Club) -> Client:
    client.force_login(staff("spielwart-a", club_a))
    return client


ROUTES = sorted(club_routes())


def test_the_walk_covers_the_club_app() -> None:
    names = {name for _, name in ROUTES}
    assert len(ROUTES) >= 80
    assert {"table-entry", "event-detail", "spielwart-users", "table-link", "match-entry"} <= names


def shows_b(response: Response) -> list[str]:
    text = b"".join(response) if response.streaming else response.content
    page = text.decode("utf-8", "replace")
    return [secret for secret in SECRETS if secret in page]


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES)
def test_a_spielwart_of_club_a_finds_nothing_of_club_b_on_his_clubs_pages(
    a_client: Client, club_b: ClubB, route: str, name: str
) -> None:
    before = database_fingerprint()
    # Without a prefix a server with two clubs answers 404 (or the list of clubs) anyway.
    for prefix in ("", "/v/a"):
        url = prefix + filled(route, club_b)
        got = a_client.get(url)
        assert not shows_b(got), f"GET {url} zeigt {shows_b(got)}"
        if "<" in route:
            assert got.status_code in (404, 405), f"GET {url}: {got.status_code}"
        posted = a_client.post(url, {"action": "delete", "confirm": "1"})
        assert not shows_b(posted), f"POST {url} zeigt {shows_b(posted)}"
        if "<" in route:
            assert posted.status_code in (404, 405), f"POST {url}: {posted.status_code}"
    assert database_fingerprint() == before


def is_public(client: Client, url: str) -> bool:
    return client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(("route", "name"), ROUTES)
def test_a_spielwart_of_club_a_may_not_act_in_club_b(
    a_client: Client, club_b: ClubB, route: str, name: str
) -> None:
    """Under B's own address A's Spielwart is a visitor: what an anonymous visitor may read
    he may read too (public pages), everything else is refused, and nothing changes. A table's
    link is the exception by design: whoever holds its secret address enters its games."""
    if route.startswith("t/<str:token>"):
        pytest.skip("the table link's token is the permission, whoever holds it")
    if name in ("login", "logout", "password-change"):
        pytest.skip("the login and one's own password are the same under every club's address")
    url = "/v/b" + filled(route, club_b)
    public = is_public(Client(), url)
    before = database_fingerprint()
    got = a_client.get(url)
    if not public:
        assert got.status_code in (302, 403, 404, 405), f"GET {url}: {got.status_code}"
        assert not shows_b(got) or got.status_code == 302, f"GET {url} zeigt {shows_b(got)}"
    posted = a_client.post(url, {"action": "delete", "confirm": "1"})
    assert posted.status_code in (302, 403, 404, 405), f"POST {url}: {posted.status_code}"
    if posted.status_code == 302:
        assert "/anmelden/" in posted["Location"] or "password" in url or "abmelden" in url
    assert database_fingerprint() == before


@pytest.mark.django_db
def test_club_b_s_own_spielwart_works_under_its_address(client: Client, club_b: ClubB) -> None:
    client.force_login(club_b.user)
    page = client.get(f"/v/b/spielwart/veranstaltungen/{club_b.event.key}/")
    assert page.status_code == 200
    assert "Zebraturnier" in page.content.decode()
    # Every address the page builds stays under the club's prefix.
    links = re.findall(r'href="(/[^"]*)"', page.content.decode())
    inside = [link for link in links if not link.startswith("/static/")]
    assert inside and all(link.startswith("/v/b/") for link in inside), inside[:5]


@pytest.mark.django_db
def test_a_server_with_two_clubs_lists_them_on_its_start_page(
    client: Client, club_b: ClubB
) -> None:
    page = client.get("/").content.decode()
    assert 'href="/v/b/"' in page and "Skatfreunde Zebra" in page
    assert client.get("/spielwart/").status_code == 404


@pytest.mark.django_db
def test_a_player_of_club_a_who_joins_club_b_keeps_one_history(
    club_a: Club, club_b: ClubB, client: Client
) -> None:
    player = club_b.players[0]
    assert client.get(f"/v/a/spieler/{player.key}/").status_code == 404
    Membership.objects.create(club=club_a, player=player)
    page = client.get(f"/v/b/spieler/{player.key}/").content.decode()
    assert "Zebraturnier" in page
    # In A he is a member now, but B's events stay B's.
    page_a = client.get(f"/v/a/spieler/{player.key}/")
    assert page_a.status_code == 200 and "Zebraturnier" not in page_a.content.decode()


@pytest.mark.django_db
def test_an_unknown_club_prefix_answers_404(client: Client, club_a: Club) -> None:
    assert client.get("/v/gibtesnicht/").status_code == 404
    assert client.get("/v/%00/").status_code == 404


@pytest.mark.django_db
def test_the_admin_is_for_superusers_only(a_client: Client) -> None:
    assert a_client.get("/admin/club/event/").status_code == 302


def test_matches_are_scoped_like_events() -> None:
    assert Match.objects.__class__ is tenancy.ClubManager


@pytest.mark.django_db
def test_add_club_makes_a_club_with_its_spielwart_who_acts_only_there(club_a: Club) -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("add_club", "nord", "Skatclub Nord", "--spielwart", "nordwart", stdout=out)
    password = out.getvalue().rsplit(": ", 1)[1].strip()
    client = Client()
    login = client.post("/v/nord/anmelden/", {"username": "nordwart", "password": password})
    assert login.status_code == 302
    assert client.get("/v/nord/spielwart/").status_code == 200
    assert client.get("/v/a/spielwart/").status_code == 403
    call_command("add_club", "nord", "Skatclub Nord e. V.", stdout=out)
    assert Club.objects.get(slug="nord").name == "Skatclub Nord e. V."


@pytest.mark.django_db
def test_a_command_on_a_server_with_two_clubs_asks_which(club_b: ClubB) -> None:
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match="mehrere Vereine: bitte --club angeben"):
        call_command("standings", "--event", "zebraturnier")
    from io import StringIO

    out = StringIO()
    call_command("standings", "--event", "zebraturnier", "--club", "b", stdout=out)
    assert "Xaver Geheim" in out.getvalue()


@pytest.mark.django_db
def test_a_spielwart_admits_a_player_of_another_club_by_his_key(
    a_client: Client, club_b: ClubB
) -> None:
    player = club_b.players[0]
    page = a_client.post("/v/a/spielwart/spieler/aufnehmen/", {"key": player.key}, follow=True)
    assert "Xaver Geheim spielt jetzt auch in diesem Verein." in page.content.decode()
    assert a_client.get(f"/v/a/spielwart/spieler/{player.key}/").status_code == 200
    again = a_client.post("/v/a/spielwart/spieler/aufnehmen/", {"key": player.key}, follow=True)
    assert "gehört schon zu diesem Verein" in again.content.decode()
    for absurd in ("x" * 500, "\x00", "1e-50000"):  # a NUL broke the query on PostgreSQL
        unknown = a_client.post("/v/a/spielwart/spieler/aufnehmen/", {"key": absurd}, follow=True)
        assert "gibt es nicht" in unknown.content.decode()


@pytest.mark.django_db
def test_searching_club_a_s_players_finds_nobody_of_club_b(a_client: Client, club_b: ClubB) -> None:
    own = Event.objects.create(
        key="abend",
        name="Vereinsabend",
        date=datetime.date(2026, 11, 21),
        season=Season.objects.create(year=2026),
    )
    for word in ("Xaver", "geheim-0", "Zora"):
        signin = a_client.get(f"/v/a/spielwart/veranstaltungen/{own.key}/anmeldung/?q={word}")
        players = a_client.get(f"/v/a/spielwart/spieler/?q={word}&alle=1")
        assert signin.status_code == players.status_code == 200
        assert not shows_b(signin) and not shows_b(players)
    # The same search in club B finds him: the query works, the club keeps him.
    b_client = Client()
    b_client.force_login(club_b.user)
    found = b_client.get("/v/b/spielwart/spieler/?q=Xaver")
    assert "Xaver Geheim" in found.content.decode()


@pytest.mark.django_db
def test_an_archive_for_club_b_imports_there_and_refuses_a_key_of_club_a(
    tmp_path: Path, club_a: Club
) -> None:
    from tests.helpers.archive import run_import, spec_example

    club = Club.objects.create(name="Skatfreunde Zebra", slug="b")
    status, out, err = run_import(tmp_path, spec_example(), "--club", "b")
    assert status == 0, err
    assert Event.all_clubs.get().club == club
    assert Player.all_clubs.filter(club=club).count() == 7
    assert Club.objects.get(slug="b").name == "Skatfreunde Altenburg"  # the archive's name
    # The same archive for club A: its keys belong to club B's players now.
    status, out, err = run_import(tmp_path, spec_example(), "--club", "a")
    assert status == 1
    assert "das Kürzel gehört Anna Albers, einem Spieler eines anderen Vereins" in err
    assert not Event.all_clubs.filter(club=club_a).exists()
