"""Startkarten: one card per signed-in player, eight to an A4 page with cut lines, with the
Startgeld and, once the Serien are drawn (in advance, `services.seating.draw_in_advance`),
the player's table and seat in every Serie; empty boxes to fill in by hand otherwise.

Owns `startkarten_printout`. Reads the sign-in and the seats; writes nothing.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

from skatclub.club.collation import german_key
from skatclub.club.formatting import euro
from skatclub.club.models import Attendance, Event, Seat
from skatclub.club.printing.printouts import PrintError, Printout, base_context
from skatclub.club.queries.members import numbers_here
from skatclub.club.queries.prizes import planned_rounds

CARDS_PER_PAGE, ROWS_PER_PAGE = 8, 4
A4_HEIGHT_MM, FOOT_MM, CARD_MM = 297.0, 15.0, 68.0


def startkarten_printout(event: Event) -> Printout:
    signed = list(Attendance.objects.filter(event=event).select_related("player", "event"))
    if not signed:
        raise PrintError("Noch niemand angemeldet: Startkarten gibt es für angemeldete Spieler.")
    rounds = list(event.rounds.order_by("number").values_list("number", "seed"))
    places: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    for player, number, table, position in Seat.objects.filter(round__event=event).values_list(
        "player_id", "round__number", "table__number", "position"
    ):
        places[player][number] = (table, position)
    numbers = [number for number, _ in rounds] or list(range(1, planned_rounds(event) + 1))
    member_numbers = numbers_here(a.player_id for a in signed)
    cards = [
        _card(attendance, numbers, places[attendance.player_id], member_numbers)
        for attendance in sorted(signed, key=lambda a: (german_key(a.player.name), a.player.key))
    ]
    seeds = ", ".join(f"Serie {number}: {seed}" for number, seed in rounds if seed)
    context = base_context(event, None, "Startkarten", _status([n for n, _ in rounds])) | {
        "pages": [cards[i : i + CARDS_PER_PAGE] for i in range(0, len(cards), CARDS_PER_PAGE)],
        "numbers": numbers,
        "drawn": bool(rounds),
        "seeds": seeds,
    }
    # Four rows of cards fill what the page head leaves of the page.
    room = A4_HEIGHT_MM - context["head"].margin_mm - FOOT_MM
    context["card_mm"] = min(CARD_MM, math.floor(room / ROWS_PER_PAGE * 10) / 10)
    return Printout("pdf/startkarten.html", f"startkarten-{event.key}.pdf", context)


def _status(seated: list[int]) -> str:
    """Whether the cards show the tables: which Serien are seated."""
    if not seated:
        return "Tisch und Platz noch nicht eingeteilt"
    if len(seated) == 1:
        return f"Tisch und Platz für Serie {seated[0]}"
    return f"Tisch und Platz für Serie {seated[0]} bis {seated[-1]}"


def _card(
    attendance: Attendance,
    numbers: list[int],
    seated: dict[int, tuple[int, int]],
    member_numbers: dict[int, str],
) -> dict[str, Any]:
    player = attendance.player
    number = member_numbers.get(player.pk)
    member = f"Mitgliedsnr. {number}" if number else ""
    guest = "Gast" if player.is_guest else ""
    return {
        "name": player.name,
        "member_number": number or "",
        "meta": " · ".join(part for part in (member, guest, _fee_text(attendance)) if part),
        "payment": _payment(attendance),
        "places": [seated.get(number) for number in numbers],
    }


def _fee_text(attendance: Attendance) -> str:
    """ "Startgeld 10,00 € (voll)"; "Startgeld frei" for a player who pays none where others
    pay; nothing where no Startgeld is asked."""
    if attendance.fee_cents:
        return f"Startgeld {euro(attendance.fee_cents)} ({attendance.get_rate_display()})"
    return "Startgeld frei" if attendance.event.entry_fee_cents else ""


def _payment(attendance: Attendance) -> str:
    if not attendance.fee_cents:
        return ""
    return "bezahlt" if attendance.paid else "noch nicht bezahlt"
