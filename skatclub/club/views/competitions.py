"""The Spielwart's page of an event's Tandem- and Mannschaftswertungen (issue 43): declaring
a competition and forming its groups before Serie 1. Reads the form, calls
`services.declare_competition` / `set_group` / `remove_group`, redirects with a German
message (POST-redirect-GET); a refusal is shown with what was typed. `@spielwart_required`."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import services
from skatclub.club.forms.competitions import CompetitionForm, GroupForm
from skatclub.club.models import Competition, CompetitionGroup, Event, Player
from skatclub.club.queries.competitions import competition_rankings
from skatclub.club.views.lookups import EVENT, INVALID, event_or_404
from skatclub.club.views.permissions import spielwart_required


def _present(event: Event) -> Any:
    return Player.objects.filter(attendance__event=event).order_by("name")


@spielwart_required
def competitions_page(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    form = CompetitionForm(request.POST if request.method == "POST" else None)
    if form.is_valid():
        data = form.cleaned_data
        try:
            competition = services.declare_competition(event=event, user=request.user, **data)
        except services.EntryError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"Die Wertung „{competition.name}“ ist angelegt.")
            return redirect("spielwart-competitions", key=event.key)
    return _page(request, event, form)


@spielwart_required
@require_POST
def group_save(request: HttpRequest, key: str, competition: int) -> HttpResponse:
    event = event_or_404(key)
    found = get_object_or_404(Competition, event=event, pk=competition)
    form = GroupForm(request.POST, competition=found, players=_present(event))
    if form.is_valid():
        try:
            group = services.set_group(
                competition=found,
                name=form.cleaned_data["name"],
                players=form.members(),
                user=request.user,
            )
        except services.EntryError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"„{group.name}“ gehört zur {found.name}.")
            return redirect("spielwart-competitions", key=event.key)
    return _page(request, event, CompetitionForm(), {found.pk: form})


@spielwart_required
@require_POST
def group_drop(request: HttpRequest, key: str, competition: int, group: int) -> HttpResponse:
    event = event_or_404(key)
    found = get_object_or_404(
        CompetitionGroup, competition__event=event, competition__pk=competition, pk=group
    )
    try:
        services.remove_group(group=found, user=request.user)
    except services.EntryError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, f"„{found.name}“ ist gestrichen.")
    return redirect("spielwart-competitions", key=event.key)


def _page(
    request: HttpRequest,
    event: Event,
    form: CompetitionForm,
    group_forms: dict[int, GroupForm] | None = None,
) -> HttpResponse:
    forms = group_forms or {}
    present = _present(event)
    competitions = [
        {
            "competition": c,
            "groups": list(c.groups.prefetch_related("members")),
            "form": forms.get(c.pk) or GroupForm(competition=c, players=present),
        }
        for c in Competition.objects.filter(event=event)
    ]
    context = {
        "event": event,
        "form": form,
        "competitions": competitions,
        "rankings": competition_rankings(event),
    }
    invalid = form.errors or any(f.errors for f in forms.values())
    return render(
        request, "club/spielwart_competitions.html", context, status=INVALID if invalid else 200
    )


urlpatterns = [
    path(EVENT + "wertungen/", competitions_page, name="spielwart-competitions"),
    path(EVENT + "wertungen/<int:competition>/gruppe/", group_save, name="spielwart-group-save"),
    path(
        EVENT + "wertungen/<int:competition>/gruppe/<int:group>/streichen/",
        group_drop,
        name="spielwart-group-drop",
    ),
]
