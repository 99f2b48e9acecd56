"""Pages per second and peak memory for printing all Spiellisten of one big Serie.

Builds a throw-away SQLite database with one Serie of `--tables` 4-tables (48 games each),
prints all its Spiellisten before play (the played layout, empty; and the pen form), fills
every list through `services.record_game` and prints them again. Prints, for each: pages,
seconds for the context (database + engine) and for WeasyPrint, pages/s overall, and the
peak memory (ru_maxrss of this process and of its children).

    python benchmarks/pdf.py [--tables 40] [--workers 2] [--out /tmp/spiellisten.pdf]

Wall-clock pages/s depend on what else the machine runs (the load average is printed); the
pages per CPU-second much less.
"""

from __future__ import annotations

import argparse
import datetime
import io
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

NOTATIONS = ["Kr m2 H S", "Gr o1", "Pi m1 r23 v", None, "He m1 v", "Null", "Ka o2 S", "Gr m1 v"]


def setup_django(directory: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{directory}/bench.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    import django

    django.setup()
    from django.apps import apps
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    if "club_event" not in connection.introspection.table_names():
        # Before the app's first migration exists: create its tables straight from the models.
        with connection.schema_editor() as editor:
            for model in apps.get_app_config("club").get_models():
                editor.create_model(model)


def build_round(tables: int):  # type: ignore[no-untyped-def]
    from skatclub.club.models import Event, Player, Round, Season, Seat, Table

    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="benchmark",
        name="Benchmark-Preisskat",
        date=datetime.date(2026, 11, 20),
        season=season,
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
    )
    round_ = Round.objects.create(event=event, number=1)
    players = Player.objects.bulk_create(
        Player(key=f"p{i:03d}", name=f"Spielerin{i:03d} Nachname{i:03d}") for i in range(tables * 4)
    )
    for number in range(1, tables + 1):
        table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, position=p, player=players[(number - 1) * 4 + p - 1])
            for p in range(1, 5)
        )
    return event


def fill(event) -> None:  # type: ignore[no-untyped-def]
    from scoring import parse_notation, playing_positions
    from skatclub.club.models import Table
    from skatclub.club.services import record_game

    for table in Table.objects.filter(round__event=event):
        seats = {s.position: s.player for s in table.seats.select_related("player")}
        for number in range(1, 49):
            notation = NOTATIONS[(number + table.number) % len(NOTATIONS)]
            if notation is None:
                record_game(
                    table=table, number=number, declarer=None, declaration=None, outcome=None
                )
                continue
            declaration, outcome = parse_notation(notation)
            declarer = seats[playing_positions(4, number)[(number * 7 + table.number) % 3]]
            record_game(
                table=table,
                number=number,
                declarer=declarer,
                declaration=declaration,
                outcome=outcome,
            )


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure(label: str, event, out: str | None, workers: int, kind: str = "score_sheet") -> None:  # type: ignore[no-untyped-def]
    from pypdf import PdfReader

    from skatclub.club.printing import render as pdf
    from skatclub.club.printing.printouts import printout

    started, cpu_started = time.perf_counter(), cpu_seconds()
    printed = printout(kind, event, round_number=1)
    context_done = time.perf_counter()
    data = pdf.render_printout(printed, workers=workers)
    finished = time.perf_counter()
    cpu = cpu_seconds() - cpu_started
    pages = len(PdfReader(io.BytesIO(data)).pages)
    total = finished - started
    print(
        f"{label:7} {pages:3d} pages  context {context_done - started:5.2f} s  "
        f"WeasyPrint {finished - context_done:5.2f} s  => {pages / total:5.1f} pages/s "
        f"(CPU {cpu:5.2f} s: {pages / cpu:5.1f} pages per CPU-second)  {len(data) / 1024:4.0f} KiB"
    )
    if out:
        Path(out.replace(".pdf", f"-{label}.pdf")).write_bytes(data)


def peak_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return (own + children) / 1024  # ru_maxrss is in KiB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2, help="processes for WeasyPrint")
    parser.add_argument("--out", help="also write the PDFs (…-blank.pdf, …-filled.pdf)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        setup_django(directory)
        event = build_round(args.tables)
        print(
            f"Serie with {args.tables} 4-tables, 48 games each; {os.cpu_count()} cores, "
            f"{args.workers} WeasyPrint process(es); load average {os.getloadavg()[0]:.1f}"
        )
        measure("blank", event, args.out, args.workers)
        measure("pen", event, args.out, args.workers, kind="blank_sheet")
        started = time.perf_counter()
        fill(event)
        print(f"(entered {args.tables * 48} games in {time.perf_counter() - started:.1f} s)")
        measure("filled", event, args.out, args.workers)
    print(f"peak memory {peak_mb():.0f} MB (ru_maxrss, this process + children)")


if __name__ == "__main__":
    main()
