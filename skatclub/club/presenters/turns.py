"""Who deals, who sits out and who plays a game at a table, in the words the entry pages show.

Owns `next_game` (the box above the Spielwart's line: "Spiel 13 von 48 · Geber: Platz 1 (Anna)
…") and `schedule` (every game of the Serie for the table link, which `static/table.js` reads
while the phone is offline). The rotation is the engine's (`scoring.dealer_position`,
`sitting_positions`, `playing_positions`); the next game number is the read model's
(`queries.progress`). Computes nothing else and reads no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring import TABLE_SIZES, dealer_position, playing_positions, sitting_positions


def next_game(names: Mapping[int, str], number: int | None) -> dict[str, Any] | None:
    """Game `number` for the Spielwart; None when there is none (the list is complete)."""
    size = len(names)
    if number is None or size not in TABLE_SIZES:
        return None
    dealer = dealer_position(size, number)
    return {
        "number": number,
        "dealer": dealer,
        "dealer_name": names.get(dealer, ""),
        "sitting": [f"Platz {p} ({names.get(p, '')})" for p in sitting_positions(size, number)],
        "playing": [f"{p} {names.get(p, '')}" for p in playing_positions(size, number)],
    }


def schedule(names: Mapping[int, str], games: int) -> dict[str, dict[str, Any]]:
    """Per game number 1..`games`: who deals, who sits out, who plays (the table link)."""
    size = len(names)
    if size not in TABLE_SIZES:
        return {}
    return {str(n): _turn(names, size, n) for n in range(1, games + 1)}


def _turn(names: Mapping[int, str], size: int, number: int) -> dict[str, Any]:
    dealer = dealer_position(size, number)
    sitting = sitting_positions(size, number)
    text = f"Geber: {names.get(dealer, '')}" + (" (sitzt aus)" if dealer in sitting else "")
    others = [names.get(p, "") for p in sitting if p != dealer]
    if others:
        text += " · sitzt aus: " + ", ".join(others)
    return {"number": number, "dealer_text": text, "playing": list(playing_positions(size, number))}
