"""Writing a checked spreadsheet import, recording what it created, and undoing it whole.

`confirm_import` takes a backup and reads the file again (the preview's checks run again: the
club may have changed in between), writes the plan with the archive writer
(`archive.write_plan`: bulk inserts, seats scored by the engine, one `Change` per table), the
new players first and then the events twenty at a time as the plan rebuilds them, all or
nothing, and records on the `SpreadsheetImport` the keys of the events and players and the years of
the seasons it created. On SQLite the write goes into a staging copy that is moved in with
one short transaction (`archive.staging`), as an archive import does. `undo_import` deletes
exactly those, in one transaction, and refuses in German when something made since depends
on them (a new player who has played since).
Writes: everything `write_plan` writes; SpreadsheetImport.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone

from skatclub.club import services
from skatclub.club.archive import staging, write_plan
from skatclub.club.archive.plan import Plan
from skatclub.club.archive.write import CHANGED_MEANWHILE
from skatclub.club.backup import BackupError, automatic_backup
from skatclub.club.imports.errors import SpreadsheetError
from skatclub.club.imports.kept import kept_spreadsheet, read_upload, remove, worksheet_options
from skatclub.club.imports.mapping import columns_of
from skatclub.club.imports.models import SpreadsheetImport, SpreadsheetMapping
from skatclub.club.imports.plan import ImportSettings, Preview, preview, read_rows
from skatclub.club.imports.reader import chosen_rows
from skatclub.club.models import Event, HistoryImport, Player, Season, Table, TableTotal
from skatclub.club.services import Actor, acting_user, refresh_results

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


def save_mapping(columns: dict[str, str], ruleset: str) -> SpreadsheetMapping:
    """The club's mapping (one row), shown again with the next file."""
    mapping = SpreadsheetMapping.objects.order_by("id").first() or SpreadsheetMapping()
    mapping.columns, mapping.ruleset = columns, ruleset
    mapping.save()
    return mapping


def import_settings(spreadsheet_import: SpreadsheetImport) -> ImportSettings:
    return ImportSettings.of(
        spreadsheet_import.ruleset, spreadsheet_import.as_recorded, spreadsheet_import.options
    )


def spreadsheet_preview(spreadsheet_import: SpreadsheetImport) -> Preview:
    """Read the kept rows (of the chosen sheets) with the import's mapping and name decisions
    (no writes)."""
    spreadsheet = kept_spreadsheet(spreadsheet_import.rows_file)
    read = read_rows(
        spreadsheet,
        columns_of(spreadsheet_import.mapping, spreadsheet.headers),
        chosen_rows(spreadsheet_import.options),
    )
    return preview(read, spreadsheet_import.names, import_settings(spreadsheet_import))


def read_uploaded(spreadsheet_import: SpreadsheetImport) -> None:
    """Read the kept upload once into its rows (the background job after an upload); a file
    that cannot be read marks the import refused (SpreadsheetError, German, raised on)."""
    try:
        spreadsheet, rows = read_upload(spreadsheet_import.options.get("upload", ""))
    except SpreadsheetError:
        SpreadsheetImport.objects.filter(pk=spreadsheet_import.pk).update(
            status=SpreadsheetImport.Status.REFUSED, options={}
        )
        raise
    SpreadsheetImport.objects.filter(pk=spreadsheet_import.pk).update(
        kind=spreadsheet.kind, rows_file=rows, options=worksheet_options(spreadsheet.ranges)
    )


def confirm_import(
    spreadsheet_import: SpreadsheetImport, checked: Preview | None = None, *, user: Actor = None
) -> Created:
    """Write the import (all or nothing) and record what it created, after a backup.

    On SQLite the import is written into a staging copy and moved in with one short
    transaction (`archive.staging`), so the evening's saves wait a moment, not for the
    whole write; elsewhere (PostgreSQL, or inside a caller's transaction) directly.
    An import that will be refused (done already, or with unreadable rows) takes no backup.
    """
    current = _uploaded(spreadsheet_import, lock=False)  # checked again under the lock below
    if checked is not None:
        _checked(current, checked)
    try:
        automatic_backup("vor-import")
    except BackupError as error:
        raise ImportRefused(f"{error.message} Es wurde nichts importiert.") from None
    if staging.wanted():
        return _confirm_staged(spreadsheet_import, checked, user)
    with transaction.atomic():
        locked = _uploaded(spreadsheet_import, lock=True)
        result = _checked(locked, checked)
        new_years = _new_seasons(result)
        _write(result)
        created = _mark_imported(locked, result, new_years, user)
    spreadsheet_import.refresh_from_db()
    _record_history(spreadsheet_import)
    return created


def _confirm_staged(
    spreadsheet_import: SpreadsheetImport, checked: Preview | None, user: Actor
) -> Created:
    result = _checked(_uploaded(spreadsheet_import, lock=False), checked)
    new_years = _new_seasons(result)
    done: list[Created] = []

    def on_live_rows() -> None:  # in the merge's transaction: nobody confirmed it meanwhile
        current = _uploaded(spreadsheet_import, lock=True)
        _delete_replaced(result)  # the staging copy dropped them; the live rows drop them here
        done.append(_mark_imported(current, result, new_years, user))

    with staging.stage() as stage:
        stage.write(lambda: _write(result))
        try:
            stage.merge(before=on_live_rows)
        except IntegrityError as error:  # e.g. the same evening entered while we wrote
            raise ImportRefused(CHANGED_MEANWHILE.format(error)) from error
    spreadsheet_import.refresh_from_db()
    _record_history(spreadsheet_import)
    return done[0]


def _uploaded(spreadsheet_import: SpreadsheetImport, *, lock: bool) -> SpreadsheetImport:
    """The import as stored now, refused unless it is still waiting to be written."""
    query = SpreadsheetImport.objects.all()
    current = (query.select_for_update() if lock else query).get(pk=spreadsheet_import.pk)
    if current.status != SpreadsheetImport.Status.UPLOADED:
        raise ImportRefused("Dieser Import ist schon ausgeführt oder rückgängig gemacht.")
    return current


def _checked(current: SpreadsheetImport, checked: Preview | None) -> Preview:
    result = checked or spreadsheet_preview(current)
    if result.plan is None:
        raise ImportRefused(refusal(result))
    return result


def refusal(result: Preview) -> str:
    """Why nothing is imported, and how to go on (German)."""
    parts = []
    if result.unreadable:
        one = result.unreadable == 1
        parts.append(
            f"{result.unreadable} {'Stelle' if one else 'Stellen'} der Tabelle "
            f"{'kann' if one else 'können'} nicht gelesen werden"
        )
    if result.refused_by_rules:
        one = result.refused_by_rules == 1
        parts.append(
            f"{result.refused_by_rules} {'Tisch hat' if one else 'Tische haben'} Summen, die "
            "nach den Regeln nicht sein können (mit „Summen wie erfasst übernehmen“ werden "
            "sie so übernommen, wie der Verein sie erfasst hat)"
        )
    return "; ".join(parts) + "; es wurde nichts importiert."


def _write(result: Preview) -> None:
    """The replaced events deleted, the new players, then the events twenty at a time as the
    plan rebuilds them; the tables that keep the club's own Wertung get it on their seats."""
    assert result.plan is not None  # `_checked` refused it otherwise
    _delete_replaced(result)
    write_plan(Plan(None, result.plan.players, []))
    events = result.plan.events()
    while chunk := list(islice(events, EVENTS_PER_WRITE)):
        write_plan(Plan(None, [], chunk))
        keeping = [
            e.key
            for e in chunk
            if any("score" in line for r in e.rounds for t in r.tables for line in t.totals)
        ]
        if keeping:
            tables = TableTotal.objects.filter(
                table__round__event__key__in=keeping,
                table__entry=Table.Entry.TOTALS,
                score__isnull=False,
            ).values_list("table_id", flat=True)
            refresh_results(table_ids=sorted(set(tables)))


def _delete_replaced(result: Preview) -> None:
    assert result.plan is not None
    if result.plan.replaced:
        try:
            Event.objects.filter(key__in=result.plan.replaced).delete()
        except ProtectedError:
            raise ImportRefused(
                "Ein Abend, der ersetzt werden soll, kann nicht gelöscht werden (es hängt noch "
                "etwas daran); bitte „überspringen“ oder „zusätzlich“ wählen."
            ) from None


def _new_seasons(result: Preview) -> list[int]:
    """The years of the import's evenings that have no season yet (asked before the write)."""
    years = {e.date.year for e in result.events}
    known = Season.objects.filter(year__in=years).values_list("year", flat=True)
    return sorted(years - set(known))


def _mark_imported(
    current: SpreadsheetImport, result: Preview, new_years: list[int], user: Actor
) -> Created:
    """Record on the import what it created."""
    assert result.plan is not None
    created = Created(len(result.events), len(result.plan.players), len(new_years), result.rows)
    current.created = {
        "events": [e.key for e in result.events],
        "players": [p["key"] for p in result.plan.players],
        "seasons": new_years,
        "replaced": result.plan.replaced,
    }
    current.status = SpreadsheetImport.Status.IMPORTED
    current.imported_at = timezone.now()
    remove(current.rows_file)  # once the import is committed: the rows are written now
    current.rows_file = ""
    current.created_by = current.created_by or acting_user(user)
    current.summary = f"{created.rows} Zeilen: {created.text()}"
    current.save()
    return created


def _record_history(imported: SpreadsheetImport) -> None:
    """Mark the written events as this import's (/pruefen/ accepts their lists together);
    after the write, since a staged write moves the events in only at its very end."""
    services.record_history_import(
        kind=HistoryImport.Kind.SPREADSHEET,
        name=imported.filename,
        user=imported.created_by,
        event_keys=imported.created.get("events", []),
    )


@transaction.atomic
def discard_import(spreadsheet_import: SpreadsheetImport) -> None:
    """An upload not imported is dropped with its kept rows; an import keeps its record."""
    locked = SpreadsheetImport.objects.select_for_update().get(pk=spreadsheet_import.pk)
    if locked.status == SpreadsheetImport.Status.UPLOADED:
        remove(locked.rows_file)
        locked.delete()


@transaction.atomic
def undo_import(spreadsheet_import: SpreadsheetImport) -> Created:
    """Delete exactly what the import created: its events (with Serien, tables, seats, sums
    and history), its new players and its new seasons."""
    locked = SpreadsheetImport.objects.select_for_update().get(pk=spreadsheet_import.pk)
    if locked.status != SpreadsheetImport.Status.IMPORTED:
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
    locked.status = SpreadsheetImport.Status.UNDONE
    locked.undone_at = timezone.now()
    locked.save(update_fields=["status", "undone_at"])
    spreadsheet_import.refresh_from_db()
    return Created(event_count, player_count, season_count, 0)
