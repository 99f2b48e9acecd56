"""The Spielwart's list of games and paper totals kept "abweichend erfasst" (imported as the
list recorded them).

Every game an `import_archive --as-recorded` kept although the rules disagree is listed with
the engine's reason and a link to the ordinary correction page (`views/entry.game_edit`), which
values the game by the rules again through `services.record_game` and keeps the history;
after the correction the game leaves this list. Paper totals kept by `import_sheet` "wie erfasst"
link to the totals page of their table; entered again there, they leave the list. Reads only.
"""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from skatclub.club import tenancy
from skatclub.club.models import Game, Table
from skatclub.club.presenters.downloads import Export, download, links, requested_format
from skatclub.club.views.permissions import spielwart_required

PER_PAGE = 100


@spielwart_required
def recorded_review(request: HttpRequest) -> HttpResponse:
    games = (
        Game.objects.filter(as_recorded=True, **tenancy.of_club("table__round__event__club_id"))
        .select_related("table__round__event", "declarer")
        .order_by(
            "table__round__event__date",
            "table__round__event__key",
            "table__round__number",
            "table__number",
            "number",
        )
    )
    tables = (
        Table.objects.exclude(recorded_note="")
        .filter(**tenancy.of_club("round__event__club_id"))
        .select_related("round__event")
        .order_by("round__event__date", "round__event__key", "round__number", "number")
    )
    # The rows are read only for a download; the page shows one page of each list.
    wanted = requested_format(request)
    exports = [
        Export("abweichend", "Abweichend erfasste Spiele", COLUMNS, _rows(games) if wanted else []),
        Export(
            "summen",
            "Abweichend erfasste Summen",
            TABLE_COLUMNS,
            _table_rows(tables) if wanted else [],
        ),
    ]
    if response := download(request, exports, "abweichend-erfasst"):
        return response
    page = Paginator(games, PER_PAGE).get_page(request.GET.get("seite"))
    table_page = Paginator(tables, PER_PAGE).get_page(request.GET.get("summen-seite"))
    context = {"page": page, "table_page": table_page, "downloads": links(request, exports)}
    return render(request, "club/spielwart_recorded.html", context)


COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("round", "Serie"),
    ("table", "Tisch"),
    ("game", "Spiel"),
    ("declarer", "Alleinspieler"),
    ("notation", "Kurzschrift"),
    ("list_score", "erfasste Spielpunkte"),
    ("deviation", "Grund"),
]


def _rows(games: QuerySet[Game]) -> list[dict[str, Any]]:
    return [
        {
            "date": g.table.round.event.date,
            "event": g.table.round.event.name,
            "round": g.table.round.number,
            "table": g.table.number,
            "game": g.number,
            "declarer": g.declarer.name if g.declarer else "",
            "notation": g.notation,
            "list_score": g.list_score,
            "deviation": g.deviation,
        }
        for g in games
    ]


TABLE_COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("round", "Serie"),
    ("table", "Tisch"),
    ("deviation", "Grund"),
]


def _table_rows(tables: QuerySet[Table]) -> list[dict[str, Any]]:
    return [
        {
            "date": t.round.event.date,
            "event": t.round.event.name,
            "round": t.round.number,
            "table": t.number,
            "deviation": t.recorded_note,
        }
        for t in tables
    ]


urlpatterns = [
    path("spielwart/abweichend/", recorded_review, name="spielwart-recorded"),
]
