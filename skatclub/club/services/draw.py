"""Seating a Serie: table sizes, the seeded draw, seating by standings, re-forming tables.

Pure functions over player ids (no database; `services.seating` writes what they decide).
A draw is `random.Random(seed)` shuffling the player ids in ascending order, so the same
present players and the same seed always give the same tables: the seed is shown and stored
(`Round.seed`) and anyone can repeat the draw.

Terms: a table is a list of player ids in seat order (seat 1 first, seat 1 deals game 1).
How many tables of which size: the engine's `scoring.table_sizes`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import scoring
from scoring import TableSizeError
from skatclub.club.services.errors import EntryError


class DrawError(EntryError):
    """The players cannot be seated as asked; `message` is German, for the Spielwart."""

    def __init__(self, message: str) -> None:
        super().__init__("draw", message)


def new_seed() -> str:
    """A short seed that can be read out aloud and typed again."""
    return f"{secrets.randbelow(1_000_000):06d}"


def table_sizes(count: int, allow_five: bool = False) -> list[int]:
    """The engine's table sizes for `count` players, refused as a `DrawError`."""
    try:
        return scoring.table_sizes(count, allow_five)
    except TableSizeError as error:
        raise DrawError(error.message) from None


def split(ordered: Sequence[int], sizes: Iterable[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(ordered[start : start + size]))
        start += size
    return tables


def draw_tables(player_ids: Iterable[int], seed: str, allow_five: bool = False) -> list[list[int]]:
    """Tables in seat order, drawn at random but repeatably from `seed`."""
    ids = sorted(set(player_ids))
    sizes = table_sizes(len(ids), allow_five)
    random.Random(seed).shuffle(ids)
    return split(ids, sizes)


def seat_by_standings(ranked_ids: Sequence[int], allow_five: bool = False) -> list[list[int]]:
    """Setzen: the best four at table 1, the next four at table 2, …; seat order = rank order.

    `ranked_ids` is best first; players without a result so far belong at the end.
    """
    if len(set(ranked_ids)) != len(ranked_ids):
        raise DrawError("Ein Spieler steht doppelt in der Rangliste.")
    return split(list(ranked_ids), table_sizes(len(ranked_ids), allow_five))


@dataclass(frozen=True)
class Move:
    player_id: int
    from_table: int | None  # 1-based table number, None = arrives
    to_table: int | None  # None = leaves


@dataclass(frozen=True)
class Regrouping:
    """A proposal: the new tables (1-based numbers = list index + 1) and who moves.

    An empty list is a table that is dissolved (its number stays free).
    """

    tables: list[list[int]]
    moves: list[Move] = field(default_factory=list)

    @property
    def changed_tables(self) -> set[int]:
        return {m.from_table for m in self.moves if m.from_table} | {
            m.to_table for m in self.moves if m.to_table
        }


def propose_regrouping(
    tables: Sequence[Sequence[int]],
    arrived: Iterable[int] = (),
    left: Iterable[int] = (),
    fixed: Iterable[int] = (),
    allow_five: bool = False,
) -> Regrouping:
    """Re-form the tables after late arrivals and departures, moving as few players as possible.

    `fixed` are 1-based table numbers that must stay as they are (games already entered).
    Players stay at their table where its new size allows; the last seats of shrinking or
    dissolved tables and the new arrivals fill the tables that grow. Table numbers are kept.
    """
    fixed_numbers = set(fixed)
    left_ids, arrived_ids = set(left), list(dict.fromkeys(arrived))
    seated = {p for table in tables for p in table}
    for number in fixed_numbers:
        if left_ids & set(tables[number - 1]):
            raise DrawError(f"An Tisch {number} wird schon gespielt; dort kann niemand gehen.")
    if arrived_ids and set(arrived_ids) & seated:
        raise DrawError("Ein neu angekommener Spieler sitzt schon an einem Tisch.")
    free = [n for n in range(1, len(tables) + 1) if n not in fixed_numbers]
    staying = {n: [p for p in tables[n - 1] if p not in left_ids] for n in free}
    count = sum(len(players) for players in staying.values()) + len(arrived_ids)
    sizes = table_sizes(count, allow_five) if count else []
    targets = _assign_sizes(free, staying, sizes, len(tables))
    pool = list(arrived_ids)
    for number in free:
        keep = targets.get(number, 0)
        pool.extend(staying[number][keep:])
        staying[number] = staying[number][:keep]
    new_tables = [list(t) for t in tables]
    for number in sorted(targets):
        if number not in staying:
            staying[number] = []
        need = targets[number] - len(staying[number])
        staying[number].extend(pool[:need])
        pool = pool[need:]
    for number in free:
        new_tables[number - 1] = staying[number]
    for number in sorted(set(targets) - set(free)):
        new_tables.append(staying[number])
    return Regrouping(new_tables, _moves(tables, new_tables, left_ids))


def _assign_sizes(
    free: list[int], staying: dict[int, list[int]], sizes: list[int], table_count: int
) -> dict[int, int]:
    """Give the biggest target sizes to the fullest free tables; extra tables get new numbers."""
    by_fullness = sorted(free, key=lambda n: (-len(staying[n]), n))
    targets = dict(zip(by_fullness, sorted(sizes, reverse=True), strict=False))
    extra = sorted(sizes, reverse=True)[len(by_fullness) :]
    for offset, size in enumerate(extra, start=1):
        targets[table_count + offset] = size
    return targets


def _moves(
    old: Sequence[Sequence[int]], new: Sequence[Sequence[int]], left: set[int]
) -> list[Move]:
    before = {p: n for n, table in enumerate(old, start=1) for p in table}
    after = {p: n for n, table in enumerate(new, start=1) for p in table}
    moves = [Move(p, before.get(p), after.get(p)) for p in after if before.get(p) != after[p]]
    moves += [Move(p, before[p], None) for p in before if p in left]
    return moves
