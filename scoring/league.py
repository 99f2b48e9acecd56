"""The DSkV league (Ligaspielbetrieb): Wertungspunkte per Serie, the Spieltag, the league table,
and who sits at which table.

Owns `round_points` (one Serie of one table group), `matchday_result` (the Serien of one
Spieltag), `league_table` (the Spieltage of a season) and `spread_players` (the seating of a
table group for one Serie). Pure: reads plain values, writes nothing; places are shared with
`ranking.ranked`.

Terms (code name in brackets):
- Mannschaft (team): 4 players; it may start with 3. Substitutes come in between Serien, so a
  team's result in a Serie is whoever played for it in that Serie.
- Tischgruppe (table group): the teams that meet at one host on one Spieltag, usually 4.
- Spielpunkte of a team (`score`): the sum of its players' Seeger-Fabian scores in the Serie
  (each player's `score` of `points.py`).
- Wertungspunkte (`points`) and Minuspunkte (`minus_points`): per Serie the n teams of a group
  get n-1, ..., 1, 0 by place, and n-1 minus their points as minus points; the league prints
  them as "7:2" (plus : minus).

Rules and sources:
- DSkV Sportordnung, Anlage 10 "Wertung bei unvollständig antretenden Mannschaften" (copy at
  https://www.yumpu.com/de/document/view/20742485/deutscher-skatverband-ev-anlage-10-zur-sportordnung-wertung-):
  a team starts with at least three players; "Nicht antretende Mannschaften erhalten keine
  Wertungs- und Spielpunkte"; with only two teams present both must have four players; in the
  cases 4-4-4-3 to 3-3-3-3 the "Punkteverteilung: 3 : 0; 2 : 1; 1 : 2; 0 : 3" stays; 4-4-4-3 is
  played at three 4-tables and one 3-table, 3-3-3-3 at three 4-tables, 4-4-4-0 at four 3-tables.
- n-1 .. 0 for other group sizes and points as plus:minus: a five-team field of the 1. Bundesliga
  scores "9:7 Punkte" over four Serien (4 per Serie), http://www.volksfreund.de/nachrichten/sport/
  sportmix/regional/Sportmix-Regional-Skat-Beim-Liga-Finale-gibt-s-zahlreiche-Ueberraschungen;art165758,4535826
- League table order, Wertungspunkte then Spielpunkte: league practice in published tables, e.g.
  http://skatfreunde-olympia.net/index.php/presseberichte/pressebericht-april-2016 (07:02 with
  12.221 ahead of 07:02 with 12.143) and https://www.swp.de/suedwesten/staedte/geislingen/
  geislingen-i-hat-den-klassenerhalt-fast-sicher-19856037.html ("pari, aber aufgrund der höheren
  Spielpunkte"). The league's own Ordnung text on this was not reachable.
- Project choices, pending the league's own Ordnung (no source found): teams with equal
  Spielpunkte in a Serie share the Wertungspunkte of the places they occupy (exact Fraction,
  e.g. 1½ each for places 2-3); a team that did not turn up ranks behind every team that did,
  with 0 points and n-1 minus points; teams equal in Wertungspunkte and Spielpunkte share the
  table place (no direct comparison, no lot).
- Seating: no two players of one team at a table, 4-tables where possible and 3-tables
  otherwise (the Anlage 10 cases above); across the Serien of a Spieltag players meet
  opponents they have not met yet where the line-ups allow it (deterministic, no lot).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import groupby, permutations

from scoring.errors import InvalidLineup, InvalidTableGroup, SeatingImpossible
from scoring.ranking import Strength, ranked, strength

MIN_PLAYERS = 3
MAX_PLAYERS = 4
MIN_TEAMS = 2
TABLE_ORDER = (
    "Reihenfolge: Wertungspunkte, bei Gleichheit Spielpunkte; sind auch diese gleich, "
    "teilen sich die Mannschaften den Platz."
)


# -- vocabulary ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One team in one Serie: the Seeger-Fabian scores of whoever played for it.

    No scores: the team did not turn up."""

    team: str
    scores: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        _check_team_size(self.team, len(self.scores), allow_absent=True)

    @property
    def turned_up(self) -> bool:
        return bool(self.scores)

    @property
    def score(self) -> int:
        return sum(self.scores)


@dataclass(frozen=True, slots=True)
class RoundPoints:
    """A team's Wertungspunkte in one Serie, and why."""

    team: str
    round_number: int
    players: int  # 0: did not turn up
    score: int
    points: Fraction
    minus_points: Fraction
    places: tuple[int, int] | None  # (first, last) place; shared when they differ
    explanation: str

    @property
    def turned_up(self) -> bool:
        return self.players > 0

    @property
    def points_text(self) -> str:
        return format_plus_minus(self.points, self.minus_points)


@dataclass(frozen=True, slots=True)
class MatchdayResult:
    """A team's Spieltag: its Serien and their sums."""

    place: int
    team: str
    rounds: tuple[RoundPoints, ...]
    points: Fraction
    minus_points: Fraction
    score: int
    derivation: str

    @property
    def rounds_played(self) -> int:
        return sum(1 for r in self.rounds if r.turned_up)

    @property
    def points_text(self) -> str:
        return format_plus_minus(self.points, self.minus_points)


@dataclass(frozen=True, slots=True)
class LeagueRow:
    place: int
    team: str
    matchdays: int  # Spieltage at which the team played at least one Serie
    points: Fraction
    minus_points: Fraction
    score: int
    note: str  # how a tie with a neighbour was decided; "" without one

    @property
    def points_text(self) -> str:
        return format_plus_minus(self.points, self.minus_points)


@dataclass(frozen=True, slots=True)
class Lineup:
    """Who plays for a team in one Serie (3 or 4 player keys)."""

    team: str
    players: tuple[str, ...]

    def __post_init__(self) -> None:
        _check_team_size(self.team, len(self.players), allow_absent=False)
        if len(set(self.players)) != len(self.players):
            raise InvalidLineup(f"Mannschaft „{self.team}“ nennt einen Spieler zweimal.")


@dataclass(frozen=True, slots=True)
class Seat:
    team: str
    player: str


@dataclass(frozen=True, slots=True)
class Seating:
    """The tables of one Serie, table 1 first."""

    round_number: int
    tables: tuple[tuple[Seat, ...], ...]

    def table_of(self, player: str) -> int:
        """Table number (from 1) of a player."""
        for number, table in enumerate(self.tables, start=1):
            if any(seat.player == player for seat in table):
                return number
        raise KeyError(player)


# -- numbers as the club reads them ----------------------------------------------------------


def format_points(value: Fraction) -> str:
    """Wertungspunkte in German: 3, 1½, ½; anything finer with a decimal comma."""
    whole, rest = divmod(value, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return f"{int(whole)}½" if whole else "½"
    hundredths = round(value * 100)  # round-half-even on an exact Fraction, no float
    return f"{hundredths // 100},{hundredths % 100:02d}"


def format_plus_minus(points: Fraction, minus_points: Fraction) -> str:
    """Wertungspunkte as the league prints them: plus : minus, e.g. "7:2", "5½:3½"."""
    return f"{format_points(points)}:{format_points(minus_points)}"


def format_score(value: int) -> str:
    """Spielpunkte with a thousands dot: 2.345."""
    return f"{value:,}".replace(",", ".")


def _points_word(value: Fraction) -> str:
    return "Wertungspunkt" if value == 1 else "Wertungspunkte"


# -- one Serie -------------------------------------------------------------------------------


def round_points(teams: Sequence[TeamRound], round_number: int = 1) -> tuple[RoundPoints, ...]:
    """Wertungspunkte of one Serie of one table group, best first, absent teams last."""
    _check_group(teams, round_number)
    size = len(teams)
    present = [t for t in teams if t.turned_up]
    placed = ranked(present, lambda t: strength(t.score, 0, 0), lambda t: t.team)
    results = [
        _placed_points(team, span, size, round_number)
        for span, group in _spans(placed)
        for team in group
    ]
    absent = sorted((t for t in teams if not t.turned_up), key=lambda t: t.team)
    return tuple(results + [_absent_points(t.team, size, round_number) for t in absent])


def _spans(
    placed: list[tuple[int, TeamRound]],
) -> Iterable[tuple[tuple[int, int], list[TeamRound]]]:
    """Teams that share a place, with the first and last place they occupy."""
    for place, group in groupby(placed, key=lambda pair: pair[0]):
        teams = [team for _, team in group]
        yield (place, place + len(teams) - 1), teams


def _placed_points(
    team: TeamRound, span: tuple[int, int], size: int, round_number: int
) -> RoundPoints:
    first, last = span
    # Place p is worth size - p; a shared span gets the mean of its places' points.
    points = Fraction(2 * size - first - last, 2)
    where = f"Platz {first} von {size}" if first == last else f"Platz {first}–{last} geteilt"
    text = (
        f"Serie {round_number}: {format_score(team.score)} Spielpunkte, {where} → "
        f"{format_points(points)} {_points_word(points)}"
    )
    minus = size - 1 - points
    return RoundPoints(
        team.team, round_number, len(team.scores), team.score, points, minus, span, text
    )


def _absent_points(team: str, size: int, round_number: int) -> RoundPoints:
    text = f"Serie {round_number}: nicht angetreten → 0 Wertungspunkte, 0 Spielpunkte"
    return RoundPoints(team, round_number, 0, 0, Fraction(0), Fraction(size - 1), None, text)


def _check_team_size(team: str, players: int, *, allow_absent: bool) -> None:
    if players == 0 and allow_absent:
        return
    if players < MIN_PLAYERS:
        raise InvalidLineup(
            f"Mannschaft „{team}“ hat {players} Spieler; eine Mannschaft tritt mit "
            f"mindestens {MIN_PLAYERS} Spielern an."
        )
    if players > MAX_PLAYERS:
        raise InvalidLineup(
            f"Mannschaft „{team}“ hat {players} Spieler in einer Serie; es spielen höchstens "
            f"{MAX_PLAYERS}, Ersatzspieler wechseln zwischen den Serien ein."
        )


def _check_group(teams: Sequence[TeamRound], round_number: int) -> None:
    if round_number < 1:
        raise InvalidTableGroup(f"Serie {round_number} gibt es nicht; die erste ist Serie 1.")
    _check_distinct_teams([t.team for t in teams])
    present = [t for t in teams if t.turned_up]
    if len(present) < MIN_TEAMS:
        raise InvalidTableGroup(
            f"In Serie {round_number} ist {'keine' if not present else 'nur eine'} "
            "Mannschaft angetreten; gespielt wird ab zwei Mannschaften."
        )
    if len(present) == MIN_TEAMS and any(len(t.scores) < MAX_PLAYERS for t in present):
        raise InvalidTableGroup(
            "Treten nur zwei Mannschaften an, wird nur gespielt, wenn beide vier Spieler "
            "haben (Anlage 10 zur Sportordnung)."
        )


def _check_distinct_teams(keys: Sequence[str]) -> None:
    if len(keys) < MIN_TEAMS:
        raise InvalidTableGroup(
            f"Eine Tischgruppe hat mindestens {MIN_TEAMS} Mannschaften, angegeben ist {len(keys)}."
        )
    twice = sorted(key for key, count in Counter(keys).items() if count > 1)
    if twice:
        raise InvalidTableGroup(f"Mannschaft „{twice[0]}“ ist zweimal angegeben.")


# -- one Spieltag ----------------------------------------------------------------------------


def matchday_result(rounds: Sequence[Sequence[TeamRound]]) -> tuple[MatchdayResult, ...]:
    """The Serien of one table group on one Spieltag, summed per team, best first."""
    if not rounds:
        raise InvalidTableGroup("Ein Spieltag hat mindestens eine Serie.")
    _check_same_teams(rounds)
    scored = [round_points(teams, number) for number, teams in enumerate(rounds, start=1)]
    by_team: dict[str, list[RoundPoints]] = {}
    for result in (r for round in scored for r in round):
        by_team.setdefault(result.team, []).append(result)
    sums = [_summed(team, tuple(own)) for team, own in by_team.items()]
    placed = ranked(sums, _table_strength, lambda s: s.team)
    return tuple(replace(result, place=place) for place, result in placed)


def _summed(team: str, rounds: tuple[RoundPoints, ...]) -> MatchdayResult:
    points = sum((r.points for r in rounds), Fraction(0))
    score = sum(r.score for r in rounds)
    derivation = (
        " + ".join(format_points(r.points) for r in rounds)
        + f" = {format_points(points)} Wertungspunkte; "
        + " + ".join(format_score(r.score) for r in rounds)
        + f" = {format_score(score)} Spielpunkte"
    )
    minus = sum((r.minus_points for r in rounds), Fraction(0))
    return MatchdayResult(0, team, rounds, points, minus, score, derivation)


def _check_same_teams(rounds: Sequence[Sequence[TeamRound]]) -> None:
    first = sorted(t.team for t in rounds[0])
    for number, teams in enumerate(rounds[1:], start=2):
        if sorted(t.team for t in teams) != first:
            raise InvalidTableGroup(
                f"Serie {number} hat andere Mannschaften als Serie 1; eine Tischgruppe "
                "spielt alle Serien eines Spieltags zusammen."
            )


# -- the season ------------------------------------------------------------------------------


def league_table(matchdays: Sequence[Sequence[MatchdayResult]]) -> tuple[LeagueRow, ...]:
    """The league table over Spieltage; each inner sequence is one Spieltag (all its groups)."""
    totals: dict[str, list[MatchdayResult]] = {}
    for number, results in enumerate(matchdays, start=1):
        _check_once_per_matchday(results, number)
        for result in results:
            totals.setdefault(result.team, []).append(result)
    rows = [_row(team, own) for team, own in totals.items()]
    placed = ranked(rows, _table_strength, lambda r: r.team)
    return tuple(_with_note(place, row, rows) for place, row in placed)


def _table_strength(item: MatchdayResult | LeagueRow) -> Strength:
    # More Wertungspunkte first, then more Spielpunkte (in the "won" slot of the sort key).
    return strength(item.points, item.score, 0)


def _row(team: str, results: list[MatchdayResult]) -> LeagueRow:
    return LeagueRow(
        place=0,
        team=team,
        matchdays=sum(1 for r in results if r.rounds_played),
        points=sum((r.points for r in results), Fraction(0)),
        minus_points=sum((r.minus_points for r in results), Fraction(0)),
        score=sum(r.score for r in results),
        note="",
    )


def _with_note(place: int, row: LeagueRow, rows: list[LeagueRow]) -> LeagueRow:
    """The row with its place and, if another team has as many Wertungspunkte, how the tie
    was decided."""
    equal = sorted(r.team for r in rows if r.points == row.points and r.team != row.team)
    shared = sorted(r.team for r in rows if r.team in equal and r.score == row.score)
    if shared:
        note = f"Wertungs- und Spielpunkte gleich mit {', '.join(shared)}: Platz geteilt"
    elif equal:
        note = f"Wertungspunkte gleich mit {', '.join(equal)}: Spielpunkte entscheiden"
    else:
        note = ""
    return replace(row, place=place, note=note)


def _check_once_per_matchday(results: Sequence[MatchdayResult], number: int) -> None:
    twice = sorted(key for key, n in Counter(r.team for r in results).items() if n > 1)
    if twice:
        raise InvalidTableGroup(f"Mannschaft „{twice[0]}“ steht zweimal im {number}. Spieltag.")


# -- seating ---------------------------------------------------------------------------------


def spread_players(lineups: Sequence[Lineup], round_number: int) -> Seating:
    """Tables for Serie `round_number` of a table group.

    No two players of one team share a table; as many 4-tables as possible. Each Serie seats
    every player, as far as the line-ups allow, with opponents he has not met in the earlier
    Serien of the Spieltag. Those are worked out again from this Serie's line-ups: a
    substitute takes the place in the line-up of the player he replaces.
    """
    _check_lineups(lineups, round_number)
    sizes = [len(lineup.players) for lineup in lineups]
    count = _table_count(sizes)
    missing = _missing_tables(sizes, count)
    met: Counter[frozenset[tuple[int, int]]] = Counter()
    for _ in range(round_number):
        tables = _seat_round(sizes, missing, count, met)
        for table in tables:
            met.update(frozenset((a, b)) for a in table for b in table if a < b)
    return Seating(
        round_number,
        tuple(
            tuple(Seat(lineups[t].team, lineups[t].players[p]) for t, p in table)
            for table in tables
        ),
    )


def _check_lineups(lineups: Sequence[Lineup], round_number: int) -> None:
    if round_number < 1:
        raise InvalidTableGroup(f"Serie {round_number} gibt es nicht; die erste ist Serie 1.")
    _check_distinct_teams([lineup.team for lineup in lineups])
    teams_of: dict[str, str] = {}
    for lineup in lineups:
        for player in lineup.players:
            if player in teams_of:
                raise InvalidLineup(
                    f"Spieler „{player}“ steht bei „{teams_of[player]}“ und bei "
                    f"„{lineup.team}“; er spielt in einer Serie für eine Mannschaft."
                )
            teams_of[player] = lineup.team


def _table_count(sizes: list[int]) -> int:
    """The fewest tables that seat everyone at 4 at most and each team's players apart."""
    players = sum(sizes)
    count = max(-(-players // MAX_PLAYERS), max(sizes))
    if players < MIN_PLAYERS * count:
        raise SeatingImpossible(
            f"{players} Spieler aus {len(sizes)} Mannschaften lassen sich nicht so an 3er- und "
            "4er-Tische setzen, dass keine zwei Spieler einer Mannschaft an einem Tisch sitzen."
        )
    return count


def _missing_tables(sizes: list[int], count: int) -> list[frozenset[int]]:
    """Per team, the tables without a player of it.

    The gaps are dealt round the tables one after another, so no table misses more than one
    team more than any other: the tables hold 4 or 3 players (3 * count <= players).
    """
    gaps: list[frozenset[int]] = []
    dealt = 0
    for size in sizes:
        gaps.append(frozenset((dealt + g) % count for g in range(count - size)))
        dealt += count - size
    return gaps


# Enough to find a Serie without repeated meetings for groups of up to five teams of four;
# bigger groups keep the best seating found within it (still no two team-mates at a table).
SEARCH_BUDGET = 20_000

Table = list[tuple[int, int]]  # (team index, player index in its line-up)


def _seat_round(
    sizes: list[int],
    missing: list[frozenset[int]],
    count: int,
    met: Counter[frozenset[tuple[int, int]]],
) -> list[Table]:
    """One Serie: the orders of each team's players over its tables that repeat the fewest
    meetings of earlier Serien (the first such seating found, searched team by team)."""
    own = [[t for t in range(count) if t not in missing[team]] for team in range(len(sizes))]
    search = _Search(own, count, met)
    search.run(0, [[] for _ in range(count)], 0)
    assert search.best is not None  # the first complete seating is always reached
    return search.best


class _Search:
    """Branch and bound over the teams' player orders; repeats only grow, so a partial seating
    that already repeats as often as the best complete one is dropped."""

    def __init__(
        self, own: list[list[int]], count: int, met: Counter[frozenset[tuple[int, int]]]
    ) -> None:
        self.own, self.count, self.met = own, count, met
        self.best: list[Table] | None = None
        self.best_cost = 0
        self.nodes = 0

    def run(self, team: int, tables: list[Table], cost: int) -> None:
        if self.best is not None and (cost >= self.best_cost or self.nodes > SEARCH_BUDGET):
            return
        if team == len(self.own):
            self.best, self.best_cost = [list(t) for t in tables], cost
            return
        for order in permutations(self.own[team]):
            self.nodes += 1
            added = self._repeats(team, order, tables)
            for player, table in enumerate(order):
                tables[table].append((team, player))
            self.run(team + 1, tables, cost + added)
            for table in order:
                tables[table].pop()

    def _repeats(self, team: int, order: tuple[int, ...], tables: list[Table]) -> int:
        return sum(
            self.met[frozenset(((team, player), other))]
            for player, table in enumerate(order)
            for other in tables[table]
        )
