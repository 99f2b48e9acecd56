"""Which column holds what: the fields of a row, the checks on a mapping, and suggestions.

A mapping is {field: column heading}, saved by heading so that next year's file with the
columns in another order maps the same way. `columns_of` turns it into column indexes for one
file; `problems` says in German what a mapping lacks; `suggested` prefills the form from the
saved mapping and from usual headings ("Name", "Punkte", "Gew.", "Verl.", "Wertung", ...). Pure.

The Wertungspunkte column means one of two things: alone, the only result the sheet has
(`Table.Entry.SCORES`); together with Spielpunkte, gewonnen and verloren, the club's own
Seeger-Fabian total, kept as the club computed it where it differs from skatclub's
("abweichend erfasst"). Without a Tisch column each evening's players get default tables
(`plan.default_tables`).
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
    ("score", "Wertungspunkte (Wertung)"),
]
LABELS = dict(FIELDS)
TOTALS = ("list_score", "won", "lost")
# Usual headings per field, folded (lower case, umlauts spelled out), most specific first.
USUAL: dict[str, tuple[str, ...]] = {
    "date": ("datum", "date", "tag", "spieltag", "spielabend", "abend datum"),
    "event": ("veranstaltung", "event", "turnier", "bezeichnung"),
    "round": ("serie", "runde", "durchgang", "serie nr", "nr serie"),
    "table": ("tisch", "tischnr", "tisch nr", "tisch nummer", "table"),
    "player": ("spieler", "name", "spielername", "mitglied", "vorname name", "player"),
    "list_score": (
        "spielpunkte",
        "punkte",
        "pkt",
        "listenpunkte",
        "punkte liste",
        "liste",
        "spielpkt",
        "list score",
    ),
    "won": ("gewonnen", "gew", "gewonnene spiele", "gew spiele", "g", "won"),
    "lost": ("verloren", "verl", "verlorene spiele", "verl spiele", "v", "lost"),
    "score": (
        "wertungspunkte",
        "wertung",
        "seeger fabian",
        "seeger",
        "sf punkte",
        "sf",
        "gesamt",
        "gesamtpunkte",
        "score",
    ),
}


def problems(columns: Mapping[str, int | None]) -> list[str]:
    """What keeps the mapping from being read (German), or [] when it is complete."""
    chosen = {f: c for f, c in columns.items() if c is not None}
    found = []
    for field in ("date", "player"):
        if field not in chosen:
            found.append(f"Die Spalte „{LABELS[field]}“ muss zugeordnet werden.")
    totals = [f for f in TOTALS if f in chosen]
    if totals and len(totals) < len(TOTALS):
        missing = ", ".join(f"„{LABELS[f]}“" for f in TOTALS if f not in chosen)
        found.append(
            "Spielpunkte, gewonnen und verloren gehören zusammen: bitte auch "
            f"{missing} zuordnen (oder nur die Wertungspunkte)."
        )
    elif not totals and "score" not in chosen:
        found.append(
            "Bitte Spielpunkte, gewonnen und verloren zuordnen, oder die Wertungspunkte, "
            "oder alle vier."
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
    if any(columns[f] is not None for f in TOTALS) and not all(
        columns[f] is not None for f in TOTALS
    ):
        for f in TOTALS:  # half a set of totals would fail the first submit
            columns[f] = None
    return columns


def keeps_club_score(columns: Mapping[str, int | None]) -> bool:
    """Totals and the club's Wertung both mapped: the Wertung is kept as the club had it."""
    return columns.get("score") is not None and all(columns.get(f) is not None for f in TOTALS)
