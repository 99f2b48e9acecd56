"""The JSON command line of `docs/spec/engine-cli.md`: one request in, one answer out.

Owns `handle` (a request dict → an answer dict, errors as `{"error": {...}}`) and `main` (JSON
Lines on stdin → one JSON object per non-empty line on stdout, same order, exit 0). Reads and
writes only those streams; every rule lives in the other modules.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import BinaryIO, TypeVar

from scoring.errors import InvalidJson, InvalidRequest, ScoringError
from scoring.event_rules import EventRules, read_rules
from scoring.game import Declaration, Outcome, Ruleset, Valuation, flag, optional_int, required_int
from scoring.notation import format_notation
from scoring.points import seeger_fabian, table_scores
from scoring.ramsch import RamschOptions, RamschScoring, TieRule, ramsch_scores
from scoring.rulesets import ALL_HOUSE_RULES, parse_ruleset
from scoring.settlement import format_cents, game_cash, parse_cents_per_point
from scoring.value import valuation

E = TypeVar("E", RamschScoring, TieRule)
# who took the last trick (player index), needed only for tie_rule "last_trick_loses"
LAST_TRICK_FIELDS = ("last_trick", "last_trick_by", "last_trick_winner", "last_trick_player")


def handle(request: Mapping[str, object]) -> dict[str, object]:
    """Answer one request of the contract; refused requests answer `{"error": …}`."""
    try:
        return _answer(request)
    except ScoringError as error:
        return error.to_dict()


def _answer(request: Mapping[str, object]) -> dict[str, object]:
    if not isinstance(request, Mapping):
        raise InvalidRequest("Jede Zeile muss ein JSON-Objekt sein.")
    kind = request.get("kind", "game")
    if "ruleset" not in request:
        raise InvalidRequest("„ruleset“ fehlt (isko, preisskat oder offiziersskat).")
    raw_ruleset = request["ruleset"]
    if not isinstance(raw_ruleset, str):
        raise InvalidRequest(f"„ruleset“ muss ein Text sein, nicht {raw_ruleset!r}.")
    ruleset = parse_ruleset(raw_ruleset)
    rules = _rules(request, ruleset)
    if kind == "game":
        return _game(request, ruleset, rules)
    if kind == "passed":
        return {"list_score": 0, "seeger_fabian": _passed_seeger_fabian(ruleset)}
    if kind == "ramsch":
        return _ramsch(request, ruleset, rules)
    if kind == "table":
        return _table(request, ruleset)
    raise InvalidRequest(f"Anfrageart {kind!r} gibt es nicht (game, passed, ramsch, table).")


def _rules(request: Mapping[str, object], ruleset: Ruleset) -> EventRules | None:
    """The event's rules of the request (`"rules"`: the declared rules by field name, as
    `scoring.event_rules` declares them); None when it gives none: every house rule allowed."""
    raw = request.get("rules")
    if raw is None:
        return None
    if not isinstance(raw, Mapping) or ruleset is Ruleset.OFFIZIERSSKAT:
        raise InvalidRequest(
            "„rules“ ist ein Objekt der Regeln einer Veranstaltung (isko, preisskat)."
        )
    rules, problems = read_rules(raw, fallback=EventRules(ruleset=ruleset.value), nested=False)
    if problems:
        raise problems[0]
    if rules.ruleset != ruleset.value:
        raise InvalidRequest("„rules.ruleset“ und „ruleset“ nennen verschiedene Regelwerke.")
    return rules


def _game(
    request: Mapping[str, object], ruleset: Ruleset, rules: EventRules | None = None
) -> dict[str, object]:
    declaration = Declaration.from_dict(_object(request, "game"))
    outcome = Outcome.from_dict(_object(request, "outcome"))
    variant = request.get("variant") or "standard"
    if not isinstance(variant, str):
        raise InvalidRequest(f"„variant“ muss ein Text sein, nicht {variant!r}.")
    house = rules.house_rules if rules is not None else ALL_HOUSE_RULES
    result = valuation(declaration, outcome, ruleset, variant=variant, house_rules=house)
    answer: dict[str, object] = {
        "won": result.won,
        "game_value": result.game_value,
        "overbid": result.overbid,
        "list_score": result.list_score,
        "base_value": result.base_value,
        "multiplier": result.multiplier,
        "derivation": result.derivation,
        "seeger_fabian": _seeger_fabian(ruleset, result.list_score, result.won),
    }
    if result.other_score is not None:
        answer["other_score"] = result.other_score
    if "cash" in request:
        point = rules.cents_per_point if rules is not None else ""
        answer["cash"] = _cash(request["cash"], result, ruleset, point)
    answer["notation"] = format_notation(declaration, outcome)
    return answer


def _seeger_fabian(ruleset: Ruleset, score: int, won: bool | None) -> object:
    if ruleset is Ruleset.OFFIZIERSSKAT or won is None:
        return None
    answer = {}
    for size in (3, 4):
        declarer, each_other = seeger_fabian(score, won, size)
        answer[str(size)] = {"declarer": declarer, "each_other": each_other}
    return answer


def _passed_seeger_fabian(ruleset: Ruleset) -> object:
    """Eingepasst: nobody scores, no +50, no +40/30 (docs/rules.md §8)."""
    if ruleset is Ruleset.OFFIZIERSSKAT:
        return None
    return {size: {"declarer": 0, "each_other": 0} for size in ("3", "4")}


def _cash(
    entries: object, result: Valuation, ruleset: Ruleset, point: str = ""
) -> list[dict[str, str]]:
    if not isinstance(entries, list):
        raise InvalidRequest("„cash“ muss eine Liste von Abrechnungen sein.")
    answers = []
    for entry in entries:
        if not isinstance(entry, Mapping):
            raise InvalidRequest("Jede Abrechnung in „cash“ muss ein Objekt sein.")
        participants = required_int(entry, "participants", "cash")
        raw = entry.get("cents_per_point", point or None)
        if isinstance(raw, bool) or not isinstance(raw, str | int):
            raise InvalidRequest('„cash.cents_per_point“ fehlt oder ist kein Text wie "1/4".')
        declarer, each_other = game_cash(result, ruleset, participants, parse_cents_per_point(raw))
        answers.append(
            {"declarer_cents": format_cents(declarer), "each_other_cents": format_cents(each_other)}
        )
    return answers


def _ramsch(
    request: Mapping[str, object], ruleset: Ruleset, rules: EventRules | None = None
) -> dict[str, object]:
    if ruleset is not Ruleset.ISKO:
        raise InvalidRequest(f"Ramsch ist eine Hausregel und gehört nicht zu „{ruleset}“.")
    r = _object(request, "ramsch")
    pushes = optional_int(r, "pushes", "ramsch") or 0
    knocks = optional_int(r, "knocks", "ramsch") or 0
    # The event's Ramsch rules where the request gives them; the Ramsch's own fields win.
    declared = rules.ramsch_options if rules is not None else RamschOptions()
    options = RamschOptions(
        scoring=_choice(r, "scoring", RamschScoring, declared.scoring) or declared.scoring,
        tie_rule=_choice(r, "tie_rule", TieRule, declared.tie_rule),
        durchmarsch_multiplied=flag(r, "durchmarsch_multiplied", "ramsch")
        or declared.durchmarsch_multiplied,
        loss_cap=optional_int(r, "loss_cap", "ramsch")
        if r.get("loss_cap") is not None
        else declared.loss_cap,
    )
    present = [key for key in LAST_TRICK_FIELDS if r.get(key) is not None]
    last_trick = optional_int(r, present[0], "ramsch") if present else None
    scores = ramsch_scores(
        _int_list(r, "card_points", "ramsch"),
        _int_list(r, "tricks", "ramsch"),
        pushes=pushes,
        knocks=knocks,
        options=options,
        last_trick=last_trick,
    )
    return {"scores": list(scores)}


def _choice(d: Mapping[str, object], key: str, enum: type[E], default: E | None) -> E | None:
    value = d.get(key)
    if value is None:
        return default
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return enum(value)
    except ValueError:
        names = ", ".join(e.value for e in enum)
        raise InvalidRequest(f"„ramsch.{key}“ {value!r} gibt es nicht ({names}).") from None


def _table(request: Mapping[str, object], ruleset: Ruleset) -> dict[str, object]:
    size = required_int(request, "table_size", "table")
    players = request.get("players")
    if not isinstance(players, list) or not all(isinstance(p, Mapping) for p in players):
        raise InvalidRequest("„players“ muss eine Liste von Objekten sein.")
    rows = [
        (
            required_int(p, "list_score", "players"),
            required_int(p, "won", "players"),
            required_int(p, "lost", "players"),
        )
        for p in players
    ]
    scores = table_scores(ruleset, size, rows)
    return {"seeger": list(scores.seeger), "seeger_fabian": list(scores.seeger_fabian)}


def _object(request: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = request.get(key)
    if not isinstance(value, Mapping):
        raise InvalidRequest(f"„{key}“ fehlt oder ist kein Objekt.")
    return value


def _int_list(d: Mapping[str, object], key: str, where: str) -> Sequence[int]:
    value = d.get(key)
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) for v in value
    ):
        raise InvalidRequest(f"„{where}.{key}“ muss eine Liste ganzer Zahlen sein.")
    return value


def answer_line(line: bytes) -> dict[str, object]:
    """One input line → its answer; nothing escapes as an exception."""
    try:
        request = json.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # bad JSON, bad UTF-8, absurd nesting
        return InvalidJson("Diese Zeile ist kein gültiges JSON.").to_dict()
    try:
        return handle(request)
    except Exception as error:  # noqa: BLE001 - the contract forbids tracebacks
        return InvalidRequest(f"Anfrage nicht verarbeitbar: {type(error).__name__}").to_dict()


def main(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    source = stdin or sys.stdin.buffer
    sink = stdout or sys.stdout.buffer
    for line in source:
        if not line.strip():
            continue
        answer = json.dumps(answer_line(line), ensure_ascii=False)
        sink.write(answer.encode("utf-8") + b"\n")
        sink.flush()
    return 0
