"""Spreadsheet uploads (issue 24): the size is checked before anything is stored, XLSX and ODS
are read with limits (cells, shared strings, unpacked size, sheets, repeats), empty rows end
the reading, and the kept upload is a 0600 file in the data folder, not bytes in the database.
Every refusal is German, stores nothing and leaves no 500 behind. The hostile files are
built here, as an attacker would build them (zipfile, odfpy-free XML)."""

from __future__ import annotations

import io
import stat
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from skatclub.club.imports import ods, reader, xlsx
from skatclub.club.imports.kept import kept_spreadsheet, upload_dir
from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.imports.reader import SpreadsheetError, keep_rows, open_spreadsheet
from skatclub.club.imports.upload import LimitedUpload

if TYPE_CHECKING:
    from tests.helpers.responses import Response


LIST = "/spielwart/import/"
MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"


def workbook(
    worksheet_data: str, strings: list[str], *, worksheets: int = 1, head: str = ""
) -> bytes:
    """A minimal XLSX with one worksheet (`worksheet_data` in <sheetData>) and shared strings."""
    entries = "".join(
        f'<sheet name="T{n}" sheetId="{n}" r:id="rId1"/>' for n in range(1, worksheets + 1)
    )
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{TYPES}"><Default Extension="xml" '
        'ContentType="application/xml"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{RELS}"><Relationship Id="rId1" '
        f'Type="{OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook {MAIN} xmlns:r="{OFFICE_RELS}"><sheets>{entries}'
        "</sheets></workbook>",
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{OFFICE_RELS}/worksheet" '
        'Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{OFFICE_RELS}/sharedStrings" '
        'Target="sharedStrings.xml"/></Relationships>',
        "xl/sharedStrings.xml": f"<sst {MAIN}>"
        + "".join(f"<si><t>{s}</t></si>" for s in strings)
        + "</sst>",
        "xl/worksheets/sheet1.xml": f"{head}<worksheet {MAIN}><sheetData>{worksheet_data}"
        "</sheetData></worksheet>",
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def shared_strings_bomb() -> bytes:
    """One text of 1,000 characters named by 24,000 cells: 3.4 KB that the old reader kept
    as 24 MB of rows in the database (after which every step answered 500)."""
    heading = "".join('<c t="s"><v>1</v></c>' for _ in range(60))
    cells = "".join('<c t="s"><v>0</v></c>' for _ in range(60))
    rows = f"<row>{heading}</row>" + f"<row>{cells}</row>" * 400
    return workbook(rows, ["x" * 1000, "Name"])


def blank_rows(count: int = 1_000_000) -> bytes:
    """A heading, a million empty rows and a name: 2.5 MB, 24-58 s of CPU for the old reader
    (its CPU time is measured in benchmarks/import_spreadsheet.py's notes, not asserted)."""
    rows = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>'
    rows += "".join(f'<row r="{n}"/>' for n in range(2, count + 2))
    rows += f'<row r="{count + 2}"><c r="A{count + 2}" t="s"><v>1</v></c></row>'
    return workbook(rows, ["Name", "Bernd"])


def ods_document(rows: str) -> bytes:
    content = (
        '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"'
        ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"'
        ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
        f'<office:spreadsheet><table:table table:name="T">{rows}</table:table>'
        "</office:spreadsheet></office:body></office:document-content>"
    )
    manifest = (
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
        '<manifest:file-entry manifest:full-path="/" manifest:media-type="'
        f'{reader.ODS_MIMETYPE.decode()}"/><manifest:file-entry manifest:full-path="content.xml" '
        'manifest:media-type="text/xml"/></manifest:manifest>'
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("mimetype", reader.ODS_MIMETYPE)
        archive.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        archive.writestr("content.xml", content, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def ods_cell(text: str, repeat: int = 1) -> str:
    return (
        f'<table:table-cell office:value-type="string" table:number-columns-repeated="{repeat}">'
        f"<text:p>{text}</text:p></table:table-cell>"
    )


def upload(client: Client, name: str, content: bytes) -> Response:
    return client.post(LIST, {"file": SimpleUploadedFile(name, content)})


def kept_files() -> set[Path]:
    return set(upload_dir().iterdir())


def temporary_files() -> list[Path]:
    return list(Path(settings.FILE_UPLOAD_TEMP_DIR).iterdir())


# --- 1. the size before anything is stored ---------------------------------------------------


def test_a_50_mb_file_is_refused_in_german_before_a_byte_of_it_is_stored(
    spielwart_client: Client,
) -> None:
    before = kept_files()

    response = upload(spielwart_client, "gross.csv", b"Name;Punkte\n" + b"x" * 50 * 2**20)

    assert response.status_code == 422
    assert "Die Datei ist größer als 20 MB und wird nicht gelesen." in response.content.decode()
    handler = response.wsgi_request.upload_handlers[0]
    assert isinstance(handler, LimitedUpload) and handler.received == 0  # Content-Length
    assert not SpreadsheetImport.objects.exists() and kept_files() == before
    assert not temporary_files()
    assert spielwart_client.get(LIST).status_code == 200


def test_a_file_over_the_limit_in_a_request_that_looks_small_stops_at_the_limit(
    spielwart_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "MAX_BYTES", 100_000)  # Content-Length within the form's slack

    response = upload(spielwart_client, "liste.csv", b"Name;Punkte\n" + b"Anna;1\n" * 20_000)

    assert response.status_code == 422
    assert "größer als" in response.content.decode()
    handler = response.wsgi_request.upload_handlers[0]
    assert isinstance(handler, LimitedUpload)
    assert 100_000 < handler.received <= 100_000 + 64 * 1024  # one chunk past, not the file
    assert not SpreadsheetImport.objects.exists() and not temporary_files()


def test_a_file_within_the_limit_is_streamed_to_a_temporary_file_and_kept_as_rows(
    spielwart_client: Client,
) -> None:
    response = upload(spielwart_client, "liste.csv", b"Name;Punkte\nAnna;1\n")

    assert response.status_code == 302
    assert not temporary_files()  # removed with the request
    assert kept_spreadsheet(SpreadsheetImport.objects.get().rows_file).headers == ["Name", "Punkte"]


# --- 2. XLSX and ODS read with limits --------------------------------------------------------


def test_a_5_kb_xlsx_of_shared_strings_that_expands_to_24_mb_is_refused_and_nothing_stored(
    spielwart_client: Client,
) -> None:
    bomb = shared_strings_bomb()
    assert len(bomb) < 5 * 1024
    before = kept_files()

    response = upload(spielwart_client, "bombe.xlsx", bomb)

    assert response.status_code == 422
    assert "viel mehr Text, als die Datei groß ist" in response.content.decode()
    assert not SpreadsheetImport.objects.exists() and kept_files() == before
    assert spielwart_client.get(LIST).status_code == 200


def test_too_many_shared_strings_by_count_or_by_characters_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    strings = ["Name"] + [f"Spieler {n}" for n in range(20)]
    monkeypatch.setattr(xlsx, "MAX_SHARED_STRINGS", 10)
    with pytest.raises(SpreadsheetError, match="mehr Texte"):
        open_spreadsheet(workbook('<row><c t="s"><v>0</v></c></row>', strings))
    monkeypatch.setattr(xlsx, "MAX_SHARED_STRINGS", 1000)
    monkeypatch.setattr(xlsx, "MAX_SHARED_TEXT", 50)
    with pytest.raises(SpreadsheetError, match="mehr Texte"):
        open_spreadsheet(workbook('<row><c t="s"><v>0</v></c></row>', strings))


def test_a_zip_bomb_member_is_refused_by_its_declared_size_and_packing_ratio() -> None:
    buffer = io.BytesIO(workbook('<row><c t="s"><v>0</v></c></row>', ["Name"]))
    with zipfile.ZipFile(buffer, "a", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/media/leer.bin", b"\0" * 20 * 2**20)  # 20 MB packed to 20 KB

    # The message is the declared-size check's: refused before anything is unpacked.
    with pytest.raises(SpreadsheetError, match="entpackt zu mehr Daten"):
        open_spreadsheet(buffer.getvalue())


def test_a_member_that_holds_more_than_it_declares_is_read_only_to_its_declared_size() -> None:
    rows = '<row><c t="s"><v>0</v></c></row>' + '<row r="5"><c t="s"><v>0</v></c></row>' * 50_000
    buffer = io.BytesIO()
    source = zipfile.ZipFile(io.BytesIO(workbook(rows, ["Name"])))
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            archive.writestr(info.filename, source.read(info))
        lying = archive.getinfo("xl/worksheets/sheet1.xml")
        lying.file_size = 2000  # what the central directory will claim

    with pytest.raises(SpreadsheetError, match="beschädigt"):
        list(open_spreadsheet(buffer.getvalue()).rows())


def test_too_many_worksheets_a_row_of_too_many_cells_and_a_doctype_are_refused() -> None:
    with pytest.raises(SpreadsheetError, match="mehr als 100 Tabellenblätter"):
        open_spreadsheet(workbook('<row><c t="s"><v>0</v></c></row>', ["Name"], worksheets=101))
    with pytest.raises(SpreadsheetError, match="mehr als 16.384 Zellen"):
        open_spreadsheet(workbook("<row>" + "<c/>" * 20_000 + "</row>", ["Name"]))
    laughs = '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
    with pytest.raises(SpreadsheetError, match="DOCTYPE"):
        open_spreadsheet(workbook('<row><c t="s"><v>0</v></c></row>', ["Name"], head=laughs))


def test_an_ods_whose_repeats_unpack_to_gigabytes_is_refused_before_calamine_reads_it() -> None:
    # 100,000 repeats of a row of 60 cells: calamine alone took 1.6 GB and 4 s for it.
    rows = (
        f"<table:table-row>{ods_cell('Name')}</table:table-row>"
        f'<table:table-row table:number-rows-repeated="1000000">{ods_cell("x" * 100, 60)}'
        "</table:table-row>"
    )
    bomb = ods_document(rows)
    assert len(bomb) < 1024

    # The pre-check's message: calamine never saw the file.
    with pytest.raises(SpreadsheetError, match="mehr Zellen"):
        open_spreadsheet(bomb)


def test_an_ods_with_one_cell_far_below_and_far_right_is_refused_by_its_rectangle() -> None:
    rows = (
        f"<table:table-row>{ods_cell('Name')}</table:table-row>"
        '<table:table-row table:number-rows-repeated="900000"><table:table-cell/>'
        "</table:table-row>"
        '<table:table-row><table:table-cell table:number-columns-repeated="9000"/>'
        f"{ods_cell('x')}</table:table-row>"
    )
    with pytest.raises(SpreadsheetError, match="mehr Zellen"):
        open_spreadsheet(ods_document(rows))
    assert ods.MAX_AREA < 900_000 * 9000


def test_an_ods_as_libreoffice_writes_it_is_still_read() -> None:
    rows = (
        f"<table:table-row>{ods_cell('Name')}{ods_cell('Punkte')}</table:table-row>"
        f"<table:table-row>{ods_cell('Anna')}{ods_cell('12')}</table:table-row>"
        '<table:table-row table:number-rows-repeated="1048574">'
        '<table:table-cell table:number-columns-repeated="1024"/></table:table-row>'
    )
    assert list(open_spreadsheet(ods_document(rows)).rows()) == [(2, ["Anna", "12"])]


# --- 3. CPU bounded: empty rows end the reading ----------------------------------------------


def test_an_xlsx_with_a_million_blank_rows_stops_reading_after_a_thousand_of_them() -> None:
    spreadsheet = blank_rows()
    assert len(spreadsheet) > 2 * 2**20

    opened = open_spreadsheet(spreadsheet)
    keep_rows(opened, io.BytesIO())

    # The name after the blank rows is never reached: the reader stopped, it did not skim.
    assert opened.headers == ["Name"] and list(opened.rows()) == []


def test_rows_after_a_thousand_empty_rows_are_not_read_but_a_short_gap_is() -> None:
    rows = '<row r="1"><c t="s"><v>0</v></c></row><row r="2"><c t="s"><v>1</v></c></row>'
    rows += '<row r="900"><c t="s"><v>1</v></c></row><row r="5000"><c t="s"><v>1</v></c></row>'

    numbers = [n for n, _ in open_spreadsheet(workbook(rows, ["Name", "Anna"])).rows()]

    assert numbers == [2, 900]


def test_a_csv_of_empty_lines_ends_after_a_thousand_of_them() -> None:
    rows = list(open_spreadsheet(b"Name\nAnna\n" + b";;;\n" * 2_000_000 + b"Bernd\n").rows())
    assert rows == [(2, ["Anna"])]


# --- 4. the kept upload is a file in the data folder ------------------------------------------


def test_the_kept_upload_is_a_private_file_removed_when_the_upload_is_discarded(
    spielwart_client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    upload(spielwart_client, "liste.csv", b"Name;Punkte\nAnna;1\n")
    pending = SpreadsheetImport.objects.get()
    path = upload_dir() / pending.rows_file

    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(upload_dir().stat().st_mode) == 0o700
    assert not hasattr(pending, "content")  # no bytes in the database

    with django_capture_on_commit_callbacks(execute=True):
        spielwart_client.post(f"{LIST}{pending.pk}/verwerfen/")
    assert not path.exists() and not SpreadsheetImport.objects.exists()


def test_a_kept_file_that_is_gone_gives_a_german_message_at_every_step(
    spielwart_client: Client,
) -> None:
    upload(spielwart_client, "liste.csv", b"Name;Punkte\nAnna;1\n")
    pending = SpreadsheetImport.objects.get()
    (upload_dir() / pending.rows_file).unlink()

    for step in ("spalten", "namen", "vorschau"):
        page = spielwart_client.get(f"{LIST}{pending.pk}/{step}/", follow=True)
        assert page.status_code == 200
        assert "nicht mehr da; bitte die Datei neu hochladen" in page.content.decode()


def test_a_hostile_rows_file_name_in_the_database_opens_nothing() -> None:
    with pytest.raises(SpreadsheetError, match="nicht mehr da"):
        kept_spreadsheet("../../secret_key")


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_waiting_uploads_from_the_database_into_private_files() -> None:
    before = [("club", "0016_club_roles_and_player_history")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = MigrationExecutor(connection).loader.project_state(before).apps
    club = old.get_model("club", "Club").objects.first() or old.get_model(
        "club", "Club"
    ).objects.create(name="Verein", slug="verein")
    rows = reader.ROWS_MAGIC + b"1;Name;Punkte\n2;Anna;12\n"
    imports = old.get_model("club", "SheetImport").objects
    waiting = imports.create(club=club, filename="a.csv", kind="csv", content=rows)
    done = imports.create(club=club, filename="b.csv", kind="csv", status="imported")

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    moved = SpreadsheetImport.all_clubs.get(pk=waiting.pk)
    path = upload_dir() / moved.rows_file
    assert path.read_bytes() == rows and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert list(kept_spreadsheet(moved.rows_file).rows()) == [(2, ["Anna", "12"])]
    assert SpreadsheetImport.all_clubs.get(pk=done.pk).rows_file == ""
