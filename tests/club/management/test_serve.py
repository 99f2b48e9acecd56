"""`manage.py serve` and `demo`: Granian under production settings, the address and a QR code,
and a background worker per queue beside it, stopped when Granian ends."""

from __future__ import annotations

import io
import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from skatclub.club.management.commands import serve


class Started:
    """A process `serve` would have started: it ends at once (code 0) when waited for."""

    def __init__(self, argv: list[str], env: dict[str, str], **options: Any) -> None:
        self.argv, self.env, self.options = argv, env, options
        self.terminated = False

    def poll(self) -> int | None:
        return 0 if self.terminated else None

    def wait(self, timeout: float | None = None) -> int:
        return 0

    def terminate(self) -> None:
        self.terminated = True

    def send_signal(self, signum: int) -> None:
        self.terminated = True


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """What would have been started: Granian ("argv", "env") and the workers ("workers")."""
    seen: dict[str, Any] = {"workers": []}

    def popen(argv: list[str], env: dict[str, str], **options: Any) -> Started:
        process = Started(argv, env, **options)
        if "granian" in argv:
            seen.update(argv=argv, env=env)
        else:
            seen["workers"].append(process)
        return process

    monkeypatch.setattr(subprocess, "Popen", popen)
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


def test_serve_starts_a_worker_per_queue_and_stops_them_when_granian_ends(
    started: dict[str, Any], db: None
) -> None:
    call_command("serve", "--port", "8125", stdout=io.StringIO())

    workers = started["workers"]
    assert [w.argv[1:5] for w in workers] == [["-m", "skatclub", "manage", "worker"]] * 2
    assert {a for w in workers for a in w.argv if a.startswith("--queue-name=")} == {
        "--queue-name=default",
        "--queue-name=print",
    }
    assert all(w.env["DEBUG"] == "0" for w in workers)
    assert all(w.options["process_group"] == 0 for w in workers)  # Strg+C passed on once
    assert all(w.terminated for w in workers)  # Granian ended: the workers are stopped


@pytest.mark.parametrize("cores", [1, 2, 3, 4, 8, 64])
def test_serve_sizes_itself_below_what_granian_warns_about_in_english(cores: int) -> None:
    # granian/server/common.py warns when workers > cores, granian/server/mp.py when the
    # blocking threads of a WSGI process exceed 2 × cores + 1.
    workers, threads = serve.sized_for(cores)
    assert 1 <= workers <= min(cores, 3)
    assert 1 <= threads <= 2 * cores + 1
    argv = serve.server_argv("127.0.0.1", 8000, workers)
    assert f"--workers={workers}" in argv


def test_the_server_on_this_machine_starts_without_an_english_warning(
    tmp_path: Any,
) -> None:
    workers, _ = serve.sized_for(os.cpu_count() or 1)
    argv = serve.server_argv("127.0.0.1", 0, workers)
    server = subprocess.Popen(
        argv,
        cwd=str(Path(__file__).resolve().parents[3]),
        env={**os.environ, "SKATCLUB_DATA": str(tmp_path), "DEBUG": "0", "SECRET_KEY": "x" * 50},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        out, _ = server.communicate(timeout=6)
    except subprocess.TimeoutExpired:
        server.terminate()
        out, _ = server.communicate(timeout=15)
    assert "appears to be" not in out and "seems quite high" not in out, out
