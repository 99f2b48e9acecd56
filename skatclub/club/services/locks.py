"""The table a save works on: locked for its transaction, with its seats and the game entered.

Owns `locked_table` (the table row locked, with its Serie and event; also by its address,
`TableAt`), `seated` (who sits where), `locked_game` (game n, locked), `check_version` (no
silent overwrite of a game someone else changed meanwhile) and `check_actor` (a table's link
writes only its own open table). Every writer of games and totals starts here.
"""

from __future__ import annotations

from dataclasses import dataclass

from skatclub.club import tenancy
from skatclub.club.models import Game, Player, Round, Table, TableLink
from skatclub.club.services.errors import ConflictError
from skatclub.club.services.history import Actor
from skatclub.club.services.table_links import check_link_writes


@dataclass(frozen=True)
class TableAt:
    """A table by what its address names (event key, Serie number, table number), for a save
    that reads it only under its lock: one query, where a lookup first costs two."""

    event_key: str
    round_number: int
    number: int


def locked_table(table: Table | TableAt) -> Table:
    """The table row locked for this transaction, read with its Serie and event
    (`Table.DoesNotExist` for a `TableAt` that names no table).

    `of=("self",)`: on PostgreSQL a plain FOR UPDATE over a join would lock the Serie and the
    event rows too, and every save of the evening would wait for every other. Serie and event
    the caller has loaded already are taken over (they are not locked either way; a table
    never changes its Serie): a join less on every save.
    """
    query = Table.objects.select_for_update(of=("self",))
    if isinstance(table, TableAt):
        return query.select_related("round__event").get(
            round__event__key=table.event_key,
            round__number=table.round_number,
            number=table.number,
            **tenancy.of_club("round__event__club_id"),
        )
    if Table.round.is_cached(table) and Round.event.is_cached(table.round):
        locked = query.get(pk=table.pk)
        if locked.round_id == table.round_id:
            locked.round = table.round
            return locked
    return query.select_related("round__event").get(pk=table.pk)


def seated(table: Table) -> dict[int, Player]:
    return {seat.position: seat.player for seat in table.seats.select_related("player").order_by()}


def locked_game(table: Table, number: int) -> Game | None:
    # (table, number) is unique: no ORDER BY/LIMIT of `.first()` to build on every save.
    found = list(
        Game.objects.select_for_update(of=("self",))
        .select_related("declarer")
        .filter(table=table, number=number)
        .order_by()  # the default order joins table, Serie and event: not for one row
    )
    return found[0] if found else None


def check_version(existing: Game | None, expected_version: int | None) -> None:
    if expected_version is None:
        return
    current = existing.version if existing else 0
    if current != expected_version and expected_version == 0:
        raise ConflictError(
            "Dieses Spiel hat inzwischen jemand anderes erfasst. Bitte neu laden und die "
            "Eingabe prüfen; Ihre Eingabe steht noch im Formular."
        )
    if current != expected_version:
        raise ConflictError(
            "Dieses Spiel wurde inzwischen von jemand anderem geändert "
            f"(Version {current}, Sie hatten Version {expected_version}). "
            "Bitte neu laden und die Eingabe prüfen; Ihre Eingabe steht noch im Formular."
        )


def check_actor(table: Table, user: Actor) -> None:
    """A table's link writes only its own table, and only while that is open."""
    if isinstance(user, TableLink):
        check_link_writes(user, table)
