"""Reads for the Gewinnplan besides the money: each player's prize categories, the ranking at
every table of every Serie (for table prizes) and how many Serien are played.

Owns `stored_plan` and `planned_rounds` (the plan as saved, without creating one),
`categories_of`, `table_rankings` and `played_rounds_count`. The pot and the prize list
are the ledger's (`queries.ledger`). Writes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from scoring import prizes as engine
from scoring import ranked, strength
from skatclub.club.models import Event, Player, PrizePlan, PrizeRule
from skatclub.club.queries.standings import Line, played_rounds


def categories_of(player: Player | Mapping[str, Any]) -> set[engine.Category]:
    def get(name: str) -> bool:
        return bool(player[name] if isinstance(player, Mapping) else getattr(player, name))

    flags = (
        ("is_woman", engine.Category.WOMEN),
        ("is_senior", engine.Category.SENIORS),
        ("is_youth", engine.Category.YOUTH),
        ("is_guest", engine.Category.GUESTS),
    )
    return {category for flag, category in flags if get(flag)}


def table_rankings(lines: list[Line]) -> list[engine.TableRanking]:
    """The ranking at each table of each Serie (Seeger-Fabian, the engine's tie-breaks)."""
    by_table: dict[tuple[int, int], list[Line]] = defaultdict(list)
    for line in lines:
        by_table[(line.round_number, line.table_number)].append(line)
    result = []
    for (round_number, table_number), seated in sorted(by_table.items()):
        placed = ranked(
            seated, lambda ln: strength(ln.score, ln.won, ln.lost), lambda ln: str(ln.player_id)
        )
        result.append(
            engine.TableRanking(
                round_number,
                table_number,
                tuple(engine.Placed(line.player_id, place) for place, line in placed),
            )
        )
    return result


def played_rounds_count(event: Event) -> int:
    return event.rounds.filter(played_rounds()).count()


def stored_plan(event: Event) -> PrizePlan | None:
    """The event's Gewinnplan, None before one is saved (a read creates none: the Spielwart's
    page does, `services.prizes.plan_of`). Read anew on every call, never cached on `event`: a
    plan changed since would pay by old rules."""
    return PrizePlan.objects.filter(event=event).prefetch_related("rules").first()


def planned_rounds(event: Event) -> int:
    """How many Serien the event's Gewinnplan plans; the plan's default before one is saved."""
    return (stored_plan(event) or PrizePlan()).rounds


def percent(value: Decimal | None) -> Fraction:
    return Fraction(value or 0) / 100


def engine_prize(rule: PrizeRule) -> engine.Prize:
    return engine.Prize(
        first=rule.first,
        last=rule.last,
        share=percent(rule.percent),
        fixed_cents=rule.fixed_cents or 0,
        item=rule.item,
        category=engine.Category(rule.category),
        per_participants=rule.per_participants,
        min_participants=rule.min_participants,
    )


def engine_plan(plan: PrizePlan) -> engine.PrizePlan:
    return engine.PrizePlan(
        prizes=tuple(engine_prize(rule) for rule in plan.rules.all()),
        entry_fee_share=percent(plan.entry_fee_percent),
        lost_fee_share=percent(plan.lost_fee_percent),
        ties=engine.TieRule(plan.ties),
        one_prize_each=plan.one_prize_each,
    )
