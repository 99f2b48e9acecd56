"""Benchmark: a DSkV championship day in one process: 350 four-tables, phones, spectators, faults.

    python benchmarks/big_day.py --quick                 # about 2 minutes: 1 Serie, 4 games a table
    python benchmarks/big_day.py                         # 3 Serien of 48 games (about an hour)
    python benchmarks/big_day.py --database-url postgres://postgres@127.0.0.1:5432/skatbench_big_day

One event with 1,400 players at 350 tables of four (`--tables`), Serie after Serie
(`--serien`, `--games` per table). Requests go into the server's WSGI application as gunicorn
calls it (every middleware, the CSRF check, views, templates, database) from a pool of server
threads (`--workers`), as a threaded server would run them; nothing is mocked.

Who asks:
- **One phone per table enters the games**: a game every ~90 s of play (normal spread, 40 to
  200 s; all tables start together, so the first games come as a burst), each confirmed with
  an entry id made on the phone and kept in the phone's queue until the server answered 2xx
  (POST /t/<token>/spiel/ with `entry_id`). The phone keeps its own ledger of the games its
  players meant; a 409 is counted, never resolved.
- **Every player's phone polls its table** (1,400 phones, `--poll-every` seconds, conditional
  GET of /t/<token>/stand/ with If-None-Match). When the server has no /stand/ yet, the
  benchmark prints "stand: not available" and the phones do not poll.
- **Spectators** (`--spectators`, 300) follow the live ranking: the projector's live
  fragment of the running Serie every `--spectator-every` seconds, conditional GET.

Faults: 5 % of save answers are dropped (the server did the work; the phone resends the same
entry id after a few seconds), 5 % of saves are double taps (two identical requests at once),
20 tables go offline for 5 minutes of play mid-Serie and then flush their queue, 10 tables get
a new link mid-Serie from the Spielwart (`services.issue_link`): their phones learn it a
minute of play later and send what they still hold on the new link.

Time: play is compressed (`--speed`, default 4: a game every ~22 s a table, 16 saves/s for
350 tables; the offline minutes likewise); polls run in real time (a phone every 5 s, a
spectator every 5 s: the real load of the day). So saves are 4 times denser than on the day
and the pages change 4 times as often: the numbers are on the safe side. One process holds
Python's GIL: all server threads together use one core at most.

Prints per kind of request (save, stand poll, spectator poll): count, p50/p95/max of the
server's time (the handler, in its thread) and of the wait before it (a busy pool), CPU per
request (`time.thread_time` around the handler: with SQLite that includes the database's
work, with PostgreSQL not the server's backend), the answers by status; then lost and
duplicated games against the phones' ledgers, and the stored seat sums against
`services.refresh_results` recomputing them (rolled back).
Targets (issue 26): save p95 < 100 ms, poll p95 < 30 ms, CPU per poll < 2 ms; 0 lost,
0 duplicated, seat sums exact.
"""

from __future__ import annotations

import argparse
import datetime
import heapq
import itertools
import math
import os
import random
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter, defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LINES = ["Kr m2", "Gr m1 v", "He o3 H", "Null", "Pi m1 S", "Ka o2 v", "Gr o2", "p"]
DROP_SHARE = 0.05
DOUBLE_TAP_SHARE = 0.05
OFFLINE_TABLES = 10 * 2
OFFLINE_SECONDS = 5 * 60  # of play
RENEWED_TABLES = 10
LEARN_SECONDS = 60  # of play: the phone scans the new QR code
RESEND_SECONDS = 3.0  # real: a phone whose answer was lost tries again
GAME_SECONDS = 90  # of play, per table


def setup_django(database_url: str, data: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.update(
        {
            "DATABASE_URL": database_url,
            "DJANGO_SETTINGS_MODULE": "skatclub.settings",
            "DEBUG": "0",
            "SECRET_KEY": "benchmark-only-not-secret",
            "SKATCLUB_DATA": str(data),
            "SKATCLUB_DAILY_BACKUP_HOURS": "0",
            "ALLOWED_HOSTS": "testserver,localhost",
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


def build_event(players: int) -> tuple[Any, Any, list[Any]]:
    """The Spielwart, the event and its players (no Serie yet)."""
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
    )
    people = Player.objects.bulk_create(
        Player(key=f"s{i}", name=f"Spielerin {i:04d} Überlänge-Müller") for i in range(players)
    )
    return user, event, people


def start_round(event: Any, number: int, people: list[Any], user: Any, rng: random.Random) -> Any:
    """Serie `number` with the players drawn at tables of four, and a link for every table."""
    from skatclub.club import services

    drawn = list(people)
    rng.shuffle(drawn)
    tables = [drawn[i : i + 4] for i in range(0, len(drawn), 4)]
    round_ = services.create_round(event=event, number=number, tables=tables, user=user)
    services.issue_links(round_=round_, user=user)
    return round_


def line_for(number: int) -> str:
    """A legal line for game `number` at a four-table: a playing seat declares."""
    from scoring import playing_positions

    text = LINES[number % len(LINES)]
    return text if text == "p" else f"{playing_positions(4, number)[0]} {text}"


# --- measuring ----------------------------------------------------------------------------------


@dataclass
class Samples:
    """What the server did for one kind of request."""

    server_ms: list[float] = field(default_factory=list)
    cpu_ms: list[float] = field(default_factory=list)
    waited_ms: list[float] = field(default_factory=list)
    statuses: Counter[str] = field(default_factory=Counter)

    def add(self, server: float, cpu: float, waited: float, status: str) -> None:
        self.server_ms.append(server)
        self.cpu_ms.append(cpu)
        self.waited_ms.append(waited)
        self.statuses[status] += 1


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def spread(values: list[float]) -> str:
    if not values:
        return "–"
    return (
        f"p50 {statistics.median(values):6.1f}  p95 {percentile(values, 0.95):6.1f}  "
        f"max {max(values):7.1f} ms"
    )


CSRF = "bigday" + "0123456789abcdefghijklmnopqrstuv"[:26]  # a 32-character CSRF secret


@dataclass
class Answer:
    """What the server answered (status and headers; the body is read, then dropped)."""

    status_code: int
    headers: dict[str, str]
    text: str = ""  # the start of a refusal's body, to say why

    def get(self, name: str, default: str = "") -> str:
        return self.headers.get(name.lower(), default)


class Wsgi:
    """Requests straight into the server's WSGI application (`skatclub.wsgi`, as gunicorn
    calls it): every middleware, the CSRF check with the phone's cookie, no test client."""

    def __init__(self) -> None:
        from skatclub.wsgi import application

        self.application = application

    def get(self, path: str, **headers: str) -> Answer:
        return self.call("GET", path, b"", headers)

    def post(self, path: str, data: dict[str, object], **headers: str) -> Answer:
        from urllib.parse import urlencode

        body = urlencode({**data, "csrfmiddlewaretoken": CSRF}).encode()
        return self.call("POST", path, body, headers)

    def call(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> Answer:
        import io

        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "QUERY_STRING": "",
            "SERVER_NAME": "testserver",
            "SERVER_PORT": "80",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "testserver",
            "HTTP_COOKIE": f"csrftoken={CSRF}",
            "CONTENT_TYPE": "application/x-www-form-urlencoded",
            "CONTENT_LENGTH": str(len(body)),
            "wsgi.input": io.BytesIO(body),
            "wsgi.errors": sys.stderr,
            "wsgi.url_scheme": "http",
            "wsgi.version": (1, 0),
            "wsgi.multithread": True,
            "wsgi.multiprocess": False,
            "wsgi.run_once": False,
            **headers,
        }
        answered: list[tuple[str, list[tuple[str, str]]]] = []

        def start_response(
            status: str, pairs: list[tuple[str, str]], _exc_info: object = None
        ) -> Callable[[bytes], object]:
            answered.append((status, pairs))
            return lambda _data: None

        result = self.application(environ, start_response)
        body = b""
        try:
            for chunk in result:
                if len(body) < 4000:
                    body += chunk
        finally:
            close = getattr(result, "close", None)
            if close:
                close()
        status, pairs = answered[0]
        code = int(status.split()[0])
        text = _words(body) if code >= 400 and code not in (404, 409) else ""
        return Answer(code, {k.lower(): v for k, v in pairs}, text)


def _words(body: bytes) -> str:
    """The text of an HTML answer, briefly (the refusal's German message)."""
    import re

    text = re.sub(r"<[^>]+>", " ", body.decode(errors="replace"))
    return " ".join(text.split())[:160]


_local = threading.local()


def client() -> Wsgi:
    """The server's application, one handle per thread."""
    if not hasattr(_local, "client"):
        _local.client = Wsgi()
    found: Wsgi = _local.client
    return found


def timed(samples: Samples, lock: threading.Lock, due: float, call: Callable[[Any], Any]) -> Any:
    """Run one request in this thread, measuring the handler's wall and CPU time."""
    started_wall, started_cpu = time.perf_counter(), time.thread_time()
    try:
        response = call(client())
        status = str(response.status_code)
        if response.get("X-Entry-Result"):
            status += " " + response.get("X-Entry-Result")
    except Exception as error:  # a crash in a view: counted, the day goes on
        response, status = None, f"exception {type(error).__name__}"
    cpu = (time.thread_time() - started_cpu) * 1000
    server = (time.perf_counter() - started_wall) * 1000
    with lock:
        samples.add(server, cpu, max(0.0, (time.perf_counter() - due) * 1000 - server), status)
    return response


# --- the phones ---------------------------------------------------------------------------------


@dataclass
class Entry:
    number: int
    line: str
    entry_id: str


@dataclass
class TablePhone:
    """The phone that enters the games of one table, and its ledger."""

    table_id: int
    token: str
    games: int
    ledger: list[Entry] = field(default_factory=list)
    queue: list[Entry] = field(default_factory=list)
    sending: bool = False
    offline_until: float = 0.0  # real time
    new_token: str = ""
    learn_at: float = math.inf  # real time the phone switches to `new_token`
    conflicts: int = 0
    refused: int = 0
    why: list[str] = field(default_factory=list)


class Day:
    """The scheduler: a heap of (real time, order, action), a pool of server threads."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.pool = ThreadPoolExecutor(max_workers=args.workers, thread_name_prefix="server")
        self.taps = ThreadPoolExecutor(max_workers=4, thread_name_prefix="second-tap")
        self.lock = threading.Lock()
        self.heap: list[tuple[float, int, Callable[[], object]]] = []
        self.order = itertools.count()
        self.saves, self.polls, self.spectators = Samples(), Samples(), Samples()
        self.stand = True
        self.phones: dict[int, TablePhone] = {}
        self.poll_tags: dict[tuple[int, int], str] = {}
        self.spectator_tags: dict[int, str] = {}
        self.resent = self.dropped = self.double_taps = 0
        self.asking: set[object] = set()  # pollers whose last request is not answered yet
        self.skipped = 0

    def at(self, when: float, action: Callable[[], object]) -> None:
        with self.lock:
            heapq.heappush(self.heap, (when, next(self.order), action))

    def play_seconds(self, seconds: float) -> float:
        """Real seconds for `seconds` of play."""
        speed: float = self.args.speed
        return seconds / speed

    # -- saving ------------------------------------------------------------------------------

    def next_game(self, phone: TablePhone) -> None:
        number = len(phone.ledger) + 1
        if number > phone.games:
            return
        entry = Entry(number, line_for(number), uuid.uuid4().hex)
        phone.ledger.append(entry)
        phone.queue.append(entry)
        self.flush(phone)
        pause = min(max(self.rng.gauss(GAME_SECONDS, 25), 40), 200)
        self.at(time.perf_counter() + self.play_seconds(pause), lambda: self.next_game(phone))

    def flush(self, phone: TablePhone) -> None:
        """Send the head of the queue unless a send is under way or the phone is offline."""
        now = time.perf_counter()
        with self.lock:
            if phone.sending or not phone.queue:
                return
            if now < phone.offline_until:
                return  # flushed when it comes back (scheduled with the outage)
            if phone.new_token and now >= phone.learn_at:
                phone.token, phone.new_token = phone.new_token, ""
            phone.sending = True
        entry = phone.queue[0]
        self.pool.submit(self.send, phone, entry, phone.token, now)

    def send(self, phone: TablePhone, entry: Entry, token: str, due: float) -> None:
        data = {"number": entry.number, "line": entry.line, "entry_id": entry.entry_id}
        url = f"/t/{token}/spiel/"

        def post(c: Any) -> Any:
            return c.post(url, data, HTTP_X_ENTRY_PARTIAL="1")

        second = None
        if self.rng.random() < DOUBLE_TAP_SHARE:
            self.double_taps += 1
            second = self.taps.submit(timed, self.saves, self.lock, due, post)
        response = timed(self.saves, self.lock, due, post)
        answers = [response] + ([second.result()] if second else [])
        statuses = [a.status_code if a is not None else 500 for a in answers]
        retry_in: float | None = None
        if self.rng.random() < DROP_SHARE:
            self.dropped += 1
            retry_in = RESEND_SECONDS  # the phone never heard the answer
        elif any(200 <= s < 300 for s in statuses):
            with self.lock:
                phone.queue.pop(0)
        elif 409 in statuses:
            with self.lock:
                phone.conflicts += 1
                phone.queue.pop(0)  # the players would be asked; the ledger keeps the game
        elif 404 in statuses or any(s >= 500 for s in statuses):
            # an old link (the phone learns the new one) or a busy server: try again
            retry_in = max(RESEND_SECONDS, phone.learn_at - time.perf_counter())
            retry_in = min(retry_in, self.play_seconds(LEARN_SECONDS) + RESEND_SECONDS)
        else:
            with self.lock:
                phone.refused += 1
                phone.queue.pop(0)
                texts = [a.text for a in answers if a is not None and a.text]
                phone.why.append(f"Spiel {entry.number}: {statuses} {texts[:1]}")
        with self.lock:
            phone.sending = False
        if retry_in is not None:
            self.resent += 1
            self.at(time.perf_counter() + retry_in, lambda: self.flush(phone))
        else:
            self.flush(phone)

    # -- faults ------------------------------------------------------------------------------

    def go_offline(self, phone: TablePhone) -> None:
        back = time.perf_counter() + self.play_seconds(OFFLINE_SECONDS)
        with self.lock:
            phone.offline_until = back
        self.at(back + 0.01, lambda: self.flush(phone))

    def renew_link(self, phone: TablePhone, user: Any) -> None:
        from django.db import connection

        from skatclub.club import services
        from skatclub.club.models import Table

        link = services.issue_link(table=Table.objects.get(pk=phone.table_id), user=user)
        connection.close()
        with self.lock:
            phone.new_token = link.token
            phone.learn_at = time.perf_counter() + self.play_seconds(LEARN_SECONDS)
        self.at(phone.learn_at + 0.01, lambda: self.flush(phone))

    # -- polling -----------------------------------------------------------------------------

    def poll_table(self, phone: TablePhone, seat: int, until: Callable[[], bool]) -> None:
        if not self.stand or until():
            return
        now = time.perf_counter()
        if now >= phone.offline_until and self.free((phone.table_id, seat)):
            token = phone.new_token if phone.new_token and now >= phone.learn_at else phone.token
            self.pool.submit(self.ask_stand, phone.table_id, seat, token, now)
        self.at(now + self.args.poll_every, lambda: self.poll_table(phone, seat, until))

    def free(self, poller: object) -> bool:
        """Whether the poller may ask: like live.js, a page asks again only when answered."""
        with self.lock:
            if poller in self.asking:
                self.skipped += 1
                return False
            self.asking.add(poller)
            return True

    def ask_stand(self, table_id: int, seat: int, token: str, due: float) -> None:
        tag = self.poll_tags.get((table_id, seat), "")
        extra = {"HTTP_IF_NONE_MATCH": tag} if tag else {}
        response = timed(self.polls, self.lock, due, lambda c: c.get(f"/t/{token}/stand/", **extra))
        if response is not None and response.status_code == 200:
            self.poll_tags[(table_id, seat)] = response.get("ETag", "")
        with self.lock:
            self.asking.discard((table_id, seat))

    def spectate(self, viewer: int, url: str, until: Callable[[], bool]) -> None:
        if until():
            return
        now = time.perf_counter()
        if self.free(viewer):
            self.pool.submit(self.ask_projector, viewer, url, now)
        self.at(now + self.args.spectator_every, lambda: self.spectate(viewer, url, until))

    def ask_projector(self, viewer: int, url: str, due: float) -> None:
        tag = self.spectator_tags.get(viewer, "")
        extra = {"HTTP_IF_NONE_MATCH": tag} if tag else {}
        response = timed(
            self.spectators, self.lock, due, lambda c: c.get(url, HTTP_X_LIVE="1", **extra)
        )
        if response is not None and response.status_code == 200:
            self.spectator_tags[viewer] = response.get("ETag", "")
        with self.lock:
            self.asking.discard(viewer)

    # -- the loop ----------------------------------------------------------------------------

    def run_until(self, done: Callable[[], bool], limit: float) -> bool:
        """Run due actions until `done()` or `limit` (real time); True when done."""
        while time.perf_counter() < limit:
            if done():
                return True
            with self.lock:
                head = self.heap[0][0] if self.heap else None
            now = time.perf_counter()
            if head is None or head > now:
                time.sleep(min(0.005, max(0.0, (head or now + 0.005) - now)))
                continue
            with self.lock:
                _, _, action = heapq.heappop(self.heap)
            action()
        return done()


def stand_available(token: str) -> bool:
    return client().get(f"/t/{token}/stand/").status_code != 404


def play_round(day: Day, event: Any, number: int, people: list[Any], user: Any) -> None:
    from django.db import connection

    from skatclub.club.models import TableLink

    args = day.args
    started = time.perf_counter()
    round_ = start_round(event, number, people, user, day.rng)
    links = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    tokens = dict(links.values_list("table_id", "token"))
    connection.close()
    print(
        f"Serie {number}: {len(tokens)} tables seated and linked in "
        f"{time.perf_counter() - started:.1f} s",
        flush=True,
    )
    day.phones = {t: TablePhone(t, token, args.games) for t, token in tokens.items()}
    if number == 1:
        day.stand = stand_available(next(iter(tokens.values())))
        connection.close()
        if not day.stand:
            print("stand: not available (GET /t/<token>/stand/ answers 404): phones do not poll")
    phones = list(day.phones.values())
    finished = threading.Event()
    begin = time.perf_counter()
    round_seconds = day.play_seconds(GAME_SECONDS * args.games)
    for phone in phones:
        first = begin + day.play_seconds(day.rng.uniform(30, GAME_SECONDS + 30))
        day.at(first, partial(day.next_game, phone))
        for seat in range(4):
            day.at(
                begin + day.rng.uniform(0, args.poll_every),
                partial(day.poll_table, phone, seat, finished.is_set),
            )
    url = f"{event.get_absolute_url()}serie/{number}/leinwand/"
    for viewer in range(args.spectators):
        day.at(
            begin + day.rng.uniform(0, args.spectator_every),
            partial(day.spectate, viewer, url, finished.is_set),
        )
    faulty = day.rng.sample(phones, min(len(phones), OFFLINE_TABLES + RENEWED_TABLES))
    for phone in faulty[:OFFLINE_TABLES]:
        day.at(begin + day.rng.uniform(0.2, 0.5) * round_seconds, partial(day.go_offline, phone))
    for phone in faulty[OFFLINE_TABLES:]:
        day.at(
            begin + day.rng.uniform(0.3, 0.6) * round_seconds,
            partial(day.pool.submit, day.renew_link, phone, user),
        )

    def all_sent() -> bool:
        with day.lock:
            return all(len(p.ledger) == p.games and not p.queue for p in phones)

    limit = begin + round_seconds * 6 + day.play_seconds(OFFLINE_SECONDS) + 300
    complete = day.run_until(all_sent, limit)
    finished.set()
    print(
        f"Serie {number}: {'all games sent' if complete else 'TIME LIMIT: games still queued'} "
        f"after {time.perf_counter() - begin:.0f} s",
        flush=True,
    )


# --- checking -----------------------------------------------------------------------------------


def check_games(ledgers: list[TablePhone]) -> tuple[int, int, int, int]:
    """(meant, still queued, lost, duplicated) against the stored games of every table: a game
    still in a phone's queue (the time limit came first) is not lost, the phone holds it."""
    from skatclub.club.models import Game

    stored: dict[int, list[tuple[int, str]]] = defaultdict(list)
    rows = Game.objects.filter(table_id__in=[p.table_id for p in ledgers])
    for table_id, number, entry_id in rows.values_list("table_id", "number", "entry_id"):
        stored[table_id].append((number, entry_id or ""))
    meant = queued = lost = duplicated = 0
    for phone in ledgers:
        games = stored[phone.table_id]
        meant += len(phone.ledger)
        queued += len(phone.queue)
        held = {e.entry_id for e in phone.queue}
        ids = Counter(entry_id for _, entry_id in games)
        if games and "" not in ids:  # the server keeps entry ids
            wanted = {e.entry_id for e in phone.ledger}
            lost += len(wanted - set(ids) - held)
            duplicated += sum(ids.values()) - len(set(ids) & wanted)
        else:  # a server without entry ids: compare by game number
            numbers = {n for n, _ in games}
            lost += len({e.number for e in phone.ledger if e.entry_id not in held} - numbers)
            duplicated += max(0, len(games) - len(phone.ledger))
    return meant, queued, lost, duplicated


def check_seat_sums(event: Any) -> tuple[int, int]:
    """(seats, differing) stored sums vs `services.refresh_results` (rolled back)."""
    from django.db import transaction

    from skatclub.club import services
    from skatclub.club.models import Seat, Table

    table_ids = list(Table.objects.filter(round__event=event).values_list("id", flat=True))
    rows = Seat.objects.filter(table_id__in=table_ids).order_by("id")
    fields = services.SEAT_RESULT_FIELDS
    stored = list(rows.values_list("id", *fields))
    with transaction.atomic():
        services.refresh_results(table_ids=table_ids)
        again = list(rows.values_list("id", *fields))
        transaction.set_rollback(True)
    return len(stored), sum(a != b for a, b in zip(stored, again, strict=True))


def report(day: Day, engine: str, ledgers: list[TablePhone], event: Any, elapsed: float) -> None:
    args = day.args
    print()
    print(
        f"{engine}: {args.tables} tables × {args.games} games × {args.rounds} Serien, "
        f"{args.workers} server threads, speed ×{args.speed:g}, {elapsed:.0f} s"
    )
    for name, samples in (
        ("saves", day.saves),
        ("stand polls (phones)", day.polls),
        ("live ranking (spectators)", day.spectators),
    ):
        if name.startswith("stand") and not day.stand:
            print(f"{name:26} stand: not available")
            continue
        if not samples.server_ms:
            print(f"{name:26} none")
            continue
        cpu = samples.cpu_ms
        print(
            f"{name:26} n={len(samples.server_ms):6}  server {spread(samples.server_ms)}  "
            f"CPU mean {statistics.fmean(cpu):5.2f} ms, p95 {percentile(cpu, 0.95):5.2f} ms"
        )
        print(f"{'':26} waited for a thread: {spread(samples.waited_ms)}")
        print(f"{'':26} answers: {dict(sorted(samples.statuses.items()))}")
    conflicts = sum(p.conflicts for p in ledgers)
    refused = sum(p.refused for p in ledgers)
    print(
        f"faults: {day.dropped} answers dropped, {day.double_taps} double taps, "
        f"{day.resent} resends; {OFFLINE_TABLES} tables offline "
        f"{OFFLINE_SECONDS // 60} min, {RENEWED_TABLES} links renewed (per Serie)"
    )
    errors = sum(n for s in (day.saves, day.polls, day.spectators) for k, n in s.statuses.items()
                 if k.startswith("5") or k.startswith("exception"))  # fmt: skip
    print(f"errors: {errors} (5xx and crashes), 409: {conflicts}, other refusals: {refused}")
    for why in [w for p in ledgers for w in p.why][:3]:
        print(f"  refused: {why}")
    meant, queued, lost, duplicated = check_games(ledgers)
    print(
        f"games: {meant} meant by the phones, {lost} lost, {duplicated} duplicated"
        + (f", {queued} STILL QUEUED (time limit)" if queued else "")
    )
    print(f"polls skipped while the last was unanswered (an overloaded server): {day.skipped}")
    seats, wrong = check_seat_sums(event)
    print(f"seat sums: {seats} seats, {wrong} differ from a recomputation")
    saves_p95 = percentile(day.saves.server_ms, 0.95) if day.saves.server_ms else math.inf
    targets = [
        ("save p95 < 100 ms", saves_p95 < 100),
        ("0 lost, 0 duplicated", lost == 0 and duplicated == 0),
        ("seat sums exact", wrong == 0),
    ]
    if day.stand and day.polls.server_ms:
        targets.append(("poll p95 < 30 ms", percentile(day.polls.server_ms, 0.95) < 30))
        targets.append(("CPU per poll < 2 ms", statistics.fmean(day.polls.cpu_ms) < 2))
    print("targets: " + ", ".join(f"{name}: {'yes' if ok else 'NO'}" for name, ok in targets))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=350)
    parser.add_argument("--serien", dest="rounds", type=int, default=3, help="Serien of the day")
    parser.add_argument("--games", type=int, default=48, help="games per table and Serie")
    parser.add_argument("--speed", type=float, default=4, help="play runs this much faster")
    parser.add_argument("--poll-every", type=float, default=5, help="s between a phone's polls")
    parser.add_argument("--spectators", type=int, default=300)
    parser.add_argument("--spectator-every", type=float, default=5, help="s between polls")
    parser.add_argument("--workers", type=int, default=8, help="server threads")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--database-url", default="", help="default: a temp SQLite file")
    parser.add_argument(
        "--quick", action="store_true", help="1 Serie of 4 games a table, play ×8 (~2 min)"
    )
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.games, args.speed = 1, 4, 8
    with tempfile.TemporaryDirectory(prefix="skatclub-big-day-") as tmp:
        database_url = args.database_url or f"sqlite:///{Path(tmp) / 'big_day.sqlite3'}"
        if database_url.startswith("postgres"):
            recreate_database(database_url)
        setup_django(database_url, Path(tmp) / "data")
        import skatclub.wsgi  # noqa: F401  (start up as the server does)

        user, event, people = build_event(args.tables * 4)
        day = Day(args)
        ledgers: list[TablePhone] = []
        began = time.perf_counter()
        for number in range(1, args.rounds + 1):
            play_round(day, event, number, people, user)
            ledgers.extend(day.phones.values())
        elapsed = time.perf_counter() - began
        day.pool.shutdown(wait=True)
        day.taps.shutdown(wait=True)
        engine = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
        report(day, engine, ledgers, event, elapsed)
        from django.db import connections

        connections.close_all()


if __name__ == "__main__":
    main()
