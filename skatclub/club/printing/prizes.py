"""The Gewinnplan as a printout (`pdf/gewinnplan.html`): the plan as announced, the pot and
what remains, and once Serien are played the prize list (who gets what, ties split as the
plan says).

Owns `gewinnplan_printout`. Before the announcement the printout says "Entwurf" on every
page, so a draft pinned to the wall is never taken for the plan.
"""

from __future__ import annotations

from skatclub.club.models import Event
from skatclub.club.presenters.prizes import check_lines, pot_text, prize_list_context, rule_text
from skatclub.club.printing.printouts import PrintError, Printout, base_context
from skatclub.club.queries.prizes import plan_check, pot_parts
from skatclub.club.queries.standings import event_standings
from skatclub.club.services.prizes import plan_of


def gewinnplan_printout(event: Event) -> Printout:
    plan = plan_of(event)
    rules = list(plan.rules.all())
    if not rules:
        raise PrintError("Der Gewinnplan hat noch keine Preise.")
    rows = event_standings(event)
    pot = pot_parts(plan, rows)
    participants = event.attendance_set.count()
    if plan.announced_at is None:
        state = "Entwurf – noch nicht angekündigt"
    else:
        who = f" von {plan.announced_by.get_username()}" if plan.announced_by else ""
        state = f"angekündigt am {plan.announced_at:%d.%m.%Y %H:%M}{who}, steht fest"
    context = base_context(event, None, "Gewinnplan", state) | {
        "plan": plan,
        "rules": [rule_text(rule) for rule in rules],
        "pot_text": pot_text(plan, pot),
        "check_lines": check_lines(plan_check(plan, participants, pot.cents), participants),
        "participants": participants,
    }
    context |= prize_list_context(event, plan, rows)
    return Printout("pdf/gewinnplan.html", f"gewinnplan-{event.key}.pdf", context)
