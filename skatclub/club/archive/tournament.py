"""The archive's optional tournament fields: event kind, Startgeld, sign-ins, Gewinnplan, the
Kasse's bookings and cash counts, and a player's member number and prize categories. Old
archives have none of them and import as before; `export` writes them only when they say
something (so export(import(x)) == x).

Event (all optional):
    "kind": "evening" | "tournament" | "championship"
    "entry_fees": {"full_cents": 1000, "reduced_cents": 500}
    "sign_ins": [{"player": "anna", "rate": "full" | "reduced" | "free", "fee_cents": 1000,
                  "paid": true}]
    "prize_plan": {"entry_fee_percent": "100", "lost_fee_percent": "0", "ties": "split" | "lot",
                   "one_prize_each": true, "serien": 3, "announced": true,
                   "prizes": [{"category": "all", "first": 1, "last": 1, "percent": "30"},
                              {"category": "women", "first": 1, "last": 1, "fixed_cents": 1000},
                              {"category": "table", "first": 1, "last": 1, "item": "Sekt",
                               "per_participants": 0, "min_participants": 0}]}
    "kasse": {"bookings": [{"kind": "opening" | "income" | "expense", "text": "Wechselgeld",
                            "amount_cents": 5000}],
              "counts": [{"counted_cents": 4510, "note": ""}]}   (oldest first)
Player (optional): "member_number": "0815", "categories": ["women", "seniors", "youth"].

The prizes themselves are not stored: they follow from the plan and the results
(`standings --json` prints them). Owns checking (`check_event_extras`, `check_player_extras`),
writing (`write_event_extras`) and exporting (`export_event_extras`, `export_player_extras`).
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.db.models import Q
from django.utils import timezone

from scoring import InvalidPrizePlan
from scoring import prizes as engine
from skatclub.club.archive.problems import Problems, is_count
from skatclub.club.models import (
    Attendance,
    CashCount,
    Event,
    KasseEntry,
    Player,
    PrizePlan,
    PrizeRule,
)
from skatclub.club.numbers import SMALL_MAX
from skatclub.club.queries.prizes import engine_prize
from skatclub.club.text import NO_VISIBLE_NUMBER, visible_text

CATEGORY_FLAGS = {"women": "is_woman", "seniors": "is_senior", "youth": "is_youth"}
MAX_FEE = 100_000
MAX_SIGN_INS = 5000
MAX_BOOKINGS = 500  # as `services.kasse` allows
MAX_KASSE_CENTS = 10_000_000
MAX_KASSE_TEXT = 200


# --- players ----------------------------------------------------------------------------------


# A player's optional fields in an archive, with their German names.
PLAYER_EXTRAS = {
    "member_number": "Mitgliedsnummer",
    "is_woman": "Dame",
    "is_senior": "Senior",
    "is_youth": "Jugend",
}


def check_player_extras(item: dict[str, Any], label: str, problems: Problems) -> dict[str, Any]:
    extras: dict[str, Any] = {}
    number = item.get("member_number", "")
    if not isinstance(number, str) or len(number) > 20:
        problems.add(label, "„member_number“ ist ein Text von höchstens 20 Zeichen.")
    elif number and not visible_text(number):
        problems.add(label, f"„member_number“: {NO_VISIBLE_NUMBER}")
    elif number:
        extras["member_number"] = visible_text(number)
    categories = item.get("categories", [])
    if not isinstance(categories, list) or any(c not in CATEGORY_FLAGS for c in categories):
        problems.add(label, "„categories“ kennt nur women, seniors und youth.")
    else:
        extras.update({CATEGORY_FLAGS[c]: True for c in categories})
    return extras


def export_player_extras(player: Player) -> dict[str, Any]:
    row: dict[str, Any] = {}
    if player.member_number:
        row["member_number"] = player.member_number
    categories = [c for c, flag in CATEGORY_FLAGS.items() if getattr(player, flag)]
    if categories:
        row["categories"] = categories
    return row


# --- events -----------------------------------------------------------------------------------


def check_event_extras(
    raw: dict[str, Any], here: str, seated_or_known: set[str], problems: Problems
) -> dict[str, Any]:
    """The optional fields of one event, checked; {"fields": …, "sign_ins": …, "plan": …}."""
    fields: dict[str, Any] = {}
    kind = raw.get("kind", Event.Kind.EVENING)
    if kind not in Event.Kind.values:
        problems.add(here, "„kind“ ist evening, tournament oder championship.")
    else:
        fields["kind"] = kind
    fees = raw.get("entry_fees", {})
    if not isinstance(fees, dict) or any(k not in ("full_cents", "reduced_cents") for k in fees):
        problems.add(here, "„entry_fees“ kennt nur full_cents und reduced_cents.")
    elif not all(is_count(v) and v <= MAX_FEE for v in fees.values()):
        problems.add(here, f"Startgeld in ganzen Cent von 0 bis {MAX_FEE}.")
    else:
        fields["entry_fee_cents"] = fees.get("full_cents", 0)
        fields["reduced_fee_cents"] = fees.get("reduced_cents")
    return {
        "fields": fields,
        "sign_ins": _check_sign_ins(raw.get("sign_ins", []), here, seated_or_known, problems),
        "plan": _check_plan(raw.get("prize_plan"), here, problems),
        "kasse": _check_kasse(raw.get("kasse"), here, problems),
    }


def _check_kasse(raw: Any, here: str, problems: Problems) -> dict[str, list[dict[str, Any]]]:
    """`"kasse": {"bookings": [...], "counts": [...]}` (optional): what the Kassenwart booked
    besides the computed money, and every cash count."""
    empty: dict[str, list[dict[str, Any]]] = {"bookings": [], "counts": []}
    if raw is None:
        return empty
    where_ = f"{here}, Kasse"
    if not isinstance(raw, dict) or any(k not in empty for k in raw):
        problems.add(where_, "„kasse“ kennt nur „bookings“ und „counts“.")
        return empty
    bookings, counts = raw.get("bookings", []), raw.get("counts", [])
    if not all(isinstance(x, list) and len(x) <= MAX_BOOKINGS for x in (bookings, counts)):
        problems.add(where_, f"„bookings“ und „counts“ sind Listen von höchstens {MAX_BOOKINGS}.")
        return empty
    result = {"bookings": [_booking(b, where_, problems) for b in bookings]}
    result["counts"] = [_count(c, where_, problems) for c in counts]
    return {k: [x for x in v if x is not None] for k, v in result.items()}


def _booking(raw: Any, where_: str, problems: Problems) -> dict[str, Any] | None:
    if (
        not isinstance(raw, dict)
        or raw.get("kind") not in KasseEntry.Kind.values
        or not _text(raw.get("text"), required=True)
        or not is_count(raw.get("amount_cents"))
        or not 0 < raw["amount_cents"] <= MAX_KASSE_CENTS
    ):
        problems.add(
            where_,
            "eine Buchung hat „kind“ (opening, income oder expense), „text“ (1 bis "
            f"{MAX_KASSE_TEXT} Zeichen) und „amount_cents“ (1 bis {MAX_KASSE_CENTS}).",
        )
        return None
    return {
        "kind": raw["kind"],
        "text": visible_text(raw["text"]),
        "amount_cents": raw["amount_cents"],
    }


def _count(raw: Any, where_: str, problems: Problems) -> dict[str, Any] | None:
    if (
        not isinstance(raw, dict)
        or not is_count(raw.get("counted_cents"))
        or raw["counted_cents"] > MAX_KASSE_CENTS
        or not _text(raw.get("note", ""), required=False)
    ):
        problems.add(
            where_,
            f"eine Zählung hat „counted_cents“ (0 bis {MAX_KASSE_CENTS}) und wahlweise "
            f"„note“ (höchstens {MAX_KASSE_TEXT} Zeichen).",
        )
        return None
    return {"counted_cents": raw["counted_cents"], "note": visible_text(raw.get("note", ""))}


def _text(value: Any, *, required: bool) -> bool:
    if not isinstance(value, str) or len(value) > MAX_KASSE_TEXT:
        return False
    return bool(visible_text(value)) or not required


def _check_sign_ins(
    raw: Any, here: str, known: set[str], problems: Problems
) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or len(raw) > MAX_SIGN_INS:
        problems.add(here, f"„sign_ins“ ist eine Liste von höchstens {MAX_SIGN_INS} Einträgen.")
        return []
    result: dict[str, dict[str, Any]] = {}
    for item in raw:
        player = item.get("player") if isinstance(item, dict) else None
        if player not in known:
            problems.add(here, f"Anmeldung für „{player}“, der nicht unter „players“ steht.")
        elif player in result:
            problems.add(here, f"{player} ist zweimal angemeldet.")
        elif item.get("rate", "full") not in Attendance.Rate.values:
            problems.add(here, f"{player}: „rate“ ist full, reduced oder free.")
        elif not (is_count(item.get("fee_cents", 0)) and item.get("fee_cents", 0) <= MAX_FEE):
            problems.add(here, f"{player}: „fee_cents“ ganze Cent von 0 bis {MAX_FEE}.")
        elif not isinstance(item.get("paid", False), bool):
            problems.add(here, f"{player}: „paid“ ist true oder false.")
        else:
            result[player] = {
                "rate": item.get("rate", "full"),
                "fee_cents": item.get("fee_cents", 0),
                "paid": item.get("paid", False),
            }
    return [{"player": k, **v} for k, v in result.items()]


def _percent(value: Any) -> Decimal | None:
    if not isinstance(value, str) or len(value) > 10:
        return None
    try:
        number = Decimal(value)
    except InvalidOperation:
        return None
    return number if number.is_finite() and 0 <= number <= 100 else None


def _check_plan(raw: Any, here: str, problems: Problems) -> dict[str, Any] | None:
    if raw is None:
        return None
    where = f"{here}, Gewinnplan"
    if not isinstance(raw, dict):
        problems.add(where, "„prize_plan“ muss ein JSON-Objekt sein.")
        return None
    entry = _percent(raw.get("entry_fee_percent", "100"))
    lost = _percent(raw.get("lost_fee_percent", "0"))
    rounds = raw.get("serien", 3)
    if entry is None or lost is None:
        problems.add(where, 'Prozente als Text von "0" bis "100", z. B. "12.5".')
        return None
    if raw.get("ties", "split") not in PrizePlan.Ties.values:
        problems.add(where, "„ties“ ist split oder lot.")
        return None
    if not isinstance(raw.get("one_prize_each", True), bool) or not isinstance(
        raw.get("announced", False), bool
    ):
        problems.add(where, "„one_prize_each“ und „announced“ sind true oder false.")
        return None
    if not is_count(rounds) or not 1 <= rounds <= 20:
        problems.add(where, "„serien“ ist eine Zahl von 1 bis 20.")
        return None
    rules = _check_rules(raw.get("prizes", []), where, problems)
    return {
        "entry_fee_percent": entry,
        "lost_fee_percent": lost,
        "ties": raw.get("ties", "split"),
        "one_prize_each": raw.get("one_prize_each", True),
        "serien": rounds,
        "announced": raw.get("announced", False),
        "rules": rules,
    }


def _check_rules(raw: Any, where: str, problems: Problems) -> list[dict[str, Any]]:
    if not isinstance(raw, list) or len(raw) > engine.MAX_RULES:
        problems.add(where, f"„prizes“ ist eine Liste von höchstens {engine.MAX_RULES} Preisen.")
        return []
    rules = []
    for index, item in enumerate(raw, start=1):
        label = f"{where}, Preis {index}"
        if not isinstance(item, dict) or item.get("category", "all") not in (
            PrizeRule.Category.values
        ):
            problems.add(label, "braucht eine Wertung („category“: all, women, …, table).")
            continue
        numbers = [
            item.get(k, 0) for k in ("first", "last", "per_participants", "min_participants")
        ]
        fixed = item.get("fixed_cents")
        percent = _percent(item["percent"]) if "percent" in item else None
        item_text = item.get("item", "")
        if not all(is_count(n, SMALL_MAX) for n in numbers) or (
            fixed is not None and not is_count(fixed)
        ):
            problems.add(label, "Plätze, Teilnehmer und Beträge sind ganze Zahlen ≥ 0.")
            continue
        if "percent" in item and percent is None or not isinstance(item_text, str):
            problems.add(label, 'ein Anteil steht als Text von "0" bis "100".')
            continue
        rule = {
            "category": item.get("category", "all"),
            "first": numbers[0],
            "last": numbers[1],
            "percent": percent,
            "fixed_cents": fixed,
            "item": item_text,
            "per_participants": numbers[2],
            "min_participants": numbers[3],
        }
        try:
            engine_prize(PrizeRule(**rule))
        except InvalidPrizePlan as error:
            problems.add(label, error.message)
            continue
        rules.append(rule)
    return rules


def write_event_extras(event: Event, extras: dict[str, Any], player_ids: dict[str, int]) -> None:
    """Sign-ins (on top of the attendance the Serien imply), the Kasse and the Gewinnplan."""
    for sign_in in extras["sign_ins"]:
        Attendance.objects.update_or_create(
            event=event,
            player_id=player_ids[sign_in["player"]],
            defaults={k: sign_in[k] for k in ("rate", "fee_cents", "paid")},
        )
    kasse = extras.get("kasse") or {"bookings": [], "counts": []}
    KasseEntry.objects.bulk_create(KasseEntry(event=event, **b) for b in kasse["bookings"])
    for count in kasse["counts"]:  # one by one: each its own time, the last is the latest
        CashCount.objects.create(event=event, **count)
    plan = extras["plan"]
    if plan is None:
        return
    saved = PrizePlan.objects.create(
        event=event,
        entry_fee_percent=plan["entry_fee_percent"],
        lost_fee_percent=plan["lost_fee_percent"],
        ties=plan["ties"],
        one_prize_each=plan["one_prize_each"],
        rounds=plan["serien"],
        announced_at=timezone.now() if plan["announced"] else None,
    )
    PrizeRule.objects.bulk_create(
        PrizeRule(plan=saved, order=order, **rule)
        for order, rule in enumerate(plan["rules"], start=1)
    )


def tournament_data(events: list[Event]) -> dict[str, Any]:
    """Sign-ins, Gewinnpläne and the Kasse of `events` for `export_event_extras`, in five
    queries."""
    sign_ins: dict[int, list[dict[str, Any]]] = {}
    rows = (
        Attendance.objects.filter(event__in=events)
        .filter(Q(fee_cents__gt=0) | Q(paid=True) | ~Q(rate=Attendance.Rate.FULL))
        .order_by("player__key")
        .values("event_id", "player__key", "rate", "fee_cents", "paid")
    )
    for a in rows:
        sign_ins.setdefault(a["event_id"], []).append(
            {"player": a["player__key"], "rate": a["rate"], "fee_cents": a["fee_cents"]}
            | {"paid": a["paid"]}
        )
    plans = {
        plan.event_id: plan
        for plan in PrizePlan.objects.filter(event__in=events).prefetch_related("rules")
    }
    kasse: dict[int, dict[str, list[dict[str, Any]]]] = {}
    chronological = ("at", "id")
    for kind, rows_of in (
        ("bookings", KasseEntry.objects.values("event_id", "kind", "text", "amount_cents")),
        ("counts", CashCount.objects.values("event_id", "counted_cents", "note")),
    ):
        for found in rows_of.filter(event__in=events).order_by(*chronological):
            item = {k: v for k, v in found.items() if k != "event_id"}
            kasse.setdefault(found["event_id"], {"bookings": [], "counts": []})[kind].append(item)
    return {"sign_ins": sign_ins, "plans": plans, "kasse": kasse}


def export_event_extras(event: Event, data: dict[str, Any]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    if event.kind != Event.Kind.EVENING:
        row["kind"] = event.kind
    # The Startgeld is a declared rule: `archive_rules` writes "entry_fees".
    if event.pk in data["sign_ins"]:
        row["sign_ins"] = data["sign_ins"][event.pk]
    if event.pk in data["plans"]:
        row["prize_plan"] = _export_plan(data["plans"][event.pk])
    if event.pk in data["kasse"]:
        row["kasse"] = {k: v for k, v in data["kasse"][event.pk].items() if v}
    return row


def _export_plan(plan: PrizePlan) -> dict[str, Any]:
    rules = []
    for rule in plan.rules.all():
        row: dict[str, Any] = {"category": rule.category, "first": rule.first, "last": rule.last}
        if rule.percent is not None:
            row["percent"] = _decimal_text(rule.percent)
        if rule.fixed_cents is not None:
            row["fixed_cents"] = rule.fixed_cents
        if rule.item:
            row["item"] = rule.item
        if rule.per_participants:
            row["per_participants"] = rule.per_participants
        if rule.min_participants:
            row["min_participants"] = rule.min_participants
        rules.append(row)
    return {
        "entry_fee_percent": _decimal_text(plan.entry_fee_percent),
        "lost_fee_percent": _decimal_text(plan.lost_fee_percent),
        "ties": plan.ties,
        "one_prize_each": plan.one_prize_each,
        "serien": plan.rounds,
        "announced": plan.is_locked,
        "prizes": rules,
    }


def _decimal_text(value: Decimal) -> str:
    return format(Decimal(value).normalize(), "f")
