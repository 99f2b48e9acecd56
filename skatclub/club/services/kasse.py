"""The Kasse of an event: other bookings (opening float, income, expenses) and cash counts.

Owns `book` and `cancel_booking` and `count_cash`. Startgeld, Verlustspielgeld, Preisskat money
and prizes are not booked by hand: the ledger computes them (`queries.ledger`). Every
count is kept; the latest one is checked against the expected cash. One transaction each;
refusals are `EntryError`s in German.
"""

from __future__ import annotations

from django.db import transaction

from skatclub.club.models import CashCount, Event, KasseEntry
from skatclub.club.money import MAX_CENTS
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user
from skatclub.club.services.versions import event_changed

MAX_TEXT = 200
MAX_BOOKINGS = 500


@transaction.atomic
def book(*, event: Event, kind: str, text: str, cents: int, user: Actor = None) -> KasseEntry:
    text = " ".join(text.split())
    if kind not in KasseEntry.Kind.values:
        raise EntryError("bad_kind", "Art der Buchung: Anfangsbestand, Einnahme oder Ausgabe.")
    if not text:
        raise EntryError("empty_text", "Bitte angeben, wofür (z. B. „Wechselgeld“, „Pokale“).")
    if len(text) > MAX_TEXT:
        raise EntryError("too_long", f"Der Text hat höchstens {MAX_TEXT} Zeichen.")
    if not 0 < cents <= MAX_CENTS:
        raise EntryError("bad_amount", "Der Betrag muss größer als 0 sein.")
    if event.kasse_entries.count() >= MAX_BOOKINGS:
        raise EntryError("too_many", f"Höchstens {MAX_BOOKINGS} Buchungen je Veranstaltung.")
    event_changed(event.pk)
    return KasseEntry.objects.create(
        event=event, kind=kind, text=text, amount_cents=cents, user=acting_user(user)
    )


@transaction.atomic
def cancel_booking(*, entry: KasseEntry) -> None:
    entry.delete()
    event_changed(entry.event_id)


@transaction.atomic
def count_cash(*, event: Event, cents: int, note: str = "", user: Actor = None) -> CashCount:
    if not 0 <= cents <= MAX_CENTS:
        raise EntryError("bad_amount", "Der gezählte Betrag liegt zwischen 0 und 100.000 €.")
    if len(note) > MAX_TEXT:
        raise EntryError("too_long", f"Der Vermerk hat höchstens {MAX_TEXT} Zeichen.")
    event_changed(event.pk)
    return CashCount.objects.create(
        event=event, counted_cents=cents, note=note.strip(), user=acting_user(user)
    )
