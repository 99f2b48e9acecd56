"""The Kassenbericht as a printout (a template of its own, `pdf/kassenbericht.html`).

Owns `kassenbericht_printout`: the same context as the Kasse page, plus the page frame of
every printout (the page head with the Spiellisten' status), with lines for the signatures of
Kassenwart and Kassenprüfer. Rendered by `printing.render` like every other printout.
"""

from __future__ import annotations

from skatclub.club.models import Event
from skatclub.club.presenters.kasse import report_context
from skatclub.club.printing.page_head import PageHead
from skatclub.club.printing.printouts import Printout, club_name, page_context
from skatclub.club.queries.kasse import event_kasse
from skatclub.club.queries.progress import status_text, table_progress, tables_of


def kassenbericht_printout(event: Event) -> Printout:
    head = PageHead(
        "Kassenbericht",
        status_text(table_progress(tables_of(event.pk, None))),
        club_name(event.season.club_id),
        f"{event.name}, {event.date:%d.%m.%Y}",
    )
    context = report_context(event_kasse(event)) | page_context(head) | {"event": event}
    return Printout("pdf/kassenbericht.html", f"kassenbericht-{event.key}.pdf", context)
