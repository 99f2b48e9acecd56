"""The Kassenbericht as a printout (a template of its own, `pdf/kassenbericht.html`).

Owns `kassenbericht_printout`: the same context as the Kasse page, plus the page frame of
every printout, with lines for the signatures of Kassenwart and Kassenprüfer. Rendered by
`printing.render` like every other printout.
"""

from __future__ import annotations

from django.utils import timezone

from skatclub.club.models import Event
from skatclub.club.presenters.kasse import report_context
from skatclub.club.printing.fonts import font_face_css
from skatclub.club.printing.printouts import Printout, club_name
from skatclub.club.queries.kasse import event_kasse
from skatclub.club.queries.progress import status_text, table_progress, tables_of


def kassenbericht_printout(event: Event) -> Printout:
    context = report_context(event_kasse(event)) | {
        "club_name": club_name(event.season.club_id),
        "font_faces": font_face_css(),
        "status": status_text(table_progress(tables_of(event.pk, None))),
        "event": event,
        "title": "Kassenbericht",
        "subtitle": f"{event.name}, {event.date:%d.%m.%Y}",
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
    }
    return Printout("pdf/kassenbericht.html", f"kassenbericht-{event.key}.pdf", context)
