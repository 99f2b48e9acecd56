"""An XLSX workbook's worksheets as numbered rows: streamed by expat, bounded everywhere.

openpyxl's read-only mode builds each row as an XML tree (one row of 16 million empty cells
is 16 million objects), reads a sheet without a `dimension` element twice, and pads rows to
the dimension the file claims; so the sheet is read here with expat, keeping only the first
`width` cells of a row and refusing a row of more cells than Excel has columns, more XML
elements than a 100,000-row sheet needs, more shared strings (count or characters) or more
sheets than a club's history has. openpyxl is used only for what it knows best: which number
formats are dates, and turning Excel's day numbers into dates.

Reads: workbook, relationships, styles, shared strings, one worksheet (via `packages`).
Terms: "shared strings" are the workbook's texts, which cells name by number.
"""

from __future__ import annotations

import datetime
import posixpath
import zipfile
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from openpyxl.styles.numbers import (
    BUILTIN_FORMATS,
    is_date_format,
    is_timedelta_format,
)
from openpyxl.utils.datetime import (
    CALENDAR_MAC_1904,
    CALENDAR_WINDOWS_1900,
    from_excel,
    from_ISO8601,
)

from skatclub.club.imports.errors import SpreadsheetError
from skatclub.club.imports.packages import MAX_UNPACKED, parse_xml

MAX_WORKSHEETS = 100
MAX_SHARED_STRINGS = 500_000
MAX_SHARED_TEXT = 20_000_000  # characters of all shared strings together
MAX_PART = 8 * 1024 * 1024  # workbook, relationships and styles are small
MAX_ROW_CELLS = 16_384  # the most columns Excel has
MAX_ELEMENTS = 5_000_000  # 100,000 rows of eight cells are 1.7 million

RELS = "xl/_rels/workbook.xml.rels"
REL_ID = "http://schemas.openxmlformats.org/officeDocument/2006/relationships id"

Value = str | int | float | bool | datetime.date | datetime.datetime | datetime.timedelta | None
Rows = Generator[tuple[int, list[Value]], None, None]


def xlsx_worksheets(archive: zipfile.ZipFile) -> list[str]:
    """The names of the workbook's sheets, in the order of their tabs."""
    return _workbook(archive).names


def xlsx_rows(
    archive: zipfile.ZipFile, *, width: int, longest: int, tab: int | None = None
) -> Rows:
    """(row number, the first `width` cells) of every row of the sheet (by position; None:
    the active one); texts cut after `longest` characters (longer is refused later, per
    cell)."""
    book = _workbook(archive)
    targets = _relationships(archive)
    chosen = book.worksheet_id if tab is None or not 0 <= tab < len(book.ids) else book.ids[tab]
    worksheet = targets.get(chosen)
    if worksheet is None:
        raise SpreadsheetError("Die XLSX-Datei enthält kein Tabellenblatt.")
    strings = _shared_strings(archive, targets.get("sharedStrings"), longest)
    dates, durations = _date_styles(archive, targets.get("styles"))
    reader = _WorksheetReader(strings, dates, durations, book.epoch, width, longest)
    handlers = {
        "StartElementHandler": reader.start,
        "EndElementHandler": reader.end,
        "CharacterDataHandler": reader.characters,
    }
    for _ in parse_xml(archive, worksheet, handlers, MAX_UNPACKED):
        done, reader.rows = reader.rows, []
        yield from done


# --- the workbook: which sheet, which calendar ----------------------------------------------


@dataclass
class _Book:
    ids: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    active: int = 0
    epoch: datetime.datetime = CALENDAR_WINDOWS_1900

    @property
    def worksheet_id(self) -> str:
        return self.ids[self.active] if 0 <= self.active < len(self.ids) else self.ids[0]

    def start(self, name: str, attrs: dict[str, str]) -> None:
        local = name.rpartition(" ")[2]
        if local == "sheet":
            self.ids.append(attrs.get(REL_ID, ""))
            self.names.append(
                " ".join(attrs.get("name", "").split())[:100] or f"Blatt {len(self.ids)}"
            )
            if len(self.ids) > MAX_WORKSHEETS:
                raise SpreadsheetError(
                    f"Die Datei hat mehr als {MAX_WORKSHEETS} Tabellenblätter; gelesen wird nur "
                    "eine Tabelle. Bitte das Blatt mit den Ergebnissen allein speichern."
                )
        elif local == "workbookPr" and attrs.get("date1904") in ("1", "true"):
            self.epoch = CALENDAR_MAC_1904
        elif local == "workbookView":
            self.active = _small_int(attrs.get("activeTab"), 0)


def _workbook(archive: zipfile.ZipFile) -> _Book:
    book = _Book()
    for _ in parse_xml(archive, "xl/workbook.xml", {"StartElementHandler": book.start}, MAX_PART):
        pass
    if not book.ids:
        raise SpreadsheetError("Die XLSX-Datei enthält kein Tabellenblatt.")
    return book


def _relationships(archive: zipfile.ZipFile) -> dict[str, str]:
    """Relationship id -> member name; also "sharedStrings" and "styles" -> member name."""
    targets: dict[str, str] = {}

    def start(name: str, attrs: dict[str, str]) -> None:
        if name.rpartition(" ")[2] != "Relationship" or len(targets) > 2 * MAX_WORKSHEETS + 10:
            return
        target = attrs.get("Target", "")
        member = target[1:] if target.startswith("/") else posixpath.join("xl", target)
        member = posixpath.normpath(member)
        targets[attrs.get("Id", "")] = member
        kind = attrs.get("Type", "").rpartition("/")[2]
        if kind in ("sharedStrings", "styles"):
            targets[kind] = member

    if RELS in archive.namelist():
        for _ in parse_xml(archive, RELS, {"StartElementHandler": start}, MAX_PART):
            pass
    return targets


# --- shared strings and styles -------------------------------------------------------------


def _shared_strings(archive: zipfile.ZipFile, member: str | None, longest: int) -> list[str]:
    strings: list[str] = []
    if member is None or member not in archive.namelist():
        return strings
    text = _Text(longest)
    total = elements = 0

    def start(name: str, _: dict[str, str]) -> None:
        nonlocal elements
        elements += 1
        if elements > MAX_ELEMENTS:
            raise SpreadsheetError(
                "Die XLSX-Datei ist zu groß; bitte auf mehrere Dateien aufteilen."
            )
        text.start(name.rpartition(" ")[2])

    def end(name: str) -> None:
        nonlocal total
        local = name.rpartition(" ")[2]
        if local == "si":
            total += text.length
            if len(strings) >= MAX_SHARED_STRINGS or total > MAX_SHARED_TEXT:
                raise SpreadsheetError(
                    "Die XLSX-Datei enthält mehr Texte, als eine Tabelle mit "
                    f"{MAX_SHARED_STRINGS:_} Zeilen haben kann.".replace("_", ".")
                )
            strings.append(text.value() or "")
            text.reset()
        else:
            text.end(local)

    handlers = {
        "StartElementHandler": start,
        "EndElementHandler": end,
        "CharacterDataHandler": text.characters,
    }
    for _ in parse_xml(archive, member, handlers, MAX_UNPACKED):
        pass
    return strings


def _date_styles(archive: zipfile.ZipFile, member: str | None) -> tuple[set[int], set[int]]:
    """The cell styles (by number) whose number format shows a date, and those a duration."""
    custom: dict[int, str] = {}
    formats: list[int] = []
    depth = {"cellXfs": 0}

    def start(name: str, attrs: dict[str, str]) -> None:
        local = name.rpartition(" ")[2]
        if local == "numFmt" and len(custom) < MAX_WORKSHEETS * 100:
            custom[_small_int(attrs.get("numFmtId"), -1)] = attrs.get("formatCode", "")[:200]
        elif local == "cellXfs":
            depth["cellXfs"] += 1
        elif local == "xf" and depth["cellXfs"]:
            formats.append(_small_int(attrs.get("numFmtId"), 0))

    def end(name: str) -> None:
        if name.rpartition(" ")[2] == "cellXfs":
            depth["cellXfs"] -= 1

    if member is not None and member in archive.namelist():
        handlers = {"StartElementHandler": start, "EndElementHandler": end}
        for _ in parse_xml(archive, member, handlers, MAX_PART):
            pass
    dates, durations = set(), set()
    for style, number in enumerate(formats):
        code = custom.get(number) or BUILTIN_FORMATS.get(number, "General")
        if is_date_format(code):
            dates.add(style)
        if is_timedelta_format(code):
            durations.add(style)
    return dates, durations


# --- the sheet -----------------------------------------------------------------------------


class _Text:
    """The text of a cell or shared string: `t` and `v` elements, not phonetic hints (rPh),
    kept up to `longest` + 1 characters (and counted beyond)."""

    def __init__(self, longest: int) -> None:
        self.longest = longest
        self.phonetic = 0
        self.reset()

    def reset(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.collect = False

    def start(self, local: str) -> None:
        if local == "rPh":
            self.phonetic += 1
        elif local in ("t", "v") and not self.phonetic:
            self.collect = True

    def end(self, local: str) -> None:
        if local == "rPh":
            self.phonetic -= 1
        elif local in ("t", "v"):
            self.collect = False

    def characters(self, data: str) -> None:
        if self.collect:
            if self.length <= self.longest:
                self.parts.append(data)
            self.length += len(data)

    def value(self) -> str | None:
        return "".join(self.parts)[: self.longest + 1] if self.parts else None


class _WorksheetReader:
    """expat handlers for a worksheet: complete rows gather in `rows`."""

    def __init__(
        self,
        strings: list[str],
        dates: set[int],
        durations: set[int],
        epoch: datetime.datetime,
        width: int,
        longest: int,
    ) -> None:
        self.strings, self.dates, self.durations, self.epoch = strings, dates, durations, epoch
        self.width = width
        self.text = _Text(longest)
        self.rows: list[tuple[int, list[Value]]] = []
        self.number = self.column = self.cells = self.elements = 0
        self.values: dict[int, Value] = {}
        self.kind, self.style = "n", 0

    def start(self, name: str, attrs: dict[str, str]) -> None:
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise SpreadsheetError("Die Tabelle ist zu groß; bitte auf mehrere Dateien aufteilen.")
        local = name.rpartition(" ")[2]
        if local == "row":
            self.number = _row_number(attrs.get("r"), self.number + 1)
            self.values, self.column, self.cells = {}, 0, 0
        elif local == "c":
            self.cells += 1
            if self.cells > MAX_ROW_CELLS:
                raise SpreadsheetError(
                    f"Zeile {self.number} hat mehr als {MAX_ROW_CELLS:_} Zellen.".replace("_", ".")
                )
            self.column = _column(attrs.get("r"), self.column + 1)
            self.kind, self.style = attrs.get("t", "n"), _small_int(attrs.get("s"), 0)
            self.text.reset()
        else:
            self.text.start(local)

    def end(self, name: str) -> None:
        local = name.rpartition(" ")[2]
        if local == "c":
            if self.column <= self.width:
                value = self._value(self.text.value())
                if value is not None:
                    self.values[self.column] = value
        elif local == "row":
            last = max(self.values, default=0)
            self.rows.append((self.number, [self.values.get(c) for c in range(1, last + 1)]))
        else:
            self.text.end(local)

    def characters(self, data: str) -> None:
        self.text.characters(data)

    def _value(self, text: str | None) -> Value:
        """As openpyxl reads a cell with data_only: the value the formula last gave."""
        if not text:
            return None
        if self.kind == "s":
            index = _small_int(text, -1)
            if not 0 <= index < len(self.strings):
                raise SpreadsheetError(
                    f"Zeile {self.number} verweist auf einen Text, den die Datei nicht enthält."
                )
            return self.strings[index]
        if self.kind == "b":
            return text.strip() == "1"
        if self.kind == "d":
            return _guarded(from_ISO8601, text)
        if self.kind != "n":  # inlineStr, str (a formula's text), e (an error such as #NV)
            return text
        number = _number(text)
        if isinstance(number, str) or self.style not in self.dates:
            return number
        return _guarded(from_excel, number, self.epoch, timedelta=self.style in self.durations)


def _guarded(convert: Any, value: Any, *args: Any, **kwargs: Any) -> Value:
    """The converted value, or the value itself when it is no date (openpyxl's way)."""
    try:
        result: Value = convert(value, *args, **kwargs)
    except (ValueError, OverflowError, TypeError):
        return value  # type: ignore[no-any-return]
    return result


def _number(text: str) -> int | float | str:
    text = text.strip()
    if len(text) > 30:  # no spreadsheet number has this many characters
        return text
    try:
        return float(text) if any(c in text for c in ".eE") else int(text)
    except ValueError:
        return text


def _small_int(text: str | None, default: int) -> int:
    if text is None or not (text.isascii() and text.isdigit()) or len(text) > 9:
        return default
    return int(text)


def _row_number(reference: str | None, following: int) -> int:
    if reference is None:
        return following
    number = _small_int(reference, 0)
    if not 1 <= number <= 1_048_576:
        raise SpreadsheetError(
            f"Die XLSX-Datei hat eine ungültige Zeilennummer ({reference[:20]})."
        )
    return number


def _column(reference: str | None, following: int) -> int:
    """The column of a reference such as "AB12" (A = 1), or the next one without one."""
    if not reference:
        return following
    letters = reference.rstrip("0123456789")
    if not (1 <= len(letters) <= 3 and letters.isascii() and letters.isalpha()):
        raise SpreadsheetError(f"Die XLSX-Datei hat einen ungültigen Zellbezug ({reference[:20]}).")
    column = 0
    for letter in letters.upper():
        column = column * 26 + ord(letter) - ord("A") + 1
    return column
