"""The Gewinnplan and the prize list in German words and rows, for pages and printouts.

Owns `rule_text` (one line of the plan as the club reads it), `check_lines` (the planned
payout against the pot: what remains or what is missing) and `prize_rows` (who gets what,
best first), and `prize_list_context`, the prize list as the page and the printout show it
(reading the event's ranking and prizes through `queries`). Writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring import prizes as engine
from skatclub.club.formatting import decimal, euro, euros
from skatclub.club.models import Event, PrizePlan, PrizeRule
from skatclub.club.presenters.downloads import Export
from skatclub.club.presenters.pages import played_serien, provisional_text
from skatclub.club.queries.prizes import Pot, event_prizes, played_serien_count
from skatclub.club.queries.standings import Row


def percent_text(value: Any) -> str:
    return f"{decimal(Fraction(value), 3).rstrip('0').rstrip(',')} %"


def rule_text(rule: PrizeRule) -> str:
    """E.g. "Platz 1: 30 % des Topfes", "Damen 1.–2.: je 20,00 €", "ab 30 Teilnehmern"."""
    if rule.category == PrizeRule.Category.TABLE:
        who = "Tischbester jeder Serie"
    elif rule.category == PrizeRule.Category.ALL:
        who = (
            f"Platz {rule.first}" if rule.first == rule.last else f"Platz {rule.first}–{rule.last}"
        )
    else:
        name = rule.get_category_display()
        span = f"{rule.first}." if rule.first == rule.last else f"{rule.first}.–{rule.last}."
        who = f"{name} {span}"
    if rule.per_participants:
        who += f" (ein Preis je {rule.per_participants} Teilnehmer)"
    each = "je " if rule.first != rule.last or rule.category == PrizeRule.Category.TABLE else ""
    if rule.item:
        what = f"{each}Sachpreis: {rule.item}"
    elif rule.fixed_cents:
        what = f"{each}{euro(rule.fixed_cents)}"
    else:
        what = f"{each}{percent_text(rule.percent or 0)} des Topfes"
    when = f" – ab {rule.min_participants} Teilnehmern" if rule.min_participants else ""
    return f"{who}: {what}{when}"


def pot_text(plan: PrizePlan, pot: Pot) -> str:
    parts = [f"{percent_text(plan.entry_fee_percent)} vom Startgeld ({euro(pot.entry_fees)})"]
    if plan.lost_fee_percent:
        parts.append(
            f"{percent_text(plan.lost_fee_percent)} vom Verlustspielgeld ({euro(pot.lost_fees)})"
        )
    return f"Topf {euro(pot.cents)}: " + " und ".join(parts) + "."


def check_lines(check: engine.PlanCheck, participants: int) -> list[str]:
    """The payout against the pot in German, the verdict last."""
    lines = [
        f"Bei {participants} Teilnehmern: {check.winners} "
        f"{'Preis' if check.winners == 1 else 'Preise'}, davon Geld zusammen "
        f"{euro(check.money)}"
        + (
            f" ({percent_text(check.share_total * 100)} des Topfes als Anteile)"
            if check.share_total
            else ""
        )
        + (_items(len(check.items)) if check.items else "")
        + "."
    ]
    if check.remaining >= 0:
        lines.append(f"Es bleiben {euro(check.remaining)} im Topf (für die Kasse).")
    else:
        lines.append(
            f"Der Plan zahlt {euro(-check.remaining)} mehr aus, als im Topf ist; "
            "das muss die Kasse zuschießen."
        )
    return lines


def _items(count: int) -> str:
    return " und 1 Sachpreis" if count == 1 else f" und {count} Sachpreise"


def prize_rows(
    prizes: engine.PrizeList, names: Mapping[int, str], places: Mapping[int, int]
) -> list[dict[str, Any]]:
    rows = [
        {
            "place": places.get(award.player_id),
            "name": names.get(award.player_id, "?"),
            "title": award.title,
            "cents": award.cents,
            "amount": euro(award.cents) if award.cents else "",
            "item": award.item,
        }
        for award in prizes.awards
    ]
    return sorted(rows, key=lambda r: (r["place"] or 10**6, r["title"]))


def prize_list_context(event: Event, plan: PrizePlan, rows: list[Row]) -> dict[str, Any]:
    """Who gets what so far, with the note how far the tournament is and "vorläufig"."""
    if not rows or not plan.rules.exists():
        return {"prize_rows": [], "prize_note": ""}
    awarded = event_prizes(plan, rows)
    names = {row.player_id: row.name for row in rows}
    places = {row.player_id: row.place for row in rows}
    played = played_serien_count(event)
    note = "" if played >= plan.serien else f"Zwischenstand nach {played} von {plan.serien} Serien."
    return {
        "prize_rows": prize_rows(awarded, names, places),
        "prize_note": note,
        "prize_total": awarded.paid_cents,
        "prize_unpaid": awarded.unpaid_cents,
        "provisional": provisional_text(played_serien(event)),
    }


PRIZE_COLUMNS = [
    ("place", "Platz"),
    ("name", "Name"),
    ("title", "Preis für"),
    ("amount", "Geldpreis (€)"),
    ("item", "Sachpreis"),
]


def prize_export(event: Event, rows: list[dict[str, Any]]) -> Export:
    """The prize list as a download (the rows of `prize_rows`)."""
    data = [
        {
            "place": row["place"],
            "name": row["name"],
            "title": row["title"],
            "amount": euros(row["cents"]) if row["cents"] else None,
            "item": row["item"],
        }
        for row in rows
    ]
    return Export("preise", f"Preisliste {event.name}", PRIZE_COLUMNS, data, money=["amount"])
