"""CSV and JSON downloads of the tables on the public pages, and German number formatting.

Every page describes the tables it shows as `Export`s (a name, a German title, columns as
(key, German header) pairs, rows as dicts). `?format=csv&table=<name>` downloads one table
as CSV, `?format=json` all of the page's tables (or one with `&table=<name>`).

CSV is written for German spreadsheet programs: UTF-8 with BOM (so Excel detects the
encoding), `;` as separator and a decimal comma (Excel in German reads `12,5` as a number;
with a comma separator every decimal would need quoting). JSON keeps the English keys and
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

from skatclub.club.standings import format_cents

FORMATS = ("csv", "json")


@dataclass(frozen=True)
class Export:
    name: str
    title: str
    columns: Sequence[tuple[str, str]]
    rows: Sequence[dict[str, Any]]


def exact_decimal(value: Fraction | Decimal | int, places: int = 0) -> str:
    """An exact decimal with a point, padded to at least `places` decimals."""
    text = str(value) if isinstance(value, Decimal) else format_cents(Fraction(value))
    if "/" in text or places == 0:
        return text
    whole, _, digits = text.partition(".")
    return f"{whole}.{digits.ljust(places, '0')}"


def german_decimal(value: Fraction | Decimal | int, places: int = 0) -> str:
    return exact_decimal(value, places).replace(".", ",")


def euro(cents: Fraction | int) -> str:
    """Cents as exact euros, German style: Fraction(1255, 10) -> '1,255 €'."""
    return f"{german_decimal(Fraction(cents) / 100, 2)} €"


def euros(cents: Fraction | int) -> Fraction:
    """Cents as an exact euro amount for export rows."""
    return Fraction(cents) / 100


def rounded(value: Fraction, places: int = 2) -> Decimal:
    """For averages, which rarely end: half up to `places` decimals."""
    quantum = Decimal(1).scaleb(-places)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(quantum, rounding="ROUND_HALF_UP")


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
    response = HttpResponse(
        "\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, Fraction | Decimal):
        return german_decimal(value)
    if isinstance(value, list | tuple):
        return " ".join(_csv_value(v) for v in value)
    return str(value)


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

