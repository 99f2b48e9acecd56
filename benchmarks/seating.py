"""Seating without repeat meetings against a plain random draw, in the same run.

Run: python benchmarks/seating.py [--draws 1000] [--players 40] [--rounds 3] [--couples 4]

For each of N seeded tournaments, 40 players are seated into 3 Serien twice: by
`meetings.spread_tables` (avoiding earlier table-mates of the tournament, declared pairs kept
apart) and by the plain seeded draw (`draw.draw_tables`, what skatclub did before). Prints the
mean number of pairs that meet again (over Serien 2..n), how many tournaments had none, how
often a declared pair sat together, and the time per tournament. Target: at least 5x fewer
repeats than the random draw, zero when possible, declared pairs never together.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")

import django  # noqa: E402

django.setup()

from skatclub.club.services.draw import draw_tables  # noqa: E402
from skatclub.club.services.meetings import conflicts, meetings, spread_tables  # noqa: E402


def tournament(
    draw: str, seed: int, players: list[int], rounds: int, apart: list[tuple[int, int]]
) -> tuple[int, int, float]:
    """(repeat pairs in Serien 2..n, declared pairs seated together, seconds)."""
    history: list[list[list[int]]] = []
    repeats = together = 0
    start = time.perf_counter()
    for number in range(1, rounds + 1):
        seed_text = f"{seed:06d}-{number}"
        if draw == "spread":
            tables = spread_tables(players, seed_text, met=meetings(history), apart=apart).tables
        else:
            tables = draw_tables(players, seed_text)
        found = conflicts(tables, meetings(history), apart)
        repeats += len(found.repeats)
        together += len(found.together)
        history.append(tables)
    return repeats, together, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=1000)
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--couples", type=int, default=4, help="declared pairs kept apart")
    args = parser.parse_args()
    players = list(range(1, args.players + 1))
    apart = [(2 * i + 1, 2 * i + 2) for i in range(args.couples)]
    results = {
        draw: [tournament(draw, seed, players, args.rounds, apart) for seed in range(args.draws)]
        for draw in ("spread", "random")
    }
    print(
        f"{args.draws} seeded tournaments, {args.players} players, {args.rounds} Serien, "
        f"{args.couples} declared pairs"
    )
    for draw, label in (("spread", "without repeats"), ("random", "plain random draw")):
        rows = results[draw]
        mean = statistics.fmean(r[0] for r in rows)
        zero = sum(1 for r in rows if r[0] == 0)
        together = sum(r[1] for r in rows)
        ms = statistics.fmean(r[2] for r in rows) * 1000
        print(
            f"  {label:<18} mean repeat pairs {mean:7.3f}  tournaments without repeats "
            f"{zero:>5}/{len(rows)}  declared pairs together {together:>5}  {ms:7.1f} ms each"
        )
    spread = statistics.fmean(r[0] for r in results["spread"])
    random_ = statistics.fmean(r[0] for r in results["random"])
    ratio = "infinitely" if spread == 0 else f"{random_ / spread:.1f}x"
    print(f"  fewer repeats than the random draw: {ratio} (target: at least 5x)")


if __name__ == "__main__":
    main()
