"""The one number and money format of every page, printout and download."""

from __future__ import annotations

import ast
import pathlib
from decimal import Decimal
from fractions import Fraction

from skatclub.club.formatting import (
    MINUS,
    decimal,
    euro,
    euros,
    exact_cents,
    exact_decimal,
    number,
    rounded,
    signed,
)

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_whole_numbers_have_a_thousands_dot_and_the_true_minus() -> None:
    assert [number(n) for n in (0, 7, -55, 1234, -1234567)] == [
        "0",
        "7",
        f"{MINUS}55",
        "1.234",
        f"{MINUS}1.234.567",
    ]


def test_a_signed_number_shows_plus_but_zero_has_no_sign() -> None:
    assert [signed(n) for n in (60, -288, 0, 12000)] == ["+60", f"{MINUS}288", "0", "+12.000"]


def test_euros_keep_every_cent_and_never_show_minus_zero() -> None:
    assert euro(-1234) == f"{MINUS}12,34 €"
    assert euro(123456789) == "1.234.567,89 €"
    assert euro(Fraction(1255, 10)) == "1,255 €"
    assert euro(0) == "0,00 €"
    assert euro(Fraction(-1, 1000), sign=True) == f"{MINUS}0,00001 €"
    assert euro(0, sign=True) == "0,00 €"
    assert euro(500, sign=True, unit=False) == "+5,00"


def test_a_value_without_a_finite_decimal_stays_a_fraction() -> None:
    assert exact_decimal(Fraction(10, 3)) == "10/3"
    assert decimal(Fraction(-10000, 3)) == f"{MINUS}10.000/3"
    assert euros(Fraction(1, 3)) == Fraction(1, 300)


def test_downloads_and_json_get_exact_decimals_with_a_point() -> None:
    assert euros(1255) == Decimal("12.55")
    assert exact_decimal(Fraction(5, 2), 2) == "2.50"
    assert [exact_cents(Fraction(n, d)) for n, d in ((0, 1), (181, 4), (-465, 2))] == [
        "0/1",
        "4525/100",
        "-2325/10",
    ]
    assert exact_cents(Fraction(-1, 200)) == "-5/1000"


def test_an_average_is_rounded_half_up_once() -> None:
    assert rounded(Fraction(1, 8)) == Decimal("0.13")
    assert rounded(Fraction(-1, 3), 1) == Decimal("-0.3")


def test_no_other_module_defines_its_own_minus_sign_or_euro_text() -> None:
    """One format: a second MINUS constant or an f-string ending in " €" outside the formatting
    module is a second money formatter (issue 25: money was formatted in four places)."""
    offenders = []
    for path in sorted((ROOT / "skatclub").rglob("*.py")):
        if path.name == "formatting.py" or "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "MINUS" for t in node.targets
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} MINUS")
            if isinstance(node, ast.JoinedStr) and node.values:
                last = node.values[-1]
                if isinstance(last, ast.Constant) and str(last.value).endswith(" €"):
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} euro text")
    assert offenders == []
