"""Issue 16: a public PDF is rendered once, served again from the cache in milliseconds, and
rendered anew when its event changes; when every render slot is busy a German page answers."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from django.test import Client
from pytest_django import Settings

from skatclub.club.models import Table
from skatclub.club.printing import render
from skatclub.club.printing.printouts import Printout
from skatclub.club.views import pdf_cache
from tests.helpers.factories import enter

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


def test_when_every_render_slot_is_busy_the_visitor_is_asked_to_reload(
    client: Client, four_table: Table, cached: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pdf_cache, "WAIT_SECONDS", 0.2)
    far = time.monotonic() + 60
    slots = [pdf_cache._locked(f"render-{n}", far) for n in range(pdf_cache.RENDER_SLOTS)]
    for slot in slots:
        assert slot.__enter__()
    response = client.get(URL)
    for slot in slots:
        slot.__exit__(None, None, None)
    assert response.status_code == 503
    assert "wird gerade erstellt" in response.content.decode()
    assert cached == []
