"""Reading a spreadsheet (XLSX, ODS, CSV) into numbered rows, within bounds.

The file's kind is told by its content, not its name: a ZIP with an OpenDocument `mimetype`
is ODS, a ZIP with `[Content_Types].xml` is XLSX, text is CSV (UTF-8 or the Windows code page
German Excel writes, separated by `;`, `,` or tab). A ZIP is checked before it is parsed
(`packages`: members, unpacked size, packing ratio, each member read bounded); XLSX is then
streamed by expat (`xlsx`), ODS measured and then read by python-calamine (`ods`), CSV by the
`csv` module; a file is read from disk (or bytes) piece by piece, never whole into memory.
The first row holds the headings; row numbers are the ones the spreadsheet program shows
(headings = row 1). Empty rows are skipped, their numbers kept; after MAX_BLANK_ROWS empty
rows in a row the table ends (a sheet "formatted" down to row 1,048,576 is read in
milliseconds, not minutes). Anything beyond the bounds is refused with `SpreadsheetError` (German)
before rows are used. `keep_rows` writes the rows as plain text for the steps after the
upload, refused when they come to far more than the file.
"""

from __future__ import annotations

import codecs
import csv
import datetime
import io
from collections.abc import Generator, Iterable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from skatclub.club.imports.errors import (
    SpreadsheetError as SpreadsheetError,  # raised by `reader` too
)
from skatclub.club.imports.names import folded
from skatclub.club.imports.packages import member_chunks, open_package

MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = 100_000
MAX_COLUMNS = 60
MAX_CELL = 1_000  # characters kept per cell; longer cells are refused by `cells`
MAX_CELLS = 2_000_000  # filled cells read: 100,000 rows of 20 columns
MAX_LINES = 1_000_000  # rows read, empty ones included
MAX_BLANK_ROWS = 1_000  # empty rows in a row that end the table
MAX_KEPT = 20 * 1024 * 1024  # the rows kept between the steps
# The kept rows of real files are 0.5-3 times the file (XLSX, ODS) or the file (CSV); a
# file whose few texts are named by thousands of cells comes to thousands of times more.
MAX_GROWTH = 20
KEPT_FLOOR = 1024 * 1024
ODS_MIMETYPE = b"application/vnd.oasis.opendocument.spreadsheet"
ROWS_MAGIC = b"#skatclub-rows/1\n"  # an upload as `keep_rows` keeps it between the steps

Cell = str | int | float | bool | datetime.date | datetime.datetime | None
Rows = Generator[tuple[int, list[Cell]], None, None]
Source = bytes | Path  # a file's content, or the file


@dataclass(frozen=True)
class WorksheetRange:
    """Where a workbook's sheet lies in the rows `Spreadsheet.rows` numbers on across sheets:
    its data rows are `first` to `last` (`offset` + the row number the sheet itself shows)."""

    name: str
    offset: int
    first: int
    last: int
    rows: int

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "offset": self.offset,
            "first": self.first,
            "last": self.last,
            "rows": self.rows,
        }


class ChosenRows:
    """The row numbers of the chosen sheets (`in`), for `plan.read_rows`."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self.ranges = ranges

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and any(a <= number <= b for a, b in self.ranges)


def chosen_rows(options: dict[str, Any]) -> ChosenRows | None:
    """The rows of the sheets an import chose (`SpreadsheetImport.options`), or None: all."""
    sheets = [s for s in options.get("sheets") or [] if isinstance(s, dict)]
    chosen = options.get("chosen")
    if len(sheets) < 2 or chosen is None:
        return None
    return ChosenRows(
        [(int(s["first"]), int(s["last"])) for s in sheets if s.get("name") in chosen]
    )


MAX_OFFSET = 9_999_999  # row numbers of the kept rows (`_plain_rows` reads seven digits)
# Each worksheet is read by its own pass over the package (its texts and styles again): the
# file's size times its worksheets is bounded, so a small file of 100 worksheets with one big
# text table is not unpacked 200 times. A 1.5 MB club history may have 250 worksheets.
MAX_REREAD = 400 * 1024 * 1024


@dataclass
class Spreadsheet:
    """A readable spreadsheet: its kind, headings, and the data rows (read on demand).

    `worksheets`: the names of a workbook's sheets (XLSX, ODS), in order. Without `every_worksheet`
    the rows are the active sheet's (as the file opens); with it, every sheet's, one after
    the other, numbered on (`ranges` says where each sheet lies) and their columns put under
    the headings of the active sheet by name: a workbook with a sheet per year."""

    kind: str
    source: Source
    headers: list[str]
    worksheets: list[str] = field(default_factory=list)
    every_worksheet: bool = False
    ranges: list[WorksheetRange] = field(default_factory=list)
    only: set[str] | None = None  # with `every_worksheet`: just these sheets (by name)

    def rows(self) -> Rows:
        """(row number, cells) of every non-empty data row, at most MAX_ROWS of them."""
        if not self.every_worksheet or len(self.worksheets) < 2:
            yield from self._worksheet_rows(None, None, 0, [0])
            return
        self.ranges = []
        wanted_tabs = [n for n in self.worksheets if self.only is None or n in self.only]
        if len(wanted_tabs) * _size(self.source) > MAX_REREAD:
            raise SpreadsheetError(
                f"Die Datei ist für {len(wanted_tabs)} Tabellenblätter zu groß; bitte die "
                "Blätter einzeln oder in mehreren Dateien hochladen."
            )
        offset, count = 0, [0]
        for index, name in enumerate(self.worksheets):
            if self.only is not None and name not in self.only:
                continue
            try:
                own = _headers(self.kind, self.source, index)
            except SpreadsheetError:  # an empty sheet or one without headings: nothing in it
                self.ranges.append(WorksheetRange(name, offset, 0, -1, 0))
                continue
            wanted = [folded(h) for h in self.headers]
            positions = [wanted.index(folded(h)) if folded(h) in wanted else None for h in own]
            last, before = 1, count[0]
            for number, cells in self._worksheet_rows(index, positions, offset, count):
                last = number - offset
                yield number, cells
            self.ranges.append(
                WorksheetRange(name, offset, offset + 2, offset + last, count[0] - before)
            )
            offset += last
            if offset > MAX_OFFSET:
                raise SpreadsheetError(
                    f"Die Tabellenblätter haben zusammen mehr als {MAX_OFFSET:_} Zeilen.".replace(
                        "_", "."
                    )
                )

    def _worksheet_rows(
        self, tab: int | None, positions: list[int | None] | None, offset: int, count: list[int]
    ) -> Rows:
        width = len(self.headers)
        for number, found in _all_rows(self.kind, self.source, tab):
            if number == 1:
                continue
            if positions is None:
                cells = list(found[:width])
            else:
                cells = [None] * width
                for position, cell in zip(positions, found, strict=False):
                    if position is not None:
                        cells[position] = cell
            if _is_blank(cells):
                continue
            count[0] += 1
            if count[0] > MAX_ROWS:
                raise SpreadsheetError(
                    f"Die Tabelle hat mehr als {MAX_ROWS} Datenzeilen; bitte aufteilen."
                )
            yield offset + number, cells + [None] * (width - len(cells))


def keep_rows(spreadsheet: Spreadsheet, target: BinaryIO) -> list[WorksheetRange]:
    """Write the sheet's rows as plain text (our `rows` kind: row number, then the cells), so
    that the steps after the upload read a few MB of CSV instead of parsing the workbook
    again. Dates are written ISO, whole numbers as digits, other numbers with a decimal
    comma. Refused when the rows come to more than MAX_KEPT, or MAX_GROWTH times the file:
    a 5 KB workbook whose one long text fills 24,000 cells would be kept as 24 MB.
    A workbook's sheets are kept all, one after the other; the answer says where each lies."""
    spreadsheet.every_worksheet = True
    limit = min(MAX_KEPT, max(KEPT_FLOOR, MAX_GROWTH * _size(spreadsheet.source)))
    start = target.tell()
    target.write(ROWS_MAGIC)
    text = io.TextIOWrapper(target, encoding="utf-8", newline="", write_through=True)
    try:
        writer = csv.writer(text, delimiter=";", lineterminator="\n")
        writer.writerow([1, *spreadsheet.headers])
        for number, cells in spreadsheet.rows():
            writer.writerow([number, *map(_plain, cells)])
            if target.tell() - start > limit:
                raise SpreadsheetError(
                    "Die Tabelle ergibt beim Lesen viel mehr Text, als die Datei groß ist "
                    f"(über {limit // 1024:_} KB); so eine Datei wird nicht übernommen. "
                    "Bitte nur die Ergebnisse in einer neuen Datei speichern.".replace("_", ".")
                )
    finally:
        text.flush()
        text.detach()  # the wrapper would close `target` when collected
    return spreadsheet.ranges


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


def open_spreadsheet(source: Source) -> Spreadsheet:
    """The spreadsheet in `source`, or SpreadsheetError (size, kind, a ZIP that unpacks too far)."""
    if _size(source) > MAX_BYTES:
        raise SpreadsheetError(
            f"Die Datei ist größer als {MAX_BYTES // (1024 * 1024)} MB und wird nicht gelesen."
        )
    with _open(source) as stream:
        head = stream.read(4096)
    if not head.strip() and _size(source) <= len(head):
        raise SpreadsheetError("Die Datei ist leer.")
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        raise SpreadsheetError(
            "Das ist eine Datei im alten Excel-Format (.xls). Bitte in Excel oder LibreOffice "
            "als .xlsx, .ods oder .csv speichern und diese Datei hochladen."
        )
    kind = _kind(source, head)
    return Spreadsheet(kind, source, _headers(kind, source), _worksheets(kind, source))


def _size(source: Source) -> int:
    return len(source) if isinstance(source, bytes) else source.stat().st_size


def _open(source: Source) -> BinaryIO:
    return io.BytesIO(source) if isinstance(source, bytes) else source.open("rb")


def _worksheets(kind: str, source: Source) -> list[str]:
    if kind not in ("xlsx", "ods"):
        return []
    with _open(source) as stream, open_package(stream) as archive:
        if kind == "xlsx":
            from skatclub.club.imports.xlsx import xlsx_worksheets

            return xlsx_worksheets(archive)
        from skatclub.club.imports.ods import ods_worksheets

        return ods_worksheets(stream)


def _all_rows(kind: str, source: Source, tab: int | None = None) -> Rows:
    with _open(source) as stream:
        if kind in ("xlsx", "ods"):
            with open_package(stream) as archive:
                if kind == "xlsx":
                    from skatclub.club.imports.xlsx import xlsx_rows

                    rows = xlsx_rows(archive, width=MAX_COLUMNS + 1, longest=MAX_CELL, tab=tab)
                else:
                    from skatclub.club.imports.ods import ods_rows

                    rows = ods_rows(stream, width=MAX_COLUMNS + 1, tab=tab)
                yield from _bounded(rows)
        else:
            yield from _bounded(_plain_rows(stream) if kind == "rows" else _csv_rows(stream))


def _bounded(rows: Iterable[tuple[int, list[Any]]]) -> Rows:
    """The non-empty rows, their cells as `Cell`s; the table ends after MAX_BLANK_ROWS empty
    rows in a row (a gap in the numbers counts as empty rows); more than MAX_LINES rows or
    MAX_CELLS filled cells are refused."""
    previous = blank = lines = filled = 0
    with closing(iter(rows)) as each:  # type: ignore[type-var]
        for number, values in each:
            lines += 1
            if lines > MAX_LINES:
                raise SpreadsheetError(
                    f"Die Tabelle hat mehr als {MAX_LINES:_} Zeilen.".replace("_", ".")
                )
            blank += max(number - previous - 1, 0)
            previous = number
            cells = [_cell(v) for v in values[: MAX_COLUMNS + 1]]
            count = sum(1 for c in cells if c is not None and (type(c) is not str or c.strip()))
            if not count:
                blank += 1
            if blank > MAX_BLANK_ROWS:
                return
            if not count:
                continue
            blank = 0
            filled += count
            if filled > MAX_CELLS:
                raise SpreadsheetError(
                    f"Die Tabelle hat mehr als {MAX_CELLS:_} gefüllte Zellen; bitte "
                    "aufteilen.".replace("_", ".")
                )
            yield number, cells


def _is_blank(cells: list[Cell]) -> bool:
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in cells)


def _headers(kind: str, source: Source, tab: int | None = None) -> list[str]:
    with closing(_all_rows(kind, source, tab)) as rows:
        for number, cells in rows:
            if number != 1:
                break
            headers = [_heading(c) for c in cells]
            while headers and not headers[-1]:
                headers.pop()
            if len(headers) > MAX_COLUMNS:
                raise SpreadsheetError(
                    f"Die Tabelle hat {len(headers)} Spalten; gelesen werden höchstens "
                    f"{MAX_COLUMNS}."
                )
            if headers:
                return headers
    raise SpreadsheetError("Die erste Zeile der Tabelle muss die Spaltenüberschriften enthalten.")


def _kind(source: Source, head: bytes) -> str:
    if head.startswith(ROWS_MAGIC):
        return "rows"
    if not head.startswith(b"PK\x03\x04"):
        return "csv"
    with _open(source) as stream, open_package(stream) as archive:
        names = set(archive.namelist())
        mimetype = (
            b"".join(member_chunks(archive, "mimetype", 200)).strip()
            if "mimetype" in names
            else b""
        )
        if mimetype == ODS_MIMETYPE:
            from skatclub.club.imports.ods import check

            check(archive)  # once: calamine reads the whole package each time
            return "ods"
    if "[Content_Types].xml" in names and "xl/workbook.xml" in names:
        return "xlsx"
    raise SpreadsheetError("Die Datei ist weder eine XLSX- noch eine ODS-Tabelle.")


def _heading(cell: Cell) -> str:
    if cell is None:
        return ""
    return " ".join(str(cell).split())[:MAX_CELL]


def _cell(value: Any) -> Cell:
    if value is None:
        return None
    if isinstance(value, str):
        return value[: MAX_CELL + 1]
    if value is None or isinstance(value, int | float | bool | datetime.date):
        return value
    return str(value)[: MAX_CELL + 1]


# --- CSV -----------------------------------------------------------------------------------


def _csv_rows(stream: BinaryIO) -> Rows:
    encoding = _encoding(stream)
    first = stream.readline(1 << 16).decode(encoding, errors="replace")
    stream.seek(0)
    delimiter = max((";", ",", "\t"), key=first.count)
    reader = csv.reader(_text(stream, encoding), delimiter=delimiter)
    try:
        for number, cells in enumerate(reader, start=1):
            cells = cells[: MAX_COLUMNS + 1]
            yield number, [c[: MAX_CELL + 1] if c.strip() else None for c in cells]
    except csv.Error as error:
        raise SpreadsheetError(f"Die CSV-Datei kann nicht gelesen werden ({error}).") from None


def _plain_rows(stream: BinaryIO) -> Rows:
    """Rows as `keep_rows` wrote them: the row number first."""
    stream.seek(len(ROWS_MAGIC))
    for cells in csv.reader(_text(stream, "utf-8"), delimiter=";"):
        if not cells or not (cells[0].isascii() and cells[0].isdigit()) or len(cells[0]) > 7:
            raise SpreadsheetError("Die Datei ist keine Tabelle, die skatclub lesen kann.")
        yield int(cells[0]), [c if c else None for c in cells[1:]]


def _text(stream: BinaryIO, encoding: str) -> io.TextIOWrapper:
    """The text from the stream's position on, decoded as it is read."""
    return io.TextIOWrapper(stream, encoding=encoding, errors="replace", newline="")


def _encoding(stream: BinaryIO) -> str:
    """UTF-8 (with or without BOM), else the Windows code page German Excel writes."""
    if b"\x00" in stream.read(4096):
        raise SpreadsheetError(
            "Die Datei ist keine Textdatei (CSV). Bitte als .xlsx, .ods oder .csv speichern."
        )
    stream.seek(0)
    check = codecs.getincrementaldecoder("utf-8")()  # in pieces: the text is not kept
    try:
        while chunk := stream.read(1 << 16):
            check.decode(chunk)
        check.decode(b"", final=True)
    except UnicodeDecodeError:
        return "cp1252"
    finally:
        stream.seek(0)
    return "utf-8-sig"
