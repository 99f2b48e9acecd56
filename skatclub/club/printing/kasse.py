"""The Kassenbericht as a printout (a template of its own, `pdf/kassenbericht.html`).

Owns `kassenbericht_printout`: the same context as the Kasse page, plus the page frame of
every printout, with lines for the signatures of Kassenwart and Kassenprüfer. Rendered by
`printing.render` like every other printout.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import timezone

from skatclub.club.models import Event
from skatclub.club.presenters.kasse import report_context
from skatclub.club.printing.printouts import Printout
from skatclub.club.queries.kasse import event_kasse


def kassenbericht_printout(event: Event) -> Printout:
    context = report_context(event_kasse(event)) | {
        "club_name": settings.SKATCLUB_NAME,
        "event": event,
        "title": "Kassenbericht",
        "subtitle": f"{event.name}, {event.date:%d.%m.%Y}",
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
    }
    return Printout("pdf/kassenbericht.html", f"kassenbericht-{event.key}.pdf", context)
