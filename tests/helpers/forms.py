"""Form data as the Spielwart's pages post it."""

from __future__ import annotations


def event_data(**changes: str) -> dict[str, str]:
    """The new-event form for a Preisskat on 18 December 2026, with `changes`."""
    data = {
        "name": "Preisskat Dezember",
        "date": "2026-12-18",
        "key": "",
        "ruleset": "isko",
        "cents_per_point": "1/4",
        "lost_game_fees": "50, 50, 50, 100",
        "games_3": "36",
        "games_4": "48",
        "games_5": "60",
    }
    return {**data, **changes}
