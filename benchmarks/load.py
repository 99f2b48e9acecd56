"""Load test on loopback: N tables save games at once against gunicorn; nothing may be lost.

    python benchmarks/load.py                       # 40 tables, a game every 2 s each, 60 s
    python benchmarks/load.py --pace 0 --seconds 20 # flat out, for capacity
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/skatload python benchmarks/load.py

Builds a fresh data folder (temp; SQLite unless DATABASE_URL is given, which must be an empty
database): one event with `--tables` 4-tables in Serie 1 and a Spielwart login. Starts gunicorn
(`--workers`) on 127.0.0.1 at a free port under production settings, logs one client in per
table, and lets every table save one legal game per `--pace` seconds (0: as fast as it can)
for `--seconds`, at most 48 games per table, as the entry page's script sends them (the answer
is the JSON of what changed; `--redirect`: as without JavaScript, answered with a redirect).
Only loopback; every loop is bounded in count and time. Prints saves/s, p50/p95 latency,
server CPU per save (the workers' user+system time) and errors by kind, then checks that every
acknowledged game is stored exactly once and that the seat sums equal a recomputation with
the engine.
"""

from __future__ import annotations

import argparse
import http.cookiejar
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
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "benchmark-passwort-lang-genug"
GAMES = 48


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def prepare(data: Path, tables: int) -> str:
    """The database with one event and its tables; returns the event key."""
    os.environ.update(SKATCLUB_DATA=str(data), DJANGO_SETTINGS_MODULE="skatclub.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from skatclub.club.models import Event, Player, Round, Season, Seat, Table
    from skatclub.club.roles import SPIELWART
    from skatclub.club.services.users import grant
    from skatclub.club.tenancy import home_club

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    user = User.objects.create_user("last", password=PASSWORD)
    grant(user, home_club().pk, SPIELWART)
    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="last", name="Last", date="2026-11-20", season=season, cents_per_point="1/4"
    )
    round_ = Round.objects.create(event=event, number=1)
    players = Player.objects.bulk_create(
        Player(key=f"p{i}", name=f"Spieler {i}") for i in range(tables * 4)
    )
    for number in range(1, tables + 1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, position=p, player=players[(number - 1) * 4 + p - 1])
            for p in range(1, 5)
        )
    from django.db import connections

    connections.close_all()
    return event.key


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def generate_archive_file(data: Path, events: int) -> Path:
    """A seeded club archive of `events` events (demo generator), written for the import."""
    import json

    sys.path.insert(0, str(ROOT))
    from skatclub.club.demo.generator import generate_archive

    archive = generate_archive(
        seasons=min(10, events),
        events_per_season=-(-events // min(10, events)),
        seed=7,
        first_year=2010,
        members=40,
        guests=8,
        rounds=(5, 5),
        totals_share=0.05,
    )
    archive["events"] = archive["events"][:events]
    games = sum(
        len(t.get("games", ())) for e in archive["events"] for r in e["rounds"] for t in r["tables"]
    )
    path = data / "archiv.json"
    path.write_text(json.dumps(archive, ensure_ascii=False), encoding="utf-8")
    print(f"Archiv für den Import während der Last: {events} Abende, {games:,} Spiele")
    return path


def login(base: str) -> urllib.request.OpenerDirector:
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect())
    page = opener.open(base + "/anmelden/", timeout=30).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, "no CSRF token on the login page"
    data = {"username": "last", "password": PASSWORD, "csrfmiddlewaretoken": token[1]}
    try:
        opener.open(base + "/anmelden/", urllib.parse.urlencode(data).encode(), timeout=30)
    except urllib.error.HTTPError as answer:
        assert answer.code == 302, answer.code
    return opener


def csrf(opener: urllib.request.OpenerDirector, url: str) -> str:
    page = opener.open(url, timeout=30).read().decode()
    found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert found
    return found[1]


def worker_cpu(master: int) -> tuple[float, float]:
    """User and system seconds of gunicorn's workers (children of the master)."""
    user = system = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for child in Path(f"/proc/{master}/task/{master}/children").read_text().split():
        fields = Path(f"/proc/{child}/stat").read_text().rsplit(")", 1)[1].split()
        user += int(fields[11]) / ticks
        system += int(fields[12]) / ticks
    return user, system


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between saves per table")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--during-import",
        type=int,
        default=0,
        metavar="EVENTS",
        help="import an archive of this many generated events (about 2,000 games each) "
        "while the tables save",
    )
    parser.add_argument(
        "--redirect",
        action="store_true",
        help="save as a browser without JavaScript does (answer: redirect to the page)",
    )
    args = parser.parse_args()
    args.during_import = max(0, min(args.during_import, 1000))
    args.tables = max(1, min(args.tables, 100))
    args.seconds = max(1.0, min(args.seconds, 600.0))

    from scoring import playing_positions

    data = Path(tempfile.mkdtemp(prefix="skatclub-load-"))
    key = prepare(data, args.tables)
    archive = generate_archive_file(data, args.during_import) if args.during_import else None
    port = free_port()
    env = {**os.environ, "DEBUG": "0", "HTTPS": "0", "SKATCLUB_DATA": str(data)}
    importing: dict[str, object] = {}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "skatclub.wsgi",
            f"--bind=127.0.0.1:{port}",
            f"--workers={args.workers}",
            "--log-level=warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/anmelden/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        latencies: list[float] = []
        errors: Counter[str] = Counter()
        acknowledged: dict[int, set[int]] = {}
        lock = threading.Lock()
        clock: dict[str, float] = {}

        def start_clock() -> None:  # once every table is logged in
            clock["user"], clock["system"] = worker_cpu(server.pid)
            clock["start"] = time.monotonic()
            clock["stop"] = clock["start"] + args.seconds
            if archive is not None:
                importing["process"] = subprocess.Popen(
                    [sys.executable, "manage.py", "import_archive", str(archive)],
                    cwd=ROOT,
                    env=env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
                importing["start"] = time.monotonic()

        ready = threading.Barrier(args.tables, action=start_clock)

        def play(table: int) -> None:
            opener = login(base)
            url = f"{base}/spielwart/veranstaltungen/{key}/serie/1/tisch/{table}/"
            token = csrf(opener, url)
            done: set[int] = set()
            ready.wait(timeout=300)
            # Tables save at their own moments, not all in the same instant: each starts at its
            # own phase of the pace (40 tables every 2 s: one table every 50 ms).
            time.sleep(args.pace * (table - 1) / args.tables)
            for number in range(1, GAMES + 1):
                if time.monotonic() > clock["stop"]:
                    break
                seat = playing_positions(4, number)[number % 3]
                line = f"{seat} {'Kr m1' if number % 4 else 'Gr o1 v'}"
                body = urllib.parse.urlencode(
                    {"line": line, "number": number, "csrfmiddlewaretoken": token}
                ).encode()
                headers = {"Referer": url}
                if not args.redirect:  # as the page's script sends it: the answer is a JSON
                    headers["X-Entry-Partial"] = "1"
                request = urllib.request.Request(url, body, headers=headers)
                begin = time.monotonic()
                try:
                    opener.open(request, timeout=30).read()
                    kind = "200"
                except urllib.error.HTTPError as answer:
                    kind = str(answer.code)
                except OSError as error:
                    kind = type(error).__name__
                took = time.monotonic() - begin
                with lock:
                    latencies.append(took)
                    if kind == ("302" if args.redirect else "200"):
                        done.add(number)
                    else:
                        errors[kind] += 1
                if args.pace:
                    time.sleep(max(0.0, args.pace - took))
            with lock:
                acknowledged[table] = done

        threads = [threading.Thread(target=play, args=(t,)) for t in range(1, args.tables + 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=args.seconds + 120)
        elapsed = time.monotonic() - clock["start"]
        user, system = worker_cpu(server.pid)
        user, system = user - clock["user"], system - clock["system"]
        if "process" in importing:
            process: subprocess.Popen[bytes] = importing["process"]  # type: ignore[assignment]
            _, err = process.communicate(timeout=1800)
            took = time.monotonic() - float(importing["start"])  # type: ignore[arg-type]
            print(
                f"Import während der Last: Exit {process.returncode} nach {took:.0f} s"
                + (f" ({err.decode()[-300:]})" if process.returncode else "")
            )
    finally:
        server.terminate()
        server.wait(timeout=30)

    saves = sum(len(v) for v in acknowledged.values())
    ordered = sorted(latencies) or [0.0]
    print(f"{args.tables} Tische, {args.workers} Worker, Takt {args.pace} s, {elapsed:.1f} s")
    print(f"Speicherungen: {saves} ({saves / elapsed:.1f}/s)")
    print(
        f"Antwortzeit p50 {statistics.median(ordered) * 1000:.0f} ms, "
        f"p95 {ordered[int(len(ordered) * 0.95) - 1] * 1000:.0f} ms, "
        f"längste {ordered[-1] * 1000:.0f} ms"
    )
    per_save = 1000 / max(saves, 1)
    print(
        f"Server-CPU je Speicherung: {(user + system) * per_save:.1f} ms "
        f"(Benutzer {user * per_save:.1f} ms, System {system * per_save:.1f} ms)"
    )
    print(f"Fehler: {dict(errors) or 'keine'}")
    check(key, acknowledged)


def check(key: str, acknowledged: dict[int, set[int]]) -> None:
    """Every acknowledged game stored once; seat sums equal a recomputation."""
    from skatclub.club.models import Game, Table
    from skatclub.club.queries.standings import entered_results

    lost = 0
    for table in Table.objects.filter(round__event__key=key):
        stored = list(Game.objects.filter(table=table).values_list("number", flat=True))
        assert len(stored) == len(set(stored)), f"Tisch {table.number}: doppelt"
        lost += len(acknowledged.get(table.number, set()) - set(stored))
    sums = entered_results([t.pk for t in Table.objects.filter(round__event__key=key)])
    wrong = 0
    for table in Table.objects.filter(round__event__key=key).prefetch_related("seats"):
        for seat in table.seats.all():
            expected = sums.get((table.pk, seat.player_id), (0, 0, 0))
            wrong += (seat.list_score, seat.won, seat.lost) != tuple(expected)
    print(f"Verloren: {lost}, Sitzsummen falsch: {wrong}")
    sys.exit(1 if lost or wrong else 0)


if __name__ == "__main__":
    main()
