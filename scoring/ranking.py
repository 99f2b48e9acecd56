"""Who stands where: one ranking order with its tie-breaks, for a Serie, an event and a season.

Owns `strength` (the sort key) and `ranked` (places, shared by equal strength). Reads plain
values; writes nothing. Best first: the higher value (Wertungspunkte, or a season's total or
average), then more won games, then fewer lost games; players still equal share the place and
are listed by name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from typing import TypeVar

T = TypeVar("T")
Strength = tuple[int | Fraction, int, int]


def strength(value: int | Fraction, won: int, lost: int) -> Strength:
    """Sort key, best first: higher value, more won, fewer lost."""
    return (-value, -won, lost)


def ranked(
    items: Iterable[T], strength_of: Callable[[T], Strength], name_of: Callable[[T], str]
) -> list[tuple[int, T]]:
    """(place, item), best first; equal strength shares the place of the first of them."""
    ordered = sorted(items, key=lambda item: (strength_of(item), name_of(item)))
    placed: list[tuple[int, T]] = []
    previous: Strength | None = None
    for index, item in enumerate(ordered, start=1):
        key = strength_of(item)
        place = placed[-1][0] if key == previous else index
        placed.append((place, item))
        previous = key
    return placed
