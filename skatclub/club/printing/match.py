"""The printed list of an Offiziersskat match (`pdf/match_sheet.html`): every game with its
value and derivation, both running totals, and the players' signatures.

The page head's status says how far the match is ("Stand nach 24 Spielen"): a match has no
fixed length, so the list signed at the end is the final one.
"""

from __future__ import annotations

from skatclub.club.models import Match
from skatclub.club.printing.page_head import PageHead
from skatclub.club.printing.printouts import Printout, club_name, page_context
from skatclub.club.queries.offiziersskat import match_sheet


def match_printout(match: Match) -> Printout:
    sheet = match_sheet(match)
    played = len(sheet.rows)
    status = f"Stand nach {played} {'Spiel' if played == 1 else 'Spielen'}"
    head = PageHead(
        "Offiziersskat",
        status if played else "noch kein Spiel erfasst",
        club_name(match.club_id),
        f"{sheet.names[0]} – {sheet.names[1]}, {match.date:%d.%m.%Y}",
    )
    context = page_context(head) | {"sheet": sheet}
    return Printout("pdf/match_sheet.html", f"offiziersskat-{match.pk}.pdf", context)
