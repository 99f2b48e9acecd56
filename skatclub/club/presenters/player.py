"""Rows, summary and chart for the public player page (`views/public.py` shows them).

Owns the player's seasons (`player_years`, `chosen_year`), one row per Serie played
(`player_rounds`, with the place at that table), the rows per event (`player_event_rows`)
and per game type (`type_row`), the summary figures (`player_summary`) and the score-trend
chart (`chart`). Reads Serien through `pages.round_info` and the player's own tables
through `standings.lines_for`, the single games through `stats.game_stats`; writes nothing
and knows no request.

Terms: a *round row* is one Serie of the player (keys as in `PLAYER_ROUND_COLUMNS`, plus
`table_id` for the game statistics); *scope* is the season or "alle Saisons" in captions.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from django.db.models import Q

from skatclub.club import tenancy
from skatclub.club.formatting import rounded
from skatclub.club.models import Player, Season, Seat, Table
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.chart import Point, trend_svg
from skatclub.club.presenters.pages import round_info
from skatclub.club.queries.standings import Line, lines_for
from skatclub.club.queries.stats import GameStats, TypeStats

PLAYER_ROUND_COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("event_key", "Schlüssel"),
    ("round", "Serie"),
    ("table", "Tisch"),
    ("list_score", "Spielpunkte"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("others_lost", "verloren von Mitspielern"),
    ("score", "Wertungspunkte"),
    ("place", "Platz am Tisch"),
]
PLAYER_EVENT_COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("event_key", "Schlüssel"),
    ("rounds", "Serien"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("score", "Wertungspunkte"),
]
TYPE_COLUMNS = [
    ("label", "Spielart"),
    ("games", "Spiele"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("won_percent", "gewonnen in %"),
    ("average_value", "durchschnittlicher Spielwert"),
    ("overbid", "überreizt"),
]


def player_years(player: Player) -> list[int]:
    """The seasons the player played in, latest first (one query)."""
    return list(
        Season.objects.filter(events__rounds__tables__seats__player=player)
        .order_by("-year")
        .values_list("year", flat=True)
        .distinct()
    )


def chosen_year(wanted: str, years: list[int]) -> int | None:
    """`?saison=2025`, `?saison=alle` (None), or by default the latest season played."""
    if wanted == "alle" or not years:
        return None
    year = whole_number(wanted)
    return year if year in years else years[0]


def player_rounds(player: Player, year: int | None) -> list[dict[str, Any]]:
    """One row per Serie the player played (in the season `year`), oldest first."""
    played = Q(id__in=Seat.objects.filter(player=player).values("round_id"))
    played &= Q(**tenancy.of_club("event__club_id"))
    if year:
        played &= Q(event__season__year=year)
    rounds = round_info(played)
    # Only the player's own tables: a player's page must not add up whole Serien.
    lines = lines_for(played, Q(seats__player=player))
    places = _table_places(lines, player.id)
    own = sorted(
        (ln for ln in lines if ln.player_id == player.id),
        key=lambda ln: rounds[ln.round_id]["order"],
    )
    return [_round_row(ln, rounds[ln.round_id], places[ln.table_id]) for ln in own]


def _round_row(line: Line, info: dict[str, Any], place: int) -> dict[str, Any]:
    return {
        "date": info["event__date"],
        "event": info["event__name"],
        "event_key": info["event__key"],
        "round": info["number"],
        "table": line.table_number,
        "table_id": line.table_id,
        "list_score": line.list_score,
        "won": line.won,
        "lost": line.lost,
        "others_lost": line.others_lost,
        "score": line.score,
        "place": place,
        "entry": line.entry,  # games, totals or scores: are game details there?
    }


def _table_places(lines: list[Line], player_id: int) -> dict[int, int]:
    """The player's place at the table of each Serie: 1 + the players there who stand better
    (the standings' order: score, more won, fewer lost)."""
    keys: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    own: dict[int, tuple[int, int, int]] = {}
    for line in lines:
        key = (line.score, line.won, -line.lost)
        keys[line.table_id].append(key)
        if line.player_id == player_id:
            own[line.table_id] = key
    return {
        table_id: 1 + sum(1 for other in keys[table_id] if other > key)
        for table_id, key in own.items()
    }


def player_event_rows(round_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The round rows summed per event, in the order the events were first played."""
    events: dict[str, dict[str, Any]] = {}
    for r in round_rows:
        event = events.setdefault(
            r["event_key"],
            {
                "date": r["date"],
                "event": r["event"],
                "event_key": r["event_key"],
                "rounds": 0,
                "won": 0,
                "lost": 0,
                "score": 0,
            },
        )
        event["rounds"] += 1
        for name in ("won", "lost", "score"):
            event[name] += r[name]
    return list(events.values())


def type_row(stats: TypeStats) -> dict[str, Any]:
    return {
        "label": stats.label,
        "games": stats.games,
        "won": stats.won,
        "lost": stats.lost,
        "won_percent": stats.won_percent,
        "average_value": stats.average_value,
        "overbid": stats.overbid,
    }


def player_summary(
    round_rows: list[dict[str, Any]], event_rows: list[dict[str, Any]], stats: GameStats
) -> dict[str, Any]:
    won = sum(r["won"] for r in round_rows)
    lost = sum(r["lost"] for r in round_rows)
    score = sum(r["score"] for r in round_rows)
    return {
        "rounds": len(round_rows),
        "events": len(event_rows),
        "won": won,
        "lost": lost,
        "games": won + lost,
        "won_percent": rounded(Fraction(100 * won, won + lost), 1) if won + lost else None,
        "score": score,
        "average": rounded(Fraction(score, len(round_rows))) if round_rows else None,
        "best_event": max(event_rows, key=lambda e: e["score"], default=None),
        "best_round": max(round_rows, key=lambda r: r["score"], default=None),
        "games_all": stats.all,
        "single_games": stats.all.games,
        "bock_games": stats.all.bock,
        "kontra_games": stats.all.kontra,
        "ramsch_lost": stats.ramsch_lost,
        "ramsch_points": stats.ramsch_points,
        # Serien entered or imported as sums: no single games, so no game details.
        "without_games": sum(1 for r in round_rows if r["entry"] != Table.Entry.GAMES),
        "scores_only": sum(1 for r in round_rows if r["entry"] == Table.Entry.SCORES),
    }


def chart(scope: str, round_rows: list[dict[str, Any]]) -> str:
    """The Wertungspunkte per Serie as SVG, with a text description of the extremes."""
    points = [Point(f"{r['date']:%d.%m.%Y} S{r['round']}", r["score"]) for r in round_rows]
    if not points:
        return ""
    best = max(points, key=lambda p: p.score)
    worst = min(points, key=lambda p: p.score)
    description = (
        f"{len(points)} Serien von {points[0].label} bis {points[-1].label}; "
        f"höchster Wert {best.score} ({best.label}), niedrigster {worst.score} ({worst.label}). "
        "Alle Werte stehen in der Tabelle „Serien“."
    )
    return trend_svg(points, f"Wertungspunkte je Serie: {scope}", description)
