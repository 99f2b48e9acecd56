"""The hand-worked league of tests/club/leagues/test_league_day.py: four teams (one of three
players), their won games per Serie and Spieltag, and the Spieltag 1 they played. The fixtures
`division` and `first_day` (tests/conftest.py) build it for the league and security tests.

Every player's totals are `won` games, no lost game, and 30 Spielpunkte per won game, so his
Seeger-Fabian score is 30·w + 50·w = 80·w and a team's Spielpunkte are 80 × its players' w.
"""

from __future__ import annotations

import datetime

from skatclub.club.leagues import setup
from skatclub.club.leagues.models import Division, Matchday, Team
from skatclub.club.models import Player, Round
from skatclub.club.services import TotalLine, record_totals

KEYS = {
    "A": ["a1", "a2", "a3", "a4", "a5"],  # a5 is the substitute
    "B": ["b1", "b2", "b3", "b4"],
    "C": ["c1", "c2", "c3", "c4"],
    "D": ["d1", "d2", "d3"],  # starts with three
}

# Won games (w) per player and Serie of Spieltag 1; team sums of w in the comments.
WON_1 = {
    1: {
        "a1": 4,
        "a2": 3,
        "a3": 2,
        "a4": 1,  # A 10 → 800
        "b1": 2,
        "b2": 2,
        "b3": 2,
        "b4": 2,  # B 8 → 640
        "c1": 5,
        "c2": 1,
        "c3": 1,
        "c4": 1,  # C 8 → 640
        "d1": 2,
        "d2": 2,
        "d3": 2,
    },  # D 6 → 480
    2: {
        "a1": 2,
        "a2": 1,
        "a3": 1,
        "a4": 1,  # A 5 → 400
        "b1": 3,
        "b2": 3,
        "b3": 2,
        "b4": 1,  # B 9 → 720
        "c1": 2,
        "c2": 2,
        "c3": 2,
        "c4": 1,  # C 7 → 560
        "d1": 4,
        "d2": 4,
        "d3": 4,
    },  # D 12 → 960
    3: {
        "a1": 2,
        "a2": 2,
        "a3": 2,
        "a5": 2,  # A 8 → 640 (a5 for a4)
        "b1": 3,
        "b2": 1,
        "b3": 1,
        "b4": 1,  # B 6 → 480
        "c1": 3,
        "c2": 3,
        "c3": 2,
        "c4": 2,  # C 10 → 800
        "d1": 3,
        "d2": 2,
        "d3": 2,
    },  # D 7 → 560
}
# Spieltag 2, one Serie, B did not come; A and C play with three like D (three teams of
# three: three 3-tables).
WON_2 = {"a1": 3, "a2": 2, "a3": 2,  # A 7 → 560
         "c1": 2, "c2": 2, "c3": 2,  # C 6 → 480
         "d1": 1, "d2": 1, "d3": 1}  # D 3 → 240  # fmt: skip


def create_division() -> Division:
    """The Staffel of the four teams, their players created."""
    for keys in KEYS.values():
        for key in keys:
            Player.objects.create(key=key, name=f"Spieler {key.upper()}")
    text = "\n".join(f"Team {team}: {', '.join(keys)}" for team, keys in KEYS.items())
    return setup.create_league(name="Landesliga", year=2026, division="Staffel 1", teams_text=text)


def team(division: Division, letter: str) -> Team:
    return division.teams.get(name=f"Team {letter}")


def players(*keys: str) -> list[Player]:
    return [Player.objects.get(key=k) for k in keys]


def enter_totals(round_: Round, won: dict[str, int]) -> None:
    for table in round_.tables.all():
        lines = [
            TotalLine(s.player, 30 * won[s.player.key], won[s.player.key], 0)
            for s in table.seats.select_related("player")
        ]
        record_totals(table=table, lines=lines)


def play(matchday: Matchday, lineups: dict[str, list[str]], won: dict[str, int]) -> Round:
    division = matchday.division
    chosen = {team(division, t).pk: players(*keys) for t, keys in lineups.items()}
    round_ = setup.seat_league_round(matchday=matchday, lineups=chosen)
    for table in round_.tables.all():
        members = [s.player.key[0] for s in table.seats.select_related("player")]
        assert len(members) == len(set(members)), "two of one team at a table"
    enter_totals(round_, won)
    return round_


def play_first_day(division: Division) -> Matchday:
    """Spieltag 1 with its three Serien entered (a5 for a4 in the third)."""
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division, number=1, date=datetime.date(2026, 3, 7), teams=teams, host=teams[0]
    )
    lineup = {t: KEYS[t][:4] for t in "ABCD"}
    play(day, lineup, WON_1[1])
    play(day, lineup, WON_1[2])
    play(day, {**lineup, "A": ["a1", "a2", "a3", "a5"]}, WON_1[3])
    return day
