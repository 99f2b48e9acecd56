"""The evening totals of a synthetic club history (`tests.helpers.history`) as the club's own
program exports them (`Datum;Name;Punkte;Gew.;Verl.;Wertung`, no table column), and what the
club's season ranking shows for them: the acceptance check of issue 29 imports the archive
first and then this sheet of the same evenings.

The Wertung is the club's Seeger-Fabian: list score + 50 × (won − lost) + (40 at a 3-table,
30 at a 4- or 5-table) × the others' lost games.
"""

from __future__ import annotations

import datetime
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from django.core.management import call_command

from tests.helpers.history import PLAYERS, ClubHistory, Totals

HEADER = "Datum;Name;Punkte;Gew.;Verl.;Wertung"
NAMES = dict(PLAYERS)


@dataclass(frozen=True)
class SpreadsheetRow:
    date: datetime.date
    name: str
    list_score: int
    won: int
    lost: int
    score: int


def seeger(line: Totals, players: int) -> int:
    rate = 40 if players == 3 else 30
    return line.list_score + 50 * (line.won - line.lost) + rate * line.others_lost


def spreadsheet_rows(history: ClubHistory) -> Iterator[SpreadsheetRow]:
    """One row per player and evening, in the archive's order of seats."""
    for event in history.archive["events"]:
        date = datetime.date.fromisoformat(event["date"])
        evening = history.evenings[event["key"]]
        for key, line in evening.items():
            yield SpreadsheetRow(
                date,
                NAMES[key],
                line.list_score,
                line.won,
                line.lost,
                seeger(line, len(evening)),
            )


def spreadsheet_csv(rows: list[SpreadsheetRow]) -> bytes:
    lines = [HEADER]
    lines += [f"{r.date:%d.%m.%Y};{r.name};{r.list_score};{r.won};{r.lost};{r.score}" for r in rows]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8-sig")


def club_ranking(history: ClubHistory) -> dict[str, tuple[int, int, int, int]]:
    """Player name -> (Punkte, gewonnen, verloren, Spielpunkte) summed over the evenings,
    as the club's own list has them (one season)."""
    totals: dict[str, list[int]] = {}
    for evening in history.evenings.values():
        for key, line in evening.items():
            own = totals.setdefault(NAMES[key], [0, 0, 0, 0])
            own[0] += seeger(line, len(evening))
            own[1] += line.won
            own[2] += line.lost
            own[3] += line.list_score
    return {name: (v[0], v[1], v[2], v[3]) for name, v in totals.items()}


def standings_command_totals(event_keys: list[str]) -> dict[str, tuple[int, int, int, int]]:
    """The same sums from `manage.py standings --event KEY --json`, event by event."""
    totals: dict[str, list[int]] = {}
    for key in event_keys:
        out = io.StringIO()
        call_command("standings", "--event", key, "--json", stdout=out)
        data: dict[str, Any] = json.loads(out.getvalue())
        for row in data["rows"]:
            own = totals.setdefault(row["name"], [0, 0, 0, 0])
            own[0] += row["score"]
            own[1] += row["won"]
            own[2] += row["lost"]
            own[3] += row["list_score"]
    return {name: (v[0], v[1], v[2], v[3]) for name, v in totals.items()}
