"""The kept upload: a sheet's rows as a file in the data folder between the steps.

An upload is read once (`reader.keep_rows`) into a file of the `rows` kind in
SKATCLUB_UPLOAD_DIR (default: uploads/ in the data folder; folder 0700, files 0600), named
by a random hex name that `SpreadsheetImport.rows_file` holds. So the database holds no file and
every step reads the rows from disk piece by piece: memory stays flat whatever the file.
The file is removed when its import is discarded or written (after the transaction commits).
Reads and writes: files in the upload folder only.
"""

from __future__ import annotations

import os
import re
import secrets
from pathlib import Path

from django.conf import settings
from django.db import transaction

from skatclub.club.imports.reader import (
    Spreadsheet,
    SpreadsheetError,
    WorksheetRange,
    keep_rows,
    open_spreadsheet,
)

NAME = re.compile(r"^[0-9a-f]{32}\.rows$")  # what `keep` makes; nothing else is opened
UPLOAD = re.compile(r"^[0-9a-f]{32}\.upload$")  # what `keep_upload` makes
GONE = "Die hochgeladene Tabelle ist nicht mehr da; bitte die Datei neu hochladen."


def private_folder(path: Path) -> Path:
    """`path`, made if missing, readable by the server's user only."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    path.chmod(0o700)
    return path


def upload_dir() -> Path:
    return private_folder(Path(settings.SKATCLUB_UPLOAD_DIR))


def keep(spreadsheet: Spreadsheet) -> str:
    """Write the sheet's rows into a new file (0600); its name. Nothing is left on refusal.
    A workbook's sheets are kept all (`spreadsheet.ranges` says where each lies)."""
    name = f"{secrets.token_hex(16)}.rows"
    path = upload_dir() / name
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as target:
            keep_rows(spreadsheet, target)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return name


def keep_upload(source: Path) -> str:
    """Copy the uploaded file as it came (bounded by the upload's limit) into a new file
    (0600) for the background job that reads it (`read_upload`); its name."""
    name = f"{secrets.token_hex(16)}.upload"
    descriptor = os.open(upload_dir() / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as target, source.open("rb") as upload:
        while chunk := upload.read(1024 * 1024):
            target.write(chunk)
    return name


def read_upload(name: str) -> tuple[Spreadsheet, str]:
    """The uploaded file kept by `keep_upload`, read once: the sheet and the name of the file
    with its rows (`keep`). The uploaded file itself is removed either way."""
    if not UPLOAD.match(name or ""):
        raise SpreadsheetError(GONE)
    path = upload_dir() / name
    if not path.is_file():
        raise SpreadsheetError(GONE)
    try:
        spreadsheet = open_spreadsheet(path)
        return spreadsheet, keep(spreadsheet)
    finally:
        path.unlink(missing_ok=True)


def kept_spreadsheet(name: str) -> Spreadsheet:
    """The kept rows as a sheet; SpreadsheetError (German) when the file is gone or not ours."""
    if not NAME.match(name or ""):
        raise SpreadsheetError(GONE)
    path = upload_dir() / name
    if not path.is_file():
        raise SpreadsheetError(GONE)
    return open_spreadsheet(path)


def remove(name: str) -> None:
    """Remove the kept file once the surrounding transaction commits (at once outside one)."""
    if NAME.match(name or ""):
        path = upload_dir() / name
        transaction.on_commit(lambda: path.unlink(missing_ok=True))


def worksheet_options(ranges: list[WorksheetRange]) -> dict[str, object]:
    """What an import keeps about a workbook's sheets (`SpreadsheetImport.options`): every
    sheet with its rows, and the sheets chosen at first: those with rows."""
    if len(ranges) < 2:
        return {}
    return {
        "sheets": [r.as_json() for r in ranges],
        "chosen": [r.name for r in ranges if r.rows],
    }
