"""`queries.versions`: the state an event's live pages are cached and answered 304 under."""

from __future__ import annotations

import pytest
from django.db import connection

from skatclub.club.models import Event, Round, Table
from skatclub.club.queries.versions import event_state, event_tables_state
from tests.helpers.factories import enter


def test_an_event_without_tables_has_a_state_with_no_tables(event: Event) -> None:
    found = event_state(event.key)
    assert found is not None
    event_id, state = found
    assert event_id == event.pk
    assert state[-2:] == (0, None) == event_tables_state(event.pk)


def test_an_unknown_event_has_no_state(event: Event) -> None:
    assert event_state("gibt-es-nicht") is None


def test_the_state_changes_with_a_game_at_any_table_and_with_the_event_itself(
    four_table: Table, three_table: Table, round_one: Round
) -> None:
    event = round_one.event
    seen = [event_state(event.key)]
    enter(three_table, 1, None)
    seen.append(event_state(event.key))
    enter(four_table, 1, None)
    seen.append(event_state(event.key))
    Event.objects.filter(pk=event.pk).update(name="Preisskat Dezember")
    seen.append(event_state(event.key))
    assert len({repr(state) for state in seen}) == 4
    assert seen[-1] == event_state(event.key)  # unchanged: the same state
    assert seen[-1] is not None
    assert seen[-1][1][-2:] == event_tables_state(event.pk)
    assert seen[-1][1][-2] == 2  # the tables counted once each, not once per Serie or join


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL prepares statements")
def test_on_postgresql_the_spectators_state_is_planned_once_per_connection(event: Event) -> None:
    """The projector's 300 spectators ask it 150 times a second: psycopg prepares it on the
    connection after its fifth run (settings: DATABASE_PREPARED), so PostgreSQL no longer
    plans it every time."""
    for _ in range(6):
        event_state(event.key)
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        prepared = [row[0] for row in cursor.fetchall()]
    assert any("COUNT(t.id), SUM(t.version)" in statement for statement in prepared), prepared
