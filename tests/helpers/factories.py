"""Club objects made for tests through the real models and services: tables with their seats,
games written in club notation, the personas' password.

`enter(table, 3, 2, "Kr m2 H S")` records game 3 at `table` for the player on seat 2;
`enter(table, 4, None)` records an eingepasstes Spiel.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from scoring import Declaration, Outcome, parse_notation
from skatclub.club import services
from skatclub.club.entry_line import parse_line
from skatclub.club.models import Game, Player, Round, Seat, Table, TableLink

PASSWORD = "geheim-und-lang-genug"  # of every login the tests create


def entry_of(number: int, text: str) -> services.Entry:
    """Game `number` as the Spielwart types it ("2 Kr m2 H S"), read as the views read it."""
    return services.Entry(number, parse_line(text))


def enter(
    table: Table,
    number: int,
    seat: int | None,
    notation: str = "",
    user: User | TableLink | None = None,
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
        declaration=declaration,
        outcome=outcome,
        user=user,
    )


def play_three_games(table: Table, players: dict[str, Player]) -> None:
    """Three games at a 4-table seated anna 1, bernd 2, carla 3, dieter 4 (anna deals game 1):
    Bernd Kreuz mit 2 won (3 × 12 = 36), Carla Grand ohne 1 lost (2 × 24 = 48, list −96),
    Dieter Null won (23)."""
    for number, player, declaration, won in (
        (1, "bernd", {"type": "clubs", "matadors": 2, "bid": 24}, True),
        (2, "carla", {"type": "grand", "matadors": -1, "bid": 48}, False),
        (3, "dieter", {"type": "null", "bid": 23}, True),
    ):
        services.record_game(
            table=table,
            number=number,
            declarer=players[player],
            declaration=Declaration.from_dict(declaration),
            outcome=Outcome(won=won),
        )


def make_table(round_: Round, number: int, players: list[Player]) -> Table:
    """Table `number` of the Serie with `players` in seat order."""
    table = Table.objects.create(round=round_, number=number)
    for position, player in enumerate(players, start=1):
        Seat.objects.create(table=table, round=round_, position=position, player=player)
    return table
