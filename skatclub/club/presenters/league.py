"""The league's pages as plain rows: the table, the players' statistics, a Spieltag Serie by
Serie and a team's Spieltage, from `leagues.results` (which asks the engine); the views only
fetch, feed these rows to tables and templates, and render.

Numbers stay exact in the rows (Fraction, int) for the downloads; the `*_text` keys are the
German print forms ("7½:4½", "2.345").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.urls import reverse

import scoring.league as engine
from scoring.league import format_score
from skatclub.club.formatting import exact_decimal, rounded
from skatclub.club.leagues.models import Division, Team
from skatclub.club.leagues.results import MatchdayReport, PlayerLine, PlayerStats
from skatclub.club.presenters.downloads import Export

TABLE_COLUMNS = [
    ("place", "Platz"),
    ("team", "Mannschaft"),
    ("matchdays", "Spieltage"),
    ("points", "Wertungspunkte"),
    ("minus_points", "Minuspunkte"),
    ("score", "Spielpunkte"),
    ("note", "Gleichstand"),
]
PLAYER_COLUMNS = [
    ("name", "Spieler"),
    ("team", "Mannschaft"),
    ("rounds", "Serien"),
    ("score", "Spielpunkte"),
    ("average", "Schnitt je Serie"),
    ("won", "gew."),
    ("lost", "verl."),
]


def table_order() -> str:
    """How the table is ordered, in the engine's words."""
    return getattr(engine, "TABLE_ORDER", "Reihenfolge: Wertungspunkte, dann Spielpunkte.")


def table_rows(
    division: Division, rows: list[engine.LeagueRow], teams: dict[str, Team]
) -> list[dict[str, Any]]:
    args = [division.league.key, division.key]
    return [
        {
            "place": row.place,
            "team": teams[row.team].name,
            "team_key": teams[row.team].key,
            "team_url": reverse("league-team", args=[*args, teams[row.team].key]),
            "matchdays": row.matchdays,
            "points": row.points,
            "minus_points": row.minus_points,
            "points_text": row.points_text,
            "score": row.score,
            "score_text": format_score(row.score),
            "note": _named_note(row.note, teams),
        }
        for row in rows
    ]


def _named_note(note: str, teams: dict[str, Team]) -> str:
    """The engine's tie note names teams by key (their id): put in their names."""
    if not note:
        return ""
    head, _, listed = note.partition(" mit ")
    names, _, tail = listed.partition(":")
    named = ", ".join(teams[k].name if k in teams else k for k in names.split(", "))
    return f"{head} mit {named}:{tail}"


def player_rows(stats: list[PlayerStats], team_id: int | None = None) -> list[dict[str, Any]]:
    return [
        {
            "name": s.name,
            "team": s.team,
            "rounds": s.rounds,
            "score": s.score,
            "score_text": format_score(s.score),
            "average": rounded(s.average),
            "won": s.won,
            "lost": s.lost,
        }
        for s in stats
        if team_id is None or s.team_id == team_id
    ]


def table_exports(table: list[dict[str, Any]], players: list[dict[str, Any]]) -> list[Export]:
    return [
        Export("tabelle", "Tabelle", TABLE_COLUMNS, table),
        Export("spieler", "Spielerstatistik", PLAYER_COLUMNS, players),
    ]


def table_json(division: Division, table: list[dict[str, Any]]) -> dict[str, Any]:
    """The machine-readable table; see `views.leagues.league_table_json`."""
    league = division.league
    return {
        "league": league.name,
        "season": league.year,
        "division": division.name,
        "order": table_order(),
        "teams": [
            {
                "place": row["place"],
                "team": row["team"],
                "key": row["team_key"],
                "matchdays": row["matchdays"],
                "points": exact_decimal(row["points"]),
                "minus_points": exact_decimal(row["minus_points"]),
                "score": row["score"],
                "note": row["note"],
            }
            for row in table
        ],
    }


# --- one Spieltag ------------------------------------------------------------------------


@dataclass
class RoundTeam:
    """One team in one Serie: its players' Spielpunkte, their sum and the Wertungspunkte."""

    team: Team
    players: list[tuple[str, str]]  # (name, Spielpunkte as printed)
    score_text: str
    derivation: str  # "320 + 240 + 160 + 80 = 800"
    points_text: str
    explanation: str
    turned_up: bool


@dataclass
class DaySum:
    place: int
    team: Team
    points_text: str  # "5½:3½"
    score_text: str
    derivation: str


def matchday_round_rows(report: MatchdayReport) -> list[tuple[int, list[RoundTeam]]]:
    """Per counted Serie the teams best first, every number with what it is made of."""
    return [
        (number, [_round_team(report, points, report.lines[number]) for points in round])
        for number, round in report.rounds
    ]


def _round_team(
    report: MatchdayReport, points: engine.RoundPoints, lines: list[PlayerLine]
) -> RoundTeam:
    team = report.team_of(points.team)
    own = [line for line in lines if line.team_id == team.pk]
    scores = [format_score(line.score) for line in own]
    derivation = " + ".join(scores) + f" = {format_score(points.score)}" if own else "–"
    return RoundTeam(
        team,
        [(line.name, format_score(line.score)) for line in own],
        format_score(points.score),
        derivation,
        points.points_text,
        points.explanation,
        points.turned_up,
    )


def day_sums(report: MatchdayReport) -> list[DaySum]:
    return [
        DaySum(
            result.place,
            report.team_of(result.team),
            result.points_text,
            format_score(result.score),
            result.derivation,
        )
        for result in report.results
    ]


def absent_teams(report: MatchdayReport) -> list[Team]:
    return [report.teams[pk] for pk in report.absent]


def open_text(report: MatchdayReport) -> str:
    """Why the Spieltag is vorläufig, or ""."""
    if not report.open_rounds:
        return ""
    names = ", ".join(f"Serie {n}" for n in report.open_rounds)
    verb = "ist" if len(report.open_rounds) == 1 else "sind"
    return f"{names} {verb} noch nicht vollständig eingetragen und zählt noch nicht."


# --- one team ------------------------------------------------------------------------------


@dataclass
class TeamDay:
    report: MatchdayReport
    place: int | None
    points_text: str
    score_text: str
    derivation: str
    came: bool


def team_days(reports: list[MatchdayReport], team: Team) -> list[TeamDay]:
    days = []
    for report in reports:
        if team.pk not in report.teams:
            continue
        result = next((r for r in report.results if int(r.team) == team.pk), None)
        if result is None:
            days.append(TeamDay(report, None, "–", "–", "noch keine gewertete Serie", True))
            continue
        days.append(
            TeamDay(
                report,
                result.place,
                result.points_text,
                format_score(result.score),
                result.derivation,
                result.rounds_played > 0,
            )
        )
    return days
