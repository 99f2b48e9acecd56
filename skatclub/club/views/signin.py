"""Sign-in at the door: find a player by name or member number, or register a walk-in, with
the Startgeld rate and whether it is paid. Thin over `services.signin`; every view is
`@spielwart_required`, POSTs redirect back with the search kept (POST-redirect-GET).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse

from skatclub.club import services
from skatclub.club.formatting import euro
from skatclub.club.forms.signin import NewPlayerForm
from skatclub.club.models import Attendance, Event, Player
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.downloads import Export, download, links
from skatclub.club.queries.attendance import leaving_states
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.queries.members import numbers_here
from skatclub.club.services import ChangeSignIn, EntryError, SamePlayer, mark_absent
from skatclub.club.views.lookups import EVENT, INVALID, event_or_404
from skatclub.club.views.permissions import spielwart_required


def _back(event: Event, query: str) -> HttpResponse:
    url = reverse("spielwart-signin", args=[event.key])
    return redirect(f"{url}?{urlencode({'q': query})}" if query else url)


@spielwart_required
def signin_page(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    query = request.GET.get("q", request.POST.get("q", "")).strip()[: services.MAX_QUERY]
    form = NewPlayerForm(initial={"guest": event.guests_allowed})
    same: SamePlayer | ChangeSignIn | None = None
    if request.method == "POST":
        response, form, same = _post(request, event, query)
        if response is not None:
            return response
    signed = (
        Attendance.objects.filter(event=event).select_related("player").order_by("player__name")
    )
    exports = [_signin_export(event, signed)]
    if response := download(request, exports, f"anmeldung-{event.key}"):
        return response
    found = services.find_players(query, absent_from=event) if query else []
    context = {
        "downloads": links(request, exports),
        "event": event,
        "query": query,
        "found": [(p, services.default_rate(event, p)) for p in found],
        "signed": signed,
        "leaving": _with_leaving(event, signed),
        "sums": _sums(event),
        "form": form,
        "same": same if isinstance(same, SamePlayer) else None,
        "change": same if isinstance(same, ChangeSignIn) else None,
        "rates": Attendance.Rate.choices,
        "fees": {rate: euro(event.fee_for(rate)) for rate in Attendance.Rate.values},
    }
    status = INVALID if form.errors or same else 200
    return render(request, "club/spielwart_signin.html", context, status=status)


def _post(
    request: HttpRequest, event: Event, query: str
) -> tuple[HttpResponse | None, NewPlayerForm, SamePlayer | ChangeSignIn | None]:
    action = request.POST.get("action", "")
    form = NewPlayerForm(initial={"guest": event.guests_allowed})
    try:
        if action in ("register", "register_new"):
            form = NewPlayerForm(request.POST)
            if not form.is_valid():
                return None, form, None
            attendance = _register(event, form.cleaned_data, action == "register_new")
            messages.success(request, f"{attendance.player.name} ist angemeldet{_fee(attendance)}.")
            return _back(event, ""), form, None
        player = get_object_or_404(Player, pk=whole_number(request.POST.get("player")) or 0)
        if action == "sign_in":
            attendance = services.sign_in(
                event=event,
                player=player,
                rate=request.POST.get("rate") or None,
                paid=request.POST.get("paid") == "1",
                confirmed=request.POST.get("confirmed") == "1",
            )
            messages.success(request, f"{player.name} ist angemeldet{_fee(attendance)}.")
            return _back(event, ""), form, None
        _change(request, event, player, action)
    except (SamePlayer, ChangeSignIn) as question:
        return None, form, question
    except EntryError as error:
        if action.startswith("register"):
            form.add_error("name", error.message)
            return None, form, None
        messages.error(request, error.message)
    return _back(event, query), form, None


def _change(request: HttpRequest, event: Event, player: Player, action: str) -> None:
    """Paid or not, signed out, gone or back: one signed-in player's row."""
    if action in ("paid", "unpaid"):
        services.set_paid(event=event, player=player, paid=action == "paid")
        state = "bezahlt" if action == "paid" else "nicht bezahlt"
        messages.success(request, f"Startgeld von {player.name}: {state}.")
    elif action == "sign_out":
        mark_absent(event=event, player=player)
        messages.success(request, f"{player.name} ist abgemeldet.")
    elif action in ("leave", "stay"):
        messages.success(request, leave_or_stay(request, event, player, action))


def leave_or_stay(request: HttpRequest, event: Event, player: Player, action: str) -> str:
    """„gegangen nach Serie n“ or its undo, with the message that says so (both pages)."""
    if action == "leave":
        attendance = services.leave(event=event, player=player, user=request.user)
        return f"{player.name}: gegangen nach Serie {attendance.left_after}."
    services.stay(event=event, player=player, user=request.user)
    return f"{player.name} spielt weiter mit; er wird wieder ausgelost."


def _with_leaving(event: Event, signed: Iterable[Attendance]) -> list[tuple[Attendance, Any]]:
    states = leaving_states(event)
    return [(a, states.get(a.player_id)) for a in signed]


def _register(event: Event, data: dict[str, Any], confirmed_new: bool) -> Attendance:
    return services.register_and_sign_in(
        event=event,
        name=data["name"],
        guest=data["guest"],
        member_number=data["member_number"],
        categories=services.Categories(data["woman"], data["senior"], data["youth"]),
        rate=data["rate"] or None,
        paid=data["paid"],
        confirmed_new=confirmed_new,
    )


SIGNIN_COLUMNS = [
    ("name", "Name"),
    ("member_number", "Mitgliedsnummer"),
    ("guest", "Gast"),
    ("rate", "Satz"),
    ("fee_cents", "Startgeld (€)"),
    ("paid", "bezahlt"),
]


def _signin_export(event: Event, signed: Iterable[Attendance]) -> Export:
    signed = list(signed)
    numbers = numbers_here(a.player_id for a in signed)
    rows = [
        {
            "name": a.player.name,
            "member_number": numbers.get(a.player_id) or "",
            "guest": "ja" if a.player.is_guest else "nein",
            "rate": a.get_rate_display(),
            "fee_cents": a.fee_cents,
            "paid": "ja" if a.paid else "nein",
        }
        for a in signed
    ]
    return Export("anmeldung", f"Anmeldung {event.name}", SIGNIN_COLUMNS, rows, money=["fee_cents"])


def _fee(attendance: Attendance) -> str:
    if not attendance.fee_cents:
        return ""
    state = "bezahlt" if attendance.paid else "noch offen"
    return f", Startgeld {euro(attendance.fee_cents)} {state}"


def _sums(event: Event) -> dict[str, Any]:
    """Who is signed in, and the Startgeld as the Kasse has it (the event's ledger)."""
    rows = Attendance.objects.filter(event=event).aggregate(
        count=Count("id"), guests=Count("id", filter=Q(player__is_guest=True))
    )
    report = event_ledger(event).report
    return {
        "count": rows["count"],
        "guests": rows["guests"],
        "total": euro(report.entry_fees),
        "paid": euro(report.paid_at_sign_in),
        "open": euro(report.entry_fees_open),
        "has_open": report.entry_fees_open > 0,
    }


urlpatterns = [
    path(EVENT + "anmeldung/", signin_page, name="spielwart-signin"),
]
