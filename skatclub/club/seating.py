"""Who deals and who plays each game at a table of 3, 4 or 5 (pure, no database).

Seats are numbered 1..n clockwise; seat 1 deals game 1 and the deal moves one seat to the left
(the next seat number) every game. At a 4-table the dealer sits out; at a 5-table the two
players to the dealer's left and the one to his right play, the dealer and the fifth sit out.
"""

from __future__ import annotations

TABLE_SIZES = (3, 4, 5)


def dealer_position(table_size: int, game_number: int) -> int:
    return (game_number - 1) % table_size + 1


def playing_positions(table_size: int, game_number: int) -> tuple[int, ...]:
    """Vorhand, Mittelhand, Hinterhand as seat positions."""
    dealer = dealer_position(table_size, game_number)

    def seat(offset: int) -> int:
        return (dealer - 1 + offset) % table_size + 1

    if table_size == 3:
        return (seat(1), seat(2), seat(3))
    if table_size == 4:
        return (seat(1), seat(2), seat(3))
    if table_size == 5:
        return (seat(1), seat(2), seat(4))
    raise ValueError(f"Ein Tisch hat 3, 4 oder 5 Spieler, nicht {table_size}.")


def sitting_positions(table_size: int, game_number: int) -> tuple[int, ...]:
    playing = set(playing_positions(table_size, game_number))
    return tuple(p for p in range(1, table_size + 1) if p not in playing)
