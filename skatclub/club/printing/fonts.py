"""The fonts shipped for printing, their @font-face rules and the width of text set in them.

Owns the font files under `printing/fonts/` (DejaVu Sans and DejaVu Sans Condensed for Latin,
Greek and Cyrillic, Droid Sans Fallback for Chinese, Japanese and Korean names; licences in
`fonts/LICENSE.md`), the CSS that makes WeasyPrint use them whatever is installed
(`font_face_css`), and the advance widths that let the layout modules place and wrap text
exactly before WeasyPrint sees it (`text_width_mm`, `wrapped`): a printout never shortens a
text with "…". Reads the font files once per process; writes nothing.

The printouts switch kerning and ligatures off (`pdf/printout.css`), so a text is exactly as wide as
the sum of its characters' advance widths, and a line can be placed to a tenth of a millimetre
with tabs and spaces of known widths (`placed_line`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import pyphen
from fontTools.ttLib import TTFont  # type: ignore[import-untyped]

FONT_DIR = Path(__file__).resolve().parent / "fonts"
SANS = "Skatclub Sans"
CONDENSED = "Skatclub Sans Condensed"
CJK = "Skatclub CJK"
MM_PER_PT = 25.4 / 72


@dataclass(frozen=True)
class FontFile:
    family: str
    file: str
    bold: bool

    @property
    def path(self) -> Path:
        return FONT_DIR / self.file


FONT_FILES = (
    FontFile(SANS, "DejaVuSans.ttf", False),
    FontFile(SANS, "DejaVuSans-Bold.ttf", True),
    FontFile(CONDENSED, "DejaVuSansCondensed.ttf", False),
    FontFile(CONDENSED, "DejaVuSansCondensed-Bold.ttf", True),
    FontFile(CJK, "DroidSansFallback.ttf", False),
)
CJK_FILE = FONT_FILES[-1]


def font_face_css() -> str:
    """@font-face rules for the shipped fonts (file URLs: WeasyPrint reads them from disk)."""
    rules = []
    for font in FONT_FILES:
        rules.append(
            f'@font-face {{ font-family: "{font.family}"; src: url("{font.path.as_uri()}"); '
            f"font-weight: {700 if font.bold else 400}; }}"
        )
    # The CJK font has no bold face; bold CJK text uses it as it is.
    rules.append(
        f'@font-face {{ font-family: "{CJK}"; src: url("{CJK_FILE.path.as_uri()}"); '
        "font-weight: 700; }"
    )
    return "\n".join(rules)


class _Widths:
    """Advance widths in em of one font file, per character, read lazily."""

    def __init__(self, path: Path) -> None:
        font = TTFont(path, lazy=True)
        units = float(font["head"].unitsPerEm)
        metrics = font["hmtx"].metrics
        self.widths: dict[int, float] = {
            code: metrics[glyph][0] / units for code, glyph in font.getBestCmap().items()
        }


@cache
def _widths(family: str, bold: bool) -> dict[int, float]:
    """Code point -> advance width in em: the family's own glyphs, else the CJK font's."""
    main = next(f for f in FONT_FILES if f.family == family and f.bold == bold)
    return _cjk_widths().widths | _Widths(main.path).widths


@cache
def _cjk_widths() -> _Widths:
    return _Widths(CJK_FILE.path)


def char_em(char: str, family: str = CONDENSED, *, bold: bool = False) -> float:
    # No glyph anywhere: WeasyPrint draws a box about one em wide.
    return _widths(family, bold).get(ord(char), 1.0)


@lru_cache(maxsize=1 << 16)
def _text_em(text: str, family: str, bold: bool) -> float:
    widths = _widths(family, bold)
    return sum(widths.get(ord(c), 1.0) for c in text)


def text_width_mm(
    text: str, size_pt: float, family: str = CONDENSED, *, bold: bool = False
) -> float:
    return _text_em(text, family, bold) * size_pt * MM_PER_PT


def wrapped(
    text: str,
    width_mm: float,
    size_pt: float,
    *,
    bold: bool = False,
    family: str = CONDENSED,
    hyphenate: bool = False,
    syllables: bool = False,
) -> list[str]:
    """Greedy lines of at most `width_mm`, broken after spaces and hyphens; a word longer than
    a line is broken between characters. A line break in `text` is kept. With `hyphenate`
    (text placed by the layout modules, whose breaks are final) a word
    wider than a line is broken at a German syllable, or between characters, with a visible
    hyphen (`HYPHEN`); with `syllables` too, any word that does not fit the rest of a line."""
    return [
        line
        for paragraph in text.split("\n")
        for line in _wrapped(paragraph, width_mm, size_pt, bold, family, hyphenate, syllables)
    ]


HYPHEN = "\u2010"  # drawn where a word is broken (WeasyPrint draws the same)


@cache
def hyphenator() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="de_DE")


@lru_cache(maxsize=1 << 12)  # the same names, legends and page heads on every sheet
def _wrapped(
    text: str,
    width_mm: float,
    size_pt: float,
    bold: bool,
    family: str,
    hyphenate: bool,
    syllables: bool,
) -> tuple[str, ...]:
    if hyphenate or syllables:
        return _hyphenated(text, width_mm, size_pt, bold, family, syllables)
    lines: list[str] = []
    current = ""

    def width(part: str) -> float:
        return text_width_mm(part.rstrip(), size_pt, family, bold=bold)

    for word in _words(text):
        candidate = current + word
        if current and width(candidate) > width_mm:
            lines.append(current.rstrip())
            current = word
        else:
            current = candidate
        while width(current) > width_mm and len(current) > 1:
            cut = _longest_start(current, width_mm, size_pt, bold, family)
            lines.append(current[:cut])
            current = current[cut:]
    if current.strip():
        lines.append(current.rstrip())
    return tuple(lines)


def _hyphenated(
    text: str, width_mm: float, size_pt: float, bold: bool, family: str, syllables: bool
) -> tuple[str, ...]:
    lines: list[str] = []
    current = ""

    def fits(part: str) -> bool:
        return text_width_mm(part.rstrip(), size_pt, family, bold=bold) <= width_mm

    for word in _words(text):
        if fits(current + word):
            current += word
            continue
        cut = _syllable_cut(current, word, fits) if syllables else 0
        if cut:
            lines.append(current + word[:cut] + HYPHEN)
            current, word = "", word[cut:]
        elif current:
            lines.append(current.rstrip())
            current = ""
        while not fits(word):
            cut = _syllable_cut("", word, fits) or _letter_cut(word, fits)
            lines.append(word[:cut] + _hyphen(word, cut))
            word = word[cut:]
        current = word
    if current.strip():
        lines.append(current.rstrip())
    return tuple(lines)


def _syllable_cut(current: str, word: str, fits: Callable[[str], bool]) -> int:
    """The longest start of `word` up to a German syllable that fits after `current` with a
    hyphen; 0 if none does."""
    bare = word.rstrip(" -")
    for cut in reversed(hyphenator().positions(bare)):
        if fits(current + word[:cut] + HYPHEN):
            return int(cut)
    return 0


def _letter_cut(word: str, fits: Callable[[str], bool]) -> int:
    cut = 1
    while cut < len(word) - 1 and fits(word[: cut + 1] + _hyphen(word, cut + 1)):
        cut += 1
    return cut


def _hyphen(word: str, cut: int) -> str:
    """No hyphen between two CJK characters (they break anywhere) or after a hyphen."""
    if word[cut - 1] == "-" or (_is_cjk(word[cut - 1]) and _is_cjk(word[cut : cut + 1] or "a")):
        return ""
    return HYPHEN


def _is_cjk(char: str) -> bool:
    return ord(char) >= 0x2E80


def _words(text: str) -> list[str]:
    words, current = [], ""
    for char in text:
        current += char
        if char in " -":
            words.append(current)
            current = ""
    if current:
        words.append(current)
    return words


def _longest_start(text: str, width_mm: float, size_pt: float, bold: bool, family: str) -> int:
    used = 0.0
    for index, char in enumerate(text):
        used += char_em(char, family, bold=bold) * size_pt * MM_PER_PT
        if used > width_mm:
            return max(index, 1)
    return len(text)


# --- placing text on a line with tabs and spaces --------------------------------------------

# Spaces of DejaVu Sans Condensed by width in font units (2048 per em): em, en, three-per-em,
# four-per-em, thin, six-per-em, hair. Bold has the same widths.
TAB_MARGIN_MM = 0.3
SPACES = ("\u2003", "\u2002", "\u2004", "\u2005", "\u2009", "\u2006", "\u200a")
# Measured with WeasyPrint 70: Pango lays text out 1.024 times as wide as it is drawn, and
# tab stops fall on Pango's positions, so a tab ends where Pango thinks the stop is. Placing
# text therefore follows both positions: Pango's (for the tabs) and the drawn one.
PANGO_STRETCH = 1.024


@dataclass(frozen=True)
class Cell:
    """`text` starting at `x_mm` (align "l"), ending there ("r") or centred on it ("c")."""

    x_mm: float
    text: str
    align: str = "l"


def placed_line(cells: Sequence[Cell], size_pt: float, tab_mm: float, *, bold: bool = False) -> str:
    """One line of text with every cell at its place: tabs while they stay left of it, then
    spaces of known widths. The line's block needs a `tab-size` of `tab_mm`, kerning and
    ligatures off and `white-space: pre`. Cells must not overlap (the callers fit them)."""
    out: list[str] = []
    drawn = laid = 0.0  # where the text is drawn, and where Pango thinks it is
    on_stop = True  # `laid` is exactly a tab stop (after a tab), not the sum of widths
    for cell in sorted(cells, key=lambda c: c.x_mm):
        if not cell.text:
            continue
        width = text_width_mm(cell.text, size_pt, bold=bold)
        start = {"l": cell.x_mm, "r": cell.x_mm - width, "c": cell.x_mm - width / 2}[cell.align]
        while True:
            stop = (math.floor(laid / tab_mm + (1e-9 if on_stop else 0)) + 1) * tab_mm
            near = stop - laid < TAB_MARGIN_MM or laid - (stop - tab_mm) < TAB_MARGIN_MM
            if near and not on_stop:
                # Right at a stop, rounding decides which stop a tab goes to: step away.
                if drawn + TAB_MARGIN_MM * 2 > start:
                    break
                filler = _spaces(TAB_MARGIN_MM * 2, size_pt, bold)
                out.append(filler)
                filled = text_width_mm(filler, size_pt, bold=bold)
                drawn, laid = drawn + filled, laid + filled * PANGO_STRETCH
                continue
            if drawn + stop - laid > start:
                break
            out.append("\t")
            drawn, laid, on_stop = drawn + stop - laid, stop, True
        filler = _spaces(start - drawn, size_pt, bold)
        filled = text_width_mm(filler + cell.text, size_pt, bold=bold)
        out.append(filler + cell.text)
        drawn, laid, on_stop = drawn + filled, laid + filled * PANGO_STRETCH, False
    return "".join(out)


def _spaces(gap_mm: float, size_pt: float, bold: bool) -> str:
    out = []
    for space, em in _space_ems(bold):
        width = em * size_pt * MM_PER_PT
        while gap_mm >= width - 0.04 and gap_mm > 0.04:
            out.append(space)
            gap_mm -= width
    return "".join(out)


@cache
def _space_ems(bold: bool) -> tuple[tuple[str, float], ...]:
    return tuple((space, char_em(space, bold=bold)) for space in SPACES)
