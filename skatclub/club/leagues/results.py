"""The league's numbers, read from the database and worked out by the engine
(`scoring.league`): Wertungspunkte per Serie and Spieltag, the league table, the substitutions,
and each team's and player's statistics. The one adapter between league rows and the engine.

A Serie counts once every table of it has a result (games or paper totals); until then the
Spieltag is "vorläufig" and the Serie is left out.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction

import scoring.league as engine
from scoring import ScoringError
from skatclub.club.collation import german_key
from skatclub.club.leagues.models import Division, LineupEntry, Matchday, MatchdayTeam, Team
from skatclub.club.models import Game, Seat, TableTotal


@dataclass(frozen=True)
class PlayerLine:
    """One player's Serie for his team."""

    team_id: int
    player_id: int
    name: str
    score: int
    won: int
    lost: int


@dataclass(frozen=True)
class Substitution:
    round_number: int  # the Serie the substitute played first
    team: str
    out: str
    came_in: str


@dataclass
class MatchdayReport:
    matchday: Matchday
    teams: dict[int, Team]
    rounds: list[tuple[int, tuple[engine.RoundPoints, ...]]]  # (Serie, points best first)
    results: tuple[engine.MatchdayResult, ...]
    lines: dict[int, list[PlayerLine]]  # Serie -> players
    substitutions: list[Substitution]
    open_rounds: list[int] = field(default_factory=list)  # Serien not yet complete
    absent: list[int] = field(default_factory=list)  # teams that did not turn up
    problem: str = ""  # why the engine gave no Wertung (the Serien break a league rule)

    @property
    def provisional(self) -> bool:
        return bool(self.open_rounds)

    def team_of(self, key: str) -> Team:
        return self.teams[int(key)]


def matchday_report(matchday: Matchday) -> MatchdayReport:
    return _reports([matchday])[0]


def matchday_reports(division: Division) -> list[MatchdayReport]:
    """Every Spieltag of the Staffel, in order, read in a fixed number of queries (six, however
    many Spieltage, Serien and tables there are)."""
    return _reports(list(division.matchdays.select_related("event", "host")))


def _reports(matchdays: list[Matchday]) -> list[MatchdayReport]:
    if not matchdays:
        return []
    rows = _Rows(matchdays)
    return [_report(m, rows) for m in matchdays]


class _Rows:
    """The rows of some Spieltage, each kind read in one query, grouped by Spieltag."""

    def __init__(self, matchdays: list[Matchday]) -> None:
        ids = [m.pk for m in matchdays]
        events = [m.event_id for m in matchdays]
        self.entries: dict[int, list[MatchdayTeam]] = defaultdict(list)
        for entry in MatchdayTeam.objects.filter(matchday__in=ids).select_related("team"):
            self.entries[entry.matchday_id].append(entry)
        self.lineups: dict[int, list[LineupEntry]] = defaultdict(list)
        for line in LineupEntry.objects.filter(matchday__in=ids).select_related("player"):
            self.lineups[line.matchday_id].append(line)
        self.started = set(
            Game.objects.filter(table__round__event__in=events).values_list("table_id", flat=True)
        ) | set(
            TableTotal.objects.filter(table__round__event__in=events).values_list(
                "table_id", flat=True
            )
        )
        self.seats: dict[int, list[Seat]] = defaultdict(list)
        seats = Seat.objects.filter(round__event__in=events).select_related("player", "round")
        for seat in seats.order_by("round__number", "table__number", "position"):
            self.seats[seat.round.event_id].append(seat)


def _report(matchday: Matchday, rows: _Rows) -> MatchdayReport:
    entries = rows.entries[matchday.pk]
    teams = {e.team.pk: e.team for e in entries}
    lines, open_rounds = _lines(matchday, rows)
    report = MatchdayReport(
        matchday,
        teams,
        [],
        (),
        lines,
        _substitutions(rows.lineups[matchday.pk], teams),
        open_rounds,
    )
    report.absent = [e.team.pk for e in entries if not e.turned_up]
    if not lines:
        return report
    rounds = [_team_rounds(entries, lines[n]) for n in sorted(lines)]
    try:
        report.rounds = [
            (number, engine.round_points(teams_, number))
            for number, teams_ in zip(sorted(lines), rounds, strict=True)
        ]
        report.results = engine.matchday_result(rounds)
    except ScoringError as error:  # e.g. two teams of three (Anlage 10): no Wertung
        report.rounds, report.results, report.problem = [], (), str(error)
    return report


def _team_rounds(entries: list[MatchdayTeam], lines: list[PlayerLine]) -> list[engine.TeamRound]:
    scores: dict[int, list[int]] = defaultdict(list)
    for line in lines:
        scores[line.team_id].append(line.score)
    return [
        engine.TeamRound(str(e.team.pk), tuple(scores[e.team.pk]) if e.turned_up else ())
        for e in entries
    ]


def _lines(matchday: Matchday, rows: _Rows) -> tuple[dict[int, list[PlayerLine]], list[int]]:
    """The players' Serien by Serie, complete Serien only; and the Serien still open."""
    team_of = {(e.round_number, e.player_id): e.team_id for e in rows.lineups[matchday.pk]}
    by_round: dict[int, list[PlayerLine]] = defaultdict(list)
    open_rounds: set[int] = set()
    for seat in rows.seats[matchday.event_id]:
        number = seat.round.number
        if seat.table_id not in rows.started:
            open_rounds.add(number)
            continue
        by_round[number].append(
            PlayerLine(
                team_of.get((number, seat.player_id), 0),
                seat.player_id,
                seat.player.name,
                0 if seat.wrong_seat else seat.score,
                seat.won,
                seat.lost,
            )
        )
    complete = {n: lines for n, lines in by_round.items() if n not in open_rounds}
    return complete, sorted(open_rounds)


def _substitutions(lineups: list[LineupEntry], teams: dict[int, Team]) -> list[Substitution]:
    played: dict[tuple[int, int], dict[int, str]] = defaultdict(dict)
    for entry in lineups:
        played[(entry.team_id, entry.round_number)][entry.player_id] = entry.player.name
    found = []
    for (team_id, number), now in sorted(played.items()):
        before = played.get((team_id, number - 1))
        if before is None:
            continue
        out = [name for pk, name in before.items() if pk not in now]
        came_in = [name for pk, name in now.items() if pk not in before]
        for left, joined in zip(out, came_in, strict=False):
            found.append(Substitution(number, teams[team_id].name, left, joined))
    return found


def league_table(
    division: Division, reports: list[MatchdayReport] | None = None
) -> tuple[list[engine.LeagueRow], dict[str, Team]]:
    """The Staffel's table over its Spieltage (Serien complete so far), with the teams by key;
    `reports`: the Staffel's `matchday_reports`, when the caller has them already."""
    teams = {str(t.pk): t for t in division.teams.all()}
    if reports is None:
        reports = matchday_reports(division)
    rows = list(engine.league_table([r.results for r in reports if r.results]))
    listed = {row.team for row in rows}
    missing = [key for key in teams if key not in listed]  # no Spieltag yet
    start = len(rows) + 1
    rows += [
        engine.LeagueRow(start, key, 0, Fraction(0), Fraction(0), 0, "")
        for key in sorted(missing, key=lambda k: german_key(teams[k].name))
    ]
    return rows, teams


@dataclass
class PlayerStats:
    name: str
    team: str
    player_id: int = 0
    team_id: int = 0
    rounds: int = 0
    score: int = 0
    won: int = 0
    lost: int = 0

    @property
    def average(self) -> Fraction:
        """Spielpunkte per Serie, exact."""
        return Fraction(self.score, self.rounds) if self.rounds else Fraction(0)


def player_stats(
    division: Division, reports: list[MatchdayReport] | None = None
) -> list[PlayerStats]:
    """Every player's Serien in the Staffel (complete Serien only), best sum first."""
    stats: dict[int, PlayerStats] = {}
    for report in matchday_reports(division) if reports is None else reports:
        for lines in report.lines.values():
            for line in lines:
                team = report.teams.get(line.team_id)
                entry = stats.setdefault(
                    line.player_id,
                    PlayerStats(line.name, team.name if team else "", line.player_id, line.team_id),
                )
                entry.rounds += 1
                entry.score += line.score
                entry.won += line.won
                entry.lost += line.lost
    return sorted(stats.values(), key=lambda s: (-s.score, german_key(s.name)))
