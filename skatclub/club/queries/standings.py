"""The adapter: ORM rows -> engine -> plain rows for pages, tables, PDFs and commands.

Reads Serien, tables and seats with a fixed number of queries (never one per game, table or
player): each seat already carries the player's sums and Seeger-Fabian score at that table
(written by `services.refresh_results` through the engine). Money per table comes from the
engine's `vergleichsrechnung` and `lost_game_fees`. Also the reader behind that refresh:
`entered_results` sums games or paper totals per table and player.

A Serie without any game or paper total (created by mistake, or not started yet) is not
counted anywhere: `played_rounds` is the condition every reader of lines applies. A player
marked at the wrong seat (`Seat.wrong_seat`, DSkV Turnierordnung) gets a line of zeros for
points and games; the money he played for and his lost-game fees stay, and so do the others'
results at his table.

Terms: a *line* is one player's result at one table of one Serie (list score, won, lost,
others' lost games, Seeger-Fabian score, money). Standings add lines up per player and rank.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, NamedTuple

from django.db.models import Count, Exists, Max, OuterRef, Q, QuerySet, Sum

from scoring import (
    ScoreParts,
    Strength,
    lost_game_fees,
    others_rate,
    parse_cents_per_point,
    ranked,
    strength,
    vergleichsrechnung,
)
from skatclub.club.collation import german_key
from skatclub.club.formatting import exact_cents
from skatclub.club.models import (
    Event,
    Game,
    RamschScore,
    Round,
    Season,
    Seat,
    Table,
    TableTotal,
)
from skatclub.club.queries.parts import ScorePartsRow


class Line(NamedTuple):
    """One player's Serie at one table (a tuple: a season builds thousands per page view)."""

    event_id: int
    round_id: int
    round_number: int
    table_id: int
    table_number: int
    table_size: int
    player_id: int
    list_score: int
    won: int
    lost: int
    others_lost: int
    score: int
    cash_cents: Fraction
    fees_cents: int
    # How the table was entered (`Table.Entry`): at a SCORES table only `score` is known.
    entry: str = "games"


@dataclass
class Row(ScorePartsRow):
    """One player's standing: sums of lines and the parts of the score."""

    player_id: int
    player: str  # key
    name: str
    is_guest: bool
    list_score: int = 0
    won: int = 0
    lost: int = 0
    others_lost: int = 0
    score: int = 0
    cash_cents: Fraction = Fraction(0)
    fees_cents: int = 0
    rounds: int = 0
    place: int = 0
    # Wertungspunkte taken over without a Spielliste (imported history, Table.Entry.SCORES).
    given_score: int = 0
    lines: list[Line] = field(default_factory=list, repr=False)
    # games lost by the other players, by the points each such game gave (`scoring.others_rate`)
    others_by_rate: dict[int, int] = field(default_factory=dict, repr=False)

    @property
    def parts(self) -> ScoreParts:
        """The score in the engine's parts, with its German explanation."""
        others = tuple(sorted(self.others_by_rate.items(), reverse=True))
        return ScoreParts(self.list_score, self.won, self.lost, others, self.given_score)

    @property
    def games(self) -> int:
        return self.won + self.lost

    def add(self, line: Line) -> None:
        self.list_score += line.list_score
        self.won += line.won
        self.lost += line.lost
        self.others_lost += line.others_lost
        self.score += line.score
        if line.entry == SCORES:
            self.given_score += line.score
        if line.others_lost:
            rate = others_rate(line.table_size)
            self.others_by_rate[rate] = self.others_by_rate.get(rate, 0) + line.others_lost
        if line.cash_cents:  # a Fraction sum costs; without money every line has 0
            self.cash_cents += line.cash_cents
        self.fees_cents += line.fees_cents
        self.rounds += 1
        self.lines.append(line)

    def decomposition(self) -> str:
        """The score as any reader can recompute it (`scoring.ScoreParts.explanation`)."""
        return self.parts.explanation()

    def as_json(self) -> dict[str, Any]:
        return {
            "place": self.place,
            "player": self.player,
            "name": self.name,
            "list_score": self.list_score,
            "won": self.won,
            "lost": self.lost,
            "others_lost": self.others_lost,
            "score": self.score,
            "cash_cents": exact_cents(self.cash_cents),
            "fees_cents": self.fees_cents,
        }


def rank(rows: Iterable[Row]) -> list[Row]:
    """Best first, by the engine's ranking (`scoring.ranked`); equal players share the place."""
    placed = ranked(rows, _strength, _alphabetical)
    for place, row in placed:
        row.place = place
    return [row for _, row in placed]


def _alphabetical(row: Row) -> str:
    """Equal players in German alphabetical order (Ä with A, ß as ss)."""
    folded, name = german_key(row.name)
    return f"{folded}\0{name}\0{row.player}"


def _strength(row: Row) -> Strength:
    return strength(row.score, row.won, row.lost)


@functools.cache
def played_rounds() -> Q:
    """A Q on Round: the Serien with at least one entered game or paper total. Built once:
    each query that uses it copies it (building its two subqueries cost every page a
    millisecond)."""
    return Q(Exists(Game.objects.filter(table__round=OuterRef("pk")))) | Q(
        Exists(TableTotal.objects.filter(table__round=OuterRef("pk")))
    )


def lines_for(
    rounds: Q, only_tables: Q | None = None, *, money: bool = True, unplayed: bool = False
) -> list[Line]:
    """All lines of the played Serien selected by `rounds` (a Q on Round), in two queries.

    `only_tables` (a Q on Table) narrows to some tables of those Serien, e.g. one player's.
    Reads the sums and scores that `services.refresh_results` keeps on every seat;
    `money=False` skips the exact-fraction settlement where a page shows no money;
    `unplayed=True` keeps Serien without any result (a Spielliste shows its empty foot).
    """
    round_rows = {
        r["id"]: r
        for r in Round.objects.filter(rounds)
        .filter(Q() if unplayed else played_rounds())
        .values(
            "id",
            "number",
            "event_id",
            "event__cents_per_point",
            "event__lost_game_fees_cents",
        )
    }
    return _lines(round_rows, only_tables, money)


def _lines(
    round_rows: Mapping[int, Mapping[str, Any]],
    only_tables: Q | None,
    money: bool,
    players: dict[int, PlayerNames] | None = None,
) -> list[Line]:
    """The lines of these Serien (id -> the Serie's row as `lines_for` reads it): one query,
    the seats with their tables, and with their players' names into `players` if given."""
    if not round_rows:
        return []
    # Seats by Serie (a short id list) rather than by table (thousands in a season).
    seat_rows = Seat.objects.filter(round_id__in=round_rows)
    if only_tables is not None:
        chosen = Table.objects.filter(round_id__in=round_rows).filter(only_tables)
        seat_rows = seat_rows.filter(table__in=chosen)
    columns = SEAT_COLUMNS if players is None else (*SEAT_COLUMNS, *PLAYER_COLUMNS)
    seats: dict[int, list[SeatResult]] = defaultdict(list)
    tables: dict[int, tuple[int, int, str]] = {}
    for row in seat_rows.order_by("table_id", "position").values_list(*columns):
        seats[row[0]].append(row[:8])
        tables[row[0]] = row[8:11]
        if players is not None:
            players[row[1]] = row[11:]
    lines: list[Line] = []
    for table_id, seated in seats.items():
        number, round_id, entry = tables[table_id]
        lines.extend(_table_lines(round_rows[round_id], number, seated, money, entry))
    return lines


# A seat's result (`SeatResult`), then its table's number, Serie and entry.
SEAT_COLUMNS = (
    "table_id",
    "player_id",
    "list_score",
    "won",
    "lost",
    "others_lost",
    "score",
    "wrong_seat",
    "table__number",
    "table__round_id",
    "table__entry",
)
PLAYER_COLUMNS = ("player__key", "player__name", "player__is_guest")
PlayerNames = tuple[str, str, bool]  # key, name, guest


# table, player, list score, won, lost, others' lost, Seeger-Fabian score, falscher Platz
SeatResult = tuple[int, int, int, int, int, int, int, bool]
# What a player marked at the wrong seat gets: zeros for list score, won, lost, others' lost
# games and score (DSkV Turnierordnung).
WRONG_SEAT = (0, 0, 0, 0, 0)


class SeasonLine(NamedTuple):
    """One player's Serie as a season ranking reads it: no table, no money."""

    player_id: int
    round_id: int
    list_score: int
    won: int
    lost: int
    others_lost: int
    score: int


def season_lines(rounds: Q) -> list[SeasonLine]:
    """Each player's result in the played Serien selected by `rounds` (a Q on Round), in one
    query: what `scoring.season` ranks. A season has thousands; `lines_for` would also read
    every table and build lines with their money, twice the cost for the same sums."""
    seats = Seat.objects.filter(round__in=Round.objects.filter(rounds).filter(played_rounds()))
    # The seats read as the tuples they are (no column converted per row) with their flag:
    # a Serie at the wrong seat counts with zeros.
    rows = seats.order_by().values_list(*SeasonLine._fields, "wrong_seat")
    return [
        SeasonLine(row[0], row[1], *WRONG_SEAT) if row[-1] else SeasonLine._make(row[:-1])
        for row in rows
    ]


def entered_results(table_ids: Sequence[int]) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(table, player) -> (list score, won, lost) summed from games or the paper totals."""
    tables = {
        t["id"]: t
        for t in Table.objects.filter(id__in=table_ids).values(
            "id", "entry", "round__event__house_ramsch"
        )
    }
    return _with_ramsch(_game_results(tables), tables) | _total_results(tables)


def _game_results(tables: dict[int, Any]) -> dict[tuple[int, int], tuple[int, int, int]]:
    return game_sums([t for t, row in tables.items() if row["entry"] == Table.Entry.GAMES])


def game_sums(game_tables: Sequence[int]) -> dict[tuple[int, int], tuple[int, int, int]]:
    """(table, declarer) -> (list score, won, lost) of the games entered one by one, without
    Ramsch (one query; the tables must be entered game by game)."""
    rows = (
        Game.objects.filter(table_id__in=game_tables, passed_in=False)
        .values("table_id", "declarer_id")
        .annotate(
            total=Sum("list_score"),
            won_count=Count("id", filter=Q(won=True)),
            lost_count=Count("id", filter=Q(won=False)),
        )
        .order_by()
    )
    return {
        (r["table_id"], r["declarer_id"]): (r["total"] or 0, r["won_count"], r["lost_count"])
        for r in rows
    }


def _with_ramsch(
    results: dict[tuple[int, int], tuple[int, int, int]], tables: dict[int, Any]
) -> dict[tuple[int, int], tuple[int, int, int]]:
    """Ramsch scores count in the list score only: a Ramsch is no game won or lost."""
    game_tables = [
        t
        for t, row in tables.items()
        if row["entry"] == Table.Entry.GAMES and row["round__event__house_ramsch"]
    ]
    if not game_tables:
        return results
    rows = (
        RamschScore.objects.filter(game__table_id__in=game_tables)
        .values("game__table_id", "player_id")
        .annotate(total=Sum("list_score"))
        .order_by()
    )
    for r in rows:
        key = (r["game__table_id"], r["player_id"])
        list_score, won, lost = results.get(key, (0, 0, 0))
        results[key] = (list_score + r["total"], won, lost)
    return results


def given_scores(table_ids: Sequence[int]) -> dict[int, dict[int, int]]:
    """Table -> player -> Wertungspunkte, for the tables that only know those (SCORES)."""
    given: dict[int, dict[int, int]] = {}
    rows = TableTotal.objects.filter(
        table_id__in=table_ids, table__entry=Table.Entry.SCORES
    ).values_list("table_id", "player_id", "score")
    for table_id, player_id, score in rows:
        given.setdefault(table_id, {})[player_id] = score or 0
    return given


def recorded_scores(table_ids: Sequence[int]) -> dict[int, dict[int, int]]:
    """Table -> player -> the club's own Wertung, at paper-total tables imported "wie erfasst"
    whose sheet had a Wertung that differs from the computed one (`TableTotal.score`)."""
    kept: dict[int, dict[int, int]] = {}
    rows = TableTotal.objects.filter(
        table_id__in=table_ids, table__entry=Table.Entry.TOTALS, score__isnull=False
    ).values_list("table_id", "player_id", "score")
    for table_id, player_id, score in rows:
        kept.setdefault(table_id, {})[player_id] = score or 0
    return kept


def _total_results(tables: dict[int, Any]) -> dict[tuple[int, int], tuple[int, int, int]]:
    total_tables = [t for t, row in tables.items() if row["entry"] == Table.Entry.TOTALS]
    rows = TableTotal.objects.filter(table_id__in=total_tables).values(
        "table_id", "player_id", "list_score", "won", "lost"
    )
    return {(r["table_id"], r["player_id"]): (r["list_score"], r["won"], r["lost"]) for r in rows}


def _table_lines(
    round_row: Mapping[str, Any],
    table_number: int,
    seated: Sequence[SeatResult],
    money: bool,
    entry: str = Table.Entry.GAMES,
) -> list[Line]:
    size = len(seated)
    cpp_text = round_row["event__cents_per_point"]
    cash = (
        vergleichsrechnung([s[2] for s in seated], parse_cents_per_point(cpp_text))
        if money and cpp_text
        else [NO_MONEY] * size
    )
    fee_schedule = round_row["event__lost_game_fees_cents"] or [] if money else []
    event_id, round_id, round_number = round_row["event_id"], round_row["id"], round_row["number"]
    return [
        Line(
            event_id,
            round_id,
            round_number,
            table_id,
            table_number,
            size,
            player_id,
            *(WRONG_SEAT if wrong else (list_score, won, lost, others_lost, score)),
            cash[index],
            lost_game_fees(lost, fee_schedule) if fee_schedule else 0,
            entry,
        )
        for index, (
            table_id,
            player_id,
            list_score,
            won,
            lost,
            others_lost,
            score,
            wrong,
        ) in enumerate(seated)
    ]


def seat_lines(table: Table, seats: Sequence[Seat]) -> list[Line]:
    """The lines (without money) of one table whose seats are read already: no query.
    `table.round` must be loaded."""
    round_ = table.round
    row = {
        "id": round_.pk,
        "number": round_.number,
        "event_id": round_.event_id,
        "event__cents_per_point": "",
        "event__lost_game_fees_cents": [],
    }
    seated = [
        (s.table_id, s.player_id, s.list_score, s.won, s.lost, s.others_lost, s.score, s.wrong_seat)
        for s in seats
    ]
    return _table_lines(row, table.number, seated, False, table.entry)


NO_MONEY = Fraction(0)
SCORES = Table.Entry.SCORES.value


def standings_from_lines(
    lines: Iterable[Line], players: Mapping[int, PlayerNames] | None = None
) -> list[Row]:
    """The lines added up per player and ranked; `players` (id -> key, name, guest) when read
    with the lines already, else one query."""
    from skatclub.club.models import Player

    lines = list(lines)
    if players is None:
        players = {
            p["id"]: (p["key"], p["name"], p["is_guest"])
            for p in Player.objects.filter(id__in={line.player_id for line in lines}).values(
                "id", "key", "name", "is_guest"
            )
        }
    rows: dict[int, Row] = {}
    for line in lines:
        row = rows.get(line.player_id)
        if row is None:
            key, name, is_guest = players[line.player_id]
            row = rows[line.player_id] = Row(line.player_id, key, name, is_guest)
        row.add(line)
    return rank(rows.values())


def event_standings(
    event: Event,
    round_number: int | None = None,
    *,
    played: Sequence[tuple[int, int]] | None = None,
) -> list[Row]:
    """The event's (or one Serie's) standings, best first. `played`: the event's played
    Serien as (id, number), when the page has read them already: then their lines are read
    with the event's money settings from `event` and with the players' names, in one query."""
    if played is None:
        selection = Q(event=event)
        if round_number is not None:
            selection &= Q(number=round_number)
        return standings_from_lines(lines_for(selection))
    rounds = {
        pk: {
            "id": pk,
            "number": number,
            "event_id": event.pk,
            "event__cents_per_point": event.cents_per_point,
            "event__lost_game_fees_cents": event.lost_game_fees_cents,
        }
        for pk, number in played
        if round_number is None or number == round_number
    }
    players: dict[int, PlayerNames] = {}
    return standings_from_lines(_lines(rounds, None, True, players), players)


def standings_json(event: Event, round_number: int | None = None) -> dict[str, Any]:
    rows = event_standings(event, round_number)
    return {"event": event.key, "round": round_number, "rows": [r.as_json() for r in rows]}


def seasons_with_rule_dates() -> QuerySet[Season]:
    """The seasons, each with `rule_changed_at`: when its ranking settings last changed
    (`services.save_season_rule`), None when never; read with the season, no query more."""
    return Season.objects.annotate(rule_changed_at=Max("rule_changes__at"))
