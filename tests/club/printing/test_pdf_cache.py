"""Issue 16: a public PDF is rendered once, served again from the cache in milliseconds, and
rendered anew when its event changes; when every render slot is busy a German page answers."""

from __future__ import annotations

import time
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from skatclub.club.models import Attendance, Player, PrizePlan, Table
from skatclub.club.printing import render
from skatclub.club.printing.printouts import Printout
from skatclub.club.services import check_table, prizes
from tests.helpers.factories import enter
from tests.helpers.pdf import pdf_text, shows_name

URL = "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/spielliste.pdf"


@pytest.fixture
def cached(settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.DATA_DIR = tmp_path
    renders: list[int] = []
    real = render.render_printout

    def counted(printout: Printout, **options: int) -> bytes:
        renders.append(1)
        return real(printout, **options)

    monkeypatch.setattr(render, "render_printout", counted)
    return renders


def test_a_repeat_request_is_served_from_the_cache_until_the_event_changes(
    client: Client, four_table: Table, cached: list[int]
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    first = client.get(URL)
    started = time.perf_counter()
    again = client.get(URL)
    repeat_ms = (time.perf_counter() - started) * 1000
    assert first.status_code == again.status_code == 200
    assert (
        again.content == first.content
        and again["Content-Disposition"] == first["Content-Disposition"]
    )
    assert len(cached) == 1
    assert repeat_ms < 200, repeat_ms  # measured: a few ms; a render takes 100+ ms
    enter(four_table, 2, 3, "Gr o1 v")
    assert client.get(URL).status_code == 200
    assert len(cached) == 2


EVENT = "/veranstaltungen/2026-11-20-preisskat/"
SHOWING_PLAYERS = [
    EVENT + "serie/1/spiellisten.pdf",
    EVENT + "serie/1/tisch/1/spielliste.pdf",
    EVENT + "serie/1/spiellisten-blanko.pdf",
    EVENT + "ergebnis.pdf",
    EVENT + "serie/1/ergebnis.pdf",
    EVENT + "abrechnung.pdf",
    EVENT + "serie/1/tischliste.pdf",
    EVENT + "gewinnplan.pdf",
]


@pytest.fixture
def tournament(four_table: Table) -> Table:
    """Four players signed in, an announced Gewinnplan, three games entered."""
    event = four_table.round.event
    for seat in four_table.seats.select_related("player"):
        Attendance.objects.create(event=event, player=seat.player, fee_cents=1000, paid=True)
    plan = prizes.plan_of(event)
    prizes.add_rule(plan=plan, category="all", first=1, last=2, percent_value=Decimal("40"))
    PrizePlan.objects.filter(pk=plan.pk).update(announced_at=timezone.now())
    for number, position, line in ((1, 2, "Kr m2 H S"), (2, 3, "Gr o1 v"), (3, 4, "Null")):
        enter(four_table, number, position, line)
    return four_table


def test_renaming_a_player_renders_every_cached_printout_that_shows_him_anew(
    client: Client, spielwart_client: Client, tournament: Table, cached: list[int]
) -> None:
    """A new name leaves no change at any table: the key covers every field of every player
    seated or signed in (`pdf_cache.printout_key`), so the next request renders anew."""
    for url in SHOWING_PLAYERS:
        assert shows_name(client.get(url).content, "Bernd Brandt"), url
    for url in SHOWING_PLAYERS:
        client.get(url)  # served from the cache
    assert len(cached) == len(SHOWING_PLAYERS)

    Player.objects.filter(key="bernd").update(name="Bernhard Zweitname")

    for url in SHOWING_PLAYERS:
        content = client.get(url).content
        assert shows_name(content, "Bernhard Zweitname"), url
        assert not shows_name(content, "Bernd Brandt"), url
    assert len(cached) == 2 * len(SHOWING_PLAYERS)
    cards = spielwart_client.get(EVENT.replace("/ver", "/spielwart/ver") + "startkarten.pdf")
    assert shows_name(cards.content, "Bernhard Zweitname")  # rendered on every request


def test_renaming_who_checked_a_list_renders_its_printouts_anew(
    client: Client, tournament: Table, checker: User, cached: list[int]
) -> None:
    for number in range(4, 49):
        enter(tournament, number, None)
    check_table(table=tournament, user=checker, confirm=True)
    url = EVENT + "serie/1/tisch/1/spielliste.pdf"
    assert "geprüft von pruefer" in pdf_text(client.get(url).content)[1]

    User.objects.filter(pk=checker.pk).update(first_name="Paula", last_name="Prüfer")

    assert "geprüft von Paula Prüfer" in pdf_text(client.get(url).content)[1]
