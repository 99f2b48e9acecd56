"""What each printout shows: Spiellisten, results, Tischliste and settlement, as template context.

Owns choosing the template, the German filename and the context of every printout (`printout`);
`views/printing.py` and the `print_pdf` command both call it, `render.py` renders the result.
Reads the Spielliste from `queries.sheet.score_sheet`, standings and money from
`queries/standings.py` and settles with the engine's `transfers`; writes nothing and checks no
Skat rule. How one Spielliste is laid out on the page (grid text, SVG lines, column widths) is
`sheet_layout.py`.

Terms: a *printout* is one downloadable document; a *sheet* is one table's Spielliste.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from scoring import WON_BONUS, score_rule, transfers
from scoring.settlement import EXACT_LIMIT
from skatclub.club.models import Event, Round, Seat, Table
from skatclub.club.presenters.downloads import euro
from skatclub.club.presenters.pages import played_serien, provisional_text
from skatclub.club.printing.sheet_layout import printed_sheet
from skatclub.club.queries.sheet import score_sheet
from skatclub.club.queries.standings import Row, event_standings, kasse_cents, lines_for

KINDS = ("score_sheet", "results", "settlement", "seating")
KASSE = "Kasse"


class PrintError(ValueError):
    """A printout that cannot be made; `message` is German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Printout:
    template: str
    filename: str
    context: dict[str, Any]
    parts_key: str | None = None  # context[parts_key] holds one-page parts (see pdf.py)


def printout(
    kind: str, event: Event, *, round_number: int | None = None, table_number: int | None = None
) -> Printout:
    """The printout `kind` of the event, one Serie of it, or one table of a Serie."""
    if kind == "score_sheet":
        return score_sheets_printout(event, _round(event, round_number), table_number)
    if kind == "results":
        return results_printout(event, _round(event, round_number) if round_number else None)
    if kind == "settlement":
        return settlement_printout(event, _round(event, round_number) if round_number else None)
    if kind == "seating":
        return seating_printout(event, _round(event, round_number))
    raise PrintError(f"Unbekannte Druckart „{kind}“: möglich sind {', '.join(KINDS)}.")


def _round(event: Event, number: int | None) -> Round:
    if number is None:
        raise PrintError("Bitte die Serie angeben (--round N).")
    found = event.rounds.filter(number=number).first()
    if found is None:
        raise PrintError(f"Die Veranstaltung „{event.key}“ hat keine Serie {number}.")
    return found


def _base(event: Event, round_: Round | None, title: str) -> dict[str, Any]:
    subtitle = f"{event.name}, {event.date:%d.%m.%Y}"
    if round_ is not None:
        subtitle += f" · Serie {round_.number}"
    serien = [s for s in played_serien(event) if round_ is None or s.number == round_.number]
    return {
        "provisional": provisional_text(serien),
        "club_name": settings.SKATCLUB_NAME,
        "event": event,
        "round": round_,
        "title": title,
        "subtitle": subtitle,
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
        "score_rule": score_rule(),
        "won_bonus": WON_BONUS,
        "exact_transfer_limit": EXACT_LIMIT,
    }


# --- Spielliste ------------------------------------------------------------------------------


def score_sheets_printout(event: Event, round_: Round, table_number: int | None) -> Printout:
    tables = Table.objects.filter(round=round_).order_by("number")
    if table_number is not None:
        tables = tables.filter(number=table_number)
        if not tables.exists():
            raise PrintError(f"Serie {round_.number} hat keinen Tisch {table_number}.")
    sheets = [printed_sheet(score_sheet(table)) for table in tables]
    if not sheets:
        raise PrintError(f"Serie {round_.number} hat noch keine Tische.")
    stem = f"spielliste-{event.key}-serie-{round_.number}"
    filename = f"{stem}-tisch-{table_number}.pdf" if table_number else f"{stem}-alle-tische.pdf"
    title = f"Spielliste Tisch {table_number}" if table_number else "Spiellisten"
    layouts = sorted({sheet.layout for sheet in sheets}, key=lambda layout: layout.css_class)
    context = _base(event, round_, title) | {"sheets": sheets, "layouts": layouts}
    return Printout("pdf/score_sheet.html", filename, context, parts_key="sheets")


# --- Ergebnis ---------------------------------------------------------------------------------


def results_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = event_standings(event, number)
    title = f"Ergebnis Serie {number}" if number else "Gesamtergebnis"
    stem = f"ergebnis-{event.key}" + (f"-serie-{number}" if number else "")
    context = _base(event, round_, title) | {
        "rows": [_result_row(row, event) for row in rows],
        "has_settlement": event.has_settlement,
        "kasse": euro(kasse_cents(rows)),
    }
    return Printout("pdf/results.html", f"{stem}.pdf", context)


def _result_row(row: Row, event: Event) -> dict[str, Any]:
    return {
        "place": row.place,
        "name": row.name,
        "is_guest": row.is_guest,
        "rounds": row.rounds,
        "list_score": row.list_score,
        "won": row.won,
        "lost": row.lost,
        "others_lost": row.others_lost,
        "won_points": row.won_points,
        "lost_points": row.lost_points,
        "others_points": row.others_points,
        "score": row.score,
        "decomposition": row.decomposition(),
        "cash": euro(row.cash_cents) if event.has_settlement else "",
        "fees": euro(row.fees_cents),
    }


# --- Tischliste -------------------------------------------------------------------------------


def seating_printout(event: Event, round_: Round) -> Printout:
    seats = list(
        Seat.objects.filter(round=round_)
        .select_related("player", "table")
        .order_by("table__number", "position")
    )
    tables: dict[int, list[Seat]] = defaultdict(list)
    for seat in seats:
        tables[seat.table.number].append(seat)
    context = _base(event, round_, f"Tischliste Serie {round_.number}") | {
        "tables": [
            {"number": number, "size": len(seated), "seats": seated}
            for number, seated in tables.items()
        ],
        "index": sorted(seats, key=lambda s: (s.player.name.lower(), s.player.key)),
    }
    return Printout(
        "pdf/seating.html", f"tischliste-{event.key}-serie-{round_.number}.pdf", context
    )


# --- Abrechnung -------------------------------------------------------------------------------


def settlement_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = sorted(event_standings(event, number), key=lambda r: (r.name.lower(), r.player))
    kasse = kasse_cents(rows)
    names = {row.player_id: row.name for row in rows}
    title = f"Abrechnung Serie {number}" if number else "Abrechnung"
    stem = f"abrechnung-{event.key}" + (f"-serie-{number}" if number else "")
    context = _base(event, round_, title) | {
        "has_settlement": event.has_settlement,
        "cents_per_point": event.cents_per_point,
        "fee_schedule": ", ".join(euro(c) for c in event.lost_game_fees_cents or []),
        "players": [_money_row(row) for row in rows],
        "kasse": euro(kasse),
        "total_cash": euro(sum((row.cash_cents for row in rows), Fraction(0))),
        "event_transfers": _event_transfers(rows, kasse),
        "table_transfers": _table_transfers(event, number, names) if event.has_settlement else [],
    }
    return Printout("pdf/settlement.html", f"{stem}.pdf", context)


def _money_row(row: Row) -> dict[str, Any]:
    net = row.cash_cents - row.fees_cents
    return {
        "name": row.name,
        "rounds": row.rounds,
        "lost": row.lost,
        "cash": euro(row.cash_cents),
        "fees": euro(row.fees_cents),
        "net": euro(net),
        "net_cents": net,
    }


def _event_transfers(rows: Sequence[Row], kasse: int) -> list[dict[str, str]]:
    """Fewest payments that settle the game money and the fees: the Kasse is one more party."""
    balances: dict[str, Fraction] = {row.player: row.cash_cents - row.fees_cents for row in rows}
    if kasse:
        balances[KASSE] = Fraction(kasse)
    names = {row.player: row.name for row in rows} | {KASSE: "Kasse (Verlustspielgeld)"}
    return _named_transfers(balances, names)


def _table_transfers(
    event: Event, number: int | None, names: dict[int, str]
) -> list[dict[str, Any]]:
    selection = Q(event=event) if number is None else Q(event=event, number=number)
    by_table: dict[tuple[int, int], dict[int, Fraction]] = defaultdict(dict)
    for line in lines_for(selection):
        by_table[(line.round_number, line.table_number)][line.player_id] = line.cash_cents
    return [
        {
            "round_number": round_number,
            "table_number": table_number,
            "transfers": _named_transfers(balances, names),
        }
        for (round_number, table_number), balances in sorted(by_table.items())
    ]


def _named_transfers(balances: dict[Any, Fraction], names: dict[Any, str]) -> list[dict[str, str]]:
    return [
        {"payer": names[payer], "payee": names[payee], "amount": euro(amount)}
        for payer, payee, amount in transfers(balances)
    ]
