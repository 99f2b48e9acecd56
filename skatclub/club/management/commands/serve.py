"""`manage.py serve [--port 8000] [--workers 3]`: the club's laptop serves the room's network.

Production settings (DEBUG off, the secret key from the data folder), Granian bound to every
address of the laptop (0.0.0.0) on a fixed port, ALLOWED_HOSTS = the laptop's own names and
addresses, plain HTTP (HTTPS=0: cookies work without TLS on the LAN). Before serving: a backup
of the SQLite database, migrations, static files. Prints the address and a QR code for phones
in the room. `demo` serves the same way (on 127.0.0.1 unless --lan).

Beside Granian, one background worker per queue (`manage.py worker`: imports and backups on
"default", print runs on "print"); this process waits for Granian, passes Strg+C and SIGTERM
on to all of them, and stops the workers when Granian ends (a worker in the middle of a job
finishes it first, up to `STOP_SECONDS`).
"""

from __future__ import annotations

import io
import os
import shutil
import signal
import socket
import subprocess
import sys
from types import FrameType
from typing import Any

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser, OutputWrapper

from skatclub.club.tasks import QUEUES

DEFAULT_PORT = 8000


def sized_for(cores: int) -> tuple[int, int]:
    """(processes, threads per process) for a machine of `cores`: one process per core, at
    most three (on a 2-core laptop a third only makes the two background workers and the
    pages wait for each other), four threads each (requests run at once), all below the
    limits above which Granian warns in English on the Spielwart's console (more processes
    than cores, more threads than 2 × cores + 1)."""
    cores = max(1, cores)
    return min(3, cores), min(4, 2 * cores + 1)


DEFAULT_WORKERS, THREADS = sized_for(os.cpu_count() or 1)
APPLICATION = "skatclub.wsgi:application"
# Per process: connections served at once. Granian counts a kept-alive connection as long as
# it is open, so this is the phones and spectators a process can hold (a championship day:
# 1,700 connections over 3 processes, unevenly); a connection beyond it waits unanswered.
BACKPRESSURE = 2048
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
PORT_HELP = f"Port (Standard {DEFAULT_PORT})"
WORKERS_HELP = (
    f"so viele Server-Prozesse (Standard: einer je Prozessorkern, höchstens 3; hier "
    f"{DEFAULT_WORKERS})"
)


def lan_addresses() -> list[str]:
    """The laptop's IPv4 addresses on its networks (no loopback); sends nothing anywhere."""
    found: list[str] = []
    if shutil.which("hostname"):
        result = subprocess.run(["hostname", "-I"], capture_output=True, text=True, check=False)
        found += [a for a in result.stdout.split() if "." in a]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    found += [str(info[4][0]) for info in infos]
    return list(dict.fromkeys(a for a in found if not a.startswith("127.")))


def allowed_hosts(addresses: list[str]) -> list[str]:
    name = socket.gethostname()
    return list(dict.fromkeys([*LOCAL_HOSTS, name, f"{name}.local", *addresses]))


def server_argv(host: str, port: int, workers: int, *, access_log: bool = False) -> list[str]:
    """Granian as the club's laptop runs it: a few processes, each running the application in
    a few threads while its Rust runtime holds the connections (a phone keeps its own between
    its polls, every 4 s). gunicorn's threaded workers spent 0.48 ms of Python on every
    request before the application began (wrk: an empty WSGI app, one worker); Granian 0.07
    ms: on a championship day, 500 requests a second, a quarter of a core. Few threads: each
    holds a database connection, and more threads than requests waiting only make them wait
    for each other (Granian's own default for WSGI is hundreds). No line per request by
    default: 1,400 phones ask 350 times a second (errors go to the console and the log file
    all the same); `--access-log` brings it back."""
    return [
        sys.executable,
        "-m",
        "granian",
        APPLICATION,
        "--interface=wsgi",
        f"--host={host}",
        f"--port={port}",
        f"--workers={workers}",
        f"--blocking-threads={THREADS}",
        f"--backpressure={BACKPRESSURE}",
        "--no-ws",
        "--respawn-failed-workers",
        "--workers-kill-timeout=10",
        "--log-level=warning",
        *(["--access-log"] if access_log else []),
    ]


def print_address(stdout: OutputWrapper, url: str) -> None:
    """The address and a QR code to scan with a phone (half-block characters, any terminal)."""
    stdout.write(f"Adresse: {url}")
    code = io.StringIO()
    segno.make(url, error="l").terminal(out=code, compact=True)
    stdout.write(code.getvalue(), ending="")


def worker_argv(queue: str) -> list[str]:
    """A background worker for one queue, as `python -m skatclub manage worker` (a checkout
    and an installed wheel alike)."""
    return [
        sys.executable,
        "-m",
        "skatclub",
        MANAGE,
        "worker",
        f"--queue-name={queue}",
        f"--interval={WORKER_INTERVAL}",
        "--no-reload",
        "--verbosity=0",
    ]


MANAGE = "manage"
WORKER_INTERVAL = 0.5  # seconds between looks at an empty queue: a print run begins at once
STOP_SECONDS = 60


def serve(
    stdout: OutputWrapper, *, host: str, port: int, workers: int, access_log: bool = False
) -> None:
    """Run Granian and the background workers under production settings until Granian ends."""
    addresses = lan_addresses() if host == "0.0.0.0" else []
    urls = [f"http://{a}:{port}/" for a in addresses] or [f"http://127.0.0.1:{port}/"]
    for url in urls[1:]:
        stdout.write(f"Auch erreichbar: {url}")
    print_address(stdout, urls[0])
    stdout.write(f"Datenordner: {settings.DATA_DIR}")
    stdout.write("Beenden mit Strg+C.")
    env = {
        **os.environ,
        "DEBUG": "0",
        "HTTPS": os.environ.get("HTTPS", "0"),
        "ALLOWED_HOSTS": ",".join(allowed_hosts(addresses)),
    }
    sys.stdout.flush()
    # Each in a process group of its own: Strg+C reaches this process only, which passes it
    # on once (a worker stops after its job; a second signal would kill the job).
    background = [
        subprocess.Popen(worker_argv(queue), env=env, process_group=0) for queue in QUEUES
    ]
    argv = server_argv(host, port, workers, access_log=access_log)
    server = subprocess.Popen(argv, env=env, process_group=0)
    supervise(server, background)


def supervise(server: subprocess.Popen[bytes], background: list[subprocess.Popen[bytes]]) -> None:
    """Wait for the server; a signal to this process goes on to the server and the workers;
    when the server ends, the workers are asked to stop and, after STOP_SECONDS, made to."""
    everyone = [server, *background]

    def forward(signum: int, frame: FrameType | None) -> None:
        for process in everyone:
            if process.poll() is None:
                process.send_signal(signum)

    previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        code = server.wait()
    finally:
        for process in background:
            if process.poll() is None:
                process.terminate()
        for process in background:
            try:
                process.wait(timeout=STOP_SECONDS)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if code:
        sys.exit(code)


def prepare(stdout: OutputWrapper) -> None:
    """Before serving: a backup (SQLite), the database schema and the static files."""
    from skatclub.club.backup import BackupError, automatic_backup

    try:
        automatic_backup("vor dem Start", stdout=stdout)
    except BackupError as error:  # the evening needs the server more than this backup
        stdout.write(f"WARNUNG: {error.message} Der Server startet trotzdem.")
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


class Command(BaseCommand):
    help = "Startet skatclub für das Netz im Clubraum (Granian, ohne DEBUG) mit QR-Code."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=PORT_HELP)
        parser.add_argument("--workers", type=int, default=DEFAULT_WORKERS, help=WORKERS_HELP)
        parser.add_argument(
            "--host", default="0.0.0.0", help="Adresse, an die gebunden wird (alle: 0.0.0.0)"
        )
        parser.add_argument(
            "--access-log", action="store_true", help="jede Anfrage auf der Konsole zeigen"
        )

    def handle(
        self, *args: Any, port: int, workers: int, host: str, access_log: bool, **options: Any
    ) -> None:
        prepare(self.stdout)
        serve(self.stdout, host=host, port=port, workers=workers, access_log=access_log)
