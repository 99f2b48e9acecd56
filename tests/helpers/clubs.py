"""Clubs full of data for the tests that play one club against another: the tenancy walk
(tests/club/test_tenancy.py) and the fuzz test over every URL (tests/security/test_fuzz_urls.py).

`build_club` gives a club one of everything a URL can name (event, Serie, table with a game
and a live link, Offiziersskat match, prize plan, Kasse, upload, seating wish, league with a
Staffel, a team and a Spieltag) and its Spielwart; `club_routes` lists every URL pattern and
`filled` puts a club's objects into a pattern's parameters.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.urls import URLPattern, URLResolver, get_resolver

from skatclub.club import services, tenancy
from skatclub.club.archive.models import ArchiveImport
from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.leagues.models import Division, League, Matchday, MatchdayTeam, Team, TeamPlayer
from skatclub.club.models import (
    Club,
    ClubStaff,
    Competition,
    CompetitionGroup,
    Event,
    KasseEntry,
    KeepApart,
    Player,
    Round,
    Season,
    TableLink,
)
from skatclub.club.roles import SPIELWART
from skatclub.club.services import offiziersskat
from skatclub.club.services.prizes import plan_of
from tests.helpers.factories import PASSWORD, enter, make_table


@dataclass
class ClubData:
    """A club and one of each of its objects that a URL can name."""

    club: Club
    event: Event
    season: Season
    players: list[Player]
    table_id: int
    match_pk: int
    token: str
    user: User
    import_pk: int
    wish_pk: int
    division: Division
    team: Team
    archive_import_pk: int = 0
    seat: str = ""  # the secret of seat 1's own link
    competition_pk: int = 0
    group_pk: int = 0


def staff(username: str, club: Club, role: str = SPIELWART) -> User:
    """A login with the role ("spielwart" or "pruefer") in `club`."""
    user = User.objects.create_user(username, password=PASSWORD)
    ClubStaff.objects.create(club=club, user=user, role=role)
    return user


def build_club(
    club: Club, *, word: str, names: list[str], player_key: str, spielwart: str
) -> ClubData:
    """`word` ("Zebra") names everything of the club ("Zebraturnier", "Zebraliga"), so a page
    that shows anything of it gives itself away; `player_key` + "-0", "-1", … are the keys."""
    low = word.lower()
    with tenancy.acting_for(club):
        season = Season.objects.create(year=2026)
        event = Event.objects.create(
            key=f"{low}turnier",
            name=f"{word}turnier",
            date=datetime.date(2026, 11, 20),
            season=season,
            cents_per_point="1",
        )
        players = [
            Player.objects.create(key=f"{player_key}-{i}", name=n) for i, n in enumerate(names)
        ]
        round_ = Round.objects.create(event=event, number=1)
        table = make_table(round_, 1, players[:3])  # a 3-table: seat 1 declares game 1
        enter(table, 1, 1, "Kr m1")
        link = TableLink.objects.create(table=table, token=f"{low}-token-0123456789")
        match = offiziersskat.create_match(
            first=players[0], second=players[1], date=event.date, variant="standard"
        )
        plan_of(event)
        KasseEntry.objects.create(event=event, kind="income", text=word, amount_cents=5)
        upload = SpreadsheetImport.objects.create(filename=f"{low}.csv", kind="csv")
        first, second = sorted(players[:2], key=lambda p: p.pk)
        wish = KeepApart.objects.create(first=first, second=second, note=word)
        division, team = _league(event, players, word)
        archive = ArchiveImport.objects.create(filename=f"{low}.json")
        seat = services.seat_token(link, 1, players[0].pk)
        competition = Competition.objects.create(event=event, name=f"{word}wertung", kind="tandem")
        group = CompetitionGroup.objects.create(competition=competition, name=f"{word}tandem")
        group.members.set(players[:2])
    user = staff(spielwart, club)
    return ClubData(
        club,
        event,
        season,
        players,
        table.pk,
        match.pk,
        link.token,
        user,
        upload.pk,
        wish.pk,
        division,
        team,
        archive.pk,
        seat,
        competition.pk,
        group.pk,
    )


def _league(event: Event, players: list[Player], word: str) -> tuple[Division, Team]:
    """The club's league: a Staffel with a team and a Spieltag (1) of the club's event."""
    low = word.lower()
    league = League.objects.create(key=f"{low}liga-2026", name=f"{word}liga", year=2026)
    division = Division.objects.create(league=league, key=f"{low}staffel", name=f"{word}staffel")
    team = Team.objects.create(division=division, key=f"{low}mannschaft", name=f"{word}mannschaft")
    for number, player in enumerate(players, start=1):
        TeamPlayer.objects.create(team=team, player=player, number=number, is_captain=number == 1)
    day = Matchday.objects.create(
        division=division, number=1, date=event.date, host=team, event=event
    )
    MatchdayTeam.objects.create(matchday=day, team=team)
    event.name = f"{word}turnier, {word}spieltag"
    event.save(update_fields=["name"])
    return division, team


def club_routes() -> Iterator[tuple[str, str]]:
    """(route, name) of every URL of the club app and of the project's own pages."""

    def walk(patterns: list[URLPattern | URLResolver], prefix: str) -> Iterator[tuple[str, str]]:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                if route.startswith("admin/"):
                    continue  # Django's admin: superusers only, see test_tenancy
                yield from walk(pattern.url_patterns, route)
            else:
                yield route, pattern.name or route

    yield from walk(get_resolver().url_patterns, "")


PARAMETER = re.compile(r"<(?:\w+:)?(\w+)>")


def parameter_values(route: str, data: ClubData) -> dict[str, str]:
    """The club's object for each parameter of the route."""
    values = {
        "year": str(data.season.year),
        "number": "1",
        "table": "1",
        "game": "1",
        "table_id": str(data.table_id),
        "token": data.token,
        "position": "1",
        "seat": data.seat,
        "competition": str(data.competition_pk),
        "group": str(data.group_pk),
        "player": data.players[0].key,
        "league": data.division.league.key,
        "division": data.division.key,
        "matchday": "1",
        "team": data.team.key,
    }

    def value(name: str) -> str:
        if name == "key":
            return data.players[0].key if "spieler/" in route else data.event.key
        if name == "pk":
            if "offiziersskat" in route:
                return str(data.match_pk)
            if "anmeldungen" in route:
                return str(data.user.pk)
            if "archiv/" in route:
                return str(data.archive_import_pk)
            if "import" in route:
                return str(data.import_pk)
            assert "sitzwuensche" in route, route
            return str(data.wish_pk)
        return values[name]

    return {name: value(name) for name in PARAMETER.findall(route)}


def filled(route: str, data: ClubData) -> str:
    """The route with the club's objects for its parameters."""
    values = parameter_values(route, data)
    return "/" + PARAMETER.sub(lambda match: values[match.group(1)], route)
