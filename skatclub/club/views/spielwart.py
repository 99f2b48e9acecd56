"""The Spielwart's pages: players, events, Serien, seating, entry, corrections, checks."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path

from skatclub.club.models import Event, Table
from skatclub.club.permissions import spielwart_required


@spielwart_required
def spielwart_home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.all()[:20]
    return render(request, "club/spielwart_home.html", {"events": events})


@spielwart_required
def table_entry(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event__key=key,
        round__number=number,
        number=table,
    )
    return render(request, "club/table_entry.html", {"table": table_obj})


urlpatterns = [
    path("spielwart/", spielwart_home, name="spielwart-home"),
    path(
        "spielwart/veranstaltungen/<slug:key>/serie/<int:number>/tisch/<int:table>/",
        table_entry,
        name="table-entry",
    ),
]
