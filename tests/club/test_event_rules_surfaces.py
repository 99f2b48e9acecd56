"""Every surface of an event's rules is made from the declaration: the event's columns are the
declared rules (a column added beside them fails here), and a rule added to the declaration is
a field of the event form."""

from __future__ import annotations

import dataclasses
import datetime

from scoring.event_rules import Effect, EventRules, Rule, Whole, declared, rule
from skatclub.club.forms import EventForm
from skatclub.club.forms.rules import form_name
from skatclub.club.models import Event

# The event's columns that are not rules: what it is, where it belongs, its state.
NOT_RULES = {
    "id",
    "key",
    "club",
    "name",
    "date",
    "season",
    "kind",
    "version",
    "history_import",
    "closed_at",
    "closed_by",
}


@dataclasses.dataclass(frozen=True)
class WithGrandBonus(EventRules):
    grand_bonus: int = rule(
        0,
        Rule(
            "Bonus je gewonnenem Grand", Whole(0, 100), Effect.GAMES, ("house_rules", "grand_bonus")
        ),
    )


def test_the_events_rule_columns_are_exactly_the_declared_rules() -> None:
    columns = {f.name for f in Event._meta.concrete_fields} - NOT_RULES
    assert columns == {item.name for item in declared()}


def test_a_rule_added_to_the_declaration_is_a_field_of_the_event_form(db: None) -> None:
    form = EventForm(rules_type=WithGrandBonus)
    field = form.fields["grand_bonus"]
    assert field.label == "Bonus je gewonnenem Grand"
    assert (field.min_value, field.max_value) == (0, 100)  # type: ignore[attr-defined]


def test_every_declared_rule_is_a_field_of_the_event_form(db: None) -> None:
    names = set(EventForm().fields)
    for item in declared():
        posted = form_name(item)
        assert posted in names or f"{posted}_3" in names, item.name


def test_every_declared_rule_goes_through_the_archive_and_back(db: None) -> None:
    from skatclub.club.archive import import_archive
    from skatclub.club.archive.export import export_archive
    from skatclub.club.models import Season

    rules = EventRules(
        games_per_round=(("3", 30), ("4", 40), ("5", 50)),
        house_kontra=True,
        house_bock=True,
        house_ramsch=True,
        bock_triggers=("grand_hand", "schneider"),
        bock_rounds=2,
        bock_stacking="double",
        ramsch_scoring="everyone_minus_own",
        ramsch_tie_rule="last_trick_loses",
        ramsch_durchmarsch_doubled=True,
        ramsch_loss_cap=250,
        cents_per_point="1/4",
        lost_game_fees_cents=(50, 100),
        rounding_step_cents=10,
        entry_fee_cents=1000,
        reduced_fee_cents=500,
    )
    for item in declared():  # every rule is set to something but its default
        assert getattr(rules, item.name) != item.default or item.name == "ruleset", item.name
    event = Event(key="alle-regeln", name="Alle Regeln", date=datetime.date(2026, 12, 2))
    event.apply_rules(rules)
    event.season = Season.objects.create(year=2026)
    event.save()
    archive = export_archive([event.key])
    archive["events"][0]["key"] = "wieder"
    import_archive(archive)
    assert Event.objects.get(key="wieder").rules == rules
