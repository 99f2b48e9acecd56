"""Reading XLSX, ODS and CSV into numbered rows, within bounds; cells as dates and numbers."""

from __future__ import annotations

import datetime
import io
import zipfile
from typing import cast

import pytest
import tablib
from odf import opendocument, table, text

from skatclub.club.imports import packages, reader
from skatclub.club.imports.cells import CellError, as_date, as_int, as_text
from skatclub.club.imports.reader import SpreadsheetError, open_spreadsheet
from tests.helpers.sheets import dataset, season_rows

HEADERS = ["Datum", "Name", "Liste", "Gew", "Verl"]
ROWS = [
    [datetime.date(2025, 1, 10), "Anna Albers", 120, 5, 0],
    [datetime.date(2025, 1, 10), "Bernd Brandt", -60, 1, 2],
]


def export(kind: str) -> bytes:
    data = tablib.Dataset(*ROWS, headers=HEADERS)
    content: bytes = data.export(kind)
    return content


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_xlsx_and_ods_give_headings_and_typed_rows_numbered_as_the_program_shows(kind: str) -> None:
    spreadsheet = open_spreadsheet(export(kind))

    assert (spreadsheet.kind, spreadsheet.headers) == (kind, HEADERS)
    rows = list(spreadsheet.rows())
    assert [n for n, _ in rows] == [2, 3]
    assert as_date(rows[0][1][0], "Datum") == datetime.date(2025, 1, 10)
    assert rows[1][1][1:] == ["Bernd Brandt", -60, 1, 2]


def test_csv_from_german_excel_is_read_with_semicolons_and_its_code_page() -> None:
    content = "Datum;Name;Liste\r\n10.01.2025;Jürgen Weiß;1.234\r\n\r\n11.01.2025;Bernd;-60\r\n"
    spreadsheet = open_spreadsheet(content.encode("cp1252"))

    rows = list(spreadsheet.rows())

    assert spreadsheet.headers == ["Datum", "Name", "Liste"]
    assert [n for n, _ in rows] == [2, 4]  # the empty row 3 is skipped, its number kept
    assert rows[0][1][1] == "Jürgen Weiß" and as_int(rows[0][1][2], "Liste") == 1234


def test_ods_repeated_cells_and_rows_as_libreoffice_writes_them_are_expanded() -> None:
    document = opendocument.OpenDocumentSpreadsheet()
    worksheet = table.Table(name="Tabelle1")
    document.spreadsheet.addElement(worksheet)

    def row(*cells: table.TableCell, repeat: int = 1) -> None:
        element = table.TableRow(numberrowsrepeated=repeat) if repeat > 1 else table.TableRow()
        for cell in cells:
            element.addElement(cell)
        worksheet.addElement(element)

    def textual(value: str) -> table.TableCell:
        cell = table.TableCell(valuetype="string")
        cell.addElement(text.P(text=value))
        return cell

    row(*(textual(h) for h in ["Name", "Gew", "Verl"]))
    # won 0 and lost 0 are one cell repeated twice; the row itself twice.
    row(
        textual("Anna"),
        table.TableCell(valuetype="float", value=0, numbercolumnsrepeated=2),
        repeat=2,
    )
    row(table.TableCell(numbercolumnsrepeated=1024), repeat=1_048_000)  # the empty rest
    buffer = io.BytesIO()
    document.save(buffer)

    rows = list(open_spreadsheet(buffer.getvalue()).rows())

    assert rows == [(2, ["Anna", 0, 0]), (3, ["Anna", 0, 0])]


def test_an_old_xls_file_is_refused_with_a_hint() -> None:
    with pytest.raises(SpreadsheetError, match="alten Excel-Format"):
        open_spreadsheet(b"\xd0\xcf\x11\xe0" + b"\0" * 600)


def test_a_zip_that_unpacks_too_far_is_refused_before_it_is_parsed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(packages, "MAX_UNPACKED", 1000)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "x")
        archive.writestr("xl/workbook.xml", "0" * 5000)

    with pytest.raises(SpreadsheetError, match="entpackt zu mehr Daten"):
        open_spreadsheet(buffer.getvalue())


def test_too_big_files_too_many_rows_and_columns_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reader, "MAX_BYTES", 100)
    with pytest.raises(SpreadsheetError, match="größer als"):
        open_spreadsheet(b"a;b\n" * 100)
    monkeypatch.setattr(reader, "MAX_BYTES", 10**6)
    monkeypatch.setattr(reader, "MAX_ROWS", 3)
    with pytest.raises(SpreadsheetError, match="mehr als 3 Datenzeilen"):
        list(open_spreadsheet(b"a;b\n" + b"1;2\n" * 4).rows())
    with pytest.raises(SpreadsheetError, match="Spalten"):
        open_spreadsheet(";".join(f"S{i}" for i in range(61)).encode())


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("05.01.2025", datetime.date(2025, 1, 5)),
        ("5.1.25", datetime.date(2025, 1, 5)),
        ("2025-01-05", datetime.date(2025, 1, 5)),
        (datetime.datetime(2025, 1, 5, 19, 30), datetime.date(2025, 1, 5)),
    ],
)
def test_dates_as_clubs_write_them(value: object, expected: datetime.date) -> None:
    assert as_date(value, "Datum") == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [("1.234", 1234), ("−60", -60), ("812,0", 812), (812.0, 812), ("+24", 24), (" 7 ", 7)],
)
def test_whole_numbers_as_german_files_write_them(value: object, expected: int) -> None:
    assert as_int(value, "Spielpunkte") == expected


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("zwölf", "Spielpunkte „zwölf“ ist keine ganze Zahl."),
        ("12,5", "Spielpunkte „12,5“ ist keine ganze Zahl."),
        (12.5, "Spielpunkte 12,5 ist keine ganze Zahl."),
        (None, "Spielpunkte fehlt."),
        (True, "Spielpunkte ist keine Zahl."),
        ("10000000", "Spielpunkte 10000000 ist zu groß."),
    ],
)
def test_numbers_that_are_none_say_why(value: object, message: str) -> None:
    with pytest.raises(CellError) as refused:
        as_int(value, "Spielpunkte")
    assert refused.value.message == message


def test_names_lose_invisible_characters_and_are_bounded() -> None:
    assert as_text("  Anna\u200b  Albers\u202e ", "Spieler") == "Anna Albers"
    with pytest.raises(CellError, match="länger als 200"):
        as_text("x" * 201, "Spieler")
    with pytest.raises(CellError, match="sichtbares Zeichen"):
        as_text("\u200b", "Spieler")


def test_the_streamed_ods_rows_equal_what_odfpy_reads_through_tablib() -> None:
    content = dataset(season_rows()).export("ods")

    streamed = [cells for _, cells in open_spreadsheet(content).rows()]
    by_odfpy = [list(row) for row in tablib.Dataset().load(content, format="ods")]

    assert len(streamed) == len(by_odfpy) == 45
    for ours, theirs in zip(streamed, by_odfpy, strict=True):
        assert ours[0] == theirs[0] and ours[1:5] == theirs[1:5]
        assert [int(cast(float, v)) for v in ours[5:]] == [int(v) for v in theirs[5:]]
