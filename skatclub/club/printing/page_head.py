"""The box at the top of every page of a printout: what it is, whose and of which event, and its
status.

Owns `PageHead`: the title, the status ("vorläufig: 30 von 48 Spielen", "nicht geprüft",
"geprüft von … am …", "Entwurf …"), the club and the event with its date, Serie and Tisch, a
note on why a result is still vorläufig, and the height all of that takes at the type scale of
the printouts (`templates/pdf/printout.css`), measured with the shipped fonts before WeasyPrint
sees it. Flowing printouts repeat the box in the top margin of every page, which is made just
as tall (`templates/pdf/base.html`); the Spiellisten draw it at the top of each sheet. However
long the club's name, the box grows and nothing in it is cut or pushed off the page.
Reads and writes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from skatclub.club.printing.fonts import MM_PER_PT, wrapped

PORTRAIT_MM = 180.0  # A4 less the 20 mm binding margin and 10 mm on the right
LANDSCAPE_MM = 267.0
TITLE_PT, STATUS_PT, ABOUT_PT, NOTE_PT = 14.0, 10.0, 10.0, 9.0
LINE = 1.25  # line height in ems (print.css uses the same numbers in mm)
RULE_MM = 2.0  # the rule under the box and the space to the page's content
SLACK_MM = 1.5  # measured lines may wrap a little earlier in WeasyPrint: never later


def line_mm(size_pt: float) -> float:
    return round(size_pt * MM_PER_PT * LINE, 3)


@dataclass(frozen=True)
class PageHead:
    title: str
    status: str
    club: str
    about: str  # event, date, and where it applies: Serie, Tisch
    note: str = ""
    width_mm: float = PORTRAIT_MM

    @property
    def about_line(self) -> str:
        return f"{self.club} · {self.about}" if self.about else self.club

    def _lines(self, text: str, size_pt: float, *, bold: bool) -> int:
        return len(wrapped(text, self.width_mm - SLACK_MM, size_pt, bold=bold)) if text else 0

    @cached_property
    def height_mm(self) -> float:
        """The box without the rule under it."""
        # The line of club and event is measured as bold throughout: never too short.
        parts = [
            (self.title, TITLE_PT),
            (self.status, STATUS_PT),
            (self.about_line, ABOUT_PT),
            (self.note, NOTE_PT),
        ]
        return round(sum(self._lines(t, s, bold=True) * line_mm(s) for t, s in parts), 2)

    @property
    def margin_mm(self) -> float:
        """The top margin a flowing printout needs for the box on every page."""
        return round(self.height_mm + RULE_MM + 6.0, 2)

    @property
    def sizes(self) -> dict[str, float]:
        """Line heights in mm for the template."""
        return {
            "title": line_mm(TITLE_PT),
            "status": line_mm(STATUS_PT),
            "about": line_mm(ABOUT_PT),
            "note": line_mm(NOTE_PT),
        }
