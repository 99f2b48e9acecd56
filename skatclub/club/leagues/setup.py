"""Writing a league: the league with one Staffel and its teams from a pasted list, a Spieltag
with the teams that came, and the line-ups of a Serie, which seat it by the league's rule.

Refusals are `EntryError`s in German; nothing is half written (each function is one
transaction).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.text import slugify

import scoring.league as engine
from scoring import ScoringError
from skatclub.club import services
from skatclub.club.leagues.models import (
    Division,
    League,
    LineupEntry,
    Matchday,
    MatchdayTeam,
    Team,
    TeamPlayer,
)
from skatclub.club.models import Attendance, Event, Player, Round, Season
from skatclub.club.services import (
    Actor,
    EntryError,
    create_round,
    next_round_number,
    shown_text,
    unique_key,
)
from skatclub.club.text import NO_VISIBLE_NAME, is_key, visible_text

MAX_TEAMS = 40
# A Spieltag plays three Serien, sometimes four; the seating search grows with the Serie.
MAX_ROUNDS_PER_MATCHDAY = 6
MAX_ROSTER = 10  # four regular players and up to six substitutes
MAX_NAME = 200
TEAM_LINE = re.compile(r"^(?P<name>[^:]{1,200}):(?P<keys>.*)$")


@dataclass(frozen=True)
class TeamDraft:
    name: str
    players: tuple[Player, ...]


def parse_teams(text: str) -> list[TeamDraft]:
    """'Team name: key1, key2, key3, key4, key5' per line; the first four are the regular
    players, the rest substitutes; the first is the captain."""
    drafts: list[TeamDraft] = []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise EntryError("no_teams", "Bitte die Mannschaften eintragen: „Name: Kürzel, Kürzel, …“.")
    if len(lines) > MAX_TEAMS:
        raise EntryError("too_many", f"Höchstens {MAX_TEAMS} Mannschaften je Staffel.")
    for number, line in enumerate(lines, start=1):
        found = TEAM_LINE.match(line)
        if found is None:
            raise EntryError("bad_line", f"Zeile {number}: „Name: Kürzel, Kürzel, …“ fehlt.")
        keys = [k.strip().lower() for k in found["keys"].split(",") if k.strip()]
        if not 3 <= len(keys) <= MAX_ROSTER:
            raise EntryError(
                "roster_size",
                f"Zeile {number}: eine Mannschaft hat 3 bis {MAX_ROSTER} Spieler "
                f"(hier {len(keys)}).",
            )
        name = shown_text(found["name"], f"Zeile {number}: {NO_VISIBLE_NAME}")
        if not name:
            raise EntryError("bad_line", f"Zeile {number}: der Name der Mannschaft fehlt.")
        drafts.append(TeamDraft(name, tuple(_player(k, number) for k in keys)))
    _refuse_twice(drafts)
    return drafts


def _player(key: str, line: int) -> Player:
    # Only a well-formed key is looked up: PostgreSQL refuses a NUL in a query's text.
    found = Player.all_clubs.filter(key=key[:60]).first() if is_key(key[:60], 60) else None
    if found is None:
        shown = visible_text(key[:60])
        raise EntryError("unknown_player", f"Zeile {line}: den Spieler „{shown}“ gibt es nicht.")
    return found


def _refuse_others_unless_admitted(drafts: Sequence[TeamDraft], admit_others: bool) -> list[Player]:
    """A team list admits nobody silently: players of other clubs are named, and taken only
    when the Spielwart ticked that they join this club; returns them, to be admitted as on the
    players page (his Stammverein sees it in his history)."""
    listed = {p.pk: p for draft in drafts for p in draft.players}
    here = set(Player.objects.filter(pk__in=listed).values_list("pk", flat=True))
    others = [p for pk, p in listed.items() if pk not in here]
    if others and not admit_others:
        names = ", ".join(f"{p.name} ({p.key})" for p in others[:10])
        more = f" und {len(others) - 10} weitere" if len(others) > 10 else ""
        raise EntryError(
            "other_clubs",
            f"Spieler anderer Vereine: {names}{more}. Sie spielen nur mit, wenn sie in diesen "
            "Verein aufgenommen werden: bitte „Spieler anderer Vereine aufnehmen“ ankreuzen "
            "oder sie zuerst auf der Spielerseite aufnehmen.",
        )
    return others


def _refuse_twice(drafts: Sequence[TeamDraft]) -> None:
    seen: dict[int, str] = {}
    for draft in drafts:
        for player in draft.players:
            if player.pk in seen:
                raise EntryError(
                    "twice",
                    f"{player.name} steht bei „{seen[player.pk]}“ und bei „{draft.name}“; "
                    "ein Spieler spielt in einer Staffel für eine Mannschaft.",
                )
            seen[player.pk] = draft.name


@transaction.atomic
def create_league(
    *,
    name: str,
    year: int,
    division: str,
    teams_text: str,
    admit_others: bool = False,
    by: Actor = None,
) -> Division:
    """A Staffel with its teams, in the league of that name and season (created with its first
    Staffel); players of other clubs are refused unless `admit_others`, then they become members
    of the organising club (`services.members.admit`), so the league's pages can name them."""
    name, division = shown_text(name), shown_text(division)
    if not name or len(name) > MAX_NAME or not division or len(division) > MAX_NAME:
        raise EntryError("name", f"Name und Staffel haben 1 bis {MAX_NAME} Zeichen.")
    if not 1900 <= year <= 2200:
        raise EntryError("year", "Die Saison ist eine Jahreszahl.")
    drafts = parse_teams(teams_text)
    others = _refuse_others_unless_admitted(drafts, admit_others)
    key = slugify(f"{name} {year}")[:60] or "liga"
    league, _ = League.objects.get_or_create(key=key, defaults={"name": name, "year": year})
    division_key = slugify(division)[:60] or "staffel"
    if league.divisions.filter(key=division_key).exists():
        raise EntryError(
            "league_exists", f"Die Staffel „{division}“ der Liga „{league}“ gibt es schon."
        )
    created = Division.objects.create(league=league, key=division_key, name=division)
    for player in others:
        services.admit(player.key, by=by)
    _teams(created, drafts)
    return created


def _teams(division: Division, drafts: Sequence[TeamDraft]) -> None:
    keys: set[str] = set()
    for draft in drafts:
        key = slugify(draft.name)[:56] or "team"
        while key in keys:
            key += "-2"
        keys.add(key)
        team = Team.objects.create(division=division, key=key, name=draft.name)
        for number, player in enumerate(draft.players, start=1):
            TeamPlayer.objects.create(
                team=team, player=player, number=number, is_captain=number == 1
            )


@transaction.atomic
def create_matchday(
    *,
    division: Division,
    number: int,
    date: datetime.date,
    teams: Sequence[Team],
    absent: Sequence[Team] = (),
    host: Team | None = None,
) -> Matchday:
    """A Spieltag of the table group `teams` (2 to 6; `absent` of them did not come), with the
    event its Serien are entered in."""
    if not 1 <= number <= 99:
        raise EntryError("number", "Spieltage sind 1 bis 99.")
    if not 2 <= len(teams) <= 6 or len({t.pk for t in teams}) != len(teams):
        raise EntryError("group", "Zu einem Spieltag kommen 2 bis 6 verschiedene Mannschaften.")
    if any(t.division_id != division.pk for t in [*teams, *absent]) or not set(absent) <= set(
        teams
    ):
        raise EntryError("group", "Die Mannschaften gehören nicht zu dieser Staffel.")
    if Matchday.objects.filter(division=division, number=number).exists():
        raise EntryError("exists", f"Den {number}. Spieltag gibt es schon.")
    league = division.league
    season, _ = Season.objects.get_or_create(year=date.year)
    event = Event.objects.create(
        key=unique_key(f"{league.key} {division.key} spieltag {number}", Event, max_length=100),
        name=f"{league.name}, {division.name}: {number}. Spieltag"[:200],
        date=date,
        season=season,
    )
    matchday = Matchday.objects.create(
        division=division, number=number, date=date, host=host, event=event
    )
    MatchdayTeam.objects.bulk_create(
        MatchdayTeam(matchday=matchday, team=t, turned_up=t not in absent) for t in teams
    )
    return matchday


@transaction.atomic
def seat_league_round(
    *, matchday: Matchday, lineups: Mapping[int, Sequence[Player]], user: Actor = None
) -> Round:
    """The next Serie of the Spieltag: each team that came plays with the 3 or 4 players of
    `lineups` (team id -> players of its roster), seated so that no two of a team share a table
    (`scoring.league.spread_players`). A player who was not in the previous Serie's line-up
    came in as a substitute."""
    event = matchday.event
    # One Serie at a time, as `services.seating` does: the number and the line-ups below are
    # read under the event's lock, so a second press waits and seats the next Serie.
    Event.objects.select_for_update().filter(pk=event.pk).exists()
    number = next_round_number(event)
    if number > MAX_ROUNDS_PER_MATCHDAY:
        raise EntryError(
            "too_many_serien", f"Ein Spieltag hat höchstens {MAX_ROUNDS_PER_MATCHDAY} Serien."
        )
    entries = list(matchday.teams.select_related("team"))
    chosen = {
        entry.team.pk: _checked_lineup(entry.team, lineups.get(entry.team.pk, ()))
        for entry in entries
        if entry.turned_up
    }
    engine_lineups = [
        engine.Lineup(str(team_id), tuple(p.key for p in players))
        for team_id, players in chosen.items()
    ]
    try:
        # The engine's check of the table group (e.g. Anlage 10: two teams present must both
        # have four), before anything is seated.
        engine.round_points(_group_of(entries, chosen), number)
        seating = engine.spread_players(engine_lineups, number)
    except ScoringError as error:
        raise EntryError("seating", str(error)) from None
    by_key = {p.key: p for players in chosen.values() for p in players}
    LineupEntry.objects.bulk_create(
        LineupEntry(matchday=matchday, round_number=number, team_id=team_id, player=p)
        for team_id, players in chosen.items()
        for p in players
    )
    for player in by_key.values():
        Attendance.objects.get_or_create(event=event, player=player)
    tables = [[by_key[seat.player] for seat in table] for table in seating.tables]
    return create_round(event=event, number=number, tables=tables, user=user, seating="league")


def _group_of(
    entries: list[MatchdayTeam], chosen: Mapping[int, list[Player]]
) -> list[engine.TeamRound]:
    """The Serie's table group as the engine sees it: scores 0 for now, absent teams empty."""
    return [
        engine.TeamRound(str(entry.team_id), (0,) * len(chosen.get(entry.team_id, [])))
        for entry in entries
    ]


def _checked_lineup(team: Team, players: Sequence[Player]) -> list[Player]:
    roster = {tp.player_id for tp in team.roster.all()}
    chosen = list(dict.fromkeys(players))
    if not 3 <= len(chosen) <= 4:
        raise EntryError(
            "lineup_size",
            f"„{team.name}“ spielt eine Serie mit 3 oder 4 Spielern (gewählt: {len(chosen)}).",
        )
    strangers = [p.name for p in chosen if p.pk not in roster]
    if strangers:
        raise EntryError(
            "not_in_team",
            f"{', '.join(strangers)} steht nicht in der Aufstellung von „{team.name}“.",
        )
    return chosen
