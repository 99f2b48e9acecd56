"""Benchmark: a 20-season spreadsheet (about 50,000 rows) through preview and confirm.

    python benchmarks/import_spreadsheet.py                      # XLSX, 20 seasons
    python benchmarks/import_spreadsheet.py --kind csv --seasons 5 10 20
    python benchmarks/import_spreadsheet.py --kind ods --seasons 5

Writes a club's history (25 evenings a season, 2 Serien each, 40-56 players at 4- and
3-tables, list score, won and lost per row) with openpyxl, then in a fresh interpreter per
size (so each peak memory is that run's alone) migrates an empty SQLite database and runs the
import as the Spielwart's pages do: upload (the workbook is read once and kept as rows), names
and preview (every check), then confirm (a backup, the same checks again, then the write into
a staging copy moved in with one short transaction). Prints the seconds of each step and the
child's peak memory (overall and per step). Targets: all steps
under 30 s for 20 seasons; memory not growing with the file (compare the sizes)."""

from __future__ import annotations

import argparse
import csv
import datetime
import io
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADERS = ["Datum", "Veranstaltung", "Serie", "Tisch", "Spieler", "Spielpunkte", "gew.", "verl."]
FIRST = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Gerd", "Hanna", "Ingo", "Jana"]
LAST = ["Albers", "Brandt", "Claus", "Dahl", "Ernst", "Fink", "Gold", "Hahn", "Igel", "Jung"]


def rows(seasons: int, seed: int = 17) -> list[list[object]]:
    rng = random.Random(seed)
    people = [f"{f} {s}" for s in LAST for f in FIRST][:70]
    out: list[list[object]] = []
    for season in range(seasons):
        year = 2005 + season
        for evening in range(25):
            date = datetime.date(year, 1, 3) + datetime.timedelta(days=14 * evening)
            name = f"Clubabend {evening + 1}"
            for round in (1, 2):
                present = rng.sample(people, rng.randint(40, 56))
                threes = (4 - len(present) % 4) % 4
                sizes = [3] * threes + [4] * ((len(present) - 3 * threes) // 4)
                seat = 0
                for table, size in enumerate(sizes, start=1):
                    for player in present[seat : seat + size]:
                        won, lost = rng.randint(1, 6), rng.randint(0, 3)
                        score = 24 * won - 48 * lost
                        out.append([date, name, round, table, player, score, won, lost])
                    seat += size
    return out


def write(path: Path, kind: str, data: list[list[object]]) -> None:
    if kind == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, delimiter=";")
        writer.writerow(HEADERS)
        for row in data:
            writer.writerow([f"{row[0]:%d.%m.%Y}", *row[1:]])
        path.write_bytes(buffer.getvalue().encode("utf-8"))
    elif kind == "xlsx":
        from openpyxl import Workbook

        workbook = Workbook()  # not write-only: like Excel, it records the sheet's dimensions
        worksheet = workbook.active
        worksheet.append(HEADERS)
        for row in data:
            worksheet.append(row)
        workbook.save(path)
    else:
        import tablib

        path.write_bytes(tablib.Dataset(*data, headers=HEADERS).export("ods"))


def peak_mb() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited from the
    parent that generated the file)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def reset_peak() -> None:
    """Start a new peak (Linux: writing 5 to clear_refs resets VmHWM), so each step's own
    peak is seen."""
    Path("/proc/self/clear_refs").write_text("5")


def child(path: Path, database: Path) -> None:
    """A fresh interpreter: migrate, then preview and confirm, and print the numbers as JSON."""
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("SKATCLUB_UPLOAD_DIR", str(database.parent / "uploads"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    import django

    django.setup()
    from django.core.management import call_command

    from skatclub.club.imports.kept import keep, kept_spreadsheet
    from skatclub.club.imports.mapping import columns_of, headings_of, suggested
    from skatclub.club.imports.models import SpreadsheetImport
    from skatclub.club.imports.names import NEW
    from skatclub.club.imports.plan import name_suggestions, read_rows
    from skatclub.club.imports.reader import open_spreadsheet
    from skatclub.club.imports.write import confirm_import, spreadsheet_preview

    call_command("migrate", verbosity=0)
    before = peak_mb()
    peaks: dict[str, float] = {}
    cpu = time.process_time()
    reset_peak()
    t0 = time.perf_counter()
    # Upload: the workbook is read once and kept as rows (as the upload view does).
    spreadsheet = open_spreadsheet(path)
    pending = SpreadsheetImport.objects.create(
        filename=path.name, kind=spreadsheet.kind, rows_file=keep(spreadsheet)
    )
    t1 = time.perf_counter()
    peaks["upload"] = peak_mb()
    reset_peak()
    # Mapping and names (the names page reads the rows once), then the preview page.
    stored = kept_spreadsheet(pending.rows_file)
    pending.mapping = headings_of(suggested(stored.headers, {}), stored.headers)
    read = read_rows(stored, columns_of(pending.mapping, stored.headers))
    pending.names = {n: s.decision if s.sure else NEW for n, s in name_suggestions(read).items()}
    pending.save()
    del read
    shown = spreadsheet_preview(pending)
    t2 = time.perf_counter()
    assert shown.plan is not None, shown.problem_lines[:5]
    del shown
    peaks["preview"] = peak_mb()
    reset_peak()
    created = confirm_import(pending)  # reads and checks the rows again, then writes
    t3 = time.perf_counter()
    peaks["confirm"] = peak_mb()
    peak = max(peaks.values())
    print(
        json.dumps(
            {
                "rows": created.rows,
                "events": created.events,
                "upload_s": t1 - t0,
                "preview_s": t2 - t1,
                "confirm_s": t3 - t2,
                "cpu_s": time.process_time() - cpu,
                "baseline_mb": before,
                "peak_mb": peak,
                "peaks": peaks,
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", choices=["xlsx", "ods", "csv"], default="xlsx")
    parser.add_argument("--seasons", type=int, nargs="+", default=[20])
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(Path(args.child[0]), Path(args.child[1]))
        return
    with tempfile.TemporaryDirectory() as tmp:
        for seasons in args.seasons:
            data = rows(seasons)
            path = Path(tmp) / f"saison-{seasons}.{args.kind}"
            write(path, args.kind, data)
            database = Path(tmp) / f"bench-{seasons}.sqlite3"
            result = subprocess.run(
                [sys.executable, __file__, "--child", str(path), str(database)],
                check=True,
                capture_output=True,
                text=True,
            )
            numbers = json.loads(result.stdout.strip().splitlines()[-1])
            total = numbers["upload_s"] + numbers["preview_s"] + numbers["confirm_s"]
            print(
                f"{args.kind}, {seasons} seasons: {numbers['rows']:,} rows "
                f"({path.stat().st_size / 1e6:.1f} MB), {numbers['events']} events; "
                f"upload {numbers['upload_s']:.1f} s, names + preview "
                f"{numbers['preview_s']:.1f} s, confirm {numbers['confirm_s']:.1f} s, "
                f"total {total:.1f} s (CPU {numbers['cpu_s']:.1f} s; target < 30 s); "
                f"peak memory {numbers['peak_mb']:.0f} MB ("
                + ", ".join(f"{k} {v:.0f}" for k, v in numbers["peaks"].items())
                + ") "
                f"(Django and an empty database: {numbers['baseline_mb']:.0f} MB)"
            )


if __name__ == "__main__":
    main()
