"""Benchmark: a club archive of ~264,000 games through the Spielwart's pages, as a proxy with a
short read timeout sees it.

    python benchmarks/archive_page.py                 # 129 events, about 264,000 games
    python benchmarks/archive_page.py --events 10     # a quick run

Covers: `skatclub serve` as the laptop runs it (Granian, the two background workers, SQLite
in a fresh data folder), a Spielwart logged in over HTTP, the gzipped archive uploaded on
/spielwart/archiv/, the preview's check followed through the job's state (polled every
second, as the page does), confirming, the import followed the same way, then the club's
numbers (games stored, one import). Prints the slowest answer of every kind (each must stay
under 1 s: a proxy's timeout of 30 s is never near), how the count advanced, the time of each
job and the workers' peak memory.
Leaves out: a real proxy in front (the answers' own times are what a proxy waits for),
PostgreSQL (the same jobs; `DATABASE_URL` makes this run use it), a browser (the page's script
asks the same state URL).
"""

from __future__ import annotations

import argparse
import gzip
import http.cookiejar
import json
import math
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "benchmark-only-9f3c"


def generate(path: Path, events: int) -> int:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    import django

    django.setup()
    from skatclub.club.demo.generator import generate_archive

    seasons = min(10, events)
    archive = generate_archive(
        seasons=seasons,
        events_per_season=math.ceil(events / seasons),
        seed=39,
        first_year=2016,
        members=40,
        guests=8,
        rounds=(5, 5),
        totals_share=0.05,
    )
    archive["events"] = archive["events"][:events]
    games = sum(
        len(t.get("games", ())) for e in archive["events"] for r in e["rounds"] for t in r["tables"]
    )
    path.write_bytes(gzip.compress(json.dumps(archive, ensure_ascii=False).encode()))
    return games


def skatclub(data: Path, *args: str, **options: object) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "skatclub", "--data", str(data), *args]
    return subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Browser:
    """Cookies, the CSRF token and the time of every answer, by kind."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.slowest: dict[str, float] = {}

    def csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def send(self, kind: str, path: str, data: bytes | None = None, ctype: str = "") -> str:
        request = urllib.request.Request(self.base + path, data=data)
        if data is not None:
            request.add_header("Content-Type", ctype)
            request.add_header("X-CSRFToken", self.csrf())
            request.add_header("Referer", self.base + path)
        started = time.perf_counter()
        with self.opener.open(request, timeout=30) as response:
            body = response.read().decode()
            final = response.geturl()
        spent = time.perf_counter() - started
        self.slowest[kind] = max(self.slowest.get(kind, 0.0), spent)
        return body if kind != "upload" else final

    def form(self, kind: str, path: str, fields: dict[str, str]) -> str:
        fields = {**fields, "csrfmiddlewaretoken": self.csrf()}
        data = urllib.parse.urlencode(fields).encode()
        return self.send(kind, path, data, "application/x-www-form-urlencoded")

    def upload(self, path: str, file: Path, fields: dict[str, str]) -> str:
        boundary = uuid.uuid4().hex
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode()
            for k, v in {**fields, "csrfmiddlewaretoken": self.csrf()}.items()
        ]
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="file"; '
            f'filename="{file.name}"\r\nContent-Type: application/gzip\r\n\r\n'
        ).encode()
        body = b"".join(parts) + head + file.read_bytes() + f"\r\n--{boundary}--\r\n".encode()
        return self.send("upload", path, body, f"multipart/form-data; boundary={boundary}")


def follow(browser: Browser, page: str) -> tuple[float, list[str]]:
    """Poll the job named on `page` every second until it is finished: (seconds, counts)."""
    token = re.search(r'data-job-state="(/auftrag/[0-9a-f]+/stand/)"', page)
    assert token, page[:2000]
    started, counts = time.perf_counter(), []
    while True:
        state = json.loads(browser.send("state", token.group(1)))
        if state["count"] and (not counts or counts[-1] != state["count"]):
            counts.append(state["count"])
        if state["finished"]:
            assert state["status"] == "done", state
            return time.perf_counter() - started, counts
        time.sleep(1)


def worker_peak_mb(pids: list[int]) -> float:
    peak = 0.0
    for pid in pids:
        status = Path(f"/proc/{pid}/status")
        if status.exists():
            for line in status.read_text().splitlines():
                if line.startswith("VmHWM:"):
                    peak = max(peak, int(line.split()[1]) / 1024)
    return peak


def workers_of(server: subprocess.Popen[bytes]) -> list[int]:
    found = subprocess.run(
        ["pgrep", "-f", "manage worker"], capture_output=True, text=True, check=False
    )
    return [int(p) for p in found.stdout.split()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=129)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatclub-archive-page-") as folder:
        data = Path(folder) / "data"
        archive = Path(folder) / "verein.json.gz"
        games = generate(archive, options.events)
        print(f"archive: {games:,} games, {archive.stat().st_size / 1e6:.1f} MB gzip")
        skatclub(data, "manage", "migrate", "--verbosity=0")
        create = (
            "from django.contrib.auth.models import User; "
            "from skatclub.club.services import grant; "
            "from skatclub.club.tenancy import home_club; "
            f"u = User.objects.create_user('spielwart', password='{PASSWORD}'); "
            "grant(u, home_club().pk, 'spielwart')"
        )
        skatclub(data, "manage", "shell", "-c", create)
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "skatclub", "--data", str(data), "serve", "--host=127.0.0.1",
             f"--port={port}", "--workers=2"],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        try:
            run(Browser(f"http://127.0.0.1:{port}"), archive, games, server)
        finally:
            os.killpg(server.pid, signal.SIGINT)
            server.wait(timeout=120)


def run(browser: Browser, archive: Path, games: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(120):
        try:
            browser.send("page", "/anmelden/")
            break
        except OSError:
            time.sleep(0.5)
    browser.form("login", "/anmelden/", {"username": "spielwart", "password": PASSWORD})
    preview_url = browser.upload("/spielwart/archiv/", archive, {"mode": "wie-erfasst"})
    preview_path = urllib.parse.urlsplit(preview_url).path
    checked, check_counts = follow(browser, browser.send("page", preview_path))
    preview = browser.send("page", preview_path)
    assert f"<strong>{games}</strong> Spiele" in preview, preview[:3000]
    browser.form("confirm", preview_path, {"mode": "wie-erfasst"})
    result_path = preview_path.replace("vorschau", "ergebnis")
    imported, import_counts = follow(browser, browser.send("page", result_path))
    result = browser.send("page", result_path)
    assert f"{games} Spiele" in result, result[:3000]
    print(f"check (job): {checked:.0f} s; the count advanced {len(check_counts)} times:")
    for count in check_counts[:: max(1, len(check_counts) // 6)]:
        print(f"  {count}")
    print(f"import (job): {imported:.0f} s ({len(import_counts)} counts shown)")
    for kind, spent in sorted(browser.slowest.items()):
        print(f"slowest answer, {kind}: {spent * 1000:.0f} ms (target < 1,000 ms)")
    print(f"worker peak memory: {worker_peak_mb(workers_of(server)):.0f} MB")


if __name__ == "__main__":
    main()
