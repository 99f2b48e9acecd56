"""The Kassenbericht and the receipts as printouts (`pdf/kassenbericht.html`,
`pdf/receipt.html`).

Owns `kassenbericht_printout` (the same context as the Kasse page, plus the page frame of every
printout, with lines for the signatures of Kassenwart and Kassenprüfer) and
`receipts_printout` (one player's receipt, or every player's on A4 for the Kassenwart: club,
event, date, every line of the account, what was paid and what is paid or received at the end,
and a line for the signature). Both read the event's ledger (`queries.ledger`) and compute no
money; rendered by `printing.render` like every other printout.
"""

from __future__ import annotations

from typing import Any

from skatclub.club.formatting import euro
from skatclub.club.models import Event
from skatclub.club.presenters.kasse import kasse_context, receipt_context, receipts_context
from skatclub.club.printing.columns import PADDING_MM, Column, breakable, column_widths
from skatclub.club.printing.page_head import PORTRAIT_MM, PageHead
from skatclub.club.printing.printouts import (
    PrintError,
    Printout,
    base_context,
    club_name,
    event_status,
    page_context,
)
from skatclub.club.queries.ledger import event_ledger


def kassenbericht_printout(event: Event) -> Printout:
    head = PageHead(
        "Kassenbericht",
        event_status(event, None),
        club_name(event.season.club_id),
        f"{event.name}, {event.date:%d.%m.%Y}",
    )
    report = kasse_context(event)
    widths, rows = player_columns(report["rows"])
    context = report | page_context(head) | {"event": event, "rows": rows}
    context["player_columns"] = widths
    return Printout("pdf/kassenbericht.html", f"kassenbericht-{event.key}.pdf", context)


TABLE_PT = 9.0  # the type of the table of players (`pdf/kassenbericht.html`)
SH = "\u00ad"
AMOUNTS = ("entry_fee", "lost_fees", "game_cash", "prizes", "rounding", "net", "at_the_end")
HEADS = (
    f"Start{SH}geld",
    f"Verlust{SH}spiel{SH}geld",
    f"Spiel{SH}geld",
    "Preise",
    f"Run{SH}dung",
    "Saldo",
    "Schluss",
)


def player_columns(rows: list[dict[str, Any]]) -> tuple[list[float], list[dict[str, Any]]]:
    """The widths in mm of the table of players (name, the seven amounts) from what its cells
    show, and its rows with names and Sachpreise breakable inside their columns."""
    columns = [Column("Name", free=[row["name"] for row in rows])]
    for key, head in zip(AMOUNTS, HEADS, strict=True):
        shown = [_amount(row, key) for row in rows if row[key] or key in ("net", "at_the_end")]
        items = [f"+ {row['items']}" for row in rows if key == "prizes" and row["items"]]
        columns.append(Column(head, shown, items, bold=key == "at_the_end", min_free_mm=0))
    widths = column_widths(columns, PORTRAIT_MM, TABLE_PT).mm
    name_mm, prizes_mm = widths[0] - PADDING_MM, widths[4] - PADDING_MM
    printed = [
        row
        | {
            "name": breakable(row["name"], name_mm, TABLE_PT),
            "items": breakable(row["items"], prizes_mm, TABLE_PT),
        }
        for row in rows
    ]
    return widths, printed


def _amount(row: dict[str, Any], key: str) -> str:
    """An amount as its cell shows it (`club/_kassenbericht.html`)."""
    return euro(row[key]) + (" ✓" if key == "entry_fee" and row["paid"] else "")


def receipts_printout(event: Event, player_key: str | None = None) -> Printout:
    """Every player's receipt (`player_key` None) or one player's."""
    found = event_ledger(event)
    if player_key is None:
        receipts = receipts_context(found)
        filename = f"quittungen-{event.key}.pdf"
    else:
        ids = [pid for pid, key in found.keys.items() if key == player_key]
        account = found.account(ids[0]) if ids else None
        if account is None:
            raise PrintError(
                "Dieser Spieler hat bei der Veranstaltung weder gespielt noch sich angemeldet."
            )
        receipts = [receipt_context(found, account)]
        filename = f"quittung-{event.key}-{player_key}.pdf"
    if not receipts:
        raise PrintError("Bei dieser Veranstaltung hat noch niemand gespielt oder sich angemeldet.")
    status = event_status(event, None)
    title = "Quittung" if player_key else "Quittungen"
    context = base_context(event, None, title, status) | {
        "receipts": receipts,
        "step_text": receipts[0]["step_text"],
    }
    return Printout("pdf/receipt.html", filename, context)
