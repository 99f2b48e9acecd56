"""The Kasse of an event: the Kassenbericht (page and PDF), each player's receipt (page and
PDF, one or all), other bookings and the counted cash, and the Startkarten (they show who has
paid). Spielwart only; writes go through `services.kasse`; every amount is the event's ledger's
(`queries.ledger`).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from skatclub.club import services
from skatclub.club.forms import BookingForm, CountForm
from skatclub.club.models import Event, KasseEntry, Player, Seat
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.downloads import download, links
from skatclub.club.presenters.kasse import kasse_context, kasse_exports, receipt_page_context
from skatclub.club.printing.kasse import receipts_printout
from skatclub.club.printing.printouts import PrintError
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.services import EntryError
from skatclub.club.views.lookups import EVENT, ROUND, event_or_404, round_or_404
from skatclub.club.views.permissions import spielwart_required
from skatclub.club.views.printing import cached_printout, cached_response


@spielwart_required
def kasse_page(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    report = kasse_context(event)
    exports = kasse_exports(report, event.name)
    if response := download(request, exports, f"kasse-{event.key}"):
        return response
    context = report | {
        "event": event,
        "booking_form": BookingForm(),
        "count_form": CountForm(),
        "downloads": links(request, exports),
    }
    return render(request, "club/spielwart_kasse.html", context)


@spielwart_required
@require_POST
def kasse_change(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    action = request.POST.get("action")
    try:
        if action == "book":
            form = BookingForm(request.POST)
            if not form.is_valid() or form.cleaned_data["amount"] is None:
                raise EntryError("bad_booking", _errors(form) or "Bitte einen Betrag angeben.")
            data = form.cleaned_data
            services.book(
                event=event,
                kind=data["kind"],
                text=data["text"],
                cents=data["amount"],
                user=request.user,
            )
            messages.success(request, "Gebucht.")
        elif action == "cancel":
            entry = get_object_or_404(
                KasseEntry, event=event, pk=whole_number(request.POST.get("entry")) or 0
            )
            services.cancel_booking(entry=entry)
            messages.success(request, f"Buchung „{entry.text}“ gelöscht.")
        elif action == "count":
            counting = CountForm(request.POST)
            if not counting.is_valid() or counting.cleaned_data["counted"] is None:
                message = _errors(counting) or "Bitte den gezählten Betrag angeben."
                raise EntryError("bad_count", message)
            services.count_cash(
                event=event,
                cents=counting.cleaned_data["counted"],
                note=counting.cleaned_data["note"],
                user=request.user,
            )
            messages.success(request, "Kassenbestand gespeichert.")
    except EntryError as error:
        messages.error(request, error.message)
    return redirect("spielwart-kasse", key=event.key)


def _errors(form: forms.BaseForm) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


@spielwart_required
def receipt_page(request: HttpRequest, key: str, player: str) -> HttpResponse:
    event = event_or_404(key)
    found = get_object_or_404(Player, key=player)
    ledger = event_ledger(event)
    account = ledger.account(found.pk)
    if account is None:
        raise Http404(f"{found.name} hat bei dieser Veranstaltung nicht gespielt.")
    context = receipt_page_context(ledger, account)
    return render(request, "club/spielwart_receipt.html", context | {"event": event})


@spielwart_required
def receipts_pdf(request: HttpRequest, key: str, player: str | None = None) -> HttpResponse:
    """One player's receipt, or every player's on A4 for the Kassenwart (cached by content)."""
    event = event_or_404(key)
    if player is None:
        return _kept(request, cached_response(request, event, "quittungen"), event)
    try:
        printout = receipts_printout(event, player)
    except PrintError as error:
        raise Http404(error.message) from error
    return _kept(request, cached_printout(request, "quittung", printout), event, player)


def _kept(
    request: HttpRequest, response: HttpResponse, event: Event, player: str | None = None
) -> HttpResponse:
    """A receipt handed out as PDF is kept as printed: a later correction marks it
    „überholt“ on the Kasse page."""
    if response.get("Content-Type") == "application/pdf":
        services.issue_receipts(event=event, player_key=player, user=request.user)
    return response


@spielwart_required
def kassenbericht_pdf(request: HttpRequest, key: str) -> HttpResponse:
    return cached_response(request, event_or_404(key), "kassenbericht")


@spielwart_required
def startkarten_pdf(request: HttpRequest, key: str) -> HttpResponse:
    """Spielwart only: the cards say who has paid the Startgeld."""

    def refused(message: str) -> HttpResponse:
        messages.error(request, message)
        return redirect("spielwart-event", key=key)

    return cached_response(request, event_or_404(key), "startkarten", refused=refused)


@spielwart_required
@require_POST
def seat_wrong(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    seat = get_object_or_404(Seat, round=round_, pk=whole_number(request.POST.get("seat")) or 0)
    wrong = request.POST.get("wrong") == "1"
    services.mark_wrong_seat(seat=seat, wrong=wrong, user=request.user)
    name = seat.player.name
    text = (
        f"{name}: falscher Platz – die Serie zählt für {name} 0 Punkte und 0 Spiele."
        if wrong
        else f"{name}: falscher Platz aufgehoben."
    )
    messages.success(request, text)
    return redirect("spielwart-round", key=key, number=number)


urlpatterns = [
    path(EVENT + "kasse/", kasse_page, name="spielwart-kasse"),
    path(EVENT + "kasse/aendern/", kasse_change, name="spielwart-kasse-change"),
    path(EVENT + "kasse/quittung/<slug:player>/", receipt_page, name="spielwart-receipt"),
    path(
        EVENT + "kasse/quittung/<slug:player>/quittung.pdf",
        receipts_pdf,
        name="spielwart-receipt-pdf",
    ),
    path(EVENT + "kasse/quittungen.pdf", receipts_pdf, name="spielwart-receipts-pdf"),
    path(EVENT + "kasse/kassenbericht.pdf", kassenbericht_pdf, name="spielwart-kassenbericht"),
    path(EVENT + "startkarten.pdf", startkarten_pdf, name="spielwart-startkarten"),
    path(ROUND + "falscher-platz/", seat_wrong, name="spielwart-wrong-seat"),
]
