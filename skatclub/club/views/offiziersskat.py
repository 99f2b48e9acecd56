"""Offiziersskat (the two-player game of docs/rules.md §13): the Spielwart starts a match and enters
its games line by line; everybody can read the list and print it.

Reads through `queries.offiziersskat`, writes through `services.offiziersskat`; the engine
values every game. Refusals are German, next to the line, with the typed line kept (422).
The printed list is cached like every public PDF (`views.printing.cached_printout`).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST, require_safe

from scoring import ScoringError
from skatclub.club.forms import MatchForm, MatchLineForm
from skatclub.club.models import Match
from skatclub.club.printing.match import match_printout
from skatclub.club.queries.offiziersskat import match_sheet
from skatclub.club.services import EntryError, create_match, delete_match_game, record_match_game
from skatclub.club.views.lookups import INVALID
from skatclub.club.views.permissions import spielwart_required
from skatclub.club.views.printing import cached_printout


@spielwart_required
def match_list(request: HttpRequest) -> HttpResponse:
    form = MatchForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match = create_match(
            first=form.cleaned_data["first"],
            second=form.cleaned_data["second"],
            variant=form.cleaned_data["variant"],
            date=form.cleaned_data["date"],
        )
        messages.success(request, "Die Partie ist angelegt: Spieler 1 gibt das erste Spiel.")
        return redirect("match-entry", pk=match.pk)
    matches = Match.objects.select_related("first", "second")[:100]
    status = INVALID if form.errors else 200
    context = {"form": form, "matches": matches}
    return render(request, "club/match_list.html", context, status=status)


@spielwart_required
def match_entry(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    sheet = match_sheet(match)
    form = MatchLineForm(request.POST or None, initial={"number": sheet.next_number, "version": 0})
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            record_match_game(
                match=match,
                number=form.cleaned_data["number"],
                line=form.cleaned_data["line"],
                user=request.user,
                expected_version=form.cleaned_data["version"],
            )
        except (EntryError, ScoringError) as refused:
            error = f"Spiel {form.cleaned_data['number']}: {refused.message}"
        else:
            return redirect("match-entry", pk=match.pk)
    status = INVALID if error or form.errors else 200
    context = {"sheet": match_sheet(match), "form": form, "error": error}
    return render(request, "club/match_entry.html", context, status=status)


@spielwart_required
@require_POST
def match_game_delete(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    try:
        delete_match_game(match=match, number=number, user=request.user)
    except EntryError as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"Spiel {number} ist gelöscht (im Verlauf festgehalten).")
    return redirect("match-entry", pk=match.pk)


@require_safe
def match_detail(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    return render(request, "club/match_detail.html", {"sheet": match_sheet(match)})


@require_safe
def match_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    match = get_object_or_404(Match, pk=pk)
    return cached_printout(request, "offiziersskat", match_printout(match))


urlpatterns = [
    path("spielwart/offiziersskat/", match_list, name="match-list"),
    path("spielwart/offiziersskat/<int:pk>/", match_entry, name="match-entry"),
    path(
        "spielwart/offiziersskat/<int:pk>/spiel/<int:number>/loeschen/",
        match_game_delete,
        name="match-game-delete",
    ),
    path("offiziersskat/<int:pk>/", match_detail, name="match-detail"),
    path("offiziersskat/<int:pk>/spielliste.pdf", match_pdf, name="match-pdf"),
]
