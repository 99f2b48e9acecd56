"""The login page, the same for every club (outside `skatclub.club.views`, so the club
middleware serves it without a club prefix too).

Where a login lands: where it was sent from (`next`), else the Spielwart page of the club of
the address. On a server with several clubs the login page without a club prefix knows no
club, and `/spielwart/` there answers 404: the login then lands on the Spielwart page of his
club, or on the list of clubs when he has several (or none, or is an administrator).
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import reverse

from skatclub.club import tenancy
from skatclub.club.models import Club


class LoginView(auth_views.LoginView):
    template_name = "club/login.html"

    def get_default_redirect_url(self) -> str:
        if not getattr(self.request, "club_unknown", False):
            return str(super().get_default_redirect_url())
        clubs = list(Club.objects.filter(staff=self.request.user.pk).order_by("pk")[:2])
        if len(clubs) == 1 and not self.request.user.is_superuser:
            return tenancy.club_reverse(clubs[0], "spielwart-home")
        return reverse("home")  # the list of clubs
