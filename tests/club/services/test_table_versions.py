"""Issue 26: every write to a table's list raises the table's version and its event's (the
phones and the public pages compare them), and a refused write raises neither. The event's
rises right after the commit: the tests run those callbacks (`committed`)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pytest
from django.contrib.auth.models import User
from django.db.models import Sum

from scoring import Declaration, Outcome
from scoring.notation import parse_ramsch
from skatclub.club import services
from skatclub.club.models import Event, Game, Table, TableLink, TableTotal
from tests.helpers.factories import enter, entry_of
from tests.helpers.signing import sign_at_table


def versions(table: Table) -> tuple[int, int]:
    """The table's version and its event's state: the event's own version plus its tables'
    (what the event's readers key on), so a table's change shows in both."""
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    event_id = table.round.event_id
    own = Event.objects.values_list("version", flat=True).get(pk=event_id)
    tables = Table.objects.filter(round__event_id=event_id).aggregate(n=Sum("version"))["n"]
    return table.version, own + (tables or 0)


Capture = Callable[..., AbstractContextManager[list[Callable[[], None]]]]
Check = Callable[[Table, Callable[[], object]], None]


@pytest.fixture
def raises_both(django_capture_on_commit_callbacks: Capture) -> Check:
    """A write, with what it left for after its commit, raises both versions."""

    def check(table: Table, write: Callable[[], object]) -> None:
        before = versions(table)
        with django_capture_on_commit_callbacks(execute=True):
            write()
        after = versions(table)
        assert after[0] >= before[0] + 1 and after[1] >= before[1] + 1, (before, after)

    return check


@pytest.fixture
def refused_changes_nothing(django_capture_on_commit_callbacks: Capture) -> Check:
    """A refused write raises neither version."""

    def check(table: Table, write: Callable[[], object]) -> None:
        before = versions(table)
        with (
            pytest.raises(services.EntryError),
            django_capture_on_commit_callbacks(execute=True),
        ):
            write()
        assert versions(table) == before

    return check


@pytest.fixture
def link(four_table: Table, spielwart: User) -> TableLink:
    return services.issue_link(table=four_table, user=spielwart)


def kreuz(table: Table, number: int, seat: int = 2) -> services.Typed:
    player = table.seats.get(position=seat).player
    return services.Typed(
        number, player, Declaration.from_dict({"type": "clubs", "matadors": 1}), Outcome(won=True)
    )


def test_a_game_saved_changed_and_deleted_raises_the_versions_each_time(
    four_table: Table, spielwart: User, raises_both: Check
) -> None:
    raises_both(four_table, lambda: enter(four_table, 1, 2, "Kr m1", user=spielwart))
    raises_both(four_table, lambda: enter(four_table, 1, 3, "Gr m1", user=spielwart))
    raises_both(four_table, lambda: enter(four_table, 2, None, user=spielwart))
    raises_both(
        four_table, lambda: services.record_line(table=four_table, entry=entry_of(3, "4 Pi m1"))
    )
    raises_both(
        four_table,
        lambda: services.delete_game(table=four_table, number=1, user=spielwart),
    )


def test_a_save_at_the_table_and_its_undo_raise_the_versions(
    four_table: Table, link: TableLink, raises_both: Check
) -> None:
    raises_both(
        four_table,
        lambda: services.save_entry(table=four_table, typed=kreuz(four_table, 1), user=link),
    )
    raises_both(
        four_table,
        lambda: services.delete_game(table=four_table, number=1, user=link, expected_version=1),
    )


def test_a_resend_that_is_already_saved_changes_no_version(
    four_table: Table, link: TableLink
) -> None:
    typed = kreuz(four_table, 1)
    services.save_entry(table=four_table, typed=typed, user=link, entry_id="a")
    before = versions(four_table)
    saved = services.save_entry(table=four_table, typed=typed, user=link, entry_id="a")
    assert saved.already and versions(four_table) == before
    assert services.save_entry(table=four_table, typed=typed, user=link).already
    assert versions(four_table) == before


def test_a_ramsch_and_paper_totals_raise_the_versions(
    four_table: Table, three_table: Table, spielwart: User, raises_both: Check
) -> None:
    event = four_table.round.event
    event.house_ramsch = True
    event.save()
    deal = parse_ramsch("R 4:65 1:55 2:0")
    raises_both(four_table, lambda: services.record_ramsch(table=four_table, number=3, deal=deal))
    lines = [
        services.TotalLine(seat.player, 0, 0, 0)
        for seat in three_table.seats.select_related("player")
    ]
    raises_both(three_table, lambda: services.record_totals(table=three_table, lines=lines))
    assert TableTotal.objects.filter(table=three_table).count() == 3


def test_signatures_and_the_spielwarts_check_raise_the_versions(
    four_table: Table, link: TableLink, checker: User, raises_both: Check
) -> None:
    for number in range(1, 49):
        enter(four_table, number, None, user=link)
    anna = four_table.seats.get(position=1).player
    raises_both(four_table, lambda: sign_at_table(link=link, player=anna))
    raises_both(
        four_table,
        lambda: services.check_table(table=four_table, user=checker, confirm=False, note="x"),
    )
    raises_both(
        four_table, lambda: services.check_table(table=four_table, user=checker, confirm=True)
    )


def test_a_refused_write_raises_no_version(
    four_table: Table, link: TableLink, spielwart: User, refused_changes_nothing: Check
) -> None:
    enter(four_table, 1, 2, "Kr m1", user=spielwart)
    refused_changes_nothing(
        four_table,
        lambda: services.save_entry(table=four_table, typed=kreuz(four_table, 1, 3), user=link),
    )
    refused_changes_nothing(
        four_table,
        lambda: services.delete_game(table=four_table, number=1, user=link, expected_version=9),
    )
    refused_changes_nothing(
        four_table, lambda: services.record_line(table=four_table, entry=entry_of(2, "2 Kr m1"))
    )  # game 2: seat 2 deals and sits out
    anna = four_table.seats.get(position=1).player
    refused_changes_nothing(four_table, lambda: sign_at_table(link=link, player=anna))
    assert Game.objects.filter(table=four_table).count() == 1
