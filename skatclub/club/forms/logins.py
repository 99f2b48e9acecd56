"""The forms of the Spielwart's page of logins: a new login with its roles, roles changed."""

from __future__ import annotations

from django import forms

from skatclub.club import services

ROLE_CHOICES = [("spielwart", "Spielwart (erfasst, lost aus, verwaltet)"), ("pruefer", "Prüfer")]
SHORT_ROLES = [("spielwart", "Spielwart"), ("pruefer", "Prüfer")]


class LoginForm(forms.Form):
    username = forms.CharField(label="Benutzername", max_length=40)
    name = forms.CharField(label="Name", max_length=services.MAX_LOGIN_NAME, required=False)
    roles = forms.MultipleChoiceField(
        label="Rollen", choices=ROLE_CHOICES, widget=forms.CheckboxSelectMultiple, required=False
    )


class RolesForm(forms.Form):
    roles = forms.MultipleChoiceField(choices=ROLE_CHOICES, required=False)
