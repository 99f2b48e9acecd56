"""`sheet.score_sheet`: the Spielliste of one table with running totals and the foot."""

from __future__ import annotations

from django.db.models import Q

from scoring import Ruleset, parse_notation, table_scores, valuation
from skatclub.club import services
from skatclub.club.models import Player, Table
from skatclub.club.queries.progress import progress_of
from skatclub.club.queries.score_sheet import score_sheet
from skatclub.club.queries.standings import lines_for
from tests.helpers.factories import enter


def score(notation: str) -> int:
    return valuation(*parse_notation(notation), Ruleset.ISKO).list_score


def test_a_fresh_sheet_has_one_empty_row_per_game_of_the_round(four_table: Table) -> None:
    sheet = score_sheet(four_table)
    assert [p.key for p in sheet.players] == ["anna", "bernd", "carla", "dieter"]
    assert len(sheet.rows) == 48 and sheet.games_entered == 0
    assert progress_of(four_table).next_number == 1
    assert sheet.rows[0].dealer_position == 1 and sheet.rows[0].sitting_positions == (1,)
    assert sheet.rows[5].dealer_position == 2  # game 6: (6 - 1) % 4 + 1 = 2
    assert sheet.rows[0].totals is None and sheet.rows[0].version == 0


def test_running_totals_follow_the_declarers_column(four_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 2, None)
    enter(four_table, 3, 2, "Gr o1 v")
    enter(four_table, 4, 3, "Null")
    sheet = score_sheet(four_table)
    first, lost, null = score("Kr m2 H S"), score("Gr o1 v"), score("Null")
    assert sheet.rows[0].totals == (0, first, 0, 0)
    assert sheet.rows[1].passed_in and sheet.rows[1].totals == (0, first, 0, 0)
    assert sheet.rows[2].totals == (0, first + lost, 0, 0)
    assert sheet.rows[3].totals == (0, first + lost, null, 0)
    assert sheet.rows[3].declarer_position == 3 and sheet.rows[3].notation == "Null"
    assert (
        sheet.rows[0].derivation == valuation(*parse_notation("Kr m2 H S"), Ruleset.ISKO).derivation
    )
    assert progress_of(four_table).next_number == 5 and sheet.games_entered == 4


def test_the_foot_has_won_lost_and_the_seeger_fabian_score(four_table: Table) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 2, 3, "Gr o1 v")
    sheet = score_sheet(four_table)
    own = [(0, 0, 0), (score("Kr m2 H S"), 1, 0), (score("Gr o1 v"), 0, 1), (0, 0, 0)]
    expected = table_scores(Ruleset.ISKO, 4, own).seeger_fabian
    assert [f.score for f in sheet.foot] == list(expected)
    assert [(f.won, f.lost, f.others_lost) for f in sheet.foot] == [
        (0, 0, 1),
        (1, 0, 1),
        (0, 1, 0),
        (0, 0, 1),
    ]
    # Carla's 30 for a lost game of another player is part of others_points (4-table).
    assert sheet.foot[0].others_points == 30


def test_a_totals_table_has_an_empty_list_and_the_foot_from_the_paper(
    four_table: Table, players: dict[str, Player]
) -> None:
    lines = [
        services.TotalLine(players[k], s, w, lost)
        for k, s, w, lost in [
            ("anna", 100, 2, 0),
            ("bernd", 0, 0, 0),
            ("carla", -48, 0, 1),
            ("dieter", 0, 0, 0),
        ]
    ]
    services.record_totals(table=four_table, lines=lines)
    sheet = score_sheet(four_table)
    assert sheet.entry == "totals" and sheet.games_entered == 0
    assert [f.list_score for f in sheet.foot] == [100, 0, -48, 0]


def test_the_foot_agrees_with_the_standings_of_the_whole_round(
    four_table: Table, three_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 H S")
    enter(four_table, 2, 3, "Gr o1 v")
    enter(three_table, 1, 2, "He m1 v")
    for table in (four_table, three_table):
        lines = {
            line.player_id: line
            for line in lines_for(Q(pk=table.round_id))
            if line.table_id == table.pk
        }
        for foot in score_sheet(table).foot:
            line = lines[foot.player_id]
            assert (foot.list_score, foot.won, foot.lost, foot.score, foot.cash_cents) == (
                line.list_score,
                line.won,
                line.lost,
                line.score,
                line.cash_cents,
            )
