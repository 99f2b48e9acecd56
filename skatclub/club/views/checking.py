"""The Prüfer's pages: which lists still need the second signature, and signing them.

`@checker_required` (Spielwarte and Prüfer). The check itself is `entry.table_check`
(`services.check_table`): confirm or reject, never edit; nobody confirms a list he entered.
"""

from __future__ import annotations

from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from skatclub.club.models import Event, Table
from skatclub.club.queries.progress import annotated_progress, with_progress
from skatclub.club.views.lookups import round_or_404
from skatclub.club.views.permissions import checker_required

OPEN = ~Q(rounds__tables__check_status=Table.Check.CONFIRMED)


@checker_required
def checking_home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.annotate(
        open_count=Count("rounds__tables", filter=OPEN, distinct=True)
    ).filter(open_count__gt=0)[:30]
    rounds = {
        event.pk: event.rounds.annotate(
            open_count=Count(
                "tables", filter=~Q(tables__check_status=Table.Check.CONFIRMED), distinct=True
            )
        ).filter(open_count__gt=0)
        for event in events
    }
    rows = [(event, rounds[event.pk]) for event in events]
    return render(request, "club/checking_home.html", {"rows": rows})


@checker_required
def round_checking(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables = with_progress(round_.tables.all()).prefetch_related("seats__player")
    rows = [{"table": table, "progress": annotated_progress(table)} for table in tables]
    context = {"event": round_.event, "round": round_, "rows": rows}
    return render(request, "club/checking_round.html", context)


urlpatterns = [
    path("pruefen/", checking_home, name="checking-home"),
    path("pruefen/<slug:key>/serie/<int:number>/", round_checking, name="checking-round"),
]
