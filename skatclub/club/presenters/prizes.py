"""The Gewinnplan and the prize list in German words and rows, for pages and printouts.

Owns `rule_text` (one line of the plan as the club reads it), `rule_lines` (each line with what
it pays for the field, or why it pays nothing), `check_lines` (the forecast against the pot:
what remains or what is missing), `paid_lines` (what the prize list pays, once Serien are
played) and `prize_rows` (who gets what, best first), and `prize_list_context`, the prize list
as the page and the printout show it. Every amount is the ledger's or the forecast's
(`queries.ledger`); reads and writes nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from scoring import prizes as engine
from skatclub.club.formatting import decimal, euro
from skatclub.club.models import Event, PrizePlan, PrizeRule
from skatclub.club.presenters.downloads import Export
from skatclub.club.presenters.pages import played_rounds_of, provisional_text
from skatclub.club.queries.ledger import EventLedger
from skatclub.club.queries.prizes import played_rounds_count


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


def pot_text(plan: PrizePlan, pot: engine.Pot) -> str:
    parts = [f"{percent_text(plan.entry_fee_percent)} vom Startgeld ({euro(pot.entry_fees)})"]
    if plan.lost_fee_percent:
        parts.append(
            f"{percent_text(plan.lost_fee_percent)} vom Verlustspielgeld ({euro(pot.lost_fees)})"
        )
    return f"Topf {euro(pot.cents)}: " + " und ".join(parts) + "."


def rule_lines(rules: list[PrizeRule], check: engine.Forecast) -> list[tuple[PrizeRule, str, str]]:
    """(rule, its text, what it pays for the forecast's field): "1 × 116,30 €", "2 Sachpreise",
    or "kein Preis: …" with the reason."""
    result = []
    for rule, planned in zip(rules, check.rules, strict=True):
        if not planned.winners:
            note = f"bei {check.participants} Teilnehmern kein Preis: {planned.reason}"
        elif rule.item:
            note = f"{planned.winners} × {rule.item}"
        else:
            note = f"{planned.winners} × {euro(planned.cents)}"
        result.append((rule, rule_text(rule), note))
    return result


def check_lines(check: engine.Forecast) -> list[str]:
    """The payout against the pot in German, the verdict last."""
    participants = check.participants
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


def paid_lines(found: EventLedger) -> list[str]:
    """What the prize list pays against the pot, once Serien are played; the verdict last."""
    ledger = found.ledger
    count = len(ledger.prizes.awards) if ledger.prizes else 0
    lines = [
        f"Die Preisliste: {count} {'Preis' if count == 1 else 'Preise'}, davon Geld zusammen "
        f"{euro(ledger.prizes_paid)}."
    ]
    if ledger.pot_remaining >= 0:
        unpaid = ledger.prizes_unpaid
        lines.append(
            f"Es bleiben {euro(ledger.pot_remaining)} im Topf (für die Kasse)"
            + (
                f", davon {euro(unpaid)} Rest beim Teilen und nicht erreichte Plätze"
                if unpaid
                else ""
            )
            + "."
        )
    else:
        lines.append(
            f"Die Preisliste zahlt {euro(-ledger.pot_remaining)} mehr aus, als im Topf ist; "
            "das schießt die Kasse zu."
        )
    return lines


def prize_list_context(found: EventLedger) -> dict[str, Any]:
    """Who gets what so far, with the note how far the tournament is and "vorläufig"."""
    event, plan, awarded = found.event, found.plan, found.ledger.prizes
    if plan is None or awarded is None:
        return {"prize_rows": [], "prize_note": ""}
    played = played_rounds_count(event)
    note = "" if played >= plan.rounds else f"Zwischenstand nach {played} von {plan.rounds} Serien."
    return {
        "prize_rows": prize_rows(awarded, found.names, found.places),
        "prize_note": note,
        "prize_total": found.ledger.prizes_paid,
        "prize_unpaid": found.ledger.prizes_unpaid,
        "paid_lines": paid_lines(found),
        "provisional": provisional_text(played_rounds_of(event)),
    }


PRIZE_COLUMNS = [
    ("place", "Platz"),
    ("name", "Name"),
    ("title", "Preis für"),
    ("amount_cents", "Geldpreis (€)"),
    ("item", "Sachpreis"),
]


def prize_export(event: Event, rows: list[dict[str, Any]]) -> Export:
    """The prize list as a download (the rows of `prize_rows`)."""
    data = [
        {
            "place": row["place"],
            "name": row["name"],
            "title": row["title"],
            "amount_cents": row["cents"] or None,
            "item": row["item"],
        }
        for row in rows
    ]
    return Export("preise", f"Preisliste {event.name}", PRIZE_COLUMNS, data, money=["amount_cents"])
