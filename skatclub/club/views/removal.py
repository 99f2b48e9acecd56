"""Deleting an empty Serie or event, and the list of what was deleted (Löschprotokoll).

Thin views over `services.removal`; every view is `@spielwart_required`, deletions are POST
only and redirect with a German message.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import services
from skatclub.club.models import Removal
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import EVENT, ROUND, event_or_404, round_or_404
from skatclub.club.views.permissions import spielwart_required


@spielwart_required
@require_POST
def round_delete(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    try:
        services.delete_round(round_=round_, user=request.user)
    except EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-round", key=key, number=number)
    messages.success(request, f"Serie {number} ist gelöscht (siehe Löschprotokoll).")
    return redirect("spielwart-event", key=key)


@spielwart_required
@require_POST
def event_delete(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    try:
        services.delete_event(event=event, user=request.user)
    except EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=key)
    messages.success(request, f"„{event.name}“ ist gelöscht (siehe Löschprotokoll).")
    return redirect("spielwart-home")


@spielwart_required
def removals(request: HttpRequest) -> HttpResponse:
    rows = Removal.objects.select_related("user")[:200]
    return render(request, "club/spielwart_removals.html", {"removals": rows})


urlpatterns = [
    path(ROUND + "loeschen/", round_delete, name="spielwart-round-delete"),
    path(EVENT + "loeschen/", event_delete, name="spielwart-event-delete"),
    path("spielwart/geloescht/", removals, name="spielwart-removals"),
]
