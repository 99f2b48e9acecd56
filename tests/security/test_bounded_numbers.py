"""Issue 24: every whole number read from a request or a file is parsed with a length bound
first (skatclub.club.numbers), so no "Exceeds the limit (4300 digits)", no OverflowError and no
database integer overflow reaches a user: they get the page, a German refusal or a 404.

The findings: `/spieler/<key>/?saison=` with 5,000 digits answered 500 (found by the property
test of the public pages on a second, differently seeded run), `teams=10^30` for a Spieltag on
SQLite answered 500."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from django.test import Client

from skatclub.club import numbers
from skatclub.club.archive import ArchiveError, import_archive, parse_archive
from skatclub.club.models import Table
from tests.helpers.archive import german_lines, spec_example
from tests.helpers.factories import enter
from tests.helpers.refusals import database_fingerprint, is_german_refusal

# What people and programs send where a whole number belongs.
ODD = [
    "9" * 5000,
    "-" + "9" * 5000,
    str(10**30),
    str(2**63),
    str(2**31),
    "1e-50000",
    "1e5",
    "-0",
    "١٢",  # Arabic-Indic twelve: int() takes it
    "²",
    " 12 ",
    "+12",
    "12\x00",
    "1_2",
    "12.0",
    "",
    "\u202e12",
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", 12),
        (" 12 ", 12),
        ("+12", 12),
        ("-0", 0),
        ("-3", -3),
        ("0012", 12),
        ("١٢", None),
        ("²", None),
        ("12\x00", None),
        ("1_2", None),
        ("12.0", None),
        ("1e5", None),
        ("", None),
        (" ", None),
        ("+", None),
        ("9" * 5000, None),
        (str(2**31), None),
        (str(2**31 - 1), 2**31 - 1),
        (str(-(2**31)), -(2**31)),
        (None, None),
        (12, 12),
        (True, None),
        (12.0, None),
    ],
    ids=repr,
)
def test_a_whole_number_is_ascii_digits_of_bounded_length_in_range(
    text: object, expected: int | None
) -> None:
    assert numbers.whole_number(text) == expected


def test_a_whole_number_outside_the_asked_range_is_none() -> None:
    assert numbers.whole_number("7", minimum=1, maximum=6) is None
    assert numbers.whole_number("0", minimum=1, maximum=6) is None
    assert numbers.whole_number("6", minimum=1, maximum=6) == 6


def test_a_long_text_is_refused_before_it_is_read() -> None:
    # 10 MB of digits: refused by its length, not by int()'s 4,300-digit limit.
    assert numbers.whole_number("1" * 10_000_000) is None


@pytest.mark.parametrize("saison", ODD, ids=repr)
def test_the_player_page_answers_every_season(
    client: Client, four_table: Table, saison: str
) -> None:
    enter(four_table, 1, 2, "Kr m1")
    response = client.get("/spieler/anna/", {"saison": saison})
    assert response.status_code == 200


@pytest.mark.parametrize("takt", ODD, ids=repr)
def test_the_live_page_answers_every_refresh(client: Client, four_table: Table, takt: str) -> None:
    url = "/veranstaltungen/2026-11-20-preisskat/serie/1/"
    assert client.get(url, {"takt": takt}).status_code < 500


@pytest.mark.parametrize("team", [str(10**30), str(2**63), "9" * 5000, "١", "-0"], ids=repr)
@pytest.mark.usefixtures("first_day")
def test_a_spieltag_with_an_impossible_team_is_refused_in_german(
    spielwart_client: Client, team: str
) -> None:
    before = database_fingerprint()
    response = spielwart_client.post(
        "/spielwart/ligen/landesliga-2026/staffel-1/",
        {"number": "2", "date": "2026-04-11", "teams": [team, team], "host": team},
    )
    assert is_german_refusal(response.status_code, response.content.decode())
    assert database_fingerprint() == before


def test_an_archive_number_of_5000_digits_is_a_german_problem() -> None:
    text = json.dumps({"format": "skatclub-archive/1", "events": []})
    text = text.replace("[]", "[" + "7" * 5000 + "]")
    with pytest.raises(ArchiveError) as error:
        parse_archive(text)
    assert "Zahl" in " ".join(error.value.problems)


def _numbers_in(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The places of the spec's example archive that hold a whole number."""
    if isinstance(value, dict):
        return [p for k, inner in value.items() for p in _numbers_in(inner, (*prefix, k))]
    if isinstance(value, list):
        return [p for i, inner in enumerate(value) for p in _numbers_in(inner, (*prefix, i))]
    return [prefix] if isinstance(value, int) and not isinstance(value, bool) else []


# ... and a game's number (a smallint column), which the example leaves to its place.
GAME_NUMBER = ("events", 0, "rounds", 0, "tables", 0, "games", 0, "number")


@pytest.mark.parametrize("number", [2**15, 2**31, 10**15 - 1], ids=repr)
@pytest.mark.parametrize("path", [*_numbers_in(spec_example()), GAME_NUMBER], ids=repr)
def test_an_archive_number_beyond_any_column_imports_or_is_a_german_problem(
    db: None, path: tuple[Any, ...], number: int
) -> None:
    data = copy.deepcopy(spec_example())
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = number
    before = database_fingerprint()
    try:
        import_archive(parse_archive(json.dumps(data)))
    except ArchiveError as error:
        assert german_lines(error), error.problems
        assert database_fingerprint() == before
