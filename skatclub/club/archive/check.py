"""Reading and checking an archive (docs/spec/archive-format.md) into a `Plan`.

The first pass of an import: check every part of the archive, in plain Python and without
writing anything, and collect all problems (up to `MAX_PROBLEMS`); an archive with a single
problem is refused with ArchiveError. This module checks the club, players, events and their
settings, Serien, tables and seats; `results` checks and values a table's games or totals.
Reads: Player and Event (which keys exist). Terms: Serie = `Round`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scoring import (
    MAX_GAMES_PER_ROUND,
    MIN_GAMES_PER_ROUND,
    ROUNDING_STEPS,
    ScoringError,
    check_games_per_round,
    check_lost_game_fees,
    parse_cents_per_point,
)
from scoring.bock import MAX_ROUNDS, BockRule, BockTrigger, Stacking
from scoring.event_rules import EventRules, check_rules, declared, rules_of, stored_values
from scoring.ramsch import MAX_LOSS_CAP, RamschOptions, RamschScoring, TieRule
from skatclub.club import tenancy
from skatclub.club.archive.matches import check_matches
from skatclub.club.archive.plan import FORMAT, ArchiveError, EventPlan, Plan, RoundPlan, TablePlan
from skatclub.club.archive.problems import (
    Problems,
    TooManyProblems,
    is_count,
    is_text,
    parse_date,
    shown,
    where,
)
from skatclub.club.archive.results import Memo, check_table_results, last_game_number
from skatclub.club.archive.tournament import (
    PLAYER_EXTRAS,
    check_event_extras,
    check_player_extras,
)
from skatclub.club.models import DEFAULT_GAMES_PER_ROUND, Event, Player
from skatclub.club.services import EntryError, NoProgress, Progress, check_game_slot
from skatclub.club.text import is_key, visible_text

RULESETS = ("isko", "preisskat")
HOUSE_RULES = ("kontra", "bock", "ramsch")


# Twenty years of a big club are well under 200 MB; far more is not an archive of ours.
MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024
# The format nests eight levels (archive, events, Serie, tables, games, game); JSON deeper than
# this is refused before anything looks at it.
MAX_NESTING = 32
# No number in an archive has more digits (list scores stay far below 10^15).
MAX_DIGITS = 15


def read_archive(path: str | Path, *, max_bytes: int = MAX_ARCHIVE_BYTES) -> Any:
    """The parsed JSON of `path`; unreadable, oversized files and bad JSON raise ArchiveError."""
    try:
        with open(path, "rb") as file:
            raw = file.read(max_bytes + 1)
    except OSError as error:
        raise ArchiveError([f"Die Datei {path} kann nicht gelesen werden: {error}"]) from None
    if len(raw) > max_bytes:
        raise ArchiveError([_too_big(max_bytes)])
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ArchiveError(
            [f"Die Datei {path} ist kein UTF-8-Text (Byte {error.start})."]
        ) from None
    del raw
    return parse_archive(text, max_bytes=max_bytes)


def _too_big(max_bytes: int) -> str:
    return f"Das Archiv ist größer als {max_bytes // (1024 * 1024)} MB und wird nicht gelesen."


class _Refused(ValueError):
    """A number the archive may not hold, found while parsing."""


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"Eine Zahl mit {len(text)} Stellen ({text[:12]}…) ist zu lang.")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS + 10:
        raise _Refused(f"Die Zahl {text[:12]}… ist zu lang.")
    return float(text)


def _constant(text: str) -> Any:
    raise _Refused(f"„{text}“ ist in JSON keine Zahl.")


def parse_archive(text: str, *, max_bytes: int = MAX_ARCHIVE_BYTES) -> Any:
    """JSON within the archive's limits: size, nesting, number length; no NaN or Infinity."""
    if len(text) > max_bytes:
        raise ArchiveError([_too_big(max_bytes)])
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as error:
        raise ArchiveError(
            [
                f"Das Archiv ist kein gültiges JSON (Zeile {error.lineno}, Spalte {error.colno}: "
                f"{error.msg})."
            ]
        ) from None
    except _Refused as error:
        raise ArchiveError([f"Das Archiv ist kein gültiges Archiv: {error}"]) from None
    except RecursionError:  # the parser's own limit, far above MAX_NESTING
        raise ArchiveError([TOO_DEEP]) from None
    if too_deep(data):
        raise ArchiveError([TOO_DEEP])
    return data


TOO_DEEP = f"Das Archiv ist tiefer als {MAX_NESTING} Ebenen verschachtelt und wird nicht gelesen."


def archive_decoder() -> json.JSONDecoder:
    """The JSON decoder of `parse_archive`: numbers within MAX_DIGITS, no NaN or Infinity
    (refused with a ValueError)."""
    return json.JSONDecoder(parse_int=_int, parse_float=_float, parse_constant=_constant)


def too_deep(data: Any, depth: int = 1) -> bool:
    """Whether containers nest deeper than MAX_NESTING (walked level by level, without
    recursion); `depth` is the level of `data` itself (an event of an archive is at 3)."""
    level = [data] if type(data) in CONTAINERS else []
    while level:
        if depth > MAX_NESTING:
            return True
        below: list[Any] = []
        for value in level:
            items = value.values() if type(value) is dict else value
            below.extend(item for item in items if type(item) in CONTAINERS)
        level, depth = below, depth + 1
    return False


CONTAINERS = (dict, list)


def check_archive(
    data: Any,
    *,
    replace: bool = False,
    as_recorded: bool = False,
    rules: EventRules | None = None,
    progress: Progress | None = None,
) -> Plan:
    """Check everything and value every game; raise ArchiveError with all problems found.

    `as_recorded`: keep games with a recorded value the rules disagree with (see `recorded`).
    `rules`: the rules the import page chose for events whose archive does not state them
    (a club's old archive without its Ramsch cap); without them, the declaration's defaults.
    `progress`: told the games checked, event by event (a background job's page shows it).
    """
    problems = Problems()
    try:
        plan = _check_archive(data, replace, problems, as_recorded, rules, progress or NoProgress())
    except TooManyProblems:
        raise ArchiveError(problems.lines) from None
    if problems.lines:
        raise ArchiveError(problems.lines)
    return plan


def _check_archive(
    data: Any,
    replace: bool,
    problems: Problems,
    as_recorded: bool,
    rules: EventRules | None,
    progress: Progress,
) -> Plan:
    plan = Plan(None, [], [])
    head = check_head(data, problems)
    if head is None:
        return plan
    plan.club_name, plan.players, known = head
    plan.events = _check_events(
        data.get("events", []), known, replace, problems, as_recorded, rules, progress
    )
    plan.matches = check_matches(data.get("matches"), known, replace, problems)
    return plan


def _refuse_other_clubs_players(players: list[dict[str, Any]], problems: Problems) -> None:
    """A key is one player on the whole server: an archive's player whose key belongs to a
    player of another club (not a member here) is not silently made the same person."""
    keys = [p["key"] for p in players]
    visible = set(Player.objects.filter(key__in=keys).values_list("key", flat=True))
    others = Player.all_clubs.filter(key__in=set(keys) - visible).order_by("key")
    for key, name in others.values_list("key", "name")[:MAX_OTHER_CLUBS]:
        problems.add(
            f"Spieler {key}",
            f"das Kürzel gehört {name}, einem Spieler eines anderen Vereins. Bitte im Archiv "
            "umbenennen oder ihn zuerst in diesen Verein aufnehmen (Spielerliste).",
        )


MAX_OTHER_CLUBS = 50


def _refuse_changing_admitted_players(players: list[dict[str, Any]], problems: Problems) -> None:
    """A player admitted from another club keeps the data his Stammverein gave him: an
    archive that says otherwise is refused, not written over the other club's player."""
    by_key = {p["key"]: p for p in players}
    admitted = Player.objects.filter(key__in=by_key).exclude(club_id=tenancy.club_for_new_rows())
    for player in admitted.order_by("key")[:MAX_OTHER_CLUBS]:
        wanted = by_key[player.key]
        differ = [
            label
            for field, label, stored in (
                ("name", "Name", player.name),
                ("guest", "Gast", player.is_guest),
                *((f, label, getattr(player, f)) for f, label in PLAYER_EXTRAS.items()),
            )
            if field in wanted and wanted[field] != stored
        ]
        if differ:
            problems.add(
                f"Spieler {player.key}",
                f"{player.name} gehört zu einem anderen Verein, der seine Angaben pflegt; das "
                f"Archiv ändert {', '.join(differ)}. Bitte im Archiv angleichen.",
            )


def check_head(
    data: Any, problems: Problems
) -> tuple[str | None, list[dict[str, Any]], dict[str, str]] | None:
    """The archive's club name and players, and every player known (the archive's and the
    database's, key -> name); None when `data` is no archive of this format."""
    if not isinstance(data, dict):
        problems.add("", "Das Archiv muss ein JSON-Objekt sein.")
        return None
    if data.get("format") != FORMAT:
        found = shown(data.get("format"))
        problems.add("", f"Unbekanntes Format {found}; erwartet wird „{FORMAT}“.")
        return None
    club_name = _check_club(data.get("club"), problems)
    players = _check_players(data.get("players", []), problems)
    _refuse_other_clubs_players(players, problems)
    _refuse_changing_admitted_players(players, problems)
    known = {p["key"]: p["name"] for p in players}
    for key, name in Player.objects.values_list("key", "name"):
        known.setdefault(key, name)
    return club_name, players, known


def _check_club(raw: Any, problems: Problems) -> str | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or not is_text(raw.get("name"), 200):
        problems.add("Club", "„club“ braucht einen Namen („name“, höchstens 200 Zeichen).")
        return None
    return visible_text(raw["name"])


def _check_players(raw: Any, problems: Problems) -> list[dict[str, Any]]:
    if not isinstance(raw, list):
        problems.add("Spieler", "„players“ muss eine Liste sein.")
        return []
    players: dict[str, dict[str, Any]] = {}
    for index, item in enumerate(raw, start=1):
        label = f"Spieler Nr. {index}"
        if not isinstance(item, dict) or not is_key(item.get("key"), 60):
            problems.add(label, "braucht ein Kürzel („key“: Buchstaben, Ziffern, - und _).")
            continue
        key = item["key"]
        label = f"Spieler {key}"
        if key in players:
            problems.add(label, "steht zweimal in „players“.")
        elif not is_text(item.get("name"), 200):
            problems.add(label, "braucht einen Namen („name“, höchstens 200 Zeichen).")
        elif not isinstance(item.get("guest", False), bool):
            problems.add(label, "„guest“ muss true oder false sein.")
        else:
            players[key] = {
                "key": key,
                "name": visible_text(item["name"]),
                "guest": item.get("guest", False),
                **check_player_extras(item, label, problems),
            }
    return list(players.values())


def _check_events(
    raw: Any,
    known: dict[str, str],
    replace: bool,
    problems: Problems,
    as_recorded: bool = False,
    rules: EventRules | None = None,
    progress: Progress | None = None,
) -> list[EventPlan]:
    if not isinstance(raw, list):
        problems.add("Veranstaltungen", "„events“ muss eine Liste sein.")
        return []
    keys = [e.get("key") for e in raw if isinstance(e, dict) and isinstance(e.get("key"), str)]
    existing = (
        set() if replace else set(Event.objects.filter(key__in=keys).values_list("key", flat=True))
    )
    events = EventCheck(known, existing, problems, as_recorded, rules)
    progress = progress or NoProgress()
    counts = [raw_game_count(item) for item in raw]
    progress.step(
        "Spiele prüfen",
        total=sum(counts),
        count_text="Spiel {done} von {total} geprüft",
        cancellable=True,  # nothing is written while checking
    )
    plans = []
    for index, (item, count) in enumerate(zip(raw, counts, strict=True), start=1):
        plans.append(events.check(item, index))
        progress.add(count)
    return [plan for plan in plans if plan is not None]


def raw_game_count(event: Any) -> int:
    """The games an event of the archive lists, read before any check (0 for what is not
    shaped like an event): the total a progress bar counts towards."""
    rounds = event.get("rounds") if isinstance(event, dict) else None
    count = 0
    for round_ in rounds if isinstance(rounds, list) else ():
        tables = round_.get("tables") if isinstance(round_, dict) else None
        for table in tables if isinstance(tables, list) else ():
            games = table.get("games") if isinstance(table, dict) else None
            count += len(games) if isinstance(games, list) else 0
    return count


class EventCheck:
    """The check of an archive's events one at a time, with what it must remember between
    them: the keys seen, and the verdicts on games per set of rules (`Memo`).

    `existing`: the keys of events already in the database (refused unless replaced)."""

    def __init__(
        self,
        known: dict[str, str],
        existing: set[str],
        problems: Problems,
        as_recorded: bool,
        rules: EventRules | None = None,
    ) -> None:
        self.known, self.existing, self.problems = known, existing, problems
        self.as_recorded, self.rules = as_recorded, rules
        self.seen: set[str] = set()
        self.memos: dict[tuple[Any, ...], Memo] = {}

    def check(self, raw: Any, index: int) -> EventPlan | None:
        plan = _check_event(
            raw, index, self.known, self.memos, self.problems, self.as_recorded, self.rules
        )
        if plan is None:
            return None
        if plan.key in self.seen:
            self.problems.add(where(plan.key), "Der Schlüssel steht zweimal im Archiv.")
        elif plan.key in self.existing:
            self.problems.add(
                where(plan.key),
                "Diese Veranstaltung gibt es schon. Mit --replace wird sie ersetzt.",
            )
        self.seen.add(plan.key)
        return plan

    def forget_games(self, limit: int) -> None:
        """Let go of the verdicts on games once more than `limit` are kept (they are only
        a cache: a game seen again is valued again)."""
        if sum(len(memo.values) for memo in self.memos.values()) > limit:
            for memo in self.memos.values():
                memo.values.clear()


def _check_event(
    raw: Any,
    index: int,
    known: dict[str, str],
    memos: dict[tuple[Any, ...], Memo],
    problems: Problems,
    as_recorded: bool = False,
    rules: EventRules | None = None,
) -> EventPlan | None:
    if not isinstance(raw, dict):
        problems.add(f"Veranstaltung Nr. {index}", "muss ein JSON-Objekt sein.")
        return None
    key = raw.get("key")
    if not is_key(key, 100):
        problems.add(
            f"Veranstaltung Nr. {index}",
            "braucht einen Schlüssel („key“: Buchstaben, Ziffern, - und _, höchstens 100).",
        )
        return None
    fields = _event_fields(raw, key, problems)
    if fields is None:
        return None
    if rules is not None and not _with_chosen_rules(raw, fields, rules, where(key), problems):
        return None
    extras = check_event_extras(raw, where(key), set(known), problems)
    fields.update(extras["fields"])
    notes = _round_lengths_from_archive(raw.get("rounds"), fields) if as_recorded else []
    event = Event(**fields)
    settings_key = (
        event.ruleset,
        event.house_kontra,
        event.house_bock,
        tuple(sorted(event.games_per_round.items())),
    )
    memo = memos.setdefault(settings_key, Memo(as_recorded=as_recorded))
    rounds = _check_rounds(raw.get("rounds", []), event, known, memo, problems)
    return EventPlan(fields, rounds, extras, notes)


def _with_chosen_rules(
    raw: dict[str, Any], fields: dict[str, Any], rules: EventRules, here: str, problems: Problems
) -> bool:
    """Every declared rule the archive's event leaves out takes the import page's choice
    (`fields` changed in place); False, with the reason, when the two do not go together."""
    chosen = stored_values(rules)
    for item in declared():
        if not archive_place_given(raw, item.rule.archive):
            fields[item.name] = chosen[item.name]
    merged = rules_of({item.name: fields.get(item.name, item.default) for item in declared()})
    for problem in check_rules(merged):
        problems.add(here, f"{problem.message} (mit den auf der Importseite gewählten Regeln)")
    return not check_rules(merged)


def archive_place_given(raw: dict[str, Any], place: tuple[str, ...]) -> bool:
    node: Any = raw
    for key in place:
        if not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    return True


def _round_lengths_from_archive(raw_rounds: Any, fields: dict[str, Any]) -> list[str]:
    """As recorded, a Serie as long as the club played it: the event's Serie length per table
    size becomes that of its longest Serie where this is longer (up to MAX_GAMES_PER_ROUND).

    Chosen over keeping the surplus games flagged: they are ordinary games with the values the
    rules give, the standings count every game either way, and so flagging them would bury the
    real deviations under games nobody has to check, while a game beyond the Serie length could
    not be corrected or printed in its Serie. Returns a German note per changed size."""
    stated = {**DEFAULT_GAMES_PER_ROUND, **fields["games_per_round"]}
    longest: dict[str, int] = {}
    for item in raw_rounds if isinstance(raw_rounds, list) else ():
        tables = item.get("tables") if isinstance(item, dict) else None
        for table in tables if isinstance(tables, list) else ():
            seats = table.get("seats") if isinstance(table, dict) else None
            size = str(len(seats)) if isinstance(seats, list) else ""
            if size in stated:
                last = last_game_number(table.get("games"))
                longest[size] = max(longest.get(size, 0), last)
    longer = {
        size: count
        for size, count in sorted(longest.items())
        if stated[size] < count <= MAX_GAMES_PER_ROUND
    }
    if longer:
        fields["games_per_round"] = {**fields["games_per_round"], **longer}
    return [
        f"Serienlänge am {size}er-Tisch aus dem Archiv: {count} statt {stated[size]} Spiele."
        for size, count in longer.items()
    ]


def _event_fields(raw: dict[str, Any], key: str, problems: Problems) -> dict[str, Any] | None:
    """The Event model fields, or None when the event's own fields are wrong."""
    count = len(problems.lines)
    here = where(key)
    if not is_text(raw.get("name"), 200):
        problems.add(here, "braucht einen Namen („name“, höchstens 200 Zeichen).")
    date = parse_date(raw.get("date"))
    if date is None:
        found = shown(raw.get("date"))
        problems.add(here, f"Das Datum {found} ist kein Datum der Form JJJJ-MM-TT.")
    ruleset = raw.get("ruleset")
    if ruleset not in RULESETS:
        problems.add(here, f"Regelwerk {shown(ruleset)} gibt es nicht (isko oder preisskat).")
    house = _check_house_rules(raw.get("house_rules", {}), ruleset, here, problems)
    cents_per_point, fees, step = _check_settlement(raw.get("settlement"), here, problems)
    games_per_round = _check_games_per_round(raw.get("games_per_round"), here, problems)
    bock = _check_bock(raw.get("bock_rounds"), here, problems)
    ramsch = _check_ramsch_rules(raw.get("ramsch_rules"), here, problems)
    if len(problems.lines) > count:
        return None
    return {
        "key": key,
        "name": visible_text(raw["name"]),
        "date": date,
        "ruleset": ruleset,
        "house_kontra": house["kontra"],
        "house_bock": house["bock"],
        "house_ramsch": house["ramsch"],
        "cents_per_point": cents_per_point,
        "lost_game_fees_cents": fees,
        "rounding_step_cents": step,
        "games_per_round": games_per_round,
        **bock,
        **ramsch,
    }


def _check_bock(raw: Any, here: str, problems: Problems) -> dict[str, Any]:
    """`"bock_rounds": {"triggers": [...], "rounds": 1, "stacking": "queue"}` (optional)."""
    if raw is None:
        return {}
    try:
        rule = BockRule(
            frozenset(BockTrigger(t) for t in raw["triggers"]),
            raw.get("rounds", 1),
            Stacking(raw.get("stacking", Stacking.QUEUE.value)),
        )
    except (KeyError, TypeError, ValueError):
        names = ", ".join(t.value for t in BockTrigger)
        problems.add(
            here,
            f"„bock_rounds“ braucht „triggers“ (aus {names}), „rounds“ 1 bis {MAX_ROUNDS} und "
            "„stacking“ queue oder double.",
        )
        return {}
    return {
        "bock_triggers": [t.value for t in BockTrigger if t in rule.triggers],
        "bock_rounds": rule.rounds,
        "bock_stacking": rule.stacking.value,
    }


def _check_ramsch_rules(raw: Any, here: str, problems: Problems) -> dict[str, Any]:
    """`"ramsch_rules": {"scoring": …, "tie_rule": …, "durchmarsch_doubled": …}` (optional)."""
    if raw is None:
        return {}
    try:
        scoring_rule = RamschScoring(raw.get("scoring", RamschScoring.LOSER_ONLY.value))
        tie = TieRule(raw["tie_rule"]) if raw.get("tie_rule") else None
        doubled = raw.get("durchmarsch_doubled", False)
        cap = raw.get("loss_cap")
        if not isinstance(doubled, bool) or set(raw) - RAMSCH_RULES:
            raise TypeError
        RamschOptions(scoring_rule, tie, doubled, cap)
    except (AttributeError, TypeError, ValueError, ScoringError):
        problems.add(
            here,
            "„ramsch_rules“: „scoring“ loser_only oder everyone_minus_own, „tie_rule“ "
            "all_tied_lose oder last_trick_loses, „durchmarsch_doubled“ true/false, "
            f"„loss_cap“ 1 bis {MAX_LOSS_CAP} oder null.",
        )
        return {}
    return {
        "ramsch_scoring": scoring_rule.value,
        "ramsch_tie_rule": tie.value if tie else "",
        "ramsch_durchmarsch_doubled": doubled,
        "ramsch_loss_cap": cap,
    }


RAMSCH_RULES = {"scoring", "tie_rule", "durchmarsch_doubled", "loss_cap"}


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


def _check_settlement(raw: Any, here: str, problems: Problems) -> tuple[str, list[int], int]:
    """Wertpunkt, Verlustspielgeld and the payout step (1 ct when an old archive has none)."""
    if raw is None:
        return "", [], 1
    if not isinstance(raw, dict):
        problems.add(here, "„settlement“ muss ein JSON-Objekt sein.")
        return "", [], 1
    cents_per_point = raw.get("cents_per_point", "")
    if not isinstance(cents_per_point, str) or len(cents_per_point) > 20:
        problems.add(here, 'Der Wertpunkt („cents_per_point“) muss als Text stehen, z. B. "1/4".')
        cents_per_point = ""
    elif cents_per_point:
        try:
            parse_cents_per_point(cents_per_point)
        except ScoringError as error:
            problems.add(here, error.message)
    fees = raw.get("lost_game_fees_cents", [])
    if not isinstance(fees, list) or not all(is_count(f) for f in fees):
        problems.add(here, "„lost_game_fees_cents“ muss eine Liste ganzer Cent-Beträge ≥ 0 sein.")
        fees = []
    try:
        fees = check_lost_game_fees(fees)
    except ScoringError as error:
        problems.add(here, error.message)
        fees = []
    step = raw.get("rounding_step_cents", 1)
    if isinstance(step, bool) or step not in ROUNDING_STEPS:
        steps = ", ".join(str(s) for s in ROUNDING_STEPS)
        problems.add(here, f"„rounding_step_cents“ (Auszahlung runden auf) ist einer von {steps}.")
        step = 1
    return cents_per_point, fees, step


def _check_games_per_round(raw: Any, here: str, problems: Problems) -> dict[str, int]:
    if raw is None:
        return dict(DEFAULT_GAMES_PER_ROUND)
    if not isinstance(raw, dict) or any(
        k not in DEFAULT_GAMES_PER_ROUND or not is_count(v) for k, v in raw.items()
    ):
        problems.add(
            here,
            '„games_per_round“ braucht je Tischgröße ("3", "4", "5") eine Zahl von '
            f"{MIN_GAMES_PER_ROUND} bis {MAX_GAMES_PER_ROUND}.",
        )
        return dict(DEFAULT_GAMES_PER_ROUND)
    for size, games in raw.items():
        try:
            check_games_per_round(int(size), games)
        except ScoringError as error:
            problems.add(here, f"„games_per_round“: {error.message}")
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
        if not is_count(number) or number < 1:
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
        if not is_count(number) or number < 1:
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
        table = check_table_results(item, event, seats, known, memo, here, problems)
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
    except (EntryError, ScoringError) as error:
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
