"""The Kasse of an event: other bookings (opening float, income, expenses) and cash counts.

Owns `book` and `cancel_booking` and `count_cash`, and `issue_receipts` (a receipt as printed).
Startgeld, Verlustspielgeld, Preisskat money and prizes are not booked by hand: the ledger
computes them (`queries.ledger`). Every count is kept with the Kasse as the ledger had it then
(the Soll-Bestand and each player's Schluss), so a correction after the count shows what moved
since (`queries.kasse_changes`); the latest count is checked against the expected cash. A printed
receipt keeps its lines, so a later correction marks it „überholt“. One transaction each;
refusals are `EntryError`s in German.
"""

from __future__ import annotations

from django.db import transaction

from scoring.ledger import Snapshot
from skatclub.club.models import CashCount, Event, KasseEntry, Receipt
from skatclub.club.money import MAX_CENTS
from skatclub.club.queries.ledger import event_ledger, receipt_lines
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
    found = event_ledger(event, kasse=True)
    then = Snapshot.of(found.ledger)
    event_changed(event.pk)
    return CashCount.objects.create(
        event=event,
        counted_cents=cents,
        note=note.strip(),
        user=acting_user(user),
        expected_cents=then.expected,
        amounts={str(pid): cents for pid, cents in then.amounts.items()},
    )


@transaction.atomic
def issue_receipts(*, event: Event, player_key: str | None = None, user: Actor = None) -> int:
    """Keep the receipt of one player (`player_key`) or of every player as printed now; a
    receipt already kept with the same lines is not kept again. How many were kept."""
    found = event_ledger(event)
    latest = {r.player_id: r for r in Receipt.objects.filter(event=event).order_by("at", "id")}
    kept = []
    for account in found.accounts:
        if player_key is not None and found.keys[account.player_id] != player_key:
            continue
        lines = receipt_lines(account)
        last = latest.get(account.player_id)
        if last is not None and last.lines == lines:
            continue
        kept.append(
            Receipt(
                event=event,
                player_id=account.player_id,
                lines=lines,
                at_the_end_cents=account.at_the_end,
                user=acting_user(user),
            )
        )
    Receipt.objects.bulk_create(kept)
    return len(kept)
