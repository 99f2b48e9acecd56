"""Checking a table that only knows each player's Wertungspunkte (`"scores"`).

Imported history sometimes holds nothing but the Seeger-Fabian points per player and Serie
(`"scores": [{"player": "anna", "score": 812}, …]`, an optional alternative to `games` and
`totals`). Such a table is stored as `Table.Entry.SCORES` with the points on `TableTotal.score`
and counts in every ranking with exactly those points. Reads/writes nothing.
"""

from __future__ import annotations

from typing import Any

from skatclub.club.archive.problems import Problems

# Input bound, not a rule: far above any Serie's Wertungspunkte, and it fits any integer column.
MAX_SCORE = 1_000_000


def check_scores(
    raw: Any, seats: list[str], known: dict[str, str], here: str, problems: Problems
) -> list[dict[str, Any]]:
    """The table's score lines, one per seated player; problems for everything else."""
    if not isinstance(raw, list):
        problems.add(here, "„scores“ muss eine Liste sein.")
        return []
    count = len(problems.lines)
    lines: dict[str, dict[str, Any]] = {}
    for item in raw:
        player = item.get("player") if isinstance(item, dict) else None
        score = item.get("score") if isinstance(item, dict) else None
        if not isinstance(player, str) or player not in seats:
            problems.add(here, "Wertungspunkte für einen Spieler, der nicht an diesem Tisch sitzt.")
        elif player in lines:
            problems.add(here, f"Zweimal Wertungspunkte für {known.get(player, player)}.")
        elif isinstance(score, bool) or not isinstance(score, int) or abs(score) > MAX_SCORE:
            problems.add(
                here,
                f"{known.get(player, player)}: „score“ muss eine ganze Zahl zwischen "
                f"-{MAX_SCORE} und {MAX_SCORE} sein.",
            )
        else:
            lines[player] = {"player": player, "score": score}
    missing = [known.get(k, k) for k in seats if k not in lines]
    if len(problems.lines) == count and missing:
        problems.add(here, f"Wertungspunkte fehlen für {', '.join(missing)}.")
    return list(lines.values()) if len(problems.lines) == count else []
