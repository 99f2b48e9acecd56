"""Who left during the day, for the Anwesenheit and sign-in pages, the Tischliste and results.

Owns `leaving_states` (per signed-in player: the last Serie he was drawn for, after which
Serie he left, whether that can still be taken back), `gone_before` (who left before a Serie,
with the Serie he left after) and `gone_names` (the same with names, for the Tischliste). A
few small queries each; writes nothing (the writes are `services.leaving`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max

from skatclub.club.collation import german_key
from skatclub.club.models import Attendance, Event, Player, Round, Seat


@dataclass(frozen=True)
class Leaving:
    """One signed-in player's state: `last_round` he was drawn for (None: not yet drawn),
    `left_after` (None: still here) and whether the leave can still be taken back."""

    last_round: int | None
    left_after: int | None
    can_stay: bool

    @property
    def can_leave(self) -> bool:
        return self.last_round is not None and self.left_after is None

    @property
    def text(self) -> str:
        return f"gegangen nach Serie {self.left_after}" if self.left_after is not None else ""


def leaving_states(event: Event) -> dict[int, Leaving]:
    """Player id -> `Leaving`, for every signed-in player of `event`."""
    drawn = dict(
        Seat.objects.filter(round__event=event)
        .values_list("player_id")
        .annotate(last=Max("round__number"))
        .values_list("player_id", "last")
    )
    latest = Round.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
    rows = Attendance.objects.filter(event=event).values_list("player_id", "left_after")
    return {
        player_id: Leaving(
            drawn.get(player_id), left_after, left_after is not None and latest <= left_after
        )
        for player_id, left_after in rows
    }


def gone_before(event: Event, number: int | None = None) -> dict[int, int]:
    """Player id -> the Serie he left after: everyone who left, or (with `number`) those who
    left before Serie `number` and so play no part in it."""
    rows = Attendance.objects.filter(event=event, left_after__isnull=False)
    if number is not None:
        rows = rows.filter(left_after__lt=number)
    return {p: n for p, n in rows.values_list("player_id", "left_after") if n is not None}


def gone_names(event: Event, number: int | None = None) -> list[tuple[str, int]]:
    """(name, Serie he left after) for each player who left before Serie `number` (without
    one: during the day), in German alphabetical order: the Tischliste of a later Serie and
    the results name them."""
    gone = gone_before(event, number)
    rows = Player.objects.filter(pk__in=gone).values_list("pk", "name", "key")
    ordered = sorted(rows, key=lambda row: (german_key(row[1]), row[2]))
    return [(name, gone[pk]) for pk, name, _ in ordered]
