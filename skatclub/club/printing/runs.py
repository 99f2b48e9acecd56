"""Every printout of an event by its name, as a background print job builds it again from
the job's parameters (`tasks.printing`), with the title its progress page shows."""

from __future__ import annotations

from skatclub.club.models import Event, Table
from skatclub.club.printing.kasse import kassenbericht_printout, receipts_printout
from skatclub.club.printing.printouts import KIND_NAMES, PrintError, Printout, printout
from skatclub.club.printing.prizes import gewinnplan_printout
from skatclub.club.printing.startkarten import startkarten_printout

EVENT_RUNS = {
    "startkarten": startkarten_printout,
    "kassenbericht": kassenbericht_printout,
    "quittungen": receipts_printout,
    "gewinnplan": gewinnplan_printout,
}
NAMES = {
    **KIND_NAMES,
    "startkarten": "Startkarten",
    "kassenbericht": "Kassenbericht",
    "quittungen": "Quittungen",
    "gewinnplan": "Gewinnplan",
}


def run_printout(kind: str, event: Event, site: str = "", **where: int) -> Printout:
    """The printout `kind` of the event (or of one Serie or table, as `where` says)."""
    if kind in EVENT_RUNS:
        return EVENT_RUNS[kind](event)
    return printout(kind, event, site=site, **where)


def check_printable(event: Event, **where: int) -> None:
    """PrintError (German) when the Serie or the table the address names does not exist
    (one small query): checked before a print job is started for it."""
    number, table = where.get("round_number"), where.get("table_number")
    if number is not None and not event.rounds.filter(number=number).exists():
        raise PrintError(f"Serie {number} gibt es bei dieser Veranstaltung nicht.")
    if table is not None and number is not None:
        found = Table.objects.filter(round__event=event, round__number=number, number=table)
        if not found.exists():
            raise PrintError(f"Tisch {table} gibt es in Serie {number} nicht.")


def run_title(kind: str, event: Event, **where: int) -> str:
    """ "Spiellisten der Serie 2, Tisch 4 – Herbstturnier" for the progress page."""
    name = NAMES.get(kind, kind)
    if "round_number" in where:
        name += f" der Serie {where['round_number']}"
    if "table_number" in where:
        name += f", Tisch {where['table_number']}"
    return f"{name} – {event.name}"
