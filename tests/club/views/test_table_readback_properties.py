"""Issue 26: the read-back at the table is what will be stored, for every line.

Random lines (suit, Grand and Null games, Hand, ouvert, Schneider and Schwarz, overbid,
Kontra/Re, Bock typed by hand as B0…B3, eingepasst, Ramsch) at a table whose event plays
Bockrunden, Kontra/Re and Ramsch, with game 1 a Grand Hand, so games 2 to 5 are a Bockrunde.
The read-back's sentence must be the stored game's, and the list shows the same words and
value; a line the read-back refuses is refused by the save too.
"""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from skatclub.club import services
from skatclub.club.models import Game, Table, TableLink
from skatclub.club.presenters.readback import readback
from tests.helpers.factories import enter
from tests.helpers.hypothesis_profiles import examples

PARTIAL = {"X-Entry-Partial": "1"}
SETTINGS = settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
SAID = re.compile(r'<p class="say">(.*?) — richtig\?</p>', re.S)
LINE = re.compile(r'name="line" value="([^"]*)"')
LAST = re.compile(r'id="last-game">(.*?)</p>', re.S)
DERIVATION = re.compile(r'<p class="muted derivation">(.*?)</p>', re.S)
SIZE = 4


@pytest.fixture
def bock_table(four_table: Table, spielwart: User) -> tuple[Table, TableLink]:
    event = four_table.round.event
    event.house_bock, event.house_kontra, event.house_ramsch = True, True, True
    event.bock_triggers = ["grand_hand", "all_passed"]
    event.save()
    enter(four_table, 1, 2, "Gr m1 H")  # a Bockrunde for games 2, 3, 4, 5
    return four_table, services.issue_link(table=four_table, user=spielwart)


def playing(number: int) -> list[int]:
    dealer = (number - 1) % SIZE + 1  # at a 4-table the dealer sits out
    return [seat for seat in range(1, SIZE + 1) if seat != dealer]


@st.composite
def suit_or_grand(draw: st.DrawFn) -> str:
    game = draw(st.sampled_from(["Kr", "Pi", "He", "Ka", "Gr"]))
    spitzen = draw(st.sampled_from(["m", "o"])) + str(draw(st.integers(1, 4)))
    flags = [f for f in ("H", "ouv", "SA", "ZA", "K", "Re") if draw(st.integers(0, 3)) == 0]
    bid = draw(st.sampled_from(["", "r18", "r23", "r48", "r96"]))
    result = draw(st.sampled_from(["", "v", "S", "Z", "v S", "S Z"]))
    return " ".join(part for part in (game, spitzen, *flags, bid, result) if part)


@st.composite
def null_game(draw: st.DrawFn) -> str:
    flags = [f for f in ("H", "ouv", "K", "Re") if draw(st.integers(0, 2)) == 0]
    return " ".join(["Null", *flags, draw(st.sampled_from(["", "v"]))]).strip()


@st.composite
def ramsch(draw: st.DrawFn, number: int) -> str:
    seats = playing(number)
    first = draw(st.integers(0, 120))
    second = draw(st.integers(0, 120 - first))
    points = [first, second, 120 - first - second]
    extra = draw(st.sampled_from(["", " s1", " j2"]))
    return "R " + " ".join(f"{s}:{p}" for s, p in zip(seats, points, strict=True)) + extra


@st.composite
def entries(draw: st.DrawFn) -> tuple[int, str]:
    number = draw(st.integers(2, 7))
    kind = draw(st.sampled_from(["suit", "null", "passed", "ramsch"]))
    bock = draw(st.sampled_from(["", " B0", " B", " B2", " B3"]))
    if kind == "passed":
        return number, "p"
    if kind == "ramsch":
        return number, draw(ramsch(number)) + bock
    seat = draw(st.sampled_from(playing(number)))
    game = draw(suit_or_grand() if kind == "suit" else null_game())
    return number, f"{seat} {game}{bock}"


def text(html: str) -> str:
    return unescape(re.sub(r"\s+", " ", html)).strip()


@SETTINGS
@given(entry=entries())
@example(entry=(2, "3 Kr m1 B0"))  # B0 inside the Bockrunde: read back and stored 24
@example(entry=(6, "3 Kr m1 B"))  # Bock by hand after the Bockrunde: 48
@example(entry=(3, "R 4:65 1:55 2:0 B0"))
def test_the_read_back_is_what_is_stored_and_listed(
    client: Client, bock_table: tuple[Table, TableLink], entry: tuple[int, str]
) -> None:
    table, link = bock_table
    number, line = entry
    said = client.post(
        f"/t/{link.token}/vorlesen/", {"number": str(number), "line": line}, headers=PARTIAL
    ).content.decode()
    sentence = SAID.search(said)
    if sentence is None:  # refused: the save refuses it too and stores nothing
        saved = client.post(f"/t/{link.token}/spiel/", {"number": str(number), "line": line})
        assert saved.status_code == 422, (line, said)
        assert not Game.objects.filter(table=table, number=number).exists()
        return
    canonical = LINE.search(said)
    assert canonical is not None
    post = {"number": str(number), "line": unescape(canonical.group(1))}
    saved = client.post(f"/t/{link.token}/spiel/", post, headers=PARTIAL)
    assert saved.status_code == 200 and saved["X-Entry-Result"] == "saved", (line, saved)
    game = Game.objects.select_related("declarer").get(table=table, number=number)
    name = game.declarer.name if game.declarer else ""
    assert text(sentence.group(1)) == readback(number, name, game), line
    derivation = DERIVATION.search(said)
    assert derivation is not None and text(derivation.group(1)) == game.derivation, line
    listed = LAST.search(saved.content.decode())
    assert listed is not None
    if game.ramsch is None:  # a Ramsch's list line names each loser's score instead
        assert text(listed.group(1)) == text(sentence.group(1)), line
    services.delete_game(table=table, number=number)


def test_b0_inside_a_bockrunde_is_read_back_and_stored_without_bock(
    client: Client, bock_table: tuple[Table, TableLink]
) -> None:
    table, link = bock_table
    post = {"number": "2", "line": "3 Kr m1 B0"}
    said = client.post(f"/t/{link.token}/vorlesen/", post, headers=PARTIAL).content.decode()
    assert "Spiel 2: Carla Claus, Kreuz mit 1, gewonnen = 24 — richtig?" in said
    canonical = LINE.search(said)
    assert canonical is not None and canonical.group(1) == "3 Kr m1 B0"
    client.post(f"/t/{link.token}/spiel/", {"number": "2", "line": canonical.group(1)})
    game = Game.objects.get(table=table, number=2)
    assert (game.list_score, game.bock_override) == (24, 0)
