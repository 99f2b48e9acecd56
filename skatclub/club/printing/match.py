"""The printed list of an Offiziersskat match (`pdf/match_sheet.html`): every game with its
value and derivation, both running totals, and the players' signatures."""

from __future__ import annotations

from django.utils import timezone

from skatclub.club.models import Match
from skatclub.club.printing.fonts import font_face_css
from skatclub.club.printing.printouts import Printout, club_name
from skatclub.club.queries.offiziersskat import match_sheet


def match_printout(match: Match) -> Printout:
    sheet = match_sheet(match)
    context = {
        "club_name": club_name(match.club_id),
        "font_faces": font_face_css(),
        "sheet": sheet,
        "title": "Offiziersskat",
        "subtitle": f"{sheet.names[0]} – {sheet.names[1]}, {match.date:%d.%m.%Y}",
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
    }
    return Printout("pdf/match_sheet.html", f"offiziersskat-{match.pk}.pdf", context)
