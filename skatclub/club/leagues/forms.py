"""Forms of the Spielwart's league pages: a new league, a new Spieltag. Every input is bounded
(lengths, numbers, how many choices); the league's rules are checked by `leagues.setup`."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms

from skatclub.club.forms import NameField
from skatclub.club.leagues.models import Division, Team
from skatclub.club.leagues.setup import MAX_NAME, MAX_ROSTER, MAX_TEAMS
from skatclub.club.numbers import whole_number

# One line per team: a name of up to 200 characters and up to ten Kürzel of up to 60.
MAX_TEAMS_TEXT = MAX_TEAMS * (MAX_NAME + MAX_ROSTER * 62 + 2)
MAX_GROUP = 6  # teams at one Spieltag (setup.create_matchday)
TEAMS_HINT = (
    "Eine Zeile je Mannschaft: Name, Doppelpunkt, dann die Kürzel der Spieler mit Komma "
    "getrennt. Die ersten vier sind die Stammspieler, der erste ist Mannschaftsführer, "
    "weitere sind Ersatzspieler (3 bis 10 Spieler)."
)
TEAMS_EXAMPLE = (
    "Herz Dame Kiel: anna, bernd, carla, dieter, emil\nPik As Lübeck: fritz, gerda, hans"
)


class LeagueForm(forms.Form):
    name = NameField(label="Name der Liga", max_length=MAX_NAME)
    year = forms.IntegerField(label="Saison (Jahr)", min_value=1900, max_value=2200)
    division = NameField(label="Staffel", max_length=MAX_NAME)
    teams_text = forms.CharField(
        label="Mannschaften",
        max_length=MAX_TEAMS_TEXT,
        help_text=TEAMS_HINT,
        widget=forms.Textarea(attrs={"rows": 8, "placeholder": TEAMS_EXAMPLE}),
    )
    admit_others = forms.BooleanField(
        label="Spieler anderer Vereine aufnehmen",
        help_text="Sie spielen dann auch in diesem Verein; ihr Verein sieht es in ihrem Verlauf.",
        required=False,
    )


class BoundedTeams(forms.ModelMultipleChoiceField[Team]):
    """A choice of teams, refused before any lookup when more are posted than can exist, or
    when one is no id at all (10^30 overflowed SQLite's integer in the `pk IN (…)` lookup)."""

    def clean(self, value: Any) -> Any:
        if value and len(value) > MAX_GROUP:
            raise forms.ValidationError(f"Höchstens {MAX_GROUP} Mannschaften je Spieltag.")
        if value and any(whole_number(v, minimum=1) is None for v in value):
            raise forms.ValidationError("Bitte nur Mannschaften dieser Staffel wählen.")
        return super().clean(value)


class MatchdayForm(forms.Form):
    number = forms.IntegerField(label="Spieltag (Nr.)", min_value=1, max_value=99)
    date = forms.DateField(label="Datum", widget=forms.DateInput(attrs={"type": "date"}))
    host = forms.ModelChoiceField(
        Team.objects.none(), label="Ausrichter", required=False, empty_label="– keiner –"
    )
    teams = BoundedTeams(
        Team.objects.none(),
        label="Es spielen",
        widget=forms.CheckboxSelectMultiple,
        help_text="Die Mannschaften der Tischgruppe (2 bis 6).",
    )
    absent = BoundedTeams(
        Team.objects.none(),
        label="Davon nicht angetreten",
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Sie bekommen keine Wertungs- und keine Spielpunkte.",
    )

    def __init__(self, division: Division, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        teams = division.teams.all()
        for name in ("host", "teams", "absent"):
            self.fields[name].queryset = teams  # type: ignore[attr-defined]

    def clean_date(self) -> datetime.date:
        date: datetime.date = self.cleaned_data["date"]
        if not 1900 <= date.year <= 2200:
            raise forms.ValidationError("Bitte ein Datum zwischen 1900 und 2200.")
        return date
