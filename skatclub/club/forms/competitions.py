"""The forms of an event's Tandem- and Mannschaftswertungen: declaring one, forming a group."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet

from scoring.competitions import MAX_GROUP_SIZE, TANDEM_SIZE
from skatclub.club.models import Competition, Player


class CompetitionForm(forms.Form):
    name = forms.CharField(label="Name der Wertung", max_length=100, initial="Tandemwertung")
    kind = forms.ChoiceField(label="Art", choices=Competition.Kind.choices)
    size = forms.IntegerField(
        label="Spieler je Gruppe",
        min_value=TANDEM_SIZE,
        max_value=MAX_GROUP_SIZE,
        initial=TANDEM_SIZE,
        help_text="Tandem: 2; Mannschaft: 2 bis 8 (meist 4)",
    )
    absent = forms.ChoiceField(
        label="Spielt ein Mitglied eine Serie nicht", choices=Competition.Absent.choices
    )


class GroupForm(forms.Form):
    """A group's name and exactly `competition.size` players signed in at the event."""

    name = forms.CharField(label="Name", max_length=100)

    def __init__(
        self, *args: Any, competition: Competition, players: QuerySet[Player], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        for index in range(1, competition.size + 1):
            self.fields[f"member_{index}"] = forms.ModelChoiceField(
                queryset=players, label=f"Spieler {index}", empty_label="– bitte wählen –"
            )
        self.size = competition.size

    def members(self) -> list[Player]:
        return [self.cleaned_data[f"member_{i}"] for i in range(1, self.size + 1)]
