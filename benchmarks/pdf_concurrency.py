"""20 anonymous requests at once for one Serie's Spiellisten PDF, without and with the cache.

Builds a throw-away SQLite database with one Serie of `--tables` filled 4-tables, serves it
with gunicorn (`--workers`, loopback only) twice: once with the cache switched off
(benchmarks/nocache_settings.py: every request renders, as before the cache; the lock per
printout and the render slots still apply, so requests queue instead of burning all cores at
once; only a few may wait, each at most `pdf_cache.WAIT_SECONDS`, every other one gets the
German "wird erstellt" page at once), once
with the cache, cold at the first request. Prints, for each: total time for all requests,
p50/p95 per request, answers by status.

    python benchmarks/pdf_concurrency.py [--tables 10] [--requests 20] [--workers 4]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def fetch(url: str) -> tuple[int, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=300) as response:
            response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.perf_counter() - started


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def serve(env: dict[str, str], port: int, workers: int) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "skatclub.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--timeout",
            "300",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("gunicorn did not start")


def run(label: str, env: dict[str, str], args: argparse.Namespace) -> None:
    port = free_port()
    server = serve(env, port, args.workers)
    url = f"http://127.0.0.1:{port}/veranstaltungen/benchmark/serie/1/spiellisten.pdf"
    try:
        started = time.perf_counter()
        with ThreadPoolExecutor(args.requests) as pool:
            answers = list(pool.map(fetch, [url] * args.requests))
        total = time.perf_counter() - started
        repeat = fetch(url)
    finally:
        server.terminate()
        server.wait()
    times = [seconds for _, seconds in answers]
    statuses = Counter(status for status, _ in answers)
    print(
        f"{label:9} {args.requests} requests: all done in {total:5.1f} s, per request "
        f"p50 {percentile(times, 0.5):5.2f} s p95 {percentile(times, 0.95):5.2f} s, "
        f"answers {dict(statuses)}; one more afterwards {repeat[1] * 1000:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args()
    args.tables, args.requests = min(args.tables, 40), min(args.requests, 100)  # bounded
    folder = tempfile.mkdtemp(prefix="skatclub-pdfbench-")
    base = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
        "SKATCLUB_DATA": folder,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
        "PYTHONPATH": f"{ROOT}:{ROOT / 'benchmarks'}",
    }
    os.environ.update(base)
    import pdf as single  # benchmarks/pdf.py: the same Serie

    single.setup_django(folder)
    event = single.build_round(args.tables)
    single.fill(event)
    print(
        f"one Serie, {args.tables} filled 4-tables; {os.cpu_count()} cores, "
        f"{args.workers} gunicorn workers; load {os.getloadavg()[0]:.1f}"
    )
    run("no cache", base | {"DJANGO_SETTINGS_MODULE": "nocache_settings"}, args)
    run("cache", base | {"DJANGO_SETTINGS_MODULE": "skatclub.settings"}, args)


if __name__ == "__main__":
    main()
