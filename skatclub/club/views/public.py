"""Public, read-only pages: start page, season ranking, event results, player pages."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path

from skatclub.club.models import Event, Player, Season
from skatclub.club.standings import event_standings, kasse_cents


def home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.select_related("season")[:10]
    return render(request, "club/home.html", {"events": events})


def season_ranking(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    return render(request, "club/season_ranking.html", {"season": season})


def event_detail(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    rows = event_standings(event)
    return render(
        request,
        "club/event_detail.html",
        {"event": event, "rows": rows, "kasse_cents": kasse_cents(rows)},
    )


def round_detail(request: HttpRequest, key: str, number: int) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    round_ = get_object_or_404(event.rounds, number=number)
    rows = event_standings(event, number)
    return render(request, "club/round_detail.html", {"event": event, "round": round_, "rows": rows})


def player_detail(request: HttpRequest, key: str) -> HttpResponse:
    player = get_object_or_404(Player, key=key)
    return render(request, "club/player_detail.html", {"player": player})


urlpatterns = [
    path("", home, name="home"),
    path("rangliste/<int:year>/", season_ranking, name="season-ranking"),
    path("veranstaltungen/<slug:key>/", event_detail, name="event-detail"),
    path("veranstaltungen/<slug:key>/serie/<int:number>/", round_detail, name="round-detail"),
    path("spieler/<slug:key>/", player_detail, name="player-detail"),
]
