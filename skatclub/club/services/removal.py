"""Deleting what was created by mistake: an empty Serie or an empty event, with history.

Owns `delete_round` and `delete_event`. Only what holds no result can go: a Serie without any
game or paper total (and only the event's last Serie, so the numbers stay without gaps), an
event whose Serien are all empty. Each deletion leaves a `Removal` row with a snapshot of what
was there (tables and seats, who was present). One transaction each.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from skatclub.club.models import Event, Game, Removal, Round, Seat, TableTotal
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user
from skatclub.club.services.versions import event_changed


def has_results(rounds: Any) -> bool:
    """Whether any of `rounds` (a Round queryset) holds a game or a paper total."""
    return (
        Game.objects.filter(table__round__in=rounds).exists()
        or TableTotal.objects.filter(table__round__in=rounds).exists()
    )


@transaction.atomic
def delete_round(*, round_: Round, user: Actor = None) -> Removal:
    """Delete the event's last Serie if nothing was entered in it."""
    event = Event.objects.select_for_update().get(pk=round_.event_id)
    rounds = Round.objects.filter(pk=round_.pk)
    if has_results(rounds):
        raise EntryError(
            "round_has_results",
            f"In Serie {round_.number} sind schon Ergebnisse erfasst; sie lässt sich nicht "
            "löschen. Einzelne Spiele lassen sich an ihrem Tisch löschen.",
        )
    last = event.rounds.aggregate(n=Max("number"))["n"]
    if round_.number != last:
        raise EntryError(
            "not_last_round",
            f"Nur die letzte Serie ({last}) lässt sich löschen, damit die Nummern lückenlos "
            "bleiben.",
        )
    removal = Removal.objects.create(
        kind=Removal.Kind.ROUND,
        event_key=event.key,
        event_name=event.name,
        round_number=round_.number,
        user=acting_user(user),
        snapshot={"tables": _tables(rounds), "seed": round_.seed, "seating": round_.seating},
    )
    round_.delete()
    event_changed(event.pk)
    return removal


@transaction.atomic
def delete_event(*, event: Event, user: Actor = None) -> Removal:
    """Delete an event whose Serien are all empty, with its attendance."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if has_results(event.rounds.all()):
        raise EntryError(
            "event_has_results",
            f"„{event.name}“ hat schon Ergebnisse; eine Veranstaltung mit Ergebnissen lässt "
            "sich nicht löschen.",
        )
    refusal = _money_refusal(event)
    if refusal:
        raise EntryError("event_has_money", refusal)
    removal = Removal.objects.create(
        kind=Removal.Kind.EVENT,
        event_key=event.key,
        event_name=event.name,
        user=acting_user(user),
        snapshot={
            "date": event.date.isoformat(),
            "present": sorted(event.players.values_list("key", flat=True)),
            "rounds": {
                str(r.number): _tables(Round.objects.filter(pk=r.pk))
                for r in event.rounds.order_by("number")
            },
        },
    )
    event.delete()
    return removal


def _money_refusal(event: Event) -> str:
    """A German reason when money was booked for the event (the Kasse must stay), else ""."""
    if event.attendance_set.filter(paid=True, fee_cents__gt=0).exists():
        return (
            f"Bei „{event.name}“ ist schon Startgeld bezahlt; erst das Geld zurückgeben und "
            "„nicht bezahlt“ setzen, dann lässt sich die Veranstaltung löschen."
        )
    if event.kasse_entries.exists() or event.cash_counts.exists():
        return f"„{event.name}“ hat schon Kassenbuchungen; die Kasse bleibt erhalten."
    return ""


def _tables(rounds: Any) -> dict[str, list[str]]:
    tables: dict[str, list[str]] = {}
    rows = (
        Seat.objects.filter(round__in=rounds)
        .order_by("table__number", "position")
        .values_list("table__number", "player__key")
    )
    for number, key in rows:
        tables.setdefault(str(number), []).append(key)
    return tables
