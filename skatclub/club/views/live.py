"""Pages that update themselves: the Spielwart's Serie board and the projector in the club room.

Owns the board (`@spielwart_required`: every table's progress, last game, signatures, check)
and the projector page (public like every result page: the Serie's standings in big type,
marked "vorläufig", in pages that `static/live.js` rotates). Both are plain pages without
JavaScript; with it, `live.js` fetches the same URL every few seconds with the header
`X-Live` and swaps in the fragment. Both are computed once per change of the event
(`views.conditional`: keyed on the event's version; an unchanged poll is a 304 after one
query for the event). Reads only: `queries.board`, `queries.progress`, `queries.standings`;
the projector's lines as text from `presenters.pages.projector_pages`.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils import timezone
from django.views.decorators.http import require_safe

from skatclub.club.models import Event, Round
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.pages import projector_pages
from skatclub.club.queries.board import round_board
from skatclub.club.queries.progress import finished, table_progress
from skatclub.club.queries.standings import event_standings
from skatclub.club.queries.versions import (
    event_state,
    event_tables_state,
    round_links_state,
)
from skatclub.club.views import conditional
from skatclub.club.views.conditional import LIVE_HEADER, row_state
from skatclub.club.views.lookups import ROUND, round_or_404
from skatclub.club.views.permissions import spielwart_required

PROJECTOR_ROWS = 10  # rows per projector page: readable from the back of the room


def _respond(
    request: HttpRequest, page: str, fragment: str, context: dict[str, Any]
) -> HttpResponse:
    template = fragment if LIVE_HEADER in request.META else page
    extra = {"updated": timezone.localtime(), "every": _every(request)}
    return render(request, template, {**context, **extra})


def _every(request: HttpRequest) -> int | None:
    """`?takt=n`: refresh every n seconds (1 to 60) instead of the page's own rhythm."""
    seconds = whole_number(request.GET.get("takt"))
    return None if seconds is None else min(max(seconds, 1), 60)


@spielwart_required
@require_safe
def board(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables, links = event_tables_state(round_.event_id), round_links_state(round_.pk)
    state = ("board", *row_state(round_.event), tables, links, number)
    return conditional.answer(request, state, lambda: _board(request, round_))


def _board(request: HttpRequest, round_: Round) -> HttpResponse:
    tables = round_board(round_)
    context = {
        "event": round_.event,
        "round": round_,
        "tables": tables,
        "done": finished(t.progress for t in tables),
    }
    return _respond(request, "club/spielwart_board.html", "club/_board.html", context)


@require_safe
def projector(request: HttpRequest, key: str, number: int) -> HttpResponse:
    found = event_state(key)
    if found is None:
        raise Http404("Diese Veranstaltung gibt es nicht.")
    event_id, state = found
    # Rendered at most every two seconds, as often as the page asks: on a championship day
    # the event changes several times a second, and each render ranks all 1,400 players.
    render = lambda: _projector(request, Event.objects.get(pk=event_id), number)  # noqa: E731
    return conditional.answer(request, ("projector", state, number), render, fresh=2)


def _projector(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    pages = projector_pages(event_standings(event, number), PROJECTOR_ROWS)
    tables = table_progress(round_.tables.all())
    context = {
        "event": event,
        "round": round_,
        "pages": pages,
        "tables_done": finished(tables),
        "tables_total": len(tables),
        "final": bool(tables) and all(t.is_confirmed for t in tables),
    }
    return _respond(request, "club/round_projector.html", "club/_projector.html", context)


urlpatterns = [
    path(ROUND + "live/", board, name="spielwart-board"),
    path(
        "veranstaltungen/<slug:key>/serie/<int:number>/leinwand/", projector, name="round-projector"
    ),
]
