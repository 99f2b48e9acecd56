"""Paper totals that games can give, for tests that enter lists as totals."""

from __future__ import annotations

import random

from scoring import legal_bids
from scoring.game import Ruleset


def plausible_totals(rng: random.Random, size: int, games: int) -> list[tuple[int, int, int]]:
    """A paper list: games dealt to the seats, each won (a legal value) or lost (−2 × one)."""
    values = [v for v in legal_bids(Ruleset.ISKO) if v <= 72]
    sums = [[0, 0, 0] for _ in range(size)]
    for _ in range(games):
        seat = rng.randrange(size)
        if rng.random() < 0.08:
            continue  # eingepasst
        value = rng.choice(values)
        if rng.random() < 0.75:
            sums[seat][0] += value
            sums[seat][1] += 1
        else:
            sums[seat][0] -= 2 * value
            sums[seat][2] += 1
    return [(s[0], s[1], s[2]) for s in sums]
