"""The three Seeger-Fabian parts a page row shows, read off the engine's `ScoreParts`.

Owns `ScorePartsRow`, the one place the Spielliste's foot (`queries.score_sheet.SheetFoot`) and a
standing (`queries.standings.Row`) get `won_points`, `lost_points` and `others_points` from.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scoring import ScoreParts


class ScorePartsRow:
    """A row whose `parts` are the engine's; the parts' points as attributes for templates."""

    if TYPE_CHECKING:  # a dataclass field in one subclass, a property in the other

        @property
        def parts(self) -> ScoreParts: ...

    @property
    def won_points(self) -> int:
        return self.parts.won_points

    @property
    def lost_points(self) -> int:
        return self.parts.lost_points

    @property
    def others_points(self) -> int:
        return self.parts.others_points
