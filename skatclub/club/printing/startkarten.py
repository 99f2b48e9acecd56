"""Startkarten: one card per signed-in player, eight to an A4 page with cut lines, with the
Startgeld and, once the Serien are drawn (in advance, `services.seating.draw_in_advance`),
the player's table and seat in every Serie; empty boxes to fill in by hand otherwise.

Owns `startkarten_printout`. Reads the sign-in and the seats; writes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from skatclub.club.formatting import euro
from skatclub.club.models import Attendance, Event, Seat
from skatclub.club.presenters.collation import german_key
from skatclub.club.printing.printouts import PrintError, Printout, base_context
from skatclub.club.queries.members import numbers_here
from skatclub.club.queries.prizes import planned_serien

CARDS_PER_PAGE = 8


def startkarten_printout(event: Event) -> Printout:
    signed = list(Attendance.objects.filter(event=event).select_related("player"))
    if not signed:
        raise PrintError("Noch niemand angemeldet: Startkarten gibt es für angemeldete Spieler.")
    serien = list(event.rounds.order_by("number").values_list("number", "seed"))
    places: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for player, number, table, position in Seat.objects.filter(round__event=event).values_list(
        "player_id", "round__number", "table__number", "position"
    ):
        places[player][number] = (table, position)
    numbers = [number for number, _ in serien] or list(range(1, planned_serien(event) + 1))
    member_numbers = numbers_here(a.player_id for a in signed)
    cards = [
        _card(attendance, numbers, places[attendance.player_id], member_numbers)
        for attendance in sorted(signed, key=lambda a: (german_key(a.player.name), a.player.key))
    ]
    seeds = ", ".join(f"Serie {number}: {seed}" for number, seed in serien if seed)
    context = base_context(event, None, "Startkarten") | {
        "pages": [cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)],
        "numbers": numbers,
        "drawn": bool(serien),
        "seeds": seeds,
    }
    return Printout("pdf/startkarten.html", f"startkarten-{event.key}.pdf", context)


def _card(
    attendance: Attendance,
    numbers: list[int],
    seated: dict[int, tuple[int, int]],
    member_numbers: dict[int, str],
) -> dict[str, Any]:
    player = attendance.player
    return {
        "name": player.name,
        "member_number": member_numbers.get(player.pk) or "",
        "is_guest": player.is_guest,
        "fee": euro(attendance.fee_cents),
        "rate": attendance.get_rate_display(),
        "paid": attendance.paid,
        "places": [seated.get(number) for number in numbers],
    }
