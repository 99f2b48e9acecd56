"""What each printout shows: Spiellisten (played or blank), results, Tischliste and settlement.

Owns choosing the template, the German filename and the context of every printout (`printout`);
`views/printing.py` and the `print_pdf` command both call it, `render.py` renders the result.
Reads the Spiellisten from `queries.score_sheet.score_sheets`, standings from
`queries/standings.py`, each printout's status from `queries/progress.py` and the club's name
from its record; writes nothing and checks no Skat rule. How a Spielliste is laid out is
`score_sheet_layout.py` (played) and `blank_layout.py` (for the pen); the settlement is `payout.py`.

Terms: a *printout* is one downloadable document; a *sheet* is one table's Spielliste.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, cast

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from scoring import WON_BONUS, score_rule
from scoring.ledger import Account
from skatclub.club import formatting, tenancy
from skatclub.club.collation import german_key
from skatclub.club.formatting import euro
from skatclub.club.models import Club, Event, Round, Seat, Table
from skatclub.club.presenters.pages import played_rounds_of, provisional_text
from skatclub.club.printing.blank_layout import FOOT_ROW_MM, blank_pages
from skatclub.club.printing.fonts import font_face_css
from skatclub.club.printing.page_head import LANDSCAPE_MM, PORTRAIT_MM, PageHead
from skatclub.club.printing.payout import payout_context
from skatclub.club.printing.score_sheet_layout import printed_pages
from skatclub.club.printing.sheet_common import TAB_PX
from skatclub.club.queries.attendance import gone_names
from skatclub.club.queries.ledger import event_ledger, round_ledger
from skatclub.club.queries.progress import status_text, table_progress, tables_of
from skatclub.club.queries.score_sheet import score_sheets
from skatclub.club.queries.standings import Row, event_standings
from skatclub.club.queries.table_status import signed_on_lists

SETTLEMENT_PORTRAIT_ROUNDS = 3
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
    kind: str,
    event: Event,
    *,
    round_number: int | None = None,
    table_number: int | None = None,
    site: str = "",
) -> Printout:
    """The printout `kind` of the event, one Serie of it, or one table of a Serie; `site`:
    where the blank form can be entered online (see `sheets_printout`)."""
    if kind in ("score_sheet", "blank_sheet"):
        return sheets_printout(kind, event, _round(event, round_number), table_number, site)
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


def base_context(
    event: Event, round_: Round | None, title: str, status: str, *, landscape: bool = False
) -> dict[str, Any]:
    """What every printout of an event has: the page head (title, status, club, event, date
    and Serie; why it is still vorläufig), fonts and printing time."""
    about = f"{event.name}, {event.date:%d.%m.%Y}"
    if round_ is not None:
        about += f" · Serie {round_.number}"
    rounds = [s for s in played_rounds_of(event) if round_ is None or s.number == round_.number]
    provisional = provisional_text(rounds)
    head = PageHead(
        title,
        status,
        club_name(event.season.club_id),
        about,
        note=provisional,
        width_mm=LANDSCAPE_MM if landscape else PORTRAIT_MM,
    )
    return page_context(head, landscape=landscape) | {
        "provisional": provisional,
        "event": event,
        "round": round_,
        "score_rule": score_rule(),
        "won_bonus": WON_BONUS,
        "tab_px": TAB_PX,
    }


def page_context(head: PageHead, *, landscape: bool = False) -> dict[str, Any]:
    """The frame of any printout: its page head, fonts and printing time."""
    return {
        "head": head,
        "landscape": landscape,
        "title": head.title,
        "status": head.status,
        "subtitle": head.about,
        "club_name": head.club,
        "font_faces": font_face_css(),
        "printed_at": timezone.localtime().strftime("%d.%m.%Y %H:%M"),
    }


def event_status(event: Event, number: int | None) -> str:
    """The status line of the event (or of Serie `number`) that every printout shows."""
    return status_text(table_progress(tables_of(event.pk, number)))


# --- Spielliste ------------------------------------------------------------------------------


def sheets_printout(
    kind: str, event: Event, round_: Round, table_number: int | None, site: str = ""
) -> Printout:
    """Played Spiellisten (one page per table) or blank ones for the pen; `site` (scheme and
    host, "http://192.168.1.20:8000") completes the short address on the blank form."""
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
    context = base_context(event, round_, title, "")
    heading = f"{context['club_name']} · {event.name}, {event.date:%d.%m.%Y}"
    sheets = score_sheets(tables)
    progress = {p.table_id: p for p in table_progress(selection)}
    if blank:
        pages = [
            page
            for sheet in sheets
            for page in blank_pages(
                sheet,
                status_text([progress[sheet.table_id]]),
                heading,
                _entry_url(site, sheet.table_id),
            )
        ]
        blank_frames = sorted({p.frame for p in pages}, key=lambda frame: frame.css_class)
        context |= {"pages": pages, "frames": blank_frames, "foot_row_mm": FOOT_ROW_MM}
        return Printout("pdf/blank_sheet.html", filename, context, parts_key="pages")
    about = f"{event.name}, {event.date:%d.%m.%Y}"
    signed = signed_on_lists(s.table_id for s in sheets)
    printed = [
        page
        for s in sheets
        for page in printed_pages(
            s, status_text([progress[s.table_id]]), context["club_name"], about,
            context["printed_at"], signed.get(s.table_id),
        )
    ]  # fmt: skip
    frames = sorted({page.frame for page in printed}, key=lambda frame: frame.css_class)
    context |= {"pages": printed, "frames": frames}
    return Printout("pdf/score_sheet.html", filename, context, parts_key="pages")


def _entry_url(site: str, table_id: int) -> str:
    """The table's short address in full, or "" without a host to print (from the shell)."""
    return site + reverse("table-short", args=[table_id]) if site else ""


# --- Ergebnis ---------------------------------------------------------------------------------


def results_printout(event: Event, round_: Round | None) -> Printout:
    number = round_.number if round_ else None
    rows = event_standings(event, number)
    title = f"Ergebnis Serie {number}" if number else "Gesamtergebnis"
    stem = f"ergebnis-{event.key}" + (f"-serie-{number}" if number else "")
    found = round_ledger(event, rows) if number else event_ledger(event, rows)
    accounts = {a.player_id: a for a in found.accounts}
    context = base_context(event, round_, title, event_status(event, number), landscape=True) | {
        "rows": [_result_row(row, accounts[row.player_id], event) for row in rows],
        "has_settlement": event.has_settlement,
        "kasse": euro(found.report.lost_fees),
        "gone": gone_names(event),
    }
    return Printout("pdf/results.html", f"{stem}.pdf", context)


def _result_row(row: Row, account: Account, event: Event) -> dict[str, Any]:
    return {
        "place": row.place,
        "name": row.name,
        "is_guest": row.is_guest,
        "rounds": formatting.number(row.rounds),
        "list_score": formatting.number(row.list_score),
        "won": formatting.number(row.won),
        "lost": formatting.number(row.lost),
        "others_lost": formatting.number(row.others_lost),
        "won_points": formatting.number(row.won_points),
        "lost_points": formatting.number(row.lost_points),
        "others_points": formatting.number(row.others_points),
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
    status = event_status(event, round_.number)
    context = base_context(event, round_, f"Tischliste Serie {round_.number}", status) | {
        "tables": [
            {"number": number, "size": len(seated), "seats": seated}
            for number, seated in tables.items()
        ],
        "index": sorted(seats, key=lambda s: (german_key(s.player.name), s.player.key)),
        "gone": gone_names(event, round_.number),
    }
    return Printout(
        "pdf/seating.html", f"tischliste-{event.key}-serie-{round_.number}.pdf", context
    )


# --- Abrechnung -------------------------------------------------------------------------------


def settlement_printout(event: Event) -> Printout:
    """The one settlement of the event: what every player pays to or receives from the Kasse."""
    payout = payout_context(event)
    # Many Serien make many columns of Verlustspielgeld: then the page is turned.
    landscape = len(cast(list[int], payout["numbers"])) > SETTLEMENT_PORTRAIT_ROUNDS
    context = base_context(
        event, None, "Abrechnung für die Kasse", event_status(event, None), landscape=landscape
    )
    context |= payout
    return Printout("pdf/settlement.html", f"abrechnung-{event.key}.pdf", context)
