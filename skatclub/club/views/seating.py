"""Seating a Serie: creating it (draw / seat by standings), its overview, swaps, re-forming.

Owns the Serie pages of the Spielwart: a new Serie is drawn from a shown and stored seed or
seated by the standings (computed by the pure `draw` module), two players swap places before
play, and tables are re-formed when players arrive late or leave (a proposal on the overview,
applied on request). The seats themselves are written by `services` (create_round,
reseat_tables, swap_seats), which refuse tables that already play and keep the history
(`Change` "seats"). Every view is `@spielwart_required` and redirects after its POST.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import draw, services
from skatclub.club.forms import RoundForm, SwapForm
from skatclub.club.models import Attendance, Event, Player, Round, Seat, Table
from skatclub.club.permissions import spielwart_required
from skatclub.club.standings import event_standings
from skatclub.club.views.lookups import EVENT, ROUND, event_or_404, round_or_404

# --- creating a Serie ----------------------------------------------------------------------


@spielwart_required
@require_POST
def round_create(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    form = RoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Bitte die Angaben zur Serie prüfen.")
        return redirect("spielwart-event", key=event.key)
    number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    try:
        seating, seed, tables = _seating(event, number, form.cleaned_data)
    except draw.DrawError as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    round_ = services.create_round(
        event=event,
        number=number,
        tables=_players(tables),
        user=request.user,
        seating=seating,
        seed=seed,
    )
    messages.success(request, f"Serie {number} mit {len(tables)} Tischen angelegt.")
    return redirect("spielwart-round", key=event.key, number=round_.number)


def _seating(event: Event, number: int, data: dict[str, Any]) -> tuple[str, str, list[list[int]]]:
    present = list(Attendance.objects.filter(event=event).values_list("player_id", flat=True))
    if data["seating"] == "standings":
        if number == 1:
            raise draw.DrawError("Die erste Serie wird ausgelost; setzen geht ab der zweiten.")
        ranked = [r.player_id for r in event_standings(event) if r.player_id in present]
        newcomers = Player.objects.filter(pk__in=set(present) - set(ranked)).order_by("name")
        ranked += [p.pk for p in newcomers]
        return "standings", "", draw.seat_by_standings(ranked, data["allow_five"])
    seed = data["seed"].strip() or draw.new_seed()
    return "draw", seed, draw.draw_tables(present, seed, data["allow_five"])


def _players(tables: list[list[int]]) -> list[list[Player]]:
    """The draw works on player ids; the services take players."""
    by_id = Player.objects.in_bulk([pk for table in tables for pk in table])
    return [[by_id[pk] for pk in table] for table in tables]


# --- the Serie's overview and the re-forming proposal --------------------------------------


@spielwart_required
def round_overview(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables = list(
        round_.tables.annotate(game_count=Count("games")).prefetch_related("seats__player")
    )
    proposal, proposal_error = _proposal(round_, tables, request.GET.get("fuenf") == "1")
    context = {
        "event": round_.event,
        "round": round_,
        "tables": tables,
        "open_tables": [t for t in tables if t.check_status != Table.Check.CONFIRMED],
        "swap_form": SwapForm(players=_round_players(round_)),
        "proposal": proposal,
        "proposal_error": proposal_error,
        "allow_five": request.GET.get("fuenf") == "1",
    }
    return render(request, "club/spielwart_round.html", context)


def _round_players(round_: Round) -> Any:
    return Player.objects.filter(
        pk__in=Seat.objects.filter(round=round_).values("player_id")
    ).order_by("name")


def _is_started(table: Any) -> bool:
    return table.entry == Table.Entry.TOTALS or table.games.exists()


def _proposal(
    round_: Round, tables: list[Table], allow_five: bool
) -> tuple[list[dict[str, Any]] | None, str]:
    """Who arrived or left since the tables were formed, and how to re-form them."""
    current = [[s.player_id for s in t.seats.all()] for t in tables]
    seated = {p for t in current for p in t}
    present = set(Attendance.objects.filter(event=round_.event).values_list("player_id", flat=True))
    arrived, left = sorted(present - seated), sorted(seated - present)
    if not arrived and not left:
        return None, ""
    fixed = [t.number for t in tables if _is_started(t)]
    try:
        regrouping = draw.propose_regrouping(current, arrived, left, fixed, allow_five)
    except draw.DrawError as error:
        return None, error.message
    names = dict(Player.objects.filter(pk__in=present | seated).values_list("pk", "name"))
    return [_describe_move(m, names) for m in regrouping.moves], ""


def _describe_move(move: draw.Move, names: dict[int, str]) -> dict[str, Any]:
    name = names.get(move.player_id, "?")
    if move.from_table is None:
        text = f"{name} kommt neu an Tisch {move.to_table}"
    elif move.to_table is None:
        text = f"{name} geht (bisher Tisch {move.from_table})"
    else:
        text = f"{name} wechselt von Tisch {move.from_table} an Tisch {move.to_table}"
    return {"text": text}


# --- changing seats: re-forming tables, swapping two players -------------------------------


@spielwart_required
@require_POST
def round_regroup(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    tables = list(round_.tables.prefetch_related("seats"))
    current = [[s.player_id for s in t.seats.all()] for t in tables]
    seated = {p for t in current for p in t}
    present = set(Attendance.objects.filter(event=round_.event).values_list("player_id", flat=True))
    fixed = [t.number for t in tables if _is_started(t)]
    try:
        regrouping = draw.propose_regrouping(
            current,
            sorted(present - seated),
            sorted(seated - present),
            fixed,
            request.POST.get("allow_five") == "1",
        )
        changed = sorted(regrouping.changed_tables)
        players = _players([regrouping.tables[n - 1] for n in changed])
        services.reseat_tables(
            round_=round_, tables=dict(zip(changed, players, strict=True)), user=request.user
        )
    except (draw.DrawError, services.EntryError) as error:
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
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("spielwart-round", key=key, number=number)
    first, second = Seat.objects.filter(
        round=round_, player__in=[form.cleaned_data["first"], form.cleaned_data["second"]]
    ).select_related("player")
    try:
        services.swap_seats(round_=round_, first=first, second=second, user=request.user)
    except services.EntryError as error:
        messages.error(request, error.message)
        return redirect("spielwart-round", key=key, number=number)
    messages.success(
        request, f"{first.player.name} und {second.player.name} haben die Plätze getauscht."
    )
    return redirect("spielwart-round", key=key, number=number)


urlpatterns = [
    path(EVENT + "serie/neu/", round_create, name="spielwart-round-new"),
    path(ROUND, round_overview, name="spielwart-round"),
    path(ROUND + "plaetze/", seat_swap, name="spielwart-seat-swap"),
    path(ROUND + "umsetzen/", round_regroup, name="spielwart-regroup"),
]
