"""How the printouts fit hostile but real content: pages, smallest type, what leaves the page.

Builds a throw-away SQLite database: a club with a 72-character name, one Serie of `--tables`
tables (4-tables of 48 games, one 3-table of 36, one 5-table of 60) whose players have
40-character names with umlauts, hyphens and one word without a break, a Gewinnplan with long
Sachpreis texts and Startgeld. Prints every Spielliste (played and blank), the Kassenbericht and
the receipts, reads them back with pdfplumber and prints, per printout: pages, sheets per table,
the smallest type, the characters outside the page, and the layout's widths in mm.

    python benchmarks/print_fit.py [--tables 40] [--out /tmp/fit]

With `--out` the PDFs are kept (`pdftoppm -r 60 -png` for a look).
"""

from __future__ import annotations

import argparse
import datetime
import io
import sys
import tempfile
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.pdf import setup_django  # noqa: E402

CLUB = "Skatfreunde Grün-Weiß Altenburg-Großenhain 1921 e. V., Abteilung Preissk"
NAMES = [
    "Hans-Jürgen Schröder-Müller-Lüdenscheidt",
    "Eva-Maria Schulze-Brinkmann-Oberländerin",
    "Maximiliane Sophie Freifrau von Ärmelsee",
    "Donaudampfschifffahrtsgesellschaftskapit",
    "Zoë Ännchen Überall-Weißenfels-Straßburg",
    "Jürgen-Ötzi Fußgänger-Käßmann zu Hüttenö",
    "Karl-Heinz Rößler-Bärwald von Schönebeck",
    "Gisela Straßenbahn-Schaffnerin-Hüttenröd",
]
ITEMS = [
    "Präsentkorb der Fleischerei Müller-Lüdenscheidt & Söhne",
    "Gutschein über ein Wochenende im Landhotel Ober-Ümmelsbach mit Halbpension",
    "Wanderpokal",
]
NOTATIONS = ["Kr m2 H S", "Gr o1", "Pi m1 r23 v", None, "He m1 v", "Null", "Gr o2 H SA r108 v S"]


def build(tables: int):  # type: ignore[no-untyped-def]
    from scoring import parse_notation, playing_positions
    from skatclub.club.models import Attendance, Club, Event, Player, Round, Season
    from skatclub.club.services import prizes, record_game
    from tests.helpers.factories import make_table

    Club.objects.update(name=CLUB)
    if not Club.objects.exists():
        Club.objects.create(name=CLUB, slug="fit")
    season = Season.objects.create(year=2031)
    event = Event.objects.create(
        key="fit",
        name="Preisskat-Turnier um den Wanderpokal der Sparkasse",
        date=datetime.date(2031, 11, 20),
        season=season,
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
        kind="tournament",
        entry_fee_cents=1000,
    )
    round_ = Round.objects.create(event=event, number=1)
    sizes = [4] * (tables - 2) + [3, 5]
    index = 0
    for number, size in enumerate(sizes, start=1):
        seated = []
        for _ in range(size):
            player = Player.objects.create(key=f"p{index:03d}", name=NAMES[index % len(NAMES)])
            paid = bool(index % 2)
            Attendance.objects.create(event=event, player=player, fee_cents=1000, paid=paid)
            seated.append(player)
            index += 1
        table = make_table(round_, number, seated)
        seats = {s.position: s.player for s in table.seats.select_related("player")}
        for game in range(1, {3: 36, 4: 48, 5: 60}[size] + 1):
            notation = NOTATIONS[(game + number) % len(NOTATIONS)]
            if notation is None:
                record_game(table=table, number=game, declarer=None, declaration=None, outcome=None)
                continue
            declaration, outcome = parse_notation(notation)
            declarer = seats[playing_positions(size, game)[(game * 7 + number) % 3]]
            record_game(
                table=table, number=game, declarer=declarer, declaration=declaration,
                outcome=outcome,
            )  # fmt: skip
    plan = prizes.plan_of(event)
    prizes.add_rule(plan=plan, category="all", first=1, last=1, percent_value=Decimal("30"))
    prizes.add_rule(plan=plan, category="all", first=2, last=10, percent_value=Decimal("5"))
    for place, item in enumerate(ITEMS, start=11):
        prizes.add_rule(plan=plan, category="all", first=place, last=place + 2, item=item)
    return event


def measured(data: bytes) -> dict[str, Any]:
    import pdfplumber

    with pdfplumber.open(io.BytesIO(data)) as document:
        pages = document.pages
        chars = [(p, c) for p in pages for c in p.chars if c["text"].strip()]
        outside = [
            c["text"]
            for p, c in chars
            if c["x0"] < -0.5 or c["x1"] > p.width + 0.5 or c["top"] < 0 or c["bottom"] > p.height
        ]
        return {
            "pages": len(pages),
            "min_pt": round(min(c["size"] for _, c in chars), 2),
            "under_8pt": sum(c["size"] < 7.95 for _, c in chars),
            "outside": len(outside),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--out", help="a folder to keep the PDFs in")
    parser.add_argument("--db", help="a folder for the database, kept and used again")
    parser.add_argument("--only", help="print only these, comma-separated (kassenbericht,…)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        kept = args.db and (Path(args.db) / "bench.sqlite3").exists()
        setup_django(args.db or directory)
        from skatclub.club.models import Event
        from skatclub.club.printing import render as pdf
        from skatclub.club.printing.kasse import kassenbericht_printout, receipts_printout
        from skatclub.club.printing.printouts import Printout, printout

        event = Event.objects.get(key="fit") if kept else build(args.tables)
        found: dict[str, Callable[[], Printout]] = {
            "spielliste": lambda: printout("score_sheet", event, round_number=1),
            "spielliste-blanko": lambda: printout("blank_sheet", event, round_number=1),
            "kassenbericht": lambda: kassenbericht_printout(event),
            "quittungen": lambda: receipts_printout(event),
        }
        for name, make in found.items():
            if args.only and name not in args.only.split(","):
                continue
            one = make()
            data = pdf.render_printout(one)
            if args.out:
                Path(args.out).mkdir(parents=True, exist_ok=True)
                (Path(args.out) / f"{name}.pdf").write_bytes(data)
            print(f"{name:18} {measured(data)}  {layout(name, one.context)}")


def layout(name: str, context: dict[str, Any]) -> str:
    """The widths (and row heights) the layout chose, in mm."""
    if name in ("spielliste", "spielliste-blanko"):
        seen: dict[tuple[Any, ...], int] = {}
        for page in context["pages"]:
            frame = page.frame
            derivation = getattr(frame, "derivation_mm", None)
            key = (
                frame.table_size,
                round(frame.player_mm, 1),
                round(derivation, 1) if derivation is not None else "-",
                frame.row_mm,
                page.pages,
            )
            seen[key] = seen.get(key, 0) + 1
        return "  ".join(
            f"{size}er: player {player} deriv {deriv} row {row} sheets {pages} (x{count})"
            for (size, player, deriv, row, pages), count in sorted(seen.items())
        )
    widths = context.get("player_columns")
    return f"columns {widths}" if widths else ""


if __name__ == "__main__":
    main()
