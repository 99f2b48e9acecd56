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
Without a Tisch column each Serie's players get `default_tables`; with totals and a Wertung
column the club's Wertung is compared with the engine's and kept where it differs (as
recorded; strict mode refuses it and names the way on). An evening the club has already
(same date, the same or most of the players) is a `Duplicate`, skipped, replaced or added as
`ImportSettings` say; a skipped one whose sums in the sheet differ from the stored ones is
listed player by player (`stored.differences`). Terms: a *draft* is an event as read from
the sheet; Serie = `Round`.
"""

from __future__ import annotations

import dataclasses
import datetime
import sqlite3
import sys
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, NamedTuple

from scoring import ScoringError, check_table_size, others_rate, table_sizes
from scoring.table import MAX_GAMES_PER_ROUND
from skatclub.club import tenancy
from skatclub.club.archive.plan import EventPlan, RoundPlan, TablePlan
from skatclub.club.archive.scores import MAX_SCORE
from skatclub.club.imports.cells import CellError, as_date, as_int, as_text
from skatclub.club.imports.names import GUEST, NEW, Suggestion, folded, new_key, suggestions
from skatclub.club.imports.reader import Spreadsheet
from skatclub.club.imports.stored import Skipped, differences
from skatclub.club.models import DEFAULT_GAMES_PER_ROUND, Event, Player, Seat, Table
from skatclub.club.services import EntryError, TotalLine, check_totals, seat_scores

MAX_ROUND = 99
MAX_TABLE = 999
MAX_NAMES = 5_000
MAX_EVENTS = 10_000
MAX_SHOWN = 500  # problems listed on the preview; all are counted
ONE_TABLE = 5  # players of a Serie without a Tisch column who sit at one table


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
        # values per row: 1 (score), 3 (list score, won, lost) or 4 (and the club's score)
        self.width = width
        self.db = sqlite3.connect("")
        self.db.execute(
            "CREATE TABLE entry (event INTEGER, serie INTEGER, tbl INTEGER, row INTEGER, "
            "name TEXT, v0 INTEGER, v1 INTEGER, v2 INTEGER, v3 INTEGER)"
        )
        self.pending: list[tuple[Any, ...]] = []
        self.indexed = False

    def add(self, event: int, round_number: int, table: int, entry: Entry) -> None:
        values = (*entry.values, None, None, None)[:4]
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
            "SELECT serie, tbl, row, name, v0, v1, v2, v3 FROM entry WHERE event = ? "
            "ORDER BY rowid",
            (event,),
        )
        for round_number, table, row, name, *values in cursor:
            entry = Entry(row, sys.intern(name), tuple(values[: self.width]))
            rounds.setdefault(round_number, {}).setdefault(table, []).append(entry)
        return rounds

    def _flush(self) -> None:
        if self.pending:
            self.db.executemany(
                "INSERT INTO entry VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", self.pending
            )
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
    # Totals and the club's own Wertung (a fourth value per row, kept where it differs).
    club_score: bool = False
    # No Tisch column: every row's table is 0 and `default_tables` seats the evening.
    no_tables: bool = False
    drafts: dict[tuple[datetime.date, str], Draft] = field(default_factory=dict)
    names: dict[str, int] = field(default_factory=dict)  # name -> rows
    problems: Problems = field(default_factory=Problems)
    rows: int = 0
    store: Store = field(init=False)

    def __post_init__(self) -> None:
        self.store = Store(1 if self.scores_only else 4 if self.club_score else 3)


def read_rows(
    spreadsheet: Spreadsheet, columns: Mapping[str, int | None], rows: Container[int] | None = None
) -> SpreadsheetRead:
    """Read every row through the mapping; see the module docstring. `rows`: only the rows
    whose number is in it (the chosen sheets of a workbook, `reader.WorksheetRange`)."""
    totals = all(columns.get(f) is not None for f in ("list_score", "won", "lost"))
    read = SpreadsheetRead(
        scores_only=not totals and columns.get("score") is not None,
        club_score=totals and columns.get("score") is not None,
        no_tables=columns.get("table") is None,
    )
    wanted = rows
    for number, cells in spreadsheet.rows():
        if wanted is not None and number not in wanted:
            continue
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
    table = 0 if read.no_tables else cell("table", as_int, "Tisch", minimum=1)
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
        if read.club_score:
            values += (cell("score", as_int, "Wertungspunkte"),)
    if round_number is not None and round_number > MAX_ROUND:
        reasons.append(f"Serie {round_number} ist zu groß (höchstens {MAX_ROUND}).")
    if table is not None and table > MAX_TABLE:
        reasons.append(f"Tisch {table} ist zu groß (höchstens {MAX_TABLE}).")
    score = values[-1] if read.scores_only or read.club_score else None
    if score is not None and abs(score) > MAX_SCORE:
        reasons.append(f"Wertungspunkte {score} sind zu groß.")
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


SKIP, REPLACE, ADD = "skip", "replace", "add"
DUPLICATE_CHOICES = [(SKIP, "überspringen"), (REPLACE, "ersetzen"), (ADD, "zusätzlich")]
MAX_GAMES = MAX_GAMES_PER_ROUND  # the most games of a Serie an event takes


@dataclass(frozen=True)
class ImportSettings:
    """What the Spielwart chose beside the columns: the events' rules (Regelwerk, Serie
    length per table size, house rules), strict or as recorded, and what to do with evenings
    that exist already (`on_duplicate` for all, `duplicates` per event key of the sheet)."""

    ruleset: str = "isko"
    as_recorded: bool = False
    games_per_round: Mapping[str, int] = field(
        default_factory=lambda: dict(DEFAULT_GAMES_PER_ROUND)
    )
    house_kontra: bool = False
    house_bock: bool = False
    house_ramsch: bool = False
    ramsch_loss_cap: int | None = None
    on_duplicate: str = SKIP
    duplicates: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, ruleset: str, as_recorded: bool, options: Mapping[str, Any]) -> ImportSettings:
        """From what an import keeps (`SpreadsheetImport.options`); unknown values fall back."""
        games = {**DEFAULT_GAMES_PER_ROUND}
        for size, count in dict(options.get("games_per_round") or {}).items():
            if size in games and isinstance(count, int) and 1 <= count <= MAX_GAMES:
                games[size] = count
        cap = options.get("ramsch_loss_cap")
        choices = dict(DUPLICATE_CHOICES)
        return cls(
            ruleset=ruleset,
            as_recorded=as_recorded,
            games_per_round=games,
            house_kontra=bool(options.get("house_kontra")),
            house_bock=bool(options.get("house_bock")),
            house_ramsch=bool(options.get("house_ramsch")),
            ramsch_loss_cap=cap if isinstance(cap, int) and 0 < cap <= MAX_SCORE else None,
            on_duplicate=str(options.get("on_duplicate") or SKIP)
            if options.get("on_duplicate") in choices
            else SKIP,
            duplicates={
                k: v for k, v in dict(options.get("duplicates") or {}).items() if v in choices
            },
        )

    def choice(self, key: str) -> str:
        return self.duplicates.get(key, self.on_duplicate)

    def event(self) -> Event:
        """An unsaved event with these rules, for the checks of the sums."""
        return Event(
            ruleset=self.ruleset,
            games_per_round=dict(self.games_per_round),
            house_kontra=self.house_kontra,
            house_bock=self.house_bock,
            house_ramsch=self.house_ramsch,
            ramsch_loss_cap=self.ramsch_loss_cap,
        )


@dataclass(frozen=True)
class EventRow:
    date: datetime.date
    name: str
    key: str
    rounds: int
    tables: int
    players: int
    first_row: int
    # What happens with an evening that exists already (German), "" for a new one.
    note: str = ""


@dataclass(frozen=True)
class Duplicate:
    """An evening of the sheet that the club has already: same date, the same players
    (`same`) or most of them."""

    key: str  # the sheet's evening (as `event_key` makes it)
    where: str
    existing_key: str
    existing_name: str
    same: bool
    choice: str

    @property
    def choice_label(self) -> str:
        return dict(DUPLICATE_CHOICES)[self.choice]


@dataclass
class SpreadsheetPlan:
    """What a checked import writes: the new players, then the events one by one, rebuilt
    from the `Store` as they are written (`events`), so no import holds all of them at once;
    before them the events the import replaces are deleted (`replaced`)."""

    players: list[dict[str, Any]]
    build: Callable[[], Iterator[EventPlan]]
    replaced: list[str] = field(default_factory=list)

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
    duplicates: list[Duplicate] = field(default_factory=list)
    skipped: int = 0
    # Tables kept "abweichend erfasst" in all (recorded_lines shows the first MAX_SHOWN).
    recorded_count: int = 0
    # The rows the rules refuse only in the strict mode (as recorded they would be kept).
    refused_by_rules: int = 0
    # Skipped evenings whose sums in the sheet are not the stored ones, player by player
    # (`stored.differences`; the first MAX_SHOWN, all counted).
    stored_lines: list[str] = field(default_factory=list)
    stored_count: int = 0
    no_tables: bool = False
    club_score: bool = False
    as_recorded: bool = False

    @property
    def problem_lines(self) -> list[str]:
        return [text for _, text in sorted(self.problems.shown)]

    @property
    def unreadable(self) -> int:
        """Problems that are no refusal of the rules: rows that cannot be read or placed."""
        return self.problems.count - self.refused_by_rules


NO_TABLES = (
    "Die Tabelle hat keine Spalte „Tisch“. Darum sitzen die Spieler eines Abends (bis zu 5) "
    "zusammen an Tisch 1; sind es mehr, werden sie in der Reihenfolge der Tabelle an Tische "
    "zu 4 (und 3) gesetzt. Die Wertungspunkte hängen an der Tischgröße (verlorene Spiele der "
    f"Mitspieler zählen am 3er-Tisch {others_rate(3)}, sonst {others_rate(4)} Punkte)."
)


def explanations(result: Preview) -> list[str]:
    """What the import will do, in German sentences (the preview page and the command)."""
    lines = [NO_TABLES] if result.no_tables else []
    if result.club_score and result.as_recorded:
        lines.append(
            "Die Spalte Wertungspunkte ist die Wertung des Vereins: wo sie von der nach den "
            "Regeln gerechneten abweicht, wird die des Vereins übernommen und der Tisch als "
            "„abweichend erfasst“ markiert."
        )
    elif result.club_score:
        lines.append(
            "Die Spalte Wertungspunkte ist die Wertung des Vereins: sie muss zur nach den "
            "Regeln gerechneten passen, sonst wird nicht importiert (außer mit „Summen wie "
            "erfasst übernehmen“)."
        )
    if result.skipped:
        lines.append(
            f"{result.skipped} Abende gibt es schon (gleiches Datum, gleiche Spieler); "
            "sie werden übersprungen."
        )
    if result.stored_count:
        lines.append(
            f"Bei übersprungenen Abenden steht in der Tabelle {result.stored_count}-mal "
            "etwas anderes als gespeichert (Liste unten); gespeichert bleibt, was schon da "
            "ist. Soll die Tabelle gelten, den Abend „ersetzen“."
        )
    replaced = sum(1 for d in result.duplicates if d.choice == REPLACE)
    if replaced:
        lines.append(
            f"{replaced} vorhandene Abende werden gelöscht und durch die der Tabelle ersetzt; "
            "beim Rückgängigmachen des Imports kommen sie nicht zurück (vorher wird "
            "automatisch eine Sicherung angelegt)."
        )
    if result.recorded_count:
        lines.append(
            f"{result.recorded_count} Tische werden so übernommen, wie der Verein sie erfasst "
            "hat, und als „abweichend erfasst“ zur Durchsicht gelistet."
        )
    return lines


def name_suggestions(read: SpreadsheetRead) -> dict[str, Suggestion]:
    members = dict(Player.objects.values_list("key", "name"))
    return suggestions(read.names, members)


def preview(
    read: SpreadsheetRead, decisions: Mapping[str, str], settings: ImportSettings
) -> Preview:
    """Apply the name decisions, check whole Serien and tables, find the evenings the club
    has already, and build the plan.

    `settings.as_recorded`: a table whose sums the rules refuse, or whose Wertung differs
    from skatclub's, is no problem but kept as the club recorded it, with the German reason
    (`TablePlan.recorded_note`, "abweichend erfasst"). Each event is checked from its rows in
    the store and let go; the plan builds them again when they are written."""
    problems = read.problems
    members = dict(Player.objects.values_list("key", "name"))
    suggested = suggestions(read.names, members)
    chosen = {n: decisions.get(n) or suggested[n].decision for n in read.names}
    keys, new_players, matched = _players(read, chosen, members)
    existing = _existing_evenings({d.date for d in read.drafts.values()})
    used = set(Event.objects.values_list("key", flat=True))
    taken: dict[str, Draft] = {}
    result = Preview(read.rows, [], new_players, matched, problems, None)
    result.no_tables, result.club_score = read.no_tables, read.club_score
    result.as_recorded = settings.as_recorded
    final: dict[int, str | None] = {}  # draft -> the key it is written with (None: skipped)
    replaced: list[str] = []
    skipped: list[Skipped] = []
    tally = _Tally()
    for draft, built in _event_plans(read, keys, settings, problems, None, tally):
        key, where = built.key, _where(draft)
        if key in taken:
            other = taken[key]
            problems.add(
                draft.first_row,
                f"Zeile {draft.first_row}: „{where}“ ergibt denselben Schlüssel {key} wie "
                f"„{other.name}“ (Zeile {other.first_row}).",
            )
        taken[key] = draft
        seated = {k for r in built.rounds for t in r.tables for k in t.seats}
        found = _same_evening(existing.get(draft.date, []), seated)
        note = ""
        if found is not None:
            choice = settings.choice(key)
            result.duplicates.append(
                Duplicate(key, where, found.key, found.name, found.same, choice)
            )
            if choice == SKIP:
                final[draft.index] = None
                result.skipped += 1
                skipped.append(_skipped(read, keys, draft, found.event_id))
                continue
            if choice == REPLACE and found.key not in replaced:
                replaced.append(found.key)
                used.discard(found.key)
                note = f"ersetzt „{found.name}“"
            else:
                note = f"zusätzlich zu „{found.name}“"
        final[draft.index] = _free_key(key, used)
        used.add(final[draft.index] or key)
        result.events.append(_event_row(draft, built, final[draft.index] or key, note))
        if settings.as_recorded:  # strict: the same tables are problems instead
            result.recorded_lines.extend(
                islice(_recorded(where, built), MAX_SHOWN - len(result.recorded_lines))
            )
            result.recorded_count += sum(
                1 for r in built.rounds for t in r.tables if t.recorded_note
            )
    result.refused_by_rules = tally.refused
    for line in differences(skipped):
        result.stored_count += 1
        if len(result.stored_lines) < MAX_SHOWN:
            result.stored_lines.append(line)
    if not problems.count:
        players = [{"key": p["key"], "name": p["name"], "guest": p["guest"]} for p in new_players]
        result.plan = SpreadsheetPlan(
            players,
            lambda: (p for _, p in _event_plans(read, keys, settings, Problems(), final, _Tally())),
            replaced,
        )
    return result


@dataclass
class _Tally:
    refused: int = 0  # tables the rules refuse (strict mode)


@dataclass(frozen=True)
class _Existing:
    key: str
    name: str
    players: frozenset[str]
    same: bool = False
    event_id: int = 0


def _existing_evenings(dates: set[datetime.date]) -> dict[datetime.date, list[_Existing]]:
    """The club's events on these dates with the keys of the players seated there."""
    seated: dict[tuple[datetime.date, str, str, int], set[str]] = {}
    ordered = sorted(dates)
    for start in range(0, len(ordered), 500):
        rows = (
            Seat.objects.filter(
                round__event__date__in=ordered[start : start + 500],
                **tenancy.of_club("round__event__club_id"),
            )
            .values_list(
                "round__event__date",
                "round__event__key",
                "round__event__name",
                "round__event_id",
                "player__key",
            )
            .distinct()
            .order_by()
        )
        for date, key, name, event_id, player in rows:
            seated.setdefault((date, key, name, event_id), set()).add(player)
    found: dict[datetime.date, list[_Existing]] = {}
    for (date, key, name, event_id), players in seated.items():
        found.setdefault(date, []).append(
            _Existing(key, name, frozenset(players), event_id=event_id)
        )
    return found


def _same_evening(candidates: list[_Existing], players: set[str]) -> _Existing | None:
    """The existing event of that date with the same players, else one with most of them
    (at least half of the smaller group): the same evening entered another way."""
    best, best_common = None, 0
    for candidate in candidates:
        if candidate.players == players:
            return dataclasses.replace(candidate, same=True)
        common = len(candidate.players & players)
        if common * 2 >= min(len(candidate.players), len(players)) and common > best_common:
            best, best_common = candidate, common
    return best


def _skipped(
    read: SpreadsheetRead, keys: Mapping[str, str], draft: Draft, event_id: int
) -> Skipped:
    """The sheet's sums of a skipped evening per player, to compare with the stored ones:
    (list score, won, lost, Wertung), None where the sheet has no such column."""
    sums: dict[str, list[int | None]] = {}
    names: dict[str, str] = {}
    for tables in read.store.rounds(draft.index).values():
        for entries in tables.values():
            for entry in entries:
                key = keys[entry.name]
                names.setdefault(key, entry.name)
                if read.scores_only:
                    values: tuple[int | None, ...] = (None, None, None, entry.values[0])
                else:
                    values = (*entry.values[:3], entry.values[3] if read.club_score else None)
                own = sums.setdefault(key, [0, 0, 0, 0])
                for index, value in enumerate(values):
                    current = own[index]
                    own[index] = None if value is None or current is None else current + value
    return Skipped(f"{draft.date:%d.%m.%Y}", event_id, sums, names)


def _free_key(key: str, used: set[str]) -> str:
    """`key`, or with "-2", "-3", … when the club has an event with that key (another one
    of the same date and name)."""
    candidate, number = key, 1
    while candidate in used:
        number += 1
        suffix = f"-{number}"
        candidate = key[: 100 - len(suffix)] + suffix
    return candidate


def _event_plans(
    read: SpreadsheetRead,
    keys: Mapping[str, str],
    settings: ImportSettings,
    problems: Problems,
    final: Mapping[int, str | None] | None,
    tally: _Tally,
) -> Iterator[tuple[Draft, EventPlan]]:
    """Every event in date order, built from its rows in the store and checked (`problems`);
    `final`: the keys decided by the preview (an evening mapped to None is skipped)."""
    event = settings.event()
    for draft in sorted(read.drafts.values(), key=lambda d: (d.date, d.name)):
        key = event_key(draft.date, draft.name)
        if final is not None:
            chosen = final.get(draft.index)
            if chosen is None:
                continue
            key = chosen
        found = read.store.rounds(draft.index)
        check = _Check(keys, read, event, problems, settings.as_recorded, tally)
        rounds = _rounds(found, _where(draft), check)
        yield draft, EventPlan(_event_fields(draft, key, settings), rounds)


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


@dataclass
class _Check:
    """What checking a table needs besides its rows."""

    keys: Mapping[str, str]
    read: SpreadsheetRead
    event: Event
    problems: Problems
    as_recorded: bool
    tally: _Tally


def default_tables(count: int) -> list[int]:
    """The table sizes for `count` players of one Serie when the sheet names no tables.

    Up to five players sit at one table (a 3-, 4- or 5-table: the sheet's evening totals
    are then one table's, and the lost games of the others count at that table's rate); more
    are seated in the sheet's order at 4-tables, with as many 3-tables as needed (6 = 3 + 3,
    7 = 4 + 3, 9 = 3 + 3 + 3), as the draw seats a club evening (`scoring.table_sizes`)."""
    return [count] if count <= ONE_TABLE else table_sizes(count)


def _seated(tables: Mapping[int, list[Entry]]) -> dict[int, list[Entry]]:
    """The Serie's tables; without a Tisch column (all rows at table 0) the default tables."""
    if set(tables) != {0}:
        return dict(tables)
    entries, seated, start = tables[0], {}, 0
    for number, size in enumerate(default_tables(len(entries)), start=1):
        seated[number] = entries[start : start + size]
        start += size
    return seated


def _rounds(found: Rounds, where: str, check: _Check) -> list[RoundPlan]:
    rounds = []
    for number in sorted(found):
        tables = _seated(found[number])
        _check_twice(tables, check.keys, f"{where}, Serie {number}", check.problems)
        plans = [
            _table(t, tables[t], f"{where}, Serie {number}, Tisch {t}", check)
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


AS_RECORDED_HINT = " Mit „Summen wie erfasst übernehmen“ wird es so übernommen, wie es der Verein "
AS_RECORDED_HINT += "erfasst hat (als „abweichend erfasst“ markiert)."


def _table(number: int, entries: list[Entry], where: str, check: _Check) -> TablePlan:
    seats = [check.keys[e.name] for e in entries]
    rows = _rows_text(e.row for e in entries)
    notes: list[str] = []
    club: list[int | None] = [None] * len(entries)
    try:
        check_table_size(len(entries))
    except ScoringError as error:
        check.problems.add(entries[0].row, f"{rows} ({where}): {error.message}")
    else:
        if not check.read.scores_only:
            notes = _refused(entries, check)
            club = _club_scores(entries, check, notes)
            if notes and not check.as_recorded:
                check.tally.refused += 1
                check.problems.add(
                    entries[0].row, f"{rows} ({where}): {'; '.join(notes)}.{AS_RECORDED_HINT}"
                )
    if check.read.scores_only:
        totals = [{"player": k, "score": e.values[0]} for k, e in zip(seats, entries, strict=True)]
        return TablePlan(number, seats, Table.Entry.SCORES, totals=totals)
    totals = [
        {"player": k, "list_score": e.values[0], "won": e.values[1], "lost": e.values[2]}
        | ({"score": score} if score is not None else {})
        for k, e, score in zip(seats, entries, club, strict=True)
    ]
    note = f"{rows}: {'; '.join(notes)}"[:500] if notes else ""
    return TablePlan(number, seats, Table.Entry.TOTALS, totals=totals, recorded_note=note)


def _refused(entries: list[Entry], check: _Check) -> list[str]:
    """Why the rules refuse the table's sums (the checks of a paper list), or []."""
    try:
        check_totals(
            event=check.event,
            table_size=len(entries),
            lines=[TotalLine(Player(name=e.name), *e.values[:3]) for e in entries],
        )
    except (EntryError, ScoringError) as error:
        return [error.message.rstrip(".")]
    return []


def _club_scores(entries: list[Entry], check: _Check, notes: list[str]) -> list[int | None]:
    """The club's Wertung where it differs from skatclub's Seeger-Fabian (kept as the
    club had it), None where they agree or the sheet has none; the differences in `notes`."""
    if not check.read.club_score:
        return [None] * len(entries)
    sums = [(e.values[0], e.values[1], e.values[2]) for e in entries]
    computed = [values[-1] for values in seat_scores(check.event.ruleset, sums)]
    kept: list[int | None] = []
    for entry, ours in zip(entries, computed, strict=True):
        theirs = entry.values[3]
        if theirs is None or theirs == ours:
            kept.append(None)
            continue
        kept.append(theirs)
        notes.append(f"{entry.name}: Wertung laut Tabelle {theirs}, nach den Regeln {ours}")
    return kept


def _rows_text(rows: Iterable[int]) -> str:
    numbers = sorted(rows)
    if len(numbers) == 1:
        return f"Zeile {numbers[0]}"
    if numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"Zeilen {numbers[0]}–{numbers[-1]}"
    return "Zeilen " + ", ".join(map(str, numbers))


def _event_row(draft: Draft, plan: EventPlan, key: str, note: str) -> EventRow:
    players = {key for r in plan.rounds for t in r.tables for key in t.seats}
    return EventRow(
        draft.date,
        draft.name,
        key,
        len(plan.rounds),
        sum(len(r.tables) for r in plan.rounds),
        len(players),
        draft.first_row,
        note,
    )


def _event_fields(draft: Draft, key: str, settings: ImportSettings) -> dict[str, Any]:
    return {
        "key": key,
        "name": draft.name,
        "date": draft.date,
        "ruleset": settings.ruleset,
        "house_kontra": settings.house_kontra,
        "house_bock": settings.house_bock,
        "house_ramsch": settings.house_ramsch,
        "ramsch_loss_cap": settings.ramsch_loss_cap,
        "cents_per_point": "",
        "lost_game_fees_cents": [],
        "games_per_round": dict(settings.games_per_round),
    }
