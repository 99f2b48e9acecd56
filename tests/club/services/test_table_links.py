"""Table links and the sign-off at the table, through the services."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from skatclub.club import services
from skatclub.club.models import Change, Game, Signature, Table, TableLink
from tests.helpers.factories import enter
from tests.helpers.signing import sign_at_table


def play_out(table: Table, *, user: User | TableLink | None = None) -> None:
    """Every game of the Serie at a 4-table as eingepasst (the quickest complete list)."""
    for number in range(1, table.round.event.games_for_table_size(4) + 1):
        services.record_game(
            table=table, number=number, declarer=None, declaration=None, outcome=None, user=user
        )


def test_a_link_is_a_short_random_token_one_live_per_table(
    four_table: Table, spielwart: User
) -> None:
    first = services.issue_link(table=four_table, user=spielwart)
    second = services.issue_link(table=four_table, user=spielwart)
    assert len(first.token) == 16 and first.token != second.token
    assert services.live_link(first.token) is None
    assert services.live_link(second.token) == second
    assert TableLink.objects.filter(table=four_table, revoked_at__isnull=True).count() == 1
    actions = list(four_table.changes.order_by("id").values_list("action", flat=True))
    assert actions == ["link", "unlink", "link"]


def test_issuing_for_a_round_gives_every_table_without_a_link_one(
    four_table: Table, three_table: Table, spielwart: User
) -> None:
    services.issue_link(table=four_table, user=spielwart)
    issued = services.issue_links(round_=four_table.round, user=spielwart)
    assert [link.table for link in issued] == [three_table]
    assert services.issue_links(round_=four_table.round, user=spielwart) == []


def test_a_game_entered_through_a_link_is_recorded_as_entered_at_the_table(
    four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    game = enter(four_table, 1, 2, "Kr m2 H S", user=link)
    assert game.entered_by is None and game.list_score == 60
    change = four_table.changes.get(action=Change.Action.CREATE)
    assert change.source == Change.Source.TABLE and change.table_link == link
    assert change.user is None
    assert change.get_source_display() == "am Tisch erfasst"


def test_a_link_writes_nothing_at_another_table(
    four_table: Table, three_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    with pytest.raises(services.EntryError, match="anderen Tisch"):
        enter(three_table, 1, 2, "Kr m2", user=link)
    assert not Game.objects.exists()


def test_a_revoked_link_writes_nothing(four_table: Table, spielwart: User) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    enter(four_table, 1, 2, "Kr m2", user=link)
    assert services.revoke_link(table=four_table, user=spielwart)
    with pytest.raises(services.EntryError, match="gesperrt"):
        enter(four_table, 2, 3, "Gr m1", user=link)
    with pytest.raises(services.EntryError, match="gesperrt"):
        services.delete_game(table=four_table, number=1, user=link)
    assert list(Game.objects.values_list("number", flat=True)) == [1]


def test_a_confirmed_list_is_closed_for_the_link(
    four_table: Table, spielwart: User, checker: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    enter(four_table, 1, 2, "Kr m2", user=link)
    services.check_table(table=four_table, user=checker, confirm=True)
    with pytest.raises(services.EntryError, match="schon geprüft"):
        enter(four_table, 2, 3, "Gr m1", user=link)


def test_the_spielwart_may_confirm_a_list_entered_at_the_table(
    four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    enter(four_table, 1, 2, "Kr m2", user=link)
    services.check_table(table=four_table, user=spielwart, confirm=True)
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.CONFIRMED


def test_players_sign_only_the_complete_list(four_table: Table, spielwart: User) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    anna = four_table.seats.get(position=1).player
    with pytest.raises(services.EntryError, match="nach dem letzten Spiel"):
        sign_at_table(link=link, player=anna)
    play_out(four_table, user=link)
    sign_at_table(link=link, player=anna)
    sign_at_table(link=link, player=anna)  # a second tap changes nothing
    assert Signature.objects.filter(table=four_table).count() == 1
    assert four_table.changes.filter(action=Change.Action.SIGN).count() == 1


def test_a_signed_off_list_is_closed_for_the_link_and_a_change_needs_new_signatures(
    four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    play_out(four_table, user=link)
    for seat in four_table.seats.all():
        sign_at_table(link=link, player=seat.player)
    assert services.is_signed_off(four_table)
    assert Table.objects.get(pk=four_table.pk).has_signatures
    with pytest.raises(services.EntryError, match="unterschrieben"):
        services.delete_game(table=four_table, number=48, user=link)
    enter(four_table, 2, 3, "Gr m1", user=spielwart)  # the Spielwart corrects a game
    assert not Signature.objects.filter(table=four_table).exists()
    assert not Table.objects.get(pk=four_table.pk).has_signatures
    sign_at_table(link=link, player=four_table.seats.get(position=1).player)
    assert Table.objects.get(pk=four_table.pk).has_signatures  # signed again after the change


def test_a_save_at_a_table_nobody_signed_withdraws_no_signatures(
    four_table: Table, spielwart: User
) -> None:
    with CaptureQueriesContext(connection) as queries:
        enter(four_table, 1, 2, "Kr m2", user=spielwart)
    assert not [q for q in queries.captured_queries if '"club_signature"' in q["sql"]]


def test_a_player_of_another_table_cannot_sign(
    four_table: Table, three_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    play_out(four_table, user=link)
    with pytest.raises(services.EntryError, match="sitzt nicht an diesem Tisch"):
        sign_at_table(link=link, player=three_table.seats.get(position=1).player)
