"""The import's refusal of a whole file (its own module: the readers and the package checks
raise it, `reader` hands it on)."""

from __future__ import annotations


class SpreadsheetError(ValueError):
    """The file cannot be read as a spreadsheet; `message` says why, in German."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
