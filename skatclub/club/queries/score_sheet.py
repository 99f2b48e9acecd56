"""The Spielliste of one table: one row per game with running totals, and the foot.

Owns `score_sheet(table)`, read by the entry pages and the PDF printout. Reads seats and games of
one table (already valued by `services.record_game`) and the table's line from the standings
adapter (won, lost, others' lost, Seeger-Fabian score); writes nothing and checks no Skat rule.

Terms: positions are seat numbers 1..n clockwise (`scoring/table.py`); a row's `totals` are the
running list scores (Spielpunkte) per player in seat order after that game; an unentered game
number has `entered=False` and `totals=None`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q

from scoring import (
    TABLE_SIZES,
    ScoreParts,
    dealer_position,
    score_parts,
    score_rule,
    sitting_positions,
)
from skatclub.club.models import Game, RamschScore, Seat, Table
from skatclub.club.queries import standings
from skatclub.club.queries.parts import ScorePartsRow
from skatclub.club.queries.progress import expected_games
from skatclub.club.queries.standings import Line


@dataclass(frozen=True)
class SheetPlayer:
    position: int
    player_id: int
    key: str
    name: str
    is_guest: bool


@dataclass(frozen=True)
class SheetRow:
    """Game `number` at this table; declarer/notation/value empty until it is entered."""

    number: int
    dealer_position: int
    sitting_positions: tuple[int, ...]
    entered: bool
    passed_in: bool
    declarer_position: int | None
    notation: str
    won: bool | None
    overbid: bool
    game_value: int
    derivation: str
    list_score: int
    totals: tuple[int, ...] | None
    game_id: int | None
    version: int  # 0 = not entered yet (the `expected_version` for a new game)

    @property
    def is_ramsch(self) -> bool:
        return self.passed_in and bool(self.notation)

    @property
    def game_text(self) -> str:
        """As typed: "2 Kr m2 H S", "R 1:55 2:40 3:25 s1" or "eingepasst"."""
        if self.passed_in:
            return self.notation or "eingepasst"
        return f"{self.declarer_position} {self.notation}"


@dataclass(frozen=True)
class SheetFoot(ScorePartsRow):
    """One player's sums under the list; `score` is Seeger-Fabian (from the adapter)."""

    position: int
    player_id: int
    list_score: int
    won: int
    lost: int
    others_lost: int
    score: int
    cash_cents: Fraction
    fees_cents: int
    parts: ScoreParts  # the score's parts as the engine explains them


@dataclass(frozen=True)
class ScoreSheet:
    table_id: int
    event_key: str
    event_name: str
    round_number: int
    table_number: int
    table_size: int
    games_per_round: int
    entry: str  # Table.Entry: "games" or "totals"
    check_status: str
    players: tuple[SheetPlayer, ...]
    rows: tuple[SheetRow, ...]
    foot: tuple[SheetFoot, ...]

    @property
    def score_rule(self) -> str:
        """How this table's Wertungspunkte are computed, in German."""
        return score_rule(self.table_size) if self.table_size in TABLE_SIZES else ""

    @property
    def games_entered(self) -> int:
        return sum(1 for row in self.rows if row.entered)

    def row(self, number: int) -> SheetRow | None:
        for row in self.rows:
            if row.number == number:
                return row
        return None

    def player_at(self, position: int) -> SheetPlayer | None:
        for player in self.players:
            if player.position == position:
                return player
        return None


def score_sheet(table: Table) -> ScoreSheet:
    """The table's Spielliste in a fixed number of queries."""
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    return score_sheets([table])[0]


def score_sheets(tables: Sequence[Table]) -> list[ScoreSheet]:
    """The Spiellisten of some tables of one Serie (each with its `round__event` loaded), in
    three queries more however many tables: a whole Serie is printed at once."""
    if not tables:
        return []
    ids = [t.pk for t in tables]
    players: dict[int, list[SheetPlayer]] = defaultdict(list)
    seats = Seat.objects.filter(table_id__in=ids).select_related("player")
    for s in seats.order_by("table_id", "position"):
        players[s.table_id].append(
            SheetPlayer(s.position, s.player_id, s.player.key, s.player.name, s.player.is_guest)
        )
    games: dict[int, dict[int, dict[str, Any]]] = defaultdict(dict)
    for g in Game.objects.filter(table_id__in=ids).values("table_id", *GAME_FIELDS):
        games[g["table_id"]][g["number"]] = g
    lines = standings.lines_for(Q(pk=tables[0].round_id), Q(pk__in=ids), unplayed=True)
    by_table: dict[int, dict[int, Line]] = defaultdict(dict)
    for line in lines:
        by_table[line.table_id][line.player_id] = line
    ramsch = _ramsch_scores(ids)
    return [
        _sheet(t, tuple(players[t.pk]), games[t.pk], ramsch[t.pk], by_table[t.pk]) for t in tables
    ]


def _sheet(
    table: Table,
    players: tuple[SheetPlayer, ...],
    games: dict[int, dict[str, Any]],
    ramsch: dict[int, dict[int, int]],
    lines: dict[int, Line],
) -> ScoreSheet:
    limit = expected_games(table.round.event, len(players))
    rows = _rows(players, games, ramsch, len(players), max([limit, *games]))
    return _sheet_of(table, players, rows, lines)


def _sheet_of(
    table: Table,
    players: tuple[SheetPlayer, ...],
    rows: tuple[SheetRow, ...],
    lines: dict[int, Line],
) -> ScoreSheet:
    event = table.round.event
    return ScoreSheet(
        table_id=table.pk,
        event_key=event.key,
        event_name=event.name,
        round_number=table.round.number,
        table_number=table.number,
        table_size=len(players),
        games_per_round=expected_games(event, len(players)),
        entry=table.entry,
        check_status=table.check_status,
        players=players,
        rows=rows,
        foot=_foot(players, lines),
    )


# Plain values, not model instances: the sheet is rebuilt after every entered game.
GAME_FIELDS = (
    "id",
    "number",
    "passed_in",
    "declarer_id",
    "notation",
    "won",
    "overbid",
    "game_value",
    "derivation",
    "list_score",
    "version",
)
NOT_ENTERED: dict[str, Any] = {
    "id": None,
    "passed_in": False,
    "declarer_id": None,
    "notation": "",
    "won": None,
    "overbid": False,
    "game_value": 0,
    "derivation": "",
    "list_score": 0,
    "version": 0,
}


def _ramsch_scores(table_ids: Sequence[int]) -> dict[int, dict[int, dict[int, int]]]:
    """Table -> game number -> player -> score, for the Ramsch games (one query)."""
    scores: dict[int, dict[int, dict[int, int]]] = defaultdict(dict)
    rows = RamschScore.objects.filter(game__table_id__in=table_ids).values_list(
        "game__table_id", "game__number", "player_id", "list_score"
    )
    for table_id, number, player_id, score in rows:
        scores[table_id].setdefault(number, {})[player_id] = score
    return scores


def _rows(
    players: tuple[SheetPlayer, ...],
    games: dict[int, dict[str, Any]],
    ramsch: dict[int, dict[int, int]],
    size: int,
    count: int,
) -> tuple[SheetRow, ...]:
    position_of = {p.player_id: p.position for p in players}
    totals = [0] * size
    rows = []
    for number in range(1, count + 1):
        game = games.get(number)
        values = game or NOT_ENTERED
        declarer = position_of.get(values["declarer_id"])
        if declarer is not None:
            totals[declarer - 1] += values["list_score"]
        hits = ramsch.get(number, {})
        for player_id, score in hits.items():
            totals[position_of[player_id] - 1] += score
        if hits:  # a Ramsch's Spielpunkte are what it takes from the players it hits
            values = {**values, "list_score": sum(hits.values())}
        running = tuple(totals) if game is not None else None
        rows.append(_row(number, values, declarer, size, running))
    return tuple(rows)


def _row(
    number: int,
    values: dict[str, Any],
    declarer: int | None,
    size: int,
    totals: tuple[int, ...] | None,
) -> SheetRow:
    return SheetRow(
        number=number,
        dealer_position=dealer_position(size, number) if size else 0,
        sitting_positions=sitting_positions(size, number) if size in TABLE_SIZES else (),
        entered=totals is not None,
        passed_in=values["passed_in"],
        declarer_position=declarer,
        notation=values["notation"],
        won=values["won"],
        overbid=values["overbid"],
        game_value=values["game_value"],
        derivation=values["derivation"],
        list_score=values["list_score"],
        totals=totals,
        game_id=values["id"],
        version=values["version"],
    )


def saved_tail(game: Game, taken: Collection[int]) -> ScoreSheet | None:
    """The sheet with only the saved `game`'s row and the foot, what a save answers; None when
    that is not all that changed: a game before the last one (`taken`: the table's game
    numbers; the running totals below it change) or a Ramsch (it hits several players).

    `game` as `services.record_game` returns it: its table with Serie and event loaded and
    the seats with their new sums in the table's prefetch cache (no query then).
    """
    if game.ramsch is not None or max(taken) != game.number:
        return None
    table = game.table
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    players = tuple(
        SheetPlayer(s.position, s.player_id, s.player.key, s.player.name, s.player.is_guest)
        for s in seats
    )
    declarer = next((s.position for s in seats if s.player_id == game.declarer_id), None)
    values = {name: getattr(game, name) for name in GAME_FIELDS}
    row = _row(game.number, values, declarer, len(seats), tuple(s.list_score for s in seats))
    lines = {line.player_id: line for line in standings.seat_lines(table, seats)}
    return _sheet_of(table, players, (row,), lines)


def _foot(players: tuple[SheetPlayer, ...], lines: dict[int, Line]) -> tuple[SheetFoot, ...]:
    foot = []
    for player in players:
        line = lines.get(player.player_id)
        if line is None:
            continue
        foot.append(
            SheetFoot(
                position=player.position,
                player_id=player.player_id,
                list_score=line.list_score,
                won=line.won,
                lost=line.lost,
                others_lost=line.others_lost,
                score=line.score,
                cash_cents=line.cash_cents,
                fees_cents=line.fees_cents,
                parts=score_parts(
                    line.list_score, line.won, line.lost, line.others_lost, line.table_size
                ),
            )
        )
    return tuple(foot)
