"""Migrations 0013/0014: a database of one club, as it was before clubs were tenants, moves
into its one club without loss, on SQLite and on PostgreSQL (where the two steps must be two
migrations)."""

from __future__ import annotations

import datetime

import pytest
from django.conf import settings
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from skatclub.club.models import Club, ClubStaff, Event, Player, Season

BEFORE = [("club", "0012_table_has_signatures")]


def migrate(targets: list[tuple[str, str]]) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return MigrationExecutor(connection)  # a fresh loader sees the applied state


@pytest.mark.django_db(transaction=True)
def test_a_single_club_database_moves_into_its_one_club() -> None:
    executor = migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    season = old.get_model("club", "Season").objects.create(year=2025)
    old.get_model("club", "Player").objects.create(key="anna", name="Anna Albers")
    old.get_model("club", "Event").objects.create(
        key="abend", name="Vereinsabend", date=datetime.date(2025, 3, 7), season=season
    )
    group = old.get_model("auth", "Group").objects.create(name="Spielwart")
    user = old.get_model("auth", "User").objects.create(username="wart", password="x")
    user.groups.add(group)
    old.get_model("club", "Club").objects.all().delete()  # before clubs there was none

    final = migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert not final.migration_plan(final.loader.graph.leaf_nodes())  # all applied

    club = Club.objects.get()
    assert club.name == settings.SKATCLUB_NAME and club.slug
    assert Season.objects.get().club == club and Event.objects.get().club == club
    assert Player.objects.get().club == club
    assert ClubStaff.objects.get().club == club
    assert ClubStaff.objects.get().user.username == "wart"
    assert ClubStaff.objects.get().role == "spielwart"  # 0016: the group became the role
