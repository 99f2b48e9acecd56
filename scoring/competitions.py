"""Competitions beside the individual ranking: Tandem and Mannschaft rankings over the same
games, and who qualifies from a Vorrunde for the final Serien.

Pure: never touches the database. Input is one result per player and Serie (anything with
`player_id`, `round_id`, `score`, `won`, `lost`: the app's standings lines fit, as for
`season.py`), the groups (a tandem is a group of two, a team of `size`) and the competition's
declared rule. Output is ranked rows that carry their derivation.

Rules (declared once per competition, `Competition`):
- A group's value is the sum of its members' Seeger-Fabian scores (Wertungspunkte) over the
  Serien of the competition; its won and lost games are the sums of its members'. Ties as
  every ranking (`ranking.py`): more won games, then fewer lost games, then the place is
  shared.
- A member without a result in one of the Serien (he left, or came later): `Absent.ZERO`
  counts that Serie as 0 for him; `Absent.BEHIND` ranks the group behind every complete
  group (still ordered among themselves by the same rule), as tournament rules do where a
  team must start complete.
- Qualification (`qualified`): the best `count` of a ranking go on to the final, seeded in
  ranking order; players equal at the cut are decided by the declared `CutTie`: all of
  them go on (`ALL`), or the drawn order decides (`LOT`, the order given by the caller,
  e.g. a draw made once and stored).
- Season qualification (`bonus_points`): points per whole euro of Startgeld paid and per
  Serie played, entry from a threshold.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.ranking import Strength, ranked, strength
from scoring.season import RoundResult as Result

MAX_GROUP_SIZE = 8
MAX_GROUPS = 1000
TANDEM_SIZE = 2


class CompetitionError(ScoringError):
    """A competition the rules refuse: a group of the wrong size, a player in two groups."""

    code = "competition_invalid"


class Kind(enum.StrEnum):
    TANDEM = "tandem"
    TEAM = "team"

    @property
    def label(self) -> str:
        return {Kind.TANDEM: "Tandem", Kind.TEAM: "Mannschaft"}[self]


class Absent(enum.StrEnum):
    """What a Serie a member did not play counts for his group."""

    ZERO = "zero"
    BEHIND = "behind"

    @property
    def text(self) -> str:
        return {
            Absent.ZERO: "eine Serie, die ein Mitglied nicht spielt, zählt für ihn 0",
            Absent.BEHIND: "fehlt ein Mitglied in einer Serie, steht die Gruppe hinter allen "
            "vollständigen",
        }[self]


class CutTie(enum.StrEnum):
    """Who goes on when players are equal at the cut of a qualification."""

    ALL = "all"
    LOT = "lot"


@dataclass(frozen=True)
class Competition:
    """A declared competition: its kind, the members per group and what a missing Serie
    counts."""

    kind: Kind
    size: int = TANDEM_SIZE
    absent: Absent = Absent.ZERO

    def __post_init__(self) -> None:
        if self.kind == Kind.TANDEM and self.size != TANDEM_SIZE:
            raise CompetitionError("Ein Tandem sind genau zwei Spieler.")
        if not TANDEM_SIZE <= self.size <= MAX_GROUP_SIZE:
            raise CompetitionError(
                f"Eine Mannschaft hat {TANDEM_SIZE} bis {MAX_GROUP_SIZE} Spieler, nicht "
                f"{self.size}."
            )

    def describe(self) -> str:
        what = "Tandem (2 Spieler)" if self.kind == Kind.TANDEM else f"Mannschaft ({self.size})"
        return (
            f"{what}: die Summe der Wertungspunkte der Mitglieder; bei Gleichstand mehr "
            f"gewonnene, dann weniger verlorene Spiele; {self.absent.text}."
        )


@dataclass(frozen=True)
class Group:
    """A tandem or a team: a key, a name and its members' player ids."""

    key: str
    name: str
    members: tuple[int, ...]


@dataclass(frozen=True)
class MemberLine:
    """One member's part of his group's value."""

    player_id: int
    score: int
    won: int
    lost: int
    rounds: int  # Serien played
    missed: int  # Serien of the competition without a result


@dataclass(frozen=True)
class GroupRow:
    """A group's place (shared by equal strength) and its value with the derivation."""

    place: int
    group: Group
    score: int
    won: int
    lost: int
    complete: bool  # every member has a result in every Serie
    members: tuple[MemberLine, ...]

    @property
    def derivation(self) -> str:
        """The sum as the results page shows it: "512 + 1.024 = 1.536"."""
        parts = [_number(m.score) for m in self.members]
        return " + ".join(parts).replace("+ −", "− ") + f" = {_number(self.score)}"


def _number(value: int) -> str:
    """German digits with the thousands dot and the true minus (the engine's derivations)."""
    text = f"{abs(value):,}".replace(",", ".")
    return f"−{text}" if value < 0 else text


def check_groups(
    competition: Competition, groups: Sequence[Group], names: Mapping[int, str] | None = None
) -> None:
    """Refuse groups of the wrong size, a player in two groups, two groups with one key.
    `names`: player id -> name, for the refusal."""
    if len(groups) > MAX_GROUPS:
        raise CompetitionError(f"Höchstens {MAX_GROUPS} Gruppen je Wertung.")
    seen: dict[int, str] = {}
    keys: set[str] = set()
    for group in groups:
        if group.key in keys:
            raise CompetitionError(f"Die Kennung {group.key!r} ist doppelt vergeben.")
        keys.add(group.key)
        if len(group.members) != competition.size:
            word = competition.kind.label
            raise CompetitionError(
                f"{word} {group.name} hat {len(group.members)} Spieler, verlangt sind "
                f"{competition.size}."
            )
        for player in group.members:
            if player in seen:
                who = (names or {}).get(player, "Ein Spieler")
                raise CompetitionError(
                    f"{who} steht in {seen[player]} und in {group.name}; jeder spielt "
                    "für eine Gruppe."
                )
            seen[player] = group.name


def rank_groups(
    competition: Competition,
    groups: Sequence[Group],
    results: Iterable[Result],
    rounds: Sequence[int],
) -> list[GroupRow]:
    """Every group ranked over the Serien `rounds` (round ids) of the competition."""
    check_groups(competition, groups)
    wanted = set(rounds)
    by_player: dict[int, list[Result]] = {}
    for result in results:
        if result.round_id in wanted:
            by_player.setdefault(result.player_id, []).append(result)
    rows = [_group_row(group, by_player, len(wanted)) for group in groups]
    complete = [r for r in rows if r.complete or competition.absent == Absent.ZERO]
    behind = [r for r in rows if not (r.complete or competition.absent == Absent.ZERO)]
    placed = _placed(complete)
    after = len(complete)
    placed += [(place + after, row) for place, row in _placed(behind)]
    return [
        GroupRow(place, r.group, r.score, r.won, r.lost, r.complete, r.members)
        for place, r in placed
    ]


def _group_row(group: Group, by_player: Mapping[int, list[Result]], rounds: int) -> GroupRow:
    members = []
    for player in group.members:
        played = by_player.get(player, [])
        members.append(
            MemberLine(
                player,
                sum(r.score for r in played),
                sum(r.won for r in played),
                sum(r.lost for r in played),
                len({r.round_id for r in played}),
                rounds - len({r.round_id for r in played}),
            )
        )
    return GroupRow(
        0,
        group,
        sum(m.score for m in members),
        sum(m.won for m in members),
        sum(m.lost for m in members),
        all(m.missed == 0 for m in members),
        tuple(members),
    )


def _placed(rows: list[GroupRow]) -> list[tuple[int, GroupRow]]:
    return ranked(rows, lambda r: strength(r.score, r.won, r.lost), lambda r: r.group.name)


@dataclass(frozen=True)
class Ranked:
    """A player's place in the ranking a qualification reads (the event's after the
    Vorrunde)."""

    player_id: int
    place: int
    value: int | Fraction
    won: int
    lost: int


def qualified(
    ranking: Sequence[Ranked], count: int, tie: CutTie, lot: Sequence[int] = ()
) -> list[int]:
    """The players who go on to the final, seeded in ranking order: the best `count`;
    players equal at the cut all go on (`CutTie.ALL`) or in the order of `lot` (`LOT`:
    every tied player must be in it)."""
    if count < 1:
        raise CompetitionError("Ins Finale kommt mindestens ein Spieler.")
    ordered = sorted(ranking, key=lambda r: (r.place, _key(r)))
    if len(ordered) <= count:
        return [r.player_id for r in ordered]
    cut = _key(ordered[count - 1])
    sure = [r for r in ordered if _key(r) < cut]
    tied = [r for r in ordered if _key(r) == cut]
    if tie == CutTie.ALL:
        return [r.player_id for r in sure + tied]
    drawn = {player: index for index, player in enumerate(lot)}
    missing = [r.player_id for r in tied if r.player_id not in drawn]
    if missing:
        raise CompetitionError(
            "Am Schnitt sind Spieler gleich; das Los fehlt für "
            f"{len(missing)} von ihnen (es entscheidet über die letzten Plätze)."
        )
    tied.sort(key=lambda r: drawn[r.player_id])
    return [r.player_id for r in sure + tied[: count - len(sure)]]


def _key(row: Ranked) -> Strength:
    return strength(row.value, row.won, row.lost)


@dataclass(frozen=True)
class BonusRule:
    """Season qualification: points per whole euro of Startgeld and per Serie, entry from
    `threshold` points."""

    per_euro: int = 1
    per_round: int = 0
    threshold: int = 75

    def __post_init__(self) -> None:
        if min(self.per_euro, self.per_round, self.threshold) < 0:
            raise CompetitionError("Bonuspunkte und Schwelle sind nicht negativ.")


@dataclass(frozen=True)
class Bonus:
    player_id: int
    points: int
    entitled: bool
    derivation: str


def bonus_points(
    rule: BonusRule, paid_cents: Mapping[int, int], rounds_played: Mapping[int, int]
) -> list[Bonus]:
    """Each player's bonus points of the season (whole euros paid × per_euro + Serien ×
    per_round) and whether they reach the threshold; most points first."""
    players = set(paid_cents) | set(rounds_played)
    found = []
    for player in players:
        euros, played = paid_cents.get(player, 0) // 100, rounds_played.get(player, 0)
        points = euros * rule.per_euro + played * rule.per_round
        derivation = f"{euros} € × {rule.per_euro} + {played} Serien × {rule.per_round} = {points}"
        found.append(Bonus(player, points, points >= rule.threshold, derivation))
    return sorted(found, key=lambda b: (-b.points, b.player_id))
