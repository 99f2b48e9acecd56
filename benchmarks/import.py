"""Benchmark: import a 10-season club archive, then time the standings of single events.

    python benchmarks/import.py                 # 500 events, about 1,000,000 games
    python benchmarks/import.py --events 20     # a quick run

Generates the archive with `demo.generator.generate_archive` (seeded), writes it to a temp file,
imports it into a fresh SQLite database in a child process (so the child's peak memory is the
import's alone), then times `event_standings` of one event at a time. Targets: import >= 20,000
games/s; event standings < 50 ms."""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(database: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")  # production setting: no query log
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    import django

    django.setup()


def generate(path: Path, events: int, seed: int) -> int:
    from skatclub.club.demo.generator import generate_archive

    seasons = min(10, events)
    started = time.perf_counter()
    archive = generate_archive(
        seasons=seasons,
        events_per_season=math.ceil(events / seasons),
        seed=seed,
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
    generated = time.perf_counter() - started
    with path.open("w", encoding="utf-8") as file:
        json.dump(archive, file, ensure_ascii=False)
    print(
        f"archive: {len(archive['events'])} events, {games:,} games, "
        f"{path.stat().st_size / 1e6:.0f} MB, generated in {generated:.1f} s"
    )
    return games


def import_child(archive_path: Path, database: Path) -> None:
    """Runs in a fresh interpreter: migrate, then import and print timings as JSON."""
    setup_django(database)
    from django.core.management import call_command

    from skatclub.club import archive

    call_command("migrate", verbosity=0)
    archive.paused_gc().__enter__()  # as import_file does
    cpu = time.process_time()
    t0 = time.perf_counter()
    data = archive.read_archive(archive_path)
    t1 = time.perf_counter()
    plan = archive.check_archive(data)
    del data
    t2 = time.perf_counter()
    summary = archive.write_plan(plan)
    t3 = time.perf_counter()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        json.dumps(
            {
                "games": summary.games,
                "parse": t1 - t0,
                "check": t2 - t1,
                "write": t3 - t2,
                "total": t3 - t0,
                "cpu": time.process_time() - cpu,
                "peak_mb": peak_mb,
            }
        )
    )


def time_import(archive_path: Path, database: Path) -> None:
    load = os.getloadavg()[0]
    child = subprocess.run(
        [sys.executable, __file__, "--import-only", str(archive_path), str(database)],
        check=True,
        capture_output=True,
        text=True,
    )
    result = json.loads(child.stdout.strip().splitlines()[-1])
    games, total = result["games"], result["total"]
    print(
        f"import: {games:,} games in {total:.1f} s = {games / total:,.0f} games/s "
        f"(target >= 20,000)"
    )
    print(
        f"  CPU time {result['cpu']:.1f} s = {games / result['cpu']:,.0f} games per CPU second; "
        f"load average before: {load:.1f} on {os.cpu_count()} cores"
    )
    print(
        f"  read+parse JSON {result['parse']:.1f} s, check+value {result['check']:.1f} s, "
        f"write {result['write']:.1f} s; peak memory {result['peak_mb']:,.0f} MB"
    )


def time_standings(database: Path, samples: int) -> None:
    setup_django(database)
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    from skatclub.club.models import Event
    from skatclub.club.queries.standings import event_standings

    events = list(Event.objects.order_by("?")[:samples])
    timings = []
    for event in events:
        reset_queries()
        started = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            rows = event_standings(event)
        timings.append((time.perf_counter() - started) * 1000)
    timings.sort()
    p95 = timings[min(len(timings) - 1, math.ceil(0.95 * len(timings)) - 1)]
    print(
        f"event_standings over {len(timings)} events: median {statistics.median(timings):.1f} ms, "
        f"p95 {p95:.1f} ms (target < 50 ms); last one: {len(rows)} rows, "
        f"{len(queries)} queries"
    )


def time_export(database: Path) -> None:
    from skatclub.club.archive import export_archive

    started = time.perf_counter()
    exported = export_archive()
    seconds = time.perf_counter() - started
    games = sum(
        len(t.get("games", ()))
        for e in exported["events"]
        for r in e["rounds"]
        for t in r["tables"]
    )
    print(f"export: {games:,} games in {seconds:.1f} s = {games / seconds:,.0f} games/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=50, help="events timed for standings")
    parser.add_argument("--export", action="store_true", help="also time export_archive")
    parser.add_argument(
        "--archive", type=Path, help="keep the generated archive here (reused when it exists)"
    )
    parser.add_argument(
        "--import-only", nargs=2, metavar=("ARCHIVE", "DATABASE"), help=argparse.SUPPRESS
    )
    args = parser.parse_args()
    if args.import_only:
        import_child(Path(args.import_only[0]), Path(args.import_only[1]))
        return
    with tempfile.TemporaryDirectory(prefix="skatclub-bench-") as tmp:
        archive_path = args.archive or Path(tmp) / "archive.json"
        database = Path(tmp) / "bench.sqlite3"
        setup_django(database)
        if archive_path.exists():
            print(f"archive: {archive_path} (reused)")
        else:
            generate(archive_path, args.events, args.seed)
            gc.collect()
        time_import(archive_path, database)
        time_standings(database, args.samples)
        if args.export:
            time_export(database)


if __name__ == "__main__":
    main()
