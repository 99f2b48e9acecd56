"""Entering and correcting results: single games and paper totals, and the sums on every seat.

Every write is keyword-only and runs in a transaction. The engine (`scoring`) is the only
place where Skat rules are checked (game values, house rules, table sizes, who sits out); this
module adds the event's settings (Serie length, house rules) and keeps the history (`Change`).
Errors are `EntryError` (a `ValueError` with a German `message`) or the engine's `ScoringError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F

from scoring import (
    Declaration,
    HouseRules,
    ImplausibleTotals,
    Outcome,
    Ruleset,
    Valuation,
    check_declarer_seat,
    check_paper_totals,
    check_table_size,
    format_notation,
    max_list_score,
    table_scores,
    valuation,
)
from skatclub.club import tenancy
from skatclub.club.entry_line import parse_line
from skatclub.club.models import (
    Change,
    Event,
    Game,
    Player,
    Round,
    Seat,
    Table,
    TableLink,
    TableTotal,
)
from skatclub.club.queries.standings import entered_results, game_sums, given_scores
from skatclub.club.services.errors import ConflictError, EntryError
from skatclub.club.services.history import (
    Actor,
    acting_user,
    game_snapshot,
    log_change,
    totals_snapshot,
)
from skatclub.club.services.house_rules import bock_level, bock_rule, rebock, record_ramsch
from skatclub.club.services.review import reopen_check
from skatclub.club.services.table_links import check_link_writes


@dataclass(frozen=True)
class ValuedGame:
    """The engine's verdict on one entered game, ready to be stored on `Game`."""

    declaration: Declaration
    outcome: Outcome
    valuation: Valuation

    def fields(self) -> dict[str, Any]:
        return {
            "passed_in": False,
            "declaration": self.declaration.to_dict(),
            "outcome": self.outcome.to_dict(),
            "notation": format_notation(self.declaration, self.outcome),
            "game_type": self.declaration.type.value,
            "won": self.valuation.won,
            "overbid": self.valuation.overbid,
            "game_value": self.valuation.game_value,
            "list_score": self.valuation.list_score,
            "derivation": self.valuation.derivation,
            "ramsch": None,
            "as_recorded": False,
            "deviation": "",
        }


PASSED_FIELDS: dict[str, Any] = {
    "passed_in": True,
    "declarer": None,
    "declaration": None,
    "outcome": None,
    "notation": "",
    "game_type": "",
    "won": None,
    "overbid": False,
    "game_value": 0,
    "list_score": 0,
    "derivation": "eingepasst",
    "ramsch": None,
    "as_recorded": False,
    "deviation": "",
}


def value_game(
    *, event: Event, declaration: Mapping[str, Any], outcome: Mapping[str, Any]
) -> ValuedGame:
    """Parse and value one game under the event's rule set and house rules (no database)."""
    parsed = Declaration.from_dict(declaration)
    result = Outcome.from_dict(outcome)
    ruleset = Ruleset(event.ruleset)
    return ValuedGame(
        parsed, result, valuation(parsed, result, ruleset, house_rules=house_rules(event))
    )


def house_rules(event: Event) -> HouseRules:
    return HouseRules(
        kontra_re=event.house_kontra, bock=event.house_bock, ramsch=event.house_ramsch
    )


def check_game_slot(
    *, event: Event, table_size: int, number: int, declarer_position: int | None
) -> None:
    """The rules of the table: Serie length, table size, nobody plays while sitting out."""
    check_table_size(table_size)
    limit = event.games_for_table_size(table_size)
    if number < 1 or number > limit:
        raise EntryError(
            "too_many_games",
            f"Spiel {number} gibt es nicht: eine Serie am {table_size}er-Tisch hat "
            f"höchstens {limit} Spiele.",
        )
    if declarer_position is not None:
        check_declarer_seat(table_size, number, declarer_position)


@dataclass(frozen=True)
class TableAt:
    """A table by what its address names (event key, Serie number, table number), for a save
    that reads it only under its lock: one query, where a lookup first costs two."""

    event_key: str
    round_number: int
    number: int


def locked_table(table: Table | TableAt) -> Table:
    """The table row locked for this transaction, read with its Serie and event
    (`Table.DoesNotExist` for a `TableAt` that names no table).

    `of=("self",)`: on PostgreSQL a plain FOR UPDATE over a join would lock the Serie and the
    event rows too, and every save of the evening would wait for every other. Serie and event
    the caller has loaded already are taken over (they are not locked either way; a table
    never changes its Serie): a join less on every save.
    """
    query = Table.objects.select_for_update(of=("self",))
    if isinstance(table, TableAt):
        return query.select_related("round__event").get(
            round__event__key=table.event_key,
            round__number=table.round_number,
            number=table.number,
            **tenancy.of_club("round__event__club_id"),
        )
    if Table.round.is_cached(table) and Round.event.is_cached(table.round):
        locked = query.get(pk=table.pk)
        if locked.round_id == table.round_id:
            locked.round = table.round
            return locked
    return query.select_related("round__event").get(pk=table.pk)


def seated(table: Table) -> dict[int, Player]:
    return {seat.position: seat.player for seat in table.seats.select_related("player").order_by()}


def locked_game(table: Table, number: int) -> Game | None:
    # (table, number) is unique: no ORDER BY/LIMIT of `.first()` to build on every save.
    found = list(
        Game.objects.select_for_update(of=("self",))
        .select_related("declarer")
        .filter(table=table, number=number)
        .order_by()  # the default order joins table, Serie and event: not for one row
    )
    return found[0] if found else None


def check_version(existing: Game | None, expected_version: int | None) -> None:
    if expected_version is None:
        return
    current = existing.version if existing else 0
    if current != expected_version and expected_version == 0:
        raise ConflictError(
            "Dieses Spiel hat inzwischen jemand anderes erfasst. Bitte neu laden und die "
            "Eingabe prüfen; Ihre Eingabe steht noch im Formular."
        )
    if current != expected_version:
        raise ConflictError(
            "Dieses Spiel wurde inzwischen von jemand anderem geändert "
            f"(Version {current}, Sie hatten Version {expected_version}). "
            "Bitte neu laden und die Eingabe prüfen; Ihre Eingabe steht noch im Formular."
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


def check_actor(table: Table, user: Actor) -> None:
    """A table's link writes only its own table, and only while that is open."""
    if isinstance(user, TableLink):
        check_link_writes(user, table)


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
                Ruleset(event.ruleset), line.list_score, line.won, line.lost, house_rules(event)
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


def refresh_results(*, table_ids: Sequence[int]) -> None:
    """Write each seated player's sums and Seeger-Fabian score onto his `Seat`.

    Called by every writer of games or paper totals, inside its transaction; standings read
    these rows instead of aggregating every game on every page view.
    """
    results = entered_results(table_ids)
    given = given_scores(table_ids)
    by_table: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=table_ids).order_by("table_id", "position"):
        by_table.setdefault(seat.table_id, []).append(seat)
    rulesets = dict(
        Table.objects.filter(id__in=by_table).values_list("id", "round__event__ruleset")
    )
    for table_id, seats in by_table.items():
        if table_id in given:  # Wertungspunkte alone (imported history): nothing to compute
            scored = [(0, 0, 0, 0, given[table_id].get(seat.player_id, 0)) for seat in seats]
        else:
            sums = [results.get((table_id, seat.player_id), (0, 0, 0)) for seat in seats]
            scored = seat_scores(rulesets[table_id], sums)
        for seat, values in zip(seats, scored, strict=True):
            seat.list_score, seat.won, seat.lost, seat.others_lost, seat.score = values
    changed = [seat for seats in by_table.values() for seat in seats]
    Seat.objects.bulk_update(changed, SEAT_RESULT_FIELDS, batch_size=500)


SEAT_RESULT_FIELDS = ["list_score", "won", "lost", "others_lost", "score"]


def refresh_table(table: Table, seats: Sequence[Seat], *, added: Game | None = None) -> None:
    """`refresh_results` for the one table a save just changed, whose seats (in seat order)
    the save has read already: one query for the sums and an update of only the seats whose
    numbers changed (a won game changes one seat, a lost one every seat). Tables with Ramsch
    or paper totals take the general way.

    `added`: the save only added this game (no other game changed, as Bockrunden could): the
    seats' stored sums plus this game, no query. Under the table lock the stored sums are
    those of the games (every writer refreshes them), so both ways give the same numbers.
    """
    event = table.round.event
    if table.entry != Table.Entry.GAMES or event.house_ramsch:
        refresh_results(table_ids=[table.pk])
        return
    if added is None:
        sums = game_sums([table.pk])
        own = [sums.get((table.pk, s.player_id), (0, 0, 0)) for s in seats]
    else:
        own = [_plus_game((s.list_score, s.won, s.lost), s.player_id, added) for s in seats]
    _store_seat_results(seats, seat_scores(event.ruleset, own))
    # The seats as they now are, for whoever answers the save (`table.seats.all()`: no query).
    table._prefetched_objects_cache = {"seats": list(seats)}  # type: ignore[attr-defined]


def _store_seat_results(seats: Sequence[Seat], scored: Sequence[tuple[int, ...]]) -> None:
    """Write the seats' new numbers: one UPDATE per distinct change, not per seat. A lost
    game changes the declarer one way and every other seat the same way (their lost games
    of others and score), so it needs two UPDATEs instead of four. The seats are read under
    the table's lock in this transaction, so adding the change to the stored numbers gives
    exactly `scored`."""
    by_change: dict[tuple[int, ...], list[Seat]] = {}
    for seat, values in zip(seats, scored, strict=True):
        before = tuple(getattr(seat, name) for name in SEAT_RESULT_FIELDS)
        if before != values:
            change = tuple(new - old for new, old in zip(values, before, strict=True))
            by_change.setdefault(change, []).append(seat)
        for name, value in zip(SEAT_RESULT_FIELDS, values, strict=True):
            setattr(seat, name, value)
    for change, changed in by_change.items():
        if len(changed) == 1:
            seat = changed[0]
            Seat.objects.filter(pk=seat.pk).update(
                **{name: getattr(seat, name) for name in SEAT_RESULT_FIELDS}
            )
            continue
        Seat.objects.filter(pk__in=[seat.pk for seat in changed]).update(
            **{
                name: F(name) + by
                for name, by in zip(SEAT_RESULT_FIELDS, change, strict=True)
                if by
            }
        )


def _plus_game(sums: tuple[int, int, int], player_id: int, game: Game) -> tuple[int, int, int]:
    """A declarer's (list score, won, lost) with `game` added, as `game_sums` counts it."""
    if game.passed_in or game.declarer_id != player_id:
        return sums
    list_score, won, lost = sums
    return (list_score + game.list_score, won + bool(game.won), lost + (game.won is False))


def seat_scores(
    ruleset: str, sums: Sequence[tuple[int, int, int]]
) -> list[tuple[int, int, int, int, int]]:
    """(list score, won, lost) per seat -> plus others' lost games and Seeger-Fabian score."""
    if not 3 <= len(sums) <= 5:
        return [(*own, 0, 0) for own in sums]  # a table still being seated has no score yet
    scores = table_scores(Ruleset(ruleset), len(sums), sums).seeger_fabian
    lost_total = sum(lost for _, _, lost in sums)
    return [
        (list_score, won, lost, lost_total - lost, score)
        for (list_score, won, lost), score in zip(sums, scores, strict=True)
    ]
