"""COPY on PostgreSQL: rows streamed into a table with psycopg's `COPY … FROM STDIN`.

The archive writer's way to insert many rows on PostgreSQL (`write.insert_rows`): one
statement whose rows stream to the server, instead of a round of the protocol per row.
Values must be ready for the database (as for `insert_rows`). Reads/writes: the given table.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.db.models import Field, Model

LINES_PER_WRITE = 5000
COPY_NULL = "\\N"


def copy_rows(
    db: Any, model: type[Model], names: Sequence[str], rows: Iterable[tuple[Any, ...]]
) -> int:
    """COPY `rows` (tuples in the order of `names`); psycopg adapts every value as it
    would a query parameter."""
    count = 0
    with db.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(_statement(db, model, names), writer=_queued(raw)) as copy:
            write_row = copy.write_row
            for row in rows:
                write_row(row)
                count += 1
    return count


def copy_lines(db: Any, model: type[Model], names: Sequence[str], lines: Iterable[str]) -> int:
    """COPY ready lines of text (values made with `copy_text`, tab-separated, a newline at
    the end): for rows that share most of their text (the games of an archive)."""
    count = 0
    with db.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(_statement(db, model, names), writer=_queued(raw)) as copy:
            for batch in _batches(lines, LINES_PER_WRITE):
                copy.write("".join(batch))
                count += len(batch)
    return count


def copy_text(value: Any) -> str:
    """A value in the text format of COPY."""
    if value is None:
        return COPY_NULL
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, datetime.datetime):
        return value.isoformat()
    text = str(value)
    if "\\" in text or "\t" in text or "\n" in text or "\r" in text:
        text = text.replace("\\", "\\\\").replace("\t", "\\t")
        text = text.replace("\n", "\\n").replace("\r", "\\r")
    return text


def _statement(db: Any, model: type[Model], names: Sequence[str]) -> str:
    quote = db.ops.quote_name
    columns = []
    for name in names:
        field = model._meta.get_field(name)
        assert isinstance(field, Field) and field.column, name  # concrete columns only
        columns.append(quote(field.column))
    return f"COPY {quote(model._meta.db_table)} ({', '.join(columns)}) FROM STDIN"


def _queued(cursor: Any) -> Any:
    """A writer that sends from a thread of its own: the server takes in one part of the
    rows while this thread makes the next."""
    from psycopg.copy import QueuedLibpqWriter

    return QueuedLibpqWriter(cursor)


def _batches(items: Iterable[str], size: int) -> Iterator[list[str]]:
    batch: list[str] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch
