"""CSV and JSON downloads of the tables on the public pages, and German number formatting.

Every page describes the tables it shows as `Export`s (a name, a German title, columns as
(key, German header) pairs, rows as dicts). `?format=csv&table=<name>` downloads one table
as CSV, `?format=json` all of the page's tables (or one with `&table=<name>`).

CSV is written for German spreadsheet programs: UTF-8 with BOM (so Excel detects the
encoding), `;` as separator and a decimal comma (Excel in German reads `12,5` as a number;
with a comma separator every decimal would need quoting). A text cell that a spreadsheet would
take for a formula (it begins with = + - @, a tab or a carriage return, e.g. a player named
`=HYPERLINK(…)`) gets a leading `'`; numbers are written as numbers. JSON keeps the English keys and
writes exact numbers that are not whole (money, averages) as decimal strings with a point.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

FORMATS = ("csv", "json")


@dataclass(frozen=True)
class Export:
    name: str
    title: str
    columns: Sequence[tuple[str, str]]
    rows: Sequence[dict[str, Any]]


def exact_decimal(value: Fraction | Decimal | int, places: int = 0) -> str:
    """An exact decimal with a point and at least `places` decimals: Fraction(5, 2) -> "2.5";
    a value without a finite decimal form stays a fraction ("10/3"), so nothing is lost."""
    if isinstance(value, Decimal):
        text = str(value)
    else:
        amount = Fraction(value)
        digits = _decimal_places(amount.denominator)
        if digits is None:
            return f"{amount.numerator}/{amount.denominator}"
        text = f"{Decimal(amount.numerator) / Decimal(amount.denominator):.{digits}f}"
    whole, _, decimals = text.partition(".")
    decimals = decimals.ljust(places, "0")
    return f"{whole}.{decimals}" if decimals else whole


def _decimal_places(denominator: int) -> int | None:
    """How many decimals 1/denominator needs, None if it never ends."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None


def german_decimal(value: Fraction | Decimal | int, places: int = 0) -> str:
    return exact_decimal(value, places).replace(".", ",")


def euro(cents: Fraction | int) -> str:
    """Cents as exact euros, German style: Fraction(1255, 10) -> '1,255 €'."""
    return f"{german_decimal(Fraction(cents) / 100, 2)} €"


MINUS = "\u2212"  # the true minus sign, as wide as the plus sign in print


def plain_number(value: int) -> str:
    """An integer for print: -55 -> '−55' (true minus), 91 -> '91'."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed_number(value: int) -> str:
    """An integer with its sign for print: 60 -> '+60', -288 -> '−288', 0 -> '0'."""
    return f"+{value}" if value > 0 else plain_number(value)


def cash(cents: int, *, sign: bool = False, unit: bool = True) -> str:
    """Whole cents as euros to pay, German style with a true minus: -1234 -> '−12,34 €';
    with `sign`, 500 -> '+5,00 €'; without `unit`, no '€' (a column says it once)."""
    whole, part = divmod(abs(cents), 100)
    text = f"{whole:,}".replace(",", ".") + f",{part:02d}" + (" €" if unit else "")
    if cents < 0:
        return MINUS + text
    return f"+{text}" if sign and cents > 0 else text


def euros(cents: Fraction | int) -> Decimal | Fraction:
    """Cents as an exact euro amount with at least two decimals, for export rows."""
    text = exact_decimal(Fraction(cents) / 100, 2)
    return Fraction(cents) / 100 if "/" in text else Decimal(text)


def rounded(value: Fraction, places: int = 2) -> Decimal:
    """For averages, which rarely end: half up to `places` decimals."""
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(quantum, rounding="ROUND_HALF_UP")


def links(request: HttpRequest, exports: Sequence[Export]) -> list[dict[str, str]]:
    """CSV and JSON URLs per table, keeping the page's own filters (e.g. `saison`)."""
    result = []
    for export in exports:
        query = request.GET.copy()
        for name in list(query):
            if name in ("format", "table") or name.endswith(("sort", "page")):
                del query[name]
        query["table"] = export.name
        urls = {}
        for wanted in FORMATS:
            query["format"] = wanted
            urls[wanted] = f"?{query.urlencode()}"
        result.append({"title": export.title, "csv": urls["csv"], "json": urls["json"]})
    return result


def requested_format(request: HttpRequest) -> str | None:
    wanted = request.GET.get("format")
    return wanted if wanted in FORMATS else None


def download(request: HttpRequest, exports: Sequence[Export], stem: str) -> HttpResponse | None:
    """The requested download, or None when the page itself is wanted."""
    wanted = requested_format(request)
    if wanted is None:
        return None
    chosen = _chosen(request, exports)
    if wanted == "csv":
        table = chosen[0]
        return csv_response(table, f"{stem}-{table.name}.csv")
    response = JsonResponse(
        {"tables": {e.name: _json_table(e) for e in chosen}},
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
    response["Content-Disposition"] = f'attachment; filename="{stem}.json"'
    return response


def _chosen(request: HttpRequest, exports: Sequence[Export]) -> list[Export]:
    name = request.GET.get("table")
    if not name:
        return list(exports)
    chosen = [e for e in exports if e.name == name]
    if not chosen:
        raise Http404(f"Diese Seite hat keine Tabelle „{name}“.")
    return chosen


def csv_response(export: Export, filename: str) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow([header for _, header in export.columns])
    for row in export.rows:
        writer.writerow([_csv_value(row.get(key)) for key, _ in export.columns])
    response = HttpResponse("\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, int | Fraction | Decimal):
        return german_decimal(value)  # a number, also when negative
    if isinstance(value, list | tuple):
        return spreadsheet_text(" ".join(_csv_value(v) for v in value))
    return spreadsheet_text(str(value))


def spreadsheet_text(text: str) -> str:
    """Text that no spreadsheet runs as a formula: a leading ' where it would."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _json_table(export: Export) -> dict[str, Any]:
    return {
        "title": export.title,
        "columns": dict(export.columns),
        "rows": [{k: _json_value(row.get(k)) for k, _ in export.columns} for row in export.rows],
    }


def _json_value(value: Any) -> Any:
    if isinstance(value, Fraction | Decimal):
        return exact_decimal(value)
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    return value
