"""The Spielwart's page of seating wishes: pairs kept apart and fixed tables for an event.

Reads the form, calls `services.wishes`, redirects with a German message (POST-redirect-GET).
Every view is `@spielwart_required`.
"""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import services
from skatclub.club.forms.wishes import FixedTableForm, KeepApartForm
from skatclub.club.models import Attendance, Event, KeepApart, Player
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import EVENT, INVALID, event_or_404
from skatclub.club.views.permissions import spielwart_required


def _present(event: Event) -> QuerySet[Player]:
    return Player.objects.filter(attendance__event=event).order_by("name")


@spielwart_required
def seating_wishes(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    present = _present(event)
    apart_form = KeepApartForm(players=present)
    if request.method == "POST":
        apart_form = KeepApartForm(request.POST, players=present)
        if apart_form.is_valid():
            data = apart_form.cleaned_data
            try:
                services.keep_apart(
                    event=event,
                    first=data["first"],
                    second=data["second"],
                    always=data["always"],
                    note=data["note"],
                )
            except EntryError as error:
                apart_form.add_error(None, error.message)
            else:
                messages.success(
                    request, f"{data['first'].name} und {data['second'].name} sitzen getrennt."
                )
                return redirect("spielwart-wishes", key=event.key)
    context = {
        "event": event,
        "apart": KeepApart.objects.filter(Q(event=event) | Q(event__isnull=True))
        .select_related("first", "second")
        .order_by("first__name", "second__name"),
        "apart_form": apart_form,
        "fixed_form": FixedTableForm(players=present),
        "fixed": Attendance.objects.filter(event=event, fixed_table__isnull=False)
        .select_related("player")
        .order_by("fixed_table", "player__name"),
    }
    status = INVALID if apart_form.errors else 200
    return render(request, "club/spielwart_wishes.html", context, status=status)


@spielwart_required
@require_POST
def keep_apart_drop(request: HttpRequest, key: str, pk: int) -> HttpResponse:
    event = event_or_404(key)
    wish = get_object_or_404(KeepApart, Q(event=event) | Q(event__isnull=True), pk=pk)
    services.drop_keep_apart(wish=wish)
    messages.success(request, f"{wish.first.name} und {wish.second.name} dürfen wieder zusammen.")
    return redirect("spielwart-wishes", key=event.key)


@spielwart_required
@require_POST
def fixed_table(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    form = FixedTableForm(request.POST, players=_present(event))
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect("spielwart-wishes", key=event.key)
    player, table = form.cleaned_data["player"], form.cleaned_data["table"]
    try:
        services.set_fixed_table(event=event, player=player, table=table)
    except EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-wishes", key=event.key)
    text = f"sitzt immer an Tisch {table}" if table else "hat keinen festen Tisch mehr"
    messages.success(request, f"{player.name} {text}.")
    return redirect("spielwart-wishes", key=event.key)


urlpatterns = [
    path(EVENT + "sitzwuensche/", seating_wishes, name="spielwart-wishes"),
    path(EVENT + "sitzwuensche/<int:pk>/loeschen/", keep_apart_drop, name="spielwart-wish-drop"),
    path(EVENT + "sitzwuensche/fester-tisch/", fixed_table, name="spielwart-fixed-table"),
]
