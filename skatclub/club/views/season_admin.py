"""The Spielwart's page for a season's ranking rule (`/spielwart/saison/<year>/`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path

from skatclub.club import services
from skatclub.club.forms.seasons import SeasonRuleForm
from skatclub.club.models import Season
from skatclub.club.presenters.pages import season_rule
from skatclub.club.views.permissions import spielwart_required


@spielwart_required
def season_rules(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    form = SeasonRuleForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        season = services.save_season_rule(season=form.save(commit=False), user=request.user)
        messages.success(request, f"Wertung {season} gespeichert: {season_rule(season).describe()}")
        return redirect(season)
    return render(
        request,
        "club/season_rules.html",
        {"season": season, "form": form, "rule_text": season_rule(season).describe()},
    )


urlpatterns = [
    path("spielwart/saison/<int:year>/", season_rules, name="season-rules"),
]
