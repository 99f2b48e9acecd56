"""An imported history for the tests of /pruefen/: an archive of many evenings, imported
through `archive.import_file` as recorded (as a club secretary would), so that its events are
marked as one import (`HistoryImport`).

`history_archive(evenings=87)` gives 87 weekly evenings of one Serie with three 3-tables each
(261 lists); every `flagged_every`-th list holds a game the club recorded as won although it
was overbid (kept "abweichend erfasst"). `long_names` gives every player a 40-character name.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from skatclub.club.archive import import_file
from skatclub.club.models import HistoryImport

FIRST_EVENING = datetime.date(2019, 1, 4)
PLAYERS = 9  # three 3-tables
LONG_NAME = "Friedrich-Wilhelm von Hohenzollern-Sigma"  # 40 characters
# Karo mit 1 at Reizwert 20 recorded as won: overbid (2 × 9 = 18 < 20), the club kept +18.
OVERBID_RECORDED_WON = {
    "game": {"type": "diamonds", "matadors": 1, "bid": 20},
    "outcome": {"won": True},
    "recorded": {"list_score": 18},
}


def player_name(i: int, long_names: bool) -> str:
    return f"{LONG_NAME[:-2]}{i:02d}" if long_names else f"Spieler {i}"


def history_archive(
    *,
    evenings: int,
    tables: int = 3,
    flagged_every: int = 11,
    long_names: bool = False,
    club_name: str = "Skatfreunde Altenburg",
    first: datetime.date = FIRST_EVENING,
) -> dict[str, Any]:
    players = [{"key": f"s{i}", "name": player_name(i, long_names)} for i in range(tables * 3)]
    events = []
    listed = 0
    for n in range(evenings):
        date = first + datetime.timedelta(days=7 * n)
        table_rows = []
        for t in range(tables):
            seats = [players[3 * t + s]["key"] for s in range(3)]
            listed += 1
            games: list[dict[str, Any]] = [{"passed": True}]
            if flagged_every and listed % flagged_every == 0:
                games.append({"declarer": seats[1], **OVERBID_RECORDED_WON})
            table_rows.append({"number": t + 1, "seats": seats, "games": games})
        events.append(
            {
                "key": f"{date.isoformat()}-abend",
                "name": "Vereinsabend",
                "date": date.isoformat(),
                "ruleset": "isko",
                "rounds": [{"number": 1, "tables": table_rows}],
            }
        )
    return {
        "format": "skatclub-archive/1",
        "club": {"name": club_name},
        "players": players,
        "events": events,
    }


def flagged_lists(evenings: int, tables: int = 3, flagged_every: int = 11) -> int:
    """How many lists of `history_archive` hold a game kept "abweichend erfasst"."""
    return (evenings * tables) // flagged_every if flagged_every else 0


def import_history(folder: Path, data: dict[str, Any], name: str = "verein.json") -> HistoryImport:
    """Import the archive as recorded; the import it is recorded as."""
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    import_file(path, as_recorded=True)
    return HistoryImport.objects.get(name=name)
