"""An import on SQLite is written into a staging copy and moved in at the end (archive/staging.py):
the evening's writes in between are kept, the import arrives whole or not at all."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.db import connection

from skatclub.club.archive import (
    ArchiveError,
    check_archive,
    export_archive,
    import_archive,
    staging,
)
from skatclub.club.archive.write import merge_or_refuse, write_plan
from skatclub.club.demo.generator import generate_archive
from skatclub.club.models import Club, Event, Game, Player, Round, Season, Seat, Table
from skatclub.club.services import refresh_results
from tests.helpers.factories import enter

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="staging is SQLite's way; PostgreSQL writes directly"
)


def halves() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """A generated archive and two archives with its first and its last three events."""
    whole = generate_archive(seasons=2, events_per_season=3, seed=7)
    first, second = copy.deepcopy(whole), copy.deepcopy(whole)
    first["events"], second["events"] = whole["events"][:3], whole["events"][3:]
    return whole, first, second


def live_event_with_one_game(players: list[Player]) -> Table:
    """What the evening writes meanwhile: an event, a Serie, a table and a game."""
    event = Event.objects.create(
        key="heute",
        name="Heute",
        date="2026-11-24",
        season=Season.objects.get_or_create(year=2026)[0],
    )
    table = Table.objects.create(round=Round.objects.create(event=event, number=1), number=1)
    for position, player in enumerate(players[:4], start=1):
        Seat.objects.create(table=table, round=table.round, position=position, player=player)
    enter(table, 1, 2, "Kr m1")
    return table


def staging_files() -> list[Path]:
    return sorted(Path(settings.DATA_DIR).glob("import-staging-*"))


@pytest.mark.django_db(transaction=True)
def test_a_staged_import_and_what_the_evening_wrote_meanwhile_both_arrive_whole() -> None:
    whole, first, second = halves()
    import_archive(first)
    plan = check_archive(second)

    with staging.stage() as stage:
        stage.write(lambda: write_plan(plan))
        assert not Event.objects.filter(key__in=[e["key"] for e in second["events"]]).exists()
        table = live_event_with_one_game(list(Player.objects.order_by("id")))
        stage.merge()

    exported = export_archive()
    assert [e for e in exported["events"] if e["key"] != "heute"] == whole["events"]
    assert list(Club.objects.values_list("name", flat=True)) == [whole["club"]["name"]]
    game = Game.objects.get(table=table)
    assert (game.number, game.list_score, game.declarer_id) == (
        1,
        24,
        table.seats.get(position=2).player_id,
    )
    seats = {s.pk: (s.list_score, s.won, s.lost, s.score) for s in Seat.objects.all()}
    refresh_results(table_ids=list(Table.objects.values_list("id", flat=True)))
    assert {s.pk: (s.list_score, s.won, s.lost, s.score) for s in Seat.objects.all()} == seats
    assert staging_files() == []


@pytest.mark.django_db(transaction=True)
def test_a_staged_import_that_collides_with_the_evening_takes_over_nothing_and_says_why() -> None:
    _, first, second = halves()
    import_archive(first)
    before = export_archive()
    clash = second["events"][0]["key"]
    plan = check_archive(second)

    with pytest.raises(ArchiveError) as refused, staging.stage() as stage:
        stage.write(lambda: write_plan(plan))
        Event.objects.create(
            key=clash,
            name="Gleicher Schlüssel",
            date="2026-11-24",
            season=Season.objects.get_or_create(year=2026)[0],
        )
        merge_or_refuse(stage, lambda: None)

    assert "nichts wurde übernommen" in refused.value.problems[0]
    after = export_archive()
    assert [e for e in after["events"] if e["key"] != clash] == before["events"]
    assert staging_files() == []


@pytest.mark.django_db(transaction=True)
def test_the_staged_import_changes_known_players_as_the_archive_says() -> None:
    _, first, second = halves()
    import_archive(first)
    renamed = copy.deepcopy(second)
    renamed["players"][0]["name"] = "Ümläut Neuname"

    import_archive(renamed)

    assert Player.objects.get(key=renamed["players"][0]["key"]).name == "Ümläut Neuname"
