"""`manage.py serve [--port 8000] [--workers 3]`: the club's laptop serves the room's network.

Production settings (DEBUG off, the secret key from the data folder), gunicorn bound to every
address of the laptop (0.0.0.0) on a fixed port, ALLOWED_HOSTS = the laptop's own names and
addresses, plain HTTP (HTTPS=0: cookies work without TLS on the LAN). Before serving: a backup
of the SQLite database, migrations, static files. Prints the address and a QR code for phones
in the room. `demo` serves the same way (on 127.0.0.1 unless --lan).
"""

from __future__ import annotations

import io
import os
import shutil
import socket
import subprocess
import sys
from typing import Any

import segno
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser, OutputWrapper

DEFAULT_PORT = 8000
DEFAULT_WORKERS = 3
THREADS = 4  # per process
KEEP_ALIVE_SECONDS = 10  # longer than a phone's poll interval (table.js: about 4 s)
LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]
PORT_HELP = f"Port (Standard {DEFAULT_PORT})"
WORKERS_HELP = f"so viele Server-Prozesse (Standard {DEFAULT_WORKERS})"


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


def gunicorn_argv(host: str, port: int, workers: int, *, access_log: bool = False) -> list[str]:
    """gunicorn as the club's laptop runs it: a few processes with threads that keep a
    phone's connection open between its polls (every 4 s; kept 10 s). With one request per
    connection a poll cost the server a quarter more (1.67 against 1.35 ms, measured with
    wrk), and a phone on a slow Wi-Fi held a whole process while it sent; now it holds one
    thread. No line per request by default: on a championship day 1,400 phones ask 350 times
    a second, a line each is work for the server and a flood in the window (errors go to the
    console and the log file all the same). `--access-log` brings it back."""
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "skatclub.wsgi",
        f"--bind={host}:{port}",
        f"--workers={workers}",
        "--worker-class=gthread",
        f"--threads={THREADS}",
        f"--keep-alive={KEEP_ALIVE_SECONDS}",
        *(["--access-logfile=-"] if access_log else []),
        "--graceful-timeout=10",
    ]


def print_address(stdout: OutputWrapper, url: str) -> None:
    """The address and a QR code to scan with a phone (half-block characters, any terminal)."""
    stdout.write(f"Adresse: {url}")
    code = io.StringIO()
    segno.make(url, error="l").terminal(out=code, compact=True)
    stdout.write(code.getvalue(), ending="")


def serve(
    stdout: OutputWrapper, *, host: str, port: int, workers: int, access_log: bool = False
) -> None:
    """Replace this process with gunicorn under production settings (does not return)."""
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
    argv = gunicorn_argv(host, port, workers, access_log=access_log)
    os.execve(sys.executable, argv, env)


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
    help = "Startet skatclub für das Netz im Clubraum (gunicorn, ohne DEBUG) mit QR-Code."

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
