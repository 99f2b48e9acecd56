"""An ODS spreadsheet's sheets as numbered rows, measured before calamine unpacks it.

Read by python-calamine (the Rust calamine reader, one of pandas' engines): it keeps the
sheet's cells compactly outside Python and hands out one row at a time. odfpy, tablib's ODS
reader, builds the whole document as Python objects: 932 MB and 135 s for 48,000 rows.

But calamine unpacks every sheet at once into a full grid: one row repeated a million times
with sixty repeated cells (`number-rows-repeated`, `number-columns-repeated`, 816 bytes in
the file) became 1.6 GB for 100,000 repeats. So `content.xml` is first walked by expat
(streaming, nothing kept) to measure what calamine would build: per sheet the rectangle from
the first to the last filled cell, and the characters of all cells with their repeats; over
the bounds it is refused before calamine sees it. Every member is read once through
`packages` beforehand, so calamine never meets a member larger than it says it is.
"""

from __future__ import annotations

import zipfile
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any, BinaryIO

from skatclub.club.imports.errors import SpreadsheetError
from skatclub.club.imports.packages import MAX_UNPACKED, check_members, parse_xml

MAX_WORKSHEETS = 100
MAX_AREA = 2_000_000  # cells calamine holds for all sheets (100,000 rows of 20 columns)
MAX_TEXT = 40_000_000  # characters of all cells with their repeats
MAX_ELEMENTS = 5_000_000

TABLE_NS = "urn:oasis:names:tc:opendocument:xmlns:table:1.0 "
WORKSHEET = TABLE_NS + "table"
ROW = TABLE_NS + "table-row"
CELLS = (TABLE_NS + "table-cell", TABLE_NS + "covered-table-cell")
ROWS_REPEATED = TABLE_NS + "number-rows-repeated"
COLUMNS_REPEATED = TABLE_NS + "number-columns-repeated"
VALUE_TYPE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0 value-type"
REPEAT_DIGITS = 8  # LibreOffice writes up to 1,048,576 rows and 16,384 columns

Value = Any
Rows = Generator[tuple[int, list[Value]], None, None]
TOO_BIG = "Die ODS-Datei entpackt zu mehr Zellen, als eine Tabelle haben kann."


def check(archive: zipfile.ZipFile) -> Size:
    """Every member read once (bounded), and `content.xml` measured; SpreadsheetError if too big.
    Run once when the file is opened, before `ods_rows`."""
    check_members(archive)
    return measure(archive)


def ods_worksheets(stream: BinaryIO) -> list[str]:
    """The names of the sheets of a package that passed `check`, in order."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        stream.seek(0)
        names = CalamineWorkbook.from_filelike(stream).sheet_names
    except CalamineError as error:
        raise SpreadsheetError(f"Die ODS-Datei kann nicht gelesen werden ({error}).") from None
    return [" ".join(str(n).split())[:100] or f"Blatt {i}" for i, n in enumerate(names, 1)]


def ods_rows(stream: BinaryIO, *, width: int, tab: int | None = None) -> Rows:
    """(row number, cells) of a sheet (by position; None: the first) of a package that
    passed `check`."""
    from python_calamine import CalamineError, CalamineWorkbook

    try:
        stream.seek(0)
        workbook = CalamineWorkbook.from_filelike(stream)
        if not workbook.sheet_names:
            raise SpreadsheetError("Die ODS-Datei enthält kein Tabellenblatt.")
        index = tab if tab is not None and 0 <= tab < len(workbook.sheet_names) else 0
        worksheet = workbook.get_sheet_by_index(index)
        first_row, first_column = worksheet.start or (0, 0)
        lead: list[Value] = [None] * min(first_column, width)
        for number, values in enumerate(worksheet.iter_rows(), start=first_row + 1):
            yield number, (lead + [_cell(v) for v in values[:width]])[:width]
    except CalamineError as error:
        raise SpreadsheetError(f"Die ODS-Datei kann nicht gelesen werden ({error}).") from None


def _cell(value: Any) -> Value:
    """calamine gives "" for an empty cell and every number as float."""
    if value == "":
        return None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


@dataclass
class Size:
    """What calamine would hold: cells of the sheets' filled rectangles, and characters."""

    worksheets: int = 0
    area: int = 0
    text: int = 0


def measure(archive: zipfile.ZipFile) -> Size:
    """The size of `content.xml` once unpacked by calamine; refused over the bounds."""
    scan = _Scan()
    handlers = {
        "StartElementHandler": scan.start,
        "EndElementHandler": scan.end,
        "CharacterDataHandler": scan.characters,
    }
    for _ in parse_xml(archive, "content.xml", handlers, MAX_UNPACKED):
        pass
    return scan.size


class _Scan:
    """expat handlers: rows and columns counted with their repeats; per sheet the rectangle
    of filled cells (checked at each row's end), all characters times their repeats."""

    def __init__(self) -> None:
        self.size = Size()
        self.elements = 0
        self.row = self.column = self.rows_repeated = self.columns_repeated = 0
        self.in_cell = self.filled = False
        self.cell_text = 0
        self.first_row = self.last_row = self.first_column = self.last_column = -1

    def start(self, name: str, attrs: dict[str, str]) -> None:
        if self.in_cell:  # a paragraph, a link, a nested table: the cell has content
            self.filled = True
            return
        if name in CELLS:
            repeated = attrs.get(COLUMNS_REPEATED)
            self.columns_repeated = 1 if repeated is None else _repeat(repeated)
            self.in_cell = True
            self.filled = VALUE_TYPE in attrs
            self.cell_text = sum(map(len, attrs.values())) if self.filled else 0
            return
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise SpreadsheetError(TOO_BIG)
        if name == ROW:
            self.rows_repeated = _repeat(attrs.get(ROWS_REPEATED))
            self.column = 0
        elif name == WORKSHEET:
            self.size.worksheets += 1
            if self.size.worksheets > MAX_WORKSHEETS:
                raise SpreadsheetError(f"Die Datei hat mehr als {MAX_WORKSHEETS} Tabellenblätter.")
            self.row, self.first_row = 0, -1

    def end(self, name: str) -> None:
        if name in CELLS:
            if self.filled:
                self._fill()
            self.column += self.columns_repeated
            self.in_cell = False
        elif self.in_cell:
            return
        elif name == ROW:
            self.row += self.rows_repeated
            if self.first_row >= 0 and self.size.area + self._area() > MAX_AREA:
                raise SpreadsheetError(TOO_BIG)
        elif name == WORKSHEET and self.first_row >= 0:
            self.size.area += self._area()
            self.first_row = -1

    def characters(self, data: str) -> None:
        if self.in_cell:
            self.filled = True
            self.cell_text += len(data)

    def _fill(self) -> None:
        last_column = self.column + self.columns_repeated - 1
        if self.first_row < 0:
            self.first_row, self.first_column, self.last_column = (
                self.row,
                self.column,
                last_column,
            )
        elif self.column < self.first_column:
            self.first_column = self.column
        if last_column > self.last_column:
            self.last_column = last_column
        self.last_row = self.row + self.rows_repeated - 1
        self.size.text += (self.cell_text + 1) * self.rows_repeated * self.columns_repeated
        if self.size.text > MAX_TEXT:
            raise SpreadsheetError(TOO_BIG)

    def _area(self) -> int:
        rows = self.last_row - self.first_row + 1
        return rows * (self.last_column - self.first_column + 1)


def _repeat(text: str | None) -> int:
    if text is None:
        return 1
    if not (text.isascii() and text.isdigit()) or len(text) > REPEAT_DIGITS or int(text) < 1:
        raise SpreadsheetError(
            f"Die ODS-Datei hat eine ungültige Wiederholungsangabe ({text[:20]})."
        )
    return int(text)
