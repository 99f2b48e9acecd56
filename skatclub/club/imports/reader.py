"""Reading a spreadsheet (XLSX, ODS, CSV) into numbered rows, within bounds.

The file's kind is told by its content, not its name: a ZIP with an OpenDocument `mimetype`
is ODS, a ZIP with `[Content_Types].xml` is XLSX, text is CSV (UTF-8 or the Windows code page
German Excel writes, separated by `;`, `,` or tab). XLSX is streamed by openpyxl in read-only
mode (memory does not grow with the rows); ODS is streamed through the standard XML parser
hardened by defusedxml (see the ODS section: odfpy would hold the whole document; repeated rows
and cells, as LibreOffice writes them, are expanded here); CSV is read by the `csv` module.
The first row holds the headings; row numbers are the ones the spreadsheet program shows
(headings = row 1). Empty rows are skipped, their numbers kept. Anything beyond the bounds
is refused with `SheetError` (German) before rows are used.
"""

from __future__ import annotations

import csv
import datetime
import io
import zipfile
from collections.abc import Generator
from contextlib import closing
from dataclasses import dataclass
from typing import Any

MAX_BYTES = 20 * 1024 * 1024
MAX_UNPACKED = 400 * 1024 * 1024  # an XLSX/ODS unpacks to XML; a "ZIP bomb" unpacks to far more
MAX_ROWS = 100_000
MAX_COLUMNS = 60
MAX_CELL = 1_000  # characters kept per cell; longer cells are refused by `cells`
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
ROWS_MAGIC = b"#skatclub-rows/1\n"  # an upload as `normalized` keeps it between the steps

Cell = str | int | float | bool | datetime.date | datetime.datetime | None
Rows = Generator[tuple[int, list[Cell]], None, None]


class SheetError(ValueError):
    """The file cannot be read as a spreadsheet; `message` says why, in German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class Sheet:
    """A readable spreadsheet: its kind, headings, and the data rows (read on demand)."""

    kind: str
    data: bytes
    headers: list[str]

    def rows(self) -> Rows:
        """(row number, cells) of every non-empty data row, at most MAX_ROWS of them."""
        width = len(self.headers)
        count = 0
        for number, cells in _all_rows(self.kind, self.data):
            if number == 1:
                continue
            cells = list(cells[:width])
            if all(c is None or (isinstance(c, str) and not c.strip()) for c in cells):
                continue
            count += 1
            if count > MAX_ROWS:
                raise SheetError(
                    f"Die Tabelle hat mehr als {MAX_ROWS} Datenzeilen; bitte aufteilen."
                )
            yield number, cells + [None] * (width - len(cells))


def normalized(sheet: Sheet) -> bytes:
    """The sheet's rows as plain text (our `rows` kind: row number, then the cells), so that
    the steps after the upload read a few MB of CSV instead of parsing the workbook again.
    Dates are written ISO, whole numbers as digits, other numbers with a decimal comma."""
    chunks = [ROWS_MAGIC]
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\n")
    writer.writerow([1, *sheet.headers])
    for count, (number, cells) in enumerate(sheet.rows(), start=1):
        writer.writerow([number, *map(_plain, cells)])
        if count % 1000 == 0:  # encode as we go: text buffers hold four bytes a character
            chunks.append(buffer.getvalue().encode("utf-8"))
            buffer.seek(0)
            buffer.truncate()
    chunks.append(buffer.getvalue().encode("utf-8"))
    return b"".join(chunks)


def _plain(cell: Cell) -> str:
    if cell is None:
        return ""
    if isinstance(cell, bool):
        return "ja" if cell else "nein"
    if isinstance(cell, float):
        return str(int(cell)) if cell.is_integer() else repr(cell).replace(".", ",")
    if isinstance(cell, datetime.datetime):
        return cell.date().isoformat() if cell.time() == datetime.time() else cell.isoformat()
    if isinstance(cell, datetime.date):
        return cell.isoformat()
    return str(cell)


def open_sheet(data: bytes) -> Sheet:
    """The spreadsheet in `data`, or SheetError (size, kind, a ZIP that unpacks too far)."""
    if len(data) > MAX_BYTES:
        raise SheetError(
            f"Die Datei ist größer als {MAX_BYTES // (1024 * 1024)} MB und wird nicht gelesen."
        )
    if not data.strip():
        raise SheetError("Die Datei ist leer.")
    if data.startswith(b"\xd0\xcf\x11\xe0"):
        raise SheetError(
            "Das ist eine Datei im alten Excel-Format (.xls). Bitte in Excel oder LibreOffice "
            "als .xlsx, .ods oder .csv speichern und diese Datei hochladen."
        )
    kind = _kind(data)
    return Sheet(kind, data, _headers(kind, data))


def _all_rows(kind: str, data: bytes) -> Rows:
    if kind == "rows":
        return _plain_rows(data)
    if kind == "xlsx":
        return _xlsx_rows(data)
    if kind == "ods":
        return _ods_rows(data)
    return _csv_rows(data)


def _headers(kind: str, data: bytes) -> list[str]:
    with closing(_all_rows(kind, data)) as rows:
        for number, cells in rows:
            if number != 1:
                break
            headers = [_heading(c) for c in cells]
            while headers and not headers[-1]:
                headers.pop()
            if len(headers) > MAX_COLUMNS:
                raise SheetError(
                    f"Die Tabelle hat {len(headers)} Spalten; gelesen werden höchstens "
                    f"{MAX_COLUMNS}."
                )
            if headers:
                return headers
    raise SheetError("Die erste Zeile der Tabelle muss die Spaltenüberschriften enthalten.")


def _kind(data: bytes) -> str:
    if data.startswith(ROWS_MAGIC):
        return "rows"
    if not data.startswith(b"PK\x03\x04"):
        return "csv"
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            unpacked = sum(info.file_size for info in archive.infolist())
            mimetype = archive.read("mimetype").strip() if "mimetype" in names else b""
    except (zipfile.BadZipFile, OSError, KeyError) as error:
        raise SheetError(
            f"Die Datei ist beschädigt und kann nicht gelesen werden ({error})."
        ) from None
    if unpacked > MAX_UNPACKED:
        raise SheetError("Die Datei entpackt zu mehr Daten, als eine Tabelle haben kann.")
    if mimetype == ODS_MIMETYPE:
        return "ods"
    if "[Content_Types].xml" in names and "xl/workbook.xml" in names:
        return "xlsx"
    raise SheetError("Die Datei ist weder eine XLSX- noch eine ODS-Tabelle.")


def _heading(cell: Cell) -> str:
    if cell is None:
        return ""
    return " ".join(str(cell).split())[:MAX_CELL]


# --- XLSX ----------------------------------------------------------------------------------


def _xlsx_rows(data: bytes) -> Rows:
    from openpyxl import load_workbook  # only where a workbook is read: it loads slowly

    try:
        workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a damaged file
        raise SheetError(f"Die XLSX-Datei kann nicht gelesen werden ({error}).") from None
    try:
        sheet = workbook.active
        if sheet is None:
            raise SheetError("Die XLSX-Datei enthält kein Tabellenblatt.")
        for number, values in enumerate(sheet.iter_rows(values_only=True), start=1):
            yield number, [_cell(v) for v in values[: MAX_COLUMNS + 1]]
    finally:
        workbook.close()


def _cell(value: Any) -> Cell:
    if isinstance(value, str):
        return value[: MAX_CELL + 1]
    if value is None or isinstance(value, int | float | bool | datetime.date):
        return value
    return str(value)[: MAX_CELL + 1]


# --- ODS -----------------------------------------------------------------------------------
# The sheet's XML (content.xml) is streamed through the standard XML parser, hardened by
# defusedxml (odfpy's own dependency): odfpy itself builds the whole document in memory, which
# took 932 MB and 135 s for 48,000 rows. Only the table structure is read here (OpenDocument
# 1.2, part 1, 9.1: rows, cells, their repeats, the typed value or the text).

TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
OFFICE_NS = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
TEXT_NS = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
TABLE, ROW = f"{{{TABLE_NS}}}table", f"{{{TABLE_NS}}}table-row"
CELLS = (f"{{{TABLE_NS}}}table-cell", f"{{{TABLE_NS}}}covered-table-cell")
PARAGRAPH = f"{{{TEXT_NS}}}p"


def _ods_rows(data: bytes) -> Rows:
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import ParseError, iterparse

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive, archive.open("content.xml") as xml:
            yield from _ods_table_rows(iterparse(xml, events=("start", "end")))
    except (KeyError, zipfile.BadZipFile, ParseError, DefusedXmlException) as error:
        raise SheetError(f"Die ODS-Datei kann nicht gelesen werden ({error}).") from None


def _ods_table_rows(events: Any) -> Rows:
    """The rows of the first sheet; nested tables (in a cell) are skipped."""
    tables = sheets = number = 0
    parents: list[Any] = []
    for event, element in events:
        if event == "start":
            parents.append(element)
            if element.tag == TABLE:
                tables += 1
                sheets += tables == 1
            continue
        parents.pop()
        if element.tag == TABLE:
            tables -= 1
            if tables == 0 and sheets == 1:
                return  # the first sheet is read
        elif element.tag == ROW and tables == 1 and sheets == 1:
            cells = _ods_cells(element)
            repeat = _repeat(element, "number-rows-repeated")
            if parents:
                parents[-1].remove(element)  # keep memory flat: the row is read
            if not any(c is not None for c in cells):
                number += repeat  # LibreOffice repeats the empty rows below the data
                continue
            for _ in range(min(repeat, MAX_ROWS + 2)):
                number += 1
                yield number, cells
    if not sheets:
        raise SheetError("Die ODS-Datei enthält kein Tabellenblatt.")


def _ods_cells(row: Any) -> list[Cell]:
    cells: list[Cell] = []
    for cell in row:
        if cell.tag not in CELLS:
            continue
        value = _ods_value(cell)
        repeat = _repeat(cell, "number-columns-repeated")
        cells.extend([value] * min(repeat, MAX_COLUMNS + 1 - len(cells)))
        if len(cells) > MAX_COLUMNS:
            break
    while cells and cells[-1] is None:
        cells.pop()
    return cells


def _repeat(element: Any, name: str) -> int:
    try:
        return max(1, int(element.get(f"{{{TABLE_NS}}}{name}") or 1))
    except ValueError:
        return 1


def _ods_value(cell: Any) -> Cell:
    kind = cell.get(f"{{{OFFICE_NS}}}value-type")
    if kind in ("float", "percentage", "currency"):
        try:
            number = float(cell.get(f"{{{OFFICE_NS}}}value") or "")
        except ValueError:
            return None
        return int(number) if number.is_integer() else number
    if kind == "date":
        raw = str(cell.get(f"{{{OFFICE_NS}}}date-value") or "")
        try:
            if "T" in raw:
                return datetime.datetime.fromisoformat(raw)
            return datetime.date.fromisoformat(raw)
        except ValueError:
            return raw
    if kind == "boolean":
        return bool(cell.get(f"{{{OFFICE_NS}}}boolean-value") == "true")
    paragraphs = [p for p in cell if p.tag == PARAGRAPH]
    if not paragraphs:
        return None
    return "\n".join("".join(p.itertext()) for p in paragraphs)[: MAX_CELL + 1]


# --- CSV -----------------------------------------------------------------------------------


def _csv_rows(data: bytes) -> Rows:
    text = _decoded(data)
    first = text.split("\n", 1)[0]
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            cells = cells[: MAX_COLUMNS + 1]
            yield number, [c[: MAX_CELL + 1] if c.strip() else None for c in cells]
    except csv.Error as error:
        raise SheetError(f"Die CSV-Datei kann nicht gelesen werden ({error}).") from None


def _plain_rows(data: bytes) -> Rows:
    """Rows as `normalized` wrote them: the row number first."""
    text = data[len(ROWS_MAGIC) :].decode("utf-8")
    for cells in csv.reader(io.StringIO(text, newline=""), delimiter=";"):
        if not cells or not cells[0].isdigit():
            raise SheetError("Die Datei ist keine Tabelle, die skatclub lesen kann.")
        yield int(cells[0]), [c if c else None for c in cells[1:]]


def _decoded(data: bytes) -> str:
    """UTF-8 (with or without BOM), else the Windows code page German Excel writes."""
    if b"\x00" in data[:4096]:
        raise SheetError(
            "Die Datei ist keine Textdatei (CSV). Bitte als .xlsx, .ods oder .csv speichern."
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")
