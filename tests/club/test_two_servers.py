"""A Verband on two application servers (issue 44): two Granian servers with data folders of
their own behind one PostgreSQL and one Redis. A game saved through one is seen at once
through the other; the phone's resend that reaches the other server stores nothing twice;
a printout rendered by a worker is served by both (the PDF lives in the shared cache and on
its job in the database, never only on one server's disk)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection

from skatclub.club import services
from skatclub.club.models import Game, Table, TableLink

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = "redis://127.0.0.1:6379/14"

pytestmark = [
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="two servers share a database server (PostgreSQL)",
    ),
    pytest.mark.django_db(transaction=True),
]


def redis_answers() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def server_env(data: Path) -> dict[str, str]:
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    return {
        **os.environ,
        "DATABASE_URL": url,
        "REDIS_URL": REDIS_URL,
        "SKATCLUB_DATA": str(data),
        "DEBUG": "0",
        "SECRET_KEY": "two-servers-test-only-0123456789abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_PREPARED": "0",
        "SKATCLUB_TABLE_LINK_DAYS": "100000",  # the fixtures' event is in the past
    }


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[str]]:
    if not redis_answers():
        pytest.skip("no Redis on 127.0.0.1:6379")
    redis.Redis.from_url(REDIS_URL).flushdb()  # the test's own database of the Redis server
    started, urls = [], []
    for name in ("a", "b"):
        port = free_port()
        argv = [sys.executable, "-m", "granian", "skatclub.wsgi:application"]
        argv += ["--interface=wsgi", "--host=127.0.0.1", f"--port={port}", "--workers=1"]
        started.append(
            subprocess.Popen(
                argv, cwd=ROOT, env=server_env(tmp_path / name), start_new_session=True
            )
        )
        urls.append(f"http://127.0.0.1:{port}")
    try:
        for url in urls:
            wait_for(url)
        yield urls
    finally:
        for process in started:
            process.terminate()
            process.wait(timeout=30)


def wait_for(url: str) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/", timeout=5).read()
            return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"{url} does not answer")


class Phone:
    """A phone at the table: cookies and the CSRF token, sending to whichever server."""

    def __init__(self) -> None:
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> tuple[int, bytes, str]:
        with self.opener.open(url, timeout=60) as response:
            return response.status, response.read(), response.headers["Content-Type"]

    def post(self, url: str, fields: dict[str, str]) -> tuple[int, str, str]:
        token = next(c.value or "" for c in self.jar if c.name == "csrftoken")
        request = urllib.request.Request(url, data=urllib.parse.urlencode(fields).encode())
        request.add_header("X-CSRFToken", token)
        request.add_header("X-Entry-Partial", "1")
        try:
            with self.opener.open(request, timeout=60) as response:
                result = response.headers.get("X-Entry-Result", "")
                return response.status, response.read().decode(), result
        except urllib.error.HTTPError as refused:
            return refused.code, refused.read().decode(), refused.headers.get("X-Entry-Result", "")


def test_two_servers_share_the_games_the_pdfs_and_exactly_once(
    servers: list[str], four_table: Table, spielwart: User
) -> None:
    one, other = servers
    link: TableLink = services.issue_link(table=four_table, user=spielwart)
    phone = Phone()
    phone.get(f"{one}/t/{link.token}/")
    game = {"number": "1", "line": "2 Kr m2 H S", "entry_id": "phone-1-game-1"}

    saved = phone.post(f"{one}/t/{link.token}/spiel/", game)
    resent = phone.post(f"{other}/t/{link.token}/spiel/", game)  # the answer got lost

    assert (saved[0], saved[2]) == (200, "saved"), saved[1][:3000]
    assert (resent[0], resent[2]) == (200, "already-saved")
    assert Game.objects.filter(table=four_table).count() == 1
    _, page, _ = phone.get(f"{other}/t/{link.token}/")
    assert re.search(r"72", page.decode())  # seen at once through the other server

    results = f"/veranstaltungen/{four_table.round.event.key}/ergebnis.pdf"
    status, _, _ = phone.get(one + results)
    assert status == 202  # a print job waits for a worker
    worker = subprocess.run(
        [sys.executable, "-m", "skatclub", "manage", "worker", "--batch", "--queue-name=*"],
        cwd=ROOT,
        env=server_env(Path(settings.DATA_DIR) / "worker"),
        timeout=300,
        check=True,
    )
    assert worker.returncode == 0
    for server in (one, other):
        status, body, kind = phone.get(server + results)
        assert (status, kind) == (200, "application/pdf") and body.startswith(b"%PDF-")
