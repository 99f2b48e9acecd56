"""The form of a season's ranking rule (total, average or best N Serien, a minimum)."""

from __future__ import annotations

from typing import Any

from django import forms

from skatclub.club.models import Season


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
