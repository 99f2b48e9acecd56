"""Importing: check an archive completely, then write the checked plan in one transaction.

On SQLite (outside a caller's transaction) the plan is written into a staging copy and then
moved into the live database in one short transaction (`staging`), so the evening's saves are
not held off for the length of a large import.

The second pass writes with bulk inserts (games with one prepared `executemany` statement per
batch): no query per game and no history row per game, but one `Change` per table (action
"create", note "importiert"). `--replace` deletes the events with the same keys first.
Writes: Club, Player, Season, Event, Attendance, Round, Table, Seat, Game, TableTotal, Change.
"""

from __future__ import annotations

import gc
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, NamedTuple

from django.db import IntegrityError, connections, transaction
from django.db.models import Field, Model
from django.utils import timezone

from scoring.event_rules import EventRules
from skatclub.club import tenancy
from skatclub.club.archive import staging
from skatclub.club.archive.check import check_archive
from skatclub.club.archive.matches import write_matches
from skatclub.club.archive.pgcopy import COPY_NULL, copy_lines, copy_rows, copy_text
from skatclub.club.archive.plan import ArchiveError, EventPlan, ImportSummary, Plan, TablePlan
from skatclub.club.archive.tournament import PLAYER_EXTRAS, write_event_extras
from skatclub.club.backup import BackupError, automatic_backup
from skatclub.club.models import (
    Attendance,
    Change,
    Club,
    Event,
    Game,
    Player,
    RamschScore,
    Round,
    Season,
    Seat,
    Table,
    TableTotal,
)
from skatclub.club.services import SEAT_RESULT_FIELDS, NoProgress, Progress, seat_scores

GAME_BATCH = 20_000
SQLITE_CACHE_KB = 256 * 1024


def import_archive(
    data: Any,
    *,
    replace: bool = False,
    as_recorded: bool = False,
    rules: EventRules | None = None,
    progress: Progress | None = None,
) -> ImportSummary:
    """Check `data` completely, then write it in one transaction; ArchiveError if refused.

    `as_recorded` keeps games with a recorded value the rules disagree with (`recorded`);
    `rules` are those of events whose archive does not state them (`check_archive`);
    `progress` is told each step (check, backup, write), none of them half-done when it ends.
    """
    progress = progress or NoProgress()
    with paused_gc():
        plan = check_archive(
            data, replace=replace, as_recorded=as_recorded, rules=rules, progress=progress
        )
        del data  # the plan shares what it needs; let the parsed JSON go before writing
        progress.step("Sicherung der Datenbank vor dem Import")
        try:
            automatic_backup("vor-import")  # only a checked archive gets this far
        except BackupError as error:  # the disk too full: no import without a backup
            raise ArchiveError([f"{error.message} Es wurde nichts importiert."]) from None
        progress.step(f"{plan.game_count} Spiele schreiben (alles oder nichts)")
        if staging.wanted():
            return write_staged(plan, replace=replace)
        return write_plan(plan, replace=replace)


def write_staged(plan: Plan, *, replace: bool = False) -> ImportSummary:
    """`write_plan` into a staging copy, then into the live database in one short
    transaction (SQLite: the evening's saves wait a moment, not for the whole import)."""

    def on_live_rows() -> None:  # what the import changes in rows that were there before
        if plan.club_name is not None:
            _rename_club(plan.club_name)  # a club the import created is moved in with the rest
        _update_players(plan.players)
        if replace:
            Event.objects.filter(key__in=[e.key for e in plan.events]).delete()

    with staging.stage() as stage:
        summary: ImportSummary = stage.write(lambda: write_plan(plan, replace=replace))
        merge_or_refuse(stage, on_live_rows)
    return summary


def merge_or_refuse(stage: staging.Stage, before: Callable[[], None]) -> None:
    """`stage.merge`; a clash with what was written meanwhile refuses the import whole."""
    try:
        stage.merge(before=before)
    except IntegrityError as error:  # e.g. the same event key entered while we wrote
        raise ArchiveError([CHANGED_MEANWHILE.format(error)]) from error


CHANGED_MEANWHILE = (
    "Während des Imports wurde in der Datenbank etwas angelegt, das mit dem Archiv "
    "zusammenstößt ({}); nichts wurde übernommen. Bitte den Import wiederholen."
)


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic garbage collection while millions of small objects are made: the collector
    would walk them again and again (it makes parsing a large archive five times slower)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def write_plan(plan: Plan, *, replace: bool = False) -> ImportSummary:
    """Write a checked plan in one transaction (into the staging copy while one is active)."""
    with transaction.atomic(using=staging.alias()):
        return _write_plan(plan, replace=replace)


def _write_plan(plan: Plan, *, replace: bool) -> ImportSummary:
    if plan.club_name is not None:
        _write_club(plan.club_name)
    _write_players(plan.players)
    replaced = 0
    if replace:
        doomed = Event.objects.filter(key__in=[e.key for e in plan.events])
        replaced = doomed.count()
        doomed.delete()
    player_ids = dict(Player.objects.values_list("key", "id"))
    seasons = _seasons({e.fields["date"].year for e in plan.events})
    events = Event.objects.bulk_create(
        Event(season_id=seasons[e.fields["date"].year], **e.fields) for e in plan.events
    )
    _write_attendance(plan.events, events, player_ids)
    for event_plan, event in zip(plan.events, events, strict=True):
        if event_plan.extras:
            write_event_extras(event, event_plan.extras, player_ids)
    pairs = [(r, event.pk) for e, event in zip(plan.events, events, strict=True) for r in e.rounds]
    rounds = Round.objects.bulk_create(Round(event_id=pk, number=r.number) for r, pk in pairs)
    table_pairs = [(t, rnd.pk) for (r, _), rnd in zip(pairs, rounds, strict=True) for t in r.tables]
    written = _write_tables(table_pairs, events)
    rulesets = [e.fields["ruleset"] for e in plan.events for r in e.rounds for _ in r.tables]
    _write_seats(written, rulesets, player_ids)
    games = _write_games(written, player_ids)
    _write_ramsch_scores(written, player_ids)
    _write_totals(written, player_ids)
    _write_changes(written)
    games += write_matches(plan.matches)
    kept = sum(f["as_recorded"] for t, _ in written for _, _, f, _, _ in t.games)
    notes = tuple(f"Veranstaltung {e.key}: {note}" for e in plan.events for note in e.notes)
    return ImportSummary(
        len(plan.players), len(events), len(rounds), len(written), games, replaced, kept, notes
    )


class Written(NamedTuple):
    """A written table: its id and its Serie's (no model instance: thousands per import)."""

    pk: int
    round_id: int


def _write_tables(
    table_pairs: list[tuple[TablePlan, int]], events: list[Event]
) -> list[tuple[TablePlan, Written]]:
    columns = (
        "round",
        "number",
        "entry",
        "check_status",
        "check_note",
        "recorded_note",
        "has_signatures",
    )
    rows = (
        (pk, t.number, t.entry, Table.Check.OPEN, "", t.recorded_note, False)
        for t, pk in table_pairs
    )
    insert_rows(Table, columns, rows)
    ids = {
        (round_id, number): pk
        for pk, round_id, number in Table.objects.filter(round__event__in=events).values_list(
            "id", "round_id", "number"
        )
    }
    return [(t, Written(ids[(pk, t.number)], pk)) for t, pk in table_pairs]


def _write_changes(written: list[tuple[TablePlan, Written]]) -> None:
    """One history row per table: imported, with its number of games or its sums."""
    db = connections[staging.alias()]
    after = Change._meta.get_field("after")
    now = Change._meta.get_field("at").get_db_prep_save(
        timezone.now(), connections[staging.alias()]
    )
    rows = (
        (
            table.pk,
            Change.Action.CREATE.value,
            now,
            after.get_db_prep_save(
                {"games": len(plan.games)}
                if plan.entry == Table.Entry.GAMES
                else {"totals": plan.totals},
                db,
            ),
            "importiert",
            Change.Source.OFFICE.value,
        )
        for plan, table in written
    )
    insert_rows(Change, ("table", "action", "at", "after", "note", "source"), rows)


def _write_club(name: str) -> None:
    if not _rename_club(name):
        Club.objects.create(name=name, slug=tenancy.slug_for(name))


def _rename_club(name: str) -> bool:
    """The club's name as the archive has it; False when there is no club yet."""
    club = tenancy.current_club() or Club.objects.order_by("id").first()
    if club is not None and club.name != name:
        club.name = name
        club.save(update_fields=["name"])
    return club is not None


def _write_players(players: list[dict[str, Any]]) -> None:
    existing = _update_players(players)
    Player.objects.bulk_create(
        Player(
            key=p["key"],
            name=p["name"],
            is_guest=p["guest"],
            **{name: p[name] for name in PLAYER_EXTRAS if name in p},
        )
        for p in players
        if p["key"] not in existing
    )


def _update_players(players: list[dict[str, Any]]) -> dict[str, Player]:
    """Known players of this club get the archive's name and flags (the check refused other
    values for a player admitted from another club); returns the known ones by key."""
    existing = Player.objects.in_bulk([p["key"] for p in players], field_name="key")
    home = tenancy.club_for_new_rows()
    changed = []
    for p in players:
        player = existing.get(p["key"])
        extras = {name: p[name] for name in PLAYER_EXTRAS if name in p}
        if (
            player is not None
            and player.club_id == home
            and (
                (player.name, player.is_guest) != (p["name"], p["guest"])
                or any(getattr(player, k) != v for k, v in extras.items())
            )
        ):
            player.name, player.is_guest = p["name"], p["guest"]
            for name, value in extras.items():
                setattr(player, name, value)
            changed.append(player)
    Player.objects.bulk_update(changed, ["name", "is_guest", *PLAYER_EXTRAS])
    return existing


def _seasons(years: set[int]) -> dict[int, int]:
    """Season id per year; an event belongs to the Season of its date's year."""
    have = set(Season.objects.filter(year__in=years).values_list("year", flat=True))
    Season.objects.bulk_create(Season(year=y) for y in sorted(years - have))
    return dict(Season.objects.filter(year__in=years).values_list("year", "id"))


def _write_attendance(
    plans: list[EventPlan], events: list[Event], player_ids: dict[str, int]
) -> None:
    now = Attendance._meta.get_field("arrived_at").get_db_prep_save(
        timezone.now(), connections[staging.alias()]
    )
    full = Attendance.Rate.FULL.value
    rows = (
        (event.pk, player_ids[key], now, 0, False, full)
        for plan, event in zip(plans, events, strict=True)
        for key in dict.fromkeys(k for r in plan.rounds for t in r.tables for k in t.seats)
    )
    columns = ("event", "player", "arrived_at", "fee_cents", "paid", "rate")
    insert_rows(Attendance, columns, rows)


def _write_seats(
    written: list[tuple[TablePlan, Written]], rulesets: list[str], player_ids: dict[str, int]
) -> None:
    """Seats with each player's sums and score, as `services.refresh_results` keeps them."""
    rows = (
        (table.pk, table.round_id, position, player_ids[key], False, *values)
        for (plan, table), ruleset in zip(written, rulesets, strict=True)
        for position, (key, values) in enumerate(_scored_seats(plan, ruleset), start=1)
    )
    columns = ("table", "round", "position", "player", "wrong_seat", *SEAT_RESULT_FIELDS)
    insert_rows(Seat, columns, rows)


def _scored_seats(plan: TablePlan, ruleset: str) -> list[tuple[str, tuple[int, ...]]]:
    if plan.entry == Table.Entry.SCORES:  # Wertungspunkte alone: nothing else is known
        given = {line["player"]: line["score"] for line in plan.totals}
        return [(key, (0, 0, 0, 0, given[key])) for key in plan.seats]
    sums = seat_results(plan)
    own = [sums.get(key, NO_RESULTS) for key in plan.seats]
    scored = seat_scores(ruleset, [(o["list_score"], o["won"], o["lost"]) for o in own])
    # A paper list's own Wertung kept as recorded (`TableTotal.score`) counts instead.
    kept = {t["player"]: t["score"] for t in plan.totals if t.get("score") is not None}
    if kept and plan.entry == Table.Entry.TOTALS:
        scored = [(*v[:4], kept.get(k, v[4])) for k, v in zip(plan.seats, scored, strict=True)]
    return list(zip(plan.seats, scored, strict=True))


NO_RESULTS = {"list_score": 0, "won": 0, "lost": 0}


def seat_results(plan: TablePlan) -> dict[str, dict[str, int]]:
    """Per player key: list score, won and lost, from the table's games or paper totals."""
    if plan.totals and plan.entry == Table.Entry.TOTALS:
        return {
            t["player"]: {"list_score": t["list_score"], "won": t["won"], "lost": t["lost"]}
            for t in plan.totals
        }
    sums: dict[str, dict[str, int]] = {}
    for _, declarer, fields, _, _ in plan.games:
        for seat, score in (fields.get("ramsch_scores") or {}).items():
            sums.setdefault(plan.seats[seat - 1], dict(NO_RESULTS))["list_score"] += score
        if declarer is None:
            continue
        row = sums.setdefault(declarer, dict(NO_RESULTS))
        row["list_score"] += fields["list_score"]
        row["won" if fields["won"] else "lost"] += 1
    return sums


# Engine-computed Game fields, in the order of the INSERT below.
VALUED_FIELDS = (
    "notation",
    "game_type",
    "won",
    "overbid",
    "game_value",
    "list_score",
    "derivation",
    "as_recorded",
    "deviation",
)
GAME_COLUMNS = (
    "table",
    "number",
    "declarer",
    "declaration",
    "outcome",
    "passed_in",
    "ramsch",
    *VALUED_FIELDS,
    "version",
    "entered_at",
)


def _write_games(written: list[tuple[TablePlan, Written]], player_ids: dict[str, int]) -> int:
    """Insert all games: on PostgreSQL with COPY, else with `executemany`, statement and
    values prepared from the model.

    `bulk_create` compiles every value of every row (about 100 µs per game on SQLite, far too
    slow for a million games); one prepared statement per batch costs a few µs per game.
    """
    db = connections[staging.alias()]
    if db.vendor == "postgresql":
        return _copy_games(db, written, player_ids)
    with db.cursor() as cursor, _index_cache(cursor):
        return insert_rows(Game, GAME_COLUMNS, _game_rows(written, player_ids))


@contextmanager
def _index_cache(cursor: Any) -> Iterator[None]:
    """On SQLite, keep the game indexes in memory while inserting (default cache: 2 MB)."""
    if connections[staging.alias()].vendor != "sqlite":
        yield
        return
    cursor.execute("PRAGMA cache_size")
    (before,) = cursor.fetchone()
    cursor.execute(f"PRAGMA cache_size = -{SQLITE_CACHE_KB}")
    try:
        yield
    finally:
        cursor.execute(f"PRAGMA cache_size = {int(before)}")


def _game_rows(
    written: list[tuple[TablePlan, Written]], player_ids: dict[str, int]
) -> Iterator[tuple[Any, ...]]:
    # The real connection, not the thread-local proxy: its lookup costs more than the encoding.
    db = connections[staging.alias()]
    encode = partial(db.ops.adapt_json_value, encoder=Game._meta.get_field("declaration").encoder)
    now = Game._meta.get_field("entered_at").get_db_prep_save(timezone.now(), db)
    # Equal games share one fields dict (see `_valued`): encode each different game once.
    columns: dict[int, tuple[Any, ...]] = {}
    for plan, table in written:
        for number, declarer, fields, game, outcome in plan.games:
            values = columns.get(id(fields))
            if values is None:
                values = columns[id(fields)] = _shared_values(fields, game, outcome, encode)
            yield (table.pk, number, player_ids[declarer] if declarer else None, *values, 1, now)


def _shared_values(
    fields: dict[str, Any], game: Any, outcome: Any, encode: Callable[[Any], Any]
) -> tuple[Any, ...]:
    """The columns that equal games share, in the order of GAME_COLUMNS."""
    return (
        None if game is None else encode(game),
        None if outcome is None else encode(outcome),
        fields["passed_in"],
        encode(fields["ramsch"]) if fields.get("ramsch") else None,
        *(fields[name] for name in VALUED_FIELDS),
    )


def _copy_games(db: Any, written: list[tuple[TablePlan, Written]], ids: dict[str, int]) -> int:
    """COPY the games as lines of text, what equal games share made once (adapting every
    value of every row costs more than the database's own work)."""
    encode = partial(json.dumps, cls=Game._meta.get_field("declaration").encoder)
    now = copy_text(Game._meta.get_field("entered_at").get_db_prep_save(timezone.now(), db))
    shared: dict[int, str] = {}

    def lines() -> Iterator[str]:
        for plan, table in written:
            for number, declarer, fields, game, outcome in plan.games:
                text = shared.get(id(fields))
                if text is None:
                    values = _shared_values(fields, game, outcome, encode)
                    text = shared[id(fields)] = "\t".join(map(copy_text, values))
                player = ids[declarer] if declarer else COPY_NULL
                yield f"{table.pk}\t{number}\t{player}\t{text}\t1\t{now}\n"

    return copy_lines(db, Game, GAME_COLUMNS, lines())


def _write_ramsch_scores(
    written: list[tuple[TablePlan, Written]], player_ids: dict[str, int]
) -> None:
    """One `RamschScore` per player a Ramsch hit (Ramsch games are rare: read their ids back)."""
    wanted = {
        (table.pk, number): (plan.seats, fields["ramsch_scores"])
        for plan, table in written
        for number, _, fields, _, _ in plan.games
        if fields.get("ramsch_scores")
    }
    if not wanted:
        return
    ids = Game.objects.filter(table_id__in={t for t, _ in wanted}, ramsch__isnull=False)
    scores = []
    for game_id, table_id, number in ids.values_list("id", "table_id", "number"):
        seats, by_seat = wanted[(table_id, number)]
        scores += [
            RamschScore(game_id=game_id, player_id=player_ids[seats[seat - 1]], list_score=score)
            for seat, score in by_seat.items()
            if score
        ]
    RamschScore.objects.bulk_create(scores, batch_size=5000)


def _write_totals(written: list[tuple[TablePlan, Written]], player_ids: dict[str, int]) -> None:
    rows = (
        (
            table.pk,
            player_ids[line["player"]],
            line.get("list_score", 0),
            line.get("won", 0),
            line.get("lost", 0),
            line.get("score"),
        )
        for plan, table in written
        for line in plan.totals
    )
    insert_rows(TableTotal, ("table", "player", "list_score", "won", "lost", "score"), rows)


def insert_rows(model: type[Model], names: Sequence[str], rows: Iterable[tuple[Any, ...]]) -> int:
    """Insert plain rows (values ready for the database): with COPY on PostgreSQL, else with
    `executemany` in batches.

    `bulk_create` compiles every value of every object (about 100 µs a row on SQLite); one
    prepared statement per batch costs a few µs a row. On PostgreSQL COPY streams the rows
    (`pgcopy`; `executemany` imported about 10,000 games/s there, COPY over 30,000). Only for
    values that need no conversion (numbers, ids, text, values already prepared
    with `get_db_prep_save`).
    """
    db = connections[staging.alias()]
    if db.vendor == "postgresql":
        return copy_rows(db, model, names, rows)
    quote = db.ops.quote_name
    sql = (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(_column(model, name)) for name in names)}) "
        f"VALUES ({', '.join(['%s'] * len(names))})"
    )
    count = 0
    with db.cursor() as cursor:
        for batch in _batches(rows, GAME_BATCH):
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _column(model: type[Model], name: str) -> str:
    field = model._meta.get_field(name)
    assert isinstance(field, Field) and field.column, name  # only concrete columns are written
    return field.column
