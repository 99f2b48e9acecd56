"""The club archive (shared/spec/archive-format.md): check, import and export.

Import runs in two passes. The first checks every part of the archive and values every game
with the engine, in plain Python and without writing anything, and collects all problems (up
to `MAX_PROBLEMS`); an archive with a single problem imports nothing. The second writes the
checked *plan* in one transaction with bulk inserts: no query per game and no history row per
game, but one `Change` per table (action "create", note "importiert").

Games keep the `game`/`outcome` objects exactly as the archive wrote them (the engine reads
both the short and the full form), so that export(import(x)) == x.
Reads/writes: Club, Player, Season, Event, Attendance, Round, Table, Seat, Game, TableTotal,
Change. Terms: Serie = `Round`, Spielpunkte = `list_score`, eingepasst = `passed_in`.
"""

from __future__ import annotations

import datetime
import gc
import json
import re
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.utils import timezone

from scoring import ScoringError, parse_cents_per_point
from skatclub.club.models import (
    DEFAULT_GAMES_PER_ROUND,
    Attendance,
    Change,
    Club,
    Event,
    Game,
    Player,
    Round,
    Season,
    Seat,
    Table,
    TableTotal,
)
from skatclub.club.services import PASSED_FIELDS, EntryError, TotalLine, check_game_slot, value_game
from skatclub.club.services import check_totals as services_check_totals

FORMAT = "skatclub-archive/1"
MAX_PROBLEMS = 50
RULESETS = ("isko", "preisskat")
HOUSE_RULES = ("kontra", "bock", "ramsch")
GAME_BATCH = 20_000
SQLITE_CACHE_KB = 256 * 1024
KEY_PATTERN = re.compile(r"^[-a-zA-Z0-9_]+$")
DATE_PATTERN = re.compile(r"^\d{4}-\d{2}-\d{2}$")


class ArchiveError(ValueError):
    """The archive was refused; `problems` are German lines naming where each problem is."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


class _TooManyProblems(Exception):
    pass


class Problems:
    """Collects German problem lines; stops the check once `limit` lines are reached."""

    def __init__(self, limit: int = MAX_PROBLEMS) -> None:
        self.lines: list[str] = []
        self.limit = limit

    def add(self, where: str, message: str) -> None:
        self.lines.append(f"{where}: {message}" if where else message)
        if len(self.lines) >= self.limit:
            self.lines.append(
                f"Nach {self.limit} Fehlern wurde die Prüfung abgebrochen; es kann weitere geben."
            )
            raise _TooManyProblems


def where(event: str, round_number: Any = None, table: Any = None, game: Any = None) -> str:
    parts = [f"Veranstaltung {event}"]
    if round_number is not None:
        parts.append(f"Serie {round_number}")
    if table is not None:
        parts.append(f"Tisch {table}")
    if game is not None:
        parts.append(f"Spiel {game}")
    return ", ".join(parts)


# --- the plan: a checked archive, ready to write ------------------------------------------


@dataclass
class TablePlan:
    number: int
    seats: list[str]
    entry: str
    # (number, declarer key or None, engine fields shared between equal games, game, outcome)
    games: list[tuple[int, str | None, dict[str, Any], Any, Any]] = field(default_factory=list)
    totals: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class RoundPlan:
    number: int
    tables: list[TablePlan]


@dataclass
class EventPlan:
    fields: dict[str, Any]
    rounds: list[RoundPlan]

    @property
    def key(self) -> str:
        return str(self.fields["key"])


@dataclass
class Plan:
    club_name: str | None
    players: list[dict[str, Any]]
    events: list[EventPlan]

    @property
    def game_count(self) -> int:
        return sum(len(t.games) for e in self.events for r in e.rounds for t in r.tables)


@dataclass
class Memo:
    """Verdicts already reached for events with the same rules: the check is pure, so equal
    questions get equal answers (a million games hold a few ten thousand different ones)."""

    values: dict[Any, tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = field(
        default_factory=dict
    )
    slots: set[tuple[int, int, int | None]] = field(default_factory=set)


@dataclass(frozen=True)
class ImportSummary:
    players: int
    events: int
    rounds: int
    tables: int
    games: int
    replaced: int


# --- reading and checking -----------------------------------------------------------------


def read_archive(path: str | Path) -> Any:
    """The parsed JSON of `path`; unreadable files and malformed JSON raise ArchiveError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ArchiveError([f"Die Datei {path} kann nicht gelesen werden: {error}"]) from None
    return parse_archive(text)


def parse_archive(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ArchiveError(
            [
                f"Das Archiv ist kein gültiges JSON (Zeile {error.lineno}, Spalte {error.colno}: "
                f"{error.msg})."
            ]
        ) from None


def check_archive(data: Any, *, replace: bool = False) -> Plan:
    """Check everything and value every game; raise ArchiveError with all problems found."""
    problems = Problems()
    try:
        plan = _check_archive(data, replace, problems)
    except _TooManyProblems:
        raise ArchiveError(problems.lines) from None
    if problems.lines:
        raise ArchiveError(problems.lines)
    return plan


def _check_archive(data: Any, replace: bool, problems: Problems) -> Plan:
    plan = Plan(None, [], [])
    if not isinstance(data, dict):
        problems.add("", "Das Archiv muss ein JSON-Objekt sein.")
        return plan
    if data.get("format") != FORMAT:
        problems.add("", f"Unbekanntes Format {data.get('format')!r}; erwartet wird „{FORMAT}“.")
        return plan
    plan.club_name = _check_club(data.get("club"), problems)
    plan.players = _check_players(data.get("players", []), problems)
    known = {p["key"]: p["name"] for p in plan.players}
    for key, name in Player.objects.values_list("key", "name"):
        known.setdefault(key, name)
    plan.events = _check_events(data.get("events", []), known, replace, problems)
    return plan


def _check_club(raw: Any, problems: Problems) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not _is_text(raw.get("name"), 200):
        problems.add("Club", "„club“ braucht einen Namen („name“, höchstens 200 Zeichen).")
        return None
    return str(raw["name"])


def _check_players(raw: Any, problems: Problems) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        problems.add("Spieler", "„players“ muss eine Liste sein.")
        return []
    players: dict[str, dict[str, Any]] = {}
    for index, item in enumerate(raw, start=1):
        label = f"Spieler Nr. {index}"
        if not isinstance(item, dict) or not _is_key(item.get("key"), 60):
            problems.add(label, "braucht ein Kürzel („key“: Buchstaben, Ziffern, - und _).")
            continue
        key = item["key"]
        label = f"Spieler {key}"
        if key in players:
            problems.add(label, "steht zweimal in „players“.")
        elif not _is_text(item.get("name"), 200):
            problems.add(label, "braucht einen Namen („name“, höchstens 200 Zeichen).")
        elif not isinstance(item.get("guest", False), bool):
            problems.add(label, "„guest“ muss true oder false sein.")
        else:
            players[key] = {"key": key, "name": item["name"], "guest": item.get("guest", False)}
    return list(players.values())


def _check_events(
    raw: Any, known: dict[str, str], replace: bool, problems: Problems
) -> list[EventPlan]:
    if not isinstance(raw, list):
        problems.add("Veranstaltungen", "„events“ muss eine Liste sein.")
        return []
    keys = [e.get("key") for e in raw if isinstance(e, dict) and isinstance(e.get("key"), str)]
    existing = (
        set() if replace else set(Event.objects.filter(key__in=keys).values_list("key", flat=True))
    )
    seen: set[str] = set()
    memos: dict[tuple[Any, ...], Memo] = {}
    plans = []
    for index, item in enumerate(raw, start=1):
        plan = _check_event(item, index, known, memos, problems)
        if plan is None:
            continue
        if plan.key in seen:
            problems.add(where(plan.key), "Der Schlüssel steht zweimal im Archiv.")
        elif plan.key in existing:
            problems.add(
                where(plan.key),
                "Diese Veranstaltung gibt es schon. Mit --replace wird sie ersetzt.",
            )
        seen.add(plan.key)
        plans.append(plan)
    return plans


def _check_event(
    raw: Any,
    index: int,
    known: dict[str, str],
    memos: dict[tuple[Any, ...], Memo],
    problems: Problems,
) -> EventPlan | None:
    if not isinstance(raw, dict):
        problems.add(f"Veranstaltung Nr. {index}", "muss ein JSON-Objekt sein.")
        return None
    key = raw.get("key")
    if not _is_key(key, 100):
        problems.add(
            f"Veranstaltung Nr. {index}",
            "braucht einen Schlüssel („key“: Buchstaben, Ziffern, - und _, höchstens 100).",
        )
        return None
    fields = _event_fields(raw, key, problems)
    if fields is None:
        return None
    event = Event(**fields)
    settings_key = (
        event.ruleset,
        event.house_kontra,
        event.house_bock,
        tuple(sorted(event.games_per_round.items())),
    )
    memo = memos.setdefault(settings_key, Memo())
    rounds = _check_rounds(raw.get("rounds", []), event, known, memo, problems)
    return EventPlan(fields, rounds)


def _event_fields(raw: dict[str, Any], key: str, problems: Problems) -> dict[str, Any] | None:
    """The Event model fields, or None when the event's own fields are wrong."""
    count = len(problems.lines)
    here = where(key)
    if not _is_text(raw.get("name"), 200):
        problems.add(here, "braucht einen Namen („name“, höchstens 200 Zeichen).")
    date = _parse_date(raw.get("date"))
    if date is None:
        problems.add(here, f"Das Datum {raw.get('date')!r} ist kein Datum der Form JJJJ-MM-TT.")
    ruleset = raw.get("ruleset")
    if ruleset not in RULESETS:
        problems.add(here, f"Regelwerk {ruleset!r} gibt es nicht (isko oder preisskat).")
    house = _check_house_rules(raw.get("house_rules", {}), ruleset, here, problems)
    cents_per_point, fees = _check_settlement(raw.get("settlement"), here, problems)
    games_per_round = _check_games_per_round(raw.get("games_per_round"), here, problems)
    if len(problems.lines) > count:
        return None
    return {
        "key": key,
        "name": raw["name"],
        "date": date,
        "ruleset": ruleset,
        "house_kontra": house["kontra"],
        "house_bock": house["bock"],
        "house_ramsch": house["ramsch"],
        "cents_per_point": cents_per_point,
        "lost_game_fees_cents": fees,
        "games_per_round": games_per_round,
    }


def _check_house_rules(raw: Any, ruleset: Any, here: str, problems: Problems) -> dict[str, bool]:
    house = dict.fromkeys(HOUSE_RULES, False)
    if not isinstance(raw, dict) or any(
        k not in HOUSE_RULES or not isinstance(v, bool) for k, v in raw.items()
    ):
        problems.add(
            here, "„house_rules“ kennt nur kontra, bock und ramsch, jeweils true oder false."
        )
        return house
    house.update(raw)
    if ruleset == "preisskat" and any(house.values()):
        problems.add(here, "Hausregeln (Kontra, Bock, Ramsch) gibt es beim Preisskat nicht.")
    return house


def _check_settlement(raw: Any, here: str, problems: Problems) -> tuple[str, list[int]]:
    if raw is None:
        return "", []
    if not isinstance(raw, dict):
        problems.add(here, "„settlement“ muss ein JSON-Objekt sein.")
        return "", []
    cents_per_point = raw.get("cents_per_point", "")
    if not isinstance(cents_per_point, str) or len(cents_per_point) > 20:
        problems.add(here, 'Der Wertpunkt („cents_per_point“) muss als Text stehen, z. B. "1/4".')
        cents_per_point = ""
    elif cents_per_point:
        try:
            if parse_cents_per_point(cents_per_point) <= 0:
                raise ValueError
        except (ScoringError, ValueError, ZeroDivisionError):
            problems.add(here, f"Der Wertpunkt {cents_per_point!r} ist keine positive Zahl.")
    fees = raw.get("lost_game_fees_cents", [])
    if not isinstance(fees, list) or not all(_is_count(f) for f in fees):
        problems.add(here, "„lost_game_fees_cents“ muss eine Liste ganzer Cent-Beträge ≥ 0 sein.")
        fees = []
    return cents_per_point, fees


def _check_games_per_round(raw: Any, here: str, problems: Problems) -> dict[str, int]:
    if raw is None:
        return dict(DEFAULT_GAMES_PER_ROUND)
    if not isinstance(raw, dict) or any(
        k not in DEFAULT_GAMES_PER_ROUND or not _is_count(v) or v < 1 for k, v in raw.items()
    ):
        problems.add(here, '„games_per_round“ braucht je Tischgröße ("3", "4", "5") eine Zahl ≥ 1.')
        return dict(DEFAULT_GAMES_PER_ROUND)
    return dict(raw)  # as given, so that the export writes back what was read


def _check_rounds(
    raw: Any,
    event: Event,
    known: dict[str, str],
    memo: Memo,
    problems: Problems,
) -> list[RoundPlan]:
    if not isinstance(raw, list):
        problems.add(where(event.key), "„rounds“ muss eine Liste sein.")
        return []
    rounds: list[RoundPlan] = []
    numbers: set[int] = set()
    for index, item in enumerate(raw, start=1):
        number = item.get("number") if isinstance(item, dict) else None
        if not _is_count(number) or number < 1:
            problems.add(where(event.key, f"Nr. {index}"), "braucht eine Nummer („number“ ≥ 1).")
            continue
        if number in numbers:
            problems.add(where(event.key, number), "Diese Serie steht zweimal im Archiv.")
            continue
        numbers.add(number)
        tables = _check_tables(item.get("tables", []), event, number, known, memo, problems)
        rounds.append(RoundPlan(number, tables))
    return rounds


def _check_tables(
    raw: Any,
    event: Event,
    round_number: int,
    known: dict[str, str],
    memo: Memo,
    problems: Problems,
) -> list[TablePlan]:
    if not isinstance(raw, list):
        problems.add(where(event.key, round_number), "„tables“ muss eine Liste sein.")
        return []
    seated: dict[str, int] = {}  # player key -> table number in this Serie
    tables: list[TablePlan] = []
    for index, item in enumerate(raw, start=1):
        number = item.get("number") if isinstance(item, dict) else None
        if not _is_count(number) or number < 1:
            problems.add(
                where(event.key, round_number, f"Nr. {index}"),
                "braucht eine Nummer („number“ ≥ 1).",
            )
            continue
        here = where(event.key, round_number, number)
        if any(t.number == number for t in tables):
            problems.add(here, "Dieser Tisch steht zweimal in der Serie.")
            continue
        seats = _check_seats(item.get("seats"), event, known, seated, number, here, problems)
        if seats is None:
            continue
        table = _check_table_results(item, event, seats, known, memo, here, problems)
        if table is not None:
            table.number = number
            tables.append(table)
    return tables


def _check_seats(
    raw: Any,
    event: Event,
    known: dict[str, str],
    seated: dict[str, int],
    table_number: int,
    here: str,
    problems: Problems,
) -> list[str] | None:
    if not isinstance(raw, list) or not all(isinstance(k, str) for k in raw):
        problems.add(here, "„seats“ muss eine Liste von Spieler-Kürzeln sein.")
        return None
    try:
        check_game_slot(event=event, table_size=len(raw), number=1, declarer_position=None)
    except EntryError as error:
        problems.add(here, error.message)
        return None
    if len(set(raw)) != len(raw):
        for position, key in enumerate(raw, start=1):
            if raw.index(key) != position - 1:
                name = known.get(key, key)
                problems.add(here, f"Platz {position}: {name} sitzt schon auf einem anderen Platz.")
        return None
    for position, key in enumerate(raw, start=1):
        if key not in known:
            problems.add(here, f"Platz {position}: Spieler „{key}“ ist unbekannt.")
        elif key in seated:
            problems.add(
                here,
                f"Platz {position}: {known[key]} sitzt in dieser Serie schon an Tisch "
                f"{seated[key]}.",
            )
        else:
            seated[key] = table_number
    # Unknown players are reported above; the games can still be checked by seat position.
    return list(raw)


def _check_table_results(
    raw: dict[str, Any],
    event: Event,
    seats: list[str],
    known: dict[str, str],
    memo: Memo,
    here: str,
    problems: Problems,
) -> TablePlan | None:
    has_games, has_totals = "games" in raw, "totals" in raw
    if has_games == has_totals:
        problems.add(here, "Ein Tisch hat entweder „games“ (Spiel für Spiel) oder „totals“.")
        return None
    if has_totals:
        totals = _check_totals(raw["totals"], event, seats, known, here, problems)
        return TablePlan(0, seats, Table.Entry.TOTALS, totals=totals)
    games = _check_games(raw["games"], event, seats, memo, here, problems)
    return TablePlan(0, seats, Table.Entry.GAMES, games=games)


def _check_games(
    raw: Any,
    event: Event,
    seats: list[str],
    memo: Memo,
    here: str,
    problems: Problems,
) -> list[tuple[int, str | None, dict[str, Any], Any, Any]]:
    if not isinstance(raw, list):
        problems.add(here, "„games“ muss eine Liste sein.")
        return []
    positions = {key: position for position, key in enumerate(seats, start=1)}
    games: list[tuple[int, str | None, dict[str, Any], Any, Any]] = []
    number = 0
    for item in raw:
        explicit = item.get("number") if isinstance(item, dict) else None
        if explicit is not None and (not _is_count(explicit) or explicit <= number):
            problems.add(f"{here}, Spiel {number + 1}", "Die Spielnummern müssen aufsteigen.")
            return games
        number = explicit or number + 1
        try:
            games.append(_checked_game(item, event, positions, number, memo))
        except (EntryError, ScoringError) as error:
            problems.add(f"{here}, Spiel {number}", _message(error))
            if getattr(error, "code", "") == "too_many_games":
                return games  # one line for the whole surplus, not one per extra game
    return games


def _checked_game(
    raw: Any,
    event: Event,
    positions: dict[str, int],
    number: int,
    memo: Memo,
) -> tuple[int, str | None, dict[str, Any], Any, Any]:
    if not isinstance(raw, dict):
        raise EntryError("invalid_request", "Ein Spiel muss ein JSON-Objekt sein.")
    size = len(positions)
    if raw.get("passed") is True:
        _check_slot(event, size, number, None, memo)
        return (number, None, PASSED_FIELDS, None, None)
    declarer = raw.get("declarer")
    if declarer not in positions:
        _check_slot(event, size, number, None, memo)
        if declarer is None:
            raise EntryError("invalid_request", "Alleinspieler („declarer“) fehlt.")
        raise EntryError("unknown_player", f"„{declarer}“ sitzt nicht an diesem Tisch.")
    _check_slot(event, size, number, positions[declarer], memo)
    game, outcome = raw.get("game"), raw.get("outcome")
    if not isinstance(game, dict) or not isinstance(outcome, dict):
        raise EntryError("invalid_request", "Ansage („game“) und Ergebnis („outcome“) fehlen.")
    fields, game, outcome = _valued(event, game, outcome, memo)
    return (number, declarer, fields, game, outcome)


def _check_slot(event: Event, size: int, number: int, position: int | None, memo: Memo) -> None:
    """`services.check_game_slot`, asked once per (table size, game number, declarer seat)."""
    if (size, number, position) not in memo.slots:
        check_game_slot(event=event, table_size=size, number=number, declarer_position=position)
        memo.slots.add((size, number, position))


def _valued(
    event: Event, game: dict[str, Any], outcome: dict[str, Any], memo: Memo
) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """(engine fields, game, outcome); equal games (same keys, values and types) share all
    three objects, so that the writer encodes each different game only once."""
    key: Any = (
        tuple(game.items()),
        tuple(map(type, game.values())),
        tuple(outcome.items()),
        tuple(map(type, outcome.values())),
    )
    try:
        known = memo.values.get(key)
    except TypeError:  # a list or object inside: unhashable, and the engine will refuse it
        known, key = None, None
    if known is None:
        fields = value_game(event=event, declaration=game, outcome=outcome).fields()
        del fields["declaration"], fields["outcome"]
        known = (fields, game, outcome)
        if key is not None:
            memo.values[key] = known
    return known


def _check_totals(
    raw: Any,
    event: Event,
    seats: list[str],
    known: dict[str, str],
    here: str,
    problems: Problems,
) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        problems.add(here, "„totals“ muss eine Liste sein.")
        return []
    count = len(problems.lines)
    lines: dict[str, dict[str, Any]] = {}
    for item in raw:
        player = item.get("player") if isinstance(item, dict) else None
        if player not in seats:
            problems.add(here, f"Summe für „{player}“, der nicht an diesem Tisch sitzt.")
        elif player in lines:
            problems.add(here, f"Zwei Summen für {known.get(player, player)}.")
        elif not isinstance(item.get("list_score"), int) or isinstance(item["list_score"], bool):
            problems.add(
                here, f"{known.get(player, player)}: „list_score“ muss eine ganze Zahl sein."
            )
        elif not (_is_count(item.get("won")) and _is_count(item.get("lost"))):
            problems.add(
                here, f"{known.get(player, player)}: „won“ und „lost“ müssen Zahlen ≥ 0 sein."
            )
        else:
            lines[player] = {k: item[k] for k in ("player", "list_score", "won", "lost")}
    if len(problems.lines) > count:
        return []
    try:
        services_check_totals(
            event=event,
            table_size=len(seats),
            lines=[
                TotalLine(Player(key=k, name=known.get(k, k)), v["list_score"], v["won"], v["lost"])
                for k, v in lines.items()
            ],
        )
    except EntryError as error:
        problems.add(here, error.message)
    return list(lines.values())


def _message(error: EntryError | ScoringError) -> str:
    if isinstance(error, ScoringError):
        return f"{error.message} (Fehlercode {error.code})"
    return error.message


def _is_key(value: Any, max_length: int) -> bool:
    return (
        isinstance(value, str) and 0 < len(value) <= max_length and bool(KEY_PATTERN.match(value))
    )


def _is_text(value: Any, max_length: int) -> bool:
    return isinstance(value, str) and len(value.strip()) > 0 and len(value) <= max_length


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _parse_date(value: Any) -> datetime.date | None:
    if not isinstance(value, str) or not DATE_PATTERN.match(value):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


# --- writing ------------------------------------------------------------------------------


def import_archive(data: Any, *, replace: bool = False) -> ImportSummary:
    """Check `data` completely, then write it in one transaction; ArchiveError if refused."""
    with paused_gc():
        plan = check_archive(data, replace=replace)
        del data  # the plan shares what it needs; let the parsed JSON go before writing
        return write_plan(plan, replace=replace)


def import_file(path: str | Path, *, replace: bool = False) -> ImportSummary:
    with paused_gc():
        return import_archive(read_archive(path), replace=replace)


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


@transaction.atomic
def write_plan(plan: Plan, *, replace: bool = False) -> ImportSummary:
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
    pairs = [(r, event.pk) for e, event in zip(plan.events, events, strict=True) for r in e.rounds]
    rounds = Round.objects.bulk_create(Round(event_id=pk, number=r.number) for r, pk in pairs)
    table_pairs = [(t, rnd.pk) for (r, _), rnd in zip(pairs, rounds, strict=True) for t in r.tables]
    tables = Table.objects.bulk_create(
        Table(round_id=pk, number=t.number, entry=t.entry) for t, pk in table_pairs
    )
    written = list(zip([t for t, _ in table_pairs], tables, strict=True))
    _write_seats(written, player_ids)
    games = _write_games(written, player_ids)
    _write_totals(written, player_ids)
    Change.objects.bulk_create(
        Change(
            table=table,
            action=Change.Action.CREATE,
            note="importiert",
            after={"games": len(plan_table.games)}
            if plan_table.entry == Table.Entry.GAMES
            else {"totals": plan_table.totals},
        )
        for plan_table, table in written
    )
    return ImportSummary(len(plan.players), len(events), len(rounds), len(tables), games, replaced)


def _write_club(name: str) -> None:
    club = Club.objects.order_by("id").first()
    if club is None:
        Club.objects.create(name=name)
    elif club.name != name:
        club.name = name
        club.save(update_fields=["name"])


def _write_players(players: list[dict[str, Any]]) -> None:
    existing = Player.objects.in_bulk([p["key"] for p in players], field_name="key")
    changed = []
    for p in players:
        player = existing.get(p["key"])
        if player is not None and (player.name, player.is_guest) != (p["name"], p["guest"]):
            player.name, player.is_guest = p["name"], p["guest"]
            changed.append(player)
    Player.objects.bulk_update(changed, ["name", "is_guest"])
    Player.objects.bulk_create(
        Player(key=p["key"], name=p["name"], is_guest=p["guest"])
        for p in players
        if p["key"] not in existing
    )


def _seasons(years: set[int]) -> dict[int, int]:
    """Season id per year; an event belongs to the Season of its date's year."""
    have = set(Season.objects.filter(year__in=years).values_list("year", flat=True))
    Season.objects.bulk_create(Season(year=y) for y in sorted(years - have))
    return dict(Season.objects.filter(year__in=years).values_list("year", "id"))


def _write_attendance(
    plans: list[EventPlan], events: list[Event], player_ids: dict[str, int]
) -> None:
    rows = []
    for plan, event in zip(plans, events, strict=True):
        keys = dict.fromkeys(k for r in plan.rounds for t in r.tables for k in t.seats)
        rows.extend(Attendance(event_id=event.pk, player_id=player_ids[k]) for k in keys)
    Attendance.objects.bulk_create(rows, batch_size=5000)


def _write_seats(written: list[tuple[TablePlan, Table]], player_ids: dict[str, int]) -> None:
    Seat.objects.bulk_create(
        (
            Seat(
                table_id=table.pk,
                round_id=table.round_id,
                position=position,
                player_id=player_ids[key],
            )
            for plan, table in written
            for position, key in enumerate(plan.seats, start=1)
        ),
        batch_size=5000,
    )


# Engine-computed Game fields, in the order of the INSERT below.
VALUED_FIELDS = (
    "notation",
    "game_type",
    "won",
    "overbid",
    "game_value",
    "list_score",
    "derivation",
)
GAME_COLUMNS = (
    "table",
    "number",
    "declarer",
    "declaration",
    "outcome",
    "passed_in",
    *VALUED_FIELDS,
    "version",
    "entered_at",
)


def _write_games(written: list[tuple[TablePlan, Table]], player_ids: dict[str, int]) -> int:
    """Insert all games with `executemany`, statement and values prepared from the model.

    `bulk_create` compiles every value of every row (about 100 µs per game on SQLite, far too
    slow for a million games); one prepared statement per batch costs a few µs per game.
    """
    fields = [Game._meta.get_field(name) for name in GAME_COLUMNS]
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(Game._meta.db_table)} "
        f"({', '.join(quote(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    count = 0
    with connection.cursor() as cursor, _index_cache(cursor):
        for batch in _batches(_game_rows(written, player_ids), GAME_BATCH):
            cursor.executemany(sql, batch)
            count += len(batch)
    return count


@contextmanager
def _index_cache(cursor: Any) -> Iterator[None]:
    """On SQLite, keep the game indexes in memory while inserting (default cache: 2 MB)."""
    if connection.vendor != "sqlite":
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
    written: list[tuple[TablePlan, Table]], player_ids: dict[str, int]
) -> Iterator[tuple[Any, ...]]:
    # The real connection, not the thread-local proxy: its lookup costs more than the encoding.
    db = connections[DEFAULT_DB_ALIAS]
    encode = partial(db.ops.adapt_json_value, encoder=Game._meta.get_field("declaration").encoder)
    now = Game._meta.get_field("entered_at").get_db_prep_save(timezone.now(), db)
    # Equal games share one fields dict (see `_valued`): encode each different game once.
    columns: dict[int, tuple[Any, ...]] = {}
    for plan, table in written:
        for number, declarer, fields, game, outcome in plan.games:
            values = columns.get(id(fields))
            if values is None:
                values = columns[id(fields)] = (
                    None if game is None else encode(game),
                    None if outcome is None else encode(outcome),
                    fields["passed_in"],
                    *(fields[name] for name in VALUED_FIELDS),
                )
            yield (table.pk, number, player_ids[declarer] if declarer else None, *values, 1, now)


def _write_totals(written: list[tuple[TablePlan, Table]], player_ids: dict[str, int]) -> None:
    TableTotal.objects.bulk_create(
        (
            TableTotal(
                table_id=table.pk,
                player_id=player_ids[line["player"]],
                list_score=line["list_score"],
                won=line["won"],
                lost=line["lost"],
            )
            for plan, table in written
            for line in plan.totals
        ),
        batch_size=5000,
    )


def _batches(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    batch = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


# --- export -------------------------------------------------------------------------------


def export_archive(event_keys: Sequence[str] | None = None) -> dict[str, Any]:
    """The archive of all events (or of `event_keys`), in the shape import reads."""
    events = list(Event.objects.order_by("id"))
    if event_keys is not None:
        missing = set(event_keys) - {e.key for e in events}
        if missing:
            raise ArchiveError([f"Veranstaltung {key} gibt es nicht." for key in sorted(missing)])
        events = [e for e in events if e.key in set(event_keys)]
    structure = _export_structure(events)
    seated = {p for table in structure["tables"].values() for p in table["seats"]}
    players = Player.objects.order_by("id")
    club = Club.objects.order_by("id").first()
    return {
        "format": FORMAT,
        "club": {"name": club.name if club else settings.SKATCLUB_NAME},
        "players": [_export_player(p) for p in players if event_keys is None or p.key in seated],
        "events": [_export_event(e, structure) for e in events],
    }


def _export_structure(events: list[Event]) -> dict[str, Any]:
    """Rounds, tables, seats, games and totals of `events`, read in a fixed number of queries."""
    keys = dict(Player.objects.values_list("id", "key"))
    rounds: dict[int, list[dict[str, Any]]] = {e.pk: [] for e in events}
    round_by_id = {}
    for r in (
        Round.objects.filter(event__in=events).order_by("id").values("id", "event_id", "number")
    ):
        round_by_id[r["id"]] = {"number": r["number"], "tables": []}
        rounds[r["event_id"]].append(round_by_id[r["id"]])
    tables: dict[int, dict[str, Any]] = {}
    for t in (
        Table.objects.filter(round_id__in=round_by_id)
        .order_by("id")
        .values("id", "round_id", "number", "entry")
    ):
        table = {"number": t["number"], "seats": []}
        table["games" if t["entry"] == Table.Entry.GAMES else "totals"] = []
        tables[t["id"]] = table
        round_by_id[t["round_id"]]["tables"].append(table)
    for table_id, player_id in (
        Seat.objects.filter(table_id__in=tables)
        .order_by("table_id", "position")
        .values_list("table_id", "player_id")
    ):
        tables[table_id]["seats"].append(keys[player_id])
    _export_games(tables, keys)
    for t in (
        TableTotal.objects.filter(table_id__in=tables)
        .order_by("id")
        .values("table_id", "player_id", "list_score", "won", "lost")
    ):
        tables[t["table_id"]].setdefault("totals", []).append(
            {
                "player": keys[t["player_id"]],
                "list_score": t["list_score"],
                "won": t["won"],
                "lost": t["lost"],
            }
        )
    return {"rounds": rounds, "tables": tables}


def _export_games(tables: dict[int, dict[str, Any]], keys: dict[int, str]) -> None:
    rows = (
        Game.objects.filter(table_id__in=tables)
        .order_by("table_id", "number")
        .values_list("table_id", "number", "passed_in", "declarer_id", "declaration", "outcome")
        .iterator(chunk_size=10_000)
    )
    for table_id, number, passed_in, declarer_id, declaration, outcome in rows:
        games = tables[table_id].setdefault("games", [])
        game: dict[str, Any] = (
            {"passed": True}
            if passed_in
            else {"declarer": keys[declarer_id], "game": declaration, "outcome": outcome}
        )
        if number != len(games) + 1:  # a gap: say which game this is
            game["number"] = number
        games.append(game)


def _export_player(player: Player) -> dict[str, Any]:
    row: dict[str, Any] = {"key": player.key, "name": player.name}
    if player.is_guest:
        row["guest"] = True
    return row


def _export_event(event: Event, structure: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "key": event.key,
        "name": event.name,
        "date": event.date.isoformat(),
        "ruleset": event.ruleset,
    }
    house = {"kontra": event.house_kontra, "bock": event.house_bock, "ramsch": event.house_ramsch}
    if any(house.values()):
        row["house_rules"] = {k: v for k, v in house.items() if v}
    settlement: dict[str, Any] = {}
    if event.cents_per_point:
        settlement["cents_per_point"] = event.cents_per_point
    if event.lost_game_fees_cents:
        settlement["lost_game_fees_cents"] = event.lost_game_fees_cents
    if settlement:
        row["settlement"] = settlement
    if event.games_per_round and event.games_per_round != DEFAULT_GAMES_PER_ROUND:
        row["games_per_round"] = event.games_per_round
    row["rounds"] = structure["rounds"][event.pk]
    return row
