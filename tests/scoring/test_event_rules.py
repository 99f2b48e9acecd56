"""The rules an event plays by are declared once (`scoring.event_rules`): every field has its
German label, bounds, default, archive place and effect, the archive's reader and writer take
each one, and the spec's table is the declaration's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from scoring.event_rules import (
    Effect,
    EventRules,
    Rule,
    Whole,
    archive_rules,
    declared,
    read_rules,
    rule,
    rule_words,
    rules_of,
    spec_table,
    stored_values,
)

SPEC = Path(__file__).resolve().parents[2] / "docs" / "spec" / "archive-format.md"


@dataclasses.dataclass(frozen=True)
class WithGrandBonus(EventRules):
    """The exercise of issue 38: a fixed bonus per won Grand, declared in one place."""

    grand_bonus: int = rule(
        0,
        Rule(
            "Bonus je gewonnenem Grand", Whole(0, 100), Effect.GAMES, ("house_rules", "grand_bonus")
        ),
    )


def test_every_declared_rule_has_a_german_label_an_archive_place_and_a_valid_default() -> None:
    for item in declared():
        assert item.rule.label and item.rule.archive, item.name
        assert item.rule.kind.read(item.rule.kind.write(item.default)) == item.default


def test_a_rule_added_to_the_declaration_is_written_and_read_by_the_archive() -> None:
    rules = WithGrandBonus(grand_bonus=20, house_kontra=True)
    written = archive_rules(rules)
    assert written["house_rules"] == {"kontra": True, "grand_bonus": 20}
    read, problems = read_rules(written, rules_type=WithGrandBonus)
    assert problems == []
    assert read == rules


def test_a_rule_added_to_the_declaration_is_in_the_legend_and_the_spec_table() -> None:
    words = dict(rule_words(WithGrandBonus(grand_bonus=20)))
    assert words["Bonus je gewonnenem Grand"] == "20"
    assert "`house_rules.grand_bonus` | Bonus je gewonnenem Grand" in spec_table(WithGrandBonus)


def test_an_archive_value_out_of_bounds_is_refused_in_german_with_its_field() -> None:
    _, problems = read_rules({"ramsch_rules": {"loss_cap": 10**30}, "ruleset": "isko"})
    assert [p.message for p in problems] == [
        "„ramsch_rules.loss_cap“ ist eine ganze Zahl von 1 bis 10.000."
    ]
    _, problems = read_rules({"house_rules": {"kontra": True, "nonsense": 1}})
    assert "„house_rules“ kennt nur bock, kontra, ramsch, nicht nonsense." in [
        p.message for p in problems
    ]


def test_house_rules_under_the_old_preisskat_rules_are_refused() -> None:
    _, problems = read_rules({"ruleset": "preisskat", "house_rules": {"bock": True}})
    assert [p.message for p in problems] == [
        "Hausregeln (Kontra, Bock, Ramsch) gibt es beim Preisskat nicht."
    ]


def test_a_rule_an_archive_leaves_out_comes_from_the_import_pages_choice() -> None:
    chosen = EventRules(house_ramsch=True, ramsch_loss_cap=250)
    read, problems = read_rules({"ruleset": "isko"}, fallback=chosen)
    assert problems == [] and read.ramsch_loss_cap == 250


def test_stored_values_read_back_as_the_same_rules() -> None:
    rules = EventRules(bock_triggers=("grand_hand",), house_bock=True, lost_game_fees_cents=(50,))
    assert rules_of(stored_values(rules)) == rules
    assert rules.bock_rule is not None and rules.bock_rule.rounds == 1


@pytest.mark.parametrize("item", declared(), ids=lambda item: item.name)
def test_every_rule_is_in_the_archive_spec_table(item: object) -> None:
    assert spec_table() in SPEC.read_text(encoding="utf-8")


def test_the_engine_command_line_reads_a_declared_rule_by_its_field_name() -> None:
    read, problems = read_rules({"grand_bonus": 5}, rules_type=WithGrandBonus, nested=False)
    assert isinstance(read, WithGrandBonus)
    assert problems == [] and read.grand_bonus == 5


def test_the_engine_command_line_values_a_game_under_the_events_rules() -> None:
    from scoring.cli import handle

    game = {"type": "clubs", "matadors": 2, "bid": 24, "kontra": True}
    refused = handle(
        {
            "ruleset": "isko",
            "rules": {"house_kontra": False},
            "game": game,
            "outcome": {"won": True},
        }
    )
    assert refused["error"]["code"] == "kontra_not_allowed"  # type: ignore[index]
    capped = handle(
        {
            "ruleset": "isko",
            "kind": "ramsch",
            "rules": {"house_ramsch": True, "ramsch_loss_cap": 10},
            "ramsch": {"card_points": [70, 40, 10], "tricks": [5, 4, 1]},
        }
    )
    assert capped == {"scores": [-10, 0, 0]}
    unknown = handle({"ruleset": "isko", "rules": {"nonsense": 1}, "game": game, "outcome": {}})
    assert unknown["error"]["message"] == "Diese Regeln gibt es nicht: nonsense."  # type: ignore[index]
