"""The Spielwart's list of games kept "abweichend erfasst" (imported as the list recorded them).

Every game an `import_archive --as-recorded` kept although the rules disagree is listed with
the engine's reason and a link to the ordinary correction page (`views/entry.game_edit`), which
values the game by the rules again through `services.record_game` and keeps the history;
after the correction the game leaves this list. Reads only.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import path

from skatclub.club.models import Game
from skatclub.club.views.permissions import spielwart_required

PER_PAGE = 100


@spielwart_required
def recorded_review(request: HttpRequest) -> HttpResponse:
    games = (
        Game.objects.filter(as_recorded=True)
        .select_related("table__round__event", "declarer")
        .order_by(
            "table__round__event__date",
            "table__round__event__key",
            "table__round__number",
            "table__number",
            "number",
        )
    )
    page = Paginator(games, PER_PAGE).get_page(request.GET.get("seite"))
    return render(request, "club/spielwart_recorded.html", {"page": page})


urlpatterns = [
    path("spielwart/abweichend/", recorded_review, name="spielwart-recorded"),
]
