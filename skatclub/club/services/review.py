"""The second signature on a Spielliste: a second person confirms or rejects, never edits.

Owns `check_table`, `accept_import` (every open list of an imported history at once, one
decision with one history row) and `reopen_check` (a changed list needs a new signature; its history
row then says so, `SIGNATURES_RESET`).
Writes `Table`'s check fields, the versions readers compare and the history.

Who may not sign: whoever entered or corrected results on the list (his `Change` rows), and
for an imported list whoever ran the import (`HistoryImport.by`): the second signature is
another person's look at what was entered, and an import is how those lists were entered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from skatclub.club.models import Change, Event, HistoryImport, Signature, Table
from skatclub.club.queries.checking import ENTRY_ACTIONS, acceptable, acceptance, imported_by
from skatclub.club.queries.table_status import SIGNATURES_RESET
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user, log_change
from skatclub.club.services.versions import table_changed

OWN_IMPORT = (
    "Sie haben diesen Import selbst ausgeführt; die zweite Unterschrift unter seine Listen muss "
    "jemand anderes leisten (ein anderer Spielwart oder ein Prüfer)."
)


@transaction.atomic
def check_table(*, table: Table, user: Actor, confirm: bool, note: str = "") -> None:
    """Second signature on the list: confirm or reject, never edit."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if confirm and has_entered_results(table, user):
        raise EntryError(
            "own_table",
            "Sie haben an diesem Tisch selbst Ergebnisse erfasst; die zweite Unterschrift muss "
            "jemand anderes leisten.",
        )
    before = {"check_status": table.check_status}
    table.check_status = Table.Check.CONFIRMED if confirm else Table.Check.REJECTED
    table.checked_by = acting_user(user)
    table.checked_at = timezone.now()
    table.check_note = note[:500]
    table.save(update_fields=["check_status", "checked_by", "checked_at", "check_note"])
    action = Change.Action.CONFIRM if confirm else Change.Action.REJECT
    log_change(table, action, user, before, {"check_status": table.check_status}, note=note)
    table_changed(table.pk)


def has_entered_results(table: Table, user: Actor) -> bool:
    entered_by = acting_user(user)
    if entered_by is None:
        return False
    if imported_by(table, entered_by.pk):
        return True
    return table.changes.filter(user=entered_by, action__in=ENTRY_ACTIONS).exists()


@dataclass(frozen=True)
class Accepted:
    lists: int  # accepted now (0: nothing was open any more, e.g. a second click)
    flagged_games: int  # the import's games kept "abweichend erfasst": still listed for review


@transaction.atomic
def accept_import(*, history_import: HistoryImport, user: Actor) -> Accepted:
    """Every open list of the import as checked, in one transaction with one history row.

    Lists the checker entered or corrected himself stay open, rejected ones stay rejected;
    the whole import is refused to whoever ran it. The import's row is locked first, so a
    second click waits and then finds nothing open: it accepts nothing and writes no row.
    """
    record = HistoryImport.all_clubs.select_for_update().get(pk=history_import.pk)
    checker = acting_user(user)
    checker_id = checker.pk if checker is not None else None
    if checker_id is not None and record.by_id == checker_id:
        raise EntryError("own_import", OWN_IMPORT)
    flagged = acceptance(record, checker_id).flagged_games
    note = f"mit dem Import {record} als geprüft übernommen"
    lists = Table.objects.filter(pk__in=acceptable(record, checker_id).values("pk")).update(
        check_status=Table.Check.CONFIRMED,
        checked_by=checker,
        checked_at=timezone.now(),
        check_note=note[:500],
        version=F("version") + 1,  # the lists' phones and pages refresh (issue 26)
    )
    if not lists:
        return Accepted(0, flagged)
    Event.all_clubs.filter(history_import=record).update(version=F("version") + 1)
    Change.objects.create(
        history_import=record,
        action=Change.Action.CONFIRM,
        user=checker,
        before={"check_status": Table.Check.OPEN.value, "lists": lists},
        after={"check_status": Table.Check.CONFIRMED.value, "lists": lists},
        note=f"{lists} Listen des Imports {record} als geprüft übernommen; "
        f"{flagged} Spiele abweichend erfasst"[:500],
    )
    return Accepted(lists, flagged)


def reopen_check(table: Table) -> str:
    """A changed list needs new signatures: the players' at the table and the second one.
    `table` is locked and read in this transaction (its `has_signatures` is current).
    Returns the note for the change's history row: `SIGNATURES_RESET` when signatures went."""
    changed: dict[str, Any] = {}
    if table.has_signatures:
        Signature.objects.filter(table=table).delete()
        changed["has_signatures"] = False
    if table.check_status != Table.Check.OPEN:
        changed.update(check_status=Table.Check.OPEN, checked_by=None, checked_at=None)
    if changed:
        Table.objects.filter(pk=table.pk).update(**changed)
        for name, value in changed.items():
            setattr(table, name, value)
    return SIGNATURES_RESET if "has_signatures" in changed else ""
