"""Benchmark: server time of the public pages on the 10-season benchmark archive.

    python benchmarks/pages.py                  # 500 events, about 1,000,000 games
    python benchmarks/pages.py --events 20      # a quick run
    python benchmarks/pages.py --database /tmp/bench.sqlite3   # reuse (or keep) a database

Generates the archive exactly as benchmarks/import.py does (`generate_archive`, same seed and
club size), imports it into a fresh SQLite database with `archive.import_archive`, then
requests pages through Django's test client (request handling, queries, templates: the
server's share of a page view) and prints median and p95 per page with the query count.
Target: p95 under 100 ms on SQLite. `--split` also times the adapter call inside the season
ranking and player pages, to show how much of a page is `standings.lines_for`.
The player page shows one season (the latest by default); "player, all" times `?saison=alle`.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def setup_django(database: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    # The page cache (views/conditional.py) lives with the database, not in the checkout's data.
    os.environ.setdefault("SKATCLUB_DATA", str(database.parent / f"{database.stem}-data"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")  # production settings: no query log, no debug pages
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    import django

    django.setup()


def load_archive(database: Path, events: int, seed: int) -> None:
    """Generate with benchmarks/import.py's `generate` (same archive), then import it."""
    from django.core.management import call_command

    from skatclub.club import archive

    spec = importlib.util.spec_from_file_location("import_bench", ROOT / "benchmarks/import.py")
    assert spec and spec.loader
    import_bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(import_bench)
    call_command("migrate", verbosity=0)
    with tempfile.TemporaryDirectory(prefix="skatclub-pages-") as tmp:
        path = Path(tmp) / "archive.json"
        import_bench.generate(path, events, seed)
        started = time.perf_counter()
        summary = archive.import_archive(archive.read_archive(path))
    print(f"imported {summary.games:,} games in {time.perf_counter() - started:.1f} s")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def time_pages(label: str, urls: list[str], repeat: int, *, cold: bool = True) -> None:
    """`cold`: the page cache emptied before every request, so each one computes its page
    (what the first visitor after a change pays); otherwise the repeats find it cached."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    # Start up as the server does (skatclub/wsgi.py): views loaded, the heap frozen for gc.
    import skatclub.wsgi  # noqa: F401

    client = Client()
    client.get(urls[0], secure=True)  # warm templates and the URL resolver
    timings, cpu, queries = [], [], 0
    for _ in range(repeat):
        for url in urls:
            if cold:
                cache.clear()
            with CaptureQueriesContext(connection) as captured:
                started, started_cpu = time.perf_counter(), time.process_time()
                response = client.get(url, secure=True)
                cpu.append((time.process_time() - started_cpu) * 1000)
                timings.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, (url, response.status_code)
            queries = max(queries, len(captured))
    print(
        f"{label:<20} {len(timings):>4} requests: median {statistics.median(timings):6.1f} ms, "
        f"p95 {percentile(timings, 0.95):6.1f} ms, max {max(timings):6.1f} ms, "
        f"CPU median {statistics.median(cpu):6.1f} ms, "
        f"at most {queries} queries, {len(response.content) / 1000:.0f} kB (last page)"
    )


def time_call(label: str, calls: list[Callable[[], object]]) -> None:
    timings = []
    for call in calls:
        started = time.perf_counter()
        call()
        timings.append((time.perf_counter() - started) * 1000)
    print(
        f"  {label:<36} median {statistics.median(timings):6.1f} ms, "
        f"p95 {percentile(timings, 0.95):6.1f} ms"
    )


def split(seasons: list[object], players: list[object]) -> None:
    """How much of the two heaviest pages is the adapter (`standings.lines_for`)."""
    from django.db.models import Q

    from skatclub.club.models import Seat
    from skatclub.club.queries.standings import lines_for
    from skatclub.club.queries.stats import game_stats

    time_call("season: lines_for", [lambda s=s: lines_for(Q(event__season=s)) for s in seasons])
    latest = max(s.year for s in seasons)  # type: ignore[attr-defined]
    time_call(
        "player (latest season): lines_for",
        [
            lambda p=p: lines_for(
                Q(id__in=Seat.objects.filter(player=p).values("round_id"))
                & Q(event__season__year=latest),
                Q(seats__player=p),
            )
            for p in players
        ],
    )
    time_call("player: game statistics (all)", [lambda p=p: game_stats(p) for p in players])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--samples", type=int, default=20, help="events and players timed")
    parser.add_argument("--repeat", type=int, default=3, help="requests per page")
    parser.add_argument("--database", type=Path, help="keep/reuse this SQLite file")
    parser.add_argument("--split", action="store_true", help="time lines_for on its own")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skatclub-pages-") as tmp:
        database = args.database or Path(tmp) / "bench.sqlite3"
        fresh = not database.exists()
        setup_django(database)
        if fresh:
            load_archive(database, args.events, args.seed)
        run(args)


def run(args: argparse.Namespace) -> None:
    from skatclub.club.models import Event, Game, Player, Season

    rng = random.Random(args.seed)
    seasons = list(Season.objects.all())
    events = list(Event.objects.all())
    players = list(Player.objects.all())
    print(
        f"database: {len(seasons)} seasons, {len(events)} events, {len(players)} players, "
        f"{Game.objects.count():,} games"
    )
    sampled_events = rng.sample(events, min(args.samples, len(events)))
    sampled_players = rng.sample(players, min(args.samples, len(players)))
    time_pages("start page", ["/"], args.repeat * 5)
    time_pages("season ranking", [s.get_absolute_url() for s in seasons], args.repeat)
    time_pages("event page", [e.get_absolute_url() for e in sampled_events], args.repeat)
    time_pages(
        "Serie page",
        [f"{e.get_absolute_url()}serie/1/" for e in sampled_events],
        args.repeat,
    )
    time_pages("player page", [p.get_absolute_url() for p in sampled_players], args.repeat)
    time_pages(
        "player, all",
        [f"{p.get_absolute_url()}?saison=alle" for p in sampled_players[:5]],
        1,
    )
    time_pages("season CSV", [f"{s.get_absolute_url()}?format=csv" for s in seasons], args.repeat)
    # The same pages again, cached: what every visitor after the first pays until a change.
    time_pages("start page, cached", ["/"], args.repeat * 5, cold=False)
    time_pages(
        "event page, cached",
        [e.get_absolute_url() for e in sampled_events],
        args.repeat,
        cold=False,
    )
    time_pages(
        "Serie page, cached",
        [f"{e.get_absolute_url()}serie/1/" for e in sampled_events],
        args.repeat,
        cold=False,
    )
    if args.split:
        split(seasons, sampled_players)


if __name__ == "__main__":
    main()
