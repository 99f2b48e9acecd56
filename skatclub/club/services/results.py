"""Entering and correcting results: single games and paper totals.

Every write is keyword-only and runs in a transaction. The engine (`scoring`) is the only
place where Skat rules are checked (game values, house rules, table sizes, who sits out); this
module adds the event's settings (Serie length, house rules) and keeps the history (`Change`).
Games arrive typed: the view read the request (a line, the buttons) into the engine's
`Declaration`, `Outcome` and `RamschDeal` before the transaction; under the table's lock only
a line's seats are read against the seats (`typed_at`). Errors are `EntryError` (a
`ValueError` with a German `message`): the engine's `ScoringError` raised while a game is
saved, deleted or read back, or while paper totals are checked under the lock, becomes a
`RuleError` (`rules_refused`; `check_totals` called on its own raises the engine's errors).
What every save shares lives below it: the engine's verdict on a game (`valuing`), the table
locked for the save (`locks`) and the sums on every seat (`seat_sums`); Ramsch and Bockrunden
are `house_rules`, which builds on the same three.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db import transaction

from scoring import (
    Declaration,
    ImplausibleTotals,
    Outcome,
    Ruleset,
    check_paper_totals,
    check_table_size,
    max_list_score,
)
from scoring.ramsch import RamschDeal
from skatclub.club.entry_line import EntryLine
from skatclub.club.models import Change, Event, Game, Player, Seat, Table, TableLink, TableTotal
from skatclub.club.queries.table_status import TableList, notice_of
from skatclub.club.services.closing import NEW_GAME, check_event_open
from skatclub.club.services.errors import ConflictError, EntryError, rules_refused
from skatclub.club.services.history import (
    Actor,
    acting_user,
    game_snapshot,
    log_change,
    source_of,
    totals_snapshot,
)
from skatclub.club.services.house_rules import (
    bock_level,
    bock_rule,
    ramsch_fields,
    rebock,
    store_ramsch,
)
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
    valued_game,
)


@transaction.atomic
def record_game(
    *,
    table: Table,
    number: int,
    declarer: Player | None,
    declaration: Declaration | None,
    outcome: Outcome | None,
    user: Actor = None,
    expected_version: int | None = None,
    bock_override: int | None = None,
) -> Game:
    """Create or change game `number`; `declarer=None` records an eingepasstes Spiel.

    `expected_version` guards against silent overwrites: 0 = "this game must be new",
    n = "I edited version n"; None skips the check (imports, scripts). Where the event plays
    Bockrunden, the game's Bock level follows them (`bock_override` is the Spielwart's own).
    """
    with rules_refused():
        table, seats = _locked_for_games(table, user)
        game = Typed(number, declarer, declaration, outcome, bock_override)
        return _record(table, seats, game, user, expected_version).game


@transaction.atomic
def record_line(
    *,
    table: Table | TableAt,
    entry: Entry,
    user: Actor = None,
    expected_version: int | None = None,
) -> Game:
    """Game `entry.number` as typed on the Spielliste ("2 Kr m2 H S", "p", a Ramsch), read by
    the caller (`entry_line.parse_line`).

    The line's seat is read under the table's lock against the seats as they are then
    (`typed_at`), so the caller reads no seats of its own (nor the table: a `TableAt` is
    looked up under the lock; the saved game's `table` is the row read).
    """
    with rules_refused():
        table, seats = _locked_for_games(table, user)
        typed = typed_at(entry, {seat.position: seat.player for seat in seats})
        return _record(table, seats, typed, user, expected_version).game


@dataclass(frozen=True)
class Typed:
    """One game as entered, before the engine values it; `declarer` None: eingepasst, or a
    Ramsch when `ramsch` holds the deal. The read-back and the save take the same `Typed`
    and build the stored fields with the same function (`stored_fields`)."""

    number: int
    declarer: Player | None
    declaration: Declaration | None
    outcome: Outcome | None
    bock_override: int | None = None
    ramsch: RamschDeal | None = None


@dataclass(frozen=True)
class Entry:
    """Game `number` as a line or the table's buttons give it, read from the request before
    any lock: `line` names the declarer's seat, not a player. A save reads it against the
    seats under the table's lock (`typed_at`): who sits where may change until then."""

    number: int
    line: EntryLine


def typed_at(entry: Entry, seats: Mapping[int, Player]) -> Typed:
    """The entry with its declarer's seat read against `seats` (who sits where); pure."""
    line, declarer = entry.line, None
    if line.seat is not None:
        declarer = seats.get(line.seat)
        if declarer is None:
            raise EntryError(
                "unknown_seat",
                f"Platz {line.seat} gibt es an diesem Tisch nicht (1–{len(seats)}).",
            )
    return Typed(
        entry.number, declarer, line.declaration, line.outcome, line.bock_override, line.ramsch
    )


class TakenError(ConflictError):
    """Another game is stored under the number a new game was sent for: `stored` is that
    game, `entered` the one sent (valued, not saved), so both can be shown side by side."""

    def __init__(self, stored: Game, entered: Game) -> None:
        super().__init__(
            f"Spiel {stored.number} ist schon mit einem anderen Spiel gespeichert. "
            "Bitte vergleichen: welches ist richtig?"
        )
        self.stored = stored
        self.entered = entered


@dataclass(frozen=True)
class Saved:
    """What a save at the table did: `already` True when the same game was stored before
    (the same entry id, or the same game under the same number) and nothing was written.
    `after`: the table's list as the save left it, when the save knows it whole from what it
    held under the lock (a game added or replaced, no Bockrunden or Ramsch re-valuing other
    games), so its answer reads nothing again; else None."""

    game: Game
    already: bool
    after: TableList | None = None


@transaction.atomic
def save_entry(
    *,
    table: Table,
    typed: Typed | Entry,
    user: Actor,
    entry_id: str = "",
    expected_version: int = 0,
) -> Saved:
    """Save a game sent from the table, exactly once.

    `entry_id` is made by the phone when the game is first confirmed and is sent again with
    every resend. Under the table's lock: a known `entry_id` is the same game (answered as
    saved, nothing written); a new game (`expected_version` 0) under a taken number is the same
    game when it is stored so (an identical resend without an id, or the same game from a
    second phone), and a `TakenError` when it differs. `expected_version` n replaces game n's
    version n (the players chose their version over the stored one). An `Entry` is read
    under the lock against the seats as they are then (`typed_at`): no read of its own.
    """
    with rules_refused():
        return _save_entry(table, typed, user, entry_id, expected_version)


def _save_entry(
    table: Table, typed: Typed | Entry, user: Actor, entry_id: str, expected_version: int
) -> Saved:
    table = locked_table(table)
    # One read of the table's games (at most a Serie's): they tell whether this entry id or
    # number is taken, a new game's save needs no read of the numbers again (`_record`), and
    # the answer lists them with the saved one (`Saved.after`) instead of reading them again.
    listed = list(Game.objects.filter(table=table).order_by("number"))
    by_number = {game.number: game for game in listed}
    if entry_id:
        sent_before = next((game for game in listed if game.entry_id == entry_id), None)
        if sent_before is not None:
            return Saved(sent_before, already=True)
    seat_rows = list(table.seats.select_related("player").order_by("position"))
    players = {seat.position: seat.player for seat in seat_rows}
    if isinstance(typed, Entry):
        typed = typed_at(typed, players)
    number_taken = expected_version == 0 and typed.number in by_number
    existing = by_number[typed.number] if number_taken else None
    if existing is not None:
        fields, _ = stored_fields(table, players, typed)
        if _same_game(existing, fields, typed):
            return Saved(existing, already=True)
    check_actor(table, user)
    if table.entry != Table.Entry.GAMES:
        raise EntryError("totals_table", "Dieser Tisch wurde als Summen-Liste erfasst.")
    if existing is not None:
        raise TakenError(existing, Game(table=table, number=typed.number, **fields))
    recorded = _record(table, seat_rows, typed, user, expected_version, entry_id, set(by_number))
    return Saved(recorded.game, already=False, after=_list_after(recorded, seat_rows, listed))


def _list_after(recorded: Recorded, seat_rows: list[Seat], listed: list[Game]) -> TableList | None:
    """The table's list after `recorded`, from what the save held under the lock: the games
    read before with the saved one in its place, the seats with the sums just written. None
    when the save changed more than it holds (other games re-valued, the sums written by the
    general way) or its history row does not decide the players' notice alone."""
    if not recorded.held:
        return None
    game, table = recorded.game, recorded.game.table
    notice = notice_of([(recorded.action, recorded.source, recorded.note, game.number)])
    if notice is None:
        return None
    games = sorted([g for g in listed if g.number != game.number] + [game], key=_number)
    # The version is the one `log_change` raised on the locked row. A save withdraws every
    # signature (`reopen_check`): none are left.
    return TableList(table, seat_rows, games, {}, notice)


def _number(game: Game) -> int:
    return game.number


def _same_game(stored: Game, fields: Mapping[str, Any], typed: Typed) -> bool:
    """Whether the stored game is the typed one: the same declarer and the same canonical
    line (the buttons and a typed line differ in how they leave out what was not said), the
    same Ramsch, value and Bock."""
    declarer_id = typed.declarer.pk if typed.declarer is not None else None
    return (
        stored.declarer_id == declarer_id
        and stored.passed_in == fields["passed_in"]
        and stored.notation == fields["notation"]
        and stored.ramsch == fields["ramsch"]
        and stored.list_score == fields["list_score"]
        and stored.bock_override == fields["bock_override"]
    )


def _locked_for_games(table: Table | TableAt, user: Actor) -> tuple[Table, list[Seat]]:
    """The table locked for a game's save, with its seats (in seat order, players loaded)."""
    table = locked_table(table)
    check_actor(table, user)
    if table.entry != Table.Entry.GAMES:
        raise EntryError("totals_table", "Dieser Tisch wurde als Summen-Liste erfasst.")
    return table, list(table.seats.select_related("player").order_by("position"))


@dataclass(frozen=True)
class Recorded:
    """What `_record` did: the game saved, its history row's action, source and note, and
    whether the save changed only this game and the seats it holds (`held`: no other game
    re-valued by Bockrunden, the sums written onto `seat_rows` in place, one history row)."""

    game: Game
    action: str
    source: str
    note: str
    held: bool


def _record(
    table: Table,
    seat_rows: list[Seat],
    typed: Typed,
    user: Actor,
    expected_version: int | None,
    entry_id: str = "",
    taken: set[int] | None = None,
) -> Recorded:
    """`record_game` on the locked `table` with its `seat_rows` (and the numbers `taken`,
    when the caller has just read them under the same lock)."""
    number = typed.number
    seats = {seat.position: seat.player for seat in seat_rows}
    source = source_of(user)
    if typed.ramsch is not None:
        game = store_ramsch(
            table,
            seats,
            number,
            typed.ramsch,
            typed.bock_override,
            user,
            expected_version,
            entry_id,
        )
        return Recorded(game, "", source, "", held=False)
    fields, _ = stored_fields(table, seats, typed)
    # Every writer of games locks the table first: under this lock the numbers taken tell
    # whether game `number` exists, and a new game needs no read of its own.
    taken = game_numbers(table) if taken is None else taken
    existing = locked_game(table, number) if number in taken else None
    check_version(existing, expected_version)
    if existing is None:  # a new game; a closed event is still corrected by the Spielwart
        check_event_open(table.round.event, user=user, doing=NEW_GAME)
    before = game_snapshot(existing)
    if existing is None:
        game = Game.objects.create(
            table=table, number=number, entered_by=acting_user(user), entry_id=entry_id, **fields
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
        if entry_id:
            game.entry_id = entry_id
        game.save()
        action = Change.Action.UPDATE
    game.table = table  # the locked row with its Serie, event and (after the refresh) seats
    table.game_numbers = taken | {number}
    note = reopen_check(table)
    log_change(table, action, user, before, game_snapshot(game), game_number=number, note=note)
    bockrunden = bock_rule(table.round.event) is not None  # may re-value later games
    rebock(table, len(seats), user)
    added = game if existing is None and not bockrunden else None
    in_place = refresh_table(table, seat_rows, added=added)
    return Recorded(game, action, source, note, held=in_place and not bockrunden)


def game_numbers(table: Table) -> set[int]:
    return set(Game.objects.filter(table=table).order_by().values_list("number", flat=True))


def stored_fields(
    table: Table, seats: Mapping[int, Player], typed: Typed
) -> tuple[dict[str, Any], dict[int, int]]:
    """The `Game` fields the typed game gets at `table` and, for a Ramsch, the score per seat:
    valued by the engine with the event's house rules and the game's Bock level; no write.
    The one source of the read-back (`preview_entry`) and of every save."""
    if typed.ramsch is not None:
        return ramsch_fields(table, len(seats), typed.number, typed.ramsch, typed.bock_override)
    return _game_fields(table, seats, typed), {}


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
            declaration = replace(declaration, bock=level)
        fields = valued_game(event=event, declaration=declaration, outcome=outcome).fields()
        fields["declarer"] = typed.declarer
    fields["bock_override"] = typed.bock_override
    return fields


def preview_game(
    *,
    table: Table,
    number: int,
    declarer: Player | None,
    declaration: Declaration | None,
    outcome: Outcome | None,
    bock_override: int | None = None,
) -> Game:
    """Game `number` as `record_game` would store it, valued by the engine, not saved."""
    typed = Typed(number, declarer, declaration, outcome, bock_override)
    return preview_entry(table=table, typed=typed)


def preview_entry(
    *,
    table: Table,
    typed: Typed | Entry,
    user: Actor = None,
    seats: Mapping[int, Player] | None = None,
) -> Game:
    """The typed game as a save would store it (`stored_fields`), not saved: for the
    read-back before saving, with the same checks (Serie length, sitting dealer, the engine's
    rules, the Bock level of that game, a link that may no longer write) or the same errors.
    `seats`: who sits where, when the caller has just read them to read the game."""
    with rules_refused():
        table = Table.objects.select_related("round__event").get(pk=table.pk)
        check_actor(table, user)
        seats = seated(table) if seats is None else seats
        if isinstance(typed, Entry):
            typed = typed_at(typed, seats)
        fields, _ = stored_fields(table, seats, typed)
        return Game(table=table, number=typed.number, **fields)


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
    with rules_refused():  # the Bockrunden re-value later games
        _delete_game(table, number, user, expected_version)


def _delete_game(table: Table, number: int, user: Actor, expected_version: int | None) -> None:
    table = locked_table(table)
    check_actor(table, user)
    existing = locked_game(table, number)
    if existing is None:
        raise EntryError("no_game", f"Spiel {number} ist nicht erfasst.")
    check_version(existing, expected_version)
    before = game_snapshot(existing)
    existing.delete()
    note = reopen_check(table)
    log_change(table, Change.Action.DELETE, user, before, None, game_number=number, note=note)
    rebock(table, len(seated(table)), user)
    refresh_results(table_ids=[table.pk])


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
    with rules_refused():
        _record_totals(table, lines, user)


def _record_totals(table: Table, lines: Sequence[TotalLine], user: Actor) -> None:
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
    note = reopen_check(table)
    log_change(table, Change.Action.TOTALS, user, before, totals_snapshot(table), note=note)
