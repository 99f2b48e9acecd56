"""The history of every change to seats and results (`Change`): who, when, before and after.

Owns `log_change` and the snapshots it stores (`game_snapshot`, `totals_snapshot`,
`seat_keys`). Every service that changes a table writes through here, inside its transaction.
The actor is a user, or a table's link (`TableLink`): then the row says "am Tisch erfasst"
(`Change.Source.TABLE`) and names the link instead of a user.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from skatclub.club.models import Change, Game, Match, Table, TableLink
from skatclub.club.services.versions import table_changed

# Who acts: a logged-in user, the anonymous visitor of a page, a table's link (the players
# at the table), or nobody (imports, scripts).
Actor = User | AnonymousUser | TableLink | None


def acting_user(user: Actor) -> User | None:
    """The user to record, or None for table links, anonymous and scripted changes."""
    if user is None or isinstance(user, AnonymousUser | TableLink) or not user.is_authenticated:
        return None
    return user


def source_of(user: Actor) -> str:
    """Where a change was made: at the table (by its link) or in the office (a login, a
    script)."""
    return Change.Source.TABLE if isinstance(user, TableLink) else Change.Source.OFFICE


def log_change(
    target: Table | Match,
    action: str,
    user: Actor,
    before: Any,
    after: Any,
    *,
    game_number: int | None = None,
    note: str = "",
) -> None:
    """One history row for a table of a Serie or an Offiziersskat match.

    Every write to a table's list leaves such a row, inside its transaction: so this is the
    one place that raises the table's version (and its event's) for the readers that compare
    it (`versions.table_changed`); a refused write rolls back both. The row in hand follows
    the stored one: a save that holds the table's lock answers with its new version without
    reading it again."""
    if isinstance(target, Table):
        table_changed(target.pk)
        target.version += 1
    Change.objects.create(
        table=target if isinstance(target, Table) else None,
        match=target if isinstance(target, Match) else None,
        game_number=game_number,
        action=action,
        user=acting_user(user),
        before=before,
        after=after,
        note=note[:500],
        source=source_of(user),
        table_link=user if isinstance(user, TableLink) else None,
    )


def game_snapshot(game: Game | None) -> dict[str, Any] | None:
    if game is None:
        return None
    snapshot = {
        "number": game.number,
        "passed_in": game.passed_in,
        "declarer": game.declarer.key if game.declarer_id and game.declarer else None,
        "notation": game.notation,
        "declaration": game.declaration,
        "outcome": game.outcome,
        "game_value": game.game_value,
        "list_score": game.list_score,
        "version": game.version,
    }
    if game.as_recorded:  # imported as the list recorded it: keep why, for the history
        snapshot["as_recorded"] = game.deviation
    return snapshot


def totals_snapshot(table: Table) -> list[dict[str, Any]] | None:
    rows = [
        {"player": t.player.key, "list_score": t.list_score, "won": t.won, "lost": t.lost}
        for t in table.totals.select_related("player").order_by("player__key")
    ]
    return rows or None


def seat_keys(table: Table) -> list[str]:
    """The players' keys in seat order: the history snapshot of a seating."""
    return list(table.seats.order_by("position").values_list("player__key", flat=True))
