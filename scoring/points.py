"""Seeger and Seeger-Fabian points per game and per table (rules.md §9.4).

Owns the tournament ranking arithmetic. Reads list scores (Spielliste, Variante 1) and counts of
won and lost games; writes nothing. Per game the declarer gets `list_score ± 50`; for a lost game
every other player of the table gets +40 at a 3-table and +30 at a 4-table (dealer included).
A 5-table is not defined by the sources; it uses the 4-table +30 (the sitting players count as
"other players", like the dealer at a 4-table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scoring.errors import InvalidRequest
from scoring.game import Ruleset

WON_BONUS = 50
OTHERS_BONUS = {3: 40, 4: 30, 5: 30}


def seeger_fabian(list_score: int, won: bool, table_size: int) -> tuple[int, int]:
    """(declarer, each other player) Seeger-Fabian points for one game."""
    others = _others_bonus(table_size)
    if won:
        return list_score + WON_BONUS, 0
    return list_score - WON_BONUS, others


def _others_bonus(table_size: int) -> int:
    try:
        return OTHERS_BONUS[table_size]
    except KeyError:
        raise InvalidRequest(
            f"Tischgröße {table_size} gibt es nicht: 3, 4 oder 5 Spieler."
        ) from None


@dataclass(frozen=True, slots=True)
class TableScores:
    """Series totals per player, in seat order."""

    seeger: tuple[int, ...]
    seeger_fabian: tuple[int, ...]


def table_scores(
    ruleset: Ruleset, table_size: int, players: Sequence[tuple[int, int, int]]
) -> TableScores:
    """Seeger = list + 50·(won − lost); Seeger-Fabian adds 40|30 per game lost by the others.

    `players` holds (list_score, won, lost) per player. Both Skat rule sets rank the same way;
    the Offiziersskat has no Seeger-Fabian ranking.
    """
    if ruleset is Ruleset.OFFIZIERSSKAT:
        raise InvalidRequest("Seeger-Fabian gibt es im Offiziersskat nicht.")
    bonus = _others_bonus(table_size)
    if len(players) != table_size:
        raise InvalidRequest(
            f"Am {table_size}er-Tisch sitzen {table_size} Spieler, angegeben sind {len(players)}."
        )
    if any(won < 0 or lost < 0 for _, won, lost in players):
        raise InvalidRequest("Gewonnene und verlorene Spiele können nicht negativ sein.")
    total_lost = sum(lost for _, _, lost in players)
    seeger = tuple(score + WON_BONUS * (won - lost) for score, won, lost in players)
    fabian = tuple(
        s + bonus * (total_lost - lost) for s, (_, _, lost) in zip(seeger, players, strict=True)
    )
    return TableScores(seeger, fabian)
