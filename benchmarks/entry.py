"""Benchmark: server time per entered game on the entry page, with 40 tables already played.

    python benchmarks/entry.py                # 40 full tables in Serie 1, 6 × 48 timed games
    python benchmarks/entry.py --tables 2     # timed tables in Serie 2 (default 6)

Builds a fresh SQLite database (temp file): one event, 160 players, Serie 1 with 40 four-tables
of 48 valued games each (1,920 games), Serie 2 with 40 empty tables. Then enters games into
Serie 2 through the Django test client exactly as the page does, and prints median and p95 of:
  - "fetch": POST with the X-Entry-Partial header (what static/entry.js sends; the answer is the
    updated sheet partial, so this is the whole server time per game),
  - "form": POST without JavaScript (redirect) plus the GET of the redirected page,
  - the parts of one entry measured alone: services.record_game, sheet.score_sheet, rendering
    the partial.
Target: under 30 ms per game (fetch).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TYPES = ["Kr", "Pi", "He", "Ka", "Gr"]


def setup_django(database: Path) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ["DATABASE_URL"] = f"sqlite:///{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatclub.settings")
    os.environ.setdefault("DEBUG", "0")  # production setting: no query log, no debug pages
    os.environ.setdefault("SECRET_KEY", "benchmark-only-not-secret")
    os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def sample_line(rng: random.Random, table_size: int, number: int) -> str:
    """A legal paper-list line for game `number`: the declarer is one of the playing seats."""
    from scoring import playing_positions

    if rng.random() < 0.05:
        return "p"
    seat = rng.choice(playing_positions(table_size, number))
    if rng.random() < 0.1:
        return f"{seat} Null{rng.choice(['', ' H', ' ouv', ' ouv H'])}{rng.choice(['', ' v'])}"
    game = rng.choice(TYPES)
    spitzen = f"{rng.choice('mo')}{rng.randint(1, 4 if game == 'Gr' else 3)}"
    extras = [t for t, p in (("H", 0.2), ("S", 0.15), ("v", 0.25)) if rng.random() < p]
    return " ".join([str(seat), game, spitzen, *extras])


def build(seed: int) -> tuple[object, list[object]]:
    import datetime

    from django.contrib.auth.models import User

    from skatclub.club import services
    from skatclub.club.entry_line import parse_line
    from skatclub.club.models import Event, Game, Player, Round, Season, Seat, Table
    from skatclub.club.roles import SPIELWART
    from skatclub.club.services.users import grant
    from skatclub.club.tenancy import home_club

    user = User.objects.create_user("bench", password="x")
    grant(user, home_club().pk, SPIELWART)
    season = Season.objects.create(year=2026)
    event = Event.objects.create(
        key="bench",
        name="Benchmark",
        date=datetime.date(2026, 1, 9),
        season=season,
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
    )
    players = Player.objects.bulk_create(
        Player(key=f"p{i}", name=f"Spieler {i}") for i in range(160)
    )
    rng = random.Random(seed)
    games = []
    timed = []
    for number in (1, 2):
        round_ = Round.objects.create(event=event, number=number, seating="draw", seed=str(seed))
        order = players[:]
        rng.shuffle(order)
        for t in range(40):
            table = Table.objects.create(round=round_, number=t + 1)
            Seat.objects.bulk_create(
                Seat(table=table, round=round_, position=p + 1, player=pl)
                for p, pl in enumerate(order[4 * t : 4 * t + 4])
            )
            if number == 2:
                timed.append(table)
                continue
            for n in range(1, 49):
                line = parse_line(sample_line(rng, 4, n), 4)
                if line.passed_in:
                    games.append(Game(table=table, number=n, **services.PASSED_FIELDS))
                    continue
                assert line.declaration is not None and line.outcome is not None
                fields = services.valued_game(
                    event=event, declaration=line.declaration, outcome=line.outcome
                ).fields()
                games.append(
                    Game(table=table, number=n, declarer=order[4 * t + line.seat - 1], **fields)
                )
    Game.objects.bulk_create(games)
    return user, timed


def percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def run(user: object, tables: list[object], seed: int) -> dict[str, list[float]]:
    from django.test import Client

    # Start up as the server does (skatclub/wsgi.py): views loaded, the heap frozen for gc.
    import skatclub.wsgi  # noqa: F401

    client = Client()
    client.force_login(user)
    rng = random.Random(seed + 1)
    timings: dict[str, list[float]] = {"fetch": [], "form": []}
    for index, table in enumerate(tables):
        url = table.get_absolute_url()
        mode = "fetch" if index % 2 == 0 else "form"
        client.get(url)  # warm: the Spielwart opens the page once
        for number in range(1, 49):
            line = sample_line(rng, 4, number)
            started = time.perf_counter()
            if mode == "fetch":
                response = client.post(
                    url, {"line": line, "number": number}, HTTP_X_ENTRY_PARTIAL="1"
                )
            else:
                response = client.post(url, {"line": line, "number": number})
                client.get(url)
            timings[mode].append((time.perf_counter() - started) * 1000)
            assert response.status_code in (200, 302), (line, response.status_code)
    return timings


def parts(user: object, table: object, seed: int) -> dict[str, list[float]]:
    """Where the time goes: the service write, the sheet read, the partial render."""
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    from skatclub.club import services
    from skatclub.club.entry_line import parse_line
    from skatclub.club.queries.score_sheet import score_sheet
    from skatclub.club.views.entry import _entry_context
    from skatclub.club.views.lookups import seated_players

    rng = random.Random(seed + 2)
    seats = seated_players(table)
    request = RequestFactory().get("/")
    request.user = user
    timings: dict[str, list[float]] = {"record_game": [], "score_sheet": [], "render": []}
    for number in range(1, 49):
        line = parse_line(sample_line(rng, 4, number), 4)
        started = time.perf_counter()
        services.record_game(
            table=table,
            number=number,
            declarer=seats[line.seat] if line.seat else None,
            declaration=line.declaration,
            outcome=line.outcome,
            user=user,
            expected_version=0,
        )
        timings["record_game"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        sheet = score_sheet(table)
        timings["score_sheet"].append((time.perf_counter() - started) * 1000)
        started = time.perf_counter()
        render_to_string("club/_entry_main.html", _entry_context(table, sheet), request=request)
        timings["render"].append((time.perf_counter() - started) * 1000)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=6, help="tables of Serie 2 to enter")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(Path(tmp) / "bench.sqlite3")
        started = time.perf_counter()
        user, tables = build(args.seed)
        print(f"setup: 40 tables × 48 games in Serie 1 ({time.perf_counter() - started:.1f} s)")
        timings = run(user, tables[: args.tables], args.seed)
        timings |= parts(user, tables[args.tables], args.seed)
        for mode, samples in timings.items():
            if samples:
                median, p95 = statistics.median(samples), percentile(samples, 0.95)
                print(
                    f"{mode:11} {len(samples):4} games: median {median:5.1f} ms  p95 {p95:5.1f} ms"
                )
        print("target: 'fetch' (all server time per entered game) under 30 ms")


if __name__ == "__main__":
    main()
