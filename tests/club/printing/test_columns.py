"""Table columns measured with the shipped fonts (`printing/columns.py`): amounts keep their
width, free texts share the rest, a word wider than its column gets soft hyphens."""

from __future__ import annotations

from skatclub.club.printing.columns import (
    PADDING_MM,
    SOFT_HYPHEN,
    Column,
    breakable,
    column_widths,
)
from skatclub.club.printing.fonts import text_width_mm

ITEM = "Präsentkorb der Fleischerei Müller-Lüdenscheidt & Söhne"


def test_an_amount_column_is_as_wide_as_its_widest_amount_whatever_the_free_texts() -> None:
    columns = [
        Column("Name", free=["Hans-Jürgen Schröder-Müller-Lüdenscheidt" * 3]),
        Column("Saldo", ["−1.234,56 €", "5,00 €"]),
        Column("Preise", ["60,00 €"], [ITEM * 2]),
    ]
    widths = column_widths(columns, 180.0, 9.0)
    assert widths.fits
    assert sum(widths.mm) <= 180.0 + 0.2
    assert widths.mm[1] >= text_width_mm("−1.234,56 €", 9.0) + PADDING_MM


def test_free_texts_take_no_more_than_they_need_on_one_line() -> None:
    widths = column_widths([Column("Name", free=["Eva"]), Column("Saldo", ["5,00 €"])], 180, 9)
    assert sum(widths.mm) < 60


def test_the_head_breaks_only_at_its_soft_hyphens() -> None:
    head = f"Verlust{SOFT_HYPHEN}spiel{SOFT_HYPHEN}geld"
    least = Column(head, ["1,00 €"]).least_mm(9.0)
    assert least >= text_width_mm("Verlust-", 9.0, bold=True) + PADDING_MM
    assert least < text_width_mm("Verlustspielgeld", 9.0, bold=True)


def test_a_word_wider_than_its_column_gets_soft_hyphens_and_a_short_one_none() -> None:
    text = breakable("Eva Donaudampfschifffahrtsgesellschaftskapit", 20.0, 9.0)
    first, long = text.split(" ")
    assert first == "Eva"
    assert long.replace(SOFT_HYPHEN, "") == "Donaudampfschifffahrtsgesellschaftskapit"
    pieces = long.split(SOFT_HYPHEN)
    assert len(pieces) > 2
    assert all(text_width_mm(p, 9.0) < 20.0 for p in pieces)
