"""The upload handler: a file streams to a temporary file and stops at the size limit.

Django's default keeps uploads up to 2.5 MB in memory and writes bigger ones whole to a
temporary file before any view can look at their size: a 50 MB file was stored completely
before the form refused it. `LimitedUpload` (the only handler, see settings) writes every
file to a temporary file in the data folder (0600, removed when the request ends) and stops
at `reader.MAX_BYTES`: at once when the request says it is bigger (Content-Length), else as
soon as the bytes received pass the limit. The fields before the file (the CSRF token) are
kept, the rest of the request is read and dropped, and the view asks `upload_refusal` for
the German reason to show instead of the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.files.uploadhandler import StopUpload, TemporaryFileUploadHandler
from django.http import HttpRequest

from skatclub.club.imports import reader
from skatclub.club.imports.kept import private_folder

FORM_FIELDS = 64 * 1024  # the form's other fields and the multipart headers


def too_big() -> str:
    mb = reader.MAX_BYTES // (1024 * 1024)
    return f"Die Datei ist größer als {mb} MB und wird nicht gelesen."


class LimitedUpload(TemporaryFileUploadHandler):
    def __init__(self, request: HttpRequest | None = None) -> None:
        super().__init__(request)
        self.declared = 0
        self.received = 0
        self.refused = ""

    def handle_raw_input(self, input_data: Any, META: Any, content_length: int, *a: Any) -> None:
        self.declared = content_length

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        if self.declared > reader.MAX_BYTES + FORM_FIELDS:
            self._refuse()  # nothing of the file is stored at all
        private_folder(Path(settings.FILE_UPLOAD_TEMP_DIR))
        super().new_file(*args, **kwargs)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        if self.received > reader.MAX_BYTES:
            self._refuse()  # Django closes (and so deletes) the temporary file
        return super().receive_data_chunk(raw_data, start)

    def _refuse(self) -> None:
        self.refused = too_big()
        raise StopUpload(connection_reset=False)  # read the rest, so the answer is seen


def upload_refusal(request: HttpRequest) -> str:
    """Why the request's file was dropped (German), or ""; after request.FILES was read."""
    return next((h.refused for h in request.upload_handlers if isinstance(h, LimitedUpload)), "")
