"""Checks of a game's outcome shared by Skat and the Offiziersskat: Augen and tricks.

Owns `check_card_points` (0..120, never 1 or 119) and `trick_counts` (the declarer's and the
defenders' tricks, one derived from the other). Reads an `Outcome`; writes nothing.
"""

from __future__ import annotations

from scoring.errors import ImpossibleAugen, TricksInconsistent
from scoring.game import Outcome

TRICKS = 10


def check_card_points(points: int) -> None:
    if not 0 <= points <= 120:
        raise ImpossibleAugen(f"{points} Augen gibt es nicht: es sind 0 bis 120.")
    if points in (1, 119):
        raise ImpossibleAugen(
            f"{points} Augen sind unmöglich: keine Partei kann genau 1 Auge haben."
        )


def trick_counts(o: Outcome, total: int = TRICKS) -> tuple[int | None, int | None]:
    """(declarer, defenders) tricks; one may be derived from the other, both must add up."""
    dt, ft = o.declarer_tricks, o.defender_tricks
    for count in (dt, ft):
        if count is not None and not 0 <= count <= total:
            raise TricksInconsistent(f"{count} Stiche gibt es nicht: es sind 0 bis {total}.")
    if dt is not None and ft is not None:
        if dt + ft != total:
            raise TricksInconsistent(
                f"{dt} + {ft} Stiche ergeben nicht {total}: bitte Stiche prüfen."
            )
        return dt, ft
    if dt is not None:
        return dt, total - dt
    if ft is not None:
        return total - ft, ft
    return None, None
