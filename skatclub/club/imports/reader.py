"""Reading a spreadsheet (XLSX, ODS, CSV) into numbered rows, within bounds.

The file's kind is told by its content, not its name: a ZIP with an OpenDocument `mimetype`
is ODS, a ZIP with `[Content_Types].xml` is XLSX, text is CSV (UTF-8 or the Windows code page
German Excel writes, separated by `;`, `,` or tab). XLSX is streamed by openpyxl in read-only
mode (memory does not grow with the rows); ODS is read by python-calamine (see the ODS
section: odfpy would hold the whole document as Python objects); CSV by the `csv` module.
The first row holds the headings; row numbers are the ones the spreadsheet program shows
(headings = row 1). Empty rows are skipped, their numbers kept. Anything beyond the bounds
is refused with `SheetError` (German) before rows are used.
"""

from __future__ import annotations

import codecs
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
    # Encoded as written (a text buffer holds up to four bytes a character), into one bytes
    # buffer whose value is handed over without a copy (a list of chunks is joined twice).
    out = io.BytesIO()
    out.write(ROWS_MAGIC)
    text = io.TextIOWrapper(out, encoding="utf-8", newline="", write_through=True)
    writer = csv.writer(text, delimiter=";", lineterminator="\n")
    writer.writerow([1, *sheet.headers])
    for number, cells in sheet.rows():
        writer.writerow([number, *map(_plain, cells)])
    text.flush()
    text.detach()  # the wrapper would close `out` when collected
    return out.getvalue()


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
# Read by python-calamine (the Rust calamine reader, one of pandas' engines): it keeps the
# sheet's cells compactly outside Python and hands out one row at a time. odfpy, tablib's ODS
# reader, builds the whole document as Python objects: 932 MB and 135 s for 48,000 rows.


def _ods_rows(data: bytes) -> Rows:
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
        if not workbook.sheet_names:
            raise SheetError("Die ODS-Datei enthält kein Tabellenblatt.")
        sheet = workbook.get_sheet_by_index(0)
        first_row, first_column = sheet.start or (0, 0)
        lead: list[Cell] = [None] * min(first_column, MAX_COLUMNS + 1)
        for number, values in enumerate(sheet.iter_rows(), start=first_row + 1):
            yield number, (lead + [_ods_cell(v) for v in values])[: MAX_COLUMNS + 1]
    except CalamineError as error:
        raise SheetError(f"Die ODS-Datei kann nicht gelesen werden ({error}).") from None


def _ods_cell(value: Any) -> Cell:
    """calamine gives "" for an empty cell and every number as float."""
    if value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return _cell(value)


# --- CSV -----------------------------------------------------------------------------------


def _csv_rows(data: bytes) -> Rows:
    encoding = _encoding(data)
    end = data.find(b"\n")  # not `split`: it would copy the rest of the file
    first = data[: end if end >= 0 else len(data)].decode(encoding, errors="replace")
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(_text(data, encoding), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            cells = cells[: MAX_COLUMNS + 1]
            yield number, [c[: MAX_CELL + 1] if c.strip() else None for c in cells]
    except csv.Error as error:
        raise SheetError(f"Die CSV-Datei kann nicht gelesen werden ({error}).") from None


def _plain_rows(data: bytes) -> Rows:
    """Rows as `normalized` wrote them: the row number first."""
    for cells in csv.reader(_text(data, "utf-8", start=len(ROWS_MAGIC)), delimiter=";"):
        if not cells or not (cells[0].isascii() and cells[0].isdigit()):
            raise SheetError("Die Datei ist keine Tabelle, die skatclub lesen kann.")
        yield int(cells[0]), [c if c else None for c in cells[1:]]


def _text(data: bytes, encoding: str, *, start: int = 0) -> io.TextIOWrapper:
    """The text from byte `start` on, decoded as it is read: a StringIO of the whole file
    would hold up to four bytes a character, and a slice of `data` would copy it."""
    stream = io.BytesIO(data)  # shares `data`, copies nothing
    stream.seek(start)
    return io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")


def _encoding(data: bytes) -> str:
    """UTF-8 (with or without BOM), else the Windows code page German Excel writes."""
    if b"\x00" in data[:4096]:
        raise SheetError(
            "Die Datei ist keine Textdatei (CSV). Bitte als .xlsx, .ods oder .csv speichern."
        )
    check = codecs.getincrementaldecoder("utf-8")()  # in pieces: the text is not kept
    try:
        for start in range(0, len(data), 1 << 16):
            check.decode(data[start : start + (1 << 16)])
        check.decode(b"", final=True)
    except UnicodeDecodeError:
        return "cp1252"
    return "utf-8-sig"
