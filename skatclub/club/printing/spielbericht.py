"""The Spielbericht of a league Spieltag (`pdf/spielbericht.html`): the paper the team captains
sign at the end of the day.

Owns `spielbericht_printout`: the teams, each Serie's players with their Seeger-Fabian scores
(Spielpunkte), each team's Spielpunkte, place and Wertungspunkte with the engine's explanation,
the Spieltag's result with its derivation, the Wechselliste, how each table's players
signed their list at the table, and the signature lines (each team's captain from its
line-up, the Spielleiter). Reads the numbers from
`leagues.results.matchday_report` (which asks the engine) and the Spiellisten' status from
`queries.progress`; writes nothing and checks no rule.

"vorläufig": a Serie that is seated but not yet entered at every table (it is left out of the
numbers), no Serie yet, or Spiellisten not yet complete.

Numbers as on every printout (`formatting`): the engine's explanations and derivations pass
`compact.derivation_text`, which gives their numbers the true minus and the thousands dot.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.league import RoundPoints, format_points
from skatclub.club import formatting
from skatclub.club.collation import german_key
from skatclub.club.leagues.models import Matchday, TeamPlayer
from skatclub.club.leagues.results import MatchdayReport, PlayerLine, matchday_report
from skatclub.club.printing.compact import derivation_text
from skatclub.club.printing.page_head import PageHead
from skatclub.club.printing.printouts import Printout, club_name, page_context
from skatclub.club.queries.progress import status_text, table_progress, tables_of
from skatclub.club.queries.table_status import signed_by_table

ABSENT = "nicht angetreten"


@dataclass(frozen=True)
class PlayerScore:
    name: str
    score: str


@dataclass(frozen=True)
class RoundTeam:
    """One team's line in one Serie."""

    place: str
    team: str
    players: tuple[PlayerScore, ...]
    score: str
    points: str
    explanation: str
    turned_up: bool


@dataclass(frozen=True)
class RoundBlock:
    number: int
    teams: tuple[RoundTeam, ...]  # best first; empty while the Serie is open
    is_open: bool


@dataclass(frozen=True)
class DayRow:
    place: str
    team: str
    points: str  # plus:minus, e.g. "5:4"
    derivation: str
    score: str
    turned_up: bool


@dataclass(frozen=True)
class Signature:
    role: str
    name: str


def spielbericht_printout(matchday: Matchday) -> Printout:
    report = matchday_report(matchday)
    division = matchday.division
    league = division.league
    reasons, list_status = _provisional(report)
    head = PageHead(
        "Spielbericht",
        _status(reasons, list_status),
        club_name(league.club_id),
        f"{league.name} {league.year} · {division.name} · {matchday.number}. Spieltag, "
        f"{matchday.date:%d.%m.%Y}",
    )
    context = page_context(head) | {
        "provisional": "; ".join(reasons),
        "list_status": list_status,
        "matchday": matchday,
        "league": league,
        "division": division,
        "host": matchday.host.name if matchday.host else "–",
        "teams": _teams(report),
        "rounds": _rounds(report),
        "day": _day_rows(report),
        "substitutions": report.substitutions,
        "signature_rows": _in_pairs(_signatures(report)),
        "signed_at_tables": signed_by_table(matchday.event_id),
    }
    filename = f"spielbericht-{league.key}-{division.key}-spieltag-{matchday.number}.pdf"
    return Printout("pdf/spielbericht.html", filename, context)


def _status(reasons: list[str], list_status: str) -> str:
    """The page head's status: why it is vorläufig, else how far the Spiellisten are."""
    if reasons:
        return "vorläufig: " + "; ".join(reasons)
    return f"alle Serien erfasst, Spiellisten {list_status}"


def _provisional(report: MatchdayReport) -> tuple[list[str], str]:
    """Why the Spielbericht is still vorläufig (nothing: it is complete), and the status of
    the Spiellisten."""
    reasons = []
    if report.open_rounds:
        numbers = ", ".join(str(n) for n in report.open_rounds)
        word = "Serie" if len(report.open_rounds) == 1 else "Serien"
        reasons.append(f"{word} {numbers} noch nicht an allen Tischen erfasst")
    if not report.rounds and not report.open_rounds:
        reasons.append("noch keine Serie gespielt")
    progress = table_progress(tables_of(report.matchday.event_id, None))
    list_status = status_text(progress) if progress else ""
    if list_status.startswith("vorläufig"):
        reasons.append("Spiellisten " + list_status)
    return reasons, list_status


def _teams(report: MatchdayReport) -> list[tuple[str, bool]]:
    entries = report.matchday.teams.select_related("team")
    ordered = sorted(entries, key=lambda entry: german_key(entry.team.name))
    return [(entry.team.name, entry.turned_up) for entry in ordered]


def _rounds(report: MatchdayReport) -> list[RoundBlock]:
    blocks = [
        RoundBlock(
            number, tuple(_round_team(report, p, report.lines[number]) for p in points), False
        )
        for number, points in report.rounds
    ]
    blocks += [RoundBlock(number, (), True) for number in report.open_rounds]
    return sorted(blocks, key=lambda block: block.number)


def _round_team(report: MatchdayReport, points: RoundPoints, lines: list[PlayerLine]) -> RoundTeam:
    team = report.team_of(points.team)
    own = sorted(
        (line for line in lines if line.team_id == team.pk), key=lambda line: german_key(line.name)
    )
    players = tuple(PlayerScore(line.name, formatting.number(line.score)) for line in own)
    return RoundTeam(
        place=_place(points.places),
        team=team.name,
        players=players,
        score=formatting.number(points.score) if points.turned_up else "–",
        points=format_points(points.points),
        explanation=derivation_text(points.explanation),
        turned_up=points.turned_up,
    )


def _place(places: tuple[int, int] | None) -> str:
    if places is None:
        return "–"
    first, last = places
    return f"{first}." if first == last else f"{first}.–{last}."


def _day_rows(report: MatchdayReport) -> list[DayRow]:
    return [
        DayRow(
            place=f"{result.place}.",
            team=report.team_of(result.team).name,
            points=result.points_text,
            derivation=derivation_text(result.derivation),
            score=formatting.number(result.score),
            turned_up=result.rounds_played > 0,
        )
        for result in report.results
    ]


def _signatures(report: MatchdayReport) -> list[Signature]:
    entries = list(report.matchday.teams.filter(turned_up=True).select_related("team"))
    captains = {
        tp.team_id: tp.player.name
        for tp in TeamPlayer.objects.filter(
            team__in=[e.team_id for e in entries], is_captain=True
        ).select_related("player")
    }
    lines = [
        Signature(f"Mannschaftsführer {entry.team.name}", captains.get(entry.team_id, ""))
        for entry in sorted(entries, key=lambda e: german_key(e.team.name))
    ]
    return [*lines, Signature("Spielleiter", "")]


def _in_pairs(signatures: list[Signature]) -> list[list[Signature]]:
    return [signatures[start : start + 2] for start in range(0, len(signatures), 2)]
