"""Demo data: a seeded generator of realistic club archives (pure: no database).

`generate_archive` returns an archive dict (docs/spec/archive-format.md) that the importer
reads: players, a season of events per year, Serien at 3-, 4- and 5-tables, game-by-game and
totals-only tables. Every game is drawn from plausible club distributions (Grand about a
quarter of the games, mostly "mit/ohne 1-2", a few Hand, Null and overbid games, some lost,
some passed) and then valued by the engine, which refuses anything illegal; refused draws are
drawn again, so every generated game is legal; table sizes and Serie lengths are the
engine's. Same seed, same archive. `loader.py` puts the demo club into the database.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring import (
    GAMES_PER_ROUND,
    NULL_VALUES,
    SUIT_BASE_VALUES,
    Declaration,
    GameType,
    Outcome,
    Ruleset,
    ScoringError,
    legal_bids,
    playing_positions,
    table_sizes,
    valuation,
)

FIRST_NAMES = [
    "Anna",
    "Bernd",
    "Carla",
    "Dieter",
    "Emil",
    "Frieda",
    "Gerd",
    "Hanna",
    "Ingo",
    "Jana",
    "Karl",
    "Lena",
    "Max",
    "Nora",
    "Otto",
    "Paula",
    "Rudi",
    "Sabine",
    "Theo",
    "Ute",
    "Volker",
    "Wilma",
    "Xaver",
    "Yvonne",
    "Zacharias",
    "Birgit",
    "Heinz",
    "Monika",
    "Jürgen",
    "Renate",
]
SURNAMES = [
    "Albers",
    "Brandt",
    "Claus",
    "Dahl",
    "Ernst",
    "Fink",
    "Gold",
    "Hahn",
    "Igel",
    "Jung",
    "Kurz",
    "Lang",
    "Möller",
    "Neumann",
    "Ott",
    "Peters",
    "Richter",
    "Schulz",
    "Thiel",
    "Ulrich",
    "Vogt",
    "Wolf",
    "Zander",
    "Becker",
    "Hoffmann",
    "Krause",
    "Lehmann",
    "Schmidt",
]
MONTHS = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]
TYPE_WEIGHTS = {
    "grand": 24,
    "clubs": 19,
    "spades": 17,
    "hearts": 17,
    "diamonds": 16,
    "null": 7,
}
SUIT_MATADORS = {1: 45, 2: 27, 3: 14, 4: 8, 5: 4, 6: 2}
GRAND_MATADORS = {1: 50, 2: 30, 3: 13, 4: 7}
PASSED_SHARE = 0.04
PAPER_SHARE = 0.6  # results written as on a paper list (won/Schneider) instead of Augen


def _pick(rng: random.Random, weights: dict[Any, int]) -> Any:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


# --- one game -----------------------------------------------------------------------------


def random_game(
    rng: random.Random, ruleset: Ruleset = Ruleset.ISKO, *, kontra: bool = False
) -> tuple[dict[str, Any], dict[str, Any], int, bool]:
    """(game, outcome, list_score, won) of one legal game, valued by the engine."""
    while True:
        game, outcome = _draw(rng, ruleset, kontra)
        try:
            played = valuation(Declaration.from_dict(game), Outcome.from_dict(outcome), ruleset)
        except ScoringError:
            continue  # an illegal draw (e.g. 119 Augen): draw again
        outcome = _paper_form(game, outcome, played, ruleset, rng)
        return game, outcome, played.list_score, bool(played.won)


def _draw(
    rng: random.Random, ruleset: Ruleset, kontra: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    kind = _pick(rng, TYPE_WEIGHTS)
    if kind == "null":
        return _draw_null(rng, ruleset)
    hand = rng.random() < 0.1
    announced = hand and rng.random() < 0.05
    ouvert = kind == "grand" and announced and rng.random() < 0.1
    magnitude = _pick(rng, GRAND_MATADORS if kind == "grand" else SUIT_MATADORS)
    matadors = magnitude if rng.random() < 0.55 else -magnitude
    game: dict[str, Any] = {"type": kind, "matadors": matadors}
    if hand:
        game["hand"] = True
    if announced:
        game["schneider_announced"] = True
    if ouvert:
        game["ouvert"] = True
    game["bid"] = _bid(rng, ruleset, kind, magnitude, hand, announced, ouvert)
    if kontra and rng.random() < 0.04:
        game["kontra"] = True
        if rng.random() < 0.25:
            game["re"] = True
    return game, _draw_play(rng, kind, announced, ouvert)


def _bid(
    rng: random.Random,
    ruleset: Ruleset,
    kind: str,
    magnitude: int,
    hand: bool,
    announced: bool,
    ouvert: bool,
) -> int | None:
    if rng.random() < 0.03:
        return None  # Vorhand took the game without a bid
    levels = magnitude + 1 + hand + 2 * announced + 3 * ouvert
    least = levels * SUIT_BASE_VALUES[GameType(kind)]
    bids = legal_bids(ruleset)
    if not hand and rng.random() < 0.03:
        # Bid higher than the game makes einfach: lost as überreizt unless Schneider comes.
        reachable = (magnitude + 3) * SUIT_BASE_VALUES[GameType(kind)]
        higher = [b for b in bids if least < b <= reachable]
        if higher:
            return rng.choice(higher)
    allowed = [b for b in bids if b <= least]
    return max(rng.choice(allowed), rng.choice(allowed))  # bidding usually goes near the value


def _draw_play(rng: random.Random, kind: str, announced: bool, ouvert: bool) -> dict[str, Any]:
    win = rng.random() < (0.82 if kind == "grand" else 0.76) - (0.2 if announced else 0)
    if ouvert or (announced and win and rng.random() < 0.2):
        return (
            {"declarer_card_points": 120, "declarer_tricks": 10, "defender_tricks": 0}
            if win
            else {"declarer_card_points": rng.randint(70, 118)}
        )
    if win:
        if announced or rng.random() < 0.12:
            return {"declarer_card_points": rng.randint(90, 118)}
        if rng.random() < 0.02:
            return {"declarer_card_points": 120, "declarer_tricks": 10, "defender_tricks": 0}
        return {"declarer_card_points": rng.randint(61, 89)}
    if rng.random() < 0.07:
        return {"declarer_card_points": rng.randint(2, 30)}
    return {"declarer_card_points": rng.randint(31, 90 if announced else 60)}


def _draw_null(rng: random.Random, ruleset: Ruleset) -> tuple[dict[str, Any], dict[str, Any]]:
    hand, ouvert = _pick(
        rng, {(False, False): 50, (True, False): 20, (False, True): 20, (True, True): 10}
    )
    game: dict[str, Any] = {"type": "null"}
    if hand:
        game["hand"] = True
    if ouvert:
        game["ouvert"] = True
    value = NULL_VALUES[(hand, ouvert)]
    game["bid"] = rng.choice([b for b in legal_bids(ruleset) if b <= value])
    return game, {"won": rng.random() < (0.78 if ouvert else 0.7)}


def _paper_form(
    game: dict[str, Any],
    outcome: dict[str, Any],
    played: Any,
    ruleset: Ruleset,
    rng: random.Random,
) -> dict[str, Any]:
    """Most clubs write "won, Schneider" rather than Augen; keep Augen when that says more."""
    if game["type"] == "null" or rng.random() >= PAPER_SHARE or played.overbid:
        return outcome
    paper: dict[str, Any] = {"won": played.won, "schneider": played.schneider}
    if played.schwarz:
        paper["schwarz"] = True
    try:
        again = valuation(Declaration.from_dict(game), Outcome.from_dict(paper), ruleset)
    except ScoringError:
        return outcome
    return paper if again.list_score == played.list_score else outcome


# --- tables, Serien, events ---------------------------------------------------------------


def random_table(
    rng: random.Random,
    number: int,
    seats: list[str],
    length: int,
    ruleset: Ruleset,
    *,
    kontra: bool,
    totals: bool,
) -> dict[str, Any]:
    size = len(seats)
    games: list[dict[str, Any]] = []
    sums = {key: [0, 0, 0] for key in seats}  # list score, won, lost
    for game_number in range(1, length + 1):
        if rng.random() < PASSED_SHARE:
            games.append({"passed": True})
            continue
        declarer = seats[rng.choice(playing_positions(size, game_number)) - 1]
        game, outcome, list_score, won = random_game(rng, ruleset, kontra=kontra)
        games.append({"declarer": declarer, "game": game, "outcome": outcome})
        line = sums[declarer]
        line[0] += list_score
        line[1 if won else 2] += 1
    if not totals:
        return {"number": number, "seats": seats, "games": games}
    return {
        "number": number,
        "seats": seats,
        "totals": [
            {"player": key, "list_score": s[0], "won": s[1], "lost": s[2]}
            for key, s in sums.items()
        ],
    }


def random_round(
    rng: random.Random,
    number: int,
    present: list[str],
    ruleset: Ruleset,
    *,
    five: bool,
    kontra: bool,
    totals_share: float,
) -> dict[str, Any]:
    order = list(present)
    rng.shuffle(order)  # the draw (Auslosung)
    tables = []
    start = 0
    for index, size in enumerate(table_sizes(len(order), allow_five=five), start=1):
        seats = order[start : start + size]
        start += size
        length = GAMES_PER_ROUND[size]
        if rng.random() < 0.05:
            length = rng.randint(length * 2 // 3, length - 1)  # Serie broken off early
        tables.append(
            random_table(
                rng,
                index,
                seats,
                length,
                ruleset,
                kontra=kontra,
                totals=rng.random() < totals_share,
            )
        )
    return {"number": number, "tables": tables}


@dataclass(frozen=True)
class EventKind:
    name: str
    slug: str
    ruleset: str
    settlement: dict[str, Any] | None
    kontra: bool = False


CLUB_EVENING = EventKind(
    "Clubabend",
    "clubabend",
    "isko",
    {"cents_per_point": "1/10", "lost_game_fees_cents": [50, 50, 50, 100]},
)
PREISSKAT = EventKind(
    "Preisskat",
    "preisskat",
    "preisskat",
    {"cents_per_point": "1/4", "lost_game_fees_cents": [50, 50, 50, 100]},
)
KONTRA_EVENING = EventKind("Kontra-Abend", "kontra-abend", "isko", None, kontra=True)
TOURNAMENT = EventKind("Vereinsmeisterschaft", "meisterschaft", "isko", None)


def event_kind(index: int) -> EventKind:
    if index % 6 == 3:
        return PREISSKAT
    if index % 8 == 5:
        return KONTRA_EVENING
    if index % 12 == 11:
        return TOURNAMENT
    return CLUB_EVENING


def random_event(
    rng: random.Random,
    index: int,
    date: datetime.date,
    players: Sequence[dict[str, Any]],
    *,
    rounds: tuple[int, int],
    totals_share: float,
    force_five: bool,
) -> dict[str, Any]:
    kind = event_kind(index)
    members = [p["key"] for p in players if not p.get("guest")]
    guests = [p["key"] for p in players if p.get("guest")]
    present = [k for k in members if rng.random() < 0.85]
    present += [k for k in guests if rng.random() < 0.3]
    if force_five:
        while 5 not in table_sizes(len(present), allow_five=True):
            present.pop()
    while len(present) < 6:
        present.append(next(k for k in members + guests if k not in present))
    ruleset = Ruleset(kind.ruleset)
    event: dict[str, Any] = {
        "key": f"{date.isoformat()}-{kind.slug}",
        "name": f"{kind.name} {date.day}. {MONTHS[date.month - 1]}",
        "date": date.isoformat(),
        "ruleset": kind.ruleset,
    }
    if kind.kontra:
        event["house_rules"] = {"kontra": True}
    if kind.settlement:
        event["settlement"] = dict(kind.settlement)
    five = force_five or rng.random() < 0.15
    event["rounds"] = [
        random_round(
            rng,
            number,
            present,
            ruleset,
            five=five,
            kontra=kind.kontra,
            totals_share=totals_share,
        )
        for number in range(1, rng.randint(*rounds) + 1)
    ]
    return event


def club_players(members: int, guests: int) -> list[dict[str, Any]]:
    players = []
    for index in range(members + guests):
        first = FIRST_NAMES[index % len(FIRST_NAMES)]
        last = SURNAMES[(index * 7 + index // len(FIRST_NAMES)) % len(SURNAMES)]
        key = first.lower().replace("ü", "ue")
        if index >= len(FIRST_NAMES):
            key = f"{key}-{last.lower().replace('ö', 'oe')}"
        player: dict[str, Any] = {"key": key, "name": f"{first} {last}"}
        if index >= members:
            player["guest"] = True
        players.append(player)
    return players


def generate_archive(
    seasons: int = 1,
    events_per_season: int = 8,
    seed: int = 2026,
    *,
    first_year: int = 2026,
    members: int = 16,
    guests: int = 3,
    rounds: tuple[int, int] = (2, 3),
    totals_share: float = 0.2,
    club_name: str = "Skatfreunde Altenburg",
) -> dict[str, Any]:
    """A club archive: `seasons` years of `events_per_season` events each, fully seeded."""
    rng = random.Random(seed)
    players = club_players(members, guests)
    events = []
    gap = max(1, 350 // events_per_season)
    for season in range(seasons):
        day = datetime.date(first_year + season, 1, 9)
        for index in range(events_per_season):
            date = day + datetime.timedelta(days=gap * index)
            events.append(
                random_event(
                    rng,
                    index,
                    date,
                    players,
                    rounds=rounds,
                    totals_share=totals_share,
                    force_five=index == 1,
                )
            )
    return {
        "format": "skatclub-archive/1",
        "club": {"name": club_name},
        "players": players,
        "events": events,
    }
