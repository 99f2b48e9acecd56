"""Rows of a spreadsheet -> the events, Serien, tables and totals an import will create.

Two passes over the streamed rows, nothing written. `read_rows` reads every row through the
mapping (`cells`): per event (date and name) a draft, and the players' row numbers, names and
numbers by event, Serie and table in a temporary `Store` on disk, so memory does not grow
with the sheet; a row that cannot be read becomes a problem with its row number and German
reason. `preview` then applies the Spielwart's name decisions (`names`) and
checks what only whole tables and Serien show: a player twice in one Serie, a table that is no
3-, 4- or 5-table, sums that cannot be (`services.check_totals` and the engine, the same checks
as for a paper list entered by hand), an event that exists already, one event at a time.
Without problems the preview carries a `SpreadsheetPlan` that rebuilds the events as archive
`EventPlan`s while `imports.write` writes them (`archive.write_plan`), so an imported season
is stored exactly like the same totals entered by hand.
Terms: a *draft* is an event as read from the sheet; Serie = `Round`.
"""

from __future__ import annotations

import datetime
import sqlite3
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, NamedTuple

from scoring import ScoringError, check_table_size
from skatclub.club.archive.plan import EventPlan, RoundPlan, TablePlan
from skatclub.club.archive.scores import MAX_SCORE
from skatclub.club.imports.cells import CellError, as_date, as_int, as_text
from skatclub.club.imports.names import GUEST, NEW, Suggestion, folded, new_key, suggestions
from skatclub.club.imports.reader import Spreadsheet
from skatclub.club.models import DEFAULT_GAMES_PER_ROUND, Event, Player, Table
from skatclub.club.services import EntryError, TotalLine, check_totals

MAX_ROUND = 99
MAX_TABLE = 999
MAX_NAMES = 5_000
MAX_EVENTS = 10_000
MAX_SHOWN = 500  # problems listed on the preview; all are counted


class Entry(NamedTuple):
    """One player's row: row number, sheet name, and (list score, won, lost) or (score,)."""

    row: int
    name: str
    values: tuple[int, ...]


Rounds = dict[int, dict[int, list[Entry]]]  # Serie -> table -> the players' rows


@dataclass
class Draft:
    """An event as read: its rows are in the `Store` under `index`."""

    date: datetime.date
    name: str
    first_row: int
    index: int


class Store:
    """The read rows of every event, in a private temporary SQLite database (`sqlite3` with
    an empty name: a file that SQLite deletes when it is closed), so that what an import holds
    in memory does not grow with the sheet: one event's rows are read back at a time."""

    BATCH = 5_000

    def __init__(self, width: int) -> None:
        self.width = width  # values per row: 3 (list score, won, lost) or 1 (score)
        self.db = sqlite3.connect("")
        self.db.execute(
            "CREATE TABLE entry (event INTEGER, serie INTEGER, tbl INTEGER, row INTEGER, "
            "name TEXT, v0 INTEGER, v1 INTEGER, v2 INTEGER)"
        )
        self.pending: list[tuple[Any, ...]] = []
        self.indexed = False

    def add(self, event: int, round_number: int, table: int, entry: Entry) -> None:
        values = (*entry.values, None, None)[:3]
        self.pending.append((event, round_number, table, entry.row, entry.name, *values))
        if len(self.pending) >= self.BATCH:
            self._flush()

    def rounds(self, event: int) -> Rounds:
        """The event's rows by Serie and table, each table's rows in the order of the sheet."""
        self._flush()
        if not self.indexed:
            self.db.execute("CREATE INDEX entry_event ON entry (event)")
            self.indexed = True
        rounds: Rounds = {}
        cursor = self.db.execute(
            "SELECT serie, tbl, row, name, v0, v1, v2 FROM entry WHERE event = ? ORDER BY rowid",
            (event,),
        )
        for round_number, table, row, name, *values in cursor:
            entry = Entry(row, sys.intern(name), tuple(values[: self.width]))
            rounds.setdefault(round_number, {}).setdefault(table, []).append(entry)
        return rounds

    def _flush(self) -> None:
        if self.pending:
            self.db.executemany("INSERT INTO entry VALUES (?, ?, ?, ?, ?, ?, ?, ?)", self.pending)
            self.pending.clear()


@dataclass
class Problems:
    shown: list[tuple[int, str]] = field(default_factory=list)
    count: int = 0

    def add(self, row: int, text: str) -> None:
        self.count += 1
        if len(self.shown) < MAX_SHOWN:
            self.shown.append((row, text))


@dataclass
class SpreadsheetRead:
    """The first pass: drafts, the names in order of appearance, unreadable rows."""

    scores_only: bool
    drafts: dict[tuple[datetime.date, str], Draft] = field(default_factory=dict)
    names: dict[str, int] = field(default_factory=dict)  # name -> rows
    problems: Problems = field(default_factory=Problems)
    rows: int = 0
    store: Store = field(init=False)

    def __post_init__(self) -> None:
        self.store = Store(1 if self.scores_only else 3)


def read_rows(spreadsheet: Spreadsheet, columns: Mapping[str, int | None]) -> SpreadsheetRead:
    """Read every row through the mapping; see the module docstring."""
    read = SpreadsheetRead(scores_only=columns.get("score") is not None)
    for number, cells in spreadsheet.rows():
        read.rows += 1
        try:
            date, event, round_number, table, entry = _row(number, cells, columns, read)
        except _Refused as refused:
            read.problems.add(number, f"Zeile {number}: {'; '.join(refused.reasons)}")
            continue
        draft = read.drafts.get((date, event))
        if draft is None:
            if len(read.drafts) >= MAX_EVENTS:
                read.problems.add(number, f"Zeile {number}: mehr als {MAX_EVENTS} Abende.")
                continue
            draft = Draft(date, event, number, len(read.drafts))
            read.drafts[(date, event)] = draft
        read.store.add(draft.index, round_number, table, entry)
        read.names[entry.name] = read.names.get(entry.name, 0) + 1
    return read


class _Refused(Exception):
    def __init__(self, reasons: list[str]) -> None:
        self.reasons = reasons


def _row(
    number: int, cells: list[Any], columns: Mapping[str, int | None], read: SpreadsheetRead
) -> tuple[datetime.date, str, int, int, Entry]:
    reasons: list[str] = []

    def cell(name: str, parse: Any, *args: Any, **kwargs: Any) -> Any:
        index = columns.get(name)
        if index is None:
            return None
        try:
            return parse(cells[index], *args, **kwargs)
        except CellError as error:
            reasons.append(error.message)
            return None

    date = cell("date", as_date, "Datum")
    event = _event_name(cells, columns, date, reasons)
    round_number = (
        cell("round", as_int, "Serie", minimum=1) if columns.get("round") is not None else 1
    )
    table = cell("table", as_int, "Tisch", minimum=1)
    name = cell("player", as_text, "Spieler")
    values: tuple[Any, ...]
    if read.scores_only:
        values = (cell("score", as_int, "Wertungspunkte"),)
    else:
        values = (
            cell("list_score", as_int, "Spielpunkte"),
            cell("won", as_int, "gewonnen", minimum=0),
            cell("lost", as_int, "verloren", minimum=0),
        )
    if round_number is not None and round_number > MAX_ROUND:
        reasons.append(f"Serie {round_number} ist zu groß (höchstens {MAX_ROUND}).")
    if table is not None and table > MAX_TABLE:
        reasons.append(f"Tisch {table} ist zu groß (höchstens {MAX_TABLE}).")
    if read.scores_only and values[0] is not None and abs(values[0]) > MAX_SCORE:
        reasons.append(f"Wertungspunkte {values[0]} sind zu groß.")
    if name is not None and name not in read.names and len(read.names) >= MAX_NAMES:
        reasons.append(f"mehr als {MAX_NAMES} verschiedene Namen.")
    if reasons:
        raise _Refused(reasons)
    # One string per name and event, however many rows repeat it.
    return date, sys.intern(event), round_number, table, Entry(number, sys.intern(name), values)


def _event_name(
    cells: list[Any], columns: Mapping[str, int | None], date: Any, reasons: list[str]
) -> str:
    index = columns.get("event")
    if index is not None and cells[index] not in (None, ""):
        try:
            return as_text(cells[index], "Veranstaltung")
        except CellError as error:
            reasons.append(error.message)
            return ""
    return f"Spielabend {date:%d.%m.%Y}" if isinstance(date, datetime.date) else ""


# --- the second pass: names decided, whole tables checked -----------------------------------


@dataclass(frozen=True)
class EventRow:
    date: datetime.date
    name: str
    key: str
    rounds: int
    tables: int
    players: int
    first_row: int


@dataclass
class SpreadsheetPlan:
    """What a checked import writes: the new players, then the events one by one, rebuilt
    from the `Store` as they are written (`events`), so no import holds all of them at once."""

    players: list[dict[str, Any]]
    build: Callable[[], Iterator[EventPlan]]

    def events(self) -> Iterator[EventPlan]:
        return self.build()


@dataclass
class Preview:
    rows: int
    events: list[EventRow]
    new_players: list[dict[str, Any]]  # {"name", "key", "guest", "rows", "also"}
    matched: list[dict[str, Any]]  # {"name", "player", "key", "rows"}
    problems: Problems
    plan: SpreadsheetPlan | None
    # The tables kept "abweichend erfasst", with where and why (the first MAX_SHOWN).
    recorded_lines: list[str] = field(default_factory=list)

    @property
    def problem_lines(self) -> list[str]:
        return [text for _, text in sorted(self.problems.shown)]


def name_suggestions(read: SpreadsheetRead) -> dict[str, Suggestion]:
    members = dict(Player.objects.values_list("key", "name"))
    return suggestions(read.names, members)


def preview(
    read: SpreadsheetRead, decisions: Mapping[str, str], ruleset: str, as_recorded: bool = False
) -> Preview:
    """Apply the name decisions, check whole Serien and tables, and build the plan.

    `as_recorded`: a table whose sums the rules refuse is no problem but kept as the club
    recorded it, with the German reason (`TablePlan.recorded_note`, "abweichend erfasst").
    Each event is checked from its rows in the store and let go; the plan builds them again
    when they are written."""
    problems = read.problems
    members = dict(Player.objects.values_list("key", "name"))
    suggested = suggestions(read.names, members)
    chosen = {n: decisions.get(n) or suggested[n].decision for n in read.names}
    keys, new_players, matched = _players(read, chosen, members)
    existing = set(Event.objects.values_list("key", flat=True))
    taken: dict[str, Draft] = {}
    events: list[EventRow] = []
    recorded: list[str] = []
    for draft, built in _event_plans(read, keys, ruleset, as_recorded, problems):
        key, where = built.key, _where(draft)
        if key in existing:
            problems.add(
                draft.first_row,
                f"Zeile {draft.first_row}: die Veranstaltung „{where}“ gibt es schon "
                f"(Schlüssel {key}).",
            )
        elif key in taken:
            other = taken[key]
            problems.add(
                draft.first_row,
                f"Zeile {draft.first_row}: „{where}“ ergibt denselben Schlüssel {key} wie "
                f"„{other.name}“ (Zeile {other.first_row}).",
            )
        taken[key] = draft
        events.append(_event_row(draft, built))
        recorded.extend(islice(_recorded(where, built), MAX_SHOWN - len(recorded)))
    plan = None
    if not problems.count:
        players = [{"key": p["key"], "name": p["name"], "guest": p["guest"]} for p in new_players]
        plan = SpreadsheetPlan(
            players,
            lambda: (p for _, p in _event_plans(read, keys, ruleset, as_recorded, Problems())),
        )
    return Preview(read.rows, events, new_players, matched, problems, plan, recorded)


def _event_plans(
    read: SpreadsheetRead,
    keys: Mapping[str, str],
    ruleset: str,
    as_recorded: bool,
    problems: Problems,
) -> Iterator[tuple[Draft, EventPlan]]:
    """Every event in date order, built from its rows in the store and checked (`problems`)."""
    event = Event(ruleset=ruleset, games_per_round=dict(DEFAULT_GAMES_PER_ROUND))
    for draft in sorted(read.drafts.values(), key=lambda d: (d.date, d.name)):
        key = event_key(draft.date, draft.name)
        found = read.store.rounds(draft.index)
        rounds = _rounds(found, _where(draft), keys, read.scores_only, event, problems, as_recorded)
        yield draft, EventPlan(_event_fields(draft, key, ruleset), rounds)


def _where(draft: Draft) -> str:
    return f"{draft.date:%d.%m.%Y} {draft.name}"


def _recorded(where: str, plan: EventPlan) -> Iterator[str]:
    for round_plan in plan.rounds:
        for table in round_plan.tables:
            if table.recorded_note:
                yield f"{where}, Serie {round_plan.number}, Tisch {table.number}, " + (
                    table.recorded_note
                )


def event_key(date: datetime.date, name: str) -> str:
    """'2024-01-05-preisskat-januar': the date and the folded name, at most 100 characters."""
    return f"{date.isoformat()}-{'-'.join(folded(name).split())}"[:100].rstrip("-")


def _players(
    read: SpreadsheetRead, chosen: Mapping[str, str], members: Mapping[str, str]
) -> tuple[dict[str, str], list[dict[str, Any]], list[dict[str, Any]]]:
    """Sheet name -> player key; the new players; the names matched to members."""
    # Keys are unique over all clubs: a new player's may not be another club's player's.
    taken = set(members) | set(Player._base_manager.values_list("key", flat=True))
    keys: dict[str, str] = {}
    new: dict[str, dict[str, Any]] = {}
    matched = []
    for name in read.names:
        root = _root(name, chosen)
        decision = chosen[root]
        if decision.startswith("player:") and decision[len("player:") :] in members:
            key = decision[len("player:") :]
            matched.append(
                {"name": name, "player": members[key], "key": key, "rows": read.names[name]}
            )
        else:
            if root not in new:
                new[root] = {
                    "name": natural(root),
                    "key": new_key(root, taken),
                    "guest": decision == GUEST,
                    "rows": 0,
                    "also": [],
                }
            key = new[root]["key"]
            new[root]["rows"] += read.names[name]
            if name != new[root]["name"]:
                new[root]["also"].append(name)
        keys[name] = key
    return keys, list(new.values()), matched


def natural(name: str) -> str:
    """A new player's name in the usual order: 'Müller, Hans' -> 'Hans Müller'."""
    surname, comma, first = name.partition(",")
    return f"{first.strip()} {surname.strip()}".strip() if comma and first.strip() else name


def _root(name: str, chosen: Mapping[str, str]) -> str:
    """Follow "same:<name>" to the name that decides; a circle ends at its first name."""
    seen = {name}
    while chosen.get(name, NEW).startswith("same:"):
        target = chosen[name][len("same:") :]
        if target not in chosen or target in seen:
            return name
        seen.add(target)
        name = target
    return name


def _rounds(
    found: Rounds,
    where: str,
    keys: Mapping[str, str],
    scores_only: bool,
    event: Event,
    problems: Problems,
    as_recorded: bool,
) -> list[RoundPlan]:
    rounds = []
    for number in sorted(found):
        tables = found[number]
        _check_twice(tables, keys, f"{where}, Serie {number}", problems)
        plans = [
            _table(
                t,
                tables[t],
                keys,
                scores_only,
                event,
                f"{where}, Serie {number}, Tisch {t}",
                problems,
                as_recorded,
            )
            for t in sorted(tables)
        ]
        rounds.append(RoundPlan(number, plans))
    return rounds


def _check_twice(
    tables: Mapping[int, list[Entry]], keys: Mapping[str, str], where: str, problems: Problems
) -> None:
    seen: dict[str, Entry] = {}
    for entries in tables.values():
        for entry in entries:
            key = keys[entry.name]
            if key in seen:
                first = seen[key]
                problems.add(
                    entry.row,
                    f"Zeilen {first.row} und {entry.row}: {entry.name} steht zweimal in {where}.",
                )
            seen[key] = entry


def _table(
    number: int,
    entries: list[Entry],
    keys: Mapping[str, str],
    scores_only: bool,
    event: Event,
    where: str,
    problems: Problems,
    as_recorded: bool,
) -> TablePlan:
    seats = [keys[e.name] for e in entries]
    rows = _rows_text(e.row for e in entries)
    note = ""
    try:
        check_table_size(len(entries))
    except ScoringError as error:
        problems.add(entries[0].row, f"{rows} ({where}): {error.message}")
    else:
        if not scores_only:
            try:
                check_totals(
                    event=event,
                    table_size=len(entries),
                    lines=[TotalLine(Player(name=e.name), *e.values) for e in entries],
                )
            except (EntryError, ScoringError) as error:
                if not as_recorded:
                    problems.add(entries[0].row, f"{rows} ({where}): {error.message}")
                note = f"{rows}: {error.message}"[:500]
    if scores_only:
        totals = [{"player": k, "score": e.values[0]} for k, e in zip(seats, entries, strict=True)]
        return TablePlan(number, seats, Table.Entry.SCORES, totals=totals)
    totals = [
        {"player": k, "list_score": e.values[0], "won": e.values[1], "lost": e.values[2]}
        for k, e in zip(seats, entries, strict=True)
    ]
    return TablePlan(number, seats, Table.Entry.TOTALS, totals=totals, recorded_note=note)


def _rows_text(rows: Iterable[int]) -> str:
    numbers = sorted(rows)
    if len(numbers) == 1:
        return f"Zeile {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"Zeilen {numbers[0]}–{numbers[-1]}"
    return "Zeilen " + ", ".join(map(str, numbers))


def _event_row(draft: Draft, plan: EventPlan) -> EventRow:
    players = {key for r in plan.rounds for t in r.tables for key in t.seats}
    return EventRow(
        draft.date,
        draft.name,
        plan.key,
        len(plan.rounds),
        sum(len(r.tables) for r in plan.rounds),
        len(players),
        draft.first_row,
    )


def _event_fields(draft: Draft, key: str, ruleset: str) -> dict[str, Any]:
    return {
        "key": key,
        "name": draft.name,
        "date": draft.date,
        "ruleset": ruleset,
        "house_kontra": False,
        "house_bock": False,
        "house_ramsch": False,
        "cents_per_point": "",
        "lost_game_fees_cents": [],
        "games_per_round": dict(DEFAULT_GAMES_PER_ROUND),
    }
