"""A synthetic club history, game by game, as a real club's own program kept it (issue 29).

`club_history()` builds a `skatclub-archive/1` document of about 20 evenings at one table of
3 or 4 players, with what real histories hold and the rules refuse or do not know:

- Serien longer than the table allows (40 games at a 3-table, where the default is 36);
- Ramsch with the club's loss cap (`ramsch_rules.loss_cap`, 250): a Ramsch worth −280 counts
  −250, as the rules with the cap say (so it is not flagged);
- Ramsch whose points were typed as Augen (a quick entry of 250 "Augen"), once with the
  list's value as `recorded.list_scores` and once without;
- games recorded as won although overbid (Karo mit 1 at Reizwert 20, recorded +18).

Along with the archive it returns what the club's list says, computed here without the
engine: every player's list score, games won and lost and others' lost per evening
(`ClubHistory.evenings`), and every game the import must flag, with its kind
(`ClubHistory.flagged`). Deterministic for a given seed.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

CAP = 250
PLAYERS = [
    ("anna", "Anna Albers"),
    ("bernd", "Bernd Brandt"),
    ("carla", "Carla Conrad"),
    ("dieter", "Dieter Dorn"),
    ("emil", "Emil Ebert"),
]
# Suit games "mit/ohne 1, Spiel 2": 2 × Grundwert, lost doubled (rules §5, ISkO).
SUITS = {"clubs": 12, "spades": 11, "hearts": 10, "diamonds": 9}
LONG_ROUND = 40
ROUND_LENGTH = {3: 36, 4: 48}
# Evening index (mod 12) -> what its list holds besides ordinary games and Ramsch.
SPECIAL = {0: "typed", 4: "typed", 8: "typed_bare", 1: "overbid", 5: "overbid", 9: "overbid"}


@dataclass
class Totals:
    """One player's line of one evening as the club's list adds it up."""

    list_score: int = 0
    won: int = 0
    lost: int = 0
    others_lost: int = 0


@dataclass
class ClubHistory:
    archive: dict[str, Any]
    # event key -> player key -> the club's sums for that evening
    evenings: dict[str, dict[str, Totals]] = field(default_factory=dict)
    # (event key, Serie, table, game number) -> "overbid_won" | "typed_augen"
    flagged: dict[tuple[str, int, int, int], str] = field(default_factory=dict)
    # event key -> table size -> the Serie length the archive needs (longer than the default)
    long_rounds: dict[str, dict[int, int]] = field(default_factory=dict)

    @property
    def game_count(self) -> int:
        return sum(
            len(t["games"])
            for e in self.archive["events"]
            for r in e["rounds"]
            for t in r["tables"]
        )

    def season_totals(self) -> dict[str, Totals]:
        """Per player: the sums over every evening."""
        season: dict[str, Totals] = defaultdict(Totals)
        for evening in self.evenings.values():
            for key, line in evening.items():
                total = season[key]
                total.list_score += line.list_score
                total.won += line.won
                total.lost += line.lost
                total.others_lost += line.others_lost
        return dict(season)


def club_history(seed: int = 29, evenings: int = 20, year: int = 2024) -> ClubHistory:
    """The archive and the club's own totals; evening n is on day n of the year's months."""
    rng = random.Random(seed)
    history = ClubHistory(
        {
            "format": "skatclub-archive/1",
            "club": {"name": "Skatfreunde Beispielstadt"},
            "players": [{"key": k, "name": n} for k, n in PLAYERS],
            "events": [],
        }
    )
    for index in range(evenings):
        history.archive["events"].append(_evening(rng, history, index, year))
    return history


def _evening(rng: random.Random, history: ClubHistory, index: int, year: int) -> dict[str, Any]:
    key = f"{year}-{index % 12 + 1:02d}-{index // 12 + 1:02d}-clubabend"
    size = 3 if index % 2 == 0 else 4
    seats = rng.sample([k for k, _ in PLAYERS], size)
    length = (
        LONG_ROUND
        if size == 3 and index % 4 == 0
        else rng.randint(ROUND_LENGTH[size] - 6, ROUND_LENGTH[size])
    )
    if length > ROUND_LENGTH[size]:
        history.long_rounds[key] = {size: length}
    totals = {k: Totals() for k in seats}
    history.evenings[key] = totals
    special = SPECIAL.get(index % 12, "")
    games = [
        _game(rng, history, key, seats, totals, number, special) for number in range(1, length + 1)
    ]
    return {
        "key": key,
        "name": f"Clubabend {index + 1}",
        "date": f"{year}-{index % 12 + 1:02d}-{index // 12 + 1:02d}",
        "ruleset": "isko",
        "house_rules": {"ramsch": True},
        "ramsch_rules": {"loss_cap": CAP},
        "rounds": [{"number": 1, "tables": [{"number": 1, "seats": seats, "games": games}]}],
    }


def playing_seats(size: int, number: int) -> list[int]:
    """Seat positions (from 1) that play game `number`: at a 4-table the dealer sits out."""
    dealer = (number - 1) % size + 1
    return [p for p in range(1, size + 1) if size == 3 or p != dealer]


def _game(
    rng: random.Random,
    history: ClubHistory,
    key: str,
    seats: list[str],
    totals: dict[str, Totals],
    number: int,
    special: str,
) -> dict[str, Any]:
    playing = playing_seats(len(seats), number)
    roll = rng.random()
    if number == 5:  # every evening: a Ramsch the cap limits (70 × 2 × 2 = 280 -> 250)
        return _ramsch(seats, totals, playing, (70, 50, 0), pushes=1, virgin=True)
    if number == 7 and special.startswith("typed"):
        recorded = special == "typed"
        return _typed_augen(history, key, seats, totals, playing, number, recorded=recorded)
    if number == 9 and special == "overbid":
        return _overbid_won(history, key, seats, totals, playing, number)
    if roll < 0.06:
        return {"passed": True}
    if roll < 0.12:
        return _ramsch(seats, totals, playing, (55, 40, 25), pushes=0, virgin=False)
    return _suit_game(rng, seats, totals, playing)


def _suit_game(
    rng: random.Random, seats: list[str], totals: dict[str, Totals], playing: list[int]
) -> dict[str, Any]:
    suit = rng.choice(list(SUITS))
    declarer = seats[rng.choice(playing) - 1]
    won = rng.random() < 0.7
    augen = rng.randint(61, 89) if won else rng.randint(31, 60)
    value = 2 * SUITS[suit]
    _count(totals, seats, declarer, value if won else -2 * value, won)
    return {
        "declarer": declarer,
        "game": {"type": suit, "matadors": rng.choice((1, -1)), "bid": 18},
        "outcome": {"declarer_card_points": augen},
    }


def _ramsch(
    seats: list[str],
    totals: dict[str, Totals],
    playing: list[int],
    augen: tuple[int, int, int],
    *,
    pushes: int,
    virgin: bool,
) -> dict[str, Any]:
    loser = playing[0]
    factor = 2 ** (pushes + (1 if virgin else 0))
    totals[seats[loser - 1]].list_score += max(-augen[0] * factor, -CAP)
    return {
        "ramsch": {
            "card_points": [[seat, points] for seat, points in zip(playing, augen, strict=True)],
            "pushes": pushes,
            "knocks": 0,
            "virgins": [playing[2]] if virgin else [],
            "durchmarsch": None,
            "last_trick": None,
            "bock": 0,
        }
    }


def _typed_augen(
    history: ClubHistory,
    key: str,
    seats: list[str],
    totals: dict[str, Totals],
    playing: list[int],
    number: int,
    *,
    recorded: bool,
) -> dict[str, Any]:
    """The club's program took the Ramsch's points in the Augen column: "250 Augen"."""
    loser = playing[1]
    totals[seats[loser - 1]].list_score -= CAP
    history.flagged[(key, 1, 1, number)] = "typed_augen"
    game: dict[str, Any] = {
        "ramsch": {
            "card_points": [[loser, CAP]],
            "pushes": 0,
            "knocks": 0,
            "virgins": [],
            "durchmarsch": None,
            "last_trick": None,
            "bock": 0,
        }
    }
    if recorded:
        game["recorded"] = {"list_scores": [[loser, -CAP]]}
    return game


def _overbid_won(
    history: ClubHistory,
    key: str,
    seats: list[str],
    totals: dict[str, Totals],
    playing: list[int],
    number: int,
) -> dict[str, Any]:
    """Karo mit 1 is worth 18, bid 20: overbid, so lost by the rules; the list says won +18."""
    declarer = seats[playing[0] - 1]
    _count(totals, seats, declarer, 18, won=True)
    history.flagged[(key, 1, 1, number)] = "overbid_won"
    return {
        "declarer": declarer,
        "game": {"type": "diamonds", "matadors": 1, "bid": 20},
        "outcome": {"won": True},
        "recorded": {"list_score": 18},
    }


def _count(
    totals: dict[str, Totals], seats: list[str], declarer: str, value: int, won: bool
) -> None:
    line = totals[declarer]
    line.list_score += value
    if won:
        line.won += 1
        return
    line.lost += 1
    for other in seats:  # everybody at the table counts the declarer's lost game
        if other != declarer:
            totals[other].others_lost += 1
