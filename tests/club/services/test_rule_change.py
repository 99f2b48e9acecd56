"""A rule changed after games were stored re-values every game, seat, place and amount, exactly
as a fresh import of the same games under the new rules would store them; the preview changes
nothing; checked or signed lists refuse the change until the Spielwart reopens them."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.event_rules import EventRules
from skatclub.club import services
from skatclub.club.archive import import_archive
from skatclub.club.archive.export import export_archive
from skatclub.club.models import Change, Event, Game, RuleChange, Seat, Table
from tests.helpers.factories import enter
from tests.helpers.forms import event_data

ISKO_GAMES = [
    (1, 2, "Kr m2 H v"),  # Hand lost: ISkO −2 × 48 = −96, the old Preisskat rules only −48
    (2, 3, "Gr m1"),
    (3, 4, "He o2 H v"),
    (4, 1, "Pi m1 S"),
    (5, 3, "Null v"),
]


def stored(event: Event) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every game's and every seat's values of `event`, by Serie, table and number or key."""
    games = [
        (g.table.round.number, g.table.number, g.number, g.game_value, g.list_score, g.won)
        for g in Game.objects.filter(table__round__event=event).select_related("table__round")
    ]
    seats = [
        (s.table.round.number, s.table.number, s.player.key, s.list_score, s.won, s.lost, s.score)
        for s in Seat.objects.filter(table__round__event=event).select_related(
            "table__round", "player"
        )
    ]
    return sorted(games), sorted(seats)


def preisskat(event: Event) -> EventRules:
    return dataclasses.replace(event.rules, ruleset="preisskat")


def play(table: Table) -> None:
    for number, seat, line in ISKO_GAMES:
        enter(table, number, seat, line)


def test_a_changed_rule_set_re_values_the_stored_games_as_a_fresh_import_would(
    event: Event, four_table: Table, spielwart: User
) -> None:
    play(four_table)
    assert Game.objects.get(table=four_table, number=1).list_score == -96
    archive = export_archive([event.key])

    effect = services.change_rules(event=event, rules=preisskat(event), user=spielwart)

    assert Game.objects.get(table=four_table, number=1).list_score == -48
    assert effect.games_changed >= 1
    assert [item.name for item in effect.changed] == ["ruleset"]
    fresh = archive["events"][0]
    fresh.update(key="frisch", ruleset="preisskat", house_rules={})
    fresh.pop("house_rules")
    import_archive(archive)
    assert stored(event) == stored(Event.objects.get(key="frisch"))
    notes = Change.objects.filter(table=four_table, note__startswith="Regeln geändert")
    assert notes.filter(game_number=1).count() == 1  # one row per changed game
    assert notes.filter(game_number=None).count() == effect.seats_changed > 0  # one per seat
    change = RuleChange.objects.get(event=event)
    assert (change.before["ruleset"], change.after["ruleset"]) == ("isko", "preisskat")
    assert change.user == spielwart


def test_the_preview_says_what_would_change_and_changes_nothing(
    event: Event, four_table: Table
) -> None:
    play(four_table)
    before = stored(event)
    effect = services.rule_change_effect(event=event, rules=preisskat(event))
    assert stored(event) == before
    assert Event.objects.get(pk=event.pk).ruleset == "isko"
    moved = {(m.number, m.list_before, m.list_after) for m in effect.games}
    assert (1, -96, -48) in moved
    assert effect.summary().startswith(f"{effect.games_changed} Spiele bekommen einen anderen Wert")
    assert not Change.objects.filter(note__startswith="Regeln geändert").exists()


def test_a_checked_list_refuses_a_re_valuing_change_until_it_is_reopened(
    event: Event, four_table: Table, spielwart: User
) -> None:
    play(four_table)
    Table.objects.filter(pk=four_table.pk).update(check_status=Table.Check.CONFIRMED)
    with pytest.raises(services.RulesRefused, match="1 Listen sind geprüft"):
        services.change_rules(event=event, rules=preisskat(event), user=spielwart)
    assert Game.objects.get(table=four_table, number=1).list_score == -96
    assert Event.objects.get(pk=event.pk).ruleset == "isko"

    services.change_rules(event=event, rules=preisskat(event), user=spielwart, reopen=True)
    assert Game.objects.get(table=four_table, number=1).list_score == -48
    assert Table.objects.get(pk=four_table.pk).check_status == Table.Check.OPEN


def test_rules_that_refuse_a_stored_game_refuse_the_change_and_name_the_game(
    event: Event, four_table: Table, spielwart: User
) -> None:
    event.house_kontra = True
    event.save()
    enter(four_table, 1, 2, "Kr m2 K")  # Kontra, allowed by the house rule
    with pytest.raises(services.RulesRefused, match="Serie 1, Tisch 1, Spiel 1"):
        services.change_rules(event=event, rules=preisskat(event), user=spielwart)
    assert Event.objects.get(pk=event.pk).house_kontra


def test_a_shorter_round_than_the_stored_games_is_refused(
    event: Event, four_table: Table, spielwart: User
) -> None:
    play(four_table)
    shorter = dataclasses.replace(event.rules, games_per_round=(("3", 36), ("4", 4), ("5", 60)))
    with pytest.raises(services.RulesRefused, match="hat 5 Spiele"):
        services.change_rules(event=event, rules=shorter, user=spielwart)


def test_the_event_form_shows_the_effect_first_and_saves_only_when_confirmed(
    spielwart_client: Client, event: Event, four_table: Table
) -> None:
    play(four_table)
    url = f"/spielwart/veranstaltungen/{event.key}/bearbeiten/"
    data = event_data(name=event.name, date=f"{event.date:%Y-%m-%d}", key=event.key)
    data |= {"ruleset": "preisskat", "cents_per_point": event.cents_per_point}
    page = spielwart_client.post(url, data)
    assert page.status_code == 200
    text = page.content.decode()
    assert "Was die Änderung bewirkt" in text
    assert "Spiele bekommen einen anderen Wert" in text
    assert Game.objects.get(table=four_table, number=1).list_score == -96  # nothing saved yet

    confirmed = page.context["form"].data["confirmed"]
    saved = spielwart_client.post(url, {**data, "confirmed": confirmed})
    assert saved.status_code == 302
    assert Game.objects.get(table=four_table, number=1).list_score == -48


def test_a_confirmation_of_an_old_preview_is_refused_after_a_game_changed(
    spielwart_client: Client, event: Event, four_table: Table
) -> None:
    play(four_table)
    url = f"/spielwart/veranstaltungen/{event.key}/bearbeiten/"
    data = event_data(name=event.name, date=f"{event.date:%Y-%m-%d}", key=event.key)
    data |= {"ruleset": "preisskat", "cents_per_point": event.cents_per_point}
    confirmed = spielwart_client.post(url, data).context["form"].data["confirmed"]
    enter(four_table, 6, 4, "Kr m1")
    refused = spielwart_client.post(url, {**data, "confirmed": confirmed})
    assert "Seit der Vorschau" in refused.content.decode()
    assert Event.objects.get(pk=event.pk).ruleset == "isko"


def test_a_changed_season_ranking_rule_is_kept_in_its_history_and_dated_on_the_season_page(
    spielwart_client: Client, event: Event, spielwart: User
) -> None:
    season = event.season
    spielwart_client.post(
        f"/spielwart/saison/{season.year}/",
        {"ranking_rule": "best_n", "best_n": "2", "min_rounds": "1"},
    )
    change = RuleChange.objects.get(season=season)
    assert change.before["ranking_rule"] == "total"
    assert change.after == {"ranking_rule": "best_n", "best_n": 2, "min_rounds": 1}
    assert change.user == spielwart
    page = spielwart_client.get(f"/rangliste/{season.year}/").content.decode()
    assert "so gewertet seit der Änderung am" in page
