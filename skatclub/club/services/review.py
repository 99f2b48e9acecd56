"""The second signature on a Spielliste: a second person confirms or rejects, never edits.

Owns `check_table` and `reopen_check` (a changed list needs a new signature; its history
row then says so, `SIGNATURES_RESET`). Writes `Table`'s
check fields and the history.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone

from skatclub.club.models import Change, Signature, Table
from skatclub.club.queries.table_status import SIGNATURES_RESET
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user, log_change

ENTRY_ACTIONS = (
    Change.Action.CREATE,
    Change.Action.UPDATE,
    Change.Action.DELETE,
    Change.Action.TOTALS,
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


def has_entered_results(table: Table, user: Actor) -> bool:
    entered_by = acting_user(user)
    if entered_by is None:
        return False
    return table.changes.filter(user=entered_by, action__in=ENTRY_ACTIONS).exists()


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
