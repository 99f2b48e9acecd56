"""Run by tests/club/test_backup_under_load.py in a process of its own, on a SQLite file.

    python -m tests.club.backup_under_load write DIR   # 8 tables save games; a backup midway
    python -m tests.club.backup_under_load check FILE  # that backup: consistent? complete?

`write` seats 32 players at 8 tables and lets 8 threads (the tables' phones) save 48 games
each through `services.record_game`, each in its own connection. When 80 games are saved,
the main thread takes `backup()` while the others go on saving. It writes DIR/acknowledged.json:
the games acknowledged before the backup started, and the backup's path.
`check` opens the backup and prints JSON: the games it holds, the acknowledged ones it lacks,
and the seats whose stored sums differ from a recomputation.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
from pathlib import Path

import django


def setup(database: Path) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ["SKATCLUB_DATA"] = str(database.parent)
    os.environ["DJANGO_SETTINGS_MODULE"] = "skatclub.settings"
    django.setup()


TABLES, GAMES = 8, 48


def write(folder: Path) -> None:
    setup(folder / "club.sqlite3")
    import datetime

    from django.core.management import call_command
    from django.db import connection

    from scoring import playing_positions
    from skatclub.club import services
    from skatclub.club.backup import backup
    from skatclub.club.models import Event, Player, Season, Table
    from tests.helpers.factories import enter

    call_command("migrate", verbosity=0)
    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="last", name="Unter Last", date=datetime.date(2026, 11, 24), season=season
    )
    players = [Player.objects.create(key=f"p{n}", name=f"Spieler {n}") for n in range(32)]
    seating = [players[n : n + 4] for n in range(0, 32, 4)]
    services.create_round(event=event, number=1, tables=seating)
    table_ids = list(Table.objects.order_by("number").values_list("pk", flat=True))
    connection.close()
    acknowledged: list[tuple[int, int]] = []
    lock = threading.Lock()

    def phone(table_id: int) -> None:
        rng = random.Random(table_id)
        table = Table.objects.get(pk=table_id)
        for number in range(1, GAMES + 1):
            seat = rng.choice(playing_positions(4, number))
            enter(table, number, seat, rng.choice(["Kr m2 H", "Gr o1 v", "Pi m1", "Null"]))
            with lock:
                acknowledged.append((table_id, number))
        connection.close()

    threads = [threading.Thread(target=phone, args=(pk,)) for pk in table_ids]
    for thread in threads:
        thread.start()
    while len(acknowledged) < 80:
        time.sleep(0.005)
    with lock:
        before = list(acknowledged)
    path = backup(reason="unter-last")
    for thread in threads:
        thread.join()
    report = {"before": before, "backup": str(path), "all": len(acknowledged)}
    (folder / "acknowledged.json").write_text(json.dumps(report))


def check(file: Path, acknowledged: Path) -> None:
    setup(file)
    from django.db import transaction

    from skatclub.club.models import Game, Seat
    from skatclub.club.services.seat_sums import SEAT_RESULT_FIELDS, refresh_results

    stored = {s.pk: tuple(getattr(s, f) for f in SEAT_RESULT_FIELDS) for s in Seat.objects.all()}
    with transaction.atomic():
        refresh_results(table_ids=list(Seat.objects.values_list("table_id", flat=True)))
        again = {s.pk: tuple(getattr(s, f) for f in SEAT_RESULT_FIELDS) for s in Seat.objects.all()}
        transaction.set_rollback(True)
    games = set(Game.objects.values_list("table_id", "number"))
    before = {tuple(pair) for pair in json.loads(acknowledged.read_text())["before"]}
    result = {
        "games": len(games),
        "missing": sorted(before - games),
        "differ": sorted(pk for pk in stored if stored[pk] != again[pk]),
        "seats": len(stored),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(Path(sys.argv[2]))
    else:
        check(Path(sys.argv[2]), Path(sys.argv[3]))
