"""The login page, the same for every club (outside `skatclub.club.views`, so the club
middleware serves it without a club prefix too).

Where a login lands: where it was sent from (`next`), else the Spielwart page of the club of
the address. On a server with several clubs the login page without a club prefix knows no
club, and `/spielwart/` there answers 404: the login then lands on the Spielwart page of his
club (a Prüfer on its page of lists to check), or on the list of clubs when he has roles in
several (or none, or is an administrator).
"""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.urls import reverse

from skatclub.club import tenancy
from skatclub.club.models import ClubStaff
from skatclub.club.roles import SPIELWART


class LoginView(auth_views.LoginView):
    template_name = "club/login.html"

    def get_default_redirect_url(self) -> str:
        if not getattr(self.request, "club_unknown", False):
            return str(super().get_default_redirect_url())
        roles = ClubStaff.objects.filter(user=self.request.user.pk).exclude(role="")
        found = list(roles.select_related("club").order_by("pk")[:2])
        if len(found) == 1 and not self.request.user.is_superuser:
            page = "spielwart-home" if found[0].role == SPIELWART else "checking-home"
            return tenancy.club_reverse(found[0].club, page)
        return reverse("home")  # the list of clubs
