"""Benchmark: the Prüfer's overview (/pruefen/) and accepting an imported history's lists.

    python benchmarks/checking.py --events 20              # about 261 lists with --members 16
    python benchmarks/checking.py --events 300 --members 16   # 300+ events, about 5,000 lists
    python benchmarks/checking.py --events 600 --members 16   # about 10,000 lists
    python benchmarks/checking.py --database-url postgres://postgres@127.0.0.1:5432/skatbench_checking

Generates a club history with the demo generator (`generate_archive`: 5 Serien an evening at
3- and 4-tables, as benchmarks/import.py does, with `--members` members and 2 guests), imports
it as recorded with `archive.import_file` (so its events are one `HistoryImport`), then
requests /pruefen/ through Django's test client: the first page, the last page, filtered by
the import, all lists on a page in the middle, the confirmation of accepting the import; then
times accepting every list (one POST) and the first page afterwards. Prints median and p95
per page (wall clock, and the process's CPU time, which SQLite's work is part of: on a busy
machine the CPU time is the steadier number) with the query count, which must not grow with
the number of lists.
SQLite by default (a fresh file); PostgreSQL with --database-url (the database is dropped and
created; its name must start with skatbench_).
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(url: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    os.environ.setdefault("SKATCLUB_DATA", tempfile.mkdtemp(prefix="skatbench-data-"))
    import django

    django.setup()


def fresh_postgres(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    assert name.startswith("skatbench_"), "the database's name must start with skatbench_"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as db:
        db.execute(f'DROP DATABASE IF EXISTS "{name}"')
        db.execute(f'CREATE DATABASE "{name}"')


def load(events: int, members: int, seed: int, folder: Path) -> None:
    import json

    from django.core.management import call_command

    from skatclub.club.archive import import_file
    from skatclub.club.demo.generator import generate_archive

    call_command("migrate", verbosity=0)
    seasons = min(10, events)
    archive = generate_archive(
        seasons=seasons,
        events_per_season=math.ceil(events / seasons),
        seed=seed,
        first_year=2016,
        members=members,
        guests=2,
        rounds=(5, 5),
        totals_share=0.05,
    )
    archive["events"] = archive["events"][:events]
    path = folder / "verein.json"
    path.write_text(json.dumps(archive, ensure_ascii=False), encoding="utf-8")
    started = time.perf_counter()
    summary = import_file(path, as_recorded=True)
    print(
        f"imported {summary.events} events, {summary.tables:,} lists, {summary.games:,} games "
        f"in {time.perf_counter() - started:.1f} s"
    )


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def time_page(client: object, label: str, url: str, repeat: int) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    timings, cpu = [], []
    queries = 0
    for _ in range(repeat):
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            response = client.get(url)  # type: ignore[attr-defined]
            timings.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - started_cpu) * 1000)
        assert response.status_code == 200, (url, response.status_code)
        queries = len(captured)
    print(
        f"  {label:<34} median {statistics.median(timings):7.1f} ms, "
        f"p95 {percentile(timings, 0.95):7.1f} ms (CPU median {statistics.median(cpu):6.1f} ms), "
        f"{queries} queries"
    )


def run(repeat: int) -> None:
    from django.contrib.auth.models import User
    from django.test import Client

    from skatclub.club.models import Event, Game, HistoryImport, Table
    from skatclub.club.queries.checking import PER_PAGE

    record = HistoryImport.objects.get()
    lists = Table.objects.count()
    print(
        f"database: {Event.objects.count()} events, {lists:,} lists, "
        f"{Game.objects.count():,} games, {Game.objects.filter(as_recorded=True).count()} flagged"
    )
    User.objects.create_superuser("bench", password="bench-only-not-secret")
    client = Client()
    client.force_login(User.objects.get(username="bench"))
    client.get("/pruefen/")  # warm: templates compiled, the session read once
    last = math.ceil(lists / PER_PAGE)
    time_page(client, "/pruefen/ (page 1)", "/pruefen/", repeat)
    time_page(client, f"/pruefen/ (page {last}, the last)", f"/pruefen/?seite={last}", repeat)
    time_page(client, "/pruefen/ filtered by the import", f"/pruefen/?herkunft={record.pk}", repeat)
    time_page(
        client, "/pruefen/ all, a middle page", f"/pruefen/?stand=alle&seite={last // 2}", repeat
    )
    accept = f"/pruefen/import/{record.pk}/uebernehmen/"
    time_page(client, "confirmation of accepting", accept, repeat)
    started = time.perf_counter()
    response = client.post(accept)
    assert response.status_code == 302
    took = (time.perf_counter() - started) * 1000
    print(f"  {f'accepting {lists:,} lists (one POST)':<34} {took:7.1f} ms")
    time_page(client, "/pruefen/ after accepting", "/pruefen/?stand=alle", repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20)
    parser.add_argument("--members", type=int, default=16)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--database-url", help="PostgreSQL (dropped and created)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatbench-checking-") as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        if args.database_url:
            fresh_postgres(url)
        setup_django(url)
        load(args.events, args.members, args.seed, Path(tmp))
        run(args.repeat)


if __name__ == "__main__":
    main()
