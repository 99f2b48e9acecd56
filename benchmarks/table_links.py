"""Benchmark: 40 tables entering games at once through their table links, against gunicorn.

    python benchmarks/table_links.py                       # SQLite (temp file), 12 games a table
    python benchmarks/table_links.py --games 48 --workers 3
    python benchmarks/table_links.py --database-url postgres://postgres@127.0.0.1:5432/bench

Builds a fresh database: one event, 160 players, a Serie of 40 four-tables, a link for each.
Starts gunicorn on a free loopback port with production settings (DEBUG off), then 40 client
threads, one per table, start together: each opens its table's page (as the phone does after
scanning the QR code) and saves its games one after the other without pause, as
`static/table.js` sends them (POST /t/<token>/spiel/ with X-Entry-Partial; the answer is the
new status fragment). That is a burst far denser than a club evening, where a table saves a
game every minute or two. Prints, per saved game:
  - server time: gunicorn's own request time (%(D)s in its access log), median and p95,
  - round trip as a phone on the LAN would see it (client side, including queueing),
  - refused requests (status >= 400: "database is locked" would show here as 500),
the machine's load (a CPU check), and the cost of one refresh of the Spielwart's board and of
the projector (in-process, after the burst, with every table's games in).
Target: p95 server time per saved game < 50 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TABLES = 40
LINES = ["Kr m2", "Gr m1 v", "He o3 H", "Null", "Pi m1 S", "Ka o2 v", "Gr o2", "p"]


def environment(database_url: str) -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "skatclub.settings",
        "DEBUG": "0",
        "SECRET_KEY": "benchmark-only-not-secret",
        "SECURE_SSL_REDIRECT": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
    }


def setup_django(database_url: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(environment(database_url))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def build() -> tuple[object, list[str]]:
    """The event, its Serie of 40 four-tables and one live link per table."""
    import datetime

    from django.contrib.auth.models import User

    from skatclub.club import services
    from skatclub.club.models import Event, Player, Round, Season, Seat, Table
    from skatclub.club.roles import SPIELWART
    from skatclub.club.services.users import grant
    from skatclub.club.tenancy import home_club

    user = User.objects.create_user("bench", password="x")
    grant(user, home_club().pk, SPIELWART)
    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="bench", name="Benchmark", date=datetime.date(2026, 1, 9), season=season
    )
    players = Player.objects.bulk_create(
        Player(key=f"p{i}", name=f"Spielerin Nummer {i} Überlänge-Müller") for i in range(160)
    )
    round_ = Round.objects.create(event=event, number=1)
    for t in range(TABLES):
        table = Table.objects.create(round=round_, number=t + 1)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, position=p + 1, player=player)
            for p, player in enumerate(players[4 * t : 4 * t + 4])
        )
    links = services.issue_links(round_=round_, user=user)
    return round_, [link.token for link in links]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_gunicorn(
    database_url: str, workers: int, log: Path
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [
        sys.executable, "-m", "gunicorn", "skatclub.wsgi",
        "--bind", f"127.0.0.1:{port}",
        "--workers", str(workers),
        "--access-logfile", str(log),
        "--access-logformat", "%(m)s %(U)s %(s)s %(D)s",
    ]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=environment(database_url))
    base = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(base + "/t/warm/", timeout=1)
        except urllib.error.HTTPError:
            return server, base  # the German 404: the server answers
        except OSError:
            time.sleep(0.1)
    server.terminate()
    raise SystemExit("gunicorn did not start")


def line_for(number: int) -> str:
    """A legal line for game `number` at a four-table: a playing seat declares."""
    from scoring import playing_positions

    text = LINES[number % len(LINES)]
    return text if text == "p" else f"{playing_positions(4, number)[0]} {text}"


class Phone(threading.Thread):
    """One table's phone: opens the page, then saves its games one after the other."""

    def __init__(self, base: str, token: str, games: int, start: threading.Event) -> None:
        super().__init__()
        self.base, self.token, self.games, self.start_signal = base, token, games, start
        self.round_trips: list[float] = []
        self.refused: list[str] = []

    def run(self) -> None:
        page = urllib.request.urlopen(f"{self.base}/t/{self.token}/").read().decode()
        csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
        cookie = csrf.group(1) if csrf else ""
        self.start_signal.wait()
        for number in range(1, self.games + 1):
            body = urllib.parse.urlencode(
                {"csrfmiddlewaretoken": cookie, "number": number, "line": line_for(number)}
            ).encode()
            request = urllib.request.Request(
                f"{self.base}/t/{self.token}/spiel/",
                data=body,
                headers={"X-Entry-Partial": "1", "Cookie": f"csrftoken={cookie}"},
            )
            started = time.perf_counter()
            try:
                urllib.request.urlopen(request, timeout=60).read()
            except urllib.error.HTTPError as error:
                self.refused.append(f"Spiel {number}: HTTP {error.code}")
            self.round_trips.append((time.perf_counter() - started) * 1000)


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def report(name: str, samples: list[float]) -> None:
    print(
        f"{name:42} n={len(samples):4}  median {statistics.median(samples):6.1f} ms  "
        f"p95 {percentile(samples, 0.95):6.1f} ms  max {max(samples):6.1f} ms"
    )


def server_times(log: Path) -> list[float]:
    times = []
    for entry in log.read_text().splitlines():
        method, path, status, micros = entry.split()
        if method == "POST" and path.endswith("/spiel/") and status == "200":
            times.append(int(micros) / 1000)
    return times


def refresh_costs(round_: object) -> None:
    """One refresh of the board and of the projector, server side, all games in."""
    from django.contrib.auth.models import User
    from django.test import Client

    import skatclub.wsgi  # noqa: F401  (start up as the server does)

    client = Client()
    client.force_login(User.objects.get(username="bench"))
    for name, url in (
        ("board refresh (40 tables)", "/spielwart/veranstaltungen/bench/serie/1/live/"),
        ("projector refresh (160 players)", "/veranstaltungen/bench/serie/1/leinwand/"),
    ):
        samples = []
        for _ in range(30):
            started = time.perf_counter()
            response = client.get(url, HTTP_X_LIVE="1")
            samples.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200
        report(name, samples)


def cpu_check() -> float:
    """ms for three million steps of a Python loop (about 150 ms on an idle modern core): the
    machine's load at the time of the run, to read the numbers against."""
    started = time.perf_counter()
    total = 0
    for step in range(3_000_000):
        total += step
    return (time.perf_counter() - started) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per table (≤ 48)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn worker processes")
    parser.add_argument("--database-url", default="", help="default: a temp SQLite file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        database_url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        setup_django(database_url)
        round_, tokens = build()
        log = Path(tmp) / "access.log"
        server, base = start_gunicorn(database_url, args.workers, log)
        try:
            start = threading.Event()
            phones = [Phone(base, token, args.games, start) for token in tokens]
            for phone in phones:
                phone.start()
            time.sleep(1)
            began = time.perf_counter()
            start.set()
            for phone in phones:
                phone.join()
            elapsed = time.perf_counter() - began
        finally:
            server.terminate()
            server.wait(10)
        engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
        saved = sum(len(p.round_trips) for p in phones)
        print(f"{engine}, gunicorn × {args.workers}: {TABLES} tables × {args.games} games")
        print(f"CPU check: {cpu_check():.0f} ms for 3 million loop steps (idle core: ~150 ms)")
        print(f"{saved} games in {elapsed:.1f} s ({saved / elapsed:.0f} games/s)")
        report("server time per saved game", server_times(log))
        report("round trip per saved game (client)", [t for p in phones for t in p.round_trips])
        refused = [f"Tisch {i + 1}: {r}" for i, p in enumerate(phones) for r in p.refused]
        print(f"refused: {len(refused)}" + (f" ({refused[:3]})" if refused else ""))
        refresh_costs(round_)


if __name__ == "__main__":
    main()
