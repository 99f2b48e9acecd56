"""Entering and correcting results: single games and paper totals.

Every write is keyword-only and runs in a transaction. The engine (`scoring`) is the only
place where Skat rules are checked (game values, house rules, table sizes, who sits out); this
module adds the event's settings (Serie length, house rules) and keeps the history (`Change`).
Errors are `EntryError` (a `ValueError` with a German `message`) or the engine's `ScoringError`.
What every save shares lives below it: the engine's verdict on a game (`valuing`), the table
locked for the save (`locks`) and the sums on every seat (`seat_sums`); Ramsch and Bockrunden
are `house_rules`, which builds on the same three.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from scoring import ImplausibleTotals, Ruleset, check_paper_totals, check_table_size, max_list_score
from skatclub.club.entry_line import parse_line
from skatclub.club.models import Change, Event, Game, Player, Seat, Table, TableLink, TableTotal
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import (
    Actor,
    acting_user,
    game_snapshot,
    log_change,
    totals_snapshot,
)
from skatclub.club.services.house_rules import bock_level, bock_rule, rebock, record_ramsch
from skatclub.club.services.locks import (
    TableAt,
    check_actor,
    check_version,
    locked_game,
    locked_table,
    seated,
)
from skatclub.club.services.review import reopen_check
from skatclub.club.services.seat_sums import refresh_results, refresh_table
from skatclub.club.services.valuing import (
    PASSED_FIELDS,
    check_game_slot,
    house_rules_of,
    value_game,
)


@transaction.atomic
def record_game(
    *,
    table: Table,
    number: int,
    declarer: Player | None,
    declaration: Mapping[str, Any] | None,
    outcome: Mapping[str, Any] | None,
    user: Actor = None,
    expected_version: int | None = None,
    bock_override: int | None = None,
) -> Game:
    """Create or change game `number`; `declarer=None` records an eingepasstes Spiel.

    `expected_version` guards against silent overwrites: 0 = "this game must be new",
    n = "I edited version n"; None skips the check (imports, scripts). Where the event plays
    Bockrunden, the game's Bock level follows them (`bock_override` is the Spielwart's own).
    """
    table, seats = _locked_for_games(table, user)
    game = Typed(number, declarer, declaration, outcome, bock_override)
    return _record(table, seats, game, user, expected_version)


@transaction.atomic
def record_line(
    *,
    table: Table | TableAt,
    number: int,
    text: str,
    user: Actor = None,
    expected_version: int | None = None,
) -> Game:
    """Game `number` as typed on the Spielliste ("2 Kr m2 H S", "p", a Ramsch; `entry_line`).

    The line is read under the table's lock against the seats as they are then, so the caller
    reads no seats of its own (nor the table: a `TableAt` is looked up under the lock; the
    saved game's `table` is the row read). A line that cannot be read raises `LineError`.
    """
    table, seats = _locked_for_games(table, user)
    line = parse_line(text, len(seats))
    if line.ramsch is not None:
        return record_ramsch(
            table=table,
            number=number,
            deal=line.ramsch,
            user=user,
            expected_version=expected_version,
            bock_override=line.bock_override,
        )
    declarer = next((s.player for s in seats if s.position == line.seat), None)
    game = Typed(number, declarer, line.declaration_dict(), line.outcome_dict(), line.bock_override)
    return _record(table, seats, game, user, expected_version)


@dataclass(frozen=True)
class Typed:
    """One game as entered, before the engine values it; `declarer` None: eingepasst."""

    number: int
    declarer: Player | None
    declaration: Mapping[str, Any] | None
    outcome: Mapping[str, Any] | None
    bock_override: int | None = None


def _locked_for_games(table: Table | TableAt, user: Actor) -> tuple[Table, list[Seat]]:
    """The table locked for a game's save, with its seats (in seat order, players loaded)."""
    table = locked_table(table)
    check_actor(table, user)
    if table.entry != Table.Entry.GAMES:
        raise EntryError("totals_table", "Dieser Tisch wurde als Summen-Liste erfasst.")
    return table, list(table.seats.select_related("player").order_by("position"))


def _record(
    table: Table, seat_rows: list[Seat], typed: Typed, user: Actor, expected_version: int | None
) -> Game:
    """`record_game` on the locked `table` with its `seat_rows`."""
    number = typed.number
    seats = {seat.position: seat.player for seat in seat_rows}
    fields = _game_fields(table, seats, typed)
    # Every writer of games locks the table first: under this lock the numbers taken tell
    # whether game `number` exists, and a new game needs no read of its own.
    taken = game_numbers(table)
    existing = locked_game(table, number) if number in taken else None
    check_version(existing, expected_version)
    before = game_snapshot(existing)
    if existing is None:
        game = Game.objects.create(
            table=table, number=number, entered_by=acting_user(user), **fields
        )
        action = Change.Action.CREATE
    else:
        game = existing
        if game.ramsch is not None:  # a Ramsch entered again as a game: its scores go
            game.ramsch_scores.all().delete()
        for name, value in fields.items():
            setattr(game, name, value)
        game.version += 1
        game.entered_by = acting_user(user)
        game.save()
        action = Change.Action.UPDATE
    game.table = table  # the locked row with its Serie, event and (after the refresh) seats
    table.game_numbers = taken | {number}
    log_change(table, action, user, before, game_snapshot(game), game_number=number)
    rebock(table, len(seats), user)
    if existing is None and bock_rule(table.round.event) is None:
        refresh_table(table, seat_rows, added=game)
    else:
        refresh_table(table, seat_rows)
    reopen_check(table)
    return game


def game_numbers(table: Table) -> set[int]:
    return set(Game.objects.filter(table=table).order_by().values_list("number", flat=True))


def _game_fields(table: Table, seats: Mapping[int, Player], typed: Typed) -> dict[str, Any]:
    """The stored fields of the typed game at `table`, valued by the engine; no write."""
    event = table.round.event
    position = _position_of(seats, typed.declarer)
    check_game_slot(
        event=event, table_size=len(seats), number=typed.number, declarer_position=position
    )
    fields = dict(PASSED_FIELDS)
    if typed.declarer is not None:
        declaration, outcome = typed.declaration, typed.outcome
        if declaration is None or outcome is None:
            raise EntryError("invalid_request", "Ansage und Ergebnis fehlen.")
        level = bock_level(table, typed.number, len(seats), typed.bock_override)
        if level is not None:
            declaration = {**declaration, "bock": level}
        fields = value_game(event=event, declaration=declaration, outcome=outcome).fields()
        fields["declarer"] = typed.declarer
    fields["bock_override"] = typed.bock_override
    return fields


def preview_game(
    *,
    table: Table,
    number: int,
    declarer: Player | None,
    declaration: Mapping[str, Any] | None,
    outcome: Mapping[str, Any] | None,
) -> Game:
    """Game `number` as `record_game` would store it, valued by the engine, not saved.

    For the read-back before saving: the same checks (Serie length, sitting dealer, the
    engine's rules, the Bock level of that game) and the same value, or the same errors.
    """
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    fields = _game_fields(table, seated(table), Typed(number, declarer, declaration, outcome))
    return Game(table=table, number=number, **fields)


def _position_of(seats: Mapping[int, Player], declarer: Player | None) -> int | None:
    if declarer is None:
        return None
    for position, player in seats.items():
        if player.pk == declarer.pk:
            return position
    raise EntryError("unknown_player", f"{declarer.name} sitzt nicht an diesem Tisch.")


@transaction.atomic
def delete_game(
    *, table: Table, number: int, user: Actor = None, expected_version: int | None = None
) -> None:
    table = locked_table(table)
    check_actor(table, user)
    existing = locked_game(table, number)
    if existing is None:
        raise EntryError("no_game", f"Spiel {number} ist nicht erfasst.")
    check_version(existing, expected_version)
    before = game_snapshot(existing)
    existing.delete()
    log_change(table, Change.Action.DELETE, user, before, None, game_number=number)
    rebock(table, len(seated(table)), user)
    refresh_results(table_ids=[table.pk])
    reopen_check(table)


@dataclass(frozen=True)
class TotalLine:
    player: Player
    list_score: int
    won: int
    lost: int


def check_totals(*, event: Event, table_size: int, lines: Sequence[TotalLine]) -> None:
    """A paper list's sums must fit the table (game count and table size) and be sums that
    games can give (the engine's `check_paper_totals`: 18 at least for a won game, …)."""
    check_table_size(table_size)
    if len(lines) != table_size:
        raise EntryError(
            "totals_incomplete",
            f"Für {table_size} Spieler am Tisch wurden {len(lines)} Summen angegeben.",
        )
    played = sum(line.won + line.lost for line in lines)
    limit = event.games_for_table_size(table_size)
    if played > limit:
        raise EntryError(
            "too_many_games",
            f"Gewonnene und verlorene Spiele ergeben zusammen {played}; eine Serie am "
            f"{table_size}er-Tisch hat höchstens {limit} Spiele.",
        )
    for line in lines:
        if line.won == 0 and line.lost == 0 and line.list_score != 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: {line.list_score} Spielpunkte ohne ein einziges Spiel.",
            )
        if line.lost == 0 and line.list_score < 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: negative Spielpunkte ({line.list_score}) ohne verlorenes "
                "Spiel sind unmöglich.",
            )
        if line.won == 0 and line.list_score > 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: positive Spielpunkte ({line.list_score}) ohne gewonnenes "
                "Spiel sind unmöglich.",
            )
        if abs(line.list_score) > max_list_score(line.won + line.lost):
            raise EntryError(
                "totals_out_of_range",
                f"{line.player.name}: {line.list_score} Spielpunkte sind mit "
                f"{line.won + line.lost} Spielen nicht zu erreichen.",
            )
        try:
            check_paper_totals(
                Ruleset(event.ruleset), line.list_score, line.won, line.lost, house_rules_of(event)
            )
        except ImplausibleTotals as error:
            raise ImplausibleTotals(f"{line.player.name}: {error.message}") from None


@transaction.atomic
def record_totals(*, table: Table, lines: Sequence[TotalLine], user: Actor = None) -> None:
    """Enter a paper Spielliste as list score, won and lost per player."""
    table = locked_table(table)
    if isinstance(user, TableLink):
        raise EntryError("totals_at_table", "Summen von der Papierliste erfasst nur der Spielwart.")
    seats = seated(table)
    seated_ids = {p.pk for p in seats.values()}
    for line in lines:
        if line.player.pk not in seated_ids:
            raise EntryError("unknown_player", f"{line.player.name} sitzt nicht an diesem Tisch.")
    check_totals(event=table.round.event, table_size=len(seats), lines=lines)
    if table.games.exists():
        raise EntryError("games_table", "An diesem Tisch sind schon einzelne Spiele erfasst.")
    before = totals_snapshot(table)
    table.totals.all().delete()
    TableTotal.objects.bulk_create(
        TableTotal(
            table=table,
            player=line.player,
            list_score=line.list_score,
            won=line.won,
            lost=line.lost,
        )
        for line in lines
    )
    table.entry = Table.Entry.TOTALS
    table.recorded_note = ""  # entered again, and checked: no longer "abweichend erfasst"
    table.save(update_fields=["entry", "recorded_note"])
    refresh_results(table_ids=[table.pk])
    reopen_check(table)
    log_change(table, Change.Action.TOTALS, user, before, totals_snapshot(table))
