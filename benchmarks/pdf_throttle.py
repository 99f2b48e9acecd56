"""The season ranking page while 8 anonymous clients fetch PDFs that are not cached yet.

Builds a throw-away SQLite database (one Serie of `--tables` filled 4-tables in season 2026,
and `--matches` Offiziersskat matches of 10 games), serves it with gunicorn (`--workers`, as
`manage.py serve`, loopback only) and times `/rangliste/2026/` alone, then while `--clients`
clients each fetch their own PDFs one after the other (Offiziersskat lists and Spiellisten of
single tables: every request is one nobody fetched before, so nothing comes from the cache).
Prints the ranking page's p50/p95/max, the PDFs' answers by status and PDFs per second.
A 503 is the German "wird erstellt" page; the client asks again 5 s later (Retry-After, as
the page's reload does).

    python benchmarks/pdf_throttle.py [--clients 8] [--seconds 20] [--workers 3]
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from pdf_concurrency import fetch, free_port, percentile, serve  # noqa: E402

RETRY_SECONDS = 5
LINES = ["Kr m2 a75", "Gr o1 a80", "Pi m1 a40", "He m1 a70", "Ka o2 a65"] * 2


def build(folder: str, tables: int, matches: int) -> tuple[list[str], list[str]]:
    """The database; (Offiziersskat PDF URLs, Spielliste PDF URLs)."""
    import pdf as single  # benchmarks/pdf.py: the same Serie

    single.setup_django(folder)
    event = single.build_round(tables)
    single.fill(event)
    from skatclub.club.models import Player
    from skatclub.club.services.offiziersskat import create_match, record_match_game

    players = list(Player.objects.order_by("pk"))
    match_urls = []
    for number in range(matches):
        first, second = players[number % len(players)], players[(number + 1) % len(players)]
        match = create_match(
            first=first, second=second, variant="standard", date=datetime.date(2026, 11, 20)
        )
        for game, line in enumerate(LINES, start=1):
            record_match_game(match=match, number=game, line=line)
        match_urls.append(f"/offiziersskat/{match.pk}/spielliste.pdf")
    sheet_urls = [
        f"/veranstaltungen/benchmark/serie/1/tisch/{table}/spielliste.pdf"
        for table in range(1, tables + 1)
    ]
    return match_urls, sheet_urls


def time_ranking(base: str, until: float, pause: float) -> list[float]:
    times = []
    while time.monotonic() < until:
        status, seconds = fetch(base + "/rangliste/2026/")
        assert status == 200, status
        times.append(seconds)
        time.sleep(pause)
    return times


def client(base: str, urls: list[str], until: float) -> list[tuple[int, float]]:
    """Fetches its PDFs one after the other; after a 503 it comes back as a browser does
    (the page reloads itself after Retry-After: 5 seconds)."""
    answers = []
    pending = list(urls)
    while pending and time.monotonic() < until:
        answer = fetch(base + pending[0])
        answers.append(answer)
        if answer[0] == 503:
            time.sleep(RETRY_SECONDS)
        else:
            pending.pop(0)
    return answers


def summary(label: str, times: list[float]) -> str:
    return (
        f"{label}: {len(times)} requests, p50 {percentile(times, 0.5) * 1000:6.0f} ms, "
        f"p95 {percentile(times, 0.95) * 1000:6.0f} ms, max {max(times) * 1000:6.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--matches", type=int, default=200)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="skatclub-pdfthrottle-")
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
        "SKATCLUB_DATA": folder,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
        "SKATCLUB_DAILY_BACKUP_HOURS": "0",
        "DJANGO_SETTINGS_MODULE": "skatclub.settings",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'benchmarks'}",
    }
    os.environ.update(env)
    match_urls, sheet_urls = build(folder, min(args.tables, 40), min(args.matches, 1000))
    urls = [url for pair in zip(match_urls, sheet_urls + match_urls, strict=False) for url in pair]
    shares = [urls[n :: args.clients] for n in range(args.clients)]
    port = free_port()
    server = serve(env, port, args.workers)
    base = f"http://127.0.0.1:{port}"
    try:
        fetch(base + "/rangliste/2026/")  # warm up every worker a little
        quiet = time_ranking(base, time.monotonic() + 5, 0.1)
        started = time.monotonic()
        until = started + args.seconds
        with ThreadPoolExecutor(args.clients + 1) as pool:
            loads = [pool.submit(client, base, share, until) for share in shares]
            ranking = pool.submit(time_ranking, base, until, 0.25).result()
            answers = [answer for load in loads for answer in load.result()]
        took = time.monotonic() - started
    finally:
        server.terminate()
        server.wait()
    locks = list((Path(folder) / "locks").glob("*")) if (Path(folder) / "locks").exists() else []
    statuses = Counter(status for status, _ in answers)
    print(
        f"{os.cpu_count()} cores, {args.workers} gunicorn workers, {args.clients} PDF clients; "
        f"load {os.getloadavg()[0]:.1f}"
    )
    print(summary("ranking alone      ", quiet))
    print(summary("ranking during PDFs", ranking))
    pdfs = statuses.get(200, 0)
    print(
        f"PDF answers {dict(statuses)} in {took:.1f} s ({pdfs / took:.1f} PDFs/s); "
        f"PDF p50 {percentile([s for _, s in answers], 0.5):.2f} s; "
        f"lock files left: {len(locks)}"
    )


if __name__ == "__main__":
    main()
