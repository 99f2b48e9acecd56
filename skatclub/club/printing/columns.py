"""Table columns of the flowing printouts, their widths decided from their measured content.

Owns `Column` (a head, the texts that stand on one line, such as amounts, and the free texts
that may wrap, such as names and Sachpreise), `column_widths` (every column in mm: a column
of amounts exactly as wide as its widest amount or head syllable, never narrower, so amounts
stay on the page; the width that is left shared by the free texts, each up to what it needs on
one line) and `breakable` (a free text with soft hyphens in every word wider than its column,
at the German syllables (pyphen, as WeasyPrint's `hyphens: auto`) and, in a syllable still too
wide, between its letters: such a word breaks with a visible hyphen, never off the page).
Widths are those of the shipped fonts (`fonts.text_width_mm`); the template sets them with
`table-layout: fixed`. Reads and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from skatclub.club.printing.fonts import CONDENSED, hyphenator, text_width_mm

SOFT_HYPHEN = "\u00ad"
PADDING_MM = 2.0  # 1 mm either side of a cell (`pdf/kassenbericht.html`)
SLACK_MM = 0.6  # WeasyPrint may lay a line out a little wider than the sum of its advances
MIN_FREE_MM = 20.0  # a free text's column is never narrower


@dataclass(frozen=True)
class Column:
    """`head` (soft hyphens where it may break), `lines`: texts that stay on one line,
    `free`: texts that wrap; `bold`: the cells are bold (the head always is)."""

    head: str
    lines: Sequence[str] = ()
    free: Sequence[str] = ()
    bold: bool = False
    min_free_mm: float = MIN_FREE_MM

    def _width(self, text: str, size_pt: float, *, bold: bool) -> float:
        return text_width_mm(text, size_pt, CONDENSED, bold=bold) + PADDING_MM + SLACK_MM

    def least_mm(self, size_pt: float) -> float:
        """Narrower than this, an amount or a syllable of the head leaves its cell."""
        syllables = self.head.split(SOFT_HYPHEN)
        head = [self._width(part + "-", size_pt, bold=True) for part in syllables]
        lines = [self._width(text, size_pt, bold=self.bold) for text in self.lines]
        return max([*head, *lines, self.min_free_mm if self.free else 0.0])

    def wanted_mm(self, size_pt: float) -> float:
        """What the column takes with every free text on one line."""
        free = [self._width(text, size_pt, bold=self.bold) for text in self.free]
        return max([self.least_mm(size_pt), *free])


@dataclass(frozen=True)
class Widths:
    """Each column's width in mm, in the order of the columns; `fits`: inside `total_mm`."""

    mm: list[float]
    fits: bool


def column_widths(columns: Sequence[Column], total_mm: float, size_pt: float) -> Widths:
    """The columns of amounts as wide as they need; the rest of `total_mm` shared among the
    free texts, none wider than it wants, none under its least width."""
    least = [c.least_mm(size_pt) for c in columns]
    wanted = [c.wanted_mm(size_pt) for c in columns]
    widths = list(least)
    flexible = [i for i, c in enumerate(columns) if c.free]
    room = total_mm - sum(least)
    # Water-filling: the free columns grow together until each has what it wants.
    while room > 0.05 and flexible:
        growing = [i for i in flexible if wanted[i] - widths[i] > 0.05]
        if not growing:
            break
        share = room / len(growing)
        for i in growing:
            step = min(share, wanted[i] - widths[i])
            widths[i] += step
            room -= step
        flexible = [i for i in growing if wanted[i] - widths[i] > 0.05]
    return Widths([round(w, 1) for w in widths], fits=sum(least) <= total_mm + 0.05)


def breakable(text: str, width_mm: float, size_pt: float, *, bold: bool = False) -> str:
    """`text` with soft hyphens in each word that is wider than `width_mm` (a cell's width
    less its padding), so that WeasyPrint breaks it with a hyphen inside the cell."""
    return " ".join(_breakable_word(w, width_mm, size_pt, bold) for w in text.split(" "))


def _breakable_word(word: str, width_mm: float, size_pt: float, bold: bool) -> str:
    def too_wide(part: str) -> bool:
        return text_width_mm(part + "-", size_pt, CONDENSED, bold=bold) + SLACK_MM > width_mm

    if not too_wide(word):
        return word
    parts = hyphenator().inserted(word, hyphen=SOFT_HYPHEN).split(SOFT_HYPHEN)
    return SOFT_HYPHEN.join(SOFT_HYPHEN.join(p) if too_wide(p) else p for p in parts)
