"""The login backend: Django's `ModelBackend`, whose user comes with his role in the club
acted for.

Every Spielwart page asks `views.permissions.is_spielwart`; reading the role with the user
(one subquery in the one query Django runs anyway) saves a query on every request, the save
of a game included. The user is read lazily, inside `ClubMiddleware`, so the club is known.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import OuterRef, QuerySet, Subquery

from skatclub.club import tenancy
from skatclub.club.models import ClubStaff


class ClubBackend(ModelBackend):
    def get_user(self, user_id: Any) -> Any:
        club_id = tenancy.current_club_id()
        try:
            user = _with_role(club_id).get(pk=user_id)
        except ObjectDoesNotExist:  # as ModelBackend: a session naming no user is anonymous
            return None
        if not self.user_can_authenticate(user):
            return None
        # Where `views.permissions` looks for it (it asks the database when it is not set).
        setattr(user, "_club_role", (club_id, user.role_here or ""))  # noqa: B010
        return user


@lru_cache(maxsize=512)
def _with_role(club_id: int | None) -> QuerySet[Any]:
    """The users with their role in the club, built once per club: resolving the subquery on
    every request cost more CPU than the query it saves."""
    return get_user_model()._default_manager.annotate(role_here=Subquery(role_query(club_id)))


def role_query(club_id: int | None, user: Any = None) -> QuerySet[ClubStaff, Any]:
    """The role of the login (`OuterRef("pk")` when not given) in the club; outside a club
    (commands), his strongest role in any club."""
    staff = ClubStaff.objects.filter(user=OuterRef("pk") if user is None else user)
    if club_id is not None:
        staff = staff.filter(club_id=club_id)
    return staff.order_by("-role").values("role")[:1]  # "spielwart" > "pruefer" > ""


def role_of(user: Any, club_id: int | None) -> str:
    """The same, for a user read without the backend (a test's `force_login` user)."""
    return next(iter(role_query(club_id, user).values_list("role", flat=True)), "")
