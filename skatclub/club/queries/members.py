"""Reads of a player's identity and memberships: his number here, his club, his history.

Owns `with_member_numbers` and `numbers_here` (a player's member number in the club acted for:
his own in his Stammverein, the membership's in a club that admitted him; the one source of
every page, download and printout that shows one), `member_number`, `is_home` and
`may_change_identity` (only his Stammverein, or a superuser, changes his identity),
`home_club_name`, `SHARED_TEXT` and `history` (his Stammverein's view of `PlayerChange`). The
writes are `services.members`. Reads only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Case, F, OuterRef, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce

from skatclub.club import tenancy
from skatclub.club.models import Membership, Player

# Shown beside a player of another club: what the club cannot change here.
SHARED_TEXT = "Name, Kürzel, Gast, Dame/Senior/Jugend und aktiv"


def is_home(player: Player) -> bool:
    """Whether the club acted for is the player's Stammverein (outside a request: always)."""
    club_id = tenancy.current_club_id()
    return club_id is None or player.club_id == club_id


def may_change_identity(player: Player, by: object) -> bool:
    """`by` (a login, a table's link or nobody) may change the player's name, key, categories."""
    return is_home(player) or bool(getattr(by, "is_superuser", False))


def home_club_name(player: Player) -> str:
    return str(player.club.name)


def with_member_numbers(players: QuerySet[Player], club_id: int | None = None) -> QuerySet[Any]:
    """The players with `number_here` (their member number in the club acted for, or in
    `club_id`) and their Stammverein (`club`)."""
    club_id = tenancy.club_for_new_rows() if club_id is None else club_id
    theirs = Membership.objects.filter(club_id=club_id, player=OuterRef("pk"))
    return players.select_related("club").annotate(
        number_here=Case(
            When(club_id=club_id, then=F("member_number")),
            default=Coalesce(Subquery(theirs.values("member_number")[:1]), Value("")),
        )
    )


def numbers_here(player_ids: Iterable[int]) -> dict[int, str]:
    """The member numbers of these players in the club acted for: the one source of every page,
    download and printout that shows a member number (the players page reads the same rule as
    `with_member_numbers`)."""
    ids = list(player_ids)
    return dict(
        with_member_numbers(Player.all_clubs.filter(pk__in=ids)).values_list("pk", "number_here")
    )


def member_number(player: Player) -> str:
    """The member number of the player in the club acted for."""
    return numbers_here([player.pk]).get(player.pk) or ""


def history(player: Player | None) -> list[dict[str, Any]]:
    """The player's history for his Stammverein's page (the admitting clubs' rows included),
    with before and after as German text; another club sees none of it."""
    if player is None or not is_home(player):
        return []
    rows = player.changes.select_related("club", "user")[:MAX_HISTORY]
    return [{"change": c, "before": describe(c.before), "after": describe(c.after)} for c in rows]


MAX_HISTORY = 200


def describe(snapshot: dict[str, Any] | None) -> str:
    """'Name: Anna Albers, Gast: nein' (the fields' German names)."""
    if not snapshot:
        return "–"
    return ", ".join(f"{_label(k)}: {_shown(v)}" for k, v in snapshot.items())


def _label(field: str) -> str:
    if field == "club":
        return "Verein"
    return str(getattr(Player._meta.get_field(field), "verbose_name", field))


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "ja" if value else "nein"
    return str(value)
