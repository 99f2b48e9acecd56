"""Bockrunden and Ramsch at the table (docs/rules.md §12.2–§12.3, [WEB] "Bock- und Ramsch-Runden"),
worked by hand: the Bockrunden follow by themselves, corrections re-value later games, the
Spielwart can override a game, a Ramsch counts in the list score of the players it hits."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring import Declaration, Outcome
from scoring.notation import parse_ramsch
from skatclub.club.models import Change, Event, Game, Seat, Table
from skatclub.club.services import EntryError, record_game
from skatclub.club.services.house_rules import record_ramsch
from tests.helpers.factories import enter


@pytest.fixture
def bock_event(event: Event) -> Event:
    event.house_bock = True
    event.bock_triggers = ["grand_hand", "all_passed"]
    event.save()
    return event


def values(table: Table) -> list[tuple[int, int, int]]:
    """(number, Bock level, list score) of every game."""
    return [
        (g.number, (g.declaration or g.ramsch or {}).get("bock", 0), g.list_score)
        for g in Game.objects.filter(table=table).order_by("number")
    ]


def test_a_bockrunde_at_a_3_table_doubles_the_next_three_games(
    bock_event: Event, three_table: Table
) -> None:
    enter(three_table, 1, 2, "Gr m1 H")  # Grand Hand: 3 × 24 = 72, a Bockrunde for 2, 3, 4
    enter(three_table, 2, 3, "Kr m1")  # 2 × 12 = 24, Bock: 48
    enter(three_table, 3, None)  # eingepasst (itself Bock): the next Bockrunde is 5, 6, 7
    enter(three_table, 4, 1, "He m1 v")  # 2 × 10 = 20, Bock 40, lost: −80
    enter(three_table, 5, 2, "Pi m1")  # second Bockrunde: 2 × 11 × 2 = 44
    enter(three_table, 8, 2, "Pi m1")  # after both: 22
    assert values(three_table) == [
        (1, 0, 72),
        (2, 1, 48),
        (3, 0, 0),
        (4, 1, -80),
        (5, 1, 44),
        (8, 0, 22),
    ]
    assert "B" in Game.objects.get(table=three_table, number=2).notation.split()


def test_correcting_the_trigger_re_values_the_games_after_it(
    bock_event: Event, three_table: Table
) -> None:
    enter(three_table, 1, 2, "Gr m1 H")
    enter(three_table, 2, 3, "Kr m1")
    enter(three_table, 3, None)
    enter(three_table, 4, 1, "He m1 v")
    game_1 = Game.objects.get(table=three_table, number=1)
    enter(three_table, 1, 2, "Gr m1")  # no Hand: 2 × 24 = 48, no Bockrunde any more
    # Only the eingepasste game 3 triggers now: Bock for 4, 5, 6.
    assert values(three_table) == [(1, 0, 48), (2, 0, 24), (3, 0, 0), (4, 1, -80)]
    assert game_1.pk == Game.objects.get(table=three_table, number=1).pk
    recalculated = Change.objects.filter(table=three_table, note="Bock neu berechnet")
    assert [c.game_number for c in recalculated] == [2]


def test_a_bockrunde_at_a_4_table_lasts_four_games_and_can_be_overridden(
    bock_event: Event, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Gr m1 H")  # Anna deals; Bockrunde for games 2, 3, 4, 5
    enter(four_table, 2, 3, "Ka m1")  # 2 × 9 × 2 = 36
    enter(four_table, 5, 4, "Kr m1")  # 2 × 12 × 2 = 48
    enter(four_table, 6, 3, "Kr m1")  # 24
    assert values(four_table) == [(1, 0, 72), (2, 1, 36), (5, 1, 48), (6, 0, 24)]
    game = Game.objects.get(table=four_table, number=2)
    assert game.declaration is not None and game.outcome is not None
    record_game(
        table=four_table,
        number=2,
        declarer=game.declarer,
        declaration=Declaration.from_dict(game.declaration),
        outcome=Outcome.from_dict(game.outcome),
        bock_override=0,
    )
    assert values(four_table)[1] == (2, 0, 18)


def test_a_ramsch_counts_in_the_list_score_of_the_player_it_hits(
    event: Event, four_table: Table
) -> None:
    event.house_ramsch = True
    event.save()
    # Game 3: Carla (seat 3) deals and sits out; Dieter 65, Anna 55, Bernd no trick;
    # one push: 65 × 2 × 2 (Jungfrau) = 260 lost by Dieter.
    record_ramsch(table=four_table, number=3, deal=parse_ramsch("R 4:65 1:55 2:0 s1 j2"))
    game = Game.objects.get(table=four_table, number=3)
    seats = {
        s.player.key: (s.list_score, s.won, s.lost) for s in Seat.objects.filter(table=four_table)
    }
    assert game.passed_in and game.notation == "R 4:65 1:55 2:0 s1 j2"
    assert seats["dieter"] == (-260, 0, 0) and seats["anna"] == (0, 0, 0)
    assert "65 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 2) = -260" in game.derivation


def test_a_ramsch_needs_the_house_rule_and_the_playing_seats(
    event: Event, four_table: Table
) -> None:
    with pytest.raises(EntryError, match="Ramsch ist als Hausregel nicht vereinbart"):
        record_ramsch(table=four_table, number=3, deal=parse_ramsch("R 4:65 1:55 2:0"))
    event.house_ramsch = True
    event.save()
    with pytest.raises(EntryError, match="spielen die Plätze 1, 2, 4"):
        record_ramsch(table=four_table, number=3, deal=parse_ramsch("R 3:65 1:55 2:0"))
    assert not Game.objects.exists()


def test_the_player_page_counts_bock_games_and_ramsch_lost(
    client: Client, bock_event: Event, four_table: Table
) -> None:
    bock_event.house_ramsch = bock_event.house_kontra = True
    bock_event.save()
    enter(four_table, 1, 2, "Gr m1 H")  # Bernd; Bockrunde for 2-5
    enter(four_table, 2, 3, "Ka m1")  # Carla, Bock
    record_ramsch(table=four_table, number=3, deal=parse_ramsch("R 4:65 1:55 2:0 s1 j2"))
    enter(four_table, 4, 3, "Kr m1 K")  # Carla, Bock and Kontra
    carla = client.get("/spieler/carla/?saison=alle").content.decode()
    dieter = client.get("/spieler/dieter/?saison=alle").content.decode()
    assert "Hausregeln: 2 Bockspiele, 1 Spiele mit Kontra, 0 Ramsch verloren" in carla
    assert "0 Bockspiele, 0 Spiele mit Kontra, 1 Ramsch verloren (-520 Punkte)" in dieter
