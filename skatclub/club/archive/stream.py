"""Importing an archive file (`import_file`): on PostgreSQL read, checked and written event by
event, elsewhere read whole and written by `write`.

`import_archive` holds the parsed archive and the whole checked plan in memory (about 2 kB a
game). On PostgreSQL `import_file` comes here instead: `ArchiveReader` reads the file's events
one at a time, `check.EventCheck` checks each exactly as `check_archive` does (the same
problems in the same German words, the same verdicts kept for equal games), and every
`BATCH_GAMES` games the checked events are written by `write`'s own writers (COPY on
PostgreSQL). Everything runs in one transaction: an archive with a single problem imports
nothing, as before. Memory stays that of one batch, whatever the size of the archive.

The file must name "format" and "players" before "events" (as `export_archive` writes it);
an archive in another order is read whole. A file that is no valid JSON, or breaks the
archive's limits, is read again by `read_archive`, which names the problem as it always does.
Reads Player and Event (which keys exist); writes what `write.write_plan` writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from django.db import connections, transaction

from skatclub.club import services
from skatclub.club.archive import staging
from skatclub.club.archive.check import (
    MAX_ARCHIVE_BYTES,
    EventCheck,
    archive_decoder,
    check_head,
    read_archive,
    too_deep,
)
from skatclub.club.archive.matches import check_matches
from skatclub.club.archive.plan import ArchiveError, EventPlan, ImportSummary, Plan
from skatclub.club.archive.problems import Problems, TooManyProblems
from skatclub.club.archive.write import import_archive, paused_gc, write_plan
from skatclub.club.models import Event, HistoryImport

BATCH_GAMES = 20_000  # games checked before they are written (about 40 MB)
MEMO_GAMES = 25_000  # verdicts on different games kept for equal ones (about 1.7 kB each)
CHUNK = 1 << 20  # characters read at a time
EVENT_DEPTH = 3  # archive, "events", the event


class NotStreamable(Exception):
    """The file is no valid JSON or breaks a limit: `read_archive` says what is wrong."""


def import_file(
    path: str | Path, *, replace: bool = False, as_recorded: bool = False
) -> ImportSummary:
    """The archive in `path`; on PostgreSQL read, checked and written event by event
    (memory does not grow with the archive), elsewhere whole and staged. Its events are
    marked as coming from this import (/pruefen/ finds and accepts their lists together)."""
    if connections[staging.alias()].vendor == "postgresql":
        summary = import_streamed(path, replace=replace, as_recorded=as_recorded)
    else:
        with paused_gc():
            summary = import_archive(read_archive(path), replace=replace, as_recorded=as_recorded)
    services.record_history_import(kind=HistoryImport.Kind.ARCHIVE, name=Path(path).name)
    return summary


def import_streamed(
    path: str | Path, *, replace: bool = False, as_recorded: bool = False
) -> ImportSummary:
    """`import_file` for PostgreSQL: the same checks and rows, in batches, one transaction."""
    if Path(path).stat().st_size > MAX_ARCHIVE_BYTES:
        read_archive(path)  # refuses it with the usual words
    try:
        with paused_gc(), open(path, encoding="utf-8") as file, transaction.atomic():
            return _Import(replace, as_recorded).run(ArchiveReader(file).items())
    except (NotStreamable, UnicodeDecodeError):
        with paused_gc():  # the usual reader names the problem (or reads it whole after all)
            return import_archive(read_archive(path), replace=replace, as_recorded=as_recorded)


class _Import:
    """One streamed import: the head of the archive, then its events batch by batch."""

    def __init__(self, replace: bool, as_recorded: bool) -> None:
        self.replace, self.as_recorded = replace, as_recorded
        self.problems = Problems()
        self.head: dict[str, Any] = {}
        self.batch: list[EventPlan] = []
        self.written: list[ImportSummary] = []
        self.events: EventCheck | None = None
        self.checked = False  # the events (and so the head) are checked
        self.plan = Plan(None, [], [])  # club and players: written with the first batch

    def run(self, items: Iterator[tuple[str, Any]]) -> ImportSummary:
        try:
            for key, value in items:
                if key == "events" and "format" in self.head and "players" in self.head:
                    self._check_events(value)
                else:
                    self.head[key] = list(value) if key == "events" else value
            if not self.checked:  # no events, or not in the streamable order
                self._check_events(self.head.pop("events", []))
            if self.events is not None:
                self.plan.matches = check_matches(
                    self.head.get("matches"), self.events.known, self.replace, self.problems
                )
        except TooManyProblems:
            pass
        if self.problems.lines:
            raise ArchiveError(self.problems.lines)
        self._write(last=True)
        return _added(self.written)

    def _check_events(self, raw: Any) -> None:
        self.checked = True
        head = check_head(self.head, self.problems)
        if head is None:
            return
        self.plan.club_name, self.plan.players, known = head
        existing = set() if self.replace else set(Event.objects.values_list("key", flat=True))
        self.events = EventCheck(known, existing, self.problems, self.as_recorded)
        if not isinstance(raw, list | Iterator):
            self.problems.add("Veranstaltungen", "„events“ muss eine Liste sein.")
            return
        games = 0
        for index, item in enumerate(raw, start=1):
            plan = self.events.check(item, index)
            if plan is None or self.problems.lines:
                continue  # keep checking for more problems; nothing will be written
            self.batch.append(plan)
            games += sum(len(t.games) for r in plan.rounds for t in r.tables)
            if games >= BATCH_GAMES:
                self._write(last=False)
                self.events.forget_games(MEMO_GAMES)
                games = 0

    def _write(self, *, last: bool) -> None:
        """The events checked so far (with the club and players the first time; with the
        Offiziersskat matches the last time)."""
        if self.problems.lines or (not last and not self.batch):
            return
        part = Plan(self.plan.club_name, self.plan.players, self.batch)
        if last:
            part.matches = self.plan.matches
        self.batch = []
        self.written.append(write_plan(part, replace=self.replace))
        self.plan.club_name, self.plan.players = None, []


def _added(parts: list[ImportSummary]) -> ImportSummary:
    counts = {name: sum(getattr(p, name) for p in parts) for name in FIELDS}
    return ImportSummary(**counts, notes=tuple(note for p in parts for note in p.notes))


FIELDS = ("players", "events", "rounds", "tables", "games", "replaced", "as_recorded")


class ArchiveReader:
    """The top level of an archive file, read piece by piece: `items` gives (key, value) in
    the file's order; the value of "events" is an iterator over the events, each parsed when
    it is reached (and must be used up before the next item is asked for)."""

    def __init__(self, file: IO[str]) -> None:
        self.file = file
        self.buf = ""
        self.pos = 0
        self.eof = False
        self.decoder = archive_decoder()

    def items(self) -> Iterator[tuple[str, Any]]:
        self._expect("{")
        if self._peek() == "}":
            self.pos += 1
        else:
            while True:
                key = self._value(depth=2)
                if not isinstance(key, str):
                    raise NotStreamable
                self._expect(":")
                if key == "events" and self._peek() == "[":
                    events = self._elements()
                    yield key, events
                    for _ in events:  # whatever the caller left unread
                        pass
                else:
                    yield key, self._value(depth=2)
                if self._expect(",}") == "}":
                    break
        if self._peek() != "":
            raise NotStreamable  # something after the archive's object

    def _elements(self) -> Iterator[Any]:
        self._expect("[")
        if self._peek() == "]":
            self.pos += 1
            return
        while True:
            yield self._value(depth=EVENT_DEPTH)
            if self._expect(",]") == "]":
                return

    def _value(self, depth: int) -> Any:
        self._peek()
        while True:
            try:
                value, end = self.decoder.raw_decode(self.buf, self.pos)
            except (ValueError, RecursionError):
                if self._more():
                    continue
                raise NotStreamable from None
            if end == len(self.buf) and self._more():
                continue  # a number at the end of what was read may go on
            self.pos = end
            if isinstance(value, dict | list) and too_deep(value, depth):
                raise NotStreamable
            return value

    def _peek(self) -> str:
        """The next character that is not white space ("" at the end of the file)."""
        while True:
            while self.pos < len(self.buf) and self.buf[self.pos] in " \t\n\r":
                self.pos += 1
            if self.pos < len(self.buf):
                return self.buf[self.pos]
            if not self._more():
                return ""

    def _expect(self, chars: str) -> str:
        found = self._peek()
        if not found or found not in chars:
            raise NotStreamable
        self.pos += 1
        return found

    def _more(self) -> bool:
        """Read on; at least as much as is still unread, so a long value is re-parsed only a
        few times. False at the end of the file."""
        if self.eof:
            return False
        text = self.file.read(max(CHUNK, len(self.buf) - self.pos))
        if not text:
            self.eof = True
            return False
        self.buf = self.buf[self.pos :] + text
        self.pos = 0
        return True
