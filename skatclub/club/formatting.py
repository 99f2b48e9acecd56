"""Numbers and money as the club reads them: the one place where a value becomes text.

Owns every German number format that pages, printouts and downloads show: whole numbers with a
thousands dot and the true minus sign (`number`, `signed`), exact decimals (`decimal`, and
`exact_decimal` with a point for JSON), euros from cents (`euro`; `euros` for spreadsheet cells)
and the one rounding of a value that does not end (`rounded`, for averages). Pure Python: no
Django, no database, so every layer may use it.

Conventions, the same on every surface: the minus is U+2212 ("−", as wide as "+" in print);
zero never carries a sign ("0,00 €", never "−0,00 €"); a thousands dot from 1.000 up; money keeps
every decimal it has ("1,255 €" for an exact half cent) and a value with no finite decimal form
(only with a Wertpunkt such as 1/3) stays a fraction, so nothing shown is rounded by accident.
What typed input echoes back (`money.cents_text`, "12,50") is input, not output, and stays there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from math import gcd

MINUS = "\u2212"


def number(value: int) -> str:
    """A whole number: 1234 -> "1.234", -55 -> "−55", 0 -> "0"."""
    text = f"{abs(value):,}".replace(",", ".")
    return f"{MINUS}{text}" if value < 0 else text


def signed(value: int) -> str:
    """A whole number with its sign: 60 -> "+60", -288 -> "−288", 0 -> "0"."""
    return f"+{number(value)}" if value > 0 else number(value)


def exact_decimal(value: Fraction | Decimal | int, places: int = 0) -> str:
    """An exact decimal with a point and at least `places` decimals, for JSON and spreadsheets:
    Fraction(5, 2) -> "2.5"; a value without a finite decimal form stays a fraction ("10/3")."""
    parts = _parts(value, places)
    if isinstance(parts, str):
        return parts
    whole, decimals = parts
    return f"{whole}.{decimals}" if decimals else whole


Parts = tuple[str, str] | str  # (whole part with "-", decimals), or "n/d" without an end


def _parts(value: Fraction | Decimal | int, places: int) -> Parts:
    if isinstance(value, Decimal):
        whole, _, decimals = str(value).partition(".")
        return whole, decimals.ljust(places, "0")
    if not isinstance(value, int | Fraction):
        value = Fraction(value)
    return _ratio_parts(value.numerator, value.denominator, places)


def _ratio_parts(numerator: int, denominator: int, places: int) -> Parts:
    """numerator/denominator (in lowest terms) in integers only: a page formats thousands of
    amounts, and Fraction and Decimal arithmetic cost ten times as much."""
    digits = _decimal_places(denominator)
    if digits is None:
        return f"{numerator}/{denominator}"
    if not digits:
        return str(numerator), "0" * places
    # 10**digits is a multiple of the denominator (only twos and fives): the scaling is exact.
    scaled = str(abs(numerator) * 10**digits // denominator).rjust(digits + 1, "0")
    whole = scaled[:-digits]
    return ("-" + whole if numerator < 0 else whole), scaled[-digits:].ljust(places, "0")


def _decimal_places(denominator: int) -> int | None:
    """How many decimals 1/denominator needs, None if it never ends."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None


def decimal(value: Fraction | Decimal | int, places: int = 0, *, sign: bool = False) -> str:
    """An exact decimal in German: Fraction(-5, 2) -> "−2,5", 1234.5 -> "1.234,5"; with
    `sign`, a positive value gets "+"."""
    return _german(_parts(value, places), sign)


def _german(parts: Parts, sign: bool) -> str:
    if isinstance(parts, str):
        numerator, denominator = parts.split("/")
        fraction = f"{number(int(numerator))}/{denominator}"
        return f"+{fraction}" if sign and not fraction.startswith(MINUS) else fraction
    whole, decimals = parts
    negative = whole.startswith("-")
    digits = whole.lstrip("-")
    body = number(int(digits)) + (f",{decimals}" if decimals else "")
    if digits.strip("0") or decimals.strip("0"):  # not zero: zero never carries a sign
        if negative:
            return MINUS + body
        if sign:
            return "+" + body
    return body


def euro(cents: Fraction | int, *, sign: bool = False, unit: bool = True, places: int = 2) -> str:
    """Cents as euros: -1234 -> "−12,34 €", Fraction(1255, 10) -> "1,255 €"; with `sign`,
    500 -> "+5,00 €"; without `unit`, no "€" (a column that says it once); with `places`, at
    least that many decimals (one precision for a column: `euro_places`)."""
    text = _german(_ratio_parts(*_euros(cents), max(places, 2)), sign)
    return f"{text} €" if unit else text


def euro_places(amounts: Iterable[Fraction | int]) -> int:
    """The decimals a column of euro amounts needs so that every one is exact (at least 2;
    amounts without a decimal end are written as fractions and do not count)."""
    needed = [_decimal_places(_euros(cents)[1]) for cents in amounts]
    return max([2, *(n for n in needed if n is not None)])


def euros(cents: Fraction | int) -> Decimal | Fraction:
    """Cents as an exact euro amount with at least two decimals, for spreadsheet cells."""
    numerator, denominator = _euros(cents)
    parts = _ratio_parts(numerator, denominator, 2)
    if isinstance(parts, str):
        return Fraction(numerator, denominator)
    return Decimal(f"{parts[0]}.{parts[1]}")


def _euros(cents: Fraction | int) -> tuple[int, int]:
    """Cents / 100 in lowest terms (numerator, denominator), without Fraction arithmetic."""
    if not isinstance(cents, int | Fraction):
        cents = Fraction(cents)
    numerator, denominator = cents.numerator, cents.denominator * 100
    common = gcd(numerator, denominator)
    return numerator // common, denominator // common


def rounded(value: Fraction, places: int = 2) -> Decimal:
    """For averages, which rarely end: half up to `places` decimals (the only rounding here)."""
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(quantum, rounding=ROUND_HALF_UP)


def exact_cents(amount: Fraction | int) -> str:
    """An exact amount of cents for JSON (docs/spec/money-json.md): "numerator/denominator",
    the denominator the power of ten the decimal needs (3,1725 € = 317,25 ct -> "31725/100",
    97 ct -> "97/1"), or the lowest terms if the decimal has no end (1/3 ct -> "1/3")."""
    value = Fraction(amount)
    parts = _ratio_parts(value.numerator, value.denominator, 0)
    if isinstance(parts, str):
        return f"{value.numerator}/{value.denominator}"
    whole, decimals = parts
    sign = "-" if whole.startswith("-") else ""
    digits = (whole.lstrip("-") + decimals).lstrip("0") or "0"
    return f"{sign}{digits}/{10 ** len(decimals)}" if digits != "0" else "0/1"


def listing(parts: Sequence[str]) -> str:
    """Parts as German lists them: "A", "A und B", "A, B und C"."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " und " + parts[-1]
