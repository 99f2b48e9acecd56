"""What the archive parts share: the format name, the refusal, and the *plan*.

A plan is a checked archive ready to write (built by `check`, written by `write`); it keeps the
`game`/`outcome` objects exactly as the archive wrote them, so that export(import(x)) == x.
Reads/writes nothing. Terms: Serie = `Round` (`RoundPlan`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

FORMAT = "skatclub-archive/1"


class ArchiveError(ValueError):
    """The archive was refused; `problems` are German lines naming where each problem is."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


@dataclass
class TablePlan:
    number: int
    seats: list[str]
    entry: str
    # (number, declarer key or None, engine fields shared between equal games, game, outcome)
    games: list[tuple[int, str | None, dict[str, Any], Any, Any]] = field(default_factory=list)
    totals: list[dict[str, Any]] = field(default_factory=list)
    # Paper totals kept "as recorded" although the rules refuse them: the German reason.
    recorded_note: str = ""


@dataclass
class RoundPlan:
    number: int
    tables: list[TablePlan]


@dataclass
class EventPlan:
    fields: dict[str, Any]
    rounds: list[RoundPlan]
    # The optional tournament fields: sign-ins and the Gewinnplan (see `tournament.py`).
    extras: dict[str, Any] = field(default_factory=dict)
    # What the as-recorded import took from the archive instead of refusing it (German), e.g.
    # a Serie length longer than the event's.
    notes: list[str] = field(default_factory=list)

    @property
    def key(self) -> str:
        return str(self.fields["key"])


@dataclass
class Plan:
    club_name: str | None
    players: list[dict[str, Any]]
    events: list[EventPlan]
    matches: list[Any] = field(default_factory=list)  # matches.MatchPlan (Offiziersskat)

    @property
    def game_count(self) -> int:
        return sum(len(t.games) for e in self.events for r in e.rounds for t in r.tables)


@dataclass(frozen=True)
class ImportSummary:
    players: int
    events: int
    rounds: int
    tables: int
    games: int
    replaced: int
    as_recorded: int = 0  # games kept "abweichend erfasst"
    # What the as-recorded import took from the archive (German lines naming the event).
    notes: tuple[str, ...] = ()
