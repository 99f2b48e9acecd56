"""The rules an event plays by, declared once: `EventRules` and what each of its fields means.

Owns `EventRules` (a frozen dataclass: rule set, Serie lengths, house rules, Bockrunden, Ramsch,
the money settings), `Rule` (one field's German label and help, its kind with bounds and
default, where the archive keeps it, and what a change does: `Effect`) and the readers and
writers every surface derives from the declaration: `read_rules` (JSON of the archive, the
engine's command line, a stored mapping; German problems per field), `archive_rules` (the
event's part of the archive), `rule_words` (the printouts' rule legend) and `spec_table` (the
table in docs/spec/archive-format.md, checked by a test). The event form, the spreadsheet
import's options and the engine CLI build their fields from `declared(...)`, so a field added
here appears on all of them, and a field added anywhere else fails
`tests/scoring/test_event_rules.py`.

Values are plain JSON-like data (text, whole numbers, booleans, tuples) so that the Django side
stores them in the event's columns unchanged; the typed views the engine takes are properties
(`house_rules`, `bock_rule`, `ramsch_options`, `games_for`, `cents_per_point_fraction`).
Reads nothing; writes nothing.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from scoring.bock import MAX_ROUNDS, BockRule, BockTrigger, Stacking
from scoring.errors import InvalidRequest, ScoringError
from scoring.game import Ruleset
from scoring.ramsch import MAX_LOSS_CAP, RamschOptions, RamschScoring, TieRule
from scoring.rulesets import HouseRules
from scoring.settlement import (
    MAX_LOST_GAME_FEE_CENTS,
    MAX_LOST_GAME_FEES,
    ROUNDING_STEPS,
    check_lost_game_fees,
    parse_cents_per_point,
)
from scoring.table import GAMES_PER_ROUND, MAX_GAMES_PER_ROUND, MIN_GAMES_PER_ROUND

MAX_FEE_CENTS = 100_000  # 1,000 € Startgeld is no club's fee


class Effect(StrEnum):
    """What changing a rule does to an event that has games."""

    GAMES = "games"  # every game is valued anew: seats, ranking and money follow
    LENGTH = "length"  # the Serie length: refused where stored games would not fit
    MONEY = "money"  # the settlement and the pot; the games keep their values

    @property
    def words(self) -> str:
        return EFFECT_WORDS[self]


EFFECT_WORDS = {
    Effect.GAMES: "bewertet die gespeicherten Spiele neu",
    Effect.LENGTH: "ändert die Länge einer Serie",
    Effect.MONEY: "ändert die Abrechnung",
}


class RuleProblem(InvalidRequest):
    """A declared rule's value is not one the declaration allows (German, with the field)."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name


# The kinds of value a rule takes. Each reads JSON (refusing with a German reason), writes
# JSON, and says a value in words; `bounds` are what forms show as limits.


@dataclass(frozen=True)
class Flag:
    def read(self, raw: object) -> bool:
        if not isinstance(raw, bool):
            raise ValueError("ist true oder false")
        return raw

    def write(self, value: Any) -> Any:
        return bool(value)

    def words(self, value: Any) -> str:
        return "ja" if value else "nein"

    def describe(self) -> str:
        return "true oder false"


@dataclass(frozen=True)
class Whole:
    low: int
    high: int
    optional: bool = False  # None: not set (no cap, no reduced fee)
    unit: str = ""

    def read(self, raw: object) -> int | None:
        if raw is None and self.optional:
            return None
        if isinstance(raw, bool) or not isinstance(raw, int) or not self.low <= raw <= self.high:
            raise ValueError(
                f"ist eine ganze Zahl von {self.low} bis {self.high:,}".replace(",", ".")
            )
        return raw

    def write(self, value: Any) -> Any:
        return value

    def words(self, value: Any) -> str:
        if value is None:
            return "keine"
        return f"{value} {self.unit}".strip()

    def describe(self) -> str:
        text = f"ganze Zahl {self.low} bis {self.high:,}".replace(",", ".")
        return text + (" oder null" if self.optional else "")


@dataclass(frozen=True)
class Cents(Whole):
    """An amount of money in whole cents; forms show it in euros."""

    def words(self, value: Any) -> str:
        if value is None:
            return "keins"
        return f"{value // 100},{value % 100:02d} €"


@dataclass(frozen=True)
class Choice:
    options: tuple[tuple[Any, str], ...]  # (stored value, German label)
    optional: bool = False  # "" stored, null in JSON: none of them

    def read(self, raw: object) -> Any:
        if raw is None and self.optional:
            return ""
        for value, _ in self.options:
            if raw == value and isinstance(raw, bool) is isinstance(value, bool):
                return value
        raise ValueError(f"ist einer von {self.describe()}")

    def write(self, value: Any) -> Any:
        return None if value == "" and self.optional else value

    def words(self, value: Any) -> str:
        return str(dict(self.options).get(value, "keine"))

    def describe(self) -> str:
        listed = ", ".join(str(v) for v, _ in self.options)
        return listed + (" oder null" if self.optional else "")


@dataclass(frozen=True)
class Subset:
    options: tuple[tuple[str, str], ...]

    def read(self, raw: object) -> tuple[str, ...]:
        known = [v for v, _ in self.options]
        if not isinstance(raw, list | tuple) or any(item not in known for item in raw):
            raise ValueError(f"ist eine Liste aus {', '.join(known)}")
        return tuple(v for v in known if v in raw)  # the declaration's order, each once

    def write(self, value: Any) -> Any:
        return list(value)

    def words(self, value: Any) -> str:
        labels = dict(self.options)
        return ", ".join(labels[v] for v in value) or "keine"

    def describe(self) -> str:
        return "Liste aus " + ", ".join(v for v, _ in self.options)


@dataclass(frozen=True)
class Amounts:
    """Verlustspielgeld: cents for the 1st, 2nd, … lost game, the last one repeating."""

    def read(self, raw: object) -> tuple[int, ...]:
        if not isinstance(raw, list | tuple) or any(
            isinstance(f, bool) or not isinstance(f, int) for f in raw
        ):
            raise ValueError("ist eine Liste ganzer Cent-Beträge")
        try:
            return tuple(check_lost_game_fees(list(raw)))
        except ScoringError as error:
            raise ValueError(error.message) from None

    def write(self, value: Any) -> Any:
        return list(value)

    def words(self, value: Any) -> str:
        return ", ".join(f"{f} ct" for f in value) or "keins"

    def describe(self) -> str:
        return (
            f"Liste von höchstens {MAX_LOST_GAME_FEES} Beträgen, 0 bis "
            f"{MAX_LOST_GAME_FEE_CENTS} Cent"
        )


@dataclass(frozen=True)
class PointPrice:
    """The Wertpunkt as exact text ("1/4", "0,5", "1"); "" for none."""

    def read(self, raw: object) -> str:
        if raw == "":
            return ""
        if isinstance(raw, bool) or not isinstance(raw, str | int) or len(str(raw)) > 20:
            raise ValueError('steht als Text, z. B. "1/4"')
        try:
            parse_cents_per_point(raw)
        except ScoringError as error:
            raise ValueError(error.message) from None
        return str(raw).strip()

    def write(self, value: Any) -> Any:
        return value

    def words(self, value: Any) -> str:
        return f"{value} Cent je Punkt" if value else "keiner"

    def describe(self) -> str:
        return 'Text wie "1/10", "1/4", "1/2" oder ganze Cent 1 bis 100, oder ""'


@dataclass(frozen=True)
class PerTableSize:
    """The Serie length per table size: the keys "3", "4", "5", each bounded."""

    defaults: tuple[tuple[str, int], ...]
    low: int
    high: int

    def read(self, raw: object) -> tuple[tuple[str, int], ...]:
        sizes = dict(self.defaults)
        if not isinstance(raw, Mapping) or any(
            key not in sizes
            or isinstance(games, bool)
            or not isinstance(games, int)
            or not self.low <= games <= self.high
            for key, games in raw.items()
        ):
            raise ValueError(
                f"braucht je Tischgröße ({', '.join(sizes)}) eine Zahl von {self.low} bis "
                f"{self.high}"
            )
        return tuple(sorted({**sizes, **raw}.items()))

    def write(self, value: Any) -> Any:
        return dict(value)

    def words(self, value: Any) -> str:
        return ", ".join(f"{games} am {size}er-Tisch" for size, games in value)

    def describe(self) -> str:
        return f'{{"3": …, "4": …, "5": …}}, je {self.low} bis {self.high}'


Kind = Flag | Whole | Cents | Choice | Subset | Amounts | PointPrice | PerTableSize


@dataclass(frozen=True)
class Rule:
    """One declared rule: what a club member reads, what it may be, what a change does."""

    label: str
    kind: Kind
    effect: Effect
    archive: tuple[str, ...]  # its place in an archive's event: ("house_rules", "kontra")
    help: str = ""
    section: str = ""  # docs/rules.md, where the rule comes from


def rule(default: Any, spec: Rule) -> Any:
    """A field of `EventRules` with its default and its declaration."""
    return field(default=default, metadata={"rule": spec})


RULESET_OPTIONS = (
    (Ruleset.ISKO.value, "ISkO (Internationale Skatordnung)"),
    (Ruleset.PREISSKAT.value, "Preisskat (alte Skatordnung)"),
)
STACKING_OPTIONS = ((Stacking.QUEUE.value, "nacheinander"), (Stacking.DOUBLE.value, "Doppelbock"))
RAMSCH_SCORING_OPTIONS = (
    (RamschScoring.LOSER_ONLY.value, "wer die meisten Augen hat, verliert sie"),
    (RamschScoring.EVERYONE_MINUS_OWN.value, "jeder verliert seine Augen"),
)
TIE_RULE_OPTIONS = (
    (TieRule.ALL_TIED_LOSE.value, "alle Gleichen verlieren"),
    (TieRule.LAST_TRICK_LOSES.value, "wer den letzten Stich hat, verliert"),
)
TRIGGER_OPTIONS = tuple((t.value, t.label) for t in BockTrigger)
ROUNDING_OPTIONS = tuple(
    (step, f"{step} Cent" if step < 100 else f"{step // 100} Euro") for step in ROUNDING_STEPS
)
DEFAULT_LENGTHS = tuple((str(size), games) for size, games in sorted(GAMES_PER_ROUND.items()))


@dataclass(frozen=True)
class EventRules:
    """The rules of one event. Every field is declared with `rule(default, Rule(...))`."""

    ruleset: str = rule(
        Ruleset.ISKO.value,
        Rule(
            "Regelwerk",
            Choice(RULESET_OPTIONS),
            Effect.GAMES,
            ("ruleset",),
            "Wie Spiele bewertet werden; Hausregeln gibt es nur mit der ISkO.",
            "§1.1",
        ),
    )
    games_per_round: tuple[tuple[str, int], ...] = rule(
        DEFAULT_LENGTHS,
        Rule(
            "Spiele je Serie",
            PerTableSize(DEFAULT_LENGTHS, MIN_GAMES_PER_ROUND, MAX_GAMES_PER_ROUND),
            Effect.LENGTH,
            ("games_per_round",),
            "je Tischgröße; ein Tisch darf weniger Spiele haben, nie mehr",
            "§2",
        ),
    )
    house_kontra: bool = rule(
        False,
        Rule("Kontra/Re (Hausregel)", Flag(), Effect.GAMES, ("house_rules", "kontra"), "", "§12"),
    )
    house_bock: bool = rule(
        False,
        Rule(
            "Bock (Hausregel)",
            Flag(),
            Effect.GAMES,
            ("house_rules", "bock"),
            "Bock je Spiel (B, B2) oder als Bockrunden (unten)",
            "§12.2",
        ),
    )
    house_ramsch: bool = rule(
        False,
        Rule("Ramsch (Hausregel)", Flag(), Effect.GAMES, ("house_rules", "ramsch"), "", "§12.3"),
    )
    bock_triggers: tuple[str, ...] = rule(
        (),
        Rule(
            "Bockrunde nach",
            Subset(TRIGGER_OPTIONS),
            Effect.GAMES,
            ("bock_rounds", "triggers"),
            "Nur mit „Bock (Hausregel)“. Leer: Bock wird je Spiel eingegeben (B, B2).",
            "§12.2",
        ),
    )
    bock_rounds: int = rule(
        1,
        Rule(
            "Bockrunde dauert Runden (jeder gibt einmal)",
            Whole(1, MAX_ROUNDS),
            Effect.GAMES,
            ("bock_rounds", "rounds"),
            "",
            "§12.2",
        ),
    )
    bock_stacking: str = rule(
        Stacking.QUEUE.value,
        Rule(
            "mehrere Bockrunden",
            Choice(STACKING_OPTIONS),
            Effect.GAMES,
            ("bock_rounds", "stacking"),
            "",
            "§12.2",
        ),
    )
    ramsch_scoring: str = rule(
        RamschScoring.LOSER_ONLY.value,
        Rule(
            "Ramsch-Wertung",
            Choice(RAMSCH_SCORING_OPTIONS),
            Effect.GAMES,
            ("ramsch_rules", "scoring"),
            "",
            "§12.3",
        ),
    )
    ramsch_tie_rule: str = rule(
        "",
        Rule(
            "Ramsch bei Gleichstand",
            Choice(TIE_RULE_OPTIONS, optional=True),
            Effect.GAMES,
            ("ramsch_rules", "tie_rule"),
            "",
            "§12.3",
        ),
    )
    ramsch_durchmarsch_doubled: bool = rule(
        False,
        Rule(
            "Durchmarsch wird durch Schieben/Klopfen verdoppelt",
            Flag(),
            Effect.GAMES,
            ("ramsch_rules", "durchmarsch_doubled"),
            "",
            "§12.3",
        ),
    )
    ramsch_loss_cap: int | None = rule(
        None,
        Rule(
            "Ramsch: Verlust höchstens (Punkte)",
            Whole(1, MAX_LOSS_CAP, optional=True, unit="Punkte"),
            Effect.GAMES,
            ("ramsch_rules", "loss_cap"),
            "Nur mit „Ramsch (Hausregel)“: kein Spieler verliert in einem Ramsch mehr als so "
            "viele Punkte (nach allen Verdopplungen, auch Bock), z. B. 250. Leer lassen: "
            "unbegrenzt.",
            "§12.3",
        ),
    )
    cents_per_point: str = rule(
        "",
        Rule(
            "Wertpunkt in Cent",
            PointPrice(),
            Effect.MONEY,
            ("settlement", "cents_per_point"),
            "z. B. 1/10, 1/4, 0.5, 1; leer: kein Spielgeld",
            "§11",
        ),
    )
    lost_game_fees_cents: tuple[int, ...] = rule(
        (),
        Rule(
            "Verlustspielgeld in Cent",
            Amounts(),
            Effect.MONEY,
            ("settlement", "lost_game_fees_cents"),
            "für das 1., 2., … verlorene Spiel, durch Komma getrennt, z. B. 50, 50, 50, 100",
            "§11",
        ),
    )
    rounding_step_cents: int = rule(
        1,
        Rule(
            "Auszahlung runden auf",
            Choice(ROUNDING_OPTIONS),
            Effect.MONEY,
            ("settlement", "rounding_step_cents"),
            "Jeder Betrag der Abrechnung wird darauf gerundet; der Rest geht an die Kasse.",
            "§11",
        ),
    )
    entry_fee_cents: int = rule(
        0,
        Rule(
            "Startgeld",
            Cents(0, MAX_FEE_CENTS),
            Effect.MONEY,
            ("entry_fees", "full_cents"),
            "z. B. 10,00",
        ),
    )
    reduced_fee_cents: int | None = rule(
        None,
        Rule(
            "ermäßigtes Startgeld, z. B. Jugend",
            Cents(0, MAX_FEE_CENTS, optional=True),
            Effect.MONEY,
            ("entry_fees", "reduced_cents"),
            "leer lassen: kein ermäßigter Satz",
        ),
    )

    # The engine's typed views of the declared values.

    @property
    def ruleset_kind(self) -> Ruleset:
        return Ruleset(self.ruleset)

    @property
    def house_rules(self) -> HouseRules:
        return HouseRules(
            kontra_re=self.house_kontra, bock=self.house_bock, ramsch=self.house_ramsch
        )

    @property
    def bock_rule(self) -> BockRule | None:
        """The Bockrunden, or None when Bock is typed per game (or not played)."""
        if not self.house_bock or not self.bock_triggers:
            return None
        return BockRule(
            frozenset(BockTrigger(t) for t in self.bock_triggers),
            self.bock_rounds,
            Stacking(self.bock_stacking),
        )

    @property
    def ramsch_options(self) -> RamschOptions:
        return RamschOptions(
            RamschScoring(self.ramsch_scoring),
            TieRule(self.ramsch_tie_rule) if self.ramsch_tie_rule else None,
            self.ramsch_durchmarsch_doubled,
            self.ramsch_loss_cap,
        )

    def games_for(self, size: int) -> int:
        return dict(self.games_per_round)[str(size)]

    @property
    def cents_per_point_fraction(self) -> Fraction | None:
        return parse_cents_per_point(self.cents_per_point) if self.cents_per_point else None


@dataclass(frozen=True)
class Declared:
    """One field of a declaration: its name, default and `Rule`."""

    name: str
    default: Any
    rule: Rule


def declared(rules_type: type[EventRules] = EventRules) -> tuple[Declared, ...]:
    """Every declared rule of `rules_type` (a test's subclass may add one), in order."""
    return tuple(
        Declared(f.name, f.default, f.metadata["rule"])
        for f in dataclasses.fields(rules_type)
        if "rule" in f.metadata
    )


def rules_of(values: Mapping[str, Any], rules_type: type[EventRules] = EventRules) -> EventRules:
    """An `EventRules` from stored values (an event's columns): missing ones take their
    default, lists become tuples. Raises the first `RuleProblem` of `check_rules`."""
    given = {}
    for item in declared(rules_type):
        value = values.get(item.name, item.default)
        if isinstance(value, list):
            value = tuple(value)
        elif isinstance(value, Mapping):
            value = tuple(sorted({**dict(item.default), **value}.items()))
        elif value is None and isinstance(item.rule.kind, Choice) and item.rule.kind.optional:
            value = ""
        given[item.name] = value
    rules = rules_type(**given)
    problems = check_rules(rules)
    if problems:
        raise problems[0]
    return rules


def stored_values(rules: EventRules) -> dict[str, Any]:
    """The declared values as an event's columns keep them (lists and mappings, not tuples)."""
    values: dict[str, Any] = {}
    for item in declared(type(rules)):
        value = getattr(rules, item.name)
        if isinstance(item.rule.kind, PerTableSize):
            value = dict(value)
        elif isinstance(value, tuple):
            value = list(value)
        values[item.name] = value
    return values


def check_rules(rules: EventRules) -> list[RuleProblem]:
    """What the declared values cannot be together (each value is in bounds already)."""
    problems: list[RuleProblem] = []
    if rules.ruleset == Ruleset.PREISSKAT.value and (
        rules.house_kontra or rules.house_bock or rules.house_ramsch
    ):
        problems.append(
            RuleProblem(
                "ruleset", "Hausregeln (Kontra, Bock, Ramsch) gibt es beim Preisskat nicht."
            )
        )
    return problems


def read_rules(
    raw: Mapping[str, Any],
    *,
    fallback: EventRules | None = None,
    rules_type: type[EventRules] = EventRules,
    nested: bool = True,
) -> tuple[EventRules, list[RuleProblem]]:
    """The rules an archive's event (`nested`: at each rule's archive place) or a flat JSON
    object (the engine's request: keyed by the field names) states; a rule it leaves out is
    `fallback`'s (the declaration's default without one). Returns the rules and the German
    problems; with problems, the rules hold the fallback where a value was wrong."""
    base = fallback if fallback is not None else rules_type()
    problems: list[RuleProblem] = []
    values: dict[str, Any] = {}
    groups: dict[str, set[str]] = {}
    for item in declared(rules_type):
        place = item.rule.archive if nested else (item.name,)
        if len(place) > 1:
            groups.setdefault(place[0], set()).add(place[-1])
        found, raw_value = _at(raw, place)
        if not found:
            continue
        try:
            values[item.name] = item.rule.kind.read(raw_value)
        except ValueError as error:
            problems.append(RuleProblem(item.name, f"„{'.'.join(place)}“ {error}."))
    for group, names in groups.items():
        if group in raw and not isinstance(raw[group], Mapping):
            problems.append(RuleProblem(group, f"„{group}“ muss ein JSON-Objekt sein."))
        elif group in raw:
            unknown = sorted(set(raw[group]) - names)
            if unknown:
                problems.append(
                    RuleProblem(
                        group,
                        f"„{group}“ kennt nur {', '.join(sorted(names))}, nicht "
                        f"{', '.join(str(u) for u in unknown)}.",
                    )
                )
    if not nested:
        known = {item.name for item in declared(rules_type)}
        unknown = sorted(set(raw) - known)
        if unknown:
            problems.append(
                RuleProblem("rules", f"Diese Regeln gibt es nicht: {', '.join(unknown)}.")
            )
    rules = dataclasses.replace(base, **values)
    if not problems:
        problems = check_rules(rules)
    return rules, problems


def _at(raw: Mapping[str, Any], place: Sequence[str]) -> tuple[bool, Any]:
    node: Any = raw
    for key in place:
        if not isinstance(node, Mapping) or key not in node:
            return False, None
        node = node[key]
    return True, node


# Groups of the archive written whole once one of their rules is not the default (as the
# archive always wrote them); an optional rule in them (None: not set) only where set.
WHOLE_GROUPS = frozenset({"bock_rounds", "ramsch_rules", "entry_fees"})


def archive_rules(rules: EventRules) -> dict[str, Any]:
    """The event's rules as the archive writes them: each rule at its place, left out where it
    is the declaration's default (so older archives export as they were)."""
    items = declared(type(rules))
    differs = {
        item.rule.archive[0]
        for item in items
        if getattr(rules, item.name) != item.default and len(item.rule.archive) > 1
    }
    out: dict[str, Any] = {}
    for item in items:
        value, place = getattr(rules, item.name), item.rule.archive
        whole = place[0] in WHOLE_GROUPS and place[0] in differs and value is not None
        if value == item.default and place != ("ruleset",) and not whole:
            continue
        node = out
        for key in place[:-1]:
            node = node.setdefault(key, {})
        node[place[-1]] = item.rule.kind.write(value)
    return out


def rule_words(
    rules: EventRules, effects: Sequence[Effect] = tuple(Effect)
) -> list[tuple[str, str]]:
    """(label, value in words) of every declared rule with one of `effects`: the printouts'
    legend and the event page say the rules with it."""
    return [
        (item.rule.label, item.rule.kind.words(getattr(rules, item.name)))
        for item in declared(type(rules))
        if item.rule.effect in effects
    ]


def changed_rules(before: EventRules, after: EventRules) -> list[Declared]:
    """The declared rules whose value differs between `before` and `after`."""
    return [
        item
        for item in declared(type(after))
        if getattr(before, item.name, item.default) != getattr(after, item.name)
    ]


def spec_table(rules_type: type[EventRules] = EventRules) -> str:
    """The Markdown table of every declared rule for docs/spec/archive-format.md."""
    lines = [
        "| archive field | rule (German label) | value | default | a change |",
        "| --- | --- | --- | --- | --- |",
    ]
    for item in declared(rules_type):
        default = item.rule.kind.write(item.default)
        lines.append(
            f"| `{'.'.join(item.rule.archive)}` | {item.rule.label} | {item.rule.kind.describe()} "
            f"| `{_json(default)}` | {item.rule.effect.words} |"
        )
    return "\n".join(lines)


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


if __name__ == "__main__":  # the table of docs/spec/archive-format.md
    print(spec_table())
