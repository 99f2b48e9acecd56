"""The form of the sign-in at the door: a walk-in registered with his Startgeld rate."""

from __future__ import annotations

from django import forms

from skatclub.club import services
from skatclub.club.forms import MemberNumberField, NameField
from skatclub.club.models import Attendance


class NewPlayerForm(forms.Form):
    name = NameField(label="Name", max_length=services.MAX_NAME)
    member_number = MemberNumberField(
        label="Mitgliedsnummer", max_length=services.MAX_MEMBER_NUMBER, required=False
    )
    guest = forms.BooleanField(label="Gast", required=False, initial=True)
    woman = forms.BooleanField(label="Dame", required=False)
    senior = forms.BooleanField(label="Senior", required=False)
    youth = forms.BooleanField(label="Jugend", required=False)
    rate = forms.ChoiceField(
        label="Startgeld",
        choices=[("", "nach Kategorie"), *Attendance.Rate.choices],
        required=False,
    )
    paid = forms.BooleanField(label="bezahlt", required=False, initial=True)
