"""Seating a Serie: a preview with the conflict report, creating it (draw / seat by standings),
its overview, swaps, re-forming.

Owns the Serie pages of the Spielwart. Every decision (numbering, who is drawn, the started
rule, how tables are re-formed) is in `services.seating`; these views read the form, call
the service and redirect after the POST with a German message. Every view is
`@spielwart_required`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from scoring import ScoringError
from skatclub.club import services
from skatclub.club.forms import AdvanceForm, RoundForm, SwapForm
from skatclub.club.models import Player, Round, Seat, Table, TableLink
from skatclub.club.queries.attendance import gone_names
from skatclub.club.queries.progress import (
    ProgressAnnotations,
    TableProgress,
    annotated_progress,
    with_progress,
)
from skatclub.club.views.lookups import EVENT, INVALID, ROUND, event_or_404, round_or_404
from skatclub.club.views.permissions import spielwart_required
from skatclub.club.views.spielwart import event_page
from skatclub.club.views.table_links import is_local_address, link_address

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


@spielwart_required
@require_POST
def round_create(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    form = RoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Bitte die Angaben zur Serie prüfen.")
        return redirect("spielwart-event", key=event.key)
    try:
        round_ = services.start_round(
            event=event,
            seating=form.cleaned_data["seating"],
            seed=form.cleaned_data["seed"],
            allow_five=form.cleaned_data["allow_five"],
            avoid=form.cleaned_data["avoid"],
            user=request.user,
            expected_number=form.cleaned_data["number"],
            expected_tables=form.cleaned_data["tables"],
        )
    except services.EventClosedError as error:  # the page again, with the form as sent
        messages.error(request, error.message)
        return event_page(request, event, round_form=form, status=INVALID)
    except (services.EntryError, ScoringError) as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    tables = round_.tables.count()
    messages.success(request, f"Serie {round_.number} mit {tables} Tischen angelegt.")
    return redirect("spielwart-round", key=event.key, number=round_.number)


@spielwart_required
def round_preview(request: HttpRequest, key: str) -> HttpResponse:
    """The next Serie as it would be drawn, with the conflict report; nothing is stored."""
    event = event_or_404(key)
    form = RoundForm(request.POST if request.method == "POST" else request.GET)
    if not form.is_valid():
        messages.error(request, "Bitte die Angaben zur Serie prüfen.")
        return redirect("spielwart-event", key=event.key)
    data = form.cleaned_data
    try:
        planned = services.preview_round(
            event=event,
            seating=data["seating"],
            seed=data["seed"],
            allow_five=data["allow_five"],
            avoid=data["avoid"],
        )
    except (services.EntryError, ScoringError) as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    names = dict(
        Player.objects.filter(pk__in=[p for t in planned.tables for p in t]).values_list(
            "pk", "name"
        )
    )
    confirm = RoundForm(
        initial={
            **data,
            "seed": planned.seed,
            "number": planned.number,
            "tables": planned.fingerprint,
        }
    )
    context = {
        "event": event,
        "planned": planned,
        "tables": [[names[p] for p in table] for table in planned.tables],
        "confirm": confirm,
        "has_repeats": len(planned.report) > 1,
        "avoid_label": dict(Round.Avoid.choices).get(planned.avoid, "") if planned.avoid else "",
    }
    return render(request, "club/spielwart_round_preview.html", context)


@spielwart_required
def advance_preview(request: HttpRequest, key: str) -> HttpResponse:
    """All Serien drawn at once, each with its conflict report; nothing is stored."""
    event = event_or_404(key)
    form = AdvanceForm(request.GET)
    if not form.is_valid():
        messages.error(request, "Bitte die Angaben prüfen: " + _errors(form))
        return redirect("spielwart-event", key=event.key)
    data = form.cleaned_data
    seed = data["seed"].strip() or services.new_seed()
    try:
        plans = services.plan_in_advance(
            event=event, count=data["count"], seed=seed, allow_five=data["allow_five"]
        )
    except (services.EntryError, ScoringError) as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    names = dict(Player.objects.filter(attendance__event=event).values_list("pk", "name"))
    confirm = AdvanceForm(
        initial=data | {"seed": seed, "tables": services.plans_fingerprint(plans)}
    )
    rounds = [
        {"plan": plan, "tables": [[names[p] for p in table] for table in plan.tables]}
        for plan in plans
    ]
    context = {"event": event, "rounds": rounds, "seed": seed, "confirm": confirm}
    return render(request, "club/spielwart_advance_preview.html", context)


@spielwart_required
@require_POST
def advance_create(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    form = AdvanceForm(request.POST)
    if not form.is_valid() or not form.cleaned_data["seed"].strip():
        messages.error(request, "Bitte die Angaben prüfen: " + _errors(form))
        return redirect("spielwart-event", key=event.key)
    data = form.cleaned_data
    try:
        rounds = services.draw_in_advance(
            event=event,
            count=data["count"],
            seed=data["seed"].strip(),
            allow_five=data["allow_five"],
            user=request.user,
            expected_tables=data["tables"],
        )
    except services.EventClosedError as error:  # the page again, with the form as sent
        messages.error(request, error.message)
        kept = AdvanceForm(request.POST, auto_id="voraus_%s")  # ids apart from the Serie form
        return event_page(request, event, advance_form=kept, status=INVALID)
    except (services.EntryError, ScoringError) as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    messages.success(
        request,
        f"{len(rounds)} Serien im Voraus ausgelost. Die Startkarten zeigen jedem seine Tische.",
    )
    return redirect("spielwart-event", key=event.key)


def _errors(form: AdvanceForm) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


@spielwart_required
def round_overview(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables = list(with_progress(round_.tables.all()).prefetch_related("seats__player"))
    allow_five = request.GET.get("fuenf") == "1"
    proposal, proposal_error = _proposal(round_, allow_five)
    links = services.live_links(round_)
    cards = [_card(request, table, links.get(table.pk)) for table in tables]
    context = {
        "event": round_.event,
        "round": round_,
        "tables": tables,
        "cards": cards,
        "missing_links": sum(1 for table in tables if table.pk not in links),
        "local_address": is_local_address(request),
        "open_tables": [t for t in tables if t.check_status != Table.Check.CONFIRMED],
        "swap_form": SwapForm(players=_round_players(round_)),
        "proposal": proposal,
        "proposal_error": proposal_error,
        "allow_five": allow_five,
        "report": services.round_report(round_),
        "deletable": _is_last_and_empty(round_, (card["progress"] for card in cards)),
        "gone": gone_names(round_.event, round_.number),
    }
    return render(request, "club/spielwart_round.html", context)


def _card(
    request: HttpRequest, table: WithAnnotations[Table, ProgressAnnotations], link: TableLink | None
) -> dict[str, Any]:
    """One table on the Serie page: its players, progress and its link for the players."""
    return {
        "table": table,
        "progress": annotated_progress(table),
        "link": link,
        "address": link_address(request, link) if link else "",
    }


def _is_last_and_empty(round_: Round, progress: Iterable[TableProgress]) -> bool:
    """The delete button: the last Serie, nothing entered at any table."""
    if any(p.is_totals or p.games for p in progress):
        return False
    return services.next_round_number(round_.event) == round_.number + 1


def _round_players(round_: Round) -> QuerySet[Player]:
    return Player.objects.filter(
        pk__in=Seat.objects.filter(round=round_).values("player_id")
    ).order_by("name")


def _proposal(round_: Round, allow_five: bool) -> tuple[list[dict[str, str]] | None, str]:
    """The re-forming proposal in words, or the reason there is none."""
    try:
        proposal = services.regrouping(round_, allow_five)
    except services.EntryError as error:
        return None, error.message
    if proposal is None:
        return None, ""
    ids = {m.player_id for m in proposal.regrouping.moves}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return [{"text": _describe_move(m, names)} for m in proposal.regrouping.moves], ""


def _describe_move(move: services.Move, names: dict[int, str]) -> str:
    name = names.get(move.player_id, "?")
    if move.from_table is None:
        return f"{name} kommt neu an Tisch {move.to_table}"
    if move.to_table is None:
        return f"{name} geht (bisher Tisch {move.from_table})"
    return f"{name} wechselt von Tisch {move.from_table} an Tisch {move.to_table}"


@spielwart_required
@require_POST
def round_regroup(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    allow_five = request.POST.get("allow_five") == "1"
    try:
        services.regroup(round_=round_, allow_five=allow_five, user=request.user)
    except services.EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-round", key=key, number=number)
    messages.success(request, "Die Tische sind neu gebildet.")
    return redirect("spielwart-round", key=key, number=number)


@spielwart_required
@require_POST
def seat_swap(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    form = SwapForm(request.POST, players=_round_players(round_))
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect("spielwart-round", key=key, number=number)
    first, second = form.cleaned_data["first"], form.cleaned_data["second"]
    try:
        services.swap_players(round_=round_, first=first, second=second, user=request.user)
    except services.EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-round", key=key, number=number)
    messages.success(request, f"{first.name} und {second.name} haben die Plätze getauscht.")
    return redirect("spielwart-round", key=key, number=number)


urlpatterns = [
    path(EVENT + "serie/neu/", round_create, name="spielwart-round-new"),
    path(EVENT + "serie/vorschau/", round_preview, name="spielwart-round-preview"),
    path(EVENT + "im-voraus/vorschau/", advance_preview, name="spielwart-advance-preview"),
    path(EVENT + "im-voraus/", advance_create, name="spielwart-advance"),
    path(ROUND, round_overview, name="spielwart-round"),
    path(ROUND + "plaetze/", seat_swap, name="spielwart-seat-swap"),
    path(ROUND + "umsetzen/", round_regroup, name="spielwart-regroup"),
]
