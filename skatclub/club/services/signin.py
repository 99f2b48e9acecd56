"""Sign-in at a tournament: who plays, at which Startgeld rate, and whether it is paid.

Owns `sign_in` (a known player; a walk-in takes seconds; signing in a player again asks before
it changes his rate or paid state: `ChangeSignIn`), `register_and_sign_in` (a new player or
guest, remembered for next time; a near-identical name asks "derselbe Spieler?" first),
`set_paid` and `find_players` (by name or member number); signing out is
`events.mark_absent`, the same as on the Anwesenheit page. The Startgeld of each sign-in is
the event's rate at that moment (`Event.fee_for`), kept on the `Attendance` so a later change
of the event's rates does not rewrite what was paid. A Vereinsmeisterschaft admits members
only. One transaction each; refusals are `EntryError`s in German.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q, QuerySet

from skatclub.club.formatting import euro
from skatclub.club.models import Attendance, Event, Player
from skatclub.club.queries.members import numbers_here, with_member_numbers
from skatclub.club.services.errors import EntryError
from skatclub.club.services.events import (
    SamePlayer,
    clean_name,
    shown_text,
    similar_players,
    unique_key,
)
from skatclub.club.services.members import MAX_MEMBER_NUMBER
from skatclub.club.services.versions import event_changed
from skatclub.club.text import NO_VISIBLE_NUMBER, search_text

MAX_QUERY = 100


@dataclass(frozen=True)
class Categories:
    """The prize categories of a player (Damen, Senioren, Jugend)."""

    woman: bool = False
    senior: bool = False
    youth: bool = False


def default_rate(event: Event, player: Player) -> str:
    """Jugend pays the reduced rate when the event has one."""
    if player.is_youth and event.reduced_fee_cents is not None:
        return Attendance.Rate.REDUCED
    return Attendance.Rate.FULL


class ChangeSignIn(EntryError):
    """The player is signed in already, with another rate or paid state: ask before changing."""

    def __init__(self, attendance: Attendance, rate: str, fee: int, paid: bool) -> None:
        now = _state(attendance.get_rate_display(), attendance.fee_cents, attendance.paid)
        wanted = _state(Attendance.Rate(rate).label, fee, paid)
        if attendance.paid and attendance.fee_cents:
            # What was paid stays paid: say so, and what the change means in money.
            now = f"{attendance.get_rate_display()}, bereits bezahlt: {euro(attendance.fee_cents)}"
            wanted = f"{Attendance.Rate(rate).label}, {euro(fee)}" + _difference(
                attendance.fee_cents, fee
            )
        super().__init__(
            "change_sign_in",
            f"{attendance.player.name} ist schon angemeldet ({now}). Ändern auf {wanted}?",
        )
        self.player = attendance.player
        self.rate, self.paid = rate, paid


def _difference(paid: int, fee: int) -> str:
    if fee < paid:
        return f" ({euro(paid - fee)} zurückgeben)"
    if fee > paid:
        return f" ({euro(fee - paid)} nachzahlen)"
    return ""


def _state(rate: str, fee: int, paid: bool) -> str:
    if not fee:
        return f"{rate}, kein Startgeld"
    return f"{rate}, {euro(fee)} {'bezahlt' if paid else 'offen'}"


@transaction.atomic
def sign_in(
    *,
    event: Event,
    player: Player,
    rate: str | None = None,
    paid: bool = False,
    confirmed: bool = False,
) -> Attendance:
    """Sign `player` in; his Startgeld follows the rate. A player signed in already keeps his
    sign-in: another rate, or paid where it was open, is `ChangeSignIn` unless `confirmed`
    (a second tap never takes back a payment)."""
    if player.is_guest and not event.guests_allowed:
        raise EntryError(
            "members_only", f"Zur {event.get_kind_display()} sind nur Mitglieder zugelassen."
        )
    rate = rate or default_rate(event, player)
    if rate not in Attendance.Rate.values:
        raise EntryError("bad_rate", "Startgeld-Satz: voll, ermäßigt oder frei.")
    attendance, created = Attendance.objects.select_for_update().get_or_create(
        event=event,
        player=player,
        defaults={"rate": rate, "fee_cents": event.fee_for(rate), "paid": paid},
    )
    if created:
        event_changed(event.pk)
        return attendance
    paid = attendance.paid or paid
    if (attendance.rate, attendance.paid) == (rate, paid):
        return attendance
    if not confirmed:
        raise ChangeSignIn(attendance, rate, event.fee_for(rate), paid)
    attendance.rate, attendance.fee_cents, attendance.paid = rate, event.fee_for(rate), paid
    attendance.save(update_fields=["rate", "fee_cents", "paid"])
    event_changed(event.pk)
    return attendance


@transaction.atomic
def register_and_sign_in(
    *,
    event: Event,
    name: str,
    guest: bool = True,
    member_number: str = "",
    categories: Categories = Categories(),
    rate: str | None = None,
    paid: bool = False,
    confirmed_new: bool = False,
) -> Attendance:
    """A new player (a guest unless `guest=False`), remembered, and signed in.

    When a known player has (almost) the same name or the member number is taken, nothing is
    created: `SamePlayer` asks first; `confirmed_new=True` answers "a different person"."""
    name = clean_name(name)
    member_number = shown_text(member_number, NO_VISIBLE_NUMBER)
    if len(member_number) > MAX_MEMBER_NUMBER:
        raise EntryError(
            "too_long", f"Die Mitgliedsnummer hat höchstens {MAX_MEMBER_NUMBER} Zeichen."
        )
    if guest and not event.guests_allowed:
        raise EntryError(
            "members_only", f"Zur {event.get_kind_display()} sind nur Mitglieder zugelassen."
        )
    if not confirmed_new:
        candidates = similar_players(name)
        if member_number:
            taken = with_member_numbers(Player.objects.all())
            candidates += [
                p for p in taken.filter(number_here=member_number) if p not in candidates
            ]
        if candidates:
            numbers = numbers_here(p.pk for p in candidates)
            for candidate in candidates:
                setattr(candidate, "number_here", numbers.get(candidate.pk) or "")  # noqa: B010
            raise SamePlayer(name, candidates)
    player = Player.objects.create(
        key=unique_key(name, Player),
        name=name,
        is_guest=guest,
        member_number=member_number,
        is_woman=categories.woman,
        is_senior=categories.senior,
        is_youth=categories.youth,
    )
    return sign_in(event=event, player=player, rate=rate, paid=paid)


@transaction.atomic
def set_paid(*, event: Event, player: Player, paid: bool) -> None:
    if not Attendance.objects.filter(event=event, player=player).update(paid=paid):
        raise EntryError("absent", f"{player.name} ist nicht angemeldet.")
    event_changed(event.pk)


def find_players(
    query: str, *, absent_from: Event | None = None, limit: int = 20
) -> QuerySet[Player]:
    """Active players by name, Kürzel or member number, not yet signed in at `absent_from`."""
    # Visible characters only: PostgreSQL refuses a NUL, and format characters match nothing.
    text = " ".join(search_text(query).split())[:MAX_QUERY]
    players = with_member_numbers(Player.objects.filter(is_active=True))
    if absent_from is not None:
        players = players.exclude(attendance__event=absent_from)
    if not text:
        return players.none()
    matches = Q(name__icontains=text) | Q(key__icontains=text)
    if text.replace("-", "").isalnum():
        matches |= Q(number_here__iexact=text) | Q(number_here__istartswith=text)
    return players.filter(matches).order_by("name")[:limit]
