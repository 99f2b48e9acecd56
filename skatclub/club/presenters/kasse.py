"""The Kassenbericht and the receipts as rows for the page, the printouts and the downloads.

Owns `kasse_context` (the one context of the Kasse page and the Kassenbericht PDF),
`report_context` (income, expenses, expected and counted cash, the difference in words, one row
per player, and the counts with what changed between them and since the last one:
`corrections_context`), `kasse_exports` (the same for the Kassenwart's spreadsheet) and
`receipt_context` (one player's receipt, every line of his account). Every amount is the
ledger's (`queries.ledger`), as signed integer cents (+ the player receives or the Kasse takes
in, − the player pays or the Kasse pays out); the templates show them with the `euro` filter.
Reads nothing itself; writes nothing.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.utils import timezone

from scoring.ledger import Account, Counted, LineKind
from skatclub.club.collation import german_key
from skatclub.club.formatting import euro
from skatclub.club.models import Event
from skatclub.club.presenters.downloads import Export
from skatclub.club.queries.kasse_changes import (
    KasseHistory,
    Period,
    kasse_history,
    receipt_states,
)
from skatclub.club.queries.ledger import EventLedger, event_ledger, money_fields


def _when(at: datetime) -> str:
    """A moment as the pages show it, in the club's time zone: "04.12.2026 18:40"."""
    return f"{timezone.localtime(at):%d.%m.%Y %H:%M}"


def kasse_context(event: Event) -> dict[str, Any]:
    """The Kassenbericht of `event` as the Kasse page and the PDF show it (one function for
    both, so every figure is the same)."""
    found = event_ledger(event, kasse=True)
    return report_context(found, kasse_history(found))


def difference_text(difference: int | None) -> str:
    if difference is None:
        return "Noch nicht gezählt."
    if difference == 0:
        return "Die Kasse stimmt auf den Cent: gezählt = Soll."
    if difference > 0:
        return f"In der Kasse sind {euro(difference)} mehr, als sein müssten."
    return f"In der Kasse fehlen {euro(-difference)}."


def step_text(step: int) -> str:
    """How the amounts at the end are rounded: "auf ganze Cent", "auf 0,10 €"."""
    return "auf ganze Cent" if step == 1 else f"auf {euro(step)}"


def rounding_text(step: int) -> str:
    return f"Rundung der Schlussbeträge {step_text(step)}"


def kasse_parts(found: EventLedger, has_fees: bool, has_prizes: bool) -> str:
    """What the Kasse takes or gives at the end, part by part (they add up to its amount,
    `Kassenbericht.at_the_end`): the Abrechnung's and the public page's Kasse line."""
    report = found.report
    parts = [f"Verlustspielgeld {euro(report.lost_fees, unit=False)}"]
    if has_fees:
        parts.append(f"offenes Startgeld {euro(report.entry_fees_open, unit=False)}")
    if has_prizes:
        parts.append(f"Preise {euro(-report.prizes, unit=False)}")
    rest = report.game_cash_in - report.game_cash_out
    if rest:
        parts.append(f"Spielgeld auf Cent gerundet {euro(rest, sign=True, unit=False)}")
    parts.append(f"Rundung {euro(report.rounding, sign=True, unit=False)}")
    return ", ".join(parts)


def report_context(found: EventLedger, history: KasseHistory | None = None) -> dict[str, Any]:
    """The Kassenbericht: income (+) and expenses (−) in the order the Kassenwart books them,
    one row per player in German alphabetical order, and (with `history`) the counts and the
    changes between them."""
    report, step = found.report, found.ledger.step_cents
    income = [
        ("Startgeld", report.entry_fees),
        ("Verlustspielgeld", report.lost_fees),
        ("Preisskat: Spielgeld der Verlierer", report.game_cash_in),
        *([(rounding_text(step), report.rounding)] if report.rounding > 0 else []),
        *[(b.text, b.cents) for b in found.ledger.bookings if not b.opening and b.cents > 0],
    ]
    spending = [
        ("Preise", -report.prizes),
        ("Preisskat: Spielgeld an die Gewinner", -report.game_cash_out),
        *([(rounding_text(step), report.rounding)] if report.rounding < 0 else []),
        *[(b.text, b.cents) for b in found.ledger.bookings if not b.opening and b.cents < 0],
    ]
    return {
        "report": report,
        "income": income,
        "spending": spending,
        "spending_total": -report.spending,
        "rows": [_player_row(found, account) for account in by_name(found)],
        "step_text": step_text(step),
        "difference_text": explained_difference(report.difference, history),
        "balanced": report.difference == 0,
        "count": found.count,
        "bookings": found.bookings,
        "items": [
            (found.names[a.player_id], title, item)
            for a in by_name(found)
            for title, item in a.items
        ],
        "entry_fees_open": report.entry_fees_open,
    } | corrections_context(found, history)


def explained_difference(difference: int | None, history: KasseHistory | None) -> str:
    """The difference counted − Soll in words; after a correction since the count, what the
    Kasse said when counted and that the rest was changed since, not lost."""
    since = history.since_last if history else None
    if history is None or since is None or since.start is None or not since.changed:
        return difference_text(difference)
    counted = history.counts[-1][1]
    when = f"Bei der Zählung ({_when(since.start.at)}): "
    at_count = when + difference_text(counted.difference) if counted.then else ""
    moves = since.moves
    if moves is None:
        return " ".join(
            part
            for part in (
                difference_text(difference),
                "Seit der Zählung wurde geändert (siehe „Seit der Zählung geändert“); "
                "die Zählung kannte den damaligen Soll-Bestand noch nicht.",
            )
            if part
        )
    soll = (
        f"Soll-Bestand {euro(moves.expected_before)} → {euro(moves.expected_after)}, das ändert "
        f"die Differenz um {euro(moves.difference_change, sign=True)}."
        if moves.difference_change
        else f"der Soll-Bestand bleibt {euro(moves.expected_after)}, aber Schlussbeträge "
        "haben sich verschoben."
    )
    parts = [at_count, f"Seit der Zählung geändert: {soll}"]
    if moves.to_pay_out:
        parts.append(f"Noch auszuzahlen: {euro(moves.to_pay_out)}.")
    if moves.to_take_in:
        parts.append(f"Noch einzunehmen: {euro(moves.to_take_in)}.")
    if moves.difference_change:
        parts.append(f"Differenz jetzt: {euro(difference or 0)} – seit der Zählung geändert.")
    if counted.difference == 0:
        parts.append(
            "Es fehlt kein Geld: die Kasse stimmt, sobald die Änderungen abgerechnet sind."
        )
    return " ".join(part for part in parts if part)


def corrections_context(found: EventLedger, history: KasseHistory | None) -> dict[str, Any]:
    """The counts (oldest first) with the Soll-Bestand and difference of their moment, and
    for the time after each count what was changed and whose Schluss moved."""
    if history is None:
        return {"counts": [], "periods": [], "since_count": None, "receipts": []}
    periods = [_period(found, period) for period in history.periods]
    return {
        "counts": [_count_row(count, counted) for count, counted in history.counts],
        "periods": [p for p in periods if p["changed"]],
        "since_count": periods[-1] if periods and periods[-1]["changed"] else None,
        "receipts": [
            {
                "name": found.names.get(state.player_id, state.receipt.player.name),
                "key": found.keys.get(state.player_id, state.receipt.player.key),
                "at": state.receipt.at,
                "at_the_end": state.receipt.at_the_end_cents,
                "now": _schluss(found, state.player_id),
                "current": state.current,
            }
            for state in sorted(
                history.receipts,
                key=lambda s: german_key(found.names.get(s.player_id, s.receipt.player.name)),
            )
        ],
    }


def _schluss(found: EventLedger, player_id: int) -> int | None:
    account = found.account(player_id)
    return None if account is None else account.at_the_end


def _count_row(count: Any, counted: Counted) -> dict[str, Any]:
    return {
        "at": count.at,
        "who": count.user.get_username() if count.user else "",
        "note": count.note,
        "counted": count.counted_cents,
        "expected": counted.then.expected if counted.then else None,
        "difference": counted.difference,
    }


def _period(found: EventLedger, period: Period) -> dict[str, Any]:
    moves = period.moves
    return {
        "changed": period.changed,
        "start": period.start.at if period.start else None,
        "end": period.end.at if period.end else None,
        "title": (
            f"Zwischen den Zählungen vom {_when(period.start.at)} und {_when(period.end.at)}"
            if period.start and period.end
            else f"Seit der Zählung vom {_when(period.start.at)} geändert"
            if period.start
            else "Vor der ersten Zählung"
        ),
        "corrections": [
            {
                "at": c.at,
                "who": c.who,
                "round": c.round_number,
                "table": c.table_number,
                "game": c.game_number,
                "what": c.what,
                "note": c.note,
            }
            for c in period.corrections
        ],
        "bookings": [(b.get_kind_display(), b.text, b.amount_cents) for b in period.bookings],
        "moves": [
            {
                "name": found.names.get(m.player_id, "?"),
                "before": m.before,
                "after": m.after,
                "change": m.change,
            }
            for m in sorted(
                moves.moves if moves else (),
                key=lambda m: german_key(found.names.get(m.player_id, "?")),
            )
        ],
        "expected_before": moves.expected_before if moves else None,
        "expected_after": moves.expected_after if moves else None,
        "to_pay_out": moves.to_pay_out if moves else 0,
        "to_take_in": moves.to_take_in if moves else 0,
        "snapshot": moves is not None,
    }


def by_name(found: EventLedger) -> list[Account]:
    """The accounts in German alphabetical order of the names (as on paper)."""
    return sorted(
        found.accounts,
        key=lambda a: (german_key(found.names[a.player_id]), found.keys[a.player_id]),
    )


def _player_row(found: EventLedger, account: Account) -> dict[str, Any]:
    return {
        "player_id": account.player_id,
        "key": found.keys[account.player_id],
        "name": found.names[account.player_id],
        "entry_fee": -account.entry_fee,
        "paid": account.entry_fee_paid,
        "lost_fees": -account.lost_fee_total,
        "game_cash": account.game_cash_cents,
        "prizes": account.prize_cents,
        "items": ", ".join(item for _, item in account.items),
        "rounding": account.rounding,
        "net": account.net,
        "at_the_end": account.at_the_end,
        "money": money_fields(account),
    }


LEDGER_COLUMNS = [("side", "Art"), ("text", "Posten"), ("amount_cents", "Betrag (€)")]
# The keys of docs/spec/money-json.md (`queries.ledger.money_fields`): Startgeld and
# Verlustspielgeld as what the player pays, the rest + the player receives, − he pays.
PLAYER_COLUMNS = [
    ("name", "Name"),
    ("entry_fee_cents", "Startgeld (€)"),
    ("entry_fee_paid", "Startgeld bezahlt"),
    ("entry_fee_open_cents", "Startgeld offen (€)"),
    ("fees_cents", "Verlustspielgeld (€)"),
    ("cash_cents", "Spielgeld genau (€)"),
    ("game_cash_rounded_cents", "Spielgeld auf den Cent (€)"),
    ("prize_cents", "Preise (€)"),
    ("prize_items", "Sachpreise"),
    ("rounding_cents", "Rundung (€)"),
    ("net_cents", "Saldo (€)"),
    ("payout_cents", "Schluss (€)"),
]
PLAYER_MONEY = [key for key, _ in PLAYER_COLUMNS if key.endswith("_cents")]


def kasse_exports(context: dict[str, Any], title: str) -> list[Export]:
    """The Kassenbericht's ledger (income +, expenses −, the Soll, what was counted and the
    difference), its rows per player (the keys of docs/spec/money-json.md) and whose Schluss
    moved after each count, for the Kassenwart's spreadsheet; money in cents (the spreadsheets
    show euros)."""
    report = context["report"]
    ledger = [
        {"side": "Anfangsbestand", "text": "Wechselgeld", "amount_cents": report.opening},
        *[
            {"side": "Einnahme", "text": text, "amount_cents": cents}
            for text, cents in context["income"]
        ],
        *[
            {"side": "Ausgabe", "text": text, "amount_cents": cents}
            for text, cents in context["spending"]
        ],
        {"side": "Soll", "text": "Kassenbestand laut Bericht", "amount_cents": report.expected},
        *(
            [
                {"side": "gezählt", "text": _count_text(context), "amount_cents": report.counted},
                {
                    "side": "Differenz",
                    "text": "gezählt − Soll",
                    "amount_cents": report.difference or 0,
                },
            ]
            if report.counted is not None
            else []
        ),
    ]
    players = [{"name": row["name"]} | row["money"] for row in context["rows"]]
    changes = [
        {
            "period": period["title"],
            "name": move["name"],
            "payout_before_cents": move["before"],
            "payout_cents": move["after"],
            "payout_change_cents": move["change"],
        }
        for period in context["periods"]
        for move in period["moves"]
    ]
    return [
        Export("kasse", f"Kassenbericht {title}", LEDGER_COLUMNS, ledger, money=["amount_cents"]),
        Export("spieler", f"Kasse je Spieler {title}", PLAYER_COLUMNS, players, money=PLAYER_MONEY),
        Export(
            "zaehlungen",
            f"Zählungen {title}",
            COUNT_COLUMNS,
            [
                {
                    "at": _when(count["at"]),
                    "who": count["who"],
                    "counted_cents": count["counted"],
                    "expected_cents": count["expected"],
                    "difference_cents": count["difference"],
                    "note": count["note"],
                }
                for count in context["counts"]
            ],
            money=["counted_cents", "expected_cents", "difference_cents"],
        ),
        Export(
            "aenderungen",
            f"Seit den Zählungen geändert {title}",
            MOVE_COLUMNS,
            changes,
            money=[key for key, _ in MOVE_COLUMNS if key.endswith("_cents")],
        ),
    ]


COUNT_COLUMNS = [
    ("at", "am"),
    ("who", "von"),
    ("counted_cents", "gezählt (€)"),
    ("expected_cents", "Soll damals (€)"),
    ("difference_cents", "Differenz damals (€)"),
    ("note", "Vermerk"),
]
MOVE_COLUMNS = [
    ("period", "Zeitraum"),
    ("name", "Name"),
    ("payout_before_cents", "Schluss vorher (€)"),
    ("payout_cents", "Schluss jetzt (€)"),
    ("payout_change_cents", "Änderung (€)"),
]


def _count_text(context: dict[str, Any]) -> str:
    count = context["count"]
    if count is None:
        return "Kassenbestand gezählt"
    who = f", {count.user.get_username()}" if count.user else ""
    return f"Kassenbestand gezählt ({_when(count.at)}{who})"


def receipt_context(found: EventLedger, account: Account) -> dict[str, Any]:
    """One player's receipt: every line of his account, what he paid at sign-in, and what he
    pays or receives at the end."""
    name = found.names[account.player_id]
    step = step_text(found.ledger.step_cents)
    rounded = account.game_cash != account.game_cash_cents
    return {
        "name": name,
        "key": found.keys[account.player_id],
        "account": account,
        "lines": [
            (f"{line.text} ({step})" if line.kind is LineKind.ROUNDING else line.text, line.cents)
            for line in account.lines
        ],
        "step_text": step,
        "exact_game_cash": euro(account.game_cash) if rounded else "",
        "exact_end": euro(account.exact_end),
        "end_out": account.at_the_end >= 0,
        "end_amount": abs(account.at_the_end),
        "end_text": (
            f"Schluss: Auszahlung an {name}"
            if account.at_the_end >= 0
            else f"Schluss: {name} zahlt an die Kasse"
        ),
    }


def receipt_page_context(found: EventLedger, account: Account) -> dict[str, Any]:
    """The receipt page: the receipt, and whether the one printed last is „überholt“."""
    states = receipt_states(found, account.player_id)
    printed = states[0].receipt if states else None
    return receipt_context(found, account) | {
        "printed_at": printed.at if printed else None,
        "printed_end": printed.at_the_end_cents if printed else None,
        "superseded": bool(states) and not states[0].current,
    }


def receipts_context(found: EventLedger) -> list[dict[str, Any]]:
    return [receipt_context(found, account) for account in by_name(found)]
