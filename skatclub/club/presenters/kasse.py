"""The Kassenbericht and the receipts as rows for the page, the printouts and the downloads.

Owns `report_context` (income, expenses, expected and counted cash, the difference in words,
one row per player), `kasse_exports` (the same for the Kassenwart's spreadsheet) and
`receipt_context` (one player's receipt, every line of his account). Every amount is the
ledger's (`queries.ledger`), as signed integer cents (+ the player receives or the Kasse takes
in, − the player pays or the Kasse pays out); the templates show them with the `euro` filter.
Reads nothing itself; writes nothing.
"""

from __future__ import annotations

from typing import Any

from scoring.ledger import Account, LineKind
from skatclub.club.collation import german_key
from skatclub.club.formatting import euro, euros
from skatclub.club.presenters.downloads import Export
from skatclub.club.queries.ledger import EventLedger


def difference_text(difference: int | None) -> str:
    if difference is None:
        return "Noch nicht gezählt."
    if difference == 0:
        return "Die Kasse stimmt auf den Cent: gezählt = Soll."
    if difference > 0:
        return f"In der Kasse sind {euro(difference)} mehr, als sein müssten."
    return f"In der Kasse fehlen {euro(-difference)}."


def step_text(step: int) -> str:
    """How the amounts at the end are rounded: "auf ganze Cent", "auf 0,10 €"."""
    return "auf ganze Cent" if step == 1 else f"auf {euro(step)}"


def rounding_text(step: int) -> str:
    return f"Rundung der Schlussbeträge {step_text(step)}"


def report_context(found: EventLedger) -> dict[str, Any]:
    """The Kassenbericht: income (+) and expenses (−) in the order the Kassenwart books them,
    and one row per player in German alphabetical order."""
    report, step = found.report, found.ledger.step_cents
    income = [
        ("Startgeld", report.entry_fees),
        ("Verlustspielgeld", report.lost_fees),
        ("Preisskat: Spielgeld der Verlierer", report.game_cash_in),
        *([(rounding_text(step), report.rounding)] if report.rounding > 0 else []),
        *[(b.text, b.cents) for b in found.ledger.bookings if not b.opening and b.cents > 0],
    ]
    spending = [
        ("Preise", -report.prizes),
        ("Preisskat: Spielgeld an die Gewinner", -report.game_cash_out),
        *([(rounding_text(step), report.rounding)] if report.rounding < 0 else []),
        *[(b.text, b.cents) for b in found.ledger.bookings if not b.opening and b.cents < 0],
    ]
    return {
        "report": report,
        "income": income,
        "spending": spending,
        "spending_total": -report.spending,
        "rows": [_player_row(found, account) for account in by_name(found)],
        "step_text": step_text(step),
        "difference_text": difference_text(report.difference),
        "balanced": report.difference == 0,
        "count": found.count,
        "bookings": found.bookings,
        "items": [
            (found.names[a.player_id], title, item)
            for a in by_name(found)
            for title, item in a.items
        ],
        "entry_fees_open": report.entry_fees_open,
    }


def by_name(found: EventLedger) -> list[Account]:
    """The accounts in German alphabetical order of the names (as on paper)."""
    return sorted(
        found.accounts,
        key=lambda a: (german_key(found.names[a.player_id]), found.keys[a.player_id]),
    )


def _player_row(found: EventLedger, account: Account) -> dict[str, Any]:
    return {
        "player_id": account.player_id,
        "key": found.keys[account.player_id],
        "name": found.names[account.player_id],
        "entry_fee": -account.entry_fee,
        "paid": account.entry_fee_paid,
        "lost_fees": -account.lost_fee_total,
        "game_cash": account.game_cash_cents,
        "prizes": account.prize_cents,
        "items": ", ".join(item for _, item in account.items),
        "rounding": account.rounding,
        "net": account.net,
        "at_the_end": account.at_the_end,
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
    ("rounding", "Rundung (€)"),
    ("net", "Saldo (€)"),
    ("at_the_end", "Schluss (€)"),
]


def kasse_exports(context: dict[str, Any], title: str) -> list[Export]:
    """The Kassenbericht's ledger and its rows per player, for the Kassenwart's spreadsheet
    (the same numbers as the page: income +, expenses −; per player + the player receives,
    − he pays)."""
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
    money = [key for key, _ in PLAYER_COLUMNS if key not in ("name", "paid", "items")]
    players = [
        {
            **{key: euros(row[key]) for key in money},
            "name": row["name"],
            "paid": "ja" if row["paid"] else "nein",
            "items": row["items"],
        }
        for row in context["rows"]
    ]
    return [
        Export("kasse", f"Kassenbericht {title}", LEDGER_COLUMNS, ledger, money=["amount"]),
        Export("spieler", f"Kasse je Spieler {title}", PLAYER_COLUMNS, players, money=money),
    ]


def receipt_context(found: EventLedger, account: Account) -> dict[str, Any]:
    """One player's receipt: every line of his account, what he paid at sign-in, and what he
    pays or receives at the end."""
    name = found.names[account.player_id]
    step = step_text(found.ledger.step_cents)
    rounded = account.game_cash != account.game_cash_cents
    return {
        "name": name,
        "key": found.keys[account.player_id],
        "account": account,
        "lines": [
            (f"{line.text} ({step})" if line.kind is LineKind.ROUNDING else line.text, line.cents)
            for line in account.lines
        ],
        "step_text": step,
        "exact_game_cash": euro(account.game_cash) if rounded else "",
        "end_out": account.at_the_end >= 0,
        "end_amount": abs(account.at_the_end),
        "end_text": (
            f"Auszahlung an {name}" if account.at_the_end >= 0 else f"{name} zahlt an die Kasse"
        ),
    }


def receipts_context(found: EventLedger) -> list[dict[str, Any]]:
    return [receipt_context(found, account) for account in by_name(found)]
