"""An event's extra rankings as its pages, PDF and downloads show them (issue 43): each
Tandem- or Mannschaftswertung ranked by the engine (`scoring.competitions.rank_groups`) over
the event's played Serien, from the same lines as the season ranking (`season_lines`).
Reads only."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from scoring.competitions import Absent, Group, GroupRow, Kind, rank_groups
from scoring.competitions import Competition as Declared
from skatclub.club.collation import german_key
from skatclub.club.models import Competition, Event, Player
from skatclub.club.queries.standings import season_lines


@dataclass(frozen=True)
class Member:
    name: str
    score: int
    missed: int  # Serien without a result


@dataclass(frozen=True)
class RankedGroup:
    place: int
    name: str
    score: int
    won: int
    lost: int
    complete: bool
    members: tuple[Member, ...]
    derivation: str  # "512 + 300 = 812"


@dataclass(frozen=True)
class CompetitionRanking:
    competition: Competition
    rule: str  # the declared rule in German
    rows: tuple[RankedGroup, ...]


def declared(competition: Competition) -> Declared:
    """The competition as the engine ranks it."""
    return Declared(Kind(competition.kind), competition.size, Absent(competition.absent))


def competition_rankings(event: Event) -> list[CompetitionRanking]:
    """Every competition of the event, ranked over its played Serien (two queries for the
    competitions and their groups, one for the lines, one for the names)."""
    competitions = list(Competition.objects.filter(event=event).prefetch_related("groups__members"))
    if not competitions:
        return []
    lines = season_lines(Q(event=event))
    rounds = sorted({line.round_id for line in lines})
    names = dict(
        Player.objects.filter(pk__in={line.player_id for line in lines}).values_list("pk", "name")
    )
    found = []
    for competition in competitions:
        groups = [
            Group(str(g.pk), g.name, tuple(m.pk for m in _by_name(g.members.all())))
            for g in competition.groups.all()
        ]
        for g in competition.groups.all():
            names.update({m.pk: m.name for m in g.members.all()})
        rule = declared(competition)
        rows = rank_groups(rule, groups, lines, rounds)
        found.append(
            CompetitionRanking(competition, rule.describe(), tuple(_row(r, names) for r in rows))
        )
    return found


def _by_name(members: Iterable[Player]) -> list[Player]:
    """A group's members in German alphabetical order (the order of its sum)."""
    return sorted(members, key=lambda p: german_key(p.name))


def _row(row: GroupRow, names: dict[int, str]) -> RankedGroup:
    members = tuple(Member(names.get(m.player_id, "?"), m.score, m.missed) for m in row.members)
    return RankedGroup(
        row.place, row.group.name, row.score, row.won, row.lost, row.complete, members,
        row.derivation,
    )  # fmt: skip
