"""What each printout shows: Spiellisten (played or blank), results, Tischliste and settlement.

Owns choosing the template, the German filename and the context of every printout (`printout`);
`views/printing.py` and the `print_pdf` command both call it, `render.py` renders the result.
Reads the Spiellisten from `queries.sheet.score_sheets`, standings from
`queries/standings.py`, each printout's status from `queries/progress.py` and the club's name
from its record; writes nothing and checks no Skat rule. How a Spielliste is laid out is
`sheet_layout.py` (played) and `blank_layout.py` (for the pen); the settlement is `payout.py`.

Terms: a *printout* is one downloadable document; a *sheet* is one table's Spielliste.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from scoring import WON_BONUS, score_rule
from scoring.ledger import Account
from skatclub.club import formatting, tenancy
from skatclub.club.formatting import euro
from skatclub.club.models import Club, Event, Round, Seat, Table
from skatclub.club.presenters.collation import german_key
from skatclub.club.presenters.pages import played_serien, provisional_text
from skatclub.club.printing.blank_layout import blank_pages
from skatclub.club.printing.fonts import font_face_css
from skatclub.club.printing.payout import payout_context
from skatclub.club.printing.sheet_layout import TAB_PX, printed_sheet
from skatclub.club.queries.ledger import event_ledger, serie_ledger
from skatclub.club.queries.progress import status_text, table_progress, tables_of
from skatclub.club.queries.sheet import score_sheets
from skatclub.club.queries.standings import Row, event_standings

KINDS = ("score_sheet", "blank_sheet", "results", "settlement", "seating")
KIND_NAMES = {
    "score_sheet": "Spiellisten",
    "blank_sheet": "Spiellisten zum Ausfüllen",
    "results": "Ergebnis",
    "settlement": "Abrechnung",
    "seating": "Tischliste",
}


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
    parts_key: str | None = None  # context[parts_key] holds one-page parts (see render.py)


def printout(
    kind: str, event: Event, *, round_number: int | None = None, table_number: int | None = None
) -> Printout:
    """The printout `kind` of the event, one Serie of it, or one table of a Serie."""
    if kind in ("score_sheet", "blank_sheet"):
        return sheets_printout(kind, event, _round(event, round_number), table_number)
    if kind == "results":
        return results_printout(event, _round(event, round_number) if round_number else None)
    if kind == "settlement":
        if round_number is not None:
            raise PrintError(
                "Die Abrechnung gibt es nur für die ganze Veranstaltung: ausgezahlt wird "
                "einmal, am Ende (ohne --round)."
            )
        return settlement_printout(event)
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


def club_name(club_id: int | None = None) -> str:
    """The name of the club (the one acted for when not given), else of the first club, else
    from the setting (a fresh installation)."""
    acting_for = tenancy.current_club()
    if club_id is None and acting_for is not None:
        return acting_for.name
    if club_id is not None:
        return Club.objects.get(pk=club_id).name
    name = Club.objects.order_by("pk").values_list("name", flat=True).first()
    return name or settings.SKATCLUB_NAME


def base_context(event: Event, round_: Round | None, title: str) -> dict[str, Any]:
    subtitle = f"{event.name}, {event.date:%d.%m.%Y}"
    if round_ is not None:
        subtitle += f" · Serie {round_.number}"
    serien = [s for s in played_serien(event) if round_ is None or s.number == round_.number]
    return {
        "provisional": provisional_text(serien),
        "club_name": club_name(event.season.club_id),
        "font_faces": font_face_css(),
        "event": event,
        "round": round_,
        "title": title,
        "subtitle": subtitle,
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
        "score_rule": score_rule(),
        "won_bonus": WON_BONUS,
        "tab_px": TAB_PX,
    }


def _status(event: Event, number: int | None) -> str:
    return status_text(table_progress(tables_of(event.pk, number)))


# --- Spielliste ------------------------------------------------------------------------------


def sheets_printout(kind: str, event: Event, round_: Round, table_number: int | None) -> Printout:
    """Played Spiellisten (one page per table) or blank ones for the pen."""
    selection = Table.objects.filter(round=round_).order_by("number")
    if table_number is not None:
        selection = selection.filter(number=table_number)
    tables = list(selection.select_related("round__event"))
    if not tables:
        if table_number is not None:
            raise PrintError(f"Serie {round_.number} hat keinen Tisch {table_number}.")
        raise PrintError(f"Serie {round_.number} hat noch keine Tische.")
    blank = kind == "blank_sheet"
    stem = f"spielliste{'-blanko' if blank else ''}-{event.key}-serie-{round_.number}"
    filename = f"{stem}-tisch-{table_number}.pdf" if table_number else f"{stem}-alle-tische.pdf"
    title = f"Spielliste Tisch {table_number}" if table_number else "Spiellisten"
    context = base_context(event, round_, title)
    heading = f"{context['club_name']} · {event.name}, {event.date:%d.%m.%Y}"
    sheets = score_sheets(tables)
    if blank:
        pages = [
            page
            for sheet in sheets
            for page in blank_pages(sheet, heading, reverse("table-short", args=[sheet.table_id]))
        ]
        blank_frames = sorted({p.frame for p in pages}, key=lambda frame: frame.css_class)
        context |= {"pages": pages, "frames": blank_frames}
        return Printout("pdf/blank_sheet.html", filename, context, parts_key="pages")
    progress = {p.table_id: p for p in table_progress(selection)}
    printed = [
        printed_sheet(s, status_text([progress[s.table_id]]), heading, context["printed_at"])
        for s in sheets
    ]
    frames = sorted({s.frame for s in printed}, key=lambda frame: frame.css_class)
    context |= {"sheets": printed, "frames": frames}
    return Printout("pdf/score_sheet.html", filename, context, parts_key="sheets")


# --- Ergebnis ---------------------------------------------------------------------------------


def results_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = event_standings(event, number)
    title = f"Ergebnis Serie {number}" if number else "Gesamtergebnis"
    stem = f"ergebnis-{event.key}" + (f"-serie-{number}" if number else "")
    found = serie_ledger(event, rows) if number else event_ledger(event, rows)
    accounts = {a.player_id: a for a in found.accounts}
    context = base_context(event, round_, title) | {
        "status": _status(event, number),
        "rows": [_result_row(row, accounts[row.player_id], event) for row in rows],
        "has_settlement": event.has_settlement,
        "kasse": euro(found.report.lost_fees),
    }
    return Printout("pdf/results.html", f"{stem}.pdf", context)


def _result_row(row: Row, account: Account, event: Event) -> dict[str, Any]:
    return {
        "place": row.place,
        "name": row.name,
        "is_guest": row.is_guest,
        "rounds": row.rounds,
        "list_score": formatting.number(row.list_score),
        "won": row.won,
        "lost": row.lost,
        "others_lost": row.others_lost,
        "won_points": row.won_points,
        "lost_points": formatting.number(row.lost_points),
        "others_points": row.others_points,
        "score": formatting.number(row.score),
        "decomposition": row.decomposition(),
        "cash": euro(account.game_cash_cents) if event.has_settlement else "",
        "fees": euro(account.lost_fee_total),
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
    context = base_context(event, round_, f"Tischliste Serie {round_.number}") | {
        "status": _status(event, round_.number),
        "tables": [
            {"number": number, "size": len(seated), "seats": seated}
            for number, seated in tables.items()
        ],
        "index": sorted(seats, key=lambda s: (german_key(s.player.name), s.player.key)),
    }
    return Printout(
        "pdf/seating.html", f"tischliste-{event.key}-serie-{round_.number}.pdf", context
    )


# --- Abrechnung -------------------------------------------------------------------------------


def settlement_printout(event: Event) -> Printout:
    """The one settlement of the event: what every player pays to or receives from the Kasse."""
    context = base_context(event, None, "Abrechnung für die Kasse") | payout_context(event)
    context["status"] = _status(event, None)
    return Printout("pdf/settlement.html", f"abrechnung-{event.key}.pdf", context)
