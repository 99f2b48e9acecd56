"""Downloads of the tables on the pages (CSV, XLSX, ODS, JSON).

Every page describes the tables it shows as `Export`s (a name, a German title, columns as
(key, German header) pairs, rows as dicts, and which columns hold money: in cents, an int
or an exact Fraction).
`?format=csv|xlsx|ods&table=<name>` downloads one table, `?format=json` all of the page's
tables (or one with `&table=<name>`).

CSV, XLSX and ODS are written by tablib (with openpyxl and odfpy) from the export's rows
(`export_dataset`), the same rows the page's table shows. XLSX and ODS
hold real numbers (exact decimals), dates as dates and euros as numbers shown with two
decimals and €; CSV is written for German spreadsheet programs: UTF-8 with BOM (so Excel
detects the encoding), `;` as separator and a decimal comma (Excel in German reads `12,5` as a
number; with a comma separator every decimal would need quoting). Text cells that start with
= + - @, a tab or a carriage return are neutralised (`neutralised`), so that no spreadsheet
program runs them as a formula. The spreadsheets show money in euros. JSON keeps the English
keys and writes money in cents as docs/spec/money-json.md says (whole cents as a number, exact
amounts as "numerator/denominator" of cents), other exact numbers that are not whole
(averages) as decimal strings with a point.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

import tablib
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse

from skatclub.club.formatting import euros, exact_cents, exact_decimal

FORMATS = ("csv", "xlsx", "ods", "json")
SPREADSHEETS = ("csv", "xlsx", "ods")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
EURO_XLSX = '#,##0.00 "€";-#,##0.00 "€"'
DATE_XLSX = "DD.MM.YYYY"
SPREADSHEET_DECIMALS = 10  # a Fraction without a finite decimal (a Wertpunkt of 1/3) in a sheet


def neutralised(text: str) -> str:
    """A text cell no spreadsheet program runs as a formula: '=1+1' -> "'=1+1"."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


@dataclass(frozen=True)
class Export:
    name: str
    title: str
    columns: Sequence[tuple[str, str]]
    rows: Sequence[dict[str, Any]]
    money: Sequence[str] = ()  # keys of the money columns (cents; docs/spec/money-json.md)


def links(request: HttpRequest, exports: Sequence[Export]) -> list[dict[str, str]]:
    """Download URLs per table and format, keeping the page's own filters (e.g. `saison`)."""
    result = []
    for export in exports:
        query = request.GET.copy()
        for name in list(query):
            if name in ("format", "table") or name.endswith(("sort", "page")):
                del query[name]
        query["table"] = export.name
        urls = {"title": export.title}
        for wanted in FORMATS:
            query["format"] = wanted
            urls[wanted] = f"?{query.urlencode()}"
        result.append(urls)
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
    if wanted in SPREADSHEETS:
        table = chosen[0]
        return spreadsheet_response(table, wanted, f"{stem}-{table.name}.{wanted}")
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


# --- CSV, XLSX, ODS through tablib --------------------------------------------------------

CONTENT_TYPES = {
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "ods": "application/vnd.oasis.opendocument.spreadsheet",
}


def export_dataset(export: Export, target: str) -> tablib.Dataset:
    """The export's rows as tablib writes them, each cell as the target format holds it
    (the same rows the page shows). Written directly: django-tables2's export inspected
    every cell's column for its signature and cost the season CSV 2.3 times as much."""
    value = _csv_value if target == "csv" else _spreadsheet_value
    keys = [key for key, _ in export.columns]
    dataset = tablib.Dataset(
        headers=[header for _, header in export.columns], title=_worksheet_title(export)
    )
    money = set(export.money)
    for row in export.rows:
        dataset.append([value(_cell(row.get(key), key in money)) for key in keys])
    return dataset


def _cell(value: Any, money: bool) -> Any:
    """A money column's cents as exact euros for the spreadsheet; any other cell as it is."""
    return euros(value) if money and isinstance(value, int | Fraction) else value


def spreadsheet_response(export: Export, target: str, filename: str) -> HttpResponse:
    dataset = export_dataset(export, target)
    content: str | bytes
    if target == "csv":
        content = "\ufeff" + dataset.export("csv", delimiter=";")
    else:
        written: bytes = dataset.export(target)
        money = [i for i, (key, _) in enumerate(export.columns) if key in export.money]
        formats = _xlsx_formats if target == "xlsx" else _ods_formats
        content = formats(written, money)
    response = HttpResponse(content, content_type=CONTENT_TYPES[target])
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _worksheet_title(export: Export) -> str:
    """A sheet name both programs accept: at most 31 characters, none of []:*?/\\."""
    title = "".join(" " if ch in "[]:*?/\\" else ch for ch in export.title)
    return " ".join(title.split())[:31] or export.name


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, int | Fraction | Decimal):
        # A number a spreadsheet reads: decimal comma, ASCII minus, no thousands dots.
        return exact_decimal(value).replace(".", ",")
    if isinstance(value, list | tuple):
        return neutralised(" ".join(_csv_value(v) for v in value))
    if isinstance(value, str):
        return neutralised(value)
    return str(value)


def _spreadsheet_value(value: Any) -> Any:
    """Numbers stay numbers (exact decimals), dates stay dates, the rest is safe text."""
    if (
        value is None
        or isinstance(value, int | Decimal | datetime.date)
        and not isinstance(value, bool)
    ):
        return value
    if isinstance(value, bool):
        return "ja" if value else "nein"
    if isinstance(value, Fraction):
        text = exact_decimal(value)
        if "/" in text:
            exact = Decimal(value.numerator) / Decimal(value.denominator)
            return round(exact, SPREADSHEET_DECIMALS)
        return Decimal(text)
    if isinstance(value, float):
        return value
    if isinstance(value, list | tuple):
        return neutralised(" ".join(_csv_value(v) for v in value))
    return neutralised(str(value))


def _xlsx_formats(content: bytes, money: list[int]) -> bytes:
    """Euros with two decimals and €, dates German; the values stay exact numbers."""
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(content))
    worksheet = workbook.active
    assert worksheet is not None
    for row in worksheet.iter_rows(min_row=2):
        for index, cell in enumerate(row):
            if index in money and isinstance(cell.value, int | float | Decimal):
                cell.number_format = EURO_XLSX
            elif cell.is_date:
                cell.number_format = DATE_XLSX
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _ods_formats(content: bytes, money: list[int]) -> bytes:
    """Euro cells as ODS currency (EUR, two decimals, €); other numbers and dates as written."""
    if not money:
        return content
    from odf import number, opendocument, style, table

    document = opendocument.load(io.BytesIO(content))
    euro = number.CurrencyStyle(name="euro")
    euro.addElement(number.Number(decimalplaces="2", minintegerdigits="1", grouping="true"))
    euro.addElement(number.Text(text=" "))
    euro.addElement(number.CurrencySymbol(language="de", country="DE", text="€"))
    document.styles.addElement(euro)
    euro_cell = style.Style(name="euro-cell", family="table-cell", datastylename="euro")
    document.automaticstyles.addElement(euro_cell)
    for row in document.spreadsheet.getElementsByType(table.TableRow)[1:]:
        cells = row.getElementsByType(table.TableCell)
        for index in money:
            if index < len(cells) and cells[index].getAttribute("valuetype") == "float":
                cells[index].setAttribute("valuetype", "currency")
                cells[index].setAttribute("currency", "EUR")
                cells[index].setAttribute("stylename", euro_cell)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _json_table(export: Export) -> dict[str, Any]:
    keys, money = [k for k, _ in export.columns], set(export.money)
    return {
        "title": export.title,
        "columns": dict(export.columns),
        "rows": [
            {k: _json_money(row.get(k)) if k in money else _json_value(row.get(k)) for k in keys}
            for row in export.rows
        ],
    }


def _json_money(value: Any) -> Any:
    """Money in JSON as docs/spec/money-json.md writes it: whole cents as a number, an exact
    amount (a Fraction) as a string "numerator/denominator" of cents."""
    if isinstance(value, Fraction):
        return exact_cents(value)
    return value


def _json_value(value: Any) -> Any:
    if isinstance(value, Fraction | Decimal):
        return exact_decimal(value)
    if isinstance(value, list | tuple):
        return [_json_value(v) for v in value]
    return value
