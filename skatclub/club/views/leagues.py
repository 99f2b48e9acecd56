"""The league's pages: for the Spielwart the club's leagues (and a new one), a Staffel with its
teams and Spieltage (and a new Spieltag), a Spieltag whose next Serie he seats from the teams'
line-ups; for everyone the league table (with downloads and JSON), a Spieltag Serie by Serie,
and a team.

Every league, Staffel, team and Spieltag is looked up inside the club acted for (the league's
`club`, reached through `league__club_id`): another club's league answers 404. The numbers
come from `leagues.results` (the engine), the rows from `presenters.league`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from django.contrib import messages
from django.db.models import Count, Prefetch
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from skatclub.club import tenancy
from skatclub.club.leagues import results, setup
from skatclub.club.leagues.forms import TEAMS_EXAMPLE, LeagueForm, MatchdayForm
from skatclub.club.leagues.models import (
    Division,
    League,
    LineupEntry,
    Matchday,
    MatchdayTeam,
    Team,
    TeamPlayer,
)
from skatclub.club.models import Player, Seat
from skatclub.club.numbers import whole_number
from skatclub.club.presenters import league as rows
from skatclub.club.presenters.downloads import download, links
from skatclub.club.presenters.tables import LeaguePlayersTable, LeagueTable
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import INVALID
from skatclub.club.views.permissions import spielwart_required

# Which form field a refusal of `setup.create_league` belongs to (by its code).
LEAGUE_ERROR_FIELDS = {"name": "name", "league_exists": "name", "year": "year"}


# --- lookups inside the club acted for -----------------------------------------------------


def division_or_404(league: str, division: str) -> Division:
    return get_object_or_404(
        Division.objects.select_related("league"),
        league__key=league,
        key=division,
        **tenancy.of_club("league__club_id"),
    )


def matchday_or_404(league: str, division: str, number: int) -> Matchday:
    return get_object_or_404(
        Matchday.objects.select_related("division__league", "event", "host"),
        division__league__key=league,
        division__key=division,
        number=number,
        **tenancy.of_club("division__league__club_id"),
    )


def _with_roster(teams: Any) -> Any:
    roster = TeamPlayer.objects.select_related("player").order_by("number")
    return teams.prefetch_related(Prefetch("roster", queryset=roster))


# --- the Spielwart's pages -----------------------------------------------------------------


@spielwart_required
def league_list(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            division = setup.create_league(**form.cleaned_data, by=request.user)
        except EntryError as error:
            form.add_error(LEAGUE_ERROR_FIELDS.get(error.code, "teams_text"), error.message)
        else:
            messages.success(request, f"Die Liga „{division.league}“ ist angelegt.")
            return redirect(_admin_url(division))
    leagues = League.objects.prefetch_related(
        Prefetch("divisions", queryset=Division.objects.annotate(team_count=Count("teams")))
    )
    context = {"leagues": leagues, "form": form, "example": TEAMS_EXAMPLE}
    status = INVALID if form.errors else 200
    return render(request, "club/league_admin_list.html", context, status=status)


@spielwart_required
def division_admin(request: HttpRequest, league: str, division: str) -> HttpResponse:
    found_division = division_or_404(league, division)
    matchdays = found_division.matchdays.select_related("host").annotate(
        rounds=Count("event__rounds")
    )
    next_number = max((m.number for m in matchdays), default=0) + 1
    form = MatchdayForm(found_division, request.POST or None, initial={"number": next_number})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            matchday = setup.create_matchday(
                division=found_division,
                **{**data, "teams": list(data["teams"]), "absent": list(data["absent"])},
            )
        except EntryError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, f"Der {matchday.number}. Spieltag ist angelegt.")
            return redirect(_admin_url(found_division, matchday.number))
    context = {
        "division": found_division,
        "teams": _with_roster(found_division.teams.all()),
        "matchdays": matchdays,
        "form": form,
    }
    status = INVALID if form.errors else 200
    return render(request, "club/league_admin_division.html", context, status=status)


@spielwart_required
def matchday_admin(request: HttpRequest, league: str, division: str, matchday: int) -> HttpResponse:
    day = matchday_or_404(league, division, matchday)
    present = [e.team for e in _present(day)]
    chosen, error = _last_lineups(day, present), ""
    if request.method == "POST":
        chosen = _posted_lineups(request, present)
        try:
            round_ = setup.seat_league_round(
                matchday=day, lineups=_lineups(present, chosen), user=request.user
            )
        except EntryError as refused:
            error = refused.message
        else:
            messages.success(request, f"Serie {round_.number} ist gesetzt.")
            return redirect(_admin_url(day.division, day.number))
    report = results.matchday_report(day)
    round_tables = _round_tables(day)
    context = {
        "day": day,
        "division": day.division,
        "present": [
            (t, [(tp, tp.player_id in chosen[t.pk]) for tp in t.roster.all()]) for t in present
        ],
        "error": error,
        "round_tables": round_tables,
        "next_number": max((n for n, _ in round_tables), default=0) + 1,
        "rounds": rows.matchday_round_rows(report),
        "day_sums": rows.day_sums(report),
        "report": report,
        "open_text": rows.open_text(report),
    }
    return render(
        request, "club/league_admin_matchday.html", context, status=INVALID if error else 200
    )


def _present(day: Matchday) -> list[MatchdayTeam]:
    teams = _with_roster(Team.objects.all())
    entries = day.teams.filter(turned_up=True).prefetch_related(Prefetch("team", queryset=teams))
    return list(entries.order_by("team__name"))


def _last_lineups(day: Matchday, teams: list[Team]) -> dict[int, set[int]]:
    """Per team the players of its last Serie on this Spieltag, else its first four."""
    last: dict[int, dict[int, set[int]]] = defaultdict(lambda: defaultdict(set))
    for entry in LineupEntry.objects.filter(matchday=day):
        last[entry.team_id][entry.round_number].add(entry.player_id)
    chosen = {}
    for team in teams:
        rounds = last.get(team.pk)
        first_four = {tp.player_id for tp in team.roster.all() if tp.number <= 4}
        chosen[team.pk] = rounds[max(rounds)] if rounds else first_four
    return chosen


def _posted_lineups(request: HttpRequest, teams: list[Team]) -> dict[int, set[int]]:
    """The ticked players per team, as typed (at most a roster's worth of numbers each)."""
    posted = {}
    for team in teams:
        values = request.POST.getlist(f"team-{team.pk}")[: setup.MAX_ROSTER + 1]
        posted[team.pk] = {n for n in map(whole_number, values) if n is not None}
    return posted


def _lineups(teams: list[Team], chosen: dict[int, set[int]]) -> dict[int, list[Player]]:
    lineups = {}
    for team in teams:
        roster = {tp.player_id: tp.player for tp in team.roster.all()}
        if not chosen[team.pk] <= roster.keys():
            raise EntryError("not_in_team", f"Bitte nur Spieler von „{team.name}“ ankreuzen.")
        lineups[team.pk] = [roster[pk] for pk in sorted(chosen[team.pk])]
    return lineups


def _round_tables(day: Matchday) -> list[tuple[int, list[tuple[int, list[str]]]]]:
    """Per Serie its tables, each with "player (team)" per seat."""
    team_of = {
        (e.round_number, e.player_id): e.team.name
        for e in LineupEntry.objects.filter(matchday=day).select_related("team")
    }
    seats = Seat.objects.filter(round__event=day.event_id).select_related(
        "player", "round", "table"
    )
    rounds: dict[int, dict[int, list[str]]] = defaultdict(lambda: defaultdict(list))
    for seat in seats.order_by("round__number", "table__number", "position"):
        team = team_of.get((seat.round.number, seat.player_id), "ohne Mannschaft")
        rounds[seat.round.number][seat.table.number].append(f"{seat.player.name} ({team})")
    return [(n, sorted(tables.items())) for n, tables in sorted(rounds.items())]


def _admin_url(division: Division, number: int | None = None) -> str:
    args = [division.league.key, division.key]
    if number is None:
        return reverse("spielwart-league-division", args=args)
    return reverse("spielwart-league-matchday", args=[*args, number])


# --- public pages --------------------------------------------------------------------------


@require_safe
def league_table(request: HttpRequest, league: str, division: str) -> HttpResponse:
    found_division = division_or_404(league, division)
    reports = results.matchday_reports(found_division)
    table = rows.table_rows(found_division, *results.league_table(found_division, reports))
    players = rows.player_rows(results.player_stats(found_division, reports))
    exports = rows.table_exports(table, players)
    if response := download(request, exports, f"{league}-{division}"):
        return response
    teams_table = LeagueTable(table, caption="Tabelle", orderable=False)
    players_table = LeaguePlayersTable(players, caption="Spielerstatistik", prefix="s-")
    RequestConfig(request).configure(players_table)
    context = {
        "division": found_division,
        "order": rows.table_order(),
        "table": teams_table,
        "players_table": players_table,
        "reports": reports,
        "downloads": links(request, exports),
    }
    return render(request, "club/league_table.html", context)


@require_safe
def league_table_json(request: HttpRequest, league: str, division: str) -> HttpResponse:
    """The league table for machines: {"league", "season", "division", "order", "teams": [{
    "place": 1, "team": "Team A", "key": "team-a", "matchdays": 2, "points": "7.5",
    "minus_points": "4.5", "score": 2480, "note": ""}]}. Wertungspunkte are exact decimal
    strings with a point (never floats: halves are common), Spielpunkte whole numbers; teams
    in table order, `place` shared by teams that share it."""
    found_division = division_or_404(league, division)
    table = rows.table_rows(found_division, *results.league_table(found_division))
    return JsonResponse(
        rows.table_json(found_division, table), json_dumps_params={"ensure_ascii": False}
    )


@require_safe
def matchday_detail(
    request: HttpRequest, league: str, division: str, matchday: int
) -> HttpResponse:
    day = matchday_or_404(league, division, matchday)
    report = results.matchday_report(day)
    context = {
        "day": day,
        "division": day.division,
        "report": report,
        "rounds": rows.matchday_round_rows(report),
        "day_sums": rows.day_sums(report),
        "absent": rows.absent_teams(report),
        "open_text": rows.open_text(report),
    }
    return render(request, "club/league_matchday.html", context)


@require_safe
def team_detail(request: HttpRequest, league: str, division: str, team: str) -> HttpResponse:
    found_division = division_or_404(league, division)
    found = get_object_or_404(_with_roster(found_division.teams.all()), key=team)
    reports = results.matchday_reports(found_division)
    players = rows.player_rows(results.player_stats(found_division, reports), found.pk)
    players_table = LeaguePlayersTable(
        players, caption="Spielerstatistik", exclude=["team"], orderable=False
    )
    context = {
        "division": found_division,
        "team": found,
        "days": rows.team_days(reports, found),
        "players_table": players_table,
    }
    return render(request, "club/league_team.html", context)


LEAGUE = "<slug:league>/<slug:division>/"
urlpatterns = [
    path("spielwart/ligen/", league_list, name="spielwart-leagues"),
    path("spielwart/ligen/" + LEAGUE, division_admin, name="spielwart-league-division"),
    path(
        "spielwart/ligen/" + LEAGUE + "spieltag/<int:matchday>/",
        matchday_admin,
        name="spielwart-league-matchday",
    ),
    path("liga/" + LEAGUE, league_table, name="league-table"),
    path("liga/" + LEAGUE + "tabelle.json", league_table_json, name="league-table-json"),
    path("liga/" + LEAGUE + "spieltag/<int:matchday>/", matchday_detail, name="league-matchday"),
    path("liga/" + LEAGUE + "mannschaft/<slug:team>/", team_detail, name="league-team"),
]
