"""The table: how many sit at it, who deals, who plays and who sits out (docs/rules.md §17).

Owns `TABLE_SIZES`, `table_sizes` (how N present players are split into tables), the deal
rotation (`dealer_position`, `playing_positions`, `sitting_positions`), the Serie length per
table size (`GAMES_PER_ROUND`; the lengths a club may choose: `check_games_per_round`) and
`check_declarer_seat` (nobody declares while sitting out). Reads nothing; writes nothing.

Seats are numbered 1..n clockwise; seat 1 deals game 1 and the deal moves one seat to the left
(the next seat number) every game. At a 4-table the dealer sits out; at a 5-table the two
players to the dealer's left and the one to his right play, the dealer and the fifth sit out.
Tables hold 4 players, with as few 3-tables as possible; 5-tables only when the club allows
them, and then as few as possible.
"""

from __future__ import annotations

from scoring.errors import InvalidRequest, SittingDeclarer, TableSizeError

TABLE_SIZES = (3, 4, 5)
MIN_PLAYERS = 3
# A Serie: 36 games at a 3-table, 48 at a 4-table (DSkV), 60 at a 5-table (12 deals of 5);
# the archive format (docs/spec/archive-format.md) uses the same defaults.
GAMES_PER_ROUND = {3: 36, 4: 48, 5: 60}
# What a club may set instead (a short evening, a long tournament Serie): at most 12 deals of 5.
MIN_GAMES_PER_ROUND = 1
MAX_GAMES_PER_ROUND = 60


def check_table_size(table_size: int) -> None:
    if table_size not in TABLE_SIZES:
        raise TableSizeError(f"Ein Tisch hat 3, 4 oder 5 Spieler, dieser hat {table_size}.")


def check_games_per_round(table_size: int, games: object) -> int:
    """A club's Serie length for one table size, within MIN/MAX_GAMES_PER_ROUND."""
    if (
        isinstance(games, bool)
        or not isinstance(games, int)
        or not MIN_GAMES_PER_ROUND <= games <= MAX_GAMES_PER_ROUND
    ):
        raise InvalidRequest(
            f"Eine Serie am {table_size}er-Tisch hat {MIN_GAMES_PER_ROUND} bis "
            f"{MAX_GAMES_PER_ROUND} Spiele."
        )
    return games


def table_sizes(count: int, allow_five: bool = False) -> list[int]:
    """4-tables and as few 3-tables as possible, largest tables first.

    With `allow_five`, 5-tables replace 3-tables where the count allows it (9 = 5 + 4 instead
    of 3 + 3 + 3), using as few 5-tables as possible.
    """
    if count < MIN_PLAYERS:
        raise TableSizeError(
            f"Für einen Tisch braucht es mindestens 3 Spieler, anwesend sind {count}."
        )
    if allow_five:
        fives = count % 4  # 5 ≡ 1 (mod 4): n = 4a + 5c needs c ≡ n (mod 4)
        if 5 * fives <= count:
            return [5] * fives + [4] * ((count - 5 * fives) // 4)
    threes = (4 - count % 4) % 4
    if 3 * threes > count:
        raise TableSizeError(
            f"{count} Spieler lassen sich nicht auf 3er- und 4er-Tische verteilen; "
            "bitte einen 5er-Tisch erlauben."
        )
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def dealer_position(table_size: int, game_number: int) -> int:
    return (game_number - 1) % table_size + 1


def playing_positions(table_size: int, game_number: int) -> tuple[int, ...]:
    """Vorhand, Mittelhand, Hinterhand as seat positions."""
    check_table_size(table_size)
    dealer = dealer_position(table_size, game_number)
    offsets = (1, 2, 4) if table_size == 5 else (1, 2, 3)
    return tuple((dealer - 1 + offset) % table_size + 1 for offset in offsets)


def sitting_positions(table_size: int, game_number: int) -> tuple[int, ...]:
    playing = set(playing_positions(table_size, game_number))
    return tuple(p for p in range(1, table_size + 1) if p not in playing)


def check_declarer_seat(table_size: int, game_number: int, position: int) -> None:
    """The dealer of a 4- or 5-table and the fifth player sit out: they cannot declare."""
    if position in playing_positions(table_size, game_number):
        return
    role = "gibt" if position == dealer_position(table_size, game_number) else "sitzt aus"
    raise SittingDeclarer(
        f"Platz {position} {role} bei Spiel {game_number} und kann nicht Alleinspieler sein."
    )
