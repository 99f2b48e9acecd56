"""What a spreadsheet says about an evening the club has already, against what is stored.

An evening that exists already is skipped by default (`plan.SKIP`); if the spreadsheet's totals
for it are not the stored ones (the club's Wertung differs, a lost game more), skipping must
not hide that: each player's differing sums are listed on the preview and by the command
(„Abend 03.01.2024, Name: Wertung laut Tabelle 812, gespeichert 790“), so the Spielwart can
replace the evening or correct the spreadsheet. The stored sums are read through
`queries.standings.lines_for`, as the rankings read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from django.db.models import Q

from skatclub.club.models import Player, Table
from skatclub.club.queries.standings import lines_for

BATCH = 500  # events per query
# (list score, won, lost, Wertung); None where the spreadsheet or the stored table does not say.
Sums = list[int | None]
LABELS = ("Spielpunkte", "gewonnen", "verloren", "Wertung")


@dataclass(frozen=True)
class Skipped:
    """A skipped evening: its date and the spreadsheet's sums per player key (and names)."""

    date_text: str
    event_id: int
    spreadsheet: Mapping[str, Sums]
    names: Mapping[str, str]  # player key -> the name the spreadsheet has


def differences(skipped: Iterable[Skipped]) -> Iterator[str]:
    """One German line per player whose spreadsheet sums differ from the stored ones, or who is
    only on one side; the evenings in the order given."""
    evenings = list(skipped)
    stored: dict[int, dict[str, Sums]] = {}
    names: dict[str, str] = {}
    for start in range(0, len(evenings), BATCH):
        ids = [e.event_id for e in evenings[start : start + BATCH]]
        stored.update(_stored(ids, names))
    for evening in evenings:
        here = stored.get(evening.event_id, {})
        for key, sums in evening.spreadsheet.items():
            name = evening.names[key]
            found = here.get(key)
            if found is None:
                yield f"Abend {evening.date_text}, {name}: steht nicht in der gespeicherten Liste"
                continue
            differing = [
                f"{label} laut Tabelle {ours}, gespeichert {theirs}"
                for label, ours, theirs in zip(LABELS, sums, found, strict=True)
                if ours is not None and theirs is not None and ours != theirs
            ]
            if differing:
                yield f"Abend {evening.date_text}, {name}: {'; '.join(differing)}"
        for key in sorted(here.keys() - evening.spreadsheet.keys()):
            yield f"Abend {evening.date_text}, {names[key]}: gespeichert, fehlt in der Tabelle"


def _stored(event_ids: list[int], names: dict[str, str]) -> dict[int, dict[str, Sums]]:
    """Event -> player key -> stored (list score, won, lost, Wertung) over the whole evening;
    a table entered as Wertungspunkte only (`Table.Entry.SCORES`) knows no list score."""
    lines = lines_for(Q(event_id__in=event_ids), money=False)
    keys: dict[int, str] = {}
    for pk, key, name in Player._base_manager.filter(
        id__in={line.player_id for line in lines}
    ).values_list("id", "key", "name"):
        keys[pk], names[key] = key, name
    found: dict[int, dict[str, Sums]] = {}
    for line in lines:
        sums = found.setdefault(line.event_id, {}).setdefault(keys[line.player_id], [0, 0, 0, 0])
        given = line.entry != Table.Entry.SCORES
        for index, value in enumerate((line.list_score, line.won, line.lost)):
            current = sums[index]
            sums[index] = current + value if given and current is not None else None
        sums[3] = (sums[3] or 0) + line.score
    return found
