"""The Spielwart's page for a season's ranking rule (`/spielwart/saison/<year>/`)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path

from skatclub.club.models import Season
from skatclub.club.presenters.pages import season_rule
from skatclub.club.views.permissions import spielwart_required


class SeasonRuleForm(forms.ModelForm[Season]):
    class Meta:
        model = Season
        fields = ["ranking_rule", "best_n", "min_rounds"]
        widgets = {"ranking_rule": forms.RadioSelect}
        help_texts = {
            "best_n": "Nur bei „beste Serien“: so viele Serien zählen, die übrigen werden "
            "gestrichen.",
            "min_rounds": "Wer weniger Serien gespielt hat, steht unter der Rangliste "
            "(0 = keine Mindestzahl).",
        }

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("ranking_rule") == Season.Rule.BEST_N:
            if not data.get("best_n"):
                self.add_error("best_n", "Bitte angeben, wie viele Serien gewertet werden.")
        else:
            data["best_n"] = None  # only meaningful for "beste Serien"
        return data


@spielwart_required
def season_rules(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    form = SeasonRuleForm(request.POST or None, instance=season)
    if request.method == "POST" and form.is_valid():
        season = form.save()
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
