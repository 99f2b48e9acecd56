"""The Kassenbericht and the receipts as rows for the page and the printout.

Owns `report_context` (income, expenses, expected and counted cash, the difference in words,
one row per player) and `receipt_context` (one player's receipt). Money stays integer cents;
the templates show it with the `euro` filter. Reads nothing itself; writes nothing.
"""

from __future__ import annotations

from typing import Any

from skatclub.club.formatting import euro, euros
from skatclub.club.presenters.downloads import Export
from skatclub.club.queries.kasse import Kasse


def difference_text(difference: int | None) -> str:
    if difference is None:
        return "Noch nicht gezählt."
    if difference == 0:
        return "Die Kasse stimmt auf den Cent: gezählt = Soll."
    if difference > 0:
        return f"In der Kasse sind {euro(difference)} mehr, als sein müssten."
    return f"In der Kasse fehlen {euro(-difference)}."


def report_context(kasse: Kasse) -> dict[str, Any]:
    report = kasse.report
    income = [
        ("Startgeld", report.entry_fees),
        ("Verlustspielgeld", report.lost_fees),
        ("Preisskat: Spielgeld der Verlierer", report.game_cash_in),
        *[(b.text, b.cents) for b in report.bookings if not b.opening and b.cents > 0],
    ]
    spending = [
        ("Preise", report.prizes),
        ("Preisskat: Spielgeld an die Gewinner", report.game_cash_out),
        *[(b.text, -b.cents) for b in report.bookings if not b.opening and b.cents < 0],
    ]
    rows = [
        {
            "player_id": r.player_id,
            "key": kasse.keys[r.player_id],
            "name": kasse.names[r.player_id],
            "entry_fee": r.entry_fee,
            "paid": r.entry_fee_paid,
            "lost_fees": r.lost_fee_total,
            "game_cash": r.game_cash_cents,
            "prizes": r.prize_total,
            "items": ", ".join(item for _, item in r.items),
            "net": r.net,
            "at_the_end": r.at_the_end,
        }
        for r in report.receipts
    ]
    return {
        "report": report,
        "income": income,
        "spending": spending,
        "rows": rows,
        "difference_text": difference_text(report.difference),
        "balanced": report.difference == 0,
        "count": kasse.count,
        "bookings": kasse.bookings,
        "items": [(kasse.names[pid], title, item) for pid, title, item in kasse.items],
        "entry_fees_open": report.entry_fees_open,
    }


LEDGER_COLUMNS = [("side", "Art"), ("text", "Posten"), ("amount", "Betrag (€)")]
PLAYER_COLUMNS = [
    ("name", "Name"),
    ("entry_fee", "Startgeld (€)"),
    ("paid", "Startgeld bezahlt"),
    ("lost_fees", "Verlustspielgeld (€)"),
    ("game_cash", "Preisskat (€)"),
    ("prizes", "Preise (€)"),
    ("items", "Sachpreise"),
    ("net", "Saldo (€)"),
    ("at_the_end", "Schluss (€)"),
]


def kasse_exports(context: dict[str, Any], title: str) -> list[Export]:
    """The Kassenbericht's ledger and its rows per player, for the Kassenwart's spreadsheet
    (the same numbers as the page: expenses as positive amounts under "Ausgabe"; per player
    + the player receives, − he pays)."""
    report = context["report"]
    ledger = [
        {"side": "Anfangsbestand", "text": "Wechselgeld", "amount": euros(report.opening)},
        *[
            {"side": "Einnahme", "text": text, "amount": euros(cents)}
            for text, cents in context["income"]
        ],
        *[
            {"side": "Ausgabe", "text": text, "amount": euros(cents)}
            for text, cents in context["spending"]
        ],
        {"side": "Soll", "text": "Kassenbestand laut Bericht", "amount": euros(report.expected)},
    ]
    players = [
        {
            "name": row["name"],
            "entry_fee": euros(-row["entry_fee"]),
            "paid": "ja" if row["paid"] else "nein",
            "lost_fees": euros(-row["lost_fees"]),
            "game_cash": euros(row["game_cash"]),
            "prizes": euros(row["prizes"]),
            "items": row["items"],
            "net": euros(row["net"]),
            "at_the_end": euros(row["at_the_end"]),
        }
        for row in context["rows"]
    ]
    money = [key for key, _ in PLAYER_COLUMNS if key not in ("name", "paid", "items")]
    return [
        Export("kasse", f"Kassenbericht {title}", LEDGER_COLUMNS, ledger, money=["amount"]),
        Export("spieler", f"Kasse je Spieler {title}", PLAYER_COLUMNS, players, money=money),
    ]


def receipt_context(kasse: Kasse, player_id: int) -> dict[str, Any] | None:
    receipt = kasse.receipt(player_id)
    if receipt is None:
        return None
    return {
        "name": kasse.names[player_id],
        "receipt": receipt,
        "lines": receipt.lines,
        "exact_game_cash": euro(receipt.game_cash) if receipt.game_cash.denominator != 1 else "",
        "end_out": receipt.at_the_end >= 0,
        "end_amount": abs(receipt.at_the_end),
    }
