"""Issue 24: every name has a visible character. Walk-in names, player names, league team names
and member numbers could be invisible (a right-to-left override, zero-width characters, a Hangul
filler); now each entry point refuses them in German and stores nothing, and a bidi control
inside a name is dropped. One helper: skatclub.club.text.visible_name."""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from skatclub.club.archive import ArchiveError, import_archive, parse_archive
from skatclub.club.imports.cells import CellError, as_text
from skatclub.club.leagues.models import Team
from skatclub.club.models import Club, Event, Player
from skatclub.club.services import users
from skatclub.club.services.errors import EntryError
from skatclub.club.text import InvisibleText, visible_name, visible_text
from tests.helpers.archive import spec_example
from tests.helpers.refusals import database_fingerprint, is_german_refusal

if TYPE_CHECKING:
    from tests.helpers.responses import Response

# Nothing in these shows: bidi overrides and isolates, zero-width space, joiners, word joiner,
# BOM, a combining accent alone, the Hangul filler, the blank braille cell, private use,
# an unassigned code point, an ideographic space.
INVISIBLE = [
    "\u202e",
    "\u202a\u202c",
    "\u2066\u2069",
    "\u200b",
    "\u200c\u200d",
    "\u2060",
    "\ufeff",
    "\u0301",
    "\u3164",
    "\u115f\u1160",
    "\u2800",
    "\ue000",
    "\U000e0001",  # language tag (Cf)
    "\u0378",  # unassigned
    " \u3000 \u200b ",
]
EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


@pytest.mark.parametrize("text", INVISIBLE, ids=repr)
def test_a_text_of_nothing_visible_is_refused(text: str) -> None:
    assert visible_text(text) == ""
    with pytest.raises(InvisibleText, match="mindestens ein sichtbares Zeichen"):
        visible_name(text)


@pytest.mark.parametrize(
    ("text", "stored"),
    [
        ("Anna\u202e Albers", "Anna Albers"),
        ("\u2067Bernd\u2069  Brandt\u200b", "Bernd Brandt"),
        ("José\u0301", "José\u0301"),  # a combining mark on a letter stays
        ("Ö", "Ö"),
        ("  ", ""),
        ("", ""),
    ],
    ids=repr,
)
def test_a_name_keeps_what_shows_and_drops_the_rest(text: str, stored: str) -> None:
    assert visible_name(text) == stored


def refused(response: Response, before: object) -> None:
    status, page = response.status_code, response.content.decode()
    assert is_german_refusal(status if status >= 400 else 422, page), (status, page[-800:])
    assert "sichtbares Zeichen" in page
    assert database_fingerprint() == before


@pytest.mark.parametrize("name", INVISIBLE, ids=repr)
def test_a_new_player_needs_a_visible_name(spielwart_client: Client, name: str) -> None:
    before = database_fingerprint()
    refused(spielwart_client.post("/spielwart/spieler/neu/", {"name": name}), before)


@pytest.mark.parametrize("number", ["\u202e", "\u200b\u2060", "\u3164"], ids=repr)
def test_a_member_number_needs_a_visible_character(spielwart_client: Client, number: str) -> None:
    before = database_fingerprint()
    data = {"name": "Otto Öhler", "member_number": number}
    refused(spielwart_client.post("/spielwart/spieler/neu/", data), before)


@pytest.mark.parametrize("name", ["\u202e", "\u3164", "\u2800", "\u0301"], ids=repr)
def test_a_guest_added_at_the_event_needs_a_visible_name(
    spielwart_client: Client, event: Event, name: str
) -> None:
    before = database_fingerprint()
    response = spielwart_client.post(EVENT + "anwesend/", {"action": "guest", "name": name})
    refused(response, before)


@pytest.mark.parametrize("name", ["\u202e", "\u200b\u200d", "\u3164", "\ue000"], ids=repr)
def test_a_walk_in_at_sign_in_needs_a_visible_name(
    spielwart_client: Client, event: Event, name: str
) -> None:
    before = database_fingerprint()
    data = {"action": "register", "name": name, "guest": "on"}
    refused(spielwart_client.post(EVENT + "anmeldung/", data), before)


def test_a_walk_in_member_number_needs_a_visible_character(
    spielwart_client: Client, event: Event
) -> None:
    before = database_fingerprint()
    data = {"action": "register", "name": "Gustav Gast", "member_number": "\u202e\u200b"}
    refused(spielwart_client.post(EVENT + "anmeldung/", data), before)


def test_a_walk_in_name_loses_its_bidi_override(spielwart_client: Client, event: Event) -> None:
    data = {"action": "register", "name": "Gustav\u202e Gast", "guest": "on"}
    spielwart_client.post(EVENT + "anmeldung/", data)
    assert Player.objects.get().name == "Gustav Gast"


@pytest.mark.parametrize("name", ["\u202e", "\u3164"], ids=repr)
def test_an_event_needs_a_visible_name(spielwart_client: Client, db: None, name: str) -> None:
    before = database_fingerprint()
    data = {
        "name": name,
        "date": "2026-12-18",
        "ruleset": "isko",
        "cents_per_point": "1/4",
        "games_3": "36",
        "games_4": "48",
        "games_5": "60",
    }
    refused(spielwart_client.post("/spielwart/veranstaltungen/neu/", data), before)


def league_data(**changes: str) -> dict[str, str]:
    teams = "\n".join(
        f"{team}: {', '.join(keys)}"
        for team, keys in (
            ("Herz Dame", ["anna", "bernd", "carla"]),
            ("Pik As", ["dieter", "emil", "fritz"]),
        )
    )
    data = {"name": "Landesliga", "year": "2026", "division": "Staffel 1", "teams_text": teams}
    return data | changes


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "\u202e"},
        {"division": "\u200b\u3164"},
        {"teams_text": "\u202e\u200b: anna, bernd, carla\nPik As: dieter, emil, fritz"},
        {"teams_text": "\u3164: anna, bernd, carla\nPik As: dieter, emil, fritz"},
    ],
    ids=repr,
)
def test_a_league_its_division_and_its_teams_need_visible_names(
    spielwart_client: Client, players: dict[str, Player], changes: dict[str, str]
) -> None:
    for key in ("fritz",):
        Player.objects.get_or_create(key=key, defaults={"name": "Fritz Fuchs"})
    before = database_fingerprint()
    refused(spielwart_client.post("/spielwart/ligen/", league_data(**changes)), before)
    assert not Team.objects.exists()


def test_a_login_needs_a_visible_name_when_it_has_one(db: None) -> None:
    with pytest.raises(EntryError, match="sichtbares Zeichen"):
        users.create_login(username="otto", name="\u202e\u200b")
    user, _ = users.create_login(username="paula", name="Paula\u202e Pauls")
    assert user.first_name == "Paula Pauls"


@pytest.mark.parametrize("name", ["\u202e", "\u3164"], ids=repr)
def test_a_club_needs_a_visible_name(db: None, name: str) -> None:
    with pytest.raises(CommandError):
        call_command("add_club", "zweiter-verein", name)
    assert not Club.objects.filter(slug="zweiter-verein").exists()


@pytest.mark.parametrize("name", ["\u3164", "\u2800", "\ue000", "\u0301"], ids=repr)
def test_an_archive_player_or_club_needs_a_visible_name(db: None, name: str) -> None:
    for place in ("player", "club"):
        data = copy.deepcopy(spec_example())
        if place == "player":
            data["players"][0]["name"] = name
        else:
            data["club"]["name"] = name
        before = database_fingerprint()
        with pytest.raises(ArchiveError):
            import_archive(parse_archive(json.dumps(data)))
        assert database_fingerprint() == before


def test_an_archive_member_number_needs_a_visible_character(db: None) -> None:
    data = copy.deepcopy(spec_example())
    data["players"][0]["member_number"] = "\u202e"
    with pytest.raises(ArchiveError) as error:
        import_archive(parse_archive(json.dumps(data)))
    assert "sichtbares Zeichen" in " ".join(error.value.problems)


@pytest.mark.parametrize("name", ["\u202e", "\u3164", "\u2800"], ids=repr)
def test_a_spreadsheet_name_needs_a_visible_character(name: str) -> None:
    with pytest.raises(CellError, match="sichtbares Zeichen"):
        as_text(name, "Der Name")
