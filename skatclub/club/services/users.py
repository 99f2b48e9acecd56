"""The club's logins: Spielwarte and Prüfer, created and managed without a shell.

Owns `create_login` (a new login with a one-time password, returned once and never stored in
clear), `reset_password`, `set_roles` (the login's role in the club: Spielwart or Prüfer) and
`set_login_active`, for the logins of the club acted for (`logins`).

A club changes only its own logins: those whose every role is in this club. A login that also
holds a role in another club, a login of no club (made in the admin) and a superuser are
changed in the admin only; the club's page lists them apart (`other_logins`), so the club sees
who may act in it. A Spielwart cannot lock himself out (take his own Spielwart role or
deactivate himself). Refusals are `EntryError`s in German.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet, Subquery

from skatclub.club import tenancy
from skatclub.club.auth import role_query
from skatclub.club.models import ClubStaff
from skatclub.club.roles import PRUEFER, ROLE_NAMES, SPIELWART
from skatclub.club.services.errors import EntryError
from skatclub.club.services.events import shown_text
from skatclub.club.services.history import Actor

USERNAME = re.compile(r"^[\w.@+-]{3,40}$")
MAX_LOGIN_NAME = 150
PASSWORD_WORDS = 4  # four groups of four characters: easy to read out, hard to guess
ALPHABET = "abcdefghkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i


def one_time_password() -> str:
    return "-".join(
        "".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(PASSWORD_WORDS)
    )


@transaction.atomic
def create_login(
    *, username: str, name: str = "", roles: Iterable[str] = ("spielwart",), by: Actor = None
) -> tuple[User, str]:
    """A new active login with the given roles; returns it and its one-time password."""
    username = username.strip()
    if not USERNAME.match(username):
        raise EntryError(
            "bad_username",
            "Der Benutzername hat 3 bis 40 Zeichen: Buchstaben, Ziffern und . @ + - _.",
        )
    name = shown_text(name)
    if len(name) > MAX_LOGIN_NAME:
        raise EntryError("too_long", f"Der Name hat höchstens {MAX_LOGIN_NAME} Zeichen.")
    if User.objects.filter(username__iexact=username).exists():
        raise EntryError("username_taken", f"Den Benutzernamen „{username}“ gibt es schon.")
    password = one_time_password()
    user = User.objects.create_user(username, password=password, first_name=name)
    grant(user, tenancy.club_for_new_rows(), role_for(set(roles)))
    return user, password


def logins() -> QuerySet[User]:
    """The logins the club acted for may change: every role they hold is in this club, and
    they are no superuser. Outside a request (commands), every login."""
    club_id = tenancy.current_club_id()
    found = User.objects.all()
    if club_id is None:
        return found
    staff = ClubStaff.objects.filter(user=OuterRef("pk"))
    return found.filter(
        Exists(staff.filter(club_id=club_id)),
        ~Exists(staff.exclude(club_id=club_id)),
        is_superuser=False,
    )


def other_logins() -> QuerySet[User]:
    """Who may act in the club but is changed in the admin only: superusers, and logins with a
    role in this club and in another."""
    club_id = tenancy.current_club_id()
    if club_id is None:
        return User.objects.none()
    staff = ClubStaff.objects.filter(user=OuterRef("pk"))
    here = Exists(staff.filter(club_id=club_id).exclude(role=ClubStaff.Role.NONE))
    elsewhere = Exists(staff.exclude(club_id=club_id))
    found = User.objects.filter(here).filter(elsewhere) | User.objects.filter(
        is_superuser=True, is_active=True
    )
    return found.annotate(role_here=Subquery(role_query(club_id)))


def grant(user: User, club_id: int, role: str) -> None:
    """Give the login a role in a club (`manage.py add_club`, the demo, `create_login`)."""
    ClubStaff.objects.update_or_create(club_id=club_id, user=user, defaults={"role": role})


def role_for(roles: set[str]) -> str:
    """The one role a set of ticked roles means: a Spielwart checks lists too."""
    unknown = roles - set(ROLE_NAMES)
    if unknown:
        raise EntryError("bad_role", "Rollen sind Spielwart und Prüfer.")
    if SPIELWART in roles:
        return SPIELWART
    return PRUEFER if PRUEFER in roles else ClubStaff.Role.NONE


@transaction.atomic
def reset_password(*, user: User, by: Actor = None) -> str:
    _refuse_not_ours(user, by)
    password = one_time_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    return password


@transaction.atomic
def set_roles(*, user: User, roles: Iterable[str], by: Actor = None) -> None:
    role = role_for(set(roles))
    _refuse_not_ours(user, by)
    if _is_self(user, by) and role != SPIELWART:
        raise EntryError(
            "own_role", "Die eigene Spielwart-Rolle kann nur ein anderer Spielwart entziehen."
        )
    grant(user, tenancy.club_for_new_rows(), role)


@transaction.atomic
def set_login_active(*, user: User, active: bool, by: Actor = None) -> None:
    _refuse_not_ours(user, by)
    if _is_self(user, by) and not active:
        raise EntryError("own_login", "Die eigene Anmeldung lässt sich nicht abschalten.")
    user.is_active = active
    user.save(update_fields=["is_active"])


def roles_of(user: User) -> list[str]:
    """The roles ticked on the logins page for the club acted for."""
    club_id = tenancy.club_for_new_rows()
    role = next((s.role for s in user.club_roles.all() if s.club_id == club_id), "")
    return [SPIELWART, PRUEFER] if role == SPIELWART else [role] if role else []


def _is_self(user: User, by: Actor) -> bool:
    return by is not None and getattr(by, "pk", None) == user.pk


def _refuse_not_ours(user: User, by: Actor) -> None:
    """A club changes only its own logins (see the module's docstring); a superuser any."""
    if getattr(by, "is_superuser", False):
        return
    if user.is_superuser:
        raise EntryError(
            "superuser", "Diese Anmeldung ist ein Administrator; nur ein Administrator ändert sie."
        )
    if not logins().filter(pk=user.pk).exists():
        raise EntryError(
            "other_club",
            "Diese Anmeldung gehört nicht nur zu diesem Verein; nur ein Administrator ändert sie.",
        )
