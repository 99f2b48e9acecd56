"""The Gewinnplan as a printout (`pdf/gewinnplan.html`): the plan as announced, the pot and
what remains, and once Serien are played the prize list (who gets what, ties split as the
plan says).

Owns `gewinnplan_printout`. Before the announcement the printout says "Entwurf" on every
page, so a draft pinned to the wall is never taken for the plan. The pot, what each line pays
and the prize list are the event's ledger's (`queries.ledger`); the time of the announcement
is the club's local time.
"""

from __future__ import annotations

from django.utils import timezone

from skatclub.club.models import Event
from skatclub.club.presenters.prizes import check_lines, pot_text, prize_list_context, rule_lines
from skatclub.club.printing.printouts import PrintError, Printout, base_context
from skatclub.club.queries.ledger import event_ledger, forecast_for
from skatclub.club.queries.prizes import stored_plan


def gewinnplan_printout(event: Event) -> Printout:
    plan = stored_plan(event)
    rules = list(plan.rules.all()) if plan is not None else []
    if plan is None or not rules:
        raise PrintError("Der Gewinnplan hat noch keine Preise.")
    found = event_ledger(event)
    check = forecast_for(found, plan, found.signed)
    if plan.announced_at is None:
        state = "Entwurf – noch nicht angekündigt"
    else:
        who = f" von {plan.announced_by.get_username()}" if plan.announced_by else ""
        when = timezone.localtime(plan.announced_at)
        state = f"angekündigt am {when:%d.%m.%Y um %H:%M} Uhr{who}, steht fest"
    shown = prize_list_context(found)
    context = base_context(event, None, "Gewinnplan", state) | {
        "plan": plan,
        "rules": [f"{text} ({note})" for _, text, note in rule_lines(rules, check)],
        "pot_text": pot_text(plan, check.pot),
        "check_lines": [] if shown["prize_rows"] else check_lines(check),
        "participants": found.signed,
    }
    context |= shown
    return Printout("pdf/gewinnplan.html", f"gewinnplan-{event.key}.pdf", context)
