"""The league's printouts: the Spielbericht of a Spieltag (`printing/spielbericht.py`).

Public and read-only like the other PDFs; `?html=1` shows the same template as a page. The
Spieltag is looked up inside the club of the address (a league is a club's). Cached like the
other public PDFs, keyed by its content (`pdf_cache.content_key`): a Spielbericht shows more
than its event (line-ups, captains, who came, the league's names), and its context is small.
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path
from django.views.decorators.http import require_safe

from skatclub.club import tenancy
from skatclub.club.leagues.models import Matchday
from skatclub.club.printing.spielbericht import spielbericht_printout
from skatclub.club.views.printing import cached_printout


@require_safe
def league_report_pdf(
    request: HttpRequest, league: str, division: str, matchday: int
) -> HttpResponse:
    found = get_object_or_404(
        Matchday.objects.select_related("division__league", "host", "event"),
        division__league__key=league,
        division__key=division,
        number=matchday,
        **tenancy.of_club("division__league__club_id"),
    )
    return cached_printout(request, "spielbericht", spielbericht_printout(found))


MATCHDAY = "liga/<slug:league>/<slug:division>/spieltag/<int:matchday>/"

urlpatterns = [
    path(MATCHDAY + "spielbericht.pdf", league_report_pdf, name="league-report-pdf"),
]
