"""Reads for the Gewinnplan: the pot, the plan's check for the signed-in field, the prize list.

Owns `stored_plan` and `planned_serien` (the plan as saved, without creating one),
`engine_plan` and `engine_prize` (a stored plan and its lines as the engine takes them),
`pot_parts` (Startgeld and Verlustspielgeld of the event), `plan_check` (what the plan
pays for a field, against the pot) and `event_prizes` (who gets what: the event's ranking,
each player's categories and the ranking at every table of every Serie, handed to the
engine's `prize_list`). A fixed number of queries each; writes nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import Sum

from scoring import TableSizeError, ranked, strength, table_sizes
from scoring import prizes as engine
from skatclub.club.models import Attendance, Event, Player, PrizePlan, PrizeRule
from skatclub.club.queries.standings import Line, Row, event_standings, played_rounds


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


def stored_plan(event: Event) -> PrizePlan | None:
    """The event's Gewinnplan, None before one is saved (a read creates none: the Spielwart's
    page does, `services.prizes.plan_of`)."""
    return PrizePlan.objects.filter(event=event).first()


def planned_serien(event: Event) -> int:
    """How many Serien the event's Gewinnplan plans; the plan's default before one is saved."""
    return (stored_plan(event) or PrizePlan()).serien


@dataclass(frozen=True)
class Pot:
    entry_fees: int  # all Startgeld owed (cents)
    lost_fees: int  # all Verlustspielgeld (cents)
    cents: int  # what goes into the pot by the plan


def entry_fees(event: Event) -> int:
    return Attendance.objects.filter(event=event).aggregate(s=Sum("fee_cents"))["s"] or 0


def pot_parts(plan: PrizePlan, rows: list[Row] | None = None) -> Pot:
    event = plan.event
    rows = event_standings(event) if rows is None else rows
    fees = sum(row.fees_cents for row in rows)
    startgeld = entry_fees(event)
    return Pot(startgeld, fees, engine.pot_cents(engine_plan(plan), startgeld, fees))


def plan_check(plan: PrizePlan, participants: int, pot: int) -> engine.PlanCheck:
    """What the plan pays for `participants` players seated into `plan.serien` Serien."""
    try:
        tables = len(table_sizes(participants)) if participants else 0
    except TableSizeError:
        tables = 0
    return engine.check_plan(engine_plan(plan), participants, pot, tables * plan.serien)


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


def event_prizes(plan: PrizePlan, rows: list[Row] | None = None) -> engine.PrizeList:
    """The prize list for the event's standings as they are now."""
    event = plan.event
    rows = event_standings(event) if rows is None else rows
    ranking = [engine.Placed(row.player_id, row.place) for row in rows]
    flags = Player.objects.filter(id__in=[r.player_id for r in rows]).values(
        "id", "is_woman", "is_senior", "is_youth", "is_guest"
    )
    categories = {f["id"]: categories_of(f) for f in flags}
    pot = pot_parts(plan, rows).cents
    return engine.prize_list(
        engine_plan(plan),
        ranking,
        pot,
        categories=categories,
        tables=table_rankings([line for row in rows for line in row.lines]),
        seed=event.key,
    )


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


def played_serien_count(event: Event) -> int:
    return event.rounds.filter(played_rounds()).count()
