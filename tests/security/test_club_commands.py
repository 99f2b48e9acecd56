"""Issue 24, the small club points: `add_club --spielwart` with an existing Prüfer said "Zugang"
but left him Prüfer; slugs differing only in case made two clubs; after logging in on a server
with several clubs the login landed on a 404."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client

from skatclub.club.models import Club, ClubStaff
from skatclub.club.roles import PRUEFER, SPIELWART
from skatclub.club.services.users import grant
from skatclub.club.tenancy import home_club

PASSWORD = "geheim-und-lang-genug"


def login(username: str, role: str, *clubs: Club) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    for club in clubs:
        grant(user, club.pk, role)
    return user


def add_club(*args: str) -> str:
    out = StringIO()
    call_command("add_club", *args, stdout=out)
    return out.getvalue()


def test_add_club_makes_an_existing_pruefer_the_clubs_spielwart_as_it_says(db: None) -> None:
    add_club("nord", "Skatclub Nord")
    pruefer = login("kurt", PRUEFER, Club.objects.get(slug="nord"))
    said = add_club("nord", "Skatclub Nord", "--spielwart", "kurt")
    assert "„kurt“ (bisher Prüfer) ist jetzt Spielwart von „Skatclub Nord“" in said
    client = Client()
    client.force_login(pruefer)
    assert client.get("/v/nord/spielwart/").status_code == 200


def test_add_club_makes_a_pruefer_of_another_club_spielwart_here_only(db: None) -> None:
    """A role is held per club: Spielwart of the new club, still Prüfer of his old one."""
    old = home_club()
    old.slug = "alt"
    old.save()
    pruefer = login("kurt", PRUEFER, old)
    said = add_club("nord", "Skatclub Nord", "--spielwart", "kurt")
    assert "„kurt“ (bisher ohne Zugang) ist jetzt Spielwart von „Skatclub Nord“" in said
    roles = dict(ClubStaff.objects.filter(user=pruefer).values_list("club__slug", "role"))
    assert roles == {"alt": PRUEFER, "nord": SPIELWART}
    client = Client()
    client.force_login(pruefer)
    assert client.get("/v/nord/spielwart/").status_code == 200
    assert client.get("/v/alt/spielwart/").status_code == 403


def test_add_club_gives_a_spielwart_one_more_club_and_says_so(db: None) -> None:
    spielwart = login("wart", SPIELWART, home_club())
    said = add_club("nord", "Skatclub Nord", "--spielwart", "wart")
    assert "„wart“ ist jetzt auch Spielwart von „Skatclub Nord“" in said
    assert ClubStaff.objects.filter(user=spielwart).count() == 2


@pytest.mark.parametrize("other", ["NORD", "Nord", "nOrD"])
def test_a_slug_differing_only_in_case_is_refused_not_a_second_club(db: None, other: str) -> None:
    add_club("nord", "Skatclub Nord")
    with pytest.raises(CommandError, match="gibt es schon als „nord“"):
        add_club(other, "Skatclub Nord Zwei")
    assert list(Club.objects.filter(slug__iexact="nord").values_list("name", flat=True)) == [
        "Skatclub Nord"
    ]
    assert "umbenannt" in add_club("nord", "Skatclub Nord e. V.")  # the same slug still renames


def test_the_admin_refuses_a_slug_differing_only_in_case(db: None) -> None:
    add_club("nord", "Skatclub Nord")
    with pytest.raises(ValidationError, match="gibt es schon als „nord“"):
        Club(name="Nord Zwei", slug="Nord").full_clean()
    Club.objects.get(slug="nord").full_clean()  # the club itself is no clash


@pytest.fixture
def two_clubs(db: None) -> tuple[Club, Club]:
    return home_club(), Club.objects.create(name="Skatclub Nord", slug="nord")


def test_after_login_on_a_server_with_several_clubs_the_spielwart_lands_on_his_clubs_page(
    client: Client, two_clubs: tuple[Club, Club]
) -> None:
    login("wart", SPIELWART, two_clubs[1])
    response = client.post("/anmelden/", {"username": "wart", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/v/nord/spielwart/"
    assert client.get(response["Location"]).status_code == 200


def test_a_login_of_two_clubs_lands_on_the_list_of_clubs(
    client: Client, two_clubs: tuple[Club, Club]
) -> None:
    login("wart", SPIELWART, *two_clubs)
    response = client.post("/anmelden/", {"username": "wart", "password": PASSWORD})
    assert response.status_code == 302 and response["Location"] == "/"
    page = client.get("/")
    assert page.status_code == 200 and "/v/nord/" in page.content.decode()


def test_a_login_still_goes_where_it_was_sent_from(
    client: Client, two_clubs: tuple[Club, Club]
) -> None:
    login("wart", SPIELWART, two_clubs[1])
    response = client.post(
        "/anmelden/?next=/v/nord/spielwart/spieler/",
        {"username": "wart", "password": PASSWORD},
    )
    assert response["Location"] == "/v/nord/spielwart/spieler/"


def test_a_login_under_a_clubs_address_lands_on_that_clubs_page(
    client: Client, two_clubs: tuple[Club, Club]
) -> None:
    login("wart", SPIELWART, *two_clubs)
    response = client.post("/v/nord/anmelden/", {"username": "wart", "password": PASSWORD})
    assert response["Location"] == "/v/nord/spielwart/"
