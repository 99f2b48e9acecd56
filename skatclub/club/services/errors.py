"""Errors of the services: the rules of the club's own process, not of Skat (those are the
engine's `ScoringError`s). Every error has a stable English `code` and a German `message`."""

from __future__ import annotations


class EntryError(ValueError):
    """A write the club's process refuses; `message` is German, for the Spielwart."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ConflictError(EntryError):
    """Somebody else changed the same thing first (or at the same moment)."""

    def __init__(self, message: str) -> None:
        super().__init__("conflict", message)
