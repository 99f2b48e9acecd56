"""A table's history in words: each snapshot of a change as one German line.

Owns `snapshot_text`, what the history page (`views.entry.table_history`) shows before and
after each change: a game ("Bernd: Kr m2 H S (+60, Version 2)"), a check ("geprüft"), paper
totals per player or a seating. Reads the snapshots `services.history` stored; computes
nothing.
"""

from __future__ import annotations

from typing import Any

from skatclub.club.models import Table


def snapshot_text(snapshot: Any) -> str:
    """A history snapshot as one readable line."""
    if snapshot is None:
        return "–"
    if isinstance(snapshot, dict) and "number" in snapshot:
        what = "eingepasst" if snapshot.get("passed_in") else snapshot.get("notation", "")
        who = f"{snapshot['declarer']}: " if snapshot.get("declarer") else ""
        kept = ", abweichend erfasst" if snapshot.get("as_recorded") else ""
        return (
            f"{who}{what} ({snapshot.get('list_score', 0):+d}{kept}, Version {snapshot['version']})"
        )
    if isinstance(snapshot, dict) and "check_status" in snapshot:
        status = str(snapshot["check_status"])
        return dict(Table.Check.choices).get(status, status)
    if isinstance(snapshot, list) and snapshot and isinstance(snapshot[0], dict):
        return "; ".join(
            f"{r['player']}: {r['list_score']} ({r['won']}/{r['lost']})" for r in snapshot
        )
    if isinstance(snapshot, list):
        return ", ".join(f"Platz {i}: {k}" for i, k in enumerate(snapshot, start=1))
    return str(snapshot)
