"""Writing the Gewinnplan: its settings and lines, and announcing it (which locks it).

Owns `plan_of`, `save_settings`, `add_rule`, `delete_rule` and `announce`. Every line is checked
by the engine (`scoring.prizes.Prize`) before it is stored, so a stored plan always converts
(`queries.prizes.engine_plan`). A plan is announced before the first Serie and locked from
then on. One transaction each; refusals are `EntryError`s in German.
"""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from scoring import InvalidPrizePlan
from scoring import prizes as engine
from skatclub.club.models import Event, PrizePlan, PrizeRule
from skatclub.club.queries.prizes import engine_plan, engine_prize, percent
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user
from skatclub.club.services.versions import event_changed

MAX_PLANNED_ROUNDS = 20


def plan_of(event: Event) -> PrizePlan:
    plan, _ = PrizePlan.objects.get_or_create(event=event)
    return plan


def _locked(plan: PrizePlan) -> PrizePlan:
    plan = PrizePlan.objects.select_for_update().get(pk=plan.pk)
    if plan.is_locked:
        raise EntryError(
            "plan_locked",
            "Der Gewinnplan ist angekündigt und damit fest; er lässt sich nicht mehr ändern.",
        )
    return plan


@transaction.atomic
def save_settings(
    *,
    plan: PrizePlan,
    entry_fee_percent: Decimal,
    lost_fee_percent: Decimal,
    ties: str,
    one_prize_each: bool,
    rounds: int,
) -> PrizePlan:
    plan = _locked(plan)
    if ties not in PrizePlan.Ties.values:
        raise EntryError("bad_ties", "Gleichstand: teilen oder Los.")
    if not 1 <= rounds <= MAX_PLANNED_ROUNDS:
        raise EntryError("bad_serien", f"Geplante Serien: 1 bis {MAX_PLANNED_ROUNDS}.")
    try:
        engine.PrizePlan(
            entry_fee_share=percent(entry_fee_percent), lost_fee_share=percent(lost_fee_percent)
        )
    except InvalidPrizePlan as error:
        raise EntryError("bad_share", error.message) from None
    plan.entry_fee_percent, plan.lost_fee_percent = entry_fee_percent, lost_fee_percent
    plan.ties, plan.one_prize_each, plan.rounds = ties, one_prize_each, rounds
    plan.save()
    event_changed(plan.event_id)
    return plan


@transaction.atomic
def add_rule(
    *,
    plan: PrizePlan,
    category: str,
    first: int,
    last: int,
    percent_value: Decimal | None = None,
    fixed_cents: int | None = None,
    item: str = "",
    per_participants: int = 0,
    min_participants: int = 0,
) -> PrizeRule:
    plan = _locked(plan)
    if category not in PrizeRule.Category.values:
        raise EntryError("bad_category", "Unbekannte Wertung.")
    rule = PrizeRule(
        plan=plan,
        order=plan.rules.count() + 1,
        category=category,
        first=first,
        last=last,
        percent=percent_value,
        fixed_cents=fixed_cents,
        item=item.strip(),
        per_participants=per_participants,
        min_participants=min_participants,
    )
    if plan.rules.count() >= engine.MAX_RULES:
        raise EntryError("too_many", f"Ein Gewinnplan hat höchstens {engine.MAX_RULES} Zeilen.")
    try:
        engine_prize(rule)
    except InvalidPrizePlan as error:
        raise EntryError("bad_prize", error.message) from None
    rule.save()
    event_changed(rule.plan.event_id)
    return rule


@transaction.atomic
def delete_rule(*, rule: PrizeRule) -> None:
    _locked(rule.plan)
    rule.delete()
    event_changed(rule.plan.event_id)


@transaction.atomic
def announce(*, plan: PrizePlan, user: Actor = None) -> PrizePlan:
    """Publish the plan and lock it; only before the first Serie."""
    plan = _locked(plan)
    if not plan.rules.exists():
        raise EntryError("empty_plan", "Ein leerer Gewinnplan lässt sich nicht ankündigen.")
    if plan.event.rounds.exists():
        raise EntryError(
            "started",
            "Die erste Serie ist schon angelegt: ein Gewinnplan wird vor dem Start angekündigt.",
        )
    participants = plan.event.attendance_set.count()
    check = engine.forecast(engine_plan(plan), participants, engine.pot(engine_plan(plan), 0))
    if check.share_total > 1:
        raise EntryError(
            "over_pot",
            f"Bei {participants} Teilnehmern ergeben die Anteile am Topf zusammen mehr als "
            "100 %; so lässt sich der Plan nicht auszahlen.",
        )
    plan.announced_at, plan.announced_by = timezone.now(), acting_user(user)
    plan.save(update_fields=["announced_at", "announced_by"])
    event_changed(plan.event_id)
    return plan
