"""Every cent an event's pages show is the ledger's: no view, presenter, printout, query,
command or template outside the ledger's adapter computes money. The engine (`scoring/ledger.py`)
computes it; `queries/ledger.py` reads the database once and calls it; `queries/standings.py`
gives each line's exact Preisskat money and Verlustspielgeld (the results the ledger reads).
Everything else reads an `EventLedger` (Abrechnung, Kasse, receipts, Kassenbericht, Gewinnplan
and prize list, standings JSON, downloads).

The source tree is read as text, as `test_rules_live_in_scoring.py` does for Seeger-Fabian;
each pattern is first shown to catch the kind of line it is meant for.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CLUB = "skatclub/club/"
SURFACES = (
    f"{CLUB}views",
    f"{CLUB}presenters",
    f"{CLUB}printing",
    f"{CLUB}queries",
    f"{CLUB}management/commands",
    f"{CLUB}templatetags",
    "templates",
)
ADAPTER = f"{CLUB}queries/ledger.py"
LINES = f"{CLUB}queries/standings.py"

# (what the pattern finds, the pattern, a line it must catch, files that may)
FORBIDDEN = [
    (
        "an engine money function",
        r"\b(?:rounded_payout|rounded_to_step|vergleichsrechnung|lost_game_fees|pot_cents|pot"
        r"|prize_list|forecast|plan_forecast|check_plan|payout_cents|ledger)\(",
        "payout = rounded_payout([r.cash_cents - r.fees_cents for r in rows], step)",
        (ADAPTER, LINES),
    ),
    (
        "a sum of money",
        r"\b[Ss]um\([^)\n]*(?:cents|cash|fee|prize|amount|at_the_end|paid)",
        'return sum(row.fees_cents for row in rows)  # or Sum("fee_cents", filter=…)',
        (ADAPTER,),
    ),
    (
        "arithmetic on an amount",
        r"\b\w*(?:_cents|_cash|\bcash)\b\s*[-+*/]\s*[\w(]|[-+*/]\s*[\w.]*_cents\b",
        '"net_cents": row.cash_cents - row.fees_cents',
        (ADAPTER,),
    ),
    (
        "rounding an amount",
        r"\b(?:round|ceil|floor)\([^)\n]*(?:cents|cash|fee|prize|amount)",
        "math.ceil(amount - Fraction(1, 2))",
        (),
    ),
    (
        "money in a template",
        r"(?:cents|fees?|cash|prizes?|amount)\|add|[−-]\{\{[^}]*(?:cents|fee|cash|prize|amount|\|euro)",
        "<td>−{{ row.entry_fee|euro }}</td>",
        (),
    ),
]


def surface_files() -> list[Path]:
    return [
        path
        for top in SURFACES
        for path in sorted((REPO / top).rglob("*"))
        if path.suffix in (".py", ".html") and path.is_file()
    ]


@pytest.mark.parametrize(
    ("what", "pattern", "sample", "allowed"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN]
)
def test_each_pattern_catches_what_it_is_meant_for(
    what: str, pattern: str, sample: str, allowed: tuple[str, ...]
) -> None:
    assert re.search(pattern, sample), what


@pytest.mark.parametrize(
    ("what", "pattern", "sample", "allowed"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN]
)
def test_no_page_printout_or_download_computes_money_itself(
    what: str, pattern: str, sample: str, allowed: tuple[str, ...]
) -> None:
    found = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()}"
        for path in surface_files()
        if str(path.relative_to(REPO)) not in allowed
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(pattern, line)
    ]
    assert found == [], f"{what} outside the ledger:\n" + "\n".join(found)


def test_the_scan_reads_every_money_surface() -> None:
    names = {str(path.relative_to(REPO)) for path in surface_files()}
    assert {
        f"{CLUB}printing/payout.py",
        f"{CLUB}presenters/kasse.py",
        f"{CLUB}presenters/prizes.py",
        f"{CLUB}views/kasse.py",
        f"{CLUB}views/public.py",
        "templates/pdf/settlement.html",
        "templates/pdf/receipt.html",
        "templates/club/_kassenbericht.html",
        ADAPTER,
    } <= names
