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

from skatclub.club.models import Event
from skatclub.club.presenters.kasse import receipt_context, receipts_context, report_context
from skatclub.club.printing.page_head import PageHead
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
    context = (
        report_context(event_ledger(event, kasse=True)) | page_context(head) | {"event": event}
    )
    return Printout("pdf/kassenbericht.html", f"kassenbericht-{event.key}.pdf", context)


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
