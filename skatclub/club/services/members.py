"""A player's identity and the clubs he plays in.

A player keeps one history wherever he plays: one key on the whole server, one name, his
categories (Dame, Senior, Jugend), Gast or not, active or not. That identity is his
Stammverein's (`Player.club`): only it (or a superuser) changes it (`save_player`,
`set_player_active`). Another club that admits him (`admit`, a `Membership`) uses him in its
events and keeps its own member number for him (`set_member_number`), nothing more.

Every change of the identity and every admission is written to the player's history
(`PlayerChange`), which his Stammverein reads on his page (`queries.members.history`): a club
learns there that another club admitted its player. Refusals are `EntryError`s in German.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from skatclub.club import tenancy
from skatclub.club.models import Club, Membership, Player, PlayerChange
from skatclub.club.queries.members import SHARED_TEXT, home_club_name, is_home, may_change_identity
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user
from skatclub.club.services.versions import player_changed
from skatclub.club.text import is_key, visible_text

MAX_KEY = 60  # Player.key
MAX_MEMBER_NUMBER = 20  # Membership.member_number, Player.member_number
# What a player's Stammverein keeps for every club (the history's before/after).
IDENTITY = ("name", "key", "is_guest", "is_woman", "is_senior", "is_youth", "is_active")


def identity(player: Player) -> dict[str, Any]:
    return {field: getattr(player, field) for field in IDENTITY}


@transaction.atomic
def admit(key: str, *, by: Actor = None) -> Player:
    """Make the player with this key (of another club) a member of the club acted for."""
    key = key.strip().lower()[: MAX_KEY + 1]
    club_id = tenancy.club_for_new_rows()
    # Only a well-formed key is looked up: PostgreSQL refuses a NUL in a query's text.
    player = Player.all_clubs.filter(key=key).first() if is_key(key, MAX_KEY) else None
    if player is None:
        shown = visible_text(key)
        raise EntryError("unknown_player", f"Einen Spieler mit dem Kürzel „{shown}“ gibt es nicht.")
    if player.club_id == club_id or Membership.objects.filter(club_id=club_id, player=player):
        raise EntryError("already_member", f"{player.name} gehört schon zu diesem Verein.")
    Membership.objects.create(club_id=club_id, player=player)
    club_name = Club.objects.filter(pk=club_id).values_list("name", flat=True).get()
    _log(player, PlayerChange.Action.ADMIT, by, None, {"club": club_name})
    return player


@transaction.atomic
def save_player(*, player: Player, by: Actor = None) -> Player:
    """Create a player of the club acted for, or save his changed identity (the form's
    unsaved instance): refused for a player of another club."""
    if player.pk is None:
        player.save()
        _log(player, PlayerChange.Action.CREATE, by, None, identity(player))
        return player
    stored = Player.all_clubs.select_for_update().get(pk=player.pk)
    _refuse_not_home(stored, by)
    before, after = identity(stored), identity(player)
    player.club_id = stored.club_id  # a form cannot move him to another club
    player.save()
    if before != after:
        _log(player, PlayerChange.Action.UPDATE, by, _diff(before, after), _diff(after, before))
        player_changed(player.pk)
    return player


@transaction.atomic
def set_player_active(*, player: Player, active: bool, by: Actor = None) -> None:
    _refuse_not_home(player, by)
    if player.is_active == active:
        return  # a repeated click changes nothing, and writes no history
    before = identity(player)
    player.is_active = active
    player.save(update_fields=["is_active"])
    after = identity(player)
    _log(player, PlayerChange.Action.UPDATE, by, _diff(before, after), _diff(after, before))


@transaction.atomic
def set_member_number(*, player: Player, number: str, by: Actor = None) -> None:
    """The club's own member number for the player: in his Stammverein the player's, in a
    club that admitted him the membership's."""
    number = number.strip()
    if len(number) > MAX_MEMBER_NUMBER:
        raise EntryError(
            "too_long", f"Die Mitgliedsnummer hat höchstens {MAX_MEMBER_NUMBER} Zeichen."
        )
    if is_home(player):
        player.member_number = number
        player.save(update_fields=["member_number"])
        player_changed(player.pk)
        return
    player_changed(player.pk)
    Membership.objects.filter(club_id=tenancy.club_for_new_rows(), player=player).update(
        member_number=number
    )


def _refuse_not_home(player: Player, by: Actor) -> None:
    if not may_change_identity(player, by):
        raise EntryError(
            "not_home_club",
            f"{player.name} gehört zum Verein „{home_club_name(player)}“; {SHARED_TEXT} "
            "ändert nur dieser Verein. Hier lässt sich die Mitgliedsnummer ändern.",
        )


def _diff(one: dict[str, Any], other: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in one.items() if other.get(k) != v}


def _log(player: Player, action: str, by: Actor, before: Any, after: Any) -> None:
    PlayerChange.objects.create(
        player=player,
        club_id=tenancy.club_for_new_rows(),
        action=action,
        user=acting_user(by),
        before=before,
        after=after,
    )
