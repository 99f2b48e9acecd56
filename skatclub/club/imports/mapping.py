"""Which column holds what: the fields of a row, the checks on a mapping, and suggestions.

A mapping is {field: column heading}, saved by heading so that next year's file with the
columns in another order maps the same way. `columns_of` turns it into column indexes for one
file; `problems` says in German what a mapping lacks; `suggested` prefills the form from the
saved mapping and from usual headings ("Name", "Spielpunkte", "gew.", "SF-Punkte", ...). Pure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from skatclub.club.imports.names import folded

FIELDS: list[tuple[str, str]] = [
    ("date", "Datum"),
    ("event", "Veranstaltung (Name)"),
    ("round", "Serie"),
    ("table", "Tisch"),
    ("player", "Spieler (Name)"),
    ("list_score", "Spielpunkte"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("score", "Wertungspunkte (nur diese)"),
]
LABELS = dict(FIELDS)
TOTALS = ("list_score", "won", "lost")
# Usual headings per field, folded (lower case, umlauts spelled out), most specific first.
USUAL: dict[str, tuple[str, ...]] = {
    "date": ("datum", "date", "tag", "spieltag"),
    "event": ("veranstaltung", "event", "turnier", "abend", "bezeichnung"),
    "round": ("serie", "runde", "durchgang"),
    "table": ("tisch", "tischnr", "tisch nr", "table"),
    "player": ("spieler", "name", "spielername", "mitglied", "player"),
    "list_score": ("spielpunkte", "listenpunkte", "punkte liste", "liste", "list score"),
    "won": ("gewonnen", "gew", "gewonnene spiele", "won"),
    "lost": ("verloren", "verl", "verlorene spiele", "lost"),
    "score": ("wertungspunkte", "seeger fabian", "sf punkte", "sf", "wertung", "score"),
}


def problems(columns: Mapping[str, int | None]) -> list[str]:
    """What keeps the mapping from being read (German), or [] when it is complete."""
    chosen = {f: c for f, c in columns.items() if c is not None}
    found = []
    for field in ("date", "player", "table"):
        if field not in chosen:
            found.append(f"Die Spalte „{LABELS[field]}“ muss zugeordnet werden.")
    totals = [f for f in TOTALS if f in chosen]
    if "score" in chosen and totals:
        found.append(
            "Entweder Spielpunkte, gewonnen und verloren zuordnen (die Wertungspunkte rechnet "
            "skatclub) oder nur die Wertungspunkte, nicht beides."
        )
    elif "score" not in chosen and len(totals) < len(TOTALS):
        found.append(
            "Spielpunkte, gewonnen und verloren gehören zusammen (oder nur die Wertungspunkte)."
        )
    seen: dict[int, str] = {}
    for field, column in chosen.items():
        if column in seen:
            found.append(
                f"Eine Spalte kann nicht „{LABELS[seen[column]]}“ und „{LABELS[field]}“ sein."
            )
        seen[column] = field
    return found


def columns_of(mapping: Mapping[str, str], headers: Sequence[str]) -> dict[str, int | None]:
    """{field: column index or None} for this file's headings (the first equal heading)."""
    index: dict[str, int] = {}
    for position, heading in enumerate(headers):
        index.setdefault(folded(heading), position)
    return {
        field: index.get(folded(mapping[field])) if mapping.get(field) else None
        for field, _ in FIELDS
    }


def headings_of(columns: Mapping[str, int | None], headers: Sequence[str]) -> dict[str, str]:
    """The mapping to save: {field: heading} of the chosen columns."""
    return {f: headers[c] for f, c in columns.items() if c is not None and c < len(headers)}


def suggested(headers: Sequence[str], saved: Mapping[str, str]) -> dict[str, int | None]:
    """The saved mapping where this file has those headings, else the usual headings."""
    columns = columns_of(saved, headers)
    taken = {c for c in columns.values() if c is not None}
    folded_headers = [folded(h) for h in headers]
    for field, _ in FIELDS:
        if columns[field] is not None:
            continue
        for usual in USUAL[field]:
            match = next(
                (i for i, h in enumerate(folded_headers) if h == usual and i not in taken), None
            )
            if match is not None:
                columns[field] = match
                taken.add(match)
                break
    if columns["score"] is not None and all(columns[f] is not None for f in TOTALS):
        columns["score"] = None  # both found: the list decides, the score is computed
    return columns
