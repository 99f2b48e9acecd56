"""Games valued per second: in-process through `valuation`, and through `python -m scoring`.

Run: python benchmarks/engine.py [--games N]
The mix is realistic for a club evening: mostly suit games taken from the Skat, a quarter Grand,
some Null, a few Hand/announced/open games, a sprinkle of overbids, concessions and Kontra.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scoring import (  # noqa: E402 - after the path set-up above
    Declaration,
    GameType,
    Outcome,
    Ruleset,
    ScoringError,
    legal_bids,
    valuation,
    value,  # noqa: E402
)

SUITS = [GameType.CLUBS, GameType.SPADES, GameType.HEARTS, GameType.DIAMONDS]


def _random_game(rng: random.Random) -> tuple[Declaration, Outcome, Ruleset]:
    ruleset = Ruleset.ISKO if rng.random() < 0.8 else Ruleset.PREISSKAT
    roll = rng.random()
    game = rng.choice(SUITS) if roll < 0.62 else GameType.GRAND if roll < 0.88 else GameType.NULL
    kontra = ruleset is Ruleset.ISKO and rng.random() < 0.05
    bid = rng.choice([b for b in legal_bids(ruleset) if b <= 72])
    if game is GameType.NULL:
        hand, ouvert = rng.random() < 0.3, rng.random() < 0.3
        declaration = Declaration(game, hand=hand, ouvert=ouvert, bid=min(bid, 23), kontra=kontra)
        return declaration, Outcome(declarer_tricks=rng.choice([0, 0, 0, 1, 2])), ruleset
    most = 4 if game is GameType.GRAND else 11
    matadors = rng.choice([1, 1, 2, 2, 3, 4, -1, -2, -3, -4][: most + 6])
    hand = rng.random() < 0.15
    announced = hand and rng.random() < 0.1
    declaration = Declaration(
        game, matadors, hand, schneider_announced=announced, bid=bid, kontra=kontra
    )
    if rng.random() < 0.03:
        return declaration, Outcome(conceded=True), ruleset
    tricks = rng.randint(1, 9)
    points = rng.choice([p for p in range(min(120, tricks * 14 + 22)) if p not in (1, 119)])
    return declaration, Outcome(declarer_card_points=points, declarer_tricks=tricks), ruleset


def build_mix(count: int, seed: int = 48) -> list[tuple[Declaration, Outcome, Ruleset]]:
    rng = random.Random(seed)
    mix: list[tuple[Declaration, Outcome, Ruleset]] = []
    while len(mix) < count:
        candidate = _random_game(rng)
        try:
            valuation(*candidate)
        except ScoringError:
            continue  # the benchmark measures the happy path, as at a real table
        mix.append(candidate)
    return mix


def in_process(mix: list[tuple[Declaration, Outcome, Ruleset]], rounds: int) -> float:
    start = time.perf_counter()
    for _ in range(rounds):
        for declaration, outcome, ruleset in mix:
            valuation(declaration, outcome, ruleset)
    return rounds * len(mix) / (time.perf_counter() - start)


def uncached(mix: list[tuple[Declaration, Outcome, Ruleset]]) -> float:
    """Every game priced from scratch: the memoised table emptied before each one."""
    start = time.perf_counter()  # (the emptying itself is timed too)
    for declaration, outcome, ruleset in mix:
        value._priced.cache_clear()
        value._priced_null.cache_clear()
        valuation(declaration, outcome, ruleset)
    return len(mix) / (time.perf_counter() - start)


def through_cli(mix: list[tuple[Declaration, Outcome, Ruleset]], lines: int) -> float:
    requests = [
        json.dumps({"ruleset": r.value, "game": d.to_dict(), "outcome": o.to_dict()})
        for d, o, r in (mix * (lines // len(mix) + 1))[:lines]
    ]
    payload = ("\n".join(requests) + "\n").encode("utf-8")
    start = time.perf_counter()
    result = subprocess.run(
        [sys.executable, "-m", "scoring"], input=payload, capture_output=True, cwd=REPO, check=True
    )
    elapsed = time.perf_counter() - start
    assert result.stdout.count(b"\n") == lines
    return lines / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500_000, help="valuations in-process")
    parser.add_argument("--lines", type=int, default=10_000, help="request lines via the CLI")
    args = parser.parse_args()
    mix = build_mix(2_000)
    in_process(mix, 1)  # warm the memoised price table, as a running server would be
    # best of five runs, as timeit does: other load on the machine only ever slows it down
    rate = max(in_process(mix, max(1, args.games // len(mix) // 5)) for _ in range(5))
    print(f"in-process: {rate:,.0f} games/s ({len(mix)} distinct prebuilt games, one core)")
    print(f"uncached:   {uncached(mix):,.0f} games/s (price table emptied before every game)")
    print(
        f"CLI:        {through_cli(mix, args.lines):,.0f} games/s "
        f"({args.lines:,} request lines through one `python -m scoring`, start-up included)"
    )


if __name__ == "__main__":
    main()
