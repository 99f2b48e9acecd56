"""Seeger and Seeger-Fabian points per game and per table (docs/rules.md §10).

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


def others_rate(table_size: int) -> int:
    """Points each other player gets for a game the declarer lost: 40 at a 3-table, else 30."""
    return _others_bonus(table_size)


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """A Seeger-Fabian score split into the parts anyone can recompute from the Spielliste.

    `others` holds (points per game, number of games) for the games the other players lost,
    one term per rate, highest rate first: a player who sat at 3- and 4-tables has two.
    """

    list_score: int
    won: int
    lost: int
    others: tuple[tuple[int, int], ...] = ()
    # Wertungspunkte taken over without their Spielliste (imported history): no parts to show.
    given: int = 0

    @property
    def won_points(self) -> int:
        return WON_BONUS * self.won

    @property
    def lost_points(self) -> int:
        return -WON_BONUS * self.lost

    @property
    def others_lost(self) -> int:
        return sum(games for _, games in self.others)

    @property
    def others_points(self) -> int:
        return sum(rate * games for rate, games in self.others)

    @property
    def total(self) -> int:
        parts = self.list_score + self.won_points + self.lost_points + self.others_points
        return parts + self.given

    def explanation(self) -> str:
        """'812 + 50 × 10 − 50 × 2 + 30 × 5 + 40 × 3 = 1482'; taken-over points are named:
        '1400 übernommen (nur Wertungspunkte)' or '… + 1400 übernommen = 2882'."""
        if self.given and not (self.list_score or self.won or self.lost or self.others):
            return f"{self.given} übernommen (nur Wertungspunkte)"
        text = f"{self.list_score} + {WON_BONUS} × {self.won} − {WON_BONUS} × {self.lost}"
        text += "".join(f" + {rate} × {games}" for rate, games in self.others)
        if self.given:
            text += f" + {self.given} übernommen"
        return f"{text} = {self.total}"

    def __add__(self, other: ScoreParts) -> ScoreParts:
        rates: dict[int, int] = {}
        for rate, games in (*self.others, *other.others):
            rates[rate] = rates.get(rate, 0) + games
        return ScoreParts(
            self.list_score + other.list_score,
            self.won + other.won,
            self.lost + other.lost,
            tuple(sorted(((r, g) for r, g in rates.items() if g), reverse=True)),
            self.given + other.given,
        )


NO_SCORE = ScoreParts(0, 0, 0)


def score_parts(
    list_score: int, won: int, lost: int, others_lost: int, table_size: int
) -> ScoreParts:
    """The parts of one player's Seeger-Fabian score at one table."""
    others = ((others_rate(table_size), others_lost),) if others_lost else ()
    return ScoreParts(list_score, won, lost, others)


def score_rule(table_size: int | None = None) -> str:
    """The Seeger-Fabian formula in German, for one table size or for all of them."""
    if table_size is not None:
        rate = f"{others_rate(table_size)}"
    else:
        rate = f"{OTHERS_BONUS[3]} (3er-Tisch) bzw. {OTHERS_BONUS[4]} (4er- und 5er-Tisch)"
    return (
        f"Wertungspunkte = Spielpunkte + {WON_BONUS} × gewonnene − {WON_BONUS} × verlorene "
        f"Spiele + {rate} je verlorenem Spiel eines Mitspielers"
    )


def others_rates() -> tuple[int, ...]:
    """The distinct points for another player's lost game, highest first: (40, 30)."""
    return tuple(sorted(set(OTHERS_BONUS.values()), reverse=True))
