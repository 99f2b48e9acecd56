"""The game mix of benchmarks/big_day.py and the values it knows without the engine.

Every line the phones enter comes from a worked case of `tests/scoring/data/engine_cases.jsonl`
(ISkO cases with an expected value; the Offiziersskat, Preisskat and refused-bid cases are left
out): the case's request written in club notation (`docs/handbuch/kurzschrift.md`) and the
value the case expects (`expect.list_score`, or `expect.scores` of a Ramsch), written there by
hand, never computed by the engine. The end of the run compares every stored game with it.

The mix is drawn per game, seeded, from club frequencies (`WEIGHTS`, the shares of a
tournament list: about two thirds suit games, a fifth Grand, Null in one game of twelve, Kontra
in one of thirty, Re rarely, a few overbid or conceded games, eingepasst in one of forty). At
the tables of the house-rules event (Kontra/Re, Bockrunden, Ramsch) a deal everyone passed is
ramsched (`RAMSCH_SHARE`: one deal in about sixteen, as where Ramsch is played every time all
pass, which a Ramsch house rule makes more frequent than eingepasst).

Bock: a Bockrunde doubles a game's value once per level (cases I033/I047: Kreuz mit 1 24, Bock
48). The stored value of a game at the Bockrunden event is checked against the case's value ×
2^level, the level being the one stored with the game: the value per level is checked
independently, the level itself (which games the Bockrunden cover) only for consistency with
the engine's `rebock`. The cases with a Bock of their own (`B` in the line) are left out: a
typed Bock would override the Bockrunde.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parent.parent / "tests" / "scoring" / "data" / "engine_cases.jsonl"
TYPES = {
    "clubs": "Kr",
    "spades": "Pi",
    "hearts": "He",
    "diamonds": "Ka",
    "grand": "Gr",
    "null": "Null",
}
# Shares of a tournament list (per 1,000 games): what a club's lists show, roughly.
WEIGHTS = {
    "suit": 560,
    "suit hand": 80,
    "grand": 150,
    "grand hand": 40,
    "null": 70,
    "kontra": 30,
    "re": 5,
    "overbid": 20,
    "conceded": 15,
    "passed": 30,
}
RAMSCH_SHARE = 0.06  # at the house-rules event: deals everyone passed and then ramsched


@dataclass(frozen=True)
class Case:
    """A worked case as the phones enter it: `line` without the declarer's seat."""

    key: str
    kind: str  # a WEIGHTS key, or "ramsch"
    line: str
    value: int  # the expected list value (a Ramsch: 0, see `scores`)
    scores: tuple[int, ...] = ()  # a Ramsch: each ramsching seat's expected score, in order


@dataclass(frozen=True)
class Played:
    """One game as a phone means it: the case and the whole line (seat included)."""

    case: Case
    line: str
    seats: tuple[int, ...] = ()  # a Ramsch: the seats of `case.scores`, in order


def game_line(request: dict[str, Any]) -> str:
    """A game request of `docs/spec/engine-cli.md` in club notation, without the seat."""
    game, outcome = request["game"], request["outcome"]
    kind = game["type"]
    parts = [TYPES[kind]]
    if kind != "null":
        matadors = game["matadors"]
        parts.append(f"m{matadors}" if matadors > 0 else f"o{-matadors}")
    if game["ouvert"]:
        parts.append("ouv")
        parts += ["H"] * (kind == "null" and game["hand"])
    else:
        parts += ["H"] * game["hand"]
        if game["schwarz_announced"]:
            parts.append("ZA")
        elif game["schneider_announced"]:
            parts.append("SA")
    if game["bid"] is not None:
        parts.append(f"r{game['bid']}")
    parts += ["K"] * game["kontra"] + ["Re"] * game["re"]
    if game["bock"]:
        parts.append("B" if game["bock"] == 1 else f"B{game['bock']}")
    if outcome["conceded"]:
        return " ".join([*parts, "aufg"])
    if outcome["won"] is False:
        parts.append("v")
    if outcome["declarer_card_points"] is not None:
        parts.append(f"a{outcome['declarer_card_points']}")
    tricks = outcome["declarer_tricks"]
    if tricks is None and outcome["defender_tricks"] is not None:
        tricks = 10 - outcome["defender_tricks"]
    if tricks is not None:
        parts.append(f"t{tricks}")
    return " ".join(parts)


def kind_of(request: dict[str, Any], expect: dict[str, Any]) -> str:
    game, outcome = request["game"], request["outcome"]
    if outcome["conceded"]:
        return "conceded"
    if expect.get("overbid"):
        return "overbid"
    if game["re"]:
        return "re"
    if game["kontra"]:
        return "kontra"
    if game["type"] == "null":
        return "null"
    hand = " hand" if game["hand"] else ""
    return ("grand" if game["type"] == "grand" else "suit") + hand


def load_cases(path: Path = CASES) -> list[Case]:
    """The ISkO cases the day plays: games with a list value (no Bock of their own),
    eingepasst, and the Ramsch deals."""
    cases = []
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.strip():
            continue
        case = json.loads(text)
        request, expect = case["request"], case["expect"]
        if request.get("ruleset") != "isko":
            continue
        if request["kind"] == "passed":
            cases.append(Case(case["id"], "passed", "p", expect["list_score"]))
        elif request["kind"] == "ramsch":
            cases.append(Case(case["id"], "ramsch", "", 0, tuple(expect["scores"])))
        elif request["kind"] == "game" and expect.get("list_score") is not None:
            if request["game"]["bock"]:
                continue  # a Bock of its own: only where Bock is a house rule without rounds
            line = game_line(request)
            cases.append(Case(case["id"], kind_of(request, expect), line, expect["list_score"]))
    return cases


def ramsch_requests(path: Path = CASES) -> dict[str, dict[str, Any]]:
    found = {}
    for text in path.read_text(encoding="utf-8").splitlines():
        if text.strip():
            case = json.loads(text)
            if case["request"]["kind"] == "ramsch" and case["request"]["ruleset"] == "isko":
                found[case["id"]] = case["request"]["ramsch"]
    return found


def ramsch_line(deal: dict[str, Any], seats: tuple[int, ...]) -> str:
    """A Ramsch case's deal at the table's three playing `seats` (in the case's order)."""
    parts = [
        "R",
        *(f"{seat}:{points}" for seat, points in zip(seats, deal["card_points"], strict=True)),
    ]
    parts += [f"s{deal['pushes']}"] * bool(deal["pushes"])
    parts += [f"k{deal['knocks']}"] * bool(deal["knocks"])
    marched = [seat for seat, tricks in zip(seats, deal["tricks"], strict=True) if tricks == 10]
    if marched:
        parts.append(f"d{marched[0]}")
    else:
        parts += [
            f"j{seat}" for seat, tricks in zip(seats, deal["tricks"], strict=True) if tricks == 0
        ]
    return " ".join(parts)


class Mix:
    """Draws the day's games, seeded: a case by `WEIGHTS`, then one case of that kind."""

    def __init__(self, seed: int, cases: list[Case] | None = None) -> None:
        self.rng = random.Random(seed)
        self.cases = load_cases() if cases is None else cases
        self.deals = ramsch_requests()
        self.by_kind: dict[str, list[Case]] = {}
        for case in self.cases:
            self.by_kind.setdefault(case.kind, []).append(case)
        self.kinds = [kind for kind in WEIGHTS if kind in self.by_kind]
        self.weights = [WEIGHTS[kind] for kind in self.kinds]

    def draw(self, number: int, *, house: bool, size: int = 4) -> Played:
        """Game `number` at a table of `size`; `house`: the event with Ramsch and Bockrunden."""
        from scoring import playing_positions

        playing = tuple(playing_positions(size, number))
        if house and "ramsch" in self.by_kind and self.rng.random() < RAMSCH_SHARE:
            case = self.rng.choice(self.by_kind["ramsch"])
            return Played(case, ramsch_line(self.deals[case.key], playing), playing)
        kind = self.rng.choices(self.kinds, self.weights)[0]
        case = self.rng.choice(self.by_kind[kind])
        if case.line == "p":
            return Played(case, "p")
        return Played(case, f"{self.rng.choice(playing)} {case.line}")

    def table(self) -> str:
        """The cases by kind, for the report's first lines."""
        return ", ".join(f"{kind} {len(self.by_kind[kind])}" for kind in sorted(self.by_kind))


def expected_scores(played: Played, level: int) -> dict[int, int]:
    """A Ramsch's expected score per seat at Bock `level` (the others at the table 0)."""
    factor = 2**level
    return {
        seat: score * factor for seat, score in zip(played.seats, played.case.scores, strict=True)
    }


def expected_value(played: Played, level: int) -> int:
    """A game's expected list value at Bock `level` (eingepasst: 0)."""
    value: int = played.case.value * 2**level
    return value
