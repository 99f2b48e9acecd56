"""Offiziersskat matches in the archive: an optional top-level list `matches` (added to the
format; old archives have none):

    "matches": [{"key": "2026-11-20-anna-bernd", "date": "2026-11-20",
                 "players": ["anna", "bernd"], "variant": "standard",
                 "games": [{"seat": 2, "game": {"type": "clubs", "matadors": 2},
                            "outcome": {"declarer_card_points": 75}}]}]

`players[0]` deals game 1; `seat` is the Ansager (1 or 2), `game`/`outcome` are the engine's
objects (no bid). Checked with the engine like every game, written through the same fields as
`services.offiziersskat`, exported back unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scoring import Declaration, Outcome, Ruleset, ScoringError, format_notation, valuation
from scoring.offiziersskat import VARIANTS, match_scores
from skatclub.club.archive.problems import Problems, parse_date
from skatclub.club.models import Match, MatchGame, Player
from skatclub.club.text import is_key

MAX_MATCH_GAMES = 99


@dataclass
class MatchPlan:
    fields: dict[str, Any]
    players: tuple[str, str]
    games: list[dict[str, Any]] = field(default_factory=list)  # MatchGame fields + raw objects


def check_matches(
    raw: Any, known: dict[str, str], replace: bool, problems: Problems
) -> list[MatchPlan]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add("Offiziersskat", "„matches“ muss eine Liste sein.")
        return []
    plans = []
    for index, item in enumerate(raw, start=1):
        plan = _check_match(item, index, known, replace, problems)
        if plan is not None:
            plans.append(plan)
    return plans


def _check_match(
    item: Any, index: int, known: dict[str, str], replace: bool, problems: Problems
) -> MatchPlan | None:
    here = f"Offiziersskat Nr. {index}"
    if not isinstance(item, dict) or not is_key(item.get("key"), 100):
        problems.add(here, "braucht einen Schlüssel („key“).")
        return None
    here = f"Offiziersskat {item['key']}"
    date = parse_date(item.get("date"))
    players = item.get("players")
    variant = item.get("variant", "standard")
    if date is None:
        problems.add(here, "braucht ein Datum („date“: JJJJ-MM-TT).")
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(p, str) and p in known for p in players)
        or players[0] == players[1]
    ):
        problems.add(here, "„players“ nennt zwei verschiedene bekannte Spieler-Kürzel.")
        return None
    if variant not in VARIANTS:
        problems.add(here, f"Die Wertung „{variant}“ gibt es nicht ({', '.join(VARIANTS)}).")
        return None
    if not replace and Match.objects.filter(key=item["key"]).exists():
        problems.add(here, "gibt es schon (zum Ersetzen: --replace).")
    plan = MatchPlan(
        {"key": item["key"], "date": date, "variant": variant}, (players[0], players[1])
    )
    games = item.get("games", [])
    if not isinstance(games, list) or len(games) > MAX_MATCH_GAMES:
        problems.add(here, f"„games“ ist eine Liste von höchstens {MAX_MATCH_GAMES} Spielen.")
        return None
    for number, game in enumerate(games, start=1):
        valued = _valued_game(game, variant, f"{here}, Spiel {number}", problems)
        if valued is not None:
            plan.games.append({"number": number, **valued})
    return plan


def _valued_game(game: Any, variant: str, here: str, problems: Problems) -> dict[str, Any] | None:
    if (
        not isinstance(game, dict)
        or game.get("seat") not in (1, 2)
        or not isinstance(game.get("game"), dict)
        or not isinstance(game.get("outcome"), dict)
    ):
        problems.add(here, "braucht den Ansager („seat“: 1 oder 2), „game“ und „outcome“.")
        return None
    try:
        declaration = Declaration.from_dict(game["game"])
        outcome = Outcome.from_dict(game["outcome"])
        valued = valuation(declaration, outcome, Ruleset.OFFIZIERSSKAT, variant=variant)
    except ScoringError as error:
        problems.add(here, f"{error.message} (Fehlercode {error.code})")
        return None
    first, second = match_scores(valued, game["seat"])
    return {
        "declarer_seat": game["seat"],
        "declaration": game["game"],
        "outcome": game["outcome"],
        "notation": format_notation(declaration, outcome),
        "won": valued.won,
        "game_value": valued.game_value,
        "first_score": first,
        "second_score": second,
        "derivation": valued.derivation[:200],
    }


def write_matches(plans: list[MatchPlan]) -> int:
    """Write the checked matches (replacing those with the same key); the number of games."""
    if not plans:
        return 0
    Match.objects.filter(key__in=[p.fields["key"] for p in plans]).delete()
    keys = {key for p in plans for key in p.players}
    ids = dict(Player.objects.filter(key__in=keys).values_list("key", "id"))
    games = []
    for plan in plans:
        first, second = (ids[key] for key in plan.players)
        match = Match.objects.create(**plan.fields, first_id=first, second_id=second)
        games += [MatchGame(match=match, **game) for game in plan.games]
    MatchGame.objects.bulk_create(games, batch_size=1000)
    return len(games)


def export_matches() -> list[dict[str, Any]]:
    matches = Match.objects.select_related("first", "second").order_by("date", "id")
    games: dict[int, list[dict[str, Any]]] = {}
    for game in MatchGame.objects.order_by("match_id", "number"):
        games.setdefault(game.match_id, []).append(
            {"seat": game.declarer_seat, "game": game.declaration, "outcome": game.outcome}
        )
    return [
        {
            "key": m.key,
            "date": m.date.isoformat(),
            "players": [m.first.key, m.second.key],
            "variant": m.variant,
            "games": games.get(m.pk, []),
        }
        for m in matches
    ]
