"""The club's logins: Spielwarte and Prüfer, created and managed without a shell.

Owns `create_login` (a new login with a one-time password, returned once and never stored in
clear), `reset_password`, `set_roles` (the groups "Spielwart" and "Prüfer") and `set_active`,
for the logins of the club acted for (`logins`).
A Spielwart cannot lock himself out (take his own Spielwart role or deactivate himself), and
only a superuser changes a superuser. Refusals are `EntryError`s in German.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable

from django.contrib.auth.models import Group, User
from django.db import transaction
from django.db.models import Q, QuerySet

from skatclub.club import tenancy
from skatclub.club.models import ClubStaff
from skatclub.club.roles import PRUEFER_GROUP, SPIELWART_GROUP
from skatclub.club.services.errors import EntryError
from skatclub.club.services.events import shown_text
from skatclub.club.services.history import Actor

ROLES = {"spielwart": SPIELWART_GROUP, "pruefer": PRUEFER_GROUP}
USERNAME = re.compile(r"^[\w.@+-]{3,40}$")
MAX_NAME = 150
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
    if len(name) > MAX_NAME:
        raise EntryError("too_long", f"Der Name hat höchstens {MAX_NAME} Zeichen.")
    if User.objects.filter(username__iexact=username).exists():
        raise EntryError("username_taken", f"Den Benutzernamen „{username}“ gibt es schon.")
    password = one_time_password()
    user = User.objects.create_user(username, password=password, first_name=name)
    _apply_roles(user, set(roles))
    ClubStaff.objects.create(club_id=tenancy.club_for_new_rows(), user=user)
    return user, password


def logins() -> QuerySet[User]:
    """The logins of the club acted for (every login outside a request), and the logins of no
    club yet (made in the admin), which a role given here makes staff of this club."""
    club_id = tenancy.current_club_id()
    found = User.objects.all()
    if club_id is None:
        return found
    return found.filter(Q(clubs=club_id) | Q(clubs__isnull=True)).distinct()


def add_staff(user: User, club_id: int) -> None:
    """Let a login act in one more club (with its roles; used by `manage.py add_club`)."""
    ClubStaff.objects.get_or_create(club_id=club_id, user=user)


@transaction.atomic
def reset_password(*, user: User, by: Actor = None) -> str:
    _refuse_not_ours(user, by)
    password = one_time_password()
    user.set_password(password)
    user.save(update_fields=["password"])
    return password


@transaction.atomic
def set_roles(*, user: User, roles: Iterable[str], by: Actor = None) -> None:
    wanted = set(roles)
    _refuse_not_ours(user, by)
    if _is_self(user, by) and "spielwart" not in wanted:
        raise EntryError(
            "own_role", "Die eigene Spielwart-Rolle kann nur ein anderer Spielwart entziehen."
        )
    _apply_roles(user, wanted)
    if wanted:
        add_staff(user, tenancy.club_for_new_rows())


@transaction.atomic
def set_active(*, user: User, active: bool, by: Actor = None) -> None:
    _refuse_not_ours(user, by)
    if _is_self(user, by) and not active:
        raise EntryError("own_login", "Die eigene Anmeldung lässt sich nicht abschalten.")
    user.is_active = active
    user.save(update_fields=["is_active"])


def roles_of(user: User) -> list[str]:
    names = {g.name for g in user.groups.all()}
    return [role for role, group in ROLES.items() if group in names]


def _apply_roles(user: User, roles: set[str]) -> None:
    unknown = roles - set(ROLES)
    if unknown:
        raise EntryError("bad_role", "Rollen sind Spielwart und Prüfer.")
    for role, name in ROLES.items():
        group, _ = Group.objects.get_or_create(name=name)
        if role in roles:
            user.groups.add(group)
        else:
            user.groups.remove(group)


def _is_self(user: User, by: Actor) -> bool:
    return by is not None and getattr(by, "pk", None) == user.pk


def _refuse_not_ours(user: User, by: Actor) -> None:
    """Only a superuser changes a superuser, or a login that is also another club's."""
    if getattr(by, "is_superuser", False):
        return
    if user.is_superuser:
        raise EntryError(
            "superuser", "Diese Anmeldung ist ein Administrator; nur ein Administrator ändert sie."
        )
    # A login shared with another club is not one club's to change.
    if ClubStaff.objects.filter(user=user).exclude(club_id=tenancy.club_for_new_rows()).exists():
        raise EntryError(
            "other_club",
            "Diese Anmeldung gehört auch zu einem anderen Verein; "
            "nur ein Administrator ändert sie.",
        )
