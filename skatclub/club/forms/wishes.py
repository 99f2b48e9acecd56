"""The forms of the seating wishes: two players kept apart, a player at a fixed table."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import QuerySet

from skatclub.club import services
from skatclub.club.models import Player


class KeepApartForm(forms.Form):
    first = forms.ModelChoiceField(label="Spieler", queryset=Player.objects.none())
    second = forms.ModelChoiceField(
        label="nicht an einen Tisch mit", queryset=Player.objects.none()
    )
    always = forms.BooleanField(label="bei allen Veranstaltungen", required=False)
    note = forms.CharField(
        label="Grund (z. B. Ehepaar)", max_length=services.MAX_NOTE, required=False
    )

    def __init__(self, *args: Any, players: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = players


class FixedTableForm(forms.Form):
    player = forms.ModelChoiceField(label="Spieler", queryset=Player.objects.none())
    table = forms.IntegerField(
        label="fester Tisch", required=False, min_value=1, max_value=services.MAX_TABLE
    )

    def __init__(self, *args: Any, players: QuerySet[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = players
