"""Shared test helpers: games written in club notation, entered through the real services.

`enter(table, 3, 2, "Kr m2 H S")` records game 3 at `table` for the player on seat 2;
`enter(table, 4, None)` records an eingepasstes Spiel.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from scoring import parse_notation
from skatclub.club import services
from skatclub.club.models import Game, Table


def enter(
    table: Table, number: int, seat: int | None, notation: str = "", user: User | None = None
) -> Game:
    if seat is None:
        return services.record_game(
            table=table, number=number, declarer=None, declaration=None, outcome=None, user=user
        )
    declaration, outcome = parse_notation(notation)
    return services.record_game(
        table=table,
        number=number,
        declarer=table.seats.get(position=seat).player,
        declaration=declaration.to_dict(),
        outcome=outcome.to_dict(),
        user=user,
    )
