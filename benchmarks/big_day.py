"""Benchmark: a DSkV championship day against the real server: 350 four-tables, phones, spectators.

Covers: 3 Serien × 48 games at 350 tables (50,400 games) with every phone polling, 300
spectators and each event's projector; a game mix drawn from the worked cases of
tests/scoring/data (Kontra, Re, Null, Grand Hand, overbid, conceded, eingepasst) and, at one
table in seven, an event with Bockrunden and Ramsch; double taps, lost answers, offline
phones, renewed links, and at one table in twenty two phones entering the same game number,
the 409 resolved as the page offers. Every stored game is checked against its worked case's
value (benchmarks/day_mix.py). Leaves out: browsers (phones are asyncio clients that send what
table.js sends, no JavaScript, no rendering, no static files), Wi-Fi (all on 127.0.0.1), the
Spielwart's pages and printing during the load, signing the lists, seating between Serien
(done through Django in a few seconds, not timed as the hall sees it), and a day's breaks.

    python benchmarks/big_day.py                 # run (1): the whole day, compressed (speed 10)
    python benchmarks/big_day.py --end-of-day    # run (2): the end of the day at the real pace
    python benchmarks/big_day.py --quick         # a smoke run: 1 Serie, 3 games a table
    python benchmarks/big_day.py --database-url postgres://postgres@127.0.0.1:5432/skatbench_big_day

Run (1), the whole day compressed: `--speed 10` (a game every 9 s instead of 90 s, ten times
a day's save rate), all Serien played through HTTP. Run (2), `--end-of-day`: Serien 1–2 and
games 1–40 of Serie 3 stored in bulk through `services.save_entry` (what the table's save
calls, without HTTP; one transaction a table, about 8 ms a game on SQLite here), then the
last `--live-games` 8 of Serie 3 played at the real pace (`--speed 1`) by every phone,
spectator and projector over the ~50,000 games stored. The players sit at their tables since
game 1, so in run (2) no page is opened: every phone polls from the start, its first answer
naming the version its open page shows.

The server is Granian as `manage.py serve` starts it (`server_argv`; `--workers`, default
its DEFAULT_WORKERS processes with their threads) on 127.0.0.1 at a free port, with the
background workers `serve` starts beside it (`worker_argv`, one per queue), production
settings, a fresh data folder in a temp folder (SQLite there, or the PostgreSQL database
given, dropped and made anew; only databases named skatbench_*). Only its application module
differs: benchmarks/big_day_server.py wraps `skatclub.wsgi` and reports each request's CPU and
wall time in two headers. The server's output goes to server.log in the temp folder; its tail
is printed if it dies.

The load comes from this process, in asyncio: each phone and each spectator keeps its
connection open between its polls (HTTP/1.1 keep-alive, as a browser does, for as long as the
server keeps it: Granian keeps an idle one 30 s), a
save goes on a connection of its own; every answer is read to its end. This process
also builds the data, seats each Serie and renews links through Django, and checks at the end.

Who asks (`--tables` 350, `--serien` 3, `--games` 48 per table and Serie):
- **One phone per table enters the games**: a game every ~90 s of play (normal spread, 40 to
  200 s; all tables start together, so the first games come as a burst), each read back
  first (POST /t/<token>/vorlesen/, as table.js asks before the players confirm; an offline
  phone reads back on its own), then confirmed with an entry id made on the phone and kept
  in the phone's queue until the server answered 2xx (POST /t/<token>/spiel/ with
  `entry_id`). The phone keeps its own ledger of the games its players meant. Each line is
  drawn from the game mix (benchmarks/day_mix.py).
- **A second phone at one table in twenty** (`PAIRED_TABLES`, drawn per Serie) enters one in
  six of its games at the same moment: half of them the same game (answered as already
  saved), half a different game under the same number. The 409 that one phone gets is
  resolved as the page offers (`_table_taken.html`): the players keep the stored game, or
  replace it (the same post again with the stored game's `version`), half and half.
- **Every player opens the table's page on the phone** (GET /t/<token>/, the whole page, as
  a browser does after scanning the table's QR code) while the players sit down: within the
  Serie's first `ARRIVAL_SECONDS` (60 s; the phone that enters the games within the first
  half of it, before its first game). The page names the table's version.
- **Every player's phone then polls its table** (1,400 phones): GET /t/<token>/stand/ with
  If-None-Match every `--poll-every` 4 s × 0.85–1.15, as static/table.js does. When the server
  has no /stand/ yet, the benchmark prints "stand: not available" and the phones do not poll.
  When the answer names a version other than the one the phone shows, the phone fetches the
  status fragment (GET /t/<token>/ with X-Entry-Partial), as table.js does; the phone that
  saved shows the version its save answered with.
- **Spectators** (`--spectators`, 300) follow the live ranking: the projector's live fragment
  of the running Serie (X-Live: 1, If-None-Match, Accept-Encoding: gzip as a browser sends
  it) every `--spectator-every` 2 s, as static/live.js does; one in ten follows the
  house-rules event's. **The projector** of each event in the hall asks the same way.
A poller asks again only when its last request was answered (skipped polls are counted).

Faults: 5 % of save answers are dropped (the server did the work; the phone resends the same
entry id after 3 s), 5 % of saves are double taps (two identical requests at once), 20 tables
go offline for 5 minutes of play mid-Serie and then flush their queue, 10 tables get a new link
mid-Serie from the Spielwart (`services.issue_link`): their phones learn it a minute of play
later and send what they still hold on the new link.

Time: `--speed` (default 10; 1 with `--end-of-day`) compresses play only (games, outages,
learning a new link); polls always run at their real pace. `--quick`: 1 Serie, 3 games a
table, speed 4.

Prints per kind of request (saves, read-backs, stand polls, status fragments, spectators,
projector, pages):
- phone: the latency the client saw, from connecting to the answer's last byte (waiting in
  the server for a free application thread included);
- server: the application's wall time in the worker, and its CPU, mean and p95 (the headers;
  with SQLite the database's work is in it, the server's own parsing and writing are not);
- late: how long after its due time the request left (this process's event loop lag: large
  values mean the load generator could not keep the pace);
- the answers by status (saves: with X-Entry-Result), the 304 share of polls;
then the same kinds per Serie and per ten minutes of the load (p50/p95/max; benchmarks/
day_report.py), the machine's load average, and the resident memory of every process (the
server's main process and workers, the background workers, the PostgreSQL backends of the
benchmark's database, this process) at the start and the end of each Serie.
Then per Serie and in total, from /proc: the server's CPU (its workers and main process; user
+ system, everything they did) per second and per request of all kinds; on PostgreSQL the
CPU of the PostgreSQL backends serving the benchmark's database (other databases and
PostgreSQL's background processes not included); the CPU this process took from the same
cores. Then errors (5xx, timeouts, broken connections), the second phones' games and how
their 409s were resolved, lost and duplicated games against the phones' ledgers (the games
the players kept), the stored seat sums against `services.refresh_results` recomputing them
(rolled back: consistency only), and every stored game against its worked case's value
(independent of the engine; see day_mix for what Bock levels are checked against).
Targets (issues 26 and 44), judged on the phone's latency and the header's CPU: save p95 <
100 ms, poll p95 < 30 ms, CPU per poll < 2 ms, projector render (the live ranking's 200
answers) p95 < 50 ms CPU, memory flat (no process +20 % from the end of Serie 1 to the end of
the last; with --end-of-day over the live part), 0 lost, 0 duplicated, seat sums exact,
values as the worked cases.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import math
import os
import pwd
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from day_mix import Mix, Played, expected_scores, expected_value  # noqa: E402
from day_report import Load, Memory, by_round, by_ten_minutes  # noqa: E402

HOUSE_SHARE = 1 / 7  # of the tables: the event whose house rules have Bockrunden and Ramsch
HOUSE_VIEWERS = 10  # one spectator in this many follows the house-rules event's projector
DROP_SHARE = 0.05
DOUBLE_TAP_SHARE = 0.05
OFFLINE_TABLES = 10 * 2
OFFLINE_SECONDS = 5 * 60  # of play
RENEWED_TABLES = 10
LEARN_SECONDS = 60  # of play: the phone scans the new QR code
PAIRED_TABLES = 20  # one table in this many has two phones that enter games
RIVAL_SHARE = 1 / 6  # of a paired table's games: the second phone enters one at once too
SAME_GAME_SHARE = 0.5  # of those: the same game; else a different game under the same number
REPLACE_SHARE = 0.5  # of the 409s: the players replace the stored game (else they keep it)
RESEND_SECONDS = 3.0  # real: a lost answer is sent again after 0.5–15 s (static/table/retry.js)
GAME_SECONDS = 90  # of play, per table
ARRIVAL_SECONDS = 60  # real: the players open their table's page while they sit down
JITTER = (0.85, 1.15)  # table.js: pollEvery * (0.85 + Math.random() * 0.3)
TIMEOUT = 30.0  # s: a request without its whole answer by then counts as an error
SECRET_KEY = "benchmark-only-not-secret"
CSRF = "bigday" + "0123456789abcdefghijklmnopqrstuv"[:26]  # a 32-character CSRF secret
TICKS = os.sysconf("SC_CLK_TCK")


def setup_django(database_url: str, data: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        {
            "DATABASE_URL": database_url,
            "DJANGO_SETTINGS_MODULE": "skatclub.settings",
            "DEBUG": "0",
            "HTTPS": "0",
            "SECRET_KEY": SECRET_KEY,
            "SKATCLUB_DATA": str(data),
            "SKATCLUB_DAILY_BACKUP_HOURS": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
        }
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def recreate_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    assert name.startswith("skatbench_"), "the benchmark only drops databases named skatbench_*"
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')


# --- the day's data ---------------------------------------------------------------------------


def build_event(players: int) -> tuple[Any, Any, Any, list[Any]]:
    """The Spielwart, the two events and their players (no Serie yet): the championship
    (ISkO with Kontra/Re) and, beside it in the same hall, a tournament whose house rules add
    Bockrunden (after a Grand Hand, a lost Kontra, 60:60) and Ramsch."""
    from django.contrib.auth.models import User

    from skatclub.club.models import Event, Player, Season
    from skatclub.club.roles import SPIELWART
    from skatclub.club.services.users import grant
    from skatclub.club.tenancy import home_club

    user = User.objects.create_user("spielwart", password="benchmark-only")
    grant(user, home_club().pk, SPIELWART)
    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="dskv-meisterschaft",
        name="Deutsche Meisterschaft",
        date=datetime.date.today(),  # a table link writes only near its event's date
        season=season,
        house_kontra=True,
    )
    house = Event.objects.create(
        key="hausregel-turnier",
        name="Turnier mit Bock und Ramsch",
        date=datetime.date.today(),
        season=season,
        house_kontra=True,
        house_bock=True,
        house_ramsch=True,
        bock_triggers=["grand_hand", "lost_kontra", "sixty_sixty"],
    )
    people = Player.objects.bulk_create(
        Player(key=f"s{i}", name=f"Spielerin {i:04d} Überlänge-Müller") for i in range(players)
    )
    return user, event, house, people


def start_round(event: Any, number: int, people: list[Any], user: Any, rng: random.Random) -> Any:
    """Serie `number` with the players drawn at tables of four, and a link for every table."""
    from skatclub.club import services

    drawn = list(people)
    rng.shuffle(drawn)
    tables = [drawn[i : i + 4] for i in range(0, len(drawn), 4)]
    round_ = services.create_round(event=event, number=number, tables=tables, user=user)
    services.issue_links(round_=round_, user=user)
    return round_


def renew(table_id: int, user: Any) -> str:
    """The Spielwart issues a new link for the table (in a thread of its own); its token."""
    from django.db import connection

    from skatclub.club import services
    from skatclub.club.models import Table

    link = services.issue_link(table=Table.objects.get(pk=table_id), user=user)
    connection.close()
    token: str = link.token
    return token


# --- the server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def children(pid: int) -> list[int]:
    return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def cpu_seconds(pid: int) -> float:
    """User + system seconds of a process."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def has_postgres_user() -> bool:
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        return False
    return True


def machine_busy() -> float:
    """Busy CPU seconds of the whole machine since boot (/proc/stat: all but idle and wait)."""
    fields = [int(f) for f in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]]
    user, nice, system, _idle, _iowait, irq, softirq = fields
    return (user + nice + system + irq + softirq) / TICKS


class Backends:
    """CPU of the PostgreSQL backends serving one database, from /proc: every process of the
    user postgres whose title names the database, read each second, so a backend that ends
    (a worker renews its connection after CONN_MAX_AGE) keeps what it had used by its last
    reading. Other databases on the same server are not counted, nor the shared background
    processes (WAL writer, checkpointer)."""

    def __init__(self, database: str) -> None:
        self.title = f" {database} "
        self.uid = pwd.getpwnam("postgres").pw_uid
        self.before = self.read()  # pid -> seconds at the start; a later backend starts at 0
        self.seen = dict(self.before)

    def read(self) -> dict[int, float]:
        found = {}
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                if entry.stat().st_uid != self.uid:
                    continue
                if self.title in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found[int(entry.name)] = cpu_seconds(int(entry.name))
            except (FileNotFoundError, ProcessLookupError):
                continue  # the process ended while we looked
        return found

    def sample(self) -> None:
        self.seen.update(self.read())

    def used(self) -> float:
        return sum(seconds - self.before.get(pid, 0.0) for pid, seconds in self.seen.items())

    async def keep_reading(self) -> None:
        while True:
            await asyncio.sleep(1)
            self.sample()


class Server:
    """Granian as `manage.py serve` starts it, with the measuring application module."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path, workers: int) -> None:
        self.log, self.workers = log, workers
        self.output = log.open("wb")
        self.process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=self.output, stderr=subprocess.STDOUT
        )

    def ended(self) -> bool:
        return self.process.poll() is not None

    def tail(self, lines: int = 30) -> str:
        with self.log.open("rb") as log:  # with --access-log it is long
            log.seek(max(0, log.seek(0, os.SEEK_END) - 20_000))
            return "\n".join(log.read().decode(errors="replace").splitlines()[-lines:])

    def wait_ready(self, url: str, seconds: float = 90) -> None:
        """Until the server answers and all its workers are up."""
        deadline = time.monotonic() + seconds
        while True:
            if self.ended():
                raise RuntimeError(f"the server ended (exit {self.process.returncode})")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer within {seconds:.0f} s")
            try:
                urllib.request.urlopen(url, timeout=5).read()
            except urllib.error.HTTPError:
                pass  # an answer all the same
            except OSError:
                time.sleep(0.2)
                continue
            if len(children(self.process.pid)) >= self.workers:
                return
            time.sleep(0.2)

    def workers_cpu(self) -> float:
        """The workers' CPU and the main process's (Granian's listens and supervises)."""
        pids = [self.process.pid, *children(self.process.pid)]
        return sum(cpu_seconds(pid) for pid in pids)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=20)
        self.output.close()


# --- the client ---------------------------------------------------------------------------------


@dataclass
class Answer:
    """What the server answered; `failure` when no whole answer came (then status_code 0)."""

    status_code: int
    headers: dict[str, str]
    text: str = ""  # the start of a refusal's body, to say why
    failure: str = ""
    json: str = ""  # a JSON answer's body (the table's state)
    stored_version: int = 0  # a 409's stored game's version (data-stored-version), 0 if none

    def get(self, name: str, default: str = "") -> str:
        return self.headers.get(name.lower(), default)

    def label(self) -> str:
        if self.failure:
            return f"no answer: {self.failure}"
        result = self.get("X-Entry-Result")
        return f"{self.status_code} {result}" if result else str(self.status_code)


@dataclass
class Connection:
    """A phone's or a spectator's open connection, kept between its requests as a browser
    keeps it (HTTP/1.1 keep-alive) while the server does; a new one after the server closed it."""

    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def request(
    port: int,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes = b"",
    kept: Connection | None = None,
) -> Answer:
    """One HTTP/1.1 request, the answer read to its end: on `kept` (opened when it is not,
    kept open when the server keeps it), else on a connection of its own."""
    own = kept is None
    connection = Connection() if kept is None else kept
    for attempt in (1, 2):
        fresh = connection.writer is None
        if fresh:
            connection.reader, connection.writer = await asyncio.open_connection("127.0.0.1", port)
        try:
            answer = await _exchange(connection, port, method, path, headers, body, own)
        except (ConnectionError, asyncio.IncompleteReadError):
            connection.close()
            if fresh or attempt == 2 or method != "GET":
                raise
            continue  # the server had closed the idle connection: once more on a new one
        if own or answer.get("Connection").lower() == "close":
            connection.close()
        return answer
    raise AssertionError("unreachable")


async def _exchange(
    connection: Connection,
    port: int,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes,
    own: bool,
) -> Answer:
    reader, writer = connection.reader, connection.writer
    assert reader is not None and writer is not None
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}"]
    lines += ["Connection: close" if own else "Connection: keep-alive"]
    lines += [f"{name}: {value}" for name, value in headers.items()]
    if method == "POST":
        lines += [
            f"Cookie: csrftoken={CSRF}",
            "Content-Type: application/x-www-form-urlencoded",
            f"Content-Length: {len(body)}",
        ]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
    head = await reader.readuntil(b"\r\n\r\n")
    status_line, *header_lines = head[:-4].decode("latin-1").split("\r\n")
    found = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        found[name.strip().lower()] = value.strip()
    code = int(status_line.split()[1])
    if "content-length" in found:
        content = await reader.readexactly(int(found["content-length"]))
    elif code in (204, 304) or method == "HEAD":
        content = b""
    else:  # no length: the answer ends with the connection
        content = await reader.read()
        found["connection"] = "close"
    text = words(content[:4000]) if code >= 400 and code not in (404, 409) else ""
    state = content.decode() if found.get("content-type") == "application/json" else ""
    taken = re.search(rb'data-stored-version="([0-9]+)"', content) if code == 409 else None
    return Answer(code, found, text, json=state, stored_version=int(taken[1]) if taken else 0)


def words(body: bytes) -> str:
    """The text of an HTML answer, briefly (the refusal's German message)."""
    text = re.sub(r"<[^>]+>", " ", body.decode(errors="replace"))
    return " ".join(text.split())[:160]


# --- measuring ----------------------------------------------------------------------------------


def floats() -> array[float]:
    return array("d")


@dataclass
class Samples:
    """One kind of request: what the phone saw, how late it left, what the server said."""

    latency_ms: array[float] = field(default_factory=floats)
    late_ms: array[float] = field(default_factory=floats)
    sent_s: array[float] = field(default_factory=floats)  # when it left (the loop's clock)
    wall_ms: array[float] = field(default_factory=floats)
    cpu_ms: array[float] = field(default_factory=floats)
    round_of: array[int] = field(default_factory=lambda: array("i"))  # each latency's Serie
    cpu_round_of: array[int] = field(default_factory=lambda: array("i"))  # each CPU's Serie
    full_cpu_ms: array[float] = field(default_factory=floats)  # the CPU of each 200 answer
    full_round_of: array[int] = field(default_factory=lambda: array("i"))
    statuses: Counter[str] = field(default_factory=Counter)
    cpu_by_status: defaultdict[str, array[float]] = field(
        default_factory=lambda: defaultdict(floats)
    )

    def add(
        self, answer: Answer, latency: float, late: float, sent: float, round_number: int
    ) -> None:
        self.latency_ms.append(latency * 1000)
        self.round_of.append(round_number)
        self.sent_s.append(sent)
        self.late_ms.append(late * 1000)
        if "x-bench-wall-us" in answer.headers:
            self.wall_ms.append(int(answer.headers["x-bench-wall-us"]) / 1000)
            self.cpu_ms.append(int(answer.headers["x-bench-cpu-us"]) / 1000)
            self.cpu_round_of.append(round_number)
            if answer.status_code == 200:
                self.full_cpu_ms.append(self.cpu_ms[-1])
                self.full_round_of.append(round_number)
            self.cpu_by_status[answer.label()].append(self.cpu_ms[-1])
        self.statuses[answer.label()] += 1

    def errors(self) -> int:
        return sum(n for k, n in self.statuses.items() if k[0] == "5" or k.startswith("no"))


def by_minute(samples: Samples) -> str:
    """The phone's p95 in each minute of the load (in ms), to see whether a tail is the start's
    burst or spread over the day."""
    if not samples.sent_s:
        return "-"
    start = min(samples.sent_s)
    minutes: defaultdict[int, array[float]] = defaultdict(floats)
    for sent, latency in zip(samples.sent_s, samples.latency_ms, strict=True):
        minutes[int((sent - start) // 60)].append(latency)
    return " ".join(f"{percentile(minutes[m], 0.95):.0f}" for m in sorted(minutes))


def percentile(values: array[float] | list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def spread(values: array[float]) -> str:
    if not values:
        return "–"
    return (
        f"p50 {statistics.median(values):6.1f}  p95 {percentile(values, 0.95):6.1f}  "
        f"max {max(values):7.1f} ms"
    )


@dataclass
class Usage:
    """CPU seconds over the load of the Serien so far (from /proc)."""

    seconds: float = 0.0
    requests: int = 0
    workers: float = 0.0
    postgres: float | None = None
    client: float = 0.0
    machine: float = 0.0

    def add(self, other: Usage) -> None:
        self.seconds += other.seconds
        self.requests += other.requests
        self.workers += other.workers
        if other.postgres is not None:
            self.postgres = (self.postgres or 0.0) + other.postgres
        self.client += other.client
        self.machine += other.machine

    def lines(self) -> list[str]:
        per = 1000 / max(1, self.requests)
        shown = [
            f"{self.seconds:.0f} s, {self.requests} requests "
            f"({self.requests / self.seconds:.0f}/s)",
            f"server (Granian): {self.workers:.1f} s CPU = {self.workers / self.seconds:.2f} "
            f"cores, {self.workers * per:.2f} ms a request (all kinds; the server's own work "
            "included)",
        ]
        if self.postgres is not None:
            shown.append(
                f"PostgreSQL backends: {self.postgres:.1f} s CPU = "
                f"{self.postgres / self.seconds:.2f} cores, {self.postgres * per:.2f} ms a "
                "request (this database's, read each second)"
            )
        shown.append(
            f"load generator (this process): {self.client:.1f} s CPU = "
            f"{self.client / self.seconds:.2f} cores"
        )
        others = self.machine - self.workers - self.client - (self.postgres or 0.0)
        shown.append(
            f"the machine: {self.machine / self.seconds:.2f} of {os.cpu_count()} cores busy, "
            f"{others / self.seconds:.2f} of them not the above (other processes, the kernel, "
            "the load's connections)"
        )
        return shown


# --- the phones ---------------------------------------------------------------------------------


@dataclass
class Entry:
    number: int
    played: Played
    entry_id: str
    version: int = 0  # the stored game's version this entry replaces (the players chose it)

    @property
    def line(self) -> str:
        return self.played.line


@dataclass
class TablePhone:
    """The phone that enters the games of one table, and its ledger."""

    table_id: int
    token: str
    games: int
    house: bool = False  # a table of the house-rules event (Bockrunden, Ramsch)
    ledger: list[Entry] = field(default_factory=list)
    queue: list[Entry] = field(default_factory=list)
    reading: int = 0  # games being read back: in the ledger, not yet in the queue
    sending: bool = False
    offline_until: float = 0.0  # loop time
    new_token: str = ""
    learn_at: float = math.inf  # loop time the phone switches to `new_token`
    rivals: list[Entry] = field(default_factory=list)  # the second phone's entries
    rivals_sending: int = 0
    # number -> the entry ids the players want stored there, where a second phone entered
    # the game too (either of the two when it was the same game); else the ledger's entry
    final: dict[int, set[str]] = field(default_factory=dict)
    conflicts: int = 0
    refused: int = 0
    why: list[str] = field(default_factory=list)


class Day:
    """The phones and spectators of the day, as callbacks and tasks on one asyncio loop."""

    def __init__(self, args: argparse.Namespace, port: int, database: str) -> None:
        self.args, self.port = args, port
        self.database = database  # PostgreSQL's database name, "" for SQLite
        self.rng = random.Random(args.seed)
        self.mix = Mix(args.seed + 1)
        self.saves, self.polls, self.spectators = Samples(), Samples(), Samples()
        self.projector = Samples()  # the hall's projector of each event (live.js, as a viewer)
        self.round_number = 0
        self.began = 0.0  # the loop's clock when the first Serie's load began
        self.memory, self.load = Memory(), Load()
        self.processes: Callable[[], list[tuple[str, int]]] = list
        self.statuses = Samples()  # the status fragment a phone fetches after a change
        self.pages = Samples()  # the table's whole page, when a player opens it
        self.readbacks = Samples()  # the read-back before each save
        self.shown: dict[tuple[int, int], str] = {}  # (table, seat) -> version on the page
        self.kept: defaultdict[object, Connection] = defaultdict(Connection)  # by poller
        self.stand = True
        self.probed = False  # whether /stand/ was probed
        self.phones: dict[int, TablePhone] = {}
        self.poll_tags: dict[tuple[int, int], str] = {}
        self.spectator_tags: dict[int, str] = {}
        self.resent = self.dropped = self.double_taps = 0
        self.paired: set[int] = set()  # tables with a second phone (this Serie)
        self.kept_stored = self.replaced = self.same_game = 0  # 409s resolved; same game twice
        self.rival_answers: Counter[str] = Counter()
        self.asking: set[object] = set()  # pollers whose last request is not answered yet
        self.skipped = 0
        self.finished = False
        self.tasks: set[asyncio.Task[None]] = set()
        self.failures: list[BaseException] = []

    def clock(self) -> float:
        return asyncio.get_running_loop().time()

    def at(self, when: float, action: Callable[[], object]) -> None:
        asyncio.get_running_loop().call_at(when, action)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.done)

    def done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            self.failures.append(task.exception())  # type: ignore[arg-type]

    def play_seconds(self, seconds: float) -> float:
        """Real seconds for `seconds` of play."""
        speed: float = self.args.speed
        return seconds / speed

    async def ask(
        self,
        samples: Samples,
        due: float,
        method: str,
        path: str,
        headers: dict[str, str],
        body: bytes = b"",
        kept: Connection | None = None,
    ) -> Answer:
        """One request, measured: late since `due` (loop time), the latency the phone sees."""
        late = self.clock() - due
        started = time.perf_counter()
        try:
            async with asyncio.timeout(TIMEOUT):
                answer = await request(self.port, method, path, headers, body, kept)
        except TimeoutError:
            answer = Answer(0, {}, failure="timeout")
            if kept is not None:
                kept.close()
        except (OSError, asyncio.IncompleteReadError) as error:  # counted, the phone goes on
            answer = Answer(0, {}, failure=type(error).__name__)
        elapsed = time.perf_counter() - started
        samples.add(answer, elapsed, max(0.0, late), due + late, self.round_number)
        return answer

    # -- saving ------------------------------------------------------------------------------

    def next_game(self, phone: TablePhone, due: float) -> None:
        number = len(phone.ledger) + 1
        if number > phone.games:
            return
        entry = Entry(number, self.mix.draw(number, house=phone.house), uuid.uuid4().hex)
        phone.ledger.append(entry)
        if self.clock() < phone.offline_until:  # table.js reads back offline on the phone
            self.confirm(phone, entry, due)
        else:
            phone.reading += 1
            self.spawn(self.read_back(phone, entry, due))
        pause = min(max(self.rng.gauss(GAME_SECONDS, 25), 40), 200)
        when = self.clock() + self.play_seconds(pause)
        self.at(when, partial(self.next_game, phone, when))

    async def read_back(self, phone: TablePhone, entry: Entry, due: float) -> None:
        """The read-back before the save (POST /t/<token>/vorlesen/, as table.js asks it),
        then the players confirm: the game goes into the queue whatever the answer was."""
        data = {"number": entry.number, "line": entry.line, "csrfmiddlewaretoken": CSRF}
        path = f"/t/{phone.token}/vorlesen/"
        headers = {"X-Entry-Partial": "1"}
        await self.ask(self.readbacks, due, "POST", path, headers, urlencode(data).encode())
        phone.reading -= 1
        self.confirm(phone, entry, self.clock())

    def confirm(self, phone: TablePhone, entry: Entry, due: float) -> None:
        phone.queue.append(entry)
        self.flush(phone, due)
        if phone.table_id in self.paired and self.rng.random() < RIVAL_SHARE:
            self.rival(phone, entry, due)

    # -- a second phone at the table -----------------------------------------------------------

    def rival(self, phone: TablePhone, entry: Entry, due: float) -> None:
        """A second phone at the table enters game `entry.number` at once: the same game (its
        own entry id) or another game under the same number."""
        same = self.rng.random() < SAME_GAME_SHARE
        self.same_game += same
        played = entry.played if same else self.mix.draw(entry.number, house=phone.house)
        rival = Entry(entry.number, played, uuid.uuid4().hex)
        phone.rivals.append(rival)
        phone.final[entry.number] = {entry.entry_id, rival.entry_id} if same else set()
        phone.rivals_sending += 1
        self.spawn(self.send_rival(phone, rival, entry, due))

    def resolve(self, phone: TablePhone, entry: Entry, other: Entry, answer: Answer) -> bool:
        """A 409 as the page offers it: the players keep the stored game (the other phone's
        `other`) or replace it with `entry` (sent again with the stored `version`). Whether
        `entry` is sent again."""
        if answer.stored_version and self.rng.random() < REPLACE_SHARE:
            self.replaced += 1
            entry.version = answer.stored_version
            return True
        self.kept_stored += 1
        phone.final[entry.number] = {other.entry_id}
        return False

    def stored(self, phone: TablePhone, entry: Entry, answer: Answer) -> None:
        """A 2xx for `entry` where a second phone entered the game too: it is stored (or,
        already saved, the same game is)."""
        if entry.number not in phone.final:
            return
        if answer.get("X-Entry-Result") == "already-saved":
            phone.final[entry.number].add(entry.entry_id)
        else:
            phone.final[entry.number] = {entry.entry_id}

    async def send_rival(self, phone: TablePhone, rival: Entry, entry: Entry, due: float) -> None:
        for _attempt in range(8):
            data = {"number": rival.number, "line": rival.line, "entry_id": rival.entry_id}
            if rival.version:
                data["version"] = rival.version
            body = urlencode({**data, "csrfmiddlewaretoken": CSRF}).encode()
            path = f"/t/{phone.token}/spiel/"
            answer = await self.ask(
                self.saves, due, "POST", path, {"X-Entry-Partial": "1"}, body, None
            )
            self.rival_answers[answer.label()] += 1
            if 200 <= answer.status_code < 300:
                self.stored(phone, rival, answer)
                break
            if answer.status_code == 409:
                phone.conflicts += 1
                if not self.resolve(phone, rival, entry, answer):
                    break
                continue
            if answer.status_code and answer.status_code != 404 and answer.status_code < 500:
                phone.refused += 1
                phone.why.append(f"Spiel {rival.number} (2. Handy): {answer.label()}")
                break
            await asyncio.sleep(RESEND_SECONDS)
            due = self.clock()
        phone.rivals_sending -= 1

    def flush(self, phone: TablePhone, due: float) -> None:
        """Send the head of the queue unless a send is under way or the phone is offline."""
        now = self.clock()
        if phone.sending or not phone.queue or now < phone.offline_until:
            return  # an offline phone is flushed when it comes back (scheduled with the outage)
        if phone.new_token and now >= phone.learn_at:
            phone.token, phone.new_token = phone.new_token, ""
        phone.sending = True
        self.spawn(self.send(phone, phone.queue[0], phone.token, due))

    async def send(self, phone: TablePhone, entry: Entry, token: str, due: float) -> None:
        data: dict[str, object] = {
            "number": entry.number,
            "line": entry.line,
            "entry_id": entry.entry_id,
        }
        if entry.version:
            data["version"] = entry.version
        body = urlencode({**data, "csrfmiddlewaretoken": CSRF}).encode()

        def post() -> Coroutine[Any, Any, Answer]:
            path = f"/t/{token}/spiel/"
            return self.ask(self.saves, due, "POST", path, {"X-Entry-Partial": "1"}, body)

        if self.rng.random() < DOUBLE_TAP_SHARE:
            self.double_taps += 1
            answers = list(await asyncio.gather(post(), post()))
        else:
            answers = [await post()]
        statuses = [a.status_code or 500 for a in answers]  # no answer: as a busy server
        retry_in: float | None = None
        if self.rng.random() < DROP_SHARE:
            self.dropped += 1
            retry_in = RESEND_SECONDS  # the phone never heard the answer
        elif any(200 <= s < 300 for s in statuses):
            phone.queue.pop(0)
            # the saving phone (seat 0) shows the status its save answered with
            saved = [a for a in answers if 200 <= a.status_code < 300]
            self.shown[(phone.table_id, 0)] = saved[-1].get("X-Table-Version")
            self.stored(phone, entry, saved[-1])
        elif 409 in statuses:
            phone.conflicts += 1
            taken = next(a for a in answers if a.status_code == 409)
            others = [r for r in phone.rivals if r.number == entry.number]
            if not others or not self.resolve(phone, entry, others[-1], taken):
                phone.queue.pop(0)  # kept the stored game (or no second phone: counted)
        elif 404 in statuses or any(s >= 500 for s in statuses):
            # an old link (the phone learns the new one) or a busy server: try again
            retry_in = max(RESEND_SECONDS, phone.learn_at - self.clock())
            retry_in = min(retry_in, self.play_seconds(LEARN_SECONDS) + RESEND_SECONDS)
        else:
            phone.refused += 1
            phone.queue.pop(0)
            texts = [a.text for a in answers if a.text]
            phone.why.append(f"Spiel {entry.number}: {statuses} {texts[:1]}")
        phone.sending = False
        if retry_in is not None:
            self.resent += 1
            when = self.clock() + retry_in
            self.at(when, partial(self.flush, phone, when))
        else:
            self.flush(phone, self.clock())

    # -- faults ------------------------------------------------------------------------------

    def go_offline(self, phone: TablePhone) -> None:
        back = self.clock() + self.play_seconds(OFFLINE_SECONDS)
        phone.offline_until = back
        self.at(back + 0.01, partial(self.flush, phone, back + 0.01))

    async def renew_link(self, phone: TablePhone, user: Any) -> None:
        phone_token = await asyncio.to_thread(renew, phone.table_id, user)
        phone.new_token = phone_token
        phone.learn_at = self.clock() + self.play_seconds(LEARN_SECONDS)
        self.at(phone.learn_at + 0.01, partial(self.flush, phone, phone.learn_at + 0.01))

    # -- polling -----------------------------------------------------------------------------

    def free(self, poller: object) -> bool:
        """Whether the poller may ask: like the pages, it asks again only when answered."""
        if poller in self.asking:
            self.skipped += 1
            return False
        self.asking.add(poller)
        return True

    def open_page(self, phone: TablePhone, seat: int, due: float) -> None:
        if self.stand and not self.finished:
            self.spawn(self.ask_page(phone, seat, due))

    async def ask_page(self, phone: TablePhone, seat: int, due: float) -> None:
        """The player opens the table's page; the phone polls from then on."""
        kept = self.kept[(phone.table_id, seat)]
        headers = {"Accept": "text/html,application/xhtml+xml", "Accept-Encoding": "gzip"}
        page = await self.ask(self.pages, due, "GET", f"/t/{phone.token}/", headers, b"", kept)
        self.shown[(phone.table_id, seat)] = page.get("X-Table-Version")
        when = self.clock() + self.args.poll_every * self.rng.uniform(*JITTER)
        self.at(when, partial(self.poll_table, phone, seat, when))

    def poll_table(self, phone: TablePhone, seat: int, due: float) -> None:
        if not self.stand or self.finished:
            return
        now = self.clock()
        if now >= phone.offline_until and self.free((phone.table_id, seat)):
            token = phone.new_token if phone.new_token and now >= phone.learn_at else phone.token
            self.spawn(self.ask_stand(phone.table_id, seat, token, due))
        when = now + self.args.poll_every * self.rng.uniform(*JITTER)  # table.js: setTimeout
        self.at(when, partial(self.poll_table, phone, seat, when))

    async def ask_stand(self, table_id: int, seat: int, token: str, due: float) -> None:
        tag = self.poll_tags.get((table_id, seat), "")
        headers = {"If-None-Match": tag} if tag else {}
        kept = self.kept[(table_id, seat)]
        answer = await self.ask(self.polls, due, "GET", f"/t/{token}/stand/", headers, b"", kept)
        if answer.status_code == 200:
            self.poll_tags[(table_id, seat)] = answer.get("ETag")
            version = str(json.loads(answer.json)["version"])
            if (table_id, seat) not in self.shown:  # --end-of-day: the page was open already
                self.shown[(table_id, seat)] = version
            elif version != self.shown.get((table_id, seat)):
                # table.js: the list changed, so the page fetches its status fragment anew
                path, partial_ = f"/t/{token}/", {"X-Entry-Partial": "1"}
                status = await self.ask(
                    self.statuses, self.clock(), "GET", path, partial_, b"", kept
                )
                self.shown[(table_id, seat)] = status.get("X-Table-Version")
        self.asking.discard((table_id, seat))

    def spectate(self, viewer: int, url: str, due: float) -> None:
        if self.finished:
            return
        if self.free(viewer):
            self.spawn(self.ask_projector(viewer, url, due))
        when = max(due + self.args.spectator_every, self.clock())  # live.js: setInterval
        self.at(when, partial(self.spectate, viewer, url, when))

    async def ask_projector(self, viewer: int, url: str, due: float) -> None:
        """A spectator's live ranking, or (a negative `viewer`) the projector's in the hall."""
        tag = self.spectator_tags.get(viewer, "")
        headers = {"X-Live": "1", "Accept-Encoding": "gzip, deflate, br"}  # as a browser
        headers.update({"If-None-Match": tag} if tag else {})
        samples = self.projector if viewer < 0 else self.spectators
        answer = await self.ask(samples, due, "GET", url, headers, b"", self.kept[viewer])
        if answer.status_code == 200:
            self.spectator_tags[viewer] = answer.get("ETag")
        self.asking.discard(viewer)

    # -- one Serie ---------------------------------------------------------------------------

    def count(self) -> int:
        return sum(len(s.latency_ms) for _, s in self.kinds())

    def kinds(self) -> list[tuple[str, Samples]]:
        return [
            ("saves", self.saves),
            ("read-backs", self.readbacks),
            ("stand polls (phones)", self.polls),
            ("status after a change", self.statuses),
            ("live ranking (spectators)", self.spectators),
            ("projector (live, the hall's)", self.projector),
            ("page opened (phones)", self.pages),
        ]

    async def keep_reading_load(self) -> None:
        while True:
            self.load.read(self.round_number)
            await asyncio.sleep(10)

    async def play(self, number: int, urls: list[str], user: Any, server: Server) -> Usage:
        """The Serie's load until every phone sent its games (or the time limit)."""
        args = self.args
        phones = list(self.phones.values())
        if not self.probed:  # the first Serie played through HTTP (--end-of-day: the last)
            self.probed = True
            probe = await request(self.port, "GET", f"/t/{phones[0].token}/stand/", {})
            self.stand = probe.status_code != 404
            if not self.stand:
                print(
                    "stand: not available (GET /t/<token>/stand/ answers 404): phones do not poll"
                )
        self.finished = False
        self.round_number = number
        backends = Backends(self.database) if self.database and has_postgres_user() else None
        reading = asyncio.create_task(backends.keep_reading()) if backends else None
        loading = asyncio.create_task(self.keep_reading_load())
        self.memory.read(f"S{number} start", self.processes())
        pids = children(server.process.pid)
        each = [cpu_seconds(pid) for pid in pids]
        workers, client, requests = server.workers_cpu(), time.process_time(), self.count()
        machine = machine_busy()
        begin = self.clock()
        self.began = self.began or begin
        left = max(p.games - len(p.ledger) for p in phones)  # the end of the day: the last few
        round_seconds = self.play_seconds(GAME_SECONDS * left)
        for phone in phones:
            first = begin + self.play_seconds(self.rng.uniform(30, GAME_SECONDS + 30))
            self.at(first, partial(self.next_game, phone, first))
            for seat in range(4):
                if args.end_of_day:  # the players sit at their table since game 1
                    when = begin + self.rng.uniform(0, args.poll_every)
                    self.at(when, partial(self.poll_table, phone, seat, when))
                    continue
                when = begin + self.rng.uniform(0, ARRIVAL_SECONDS / (2 if seat == 0 else 1))
                self.at(when, partial(self.open_page, phone, seat, when))
        for viewer in range(args.spectators):
            when = begin + self.rng.uniform(0, args.spectator_every)
            url = urls[-1] if viewer % HOUSE_VIEWERS == HOUSE_VIEWERS - 1 else urls[0]
            self.at(when, partial(self.spectate, viewer, url, when))
        for viewer, url in enumerate(urls, start=1):  # the projector of each event
            self.at(begin, partial(self.spectate, -viewer, url, begin))
        paired = max(1, len(phones) // PAIRED_TABLES)
        self.paired = {p.table_id for p in self.rng.sample(phones, paired)}
        faulty = self.rng.sample(phones, min(len(phones), OFFLINE_TABLES + RENEWED_TABLES))
        for phone in faulty[:OFFLINE_TABLES]:
            when = begin + self.rng.uniform(0.2, 0.5) * round_seconds
            self.at(when, partial(self.go_offline, phone))
        for phone in faulty[OFFLINE_TABLES:]:
            when = begin + self.rng.uniform(0.3, 0.6) * round_seconds
            self.at(when, partial(lambda p: self.spawn(self.renew_link(p, user)), phone))

        def all_sent() -> bool:
            # A game being read back is in no queue yet: the last game of a table once ended
            # the load before it was sent (reported as still queued, not lost).
            return all(
                len(p.ledger) == p.games and not p.queue and not p.reading and not p.rivals_sending
                for p in phones
            )

        limit = begin + round_seconds * 6 + self.play_seconds(OFFLINE_SECONDS) + 300
        while not all_sent() and self.clock() < limit:
            if self.failures:
                raise self.failures[0]
            if server.ended():
                raise RuntimeError(f"the server ended (exit {server.process.returncode})")
            await asyncio.sleep(0.25)
        self.finished = True
        complete = all_sent()
        if self.tasks:  # the last answers (no new requests start now)
            await asyncio.wait(set(self.tasks), timeout=TIMEOUT + 5)
        for kept in self.kept.values():
            kept.close()
        self.kept.clear()
        if self.failures:
            raise self.failures[0]
        self.memory.read(f"S{number} end", self.processes())
        loading.cancel()
        if backends and reading:
            reading.cancel()
            backends.sample()
        usage = Usage(
            seconds=self.clock() - begin,
            requests=self.count() - requests,
            workers=server.workers_cpu() - workers,
            postgres=backends.used() if backends else None,
            client=time.process_time() - client,
            machine=machine_busy() - machine,
        )
        print(
            f"Serie {number}: {'all games sent' if complete else 'TIME LIMIT: games still queued'}"
            f" after {usage.seconds:.0f} s",
            flush=True,
        )
        for line in usage.lines():
            print(f"  {line}")
        if set(children(server.process.pid)) != set(pids):
            print("  the server replaced a worker during the load: the workers' CPU is not exact")
        else:  # a phone keeps its connection, so a process keeps the phones it took at first
            used = zip(pids, each, strict=True)
            shares = " ".join(f"{(cpu_seconds(p) - was) / usage.seconds:.2f}" for p, was in used)
            print(f"  server processes: {shares} cores")
        return usage


def load_games(day: Day, user: Any, games: int) -> None:
    """Games 1 to `games` of every table of the seated Serie, stored through the service the
    table's save calls (`services.save_entry`, each with its phone's entry id, as the phone
    would have sent it: the same checks, Bockrunden and sums), not through HTTP, one
    transaction a table (each save a savepoint in it: one commit instead of one a game); each
    goes into its phone's ledger, so the end's checks cover them too."""
    from django.db import connections, transaction

    from skatclub.club import services
    from skatclub.club.entry_line import parse_line
    from skatclub.club.models import Table

    started = time.perf_counter()
    for phone in day.phones.values():
        table = Table.objects.get(pk=phone.table_id)
        with transaction.atomic():
            for number in range(len(phone.ledger) + 1, games + 1):
                entry = Entry(number, day.mix.draw(number, house=phone.house), uuid.uuid4().hex)
                typed = services.Entry(number, parse_line(entry.line, 4))
                services.save_entry(table=table, typed=typed, user=user, entry_id=entry.entry_id)
                phone.ledger.append(entry)
    connections.close_all()
    stored = len(day.phones) * games
    seconds = time.perf_counter() - started
    print(
        f"Serie {day.round_number}: games 1–{games} of {len(day.phones)} tables loaded in bulk "
        f"({stored} games, {seconds:.0f} s, {1000 * seconds / max(1, stored):.1f} ms a game)",
        flush=True,
    )


def house_players(people: list[Any], tables: int) -> int:
    """How many of `people` play at the house-rules event's tables (at least one table)."""
    return 4 * max(1, round(tables * HOUSE_SHARE)) if tables > 1 else 0


def seat_round(
    day: Day, events: tuple[Any, Any], number: int, people: list[Any], user: Any
) -> list[str]:
    """Serie `number` of both events seated and linked, the phones made; the live rankings'
    URLs (the championship's first)."""
    from django.db import connections

    from skatclub.club.models import TableLink

    started = time.perf_counter()
    split = len(people) - house_players(people, day.args.tables)
    day.phones = {}
    urls = []
    for event, players in zip(events, (people[:split], people[split:]), strict=True):
        if not players:
            continue
        round_ = start_round(event, number, players, user, day.rng)
        links = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
        tokens = dict(links.values_list("table_id", "token"))
        house = event is events[1]
        for table_id, token in tokens.items():
            day.phones[table_id] = TablePhone(table_id, token, day.args.games, house=house)
        urls.append(f"{event.get_absolute_url()}serie/{number}/leinwand/")
    connections.close_all()  # the server alone uses the database during the load
    house_tables = sum(p.house for p in day.phones.values())
    print(
        f"Serie {number}: {len(day.phones)} tables seated and linked ({house_tables} of them "
        f"the house-rules event's) in {time.perf_counter() - started:.1f} s",
        flush=True,
    )
    return urls


# --- checking -----------------------------------------------------------------------------------


def check_games(ledgers: list[TablePhone]) -> tuple[int, int, int, int]:
    """(meant, still queued, lost, duplicated) against the stored games of every table and
    the phones' ledgers: each game number the players meant holds the entry they wanted (the
    ledger's, or where a second phone entered the game too, the one they kept or replaced it
    with); a game still in a phone's queue (the time limit came first) is not lost, the phone
    holds it. Duplicated: a stored game under a number nobody meant, or an entry stored under
    two numbers."""
    from skatclub.club.models import Game

    stored: defaultdict[int, dict[int, str]] = defaultdict(dict)
    rows = Game.objects.filter(table_id__in=[p.table_id for p in ledgers])
    for table_id, number, entry_id in rows.values_list("table_id", "number", "entry_id"):
        stored[table_id][number] = entry_id or ""
    meant = queued = lost = duplicated = 0
    for phone in ledgers:
        games = stored[phone.table_id]
        meant += len(phone.ledger)
        queued += len(phone.queue)
        held = {e.number for e in phone.queue}
        for entry in phone.ledger:
            wanted = phone.final.get(entry.number, {entry.entry_id})
            if entry.number not in held and games.get(entry.number) not in wanted:
                lost += 1
        numbers = {e.number for e in phone.ledger}
        ids = Counter(games.values())
        duplicated += sum(1 for n in games if n not in numbers)
        duplicated += sum(n - 1 for entry_id, n in ids.items() if entry_id and n > 1)
    return meant, queued, lost, duplicated


def check_values(ledgers: list[TablePhone]) -> tuple[int, Counter[str], list[str]]:
    """Every stored game against the value its worked case expects (`day_mix`): (games
    checked, checked by kind, the first differences). A Ramsch: each seat's stored score; a
    game: its list value; both at the Bock level stored with the game (see day_mix)."""
    from skatclub.club.models import Game, RamschScore, Seat

    played = {e.entry_id: e.played for p in ledgers for e in p.ledger}
    played.update({e.entry_id: e.played for p in ledgers for e in p.rivals})
    table_ids = [p.table_id for p in ledgers]
    positions = dict(
        ((table_id, player_id), position)
        for table_id, player_id, position in Seat.objects.filter(
            table_id__in=table_ids
        ).values_list("table_id", "player_id", "position")
    )
    scores: defaultdict[int, dict[int, int]] = defaultdict(dict)
    for game_id, table_id, player_id, score in RamschScore.objects.filter(
        game__table_id__in=table_ids
    ).values_list("game_id", "game__table_id", "player_id", "list_score"):
        scores[game_id][positions[(table_id, player_id)]] = score
    checked: Counter[str] = Counter()
    wrong: list[str] = []
    rows = Game.objects.filter(table_id__in=table_ids).values_list(
        "id", "table_id", "number", "entry_id", "list_score", "declaration", "ramsch"
    )
    for game_id, table_id, number, entry_id, list_score, declaration, ramsch in rows:
        meant = played.get(entry_id)
        if meant is None:
            wrong.append(f"table {table_id} game {number}: entry {entry_id!r} no phone sent")
            continue
        checked[meant.case.kind] += 1
        want: object
        got: object
        if ramsch is not None:
            checked["of them Bock"] += ramsch.get("bock", 0) > 0
            want = {s: n for s, n in expected_scores(meant, ramsch.get("bock", 0)).items() if n}
            got = {seat: score for seat, score in scores[game_id].items() if score}
        else:
            level = (declaration or {}).get("bock", 0)
            checked["of them Bock"] += level > 0
            want, got = expected_value(meant, level), list_score
        ok = got == want
        if not ok:
            wrong.append(
                f"table {table_id} game {number} {meant.line!r} (case {meant.case.key}): "
                f"stored {got}, the case says {want}"
            )
    return sum(n for kind, n in checked.items() if kind != "of them Bock"), checked, wrong


def check_seat_sums(events: tuple[Any, Any]) -> tuple[int, int]:
    """(seats, differing) stored sums vs `services.refresh_results` (rolled back)."""
    from django.db import transaction

    from skatclub.club import services
    from skatclub.club.models import Seat, Table

    tables = Table.objects.filter(round__event__in=events)
    table_ids = list(tables.values_list("id", flat=True))
    rows = Seat.objects.filter(table_id__in=table_ids).order_by("id")
    fields = services.SEAT_RESULT_FIELDS
    stored = list(rows.values_list("id", *fields))
    with transaction.atomic():
        services.refresh_results(table_ids=table_ids)
        again = list(rows.values_list("id", *fields))
        transaction.set_rollback(True)
    return len(stored), sum(a != b for a, b in zip(stored, again, strict=True))


def report(
    day: Day,
    engine: str,
    ledgers: list[TablePhone],
    events: tuple[Any, Any],
    usage: Usage,
    elapsed: float,
) -> None:
    args = day.args
    print()
    print(
        f"{engine}: {args.tables} tables × {args.games} games × {args.rounds} Serien, Granian "
        f"with {args.workers} processes, speed ×{args.speed:g}, {elapsed:.0f} s"
    )
    if args.end_of_day:
        print(
            f"  the end of the day: Serien 1–{args.rounds - 1} and games 1–"
            f"{args.games - args.live_games} of Serie {args.rounds} loaded in bulk, the last "
            f"{args.live_games} played live; the figures below are the live part's"
        )
    for name, samples in day.kinds():
        if name.startswith("stand") and not day.stand:
            print(f"{name:26} stand: not available")
            continue
        if not samples.latency_ms:
            print(f"{name:26} none")
            continue
        cpu = samples.cpu_ms
        print(f"{name:26} n={len(samples.latency_ms)}")
        print(f"{'  phone (latency)':26} {spread(samples.latency_ms)}")
        print(f"{'  server (wall, header)':26} {spread(samples.wall_ms)}")
        if cpu:
            by_status = ", ".join(
                f"{status} {statistics.fmean(values):.2f}"
                for status, values in sorted(samples.cpu_by_status.items())
            )
            print(
                f"{'  server CPU (header)':26} mean {statistics.fmean(cpu):6.2f} ms, "
                f"p95 {percentile(cpu, 0.95):6.2f} ms; mean by answer: {by_status} ms"
            )
        print(f"{'  late (loop lag)':26} {spread(samples.late_ms)}")
        print(f"{'  phone p95 by minute':26} {by_minute(samples)}")
        answers: dict[str, object] = dict(sorted(samples.statuses.items()))
        if samples in (day.polls, day.spectators, day.projector):
            answers["304 share"] = f"{samples.statuses['304'] / len(samples.latency_ms):.0%}"
        print(f"{'  answers':26} {answers}")
    shown = [(name, samples) for name, samples in day.kinds() if samples.latency_ms]
    print("by Serie (the phone's latency; the server's CPU from its header):")
    for line in by_round(shown):
        print(f"  {line}")
    print("by ten minutes of the load (the phone's latency):")
    for line in by_ten_minutes(shown, day.began):
        print(f"  {line}")
    print("the machine's load during the run:")
    for line in day.load.lines():
        print(f"  {line}")
    print("memory (resident set) of every process, start and end of each Serie:")
    if args.end_of_day:  # only the last Serie is played live: from its start to its end
        table, grew = day.memory.lines(f"S{args.rounds} start", f"S{args.rounds} end")
    else:
        table, grew = day.memory.lines("S1 end", f"S{args.rounds} end")
    for line in table:
        print(f"  {line}")
    print("CPU over the load (/proc):")
    for line in usage.lines():
        print(f"  {line}")
    if usage.postgres is None and engine == "PostgreSQL":
        print("  PostgreSQL backends: not included (no local user postgres)")
    conflicts = sum(p.conflicts for p in ledgers)
    refused = sum(p.refused for p in ledgers)
    print(
        f"faults: {day.dropped} answers dropped, {day.double_taps} double taps, "
        f"{day.resent} resends; {OFFLINE_TABLES} tables offline "
        f"{OFFLINE_SECONDS // 60} min, {RENEWED_TABLES} links renewed (per Serie)"
    )
    errors = sum(s.errors() for s in (day.saves, day.polls, day.statuses, day.spectators))
    print(
        f"errors: {errors} (5xx, timeouts, broken connections), 409: {conflicts}, "
        f"other refusals: {refused}"
    )
    rivals = sum(len(p.rivals) for p in ledgers)
    print(
        f"second phones (1 table in {PAIRED_TABLES}): {rivals} games entered twice at once "
        f"({day.same_game} the same game, the others a different game under the same number); "
        f"the second phones' answers: {dict(sorted(day.rival_answers.items()))}"
    )
    print(
        f"409s resolved as the page offers: {day.kept_stored} kept the stored game, "
        f"{day.replaced} replaced it (sent again with the stored version)"
    )
    for why in [w for p in ledgers for w in p.why][:3]:
        print(f"  refused: {why}")
    meant, queued, lost, duplicated = check_games(ledgers)
    print(
        f"games: {meant} meant by the phones, {lost} lost, {duplicated} duplicated"
        + (f", {queued} STILL QUEUED (time limit)" if queued else "")
    )
    print(f"polls skipped while the last was unanswered (an overloaded server): {day.skipped}")
    seats, wrong = check_seat_sums(events)
    print(f"seat sums: {seats} seats, {wrong} differ from a recomputation (consistency only)")
    checked, kinds, differ = check_values(ledgers)
    print(
        f"values: {checked} stored games against their worked case's value, {len(differ)} "
        f"differ; by kind: {dict(sorted(kinds.items()))}"
    )
    for line in differ[:5]:
        print(f"  differs: {line}")

    def p95(values: array[float]) -> float:
        return percentile(values, 0.95) if values else math.inf

    from skatclub.club.models import Game

    games_stored = Game.objects.count()
    render_cpu = [
        cpu
        for samples in (day.projector, day.spectators)
        for cpu in samples.cpu_by_status.get("200", [])
    ]
    polls = day.polls.latency_ms if day.stand else array("d")
    print("targets (the figure measured, and whether it is met):")
    rows: list[tuple[str, str, bool]] = [
        (
            "save p95 < 100 ms (phone)",
            f"{p95(day.saves.latency_ms):.1f} ms",
            p95(day.saves.latency_ms) < 100,
        ),
        ("poll p95 < 30 ms (phone)", f"{p95(polls):.1f} ms", p95(polls) < 30),
        (
            "CPU per poll < 2 ms (mean)",
            f"{statistics.fmean(day.polls.cpu_ms):.2f} ms" if day.polls.cpu_ms else "–",
            bool(day.polls.cpu_ms) and statistics.fmean(day.polls.cpu_ms) < 2,
        ),
        (
            "projector render < 50 ms CPU (p95)",
            f"{p95(array('d', render_cpu)):.1f} ms at {games_stored} games" if render_cpu else "–",
            bool(render_cpu) and p95(array("d", render_cpu)) < 50,
        ),
        (
            "0 lost, 0 duplicated",
            f"{lost} lost, {duplicated} duplicated",
            not lost and not duplicated,
        ),
        ("memory flat (no process +20 %)", ", ".join(grew) or "none grew 20 %", not grew),
        ("seat sums exact", f"{wrong} of {seats} differ", wrong == 0),
        ("values as the worked cases", f"{len(differ)} of {checked} differ", not differ),
    ]
    for name, figure, held in rows:
        print(f"  {name:36} {figure:36} {'met' if held else 'MISSED'}")
    print("targets by Serie (p95: saves < 100 ms, polls < 30 ms, projector render < 50 ms CPU):")
    rendered: defaultdict[int, list[float]] = defaultdict(list)
    for samples in (day.projector, day.spectators):
        for number, used in zip(samples.full_round_of, samples.full_cpu_ms, strict=True):
            rendered[number].append(used)

    def met(value: float, limit: float) -> str:
        return f"{value:.1f} ms {'met' if value < limit else 'MISSED'}"

    for number in sorted(set(day.saves.round_of)):
        saves = array(
            "d",
            (
                v
                for n, v in zip(day.saves.round_of, day.saves.latency_ms, strict=True)
                if n == number
            ),
        )
        asked = array(
            "d",
            (
                v
                for n, v in zip(day.polls.round_of, day.polls.latency_ms, strict=True)
                if n == number
            ),
        )
        render = array("d", rendered.get(number, []))
        print(
            f"  Serie {number}: saves {met(p95(saves), 100)}, polls {met(p95(asked), 30)}, "
            f"render {met(p95(render), 50)}"
        )
    print(
        f"  (server wall p95: saves {p95(day.saves.wall_ms):.1f} ms, polls "
        f"{p95(day.polls.wall_ms):.1f} ms, spectators {p95(day.spectators.wall_ms):.1f} ms; "
        f"the machine: {usage.machine / max(1.0, usage.seconds):.2f} of {os.cpu_count()} cores "
        "busy over the load, see above)"
    )


def main() -> None:
    sys.path.insert(0, str(ROOT))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=350)
    parser.add_argument("--serien", dest="rounds", type=int, default=3, help="Serien of the day")
    parser.add_argument("--games", type=int, default=48, help="games per table and Serie")
    parser.add_argument(
        "--speed", type=float, default=10, help="play runs this much faster (10: a game in 9 s)"
    )
    parser.add_argument("--poll-every", type=float, default=4, help="s between a phone's polls")
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--spectator-every", type=float, default=2, help="s between polls")
    parser.add_argument(
        "--workers", type=int, default=0, help="server processes (default: serve's)"
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", default="", help="default: a temp SQLite file")
    parser.add_argument(
        "--access-log", action="store_true", help="the server logs every request (serve's option)"
    )
    parser.add_argument(
        "--quick", action="store_true", help="1 Serie of 3 games a table, play ×4 (a few minutes)"
    )
    parser.add_argument(
        "--end-of-day",
        action="store_true",
        help="run (2): the Serien before the last and its first games loaded in bulk, then the "
        "last --live-games played at the real pace (--speed 1 unless given)",
    )
    parser.add_argument(
        "--live-games", type=int, default=8, help="--end-of-day: the last games played live"
    )
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.games, args.speed = 1, 3, 4
    if args.end_of_day and "--speed" not in sys.argv:
        args.speed = 1
    with tempfile.TemporaryDirectory(prefix="skatclub-big-day-") as tmp_name:
        tmp = Path(tmp_name)
        database_url = args.database_url or f"sqlite:///{tmp / 'big_day.sqlite3'}"
        postgres = database_url.startswith("postgres")
        if postgres:
            recreate_database(database_url)
        setup_django(database_url, tmp / "data")
        from django.db import connections

        from skatclub.club.management.commands.serve import (
            APPLICATION,
            DEFAULT_WORKERS,
            server_argv,
            worker_argv,
        )
        from skatclub.club.tasks import QUEUES

        args.workers = args.workers or DEFAULT_WORKERS

        user, event, house, people = build_event(args.tables * 4)
        connections.close_all()
        port = free_port()
        argv = server_argv("127.0.0.1", port, args.workers, access_log=args.access_log)
        argv[argv.index(APPLICATION)] = "big_day_server:application"  # the same app, measured
        path = os.pathsep.join(
            filter(None, [str(ROOT / "benchmarks"), os.environ.get("PYTHONPATH")])
        )
        env = {**os.environ, "PYTHONPATH": path}  # production settings: setup_django's
        server = Server(argv, env, tmp / "server.log", args.workers)
        # the background workers beside it, as `serve` starts them (their memory is reported)
        background = [
            subprocess.Popen(
                worker_argv(queue),
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=(tmp / f"worker-{queue}.log").open("wb"),
            )
            for queue in QUEUES
        ]
        database = database_url.rsplit("/", 1)[1] if postgres else ""
        day = Day(args, port, database)

        def processes() -> list[tuple[str, int]]:
            found = [("server (Granian main)", server.process.pid)]
            found += [(f"server worker {pid}", pid) for pid in children(server.process.pid)]
            found += [
                (f"background worker ({q})", w.pid) for q, w in zip(QUEUES, background, strict=True)
            ]
            if database and has_postgres_user():
                found += [(f"PostgreSQL backend {pid}", pid) for pid in Backends(database).read()]
            return [*found, ("load generator (this process)", os.getpid())]

        day.processes = processes
        ledgers: list[TablePhone] = []
        usage = Usage()
        try:
            server.wait_ready(f"http://127.0.0.1:{port}/")
            began = time.perf_counter()
            for number in range(1, args.rounds + 1):
                urls = seat_round(day, (event, house), number, people, user)
                day.round_number = number
                if args.end_of_day:  # the Serien before the last, and its first games: bulk
                    last = number == args.rounds
                    load_games(day, user, args.games - args.live_games if last else args.games)
                    if not last:
                        ledgers.extend(day.phones.values())
                        continue
                usage.add(asyncio.run(day.play(number, urls, user, server)))
                ledgers.extend(day.phones.values())
            elapsed = time.perf_counter() - began
        finally:
            if server.ended():
                print(f"the server ended (exit {server.process.returncode}); its log ends:")
                print(server.tail())
            server.stop()
            for worker in background:  # started here: stopped by their own handles
                worker.terminate()
                worker.wait(timeout=30)
        engine = "PostgreSQL" if postgres else "SQLite"
        report(day, engine, ledgers, (event, house), usage, elapsed)
        connections.close_all()


if __name__ == "__main__":
    main()
