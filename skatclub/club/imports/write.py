"""Writing a checked spreadsheet import, recording what it created, and undoing it whole.

`confirm_import` reads the file again (the preview's checks run again: the club may have
changed in between), writes the plan with the archive writer (`archive.write_plan`: bulk
inserts, seats scored by the engine, one `Change` per table), the new players first and then
the events twenty at a time as the plan rebuilds them, all in one transaction, and records
on the `SheetImport` the keys of the events and players and the years of the seasons it
created. `undo_import` deletes exactly those, in one transaction, and refuses in German when
something made since depends on them (a new player who has played since).
Writes: everything `write_plan` writes; SheetImport.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone

from skatclub.club.archive import write_plan
from skatclub.club.archive.plan import Plan
from skatclub.club.imports.mapping import columns_of
from skatclub.club.imports.models import SheetImport, SheetMapping
from skatclub.club.imports.plan import Preview, preview, read_rows
from skatclub.club.imports.reader import open_sheet
from skatclub.club.models import Event, Player, Season
from skatclub.club.services.history import Actor, acting_user

# Events written at a time: enough for bulk inserts to pay, few enough that memory stays flat.
EVENTS_PER_WRITE = 20


class ImportRefused(ValueError):
    """The import cannot be written or undone; `message` says why, in German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Created:
    events: int
    players: int
    seasons: int
    rows: int

    def text(self, new: str = "neue ") -> str:
        """'3 Veranstaltungen, 7 neue Spieler, 1 neue Saison' (German plurals)."""
        seasons = "Saison" if self.seasons == 1 else "Saisons"
        events = "Veranstaltung" if self.events == 1 else "Veranstaltungen"
        player_new = new[:-2] + "r " if new and self.players == 1 else new
        return (
            f"{self.events} {events}, {self.players} {player_new}Spieler, "
            f"{self.seasons} {new}{seasons}"
        )


def save_mapping(columns: dict[str, str], ruleset: str) -> SheetMapping:
    """The club's mapping (one row), shown again with the next file."""
    mapping = SheetMapping.objects.order_by("id").first() or SheetMapping()
    mapping.columns, mapping.ruleset = columns, ruleset
    mapping.save()
    return mapping


def sheet_preview(sheet_import: SheetImport) -> Preview:
    """Read the stored file with the import's mapping and name decisions (no writes)."""
    sheet = open_sheet(bytes(sheet_import.content))
    read = read_rows(sheet, columns_of(sheet_import.mapping, sheet.headers))
    return preview(read, sheet_import.names, sheet_import.ruleset, sheet_import.as_recorded)


@transaction.atomic
def confirm_import(
    sheet_import: SheetImport, checked: Preview | None = None, *, user: Actor = None
) -> Created:
    """Write the import (all or nothing) and record what it created."""
    locked = SheetImport.objects.select_for_update().defer("content").get(pk=sheet_import.pk)
    if locked.status != SheetImport.Status.UPLOADED:
        raise ImportRefused("Dieser Import ist schon ausgeführt oder rückgängig gemacht.")
    if "content" not in sheet_import.get_deferred_fields():
        locked.content = sheet_import.content  # an upload never changes: no second copy
    result = checked or sheet_preview(locked)
    if result.plan is None:
        raise ImportRefused(
            f"Die Tabelle hat {result.problems.count} Zeilen, die nicht gelesen werden können; "
            "es wurde nichts importiert."
        )
    years = {e.date.year for e in result.events}
    new_years = sorted(
        years - set(Season.objects.filter(year__in=years).values_list("year", flat=True))
    )
    write_plan(Plan(None, result.plan.players, []))
    events = result.plan.events()
    while chunk := list(islice(events, EVENTS_PER_WRITE)):
        write_plan(Plan(None, [], chunk))
    created = Created(len(result.events), len(result.plan.players), len(new_years), result.rows)
    locked.created = {
        "events": [e.key for e in result.events],
        "players": [p["key"] for p in result.plan.players],
        "seasons": new_years,
    }
    locked.status = SheetImport.Status.IMPORTED
    locked.imported_at = timezone.now()
    locked.content = b""
    locked.created_by = locked.created_by or acting_user(user)
    locked.summary = f"{created.rows} Zeilen: {created.text()}"
    locked.save()
    sheet_import.refresh_from_db()
    return created


@transaction.atomic
def undo_import(sheet_import: SheetImport) -> Created:
    """Delete exactly what the import created: its events (with Serien, tables, seats, sums
    and history), its new players and its new seasons."""
    locked = SheetImport.objects.select_for_update().get(pk=sheet_import.pk)
    if locked.status != SheetImport.Status.IMPORTED:
        raise ImportRefused("Nur ein ausgeführter Import kann rückgängig gemacht werden.")
    created = locked.created
    events = Event.objects.filter(key__in=created.get("events", []))
    event_count = events.count()
    events.delete()
    players = Player.objects.filter(key__in=created.get("players", []))
    player_count = players.count()
    try:
        players.delete()
    except ProtectedError:
        names = sorted({str(o) for o in players if o.events.exists() or o.seat_set.exists()})
        raise ImportRefused(
            "Der Import kann nicht rückgängig gemacht werden: neu angelegte Spieler haben "
            f"inzwischen an anderen Veranstaltungen teilgenommen ({', '.join(names)[:200]})."
        ) from None
    seasons = Season.objects.filter(year__in=created.get("seasons", []), events__isnull=True)
    season_count = seasons.count()
    Season.objects.filter(pk__in=list(seasons.values_list("pk", flat=True))).delete()
    locked.status = SheetImport.Status.UNDONE
    locked.undone_at = timezone.now()
    locked.save(update_fields=["status", "undone_at"])
    sheet_import.refresh_from_db()
    return Created(event_count, player_count, season_count, 0)
