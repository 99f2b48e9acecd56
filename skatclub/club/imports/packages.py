"""XLSX and ODS files are ZIP packages of XML: checked before a byte is parsed, read bounded.

A spreadsheet of a few KB can unpack to GB (a "ZIP bomb"), name a member smaller than it is,
or hold XML that a parser would build into millions of objects. So before any reader sees a
package: at most MAX_MEMBERS members, their declared sizes summed at most MAX_UNPACKED, and
no big member packed tighter than MAX_RATIO (real spreadsheets pack 5-40 to 1, deflate at most
about 1,000 to 1). Every member is then read through `member_chunks`, which stops at the
declared size (and at the caller's limit) whatever the data says, and XML through `parse_xml`
(expat, streaming: nothing is built unless a handler keeps it; a document type declaration,
the door to entity expansion, is refused). Refusals are `SpreadsheetError`s in German.
Reads: the package. Writes: nothing.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable, Iterator, Mapping
from typing import BinaryIO
from xml.parsers import expat

from skatclub.club.imports.errors import SpreadsheetError

MAX_MEMBERS = 500
MAX_UNPACKED = 100 * 1024 * 1024  # 100,000 rows of eight columns unpack to about 35 MB
MAX_RATIO = 200
RATIO_FROM = 1024 * 1024  # small members may pack tighter (a style sheet of defaults)
CHUNK = 1 << 16

BROKEN = "Die Datei ist beschädigt und kann nicht gelesen werden ({})."
TOO_BIG = "Die Datei entpackt zu mehr Daten, als eine Tabelle haben kann."


def open_package(stream: BinaryIO) -> zipfile.ZipFile:
    """The ZIP in `stream`, refused when its members could not be a spreadsheet's."""
    try:
        archive = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, OSError, ValueError) as error:
        raise SpreadsheetError(BROKEN.format(error)) from None
    try:
        members = archive.infolist()
        if len(members) > MAX_MEMBERS:
            raise SpreadsheetError(f"Die Datei enthält mehr als {MAX_MEMBERS} Teile.")
        if sum(m.file_size for m in members) > MAX_UNPACKED:
            raise SpreadsheetError(TOO_BIG)
        for member in members:
            if member.file_size > RATIO_FROM and member.file_size > MAX_RATIO * max(
                member.compress_size, 1
            ):
                raise SpreadsheetError(TOO_BIG)
    except SpreadsheetError:
        archive.close()
        raise
    return archive


def member_chunks(archive: zipfile.ZipFile, name: str, limit: int) -> Iterator[bytes]:
    """The member's bytes in pieces, at most `limit` and never more than its declared size:
    `zipfile` cuts the data at the declared size and then fails the checksum of a member
    that claims less than it holds; our own count is the second lock on the same door."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise SpreadsheetError(BROKEN.format(f"{name} fehlt")) from None
    if info.file_size > limit:
        raise SpreadsheetError(TOO_BIG)
    read = 0
    try:
        with archive.open(info) as member:
            while chunk := member.read(CHUNK):
                read += len(chunk)
                if read > min(limit, info.file_size):
                    raise SpreadsheetError(TOO_BIG)
                yield chunk
    except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError) as error:
        raise SpreadsheetError(BROKEN.format(error)) from None


def check_members(archive: zipfile.ZipFile) -> None:
    """Read every member once, bounded: a reader outside Python (calamine) then meets no
    member larger than it says and no broken checksum."""
    for name in archive.namelist():
        for _ in member_chunks(archive, name, MAX_UNPACKED):
            pass


def parse_xml(
    archive: zipfile.ZipFile,
    name: str,
    handlers: Mapping[str, object],
    limit: int,
    *,
    done: Callable[[], bool] = lambda: False,
) -> Iterator[None]:
    """Feed the member to expat with `handlers` (StartElementHandler, ...), one step per
    chunk, so that the caller can hand on what the handlers collected (and stop early when
    `done()`). Names are "namespace-URI local-name"."""
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True
    parser.StartDoctypeDeclHandler = _refuse_doctype
    for event, handler in handlers.items():
        setattr(parser, event, handler)
    try:
        for chunk in member_chunks(archive, name, limit):
            parser.Parse(chunk, False)
            yield
            if done():
                return
        parser.Parse(b"", True)
        yield
    except expat.ExpatError as error:
        raise SpreadsheetError(
            BROKEN.format(f"{name}: {expat.errors.messages[error.code]}")
        ) from None


def _refuse_doctype(*_: object) -> None:
    raise SpreadsheetError(
        BROKEN.format("eine DOCTYPE-Angabe hat in einer Tabelle nichts zu suchen")
    )
