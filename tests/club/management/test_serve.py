"""`manage.py serve` and `demo`: Granian under production settings, the address and a QR code."""

from __future__ import annotations

import io
import os
from typing import Any

import pytest
from django.core.management import call_command

from skatclub.club.management.commands import serve


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What would have been started instead of this process."""
    seen: dict[str, Any] = {}

    def execve(path: str, argv: list[str], env: dict[str, str]) -> None:
        seen.update(path=path, argv=argv, env=env)

    monkeypatch.setattr(os, "execve", execve)
    monkeypatch.setattr(serve, "lan_addresses", lambda: ["192.0.2.20"])
    return seen


def test_serve_runs_granian_on_every_address_without_debug_and_prints_a_qr_code(
    started: dict[str, Any], db: None
) -> None:
    out = io.StringIO()
    call_command("serve", "--port", "8123", stdout=out)
    text = out.getvalue()
    assert started["argv"][1:4] == ["-m", "granian", "skatclub.wsgi:application"]
    assert "--interface=wsgi" in started["argv"]
    assert {"--host=0.0.0.0", "--port=8123"} <= set(started["argv"])
    env = started["env"]
    assert env["DEBUG"] == "0" and env["HTTPS"] == "0"
    assert "192.0.2.20" in env["ALLOWED_HOSTS"].split(",")
    assert "127.0.0.1" in env["ALLOWED_HOSTS"].split(",")
    assert "Adresse: http://192.0.2.20:8123/" in text
    assert "▄" in text or "█" in text  # the QR code in half blocks


def test_demo_serves_the_same_way_on_the_laptop_only(started: dict[str, Any], db: None) -> None:
    out = io.StringIO()
    call_command("demo", "--port", "8124", "--force", stdout=out)
    assert {"--host=127.0.0.1", "--port=8124"} <= set(started["argv"])
    assert started["env"]["DEBUG"] == "0"
    assert "Adresse: http://127.0.0.1:8124/" in out.getvalue()
