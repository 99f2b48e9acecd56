"""Who may change data: Spielwarte (group "Spielwart") and superusers. Prüfer (group "Prüfer")
may sign lists as checked or reject them, nothing else. Everyone else reads.

A role counts in the clubs the login is staff of (`ClubStaff`): on a server with many clubs a
Spielwart of one club is a visitor in every other. Superusers act in every club.

`is_staff` alone (the admin login) gives no write access to the club's data: a helper who
may look into the admin is not a Spielwart.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from skatclub.club import tenancy
from skatclub.club.models import ClubStaff
from skatclub.club.roles import PRUEFER_GROUP, SPIELWART_GROUP

__all__ = ["PRUEFER_GROUP", "SPIELWART_GROUP", "checker_required", "spielwart_required"]


def is_spielwart(user: Any) -> bool:
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    # Asked by the decorator and again by every page's menu: one query per request.
    cached = getattr(user, "_is_spielwart", None)
    if cached is None:
        cached = user._is_spielwart = user.groups.filter(name=SPIELWART_GROUP).exists()
    return bool(cached) and acts_in_club(user)


def acts_in_club(user: Any) -> bool:
    """Whether the login is staff of the club acted for (any club outside a request)."""
    club_id = tenancy.current_club_id()
    if club_id is None or user.is_superuser:
        return True
    clubs = getattr(user, "_club_ids", None)
    if clubs is None:
        clubs = user._club_ids = frozenset(
            ClubStaff.objects.filter(user=user).values_list("club_id", flat=True)
        )
    return club_id in clubs


def spielwart_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Anonymous visitors go to the login page, logged-in members get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_spielwart(request.user):
            raise PermissionDenied("Nur Spielwarte dürfen hier etwas ändern.")
        return view(request, *args, **kwargs)

    return wrapper


def is_checker(user: Any) -> bool:
    """A Spielwart, or a Prüfer: may confirm or reject lists."""
    if is_spielwart(user):
        return True
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    cached = getattr(user, "_is_checker", None)
    if cached is None:
        cached = user._is_checker = user.groups.filter(name=PRUEFER_GROUP).exists()
    return bool(cached) and acts_in_club(user)


def checker_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Spielwarte and Prüfer; anonymous visitors go to the login page, others get 403."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_checker(request.user):
            raise PermissionDenied("Nur Spielwarte und Prüfer dürfen Listen prüfen.")
        return view(request, *args, **kwargs)

    return wrapper
