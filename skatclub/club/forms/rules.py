"""Form fields for an event's rules, made from the declaration (`scoring.event_rules`).

Owns `rule_fields` (one form field per declared rule, or one per table size for the Serie
lengths, with the rule's German label, help and bounds), `rule_initial` (the fields' values for
given rules) and `rules_from` (the cleaned fields back into `EventRules`, a value left empty
taking the declaration's default). The event form and the spreadsheet import's options use
them, so a rule declared once is on both.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms

from scoring.event_rules import (
    Amounts,
    Cents,
    Choice,
    Declared,
    Effect,
    EventRules,
    Flag,
    PerTableSize,
    PointPrice,
    Subset,
    Whole,
    check_rules,
    declared,
)
from skatclub.club.money import EuroField
from skatclub.club.numbers import whole_number

# The posted names that older forms, scripts and tests use where they differ from the rule's.
FORM_NAMES = {
    "lost_game_fees_cents": "lost_game_fees",
    "entry_fee_cents": "entry_fee",
    "reduced_fee_cents": "reduced_fee",
    "games_per_round": "games",
}


def form_name(item: Declared) -> str:
    return FORM_NAMES.get(item.name, item.name)


def chosen(
    rules_type: type[EventRules] = EventRules, effects: Sequence[Effect] = tuple(Effect)
) -> tuple[Declared, ...]:
    return tuple(item for item in declared(rules_type) if item.rule.effect in effects)


def rule_fields(
    rules_type: type[EventRules] = EventRules, effects: Sequence[Effect] = tuple(Effect)
) -> dict[str, forms.Field]:
    """The form fields of the declared rules with one of `effects`, by posted name."""
    fields: dict[str, forms.Field] = {}
    for item in chosen(rules_type, effects):
        kind, name = item.rule.kind, form_name(item)
        common: dict[str, Any] = {"label": item.rule.label, "help_text": item.rule.help}
        if isinstance(kind, PerTableSize):
            for size, _ in kind.defaults:
                fields[f"{name}_{size}"] = forms.IntegerField(
                    label=f"{item.rule.label} am {size}er-Tisch",
                    min_value=kind.low,
                    max_value=kind.high,
                    required=False,
                )
            continue
        fields[name] = _field(kind, common)
    return fields


def _field(kind: Any, common: dict[str, Any]) -> forms.Field:
    if isinstance(kind, Flag):
        return forms.BooleanField(required=False, **common)
    if isinstance(kind, Cents):
        return EuroField(required=False, max_cents=kind.high, **common)
    if isinstance(kind, Whole):
        return forms.IntegerField(min_value=kind.low, max_value=kind.high, required=False, **common)
    if isinstance(kind, Choice):
        options = [(str(value), label) for value, label in kind.options]
        if kind.optional:
            options = [("", "—"), *options]
        return forms.ChoiceField(choices=options, required=False, **common)
    if isinstance(kind, Subset):
        return forms.MultipleChoiceField(
            choices=list(kind.options),
            widget=forms.CheckboxSelectMultiple,
            required=False,
            **common,
        )
    if isinstance(kind, Amounts):
        return forms.CharField(max_length=200, required=False, **common)
    if isinstance(kind, PointPrice):
        return forms.CharField(max_length=20, required=False, **common)
    raise TypeError(f"no form field for {kind!r}")


def rule_initial(rules: EventRules, effects: Sequence[Effect] = tuple(Effect)) -> dict[str, Any]:
    """What the fields of `rule_fields` show for `rules`."""
    initial: dict[str, Any] = {}
    for item in chosen(type(rules), effects):
        value, kind, name = getattr(rules, item.name), item.rule.kind, form_name(item)
        if isinstance(kind, PerTableSize):
            initial |= {f"{name}_{size}": games for size, games in value}
        elif isinstance(kind, Amounts):
            initial[name] = ", ".join(str(f) for f in value)
        elif isinstance(kind, Subset):
            initial[name] = list(value)
        elif isinstance(kind, Choice):
            initial[name] = str(value)
        else:
            initial[name] = value
    return initial


def rules_from(
    cleaned: Mapping[str, Any],
    base: EventRules,
    effects: Sequence[Effect] = tuple(Effect),
) -> tuple[EventRules, dict[str, str]]:
    """`base` with the cleaned fields' rules; a field left empty takes the declaration's
    default (an older form or a script that does not post it changes nothing it cannot see).
    Returns the rules and German errors by field name."""
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for item in chosen(type(base), effects):
        kind, name = item.rule.kind, form_name(item)
        try:
            found = _value(kind, name, cleaned, item)
        except ValueError as error:
            errors[name] = str(error)
            continue
        values[item.name] = found
    rules = dataclasses.replace(base, **values)
    if not errors:
        for problem in check_rules(rules):
            errors["__all__"] = problem.message
    return rules, errors


def _value(kind: Any, name: str, cleaned: Mapping[str, Any], item: Declared) -> Any:
    if isinstance(kind, PerTableSize):
        return tuple(
            (size, cleaned.get(f"{name}_{size}") or default) for size, default in kind.defaults
        )
    raw = cleaned.get(name)
    if isinstance(kind, Flag):
        return bool(raw)
    if isinstance(kind, Whole):
        return item.default if raw is None else raw
    if isinstance(kind, Choice):
        if raw in (None, ""):
            return "" if kind.optional else item.default
        return next(value for value, _ in kind.options if str(value) == raw)
    if isinstance(kind, Subset):
        return kind.read(list(raw or []))
    if isinstance(kind, Amounts):
        return _amounts(raw or "", kind)
    if isinstance(kind, PointPrice):
        text = (raw or "").strip()
        return kind.read(text) if text else ""
    raise TypeError(f"no value for {kind!r}")


def _amounts(text: str, kind: Amounts) -> tuple[int, ...]:
    parts = [p.strip() for p in text.replace(";", ",").split(",") if p.strip()]
    fees = [n for n in map(whole_number, parts) if n is not None]
    if len(fees) < len(parts):
        raise ValueError(
            "Bitte ganze Cent-Beträge durch Komma getrennt angeben, z. B. 50, 50, 100."
        )
    if any(f < 0 for f in fees):
        raise ValueError("Verlustspielgeld kann nicht negativ sein.")
    return kind.read(fees)
