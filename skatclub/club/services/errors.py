"""Errors of the services: the rules of the club's own process, not of Skat (those are the
engine's `ScoringError`s). Every error has a stable English `code` and a German `message`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from scoring import ScoringError


class EntryError(ValueError):
    """A write the club's process refuses; `message` is German, for the Spielwart."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class RuleError(EntryError):
    """The engine refused a game inside a save (a `ScoringError` under the table's lock, or
    in the read-back that builds the game the same way): the rule's `code` and German
    `message`, as the services' own error. The request was read before (by the view, with
    the engine's types), so what remains is the game at this table under these rules."""


@contextmanager
def rules_refused() -> Iterator[None]:
    """The engine's `ScoringError` inside becomes a `RuleError`."""
    try:
        yield
    except ScoringError as error:
        raise RuleError(error.code, error.message) from error


class ConflictError(EntryError):
    """Somebody else changed the same thing first (or at the same moment)."""

    def __init__(self, message: str) -> None:
        super().__init__("conflict", message)


class LinkClosedError(EntryError):
    """A table's link writes nothing any more (`queries.table_status.link_closed`: the event
    is closed, or the link's days are over); `message` says why, for the players."""

    def __init__(self, message: str, code: str = "link_closed") -> None:
        super().__init__(code, message)


class EventClosedError(LinkClosedError):
    """The event is closed (`services.check_event_open`): nobody adds a Serie, a seat or a
    game to it. A link it refuses everything, so for a link it is the link's refusal (a
    `LinkClosedError`, told to the players); the Spielwart is told how to reopen it."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "event_closed")


class BusyError(EntryError):
    """The database is busy with another write (SQLite's lock, PostgreSQL's lock timeout):
    nothing was saved, and sending the same input again a moment later will work."""

    def __init__(self) -> None:
        super().__init__(
            "busy",
            "Die Datenbank ist gerade mit einer anderen Speicherung beschäftigt; es wurde "
            "nichts gespeichert. Bitte gleich noch einmal senden – die Eingabe steht noch da.",
        )


BUSY_MARKERS = ("database is locked", "database table is locked", "lock timeout")


def is_busy(error: BaseException) -> bool:
    """Whether a database error means "locked, try again" rather than a real fault."""
    return any(marker in str(error) for marker in BUSY_MARKERS)
