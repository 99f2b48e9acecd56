"""Entering and correcting results through `services` (the only writer of results)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import Declaration, Outcome, ScoringError, playing_positions
from skatclub.club.models import Change, Game, Player, Table
from skatclub.club.services import (
    ConflictError,
    EntryError,
    RuleError,
    TotalLine,
    check_table,
    delete_game,
    record_game,
    record_line,
    record_totals,
    refresh_results,
    typed_at,
)
from tests.helpers.factories import entry_of

CLUBS_MIT_2 = Declaration.from_dict({"type": "clubs", "matadors": 2, "bid": 24})
WON = Outcome(won=True)


def test_it_values_a_game_through_the_engine_and_stores_the_derivation(
    four_table: Table, players: dict[str, Player]
) -> None:
    # Game 1: Anna (seat 1) deals and sits out; Bernd plays Kreuz mit 2: 3 x 12 = 36.
    game = record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
    )
    assert (game.won, game.game_value, game.list_score) == (True, 36, 36)
    assert game.derivation.endswith("= 36")
    assert game.notation.startswith("Kr m2")


def test_it_refuses_the_sitting_dealer_as_declarer(
    four_table: Table, players: dict[str, Player]
) -> None:
    with pytest.raises(RuleError) as refused:
        record_game(
            table=four_table,
            number=1,
            declarer=players["anna"],
            declaration=CLUBS_MIT_2,
            outcome=WON,
        )
    assert refused.value.code == "sitting_declarer"
    assert "Platz 1 gibt bei Spiel 1" in refused.value.message
    assert not Game.objects.exists()


def test_it_refuses_a_49th_game_at_a_4_table(four_table: Table, players: dict[str, Player]) -> None:
    with pytest.raises(EntryError) as refused:
        record_game(
            table=four_table,
            number=49,
            declarer=players["bernd"],
            declaration=CLUBS_MIT_2,
            outcome=WON,
        )
    assert refused.value.code == "too_many_games"
    assert "höchstens 48 Spiele" in refused.value.message


def test_it_refuses_a_37th_game_at_a_3_table(
    three_table: Table, players: dict[str, Player]
) -> None:
    with pytest.raises(EntryError):
        record_game(
            table=three_table,
            number=37,
            declarer=players["emil"],
            declaration=CLUBS_MIT_2,
            outcome=WON,
        )


def test_an_engine_error_under_the_lock_is_a_service_error_with_the_rules_message(
    four_table: Table, players: dict[str, Player]
) -> None:
    with pytest.raises(RuleError) as refused:
        record_game(
            table=four_table,
            number=1,
            declarer=players["bernd"],
            declaration=Declaration.from_dict({"type": "clubs", "matadors": 1, "bid": 19}),
            outcome=WON,
        )
    assert refused.value.code == "illegal_bid"
    assert "19" in refused.value.message
    assert isinstance(refused.value, EntryError) and not isinstance(refused.value, ScoringError)
    assert isinstance(refused.value.__cause__, ScoringError)  # the engine's, kept as the cause


def test_it_refuses_kontra_when_the_event_did_not_agree_on_it(
    four_table: Table, players: dict[str, Player]
) -> None:
    with pytest.raises(RuleError) as refused:
        record_game(
            table=four_table,
            number=1,
            declarer=players["bernd"],
            declaration=replace(CLUBS_MIT_2, kontra=True),
            outcome=WON,
        )
    assert refused.value.code == "kontra_not_allowed"


def test_it_records_a_passed_game_with_no_score(four_table: Table) -> None:
    game = record_game(table=four_table, number=1, declarer=None, declaration=None, outcome=None)
    assert game.passed_in and game.list_score == 0 and game.declarer is None


def test_every_change_is_kept_in_the_history_with_before_and_after(
    four_table: Table, players: dict[str, Player], spielwart: User
) -> None:
    game = record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        user=spielwart,
    )
    record_game(
        table=four_table,
        number=1,
        declarer=players["carla"],
        declaration=CLUBS_MIT_2,
        outcome=Outcome.from_dict({"won": False}),
        user=spielwart,
        expected_version=game.version,
    )
    delete_game(table=four_table, number=1, user=spielwart, expected_version=2)
    changes = list(four_table.changes.order_by("id"))
    assert [c.action for c in changes] == ["create", "update", "delete"]
    before, after = changes[1].before, changes[1].after
    assert before is not None and after is not None
    assert before["declarer"] == "bernd" and after["declarer"] == "carla"
    assert after["list_score"] == -72  # lost: -2 x 36
    assert changes[2].after is None and all(c.user == spielwart for c in changes)


def test_two_people_editing_the_same_game_get_a_conflict_not_a_silent_overwrite(
    four_table: Table, players: dict[str, Player]
) -> None:
    game = record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        expected_version=0,
    )
    record_game(
        table=four_table,
        number=1,
        declarer=players["carla"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        expected_version=game.version,
    )
    with pytest.raises(ConflictError):
        record_game(
            table=four_table,
            number=1,
            declarer=players["dieter"],
            declaration=CLUBS_MIT_2,
            outcome=WON,
            expected_version=game.version,
        )
    assert Game.objects.get().declarer == players["carla"]


def test_a_new_game_that_someone_else_entered_meanwhile_is_a_conflict(
    four_table: Table, players: dict[str, Player]
) -> None:
    record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        expected_version=0,
    )
    with pytest.raises(ConflictError):
        record_game(
            table=four_table,
            number=1,
            declarer=players["carla"],
            declaration=CLUBS_MIT_2,
            outcome=WON,
            expected_version=0,
        )


def test_a_confirmed_table_reopens_when_a_game_changes(
    four_table: Table, players: dict[str, Player], spielwart: User, checker: User
) -> None:
    record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        user=spielwart,
    )
    check_table(table=four_table, user=checker, confirm=True)
    assert Table.objects.get(pk=four_table.pk).check_status == "confirmed"
    record_game(
        table=four_table, number=2, declarer=None, declaration=None, outcome=None, user=spielwart
    )
    assert Table.objects.get(pk=four_table.pk).check_status == "open"
    assert Change.objects.filter(action="confirm", user=checker).exists()


def test_paper_totals_must_fit_the_table(three_table: Table, players: dict[str, Player]) -> None:
    lines = [
        TotalLine(players["emil"], 540, 20, 1),
        TotalLine(players["frieda"], 210, 10, 2),
        TotalLine(players["gerd"], -60, 3, 3),
    ]
    with pytest.raises(EntryError) as refused:
        record_totals(table=three_table, lines=lines)
    assert refused.value.code == "too_many_games"  # 39 games > 36
    assert not three_table.totals.exists()


def test_paper_totals_need_a_lost_game_for_a_negative_score(
    three_table: Table, players: dict[str, Player]
) -> None:
    lines = [
        TotalLine(players["emil"], 540, 9, 1),
        TotalLine(players["frieda"], -210, 4, 0),
        TotalLine(players["gerd"], -60, 3, 3),
    ]
    with pytest.raises(EntryError) as refused:
        record_totals(table=three_table, lines=lines)
    assert "Frieda" in refused.value.message


def test_paper_totals_are_stored_and_logged(
    three_table: Table, players: dict[str, Player], spielwart: User
) -> None:
    lines = [
        TotalLine(players["emil"], 540, 9, 1),
        TotalLine(players["frieda"], 210, 4, 2),
        TotalLine(players["gerd"], -60, 3, 3),
    ]
    record_totals(table=three_table, lines=lines, user=spielwart)
    assert Table.objects.get(pk=three_table.pk).entry == "totals"
    assert sorted(three_table.totals.values_list("list_score", flat=True)) == [-60, 210, 540]
    assert three_table.changes.get().action == "totals"


def test_nobody_confirms_a_table_they_entered_themselves(
    four_table: Table, players: dict[str, Player], spielwart: User
) -> None:
    record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
        user=spielwart,
    )
    with pytest.raises(EntryError) as refused:
        check_table(table=four_table, user=spielwart, confirm=True)
    assert refused.value.code == "own_table"
    assert Table.objects.get(pk=four_table.pk).check_status == "open"
    check_table(table=four_table, user=spielwart, confirm=False, note="Spiel 1 fehlt Reizwert")
    assert Table.objects.get(pk=four_table.pk).check_status == "rejected"


def test_the_seat_keeps_each_players_sums_for_the_standings(
    four_table: Table, players: dict[str, Player]
) -> None:
    record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=CLUBS_MIT_2,
        outcome=WON,
    )
    record_game(
        table=four_table,
        number=2,
        declarer=players["carla"],
        declaration=CLUBS_MIT_2,
        outcome=Outcome.from_dict({"won": False}),
    )
    sums = {s.player.key: (s.list_score, s.won, s.lost) for s in four_table.seats.all()}
    assert sums == {
        "anna": (0, 0, 0),
        "bernd": (36, 1, 0),
        "carla": (-72, 0, 1),
        "dieter": (0, 0, 0),
    }
    delete_game(table=four_table, number=1)
    assert four_table.seats.get(player=players["bernd"]).won == 0


def test_seat_sums_after_every_save_equal_a_recomputation_from_all_games(four_table: Table) -> None:
    # New games add to the stored sums without a query; corrections and deletions sum again.
    # Both must leave what a recomputation from every game gives.
    seats = {s.position: s.player for s in four_table.seats.select_related("player")}
    chooser = random.Random(16)
    declarations = [
        CLUBS_MIT_2,
        Declaration.from_dict({"type": "grand", "matadors": 1, "bid": 18}),
        Declaration.from_dict({"type": "null"}),
    ]
    for step in range(40):
        number = chooser.randint(1, 30) if step % 5 == 4 else step + 1 - step // 5
        declarer = None
        if chooser.random() > 0.15:
            declarer = seats[chooser.choice(playing_positions(4, number))]
        declaration = chooser.choice(declarations)
        existing = four_table.games.filter(number=number).first()
        record_game(
            table=four_table,
            number=number,
            declarer=declarer,
            declaration=None if declarer is None else declaration,
            outcome=None if declarer is None else Outcome(won=chooser.random() < 0.6),
            expected_version=existing.version if existing else 0,
        )
        stored = _seat_results(four_table)
        refresh_results(table_ids=[four_table.pk])
        assert stored == _seat_results(four_table), f"after save {step + 1} (Spiel {number})"
    assert any(s[1] for s in stored.values()) and any(s[2] for s in stored.values())


def _seat_results(table: Table) -> dict[int, tuple[int, ...]]:
    return {
        s.position: (s.list_score, s.won, s.lost, s.others_lost, s.score)
        for s in table.seats.order_by("position")
    }


def test_a_typed_line_is_read_against_the_seats_under_the_tables_lock(
    four_table: Table, players: dict[str, Player]
) -> None:
    game = record_line(table=four_table, entry=entry_of(1, "2 Kr m2"), expected_version=0)
    assert (game.declarer, game.list_score) == (players["bernd"], 36)
    assert four_table.seats.get(player=players["bernd"]).list_score == 36
    with pytest.raises(EntryError, match="Platz 5 gibt es an diesem Tisch nicht"):
        record_line(table=four_table, entry=entry_of(2, "5 Kr m2"), expected_version=0)
    assert record_line(table=four_table, entry=entry_of(2, "p")).passed_in
    assert four_table.games.count() == 2


def test_a_lost_game_changes_the_seats_in_two_updates(four_table: Table) -> None:
    # The declarer one way, the three others the same way (their lost games of others, score).
    seats = {s.position: s.player for s in four_table.seats.select_related("player")}
    record_game(
        table=four_table,
        number=1,
        declarer=seats[2],
        declaration=CLUBS_MIT_2,
        outcome=Outcome.from_dict({"won": True}),
    )
    with CaptureQueriesContext(connection) as queries:
        record_game(
            table=four_table,
            number=2,
            declarer=seats[3],
            declaration=CLUBS_MIT_2,
            outcome=Outcome.from_dict({"won": False}),
        )
    updates = [
        q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "club_seat"')
    ]
    assert len(updates) == 2, updates
    stored = _seat_results(four_table)
    refresh_results(table_ids=[four_table.pk])
    assert stored == _seat_results(four_table)
    assert stored[1][3] == stored[2][3] == stored[4][3] == 1 and stored[3][2] == 1


def test_an_entrys_seat_is_read_against_the_seats_it_is_given(db: None) -> None:
    anna, bernd = Player(name="Anna Albers"), Player(name="Bernd Brandt")
    seats = {1: anna, 2: bernd, 3: Player(name="Carla Claus")}
    typed = typed_at(entry_of(4, "2 Kr m2 H"), seats)
    assert (typed.number, typed.declarer, typed.ramsch) == (4, bernd, None)
    assert typed.declaration is not None and typed.declaration.hand
    assert typed_at(entry_of(4, "p"), seats).declarer is None
    with pytest.raises(EntryError) as refused:
        typed_at(entry_of(4, "4 Kr m2"), seats)
    assert refused.value.code == "unknown_seat"
    assert refused.value.message == "Platz 4 gibt es an diesem Tisch nicht (1–3)."
