"""The Gewinnplan: the Spielwart's builder (settings, lines, check against the pot, announce)
and the public page (the announced plan, then the prize list).

Builder views are `@spielwart_required` and write through `services.prizes`; the public page
is read-only (`require_safe`) and shows a plan only once it is announced.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST, require_safe

from skatclub.club import services
from skatclub.club.forms import MAX_FIELD, PrizeRuleForm, PrizeSettingsForm
from skatclub.club.models import Event, PrizePlan, PrizeRule
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.downloads import download, links
from skatclub.club.presenters.prizes import (
    check_lines,
    pot_text,
    prize_export,
    prize_list_context,
    rule_lines,
    rule_text,
)
from skatclub.club.printing.printouts import PrintError, Printout
from skatclub.club.printing.prizes import gewinnplan_printout
from skatclub.club.queries.ledger import event_ledger, forecast_for
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import EVENT, event_or_404
from skatclub.club.views.permissions import spielwart_required
from skatclub.club.views.printing import cached_response


def _participants(request: HttpRequest, signed: int) -> int:
    wanted = whole_number(request.GET.get("teilnehmer", signed))
    return signed if wanted is None else min(max(wanted, 0), MAX_FIELD)


@spielwart_required
def plan_builder(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    plan = services.plan_of(event)
    found = event_ledger(event)
    participants = _participants(request, found.signed)
    # One computation: the pot and what the plan pays, for the field as it is or as asked.
    check = forecast_for(found, plan, participants)
    shown = prize_list_context(found)
    simulated = participants != found.signed
    context: dict[str, Any] = {
        "event": event,
        "plan": plan,
        "rules": rule_lines(list(plan.rules.all()), check),
        "settings_form": PrizeSettingsForm(instance=plan),
        "rule_form": PrizeRuleForm(),
        "pot_text": pot_text(plan, check.pot),
        "check_lines": check_lines(check) if simulated or not shown["prize_rows"] else [],
        "simulated": simulated,
        "participants": participants,
        "signed": found.signed,
        **shown,
    }
    return render(request, "club/spielwart_prizes.html", context)


@spielwart_required
@require_POST
def plan_change(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    plan = services.plan_of(event)
    action = request.POST.get("action")
    try:
        if action == "settings":
            form = PrizeSettingsForm(request.POST, instance=plan)
            if not form.is_valid():
                raise EntryError("bad_settings", _errors(form))
            data = form.cleaned_data
            services.save_settings(
                plan=plan,
                entry_fee_percent=data["entry_fee_percent"],
                lost_fee_percent=data["lost_fee_percent"],
                ties=data["ties"],
                one_prize_each=data["one_prize_each"],
                rounds=data["rounds"],
            )
            messages.success(request, "Einstellungen des Gewinnplans gespeichert.")
        elif action == "rule":
            _add_rule(request, plan)
        elif action == "delete":
            rule = get_object_or_404(
                PrizeRule, plan=plan, pk=whole_number(request.POST.get("rule")) or 0
            )
            services.delete_rule(rule=rule)
            messages.success(request, "Zeile gelöscht.")
        elif action == "announce":
            services.announce(plan=plan, user=request.user)
            messages.success(request, "Der Gewinnplan ist angekündigt und steht jetzt fest.")
    except EntryError as error:
        messages.error(request, error.message)
    return redirect("spielwart-prizes", key=event.key)


def _add_rule(request: HttpRequest, plan: PrizePlan) -> None:
    form = PrizeRuleForm(request.POST)
    if not form.is_valid():
        raise EntryError("bad_rule", _errors(form))
    data = form.cleaned_data
    kind = data["kind"]
    services.add_rule(
        plan=plan,
        category=data["category"],
        first=data["first"],
        last=data["last"],
        percent_value=data["percent"] if kind == "percent" else None,
        fixed_cents=data["amount"] if kind == "fixed" else None,
        item=data["item"] if kind == "item" else "",
        per_participants=data["per_participants"],
        min_participants=data["min_participants"],
    )
    messages.success(request, "Zeile hinzugefügt.")


def _errors(form: forms.BaseForm) -> str:
    return " ".join(
        f"{form.fields[name].label if name in form.fields else ''}: {error}".lstrip(": ")
        for name, errors in form.errors.items()
        for error in errors
    )


@require_safe
def public_plan(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    plan = PrizePlan.objects.filter(event=event, announced_at__isnull=False).first()
    if plan is None:
        raise Http404("Für diese Veranstaltung ist kein Gewinnplan angekündigt.")
    found = event_ledger(event)
    prizes_shown = prize_list_context(found)
    exports = [prize_export(event, prizes_shown["prize_rows"])]
    if response := download(request, exports, f"preise-{event.key}"):
        return response
    context = {
        "event": event,
        "plan": plan,
        "rules": [rule_text(rule) for rule in plan.rules.all()],
        "pot_text": pot_text(plan, forecast_for(found, plan, found.signed).pot),
        "downloads": links(request, exports) if prizes_shown["prize_rows"] else [],
        **prizes_shown,
    }
    return render(request, "club/prize_plan.html", context)


def _gewinnplan(event: Event) -> Printout:
    try:
        return gewinnplan_printout(event)
    except PrintError as error:
        raise Http404(error.message) from error


@spielwart_required
def plan_pdf(request: HttpRequest, key: str) -> HttpResponse:
    """The plan as it stands, a draft too (marked "Entwurf"), for the Spielwart to check."""
    return cached_response(request, event_or_404(key), "gewinnplan")


@require_safe
def public_plan_pdf(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(Event, key=key)
    if not PrizePlan.objects.filter(event=event, announced_at__isnull=False).exists():
        raise Http404("Für diese Veranstaltung ist kein Gewinnplan angekündigt.")
    return cached_response(request, event, "gewinnplan")


urlpatterns = [
    path(EVENT + "gewinnplan/", plan_builder, name="spielwart-prizes"),
    path(EVENT + "gewinnplan/aendern/", plan_change, name="spielwart-prizes-change"),
    path(EVENT + "gewinnplan.pdf", plan_pdf, name="spielwart-prizes-pdf"),
    path("veranstaltungen/<slug:key>/gewinnplan/", public_plan, name="prize-plan"),
    path("veranstaltungen/<slug:key>/gewinnplan.pdf", public_plan_pdf, name="prize-plan-pdf"),
]
