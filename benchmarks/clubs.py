"""Benchmark: 200 clubs × 100,000 games on PostgreSQL: import, pages, a league table, size.

    python benchmarks/clubs.py                       # 200 clubs × 100,000 games (20 million)
    python benchmarks/clubs.py --clubs 2             # a quick run
    python benchmarks/clubs.py --clubs 20 --keep     # keep the database for --reuse
    python benchmarks/clubs.py --reuse --explain     # pages, league and size of a kept database

Needs a PostgreSQL server: `--database-url` (default
postgres://postgres@127.0.0.1:5432/skatbench_clubs; the name must start with skatbench_). The
database is dropped and created, and dropped again at the end unless `--keep`. Steps:

1. generate: one archive file per club (`demo.generator.generate_archive`, seeded per club:
   40 members and 8 guests, events of 5 Serien at 3-, 4- and 5-tables, 5 % paper lists, Kontra
   and Preisskat evenings, events until `--games` games), `--jobs` processes. Player keys
   carry the club's number: keys are unique over all clubs.
2. import: `--jobs` fresh interpreters, each importing its share of the clubs one after the
   other with `archive.import_file` (on PostgreSQL streamed event by event and written with
   COPY; every game valued by the engine) for that club (`tenancy.acting_for`). Prints games/s
   overall and per process, and each process's peak memory (RSS) after its first club and
   after its last: the import streams, so it does not grow with the number of games.
3. VACUUM ANALYZE, then a check: on `--verify` sampled events the stored seat sums (list
   score, won, lost, others' lost, score) equal `services.refresh_results` recomputing them
   through the engine (in a transaction that is rolled back).
4. pages: gunicorn (`--workers`, DEBUG off, loopback) serves; the season ranking, an event and a
   player page of `--samples` different clubs (a random season, event and player each), each
   requested `--repeat` times over HTTP; p50/p95/max of the whole request as the client sees
   it, and the p95 of the first request of each page (nothing of it cached yet).
5. league: a league in a club of its own, 10 teams × 4 players, 8 Spieltage of 5 teams with 3
   Serien each, built through `leagues.setup` and filled with paper totals through
   `services.record_totals`; p50/p95 of `leagues.results.league_table` in process after 4 and
   8 Spieltage, then of its public page `/v/liga/liga/<Liga>/<Staffel>/` over HTTP.
6. size: pg_database_size, the largest tables and indexes.

`--explain` prints EXPLAIN ANALYZE of the slowest queries of each page (Django's test client
in this process). Target: import >= 50,000 games/s; every page p95 < 100 ms.
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import multiprocessing
import os
import random
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/skatbench_clubs"
EVENTS_PER_SEASON = 10


# --- helpers ------------------------------------------------------------------------------


def setup_django(url: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")  # production settings: no query log
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret-" + "x" * 30)
    import django

    django.setup()


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def summary(values: list[float]) -> str:
    return (
        f"p50 {statistics.median(values):6.1f} ms, p95 {percentile(values, 0.95):6.1f} ms, "
        f"max {max(values):6.1f} ms"
    )


def peak_mb() -> float:
    """This process's peak resident memory. VmHWM, not getrusage: after fork and exec the
    latter still counts the parent's pages at the fork."""
    try:
        status = Path("/proc/self/status").read_text()
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    found = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
    return int(found.split()[1]) / 1024


def slug(number: int) -> str:
    return f"c{number:03d}"


def recreate_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    assert name.startswith("skatbench_"), "the benchmark only drops databases named skatbench_*"
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')
        admin.execute(f'CREATE DATABASE "{name}"')


def drop_database(url: str) -> None:
    import psycopg
    from django.db import connections

    connections.close_all()
    name = url.rsplit("/", 1)[1]
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}"')


# --- 1. generate ----------------------------------------------------------------------------


def club_archive(number: int, games: int, seed: int) -> dict[str, Any]:
    """One club's archive: events of the demo generator until `games` games are reached."""
    from skatclub.club.demo.generator import generate_archive

    seasons = max(1, math.ceil(games / 2_000 / EVENTS_PER_SEASON))
    archive = generate_archive(
        seasons=seasons,
        events_per_season=EVENTS_PER_SEASON,
        seed=seed * 1000 + number,
        first_year=2026 - seasons,
        members=40,
        guests=8,
        rounds=(5, 5),
        totals_share=0.05,
        club_name=f"Skatclub {number:03d}",
    )
    kept, count = [], 0
    for event in archive["events"]:
        if count >= games:
            break
        kept.append(event)
        count += sum(len(t.get("games", ())) for r in event["rounds"] for t in r["tables"])
    archive["events"] = kept
    return _prefixed(archive, slug(number))


def _prefixed(archive: dict[str, Any], prefix: str) -> dict[str, Any]:
    """Player keys are unique over all clubs: "anna" of club c007 becomes "c007-anna"."""

    def key(name: str) -> str:
        return f"{prefix}-{name}"

    for player in archive["players"]:
        player["key"] = key(player["key"])
    for event in archive["events"]:
        for round in event["rounds"]:
            for table in round["tables"]:
                table["seats"] = [key(k) for k in table["seats"]]
                for game in table.get("games", ()):
                    if "declarer" in game:
                        game["declarer"] = key(game["declarer"])
                for line in table.get("totals", ()):
                    line["player"] = key(line["player"])
    return archive


def write_club(task: tuple[Path, int, int, int]) -> int:
    folder, number, games, seed = task
    archive = club_archive(number, games, seed)
    path = folder / f"{slug(number)}.json"
    path.write_text(json.dumps(archive, ensure_ascii=False), encoding="utf-8")
    return sum(
        len(t.get("games", ())) for e in archive["events"] for r in e["rounds"] for t in r["tables"]
    )


def generate(folder: Path, clubs: int, games: int, seed: int, jobs: int) -> int:
    started = time.perf_counter()
    tasks = [(folder, n, games, seed) for n in range(1, clubs + 1)]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        total = sum(pool.imap_unordered(write_club, tasks))
    seconds = time.perf_counter() - started
    size = sum(p.stat().st_size for p in folder.glob("*.json")) / 1e9
    print(
        f"generate: {clubs} club archives, {total:,} games, {size:.1f} GB JSON "
        f"in {seconds:.0f} s ({jobs} processes)",
        flush=True,
    )
    return total


# --- 2. import ------------------------------------------------------------------------------


def import_worker(url: str, folder: Path, slugs: list[str]) -> None:
    """A fresh interpreter: import the clubs' archives one after the other, a JSON line each."""
    setup_django(url)
    from skatclub.club import tenancy
    from skatclub.club.archive import import_file
    from skatclub.club.models import Club

    for name in slugs:
        club = Club.objects.get(slug=name)
        started = time.perf_counter()
        with tenancy.acting_for(club):
            done = import_file(folder / f"{name}.json")
        seconds = time.perf_counter() - started
        print(
            json.dumps({"club": name, "games": done.games, "s": seconds, "rss": peak_mb()}),
            flush=True,
        )


def collect(
    worker: subprocess.Popen[str], lines: list[dict[str, Any]], index: int, started: float
) -> None:
    """An importer's lines as they come, with a progress line every 10 clubs."""
    assert worker.stdout is not None
    for line in worker.stdout:
        lines.append(json.loads(line))
        if len(lines) % 10 == 0:
            took = time.perf_counter() - started
            print(f"  … importer {index}: {len(lines)} clubs, {took:.0f} s", flush=True)


def import_all(url: str, folder: Path, clubs: int, jobs: int) -> None:
    from skatclub.club.models import Club

    Club.objects.bulk_create(
        Club(name=f"Skatclub {n:03d}", slug=slug(n)) for n in range(1, clubs + 1)
    )
    shares = [[slug(n) for n in range(1 + j, clubs + 1, jobs)] for j in range(jobs)]
    env = {**os.environ, "DATABASE_URL": url}
    load = os.getloadavg()[0]
    started = time.perf_counter()
    workers = [
        subprocess.Popen(
            [sys.executable, __file__, "--import-worker", url, str(folder), *share],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for share in shares
        if share
    ]
    results: list[list[dict[str, Any]]] = [[] for _ in workers]
    readers = [
        threading.Thread(target=collect, args=(worker, lines, index, started))
        for index, (worker, lines) in enumerate(zip(workers, results, strict=True), start=1)
    ]
    for reader in readers:
        reader.start()
    for reader, worker in zip(readers, workers, strict=True):
        reader.join()
        assert worker.wait() == 0, "an importer failed"
    seconds = time.perf_counter() - started
    games = sum(r["games"] for lines in results for r in lines)
    print(
        f"import: {games:,} games of {clubs} clubs in {seconds:.0f} s = "
        f"{games / seconds:,.0f} games/s with {len(workers)} importer processes "
        f"(target >= 50,000); load average before {load:.1f}, after {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores",
        flush=True,
    )
    for index, lines in enumerate(results, start=1):
        own = sum(r["s"] for r in lines)
        own_games = sum(r["games"] for r in lines)
        rates = [r["games"] / r["s"] for r in lines]
        print(
            f"  importer {index}: {len(lines)} clubs, {own_games / own:,.0f} games/s "
            f"(per club: median {statistics.median(rates):,.0f}, slowest {min(rates):,.0f}); "
            f"peak RSS {lines[0]['rss']:.0f} MB after its first club "
            f"({lines[0]['games']:,} games), {lines[-1]['rss']:.0f} MB after its last "
            f"({own_games:,} games)"
        )


def memory(url: str, sizes: list[int], seed: int) -> None:
    """Peak memory of one fresh importer per archive size: streamed, it does not grow."""
    from skatclub.club.models import Club

    if Club.objects.filter(slug__startswith="m9").exists():
        print("memory: measured on this database already (clubs m901, …)")
        return
    print("memory: one club archive per size, each imported by a fresh process:", flush=True)
    with tempfile.TemporaryDirectory(prefix="skatbench-memory-") as tmp:
        for index, games in enumerate(sizes, start=1):
            number = 900 + index  # clubs m901, m902, …: not among the sampled pages
            with multiprocessing.get_context("fork").Pool(1) as pool:  # not in this process
                pool.map(write_club, [(Path(tmp), number, games, seed)])
            name = f"m{number}"
            Path(tmp, f"{slug(number)}.json").rename(Path(tmp, f"{name}.json"))
            Club.objects.create(name=f"Speicher {games}", slug=name)
            size = Path(tmp, f"{name}.json").stat().st_size / 1e6
            done = subprocess.run(
                [sys.executable, __file__, "--import-worker", url, tmp, name],
                env={**os.environ, "DATABASE_URL": url},
                capture_output=True,
                text=True,
                check=True,
            )
            result = json.loads(done.stdout.strip().splitlines()[-1])
            print(
                f"  {result['games']:>9,} games ({size:,.0f} MB JSON): peak RSS "
                f"{result['rss']:.0f} MB, {result['games'] / result['s']:,.0f} games/s",
                flush=True,
            )


# --- 3. vacuum, check -----------------------------------------------------------------------


def vacuum() -> None:
    from django.db import connection

    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(f"VACUUM ANALYZE: {time.perf_counter() - started:.0f} s", flush=True)


def verify(samples: int, seed: int) -> None:
    """Stored seat sums == `refresh_results` recomputing them through the engine."""
    from django.db import transaction

    from skatclub.club.models import Event, Seat, Table
    from skatclub.club.services.seat_sums import SEAT_RESULT_FIELDS, refresh_results

    rng = random.Random(seed)
    ids = list(Event.all_clubs.values_list("id", flat=True))
    chosen = rng.sample(ids, min(samples, len(ids)))
    seats = tables = wrong = 0
    for event_id in chosen:
        table_ids = list(
            Table.objects.filter(round__event_id=event_id).values_list("id", flat=True)
        )
        rows = Seat.objects.filter(table_id__in=table_ids).order_by("id")
        stored = list(rows.values_list("id", *SEAT_RESULT_FIELDS))
        with transaction.atomic():
            refresh_results(table_ids=table_ids)
            again = list(rows.values_list("id", *SEAT_RESULT_FIELDS))
            transaction.set_rollback(True)
        wrong += sum(a != b for a, b in zip(stored, again, strict=True))
        seats, tables = seats + len(stored), tables + len(table_ids)
    print(
        f"check: {len(chosen)} events, {tables} tables, {seats} seats: "
        f"{wrong} seat sums differ from services.refresh_results",
        flush=True,
    )
    assert wrong == 0


# --- 4. pages -------------------------------------------------------------------------------


def sample_urls(samples: int, seed: int) -> dict[str, list[str]]:
    from skatclub.club.models import Club, Event, Player, Season

    rng = random.Random(seed)
    clubs = list(Club.objects.filter(slug__startswith="c").order_by("slug"))
    urls: dict[str, list[str]] = {"season ranking": [], "event page": [], "player page": []}
    for club in rng.sample(clubs, min(samples, len(clubs))):
        base = f"/v/{club.slug}"
        years = list(Season.all_clubs.filter(club=club).values_list("year", flat=True))
        keys = list(Event.all_clubs.filter(club=club).values_list("key", flat=True))
        players = list(
            Player.all_clubs.filter(club=club, is_guest=False).values_list("key", flat=True)
        )
        urls["season ranking"].append(f"{base}/rangliste/{rng.choice(years)}/")
        urls["event page"].append(f"{base}/veranstaltungen/{rng.choice(keys)}/")
        urls["player page"].append(f"{base}/spieler/{rng.choice(players)}/")
    return urls


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def time_pages(url: str, urls: dict[str, list[str]], repeat: int, workers: int) -> None:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": url, "DEBUG": "0", "HTTPS": "0", "CONN_MAX_AGE": "600"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "skatclub.wsgi",
            f"--bind=127.0.0.1:{port}",
            f"--workers={workers}",
            "--log-level=warning",
        ],
        cwd=ROOT,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(150):
            try:
                urllib.request.urlopen(base + "/anmelden/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        for _ in range(workers * 2):  # every worker loads its views and templates
            urllib.request.urlopen(base + "/anmelden/", timeout=30).read()
        print(
            f"pages over HTTP (gunicorn, {workers} workers, DEBUG off, one client), "
            f"{len(next(iter(urls.values())))} clubs sampled; "
            f"load average {os.getloadavg()[0]:.1f}:",
            flush=True,
        )
        for label, paths in urls.items():
            first, later = [], []
            for attempt in range(repeat):
                for path in paths:
                    started = time.perf_counter()
                    with urllib.request.urlopen(base + path, timeout=60) as response:
                        body = response.read()
                        assert response.status == 200, (path, response.status)
                    (later if attempt else first).append((time.perf_counter() - started) * 1000)
            print(
                f"  {label:<15} {len(first) + len(later):>4} requests: {summary(first + later)}; "
                f"first request of each page: p95 {percentile(first, 0.95):.1f} ms; "
                f"{len(body) / 1000:.0f} kB (last page)",
                flush=True,
            )
    finally:
        server.terminate()
        server.wait(timeout=30)


def explain(urls: dict[str, list[str]], top: int = 3) -> None:
    """EXPLAIN ANALYZE of each page's slowest queries (test client in this process)."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    for label, paths in urls.items():
        with CaptureQueriesContext(connection) as captured:
            assert client.get(paths[0]).status_code == 200
        slowest = sorted(captured.captured_queries, key=lambda q: -float(q["time"]))[:top]
        total = sum(float(q["time"]) for q in captured.captured_queries) * 1000
        print(f"EXPLAIN {label} {paths[0]}: {len(captured)} queries, {total:.1f} ms in SQL")
        for query in slowest:
            with connection.cursor() as cursor:
                cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + query["sql"])
                plan = [row[0] for row in cursor.fetchall()]
            print(f"  {float(query['time']) * 1000:.1f} ms: {query['sql'][:300]}")
            for line in plan[:14]:
                print(f"      {line}")


# --- 5. league ------------------------------------------------------------------------------


def league(repeat: int, seed: int) -> str:
    """Builds a league of 8 Spieltage, times `league_table` in process; returns the address
    of its public table, which `run` times over HTTP with the other pages."""
    from django.urls import reverse

    from skatclub.club import tenancy
    from skatclub.club.leagues import setup
    from skatclub.club.models import Club, Player

    rng = random.Random(seed)
    club = Club.objects.create(name="Skatverband Liga", slug="liga")
    with tenancy.acting_for(club):
        Player.objects.bulk_create(
            Player(key=f"liga-{n:02d}", name=f"Ligaspieler {n:02d}") for n in range(1, 41)
        )
        teams_text = "\n".join(
            f"Mannschaft {t}: " + ", ".join(f"liga-{4 * (t - 1) + p:02d}" for p in range(1, 5))
            for t in range(1, 11)
        )
        division = setup.create_league(
            name="Bezirksliga", year=2025, division="Staffel A", teams_text=teams_text
        )
        teams = list(division.teams.order_by("id"))
        print(
            "league: 10 teams × 4 players; Spieltage of 5 teams, 3 Serien each, filled with "
            "paper totals (services.record_totals):",
            flush=True,
        )
        for number in range(1, 9):
            play_matchday(division, number, teams[:5] if number % 2 else teams[5:], rng)
            if number % 4 == 0:
                time_league_table(division, number, repeat)
    return f"/v/{club.slug}" + reverse("league-table", args=[division.league.key, division.key])


def play_matchday(division: Any, number: int, group: list[Any], rng: random.Random) -> None:
    from scoring import GAMES_PER_ROUND, Ruleset
    from skatclub.club.demo.generator import random_table
    from skatclub.club.leagues import setup
    from skatclub.club.models import Table
    from skatclub.club.services import TotalLine, record_totals

    matchday = setup.create_matchday(
        division=division, number=number, date=datetime.date(2025, number, 15), teams=group
    )
    lineups = {t.pk: [tp.player for tp in t.roster.order_by("number")][:4] for t in group}
    for _ in range(3):
        round = setup.seat_league_round(matchday=matchday, lineups=lineups)
        for table in Table.objects.filter(round=round).prefetch_related("seats__player"):
            seats = sorted(table.seats.all(), key=lambda s: s.position)
            players = {s.player.key: s.player for s in seats}
            drawn = random_table(
                rng,
                table.number,
                list(players),
                GAMES_PER_ROUND[len(seats)],
                Ruleset.ISKO,
                kontra=False,
                totals=True,
            )
            lines = [
                TotalLine(players[t["player"]], t["list_score"], t["won"], t["lost"])
                for t in drawn["totals"]
            ]
            record_totals(table=table, lines=lines)


def time_league_table(division: Any, matchdays: int, repeat: int) -> None:
    from skatclub.club.leagues.results import league_table

    timings = []
    for _ in range(repeat):
        begin = time.perf_counter()
        rows, _ = league_table(division)
        timings.append((time.perf_counter() - begin) * 1000)
    print(
        f"  league_table after {matchdays} Spieltage ({len(rows)} teams, in process, "
        f"{repeat} calls): {summary(timings)}",
        flush=True,
    )


# --- 6. size --------------------------------------------------------------------------------


def sizes() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_database_size(current_database())")
        (total,) = cursor.fetchone()
        cursor.execute(
            "SELECT c.relname, c.relkind, pg_total_relation_size(c.oid), pg_relation_size(c.oid),"
            " c.reltuples FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = 'public' AND c.relkind IN ('r', 'i')"
            " ORDER BY pg_relation_size(c.oid) DESC LIMIT 14"
        )
        rows = cursor.fetchall()
    print(f"database size: {total / 1e9:.2f} GB (pg_database_size)")
    for name, kind, with_indexes, own, tuples in rows:
        what = "table" if kind == "r" else "index"
        extra = f", {with_indexes / 1e9:.2f} GB with indexes and TOAST" if kind == "r" else ""
        print(f"  {what:<5} {name:<45} {own / 1e9:6.2f} GB{extra}, {tuples:,.0f} rows")


# --- main -----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clubs", type=int, default=200)
    parser.add_argument("--games", type=int, default=100_000, help="games per club")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="generating/importing processes")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--samples", type=int, default=40, help="clubs whose pages are timed")
    parser.add_argument("--repeat", type=int, default=3, help="requests per page")
    parser.add_argument("--verify", type=int, default=20, help="events checked")
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument("--reuse", action="store_true", help="skip generate and import")
    parser.add_argument("--explain", action="store_true")
    parser.add_argument(
        "--memory",
        type=int,
        nargs="*",
        default=[10_000, 1_000_000],
        help="archive sizes (games) whose import's peak memory is shown at the end",
    )
    parser.add_argument("--archives", type=Path, help="folder for the archives (default: temp)")
    parser.add_argument("--import-worker", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.import_worker:
        url, folder, *slugs = args.import_worker
        import_worker(url, Path(folder), slugs)
        return
    print(
        f"{datetime.datetime.now():%Y-%m-%d %H:%M}, {os.cpu_count()} cores, "
        f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GB RAM",
        flush=True,
    )
    if not args.reuse:
        folder = args.archives or Path(tempfile.mkdtemp(prefix="skatbench-archives-"))
        folder.mkdir(parents=True, exist_ok=True)
        try:
            generate(folder, args.clubs, args.games, args.seed, args.jobs)
            recreate_database(args.database_url)
            setup_django(args.database_url)
            from django.core.management import call_command

            call_command("migrate", verbosity=0)
            import_all(args.database_url, folder, args.clubs, args.jobs)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    else:
        setup_django(args.database_url)
    try:
        run(args)
    finally:
        if not args.keep:
            drop_database(args.database_url)


def run(args: argparse.Namespace) -> None:
    from skatclub.club.models import Club, Event, Game

    if not args.reuse:
        vacuum()
    verify(args.verify, args.seed)
    print(
        f"database: {Club.objects.count()} clubs, {Event.all_clubs.count():,} events, "
        f"{Game.objects.count():,} games",
        flush=True,
    )
    urls = sample_urls(args.samples, args.seed)
    time_pages(args.database_url, urls, args.repeat, args.workers)
    if args.explain:
        explain(urls)
    if not Club.objects.filter(slug="liga").exists():
        table = league(max(args.repeat * 10, 30), args.seed)
        time_pages(args.database_url, {"league table": [table]}, args.repeat * 10, args.workers)
    sizes()
    if args.memory:
        memory(args.database_url, args.memory, args.seed)


if __name__ == "__main__":
    main()
