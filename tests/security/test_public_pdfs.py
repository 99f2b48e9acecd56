"""Issue 24: every PDF an anonymous visitor can fetch is rendered once and then served from the
cache, with a key that changes with anything the PDF shows; few renders run at once and a
visitor who finds them all busy gets a German 503 soon; no lock file stays behind. Since
issue 39 an event's printouts are rendered by a print job instead: busy render slots do not
concern them (tests/club/tasks/test_print_jobs.py shows their progress page)."""

from __future__ import annotations

import datetime
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.conf import settings as django_settings
from django.test import Client
from pytest_django import Settings

from skatclub.club.leagues.models import Matchday
from skatclub.club.models import Club, Match, Player, Table
from skatclub.club.printing import pdf_cache, render
from skatclub.club.printing.printouts import Printout
from skatclub.club.services.offiziersskat import create_match, record_match_game
from tests.helpers.factories import enter

if TYPE_CHECKING:
    from tests.helpers.responses import Response


SPIELBERICHT = "/liga/landesliga-2026/staffel-1/spieltag/1/spielbericht.pdf"
SHEET = "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/spielliste.pdf"


@pytest.fixture
def renders(
    settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[list[int]]:
    """A real cache (the suite's is a dummy) and a count of WeasyPrint renders."""
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.DATA_DIR = tmp_path
    counted: list[int] = []
    real = render.render_printout

    def counting(printout: Printout, **options: int) -> bytes:
        counted.append(1)
        return real(printout, **options)

    monkeypatch.setattr(render, "render_printout", counting)
    yield counted
    from django.core.cache import cache

    cache.clear()


@pytest.fixture
def match(players: dict[str, Player]) -> Match:
    found = create_match(
        first=players["anna"],
        second=players["bernd"],
        variant="standard",
        date=datetime.date(2026, 11, 20),
    )
    record_match_game(match=found, number=1, line="Kr m2 a75")
    return found


def pdf_of(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF-")
    return response.content


def test_the_spielbericht_is_rendered_once_and_again_when_a_team_or_player_is_renamed(
    client: Client, first_day: Matchday, renders: list[int]
) -> None:
    first = pdf_of(client, SPIELBERICHT)
    assert pdf_of(client, SPIELBERICHT) == first
    assert len(renders) == 1
    first_day.division.teams.filter(name="Team B").update(name="Team Blau")
    pdf_of(client, SPIELBERICHT)
    assert len(renders) == 2
    Player.objects.filter(key="a1").update(name="Anton Umbenannt")
    pdf_of(client, SPIELBERICHT)
    assert len(renders) == 3
    pdf_of(client, SPIELBERICHT)
    assert len(renders) == 3


def test_the_offiziersskat_list_is_rendered_once_and_again_after_a_game_or_a_new_name(
    client: Client, match: Match, renders: list[int]
) -> None:
    url = f"/offiziersskat/{match.pk}/spielliste.pdf"
    pdf_of(client, url)
    pdf_of(client, url)
    assert len(renders) == 1
    record_match_game(match=match, number=2, line="Gr o1")
    pdf_of(client, url)
    assert len(renders) == 2
    Player.objects.filter(key="bernd").update(name="Bernd Neuname")
    pdf_of(client, url)
    assert len(renders) == 3


def test_a_spielliste_is_rendered_again_when_a_player_or_the_club_is_renamed(
    client: Client, four_table: Table, renders: list[int]
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    pdf_of(client, SHEET)
    pdf_of(client, SHEET)
    assert len(renders) == 1
    Player.objects.filter(key="carla").update(name="Carla Neuname")  # leaves no table change
    pdf_of(client, SHEET)
    assert len(renders) == 2
    Club.objects.update(name="Skatfreunde Umbenannt")
    pdf_of(client, SHEET)
    assert len(renders) == 3


def url_of(request: pytest.FixtureRequest, kind: str) -> str:
    """The URL of one public PDF, with only the fixtures it needs (two would share a season)."""
    if kind == "spielbericht":
        request.getfixturevalue("first_day")
        return SPIELBERICHT
    if kind == "offiziersskat":
        return f"/offiziersskat/{request.getfixturevalue('match').pk}/spielliste.pdf"
    enter(request.getfixturevalue("four_table"), 1, 2, "Kr m2 H S")
    return SHEET


@contextmanager
def taken(name: str, count: int) -> Iterator[None]:
    """Slots `name-0` … held as another server process would hold them."""
    far = time.monotonic() + 60
    with ExitStack() as stack:
        for number in range(count):
            assert stack.enter_context(pdf_cache._locked(f"{name}-{number}", far))
        yield


def timed_get(client: Client, url: str) -> tuple[Response, float]:
    started = time.monotonic()
    response = client.get(url)
    return response, time.monotonic() - started


@pytest.mark.parametrize("kind", ["spielbericht", "offiziersskat"])
def test_when_every_render_slot_is_busy_a_visitor_gets_a_german_503_within_seconds(
    client: Client, request: pytest.FixtureRequest, renders: list[int], kind: str
) -> None:
    url = url_of(request, kind)
    with taken("render", pdf_cache.RENDER_SLOTS):
        response, waited = timed_get(client, url)
    assert response.status_code == 503 and response["Retry-After"] == "5"
    assert "wird gerade erstellt" in response.content.decode()
    assert pdf_cache.WAIT_SECONDS <= waited < pdf_cache.WAIT_SECONDS + 5  # not 20 s as before
    assert renders == []
    assert pdf_of(client, url)  # a slot free again: rendered


def test_an_events_printout_is_not_held_up_by_busy_render_slots(
    client: Client, four_table: Table, renders: list[int]
) -> None:
    """Its print job renders it (at once in the tests; on a server in the print worker)."""
    enter(four_table, 1, 2, "Kr m2 H S")
    with taken("render", pdf_cache.RENDER_SLOTS), taken("wait", pdf_cache.WAIT_SLOTS):
        assert pdf_of(client, SHEET)
    assert renders == [1]


def test_when_the_waiting_room_is_full_too_the_503_comes_at_once(
    client: Client, first_day: Matchday, renders: list[int]
) -> None:
    """Waiting visitors hold server workers: beyond WAIT_SLOTS nobody waits, so the ranking
    pages keep a worker however many PDFs are asked for."""
    with taken("render", pdf_cache.RENDER_SLOTS), taken("wait", pdf_cache.WAIT_SLOTS):
        response, waited = timed_get(client, SPIELBERICHT)
    assert response.status_code == 503 and "wird gerade erstellt" in response.content.decode()
    assert waited < pdf_cache.WAIT_SECONDS
    assert renders == []


@pytest.mark.parametrize("kind", ["spielbericht", "offiziersskat", "spielliste"])
def test_no_lock_file_stays_behind_after_pdf_requests(
    client: Client, request: pytest.FixtureRequest, renders: list[int], kind: str
) -> None:
    url = url_of(request, kind)
    for _ in range(3):
        pdf_of(client, url)
    locks = Path(django_settings.DATA_DIR) / "locks"
    assert not locks.exists() or list(locks.iterdir()) == []
    assert len(renders) == 1


def test_a_lock_taken_by_another_holder_is_waited_for_and_then_got(
    tmp_path: Path, settings: Settings
) -> None:
    settings.DATA_DIR = tmp_path
    soon = time.monotonic() + 0.2
    with (
        pdf_cache._locked("render-0", soon) as first,
        pdf_cache._locked("render-0", soon) as second,
    ):
        assert first and not second
    with pdf_cache._locked("render-0", soon) as again:
        assert again
    assert list((tmp_path / "locks").iterdir()) == []
