"""Who may change data: the club's Spielwarte and superusers. The club's Prüfer may sign lists
as checked or reject them, nothing else. Everyone else reads.

A role counts in the club it is held in (`ClubStaff.role`): on a server with many clubs a
Spielwart of one club is a visitor in every other, and may be Prüfer in a third. Superusers act
in every club.

`is_staff` alone (the admin login) gives no write access to the club's data: a helper who
may look into the admin is not a Spielwart; nor does a group ticked in the admin.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

from skatclub.club import tenancy
from skatclub.club.auth import role_of
from skatclub.club.roles import CHECKING_ROLES, SPIELWART

__all__ = ["checker_required", "club_role", "is_checker", "is_spielwart", "spielwart_required"]


def club_role(user: Any) -> str:
    """The login's role in the club acted for ("" for none), read once per request."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return ""
    club_id = tenancy.current_club_id()
    cached = getattr(user, "_club_role", None)
    if cached is None or cached[0] != club_id:
        cached = user._club_role = (club_id, role_of(user, club_id))
    return str(cached[1])


def is_spielwart(user: Any) -> bool:
    if getattr(user, "is_superuser", False) and getattr(user, "is_active", False):
        return True
    return club_role(user) == SPIELWART


def is_checker(user: Any) -> bool:
    """A Spielwart, or a Prüfer: may confirm or reject lists."""
    if getattr(user, "is_superuser", False) and getattr(user, "is_active", False):
        return True
    return club_role(user) in CHECKING_ROLES


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
