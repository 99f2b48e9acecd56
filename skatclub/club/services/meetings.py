"""Seating without repeat meetings: a seeded draw that keeps apart who already sat together.

Pure functions over player ids (no database; `services.seating` reads the earlier Serien and
the wishes, calls `spread_tables` and writes the tables). Owns the meeting count (`meetings`:
how often each pair of players shared a table), the draw that avoids repeats (`spread_tables`),
and the German conflict report (`Spread.report`).

How the draw works: it starts from the plain seeded draw (`draw.draw_tables`, so a first
Serie without wishes is exactly that draw), moves players with a fixed table there, and then
swaps players between tables while that lowers the cost: two players at one table who met
before cost `REPEAT_COST` plus their earlier meetings (so the fewest pairs meet again, and
of as many pairs those who met less often), a declared pair ("nicht zusammen setzen":
couples, team-mates) at one table costs more than all repeats together. When no swap helps,
a few random swaps shake the tables up and the search goes on, for a fixed number of steps;
the best tables seen are kept. Every random choice comes from `random.Random(seed)`, so the
same players, history, wishes and seed always give the same tables.

Terms: a *pair* is two player ids, smaller first; *met* counts a pair's earlier meetings;
*apart* are the declared pairs; *fixed* maps a player to his table number (1-based).
Table sizes come from the engine (`scoring.table_sizes`, through `draw.table_sizes`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from skatclub.club.services.draw import DrawError, draw_tables, table_sizes

Pair = tuple[int, int]

# A declared pair at one table weighs more than any number of repeats can.
APART_COST = 1_000_000
# Each pair that meets again costs REPEAT_COST plus the number of its earlier meetings: the
# fewest pairs first, and among as many pairs, those who met less often.
REPEAT_COST = 16
# Search effort: at most SHAKES rounds of "improve, then shake", and at most WORK tried swaps
# in all (about half a second), so a field where repeats cannot be avoided (a long season,
# few players) still gets its tables at once. A repeat-free third Serie of 40 players takes
# a few thousand tried swaps.
SHAKES = 1000
WORK = 1_000_000
SHAKE_SWAPS = 3
MAX_PLAYERS = 1000


def pair(first: int, second: int) -> Pair:
    return (first, second) if first < second else (second, first)


def meetings(rounds: Iterable[Sequence[Sequence[int]]]) -> Counter[Pair]:
    """How often each pair sat at one table, over the given Serien (each a list of tables)."""
    met: Counter[Pair] = Counter()
    for tables in rounds:
        for table in tables:
            met.update(pair(a, b) for a, b in combinations(table, 2))
    return met


@dataclass(frozen=True)
class Repeat:
    """Two players who meet again at `table` (1-based); they met `times` times before."""

    first: int
    second: int
    table: int
    times: int


@dataclass(frozen=True)
class Spread:
    """The drawn tables and what could not be avoided."""

    tables: list[list[int]]
    repeats: list[Repeat] = field(default_factory=list)
    together: list[Repeat] = field(default_factory=list)  # declared pairs at one table

    def report(self, name: Callable[[int], str]) -> list[str]:
        """The conflict report in German, one line per finding, the summary first."""
        lines = [repeat_summary(len(self.repeats))]
        lines += [
            f"{name(r.first)} und {name(r.second)} an Tisch {r.table} "
            f"(schon {r.times}× zusammen gesessen)"
            for r in self.repeats
        ]
        lines += [
            f"{name(r.first)} und {name(r.second)} sitzen an Tisch {r.table}, obwohl sie "
            "getrennt sitzen sollen (anders geht es mit diesen Tischen nicht)."
            for r in self.together
        ]
        return lines


def repeat_summary(count: int) -> str:
    if count == 0:
        return "Keine Wiederholungen: niemand sitzt erneut mit jemandem zusammen."
    if count == 1:
        return "1 Paar trifft sich erneut."
    return f"{count} Paare treffen sich erneut."


def conflicts(
    tables: Sequence[Sequence[int]], met: Mapping[Pair, int], apart: Iterable[Pair] = ()
) -> Spread:
    """The repeats and declared pairs of some given tables (e.g. a Serie already seated)."""
    apart_set = {pair(*p) for p in apart}
    repeats, together = [], []
    for number, table in enumerate(tables, start=1):
        for a, b in combinations(sorted(table), 2):
            if met.get((a, b), 0):
                repeats.append(Repeat(a, b, number, met[(a, b)]))
            if (a, b) in apart_set:
                together.append(Repeat(a, b, number, met.get((a, b), 0)))
    return Spread([list(t) for t in tables], repeats, together)


def spread_tables(
    player_ids: Iterable[int],
    seed: str,
    *,
    met: Mapping[Pair, int] | None = None,
    apart: Iterable[Pair] = (),
    fixed: Mapping[int, int] | None = None,
    allow_five: bool = False,
    shakes: int = SHAKES,
    work: int = WORK,
) -> Spread:
    """Tables in seat order with as few repeat meetings as the search finds, declared pairs
    apart and fixed players at their tables; the same input and seed give the same tables."""
    ids = sorted(set(player_ids))
    if len(ids) > MAX_PLAYERS:
        raise DrawError(f"Mehr als {MAX_PLAYERS} Spieler lassen sich nicht auslosen.")
    sizes = table_sizes(len(ids), allow_five)
    fixed_here = {p: t for p, t in (fixed or {}).items() if p in set(ids)}
    _check_fixed(fixed_here, sizes)
    start = draw_tables(ids, seed, allow_five)
    search = _Search(ids, start, met or {}, apart, fixed_here, random.Random(f"{seed}/spread"))
    search.place_fixed()
    if search.total() > 0:
        search.run(shakes, work)
    tables = search.best_tables()
    return conflicts(tables, met or {}, apart)


def _check_fixed(fixed: Mapping[int, int], sizes: Sequence[int]) -> None:
    wanted = Counter(fixed.values())
    for number, count in sorted(wanted.items()):
        if not 1 <= number <= len(sizes):
            raise DrawError(
                f"Tisch {number} gibt es in dieser Serie nicht (es sind {len(sizes)} Tische); "
                "bitte den festen Platz ändern."
            )
        if count > sizes[number - 1]:
            raise DrawError(
                f"An Tisch {number} sollen {count} Spieler fest sitzen, er hat aber nur "
                f"{sizes[number - 1]} Plätze."
            )


class _Search:
    """Local search over the assignment of players to tables (indices into `ids`)."""

    def __init__(
        self,
        ids: list[int],
        start: list[list[int]],
        met: Mapping[Pair, int],
        apart: Iterable[Pair],
        fixed: Mapping[int, int],
        rng: random.Random,
    ) -> None:
        self.ids, self.rng = ids, rng
        index = {p: i for i, p in enumerate(ids)}
        n = len(ids)
        self.cost = [[0] * n for _ in range(n)]
        for (a, b), times in met.items():
            if a in index and b in index and times > 0:
                weight = REPEAT_COST + min(times, REPEAT_COST)
                self.cost[index[a]][index[b]] = self.cost[index[b]][index[a]] = weight
        for a, b in apart:
            if a in index and b in index and a != b:
                self.cost[index[a]][index[b]] = self.cost[index[b]][index[a]] = APART_COST
        self.tables = [[index[p] for p in table] for table in start]
        self.reload()
        self.fixed = {index[p]: t - 1 for p, t in fixed.items()}
        self.movable = [i for i in range(n) if i not in self.fixed]
        self.best: list[list[int]] = [list(t) for t in self.tables]
        self.best_total = -1
        self.work = 0

    # -- cost ------------------------------------------------------------------------------
    # load[i][t]: what player i costs at table t (the sum of his costs with everyone there),
    # kept up to date by `swap`, so a tried swap costs four lookups.

    def reload(self) -> None:
        self.where = [0] * len(self.ids)
        for number, table in enumerate(self.tables):
            for i in table:
                self.where[i] = number
        self.load = [[sum(row[j] for j in table) for table in self.tables] for row in self.cost]

    def own(self, i: int) -> int:
        return self.load[i][self.where[i]]

    def total(self) -> int:
        return sum(self.own(i) for i in range(len(self.ids))) // 2

    def delta(self, a: int, b: int) -> int:
        ta, tb = self.where[a], self.where[b]
        load_a, load_b, ab = self.load[a], self.load[b], self.cost[a][b]
        return load_a[tb] + load_b[ta] - 2 * ab - load_a[ta] - load_b[tb]

    # -- moves -----------------------------------------------------------------------------

    def swap(self, a: int, b: int) -> None:
        ta, tb = self.where[a], self.where[b]
        self.tables[ta][self.tables[ta].index(a)] = b
        self.tables[tb][self.tables[tb].index(b)] = a
        self.where[a], self.where[b] = tb, ta
        for row, load in zip(self.cost, self.load, strict=True):
            change = row[a] - row[b]
            load[ta] -= change
            load[tb] += change

    def place_fixed(self) -> None:
        """Move each fixed player to his table, swapping with a movable player there."""
        for i, table in sorted(self.fixed.items()):
            if self.where[i] == table:
                continue
            other = next(j for j in self.tables[table] if self.fixed.get(j) != table)
            self.swap(i, other)
        self.movable = [i for i in range(len(self.ids)) if i not in self.fixed]

    def improve(self) -> int:
        """Best swaps for players that cost something, until none helps; the total after."""
        total = self.total()
        improved = True
        while improved and total > 0:
            improved = False
            troubled = [i for i in self.movable if self.own(i) > 0]
            self.rng.shuffle(troubled)
            for a in troubled:
                if self.own(a) == 0:
                    continue
                best, partner = 0, -1
                self.work += len(self.movable)
                for b in self.movable:
                    if self.where[b] != self.where[a]:
                        change = self.delta(a, b)
                        if change < best:
                            best, partner = change, b
                if partner >= 0:
                    self.swap(a, partner)
                    total += best
                    improved = True
        return total

    def shake(self) -> None:
        troubled = [i for i in self.movable if self.own(i) > 0]
        for _ in range(SHAKE_SWAPS):
            if not troubled or len(self.movable) < 2:
                return
            a = self.rng.choice(troubled)
            b = self.rng.choice(self.movable)
            if self.where[a] != self.where[b]:
                self.swap(a, b)

    def run(self, shakes: int, work: int) -> None:
        """Improve, then shake and improve again; a worse result goes back to the best."""
        self.keep(self.improve())
        for _ in range(shakes):
            if self.best_total == 0 or self.work > work:
                return
            self.shake()
            total = self.improve()
            if total <= self.best_total:
                self.keep(total, even=True)
            else:
                self.restore()

    def keep(self, total: int, even: bool = False) -> None:
        if self.best_total < 0 or total < self.best_total or even:
            self.best_total = total
            self.best = [list(t) for t in self.tables]

    def restore(self) -> None:
        self.tables = [list(t) for t in self.best]
        self.reload()

    def best_tables(self) -> list[list[int]]:
        source = self.best if self.best_total >= 0 else self.tables
        return [[self.ids[i] for i in table] for table in source]
