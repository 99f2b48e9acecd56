"""A club's evening totals as its own program exports them: `Datum;Name;Punkte;Gew.;Verl.;
Wertung`, no table column, one row per player and evening, over several seasons; and the
season ranking the app shows for it (its JSON download), to compare with the sheet's sums."""

from __future__ import annotations

import datetime
import json
import random
from collections import defaultdict
from dataclasses import dataclass

from django.test import Client

PLAYERS = ["Anna Albers", "Bernd Brandt", "Jürgen Groß", "Dieter Dahl", "Emil Ernst"]
HEADER = "Datum;Name;Punkte;Gew.;Verl.;Wertung"


@dataclass(frozen=True)
class ClubRow:
    date: datetime.date
    name: str
    list_score: int
    won: int
    lost: int
    score: int


def club_rows(seasons: tuple[int, ...] = (2023, 2024), seed: int = 29) -> list[ClubRow]:
    """Six evenings a season, 3 or 4 players each. The Wertung is the club's: mostly the
    Seeger-Fabian of the evening at one table, sometimes off by a few points (as a club's
    program rounds or counts a capped Ramsch), so that some tables differ from skatclub's."""
    rng = random.Random(seed)
    rows = []
    for year in seasons:
        for evening in range(6):
            date = datetime.date(year, 1, 4) + datetime.timedelta(days=14 * evening)
            present = rng.sample(PLAYERS, rng.choice([3, 4]))
            sums = [(rng.randint(1, 8), rng.randint(0, 3)) for _ in present]
            lost_total = sum(lost for _, lost in sums)
            rate = 40 if len(present) == 3 else 30
            for name, (won, lost) in zip(present, sums, strict=True):
                list_score = 24 * won - 48 * lost
                seeger = list_score + 50 * won - 50 * lost + rate * (lost_total - lost)
                off = rng.choice([0, 0, 0, 10, -20])
                rows.append(ClubRow(date, name, list_score, won, lost, seeger + off))
    return rows


def club_csv(rows: list[ClubRow], encoding: str = "utf-8-sig") -> bytes:
    """Semicolons, German and ISO dates in turn, a decimal comma now and then."""
    lines = [HEADER]
    for index, row in enumerate(rows):
        date = row.date.isoformat() if index % 3 == 0 else f"{row.date:%d.%m.%Y}"
        points = f"{row.list_score},0" if index % 4 == 0 else str(row.list_score)
        lines.append(f"{date};{row.name};{points};{row.won};{row.lost};{row.score}")
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


def totals_of_rows(rows: list[ClubRow]) -> dict[int, dict[str, tuple[int, int, int, int]]]:
    """Season -> player -> (Wertung, won, lost, Punkte) summed over the sheet's rows."""
    totals: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    for row in rows:
        own = totals[row.date.year][row.name]
        own[0] += row.score
        own[1] += row.won
        own[2] += row.lost
        own[3] += row.list_score
    return {y: {n: (v[0], v[1], v[2], v[3]) for n, v in p.items()} for y, p in totals.items()}


def ranking_json(client: Client, year: int) -> dict[str, tuple[int, int, int, int]]:
    """Player name -> (Punkte, gewonnen, verloren, Spielpunkte) from the season ranking's
    JSON download, ranked and not yet ranked players together."""
    response = client.get(f"/rangliste/{year}/?format=json")
    assert response.status_code == 200
    tables = json.loads(response.content)["tables"]
    return {
        row["name"]: (row["total"], row["won"], row["lost"], row["list_score"])
        for table in tables.values()
        for row in table["rows"]
    }
