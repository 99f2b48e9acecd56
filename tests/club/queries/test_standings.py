"""The adapter's standings: lists, Seeger-Fabian, money and fees on hand-worked examples."""

from __future__ import annotations

from fractions import Fraction

from django.db.models import Q
from pytest_django import DjangoAssertNumQueries

from scoring import Declaration, Outcome, format_cents
from skatclub.club.formatting import exact_cents
from skatclub.club.models import Event, Player, Round, Seat, Table
from skatclub.club.queries.standings import (
    event_standings,
    lines_for,
    rank,
    season_lines,
    standings_json,
)
from skatclub.club.services import TotalLine, record_game, record_totals
from tests.helpers.factories import make_table, play_three_games


def test_a_4_table_round_is_scored_by_seeger_fabian(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    rows = {r.player: r for r in event_standings(event)}
    # Bernd: 36 + 50 + 30 (Carla's lost game) = 116; Dieter: 23 + 50 + 30 = 103;
    # Anna: 0 + 30 = 30; Carla: -96 - 50 = -146.
    assert [(k, rows[k].score) for k in ("bernd", "dieter", "anna", "carla")] == [
        ("bernd", 116),
        ("dieter", 103),
        ("anna", 30),
        ("carla", -146),
    ]
    assert [rows[k].place for k in ("bernd", "dieter", "anna", "carla")] == [1, 2, 3, 4]
    assert rows["anna"].others_lost == 1 and rows["carla"].others_lost == 0
    assert rows["bernd"].decomposition() == "36 + 50 × 1 − 50 × 0 + 30 × 1 = 116"


def test_money_is_the_vergleichsrechnung_of_the_list_and_balances_to_zero(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    rows = {r.player: r for r in event_standings(event)}
    # Lists 0, 36, -96, 23 (sum -37), Wertpunkt 1/4 ct: net = (4 x own + 37) / 4.
    assert rows["anna"].cash_cents == Fraction(37, 4)
    assert rows["bernd"].cash_cents == Fraction(181, 4)
    assert rows["carla"].cash_cents == Fraction(-347, 4)
    assert rows["dieter"].cash_cents == Fraction(129, 4)
    assert sum(r.cash_cents for r in rows.values()) == 0
    # Per game the same: Anna pays 9 (Bernd's 36 x 1/4), gets 24 (2 x 48 x 1/4), pays 5.75.
    assert Fraction(-9) + 24 - Fraction(23, 4) == rows["anna"].cash_cents


def test_lost_game_fees_follow_the_event_schedule(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    rows = {r.player: r for r in event_standings(event)}
    assert rows["carla"].fees_cents == 50 and rows["bernd"].fees_cents == 0


def test_standings_json_has_the_contract_fields(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    answer = standings_json(event, 1)
    assert answer["event"] == event.key and answer["round"] == 1
    first = answer["rows"][0]
    assert first == {
        "place": 1,
        "player": "bernd",
        "name": "Bernd Brandt",
        "list_score": 36,
        "won": 1,
        "lost": 0,
        "others_lost": 1,
        "score": 116,
        "cash_cents": "4525/100",
        "fees_cents": 0,
    }


def test_a_totals_table_is_settled_from_its_list_totals(
    event: Event, three_table: Table, players: dict[str, Player]
) -> None:
    record_totals(
        table=three_table,
        lines=[
            TotalLine(players["emil"], 540, 9, 1),
            TotalLine(players["frieda"], 210, 4, 2),
            TotalLine(players["gerd"], -60, 3, 3),
        ],
    )
    rows = {r.player: r for r in event_standings(event)}
    # Emil: 540 + 50 x 8 + 40 x 5 = 1140; Frieda: 210 + 100 + 40 x 4 = 470;
    # Gerd: -60 + 0 + 40 x 3 = 60.
    assert (rows["emil"].score, rows["frieda"].score, rows["gerd"].score) == (1140, 470, 60)
    # Sum 690; Emil (3 x 540 - 690) / 4 = 232.5 ct.
    assert rows["emil"].cash_cents == Fraction(465, 2)
    # Fees 50, 50, 50, 100 for the 1st..4th lost game: Gerd 3 lost = 150.
    assert rows["gerd"].fees_cents == 150


def test_equal_scores_are_broken_by_won_then_lost_then_shared() -> None:
    from skatclub.club.queries.standings import Row

    a = Row(1, "a", "A", False, score=100, won=3, lost=1)
    b = Row(2, "b", "B", False, score=100, won=4, lost=2)
    c = Row(3, "c", "C", False, score=100, won=3, lost=0)
    d = Row(4, "d", "D", False, score=100, won=3, lost=0)
    ordered = rank([a, b, c, d])
    assert [r.player for r in ordered] == ["b", "c", "d", "a"]
    assert [r.place for r in ordered] == [1, 2, 2, 4]


def test_several_rounds_add_up_per_player(
    event: Event, round_one: Round, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    second = Round.objects.create(event=event, number=2)
    table = make_table(second, 1, [players[k] for k in ("dieter", "carla", "bernd", "anna")])
    # Game 1 (Dieter deals): Carla Herz ohne 1 won = 2 x 10 = 20.
    record_game(
        table=table,
        number=1,
        declarer=players["carla"],
        declaration=Declaration.from_dict({"type": "hearts", "matadors": -1, "bid": 20}),
        outcome=Outcome.from_dict({"won": True}),
    )
    rows = {r.player: r for r in event_standings(event)}
    assert rows["carla"].list_score == -96 + 20 and rows["carla"].rounds == 2
    assert rows["carla"].score == -146 + 70
    only_second = {r.player: r for r in event_standings(event, 2)}
    assert only_second["carla"].score == 70


def test_season_lines_are_the_lines_a_season_ranks(
    event: Event,
    four_table: Table,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """The season's own reader gives each player's sums of `lines_for`: played Serien only,
    a player at the wrong seat with zeros."""
    play_three_games(four_table, players)
    unplayed = Round.objects.create(event=event, number=2)
    make_table(unplayed, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])
    Seat.objects.filter(table=four_table, player=players["carla"]).update(wrong_seat=True)
    selection = Q(event__season=event.season)
    expected = sorted(
        (ln.player_id, ln.round_id, ln.list_score, ln.won, ln.lost, ln.others_lost, ln.score)
        for ln in lines_for(selection, money=False)
    )
    with django_assert_num_queries(1):
        found = sorted(season_lines(selection))
    assert found == expected and len(found) == 4
    carla = next(ln for ln in found if ln.player_id == players["carla"].pk)
    assert (carla.list_score, carla.won, carla.lost, carla.score) == (0, 0, 0, 0)


def test_standings_from_the_played_rounds_read_before_are_the_same(
    event: Event,
    four_table: Table,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """A page that read the played Serien already passes them: same rows, in one query."""
    play_three_games(four_table, players)
    second = Round.objects.create(event=event, number=2)
    make_table(second, 1, [players[k] for k in ("dieter", "carla", "bernd", "anna")])  # unplayed
    played = [(four_table.round_id, 1)]
    for number in (None, 1, 2):
        with django_assert_num_queries(3 if number != 2 else 1):
            expected = event_standings(event, number)
        with django_assert_num_queries(1 if number != 2 else 0):
            found = event_standings(event, number, played=played)
        assert found == expected
    assert [r.player for r in event_standings(event, played=played)][:1] == ["bernd"]


def test_standings_queries_do_not_grow_with_games_tables_or_players(
    event: Event,
    round_one: Round,
    players: dict[str, Player],
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    keys = list(players)
    totals_table = make_table(round_one, 1, [players[k] for k in keys[0:3]])
    record_totals(
        table=totals_table,
        lines=[
            TotalLine(players[keys[0]], 40, 1, 0),
            TotalLine(players[keys[1]], 0, 0, 0),
            TotalLine(players[keys[2]], -36, 0, 1),
        ],
    )
    first = [players[k] for k in keys[3:7]]
    play_three_games_at(make_table(round_one, 2, first), first)
    # Rounds, seats with their sums and tables, players.
    with django_assert_num_queries(3):
        event_standings(event)
    for number in (3, 4, 5):
        seated = [
            Player.objects.create(key=f"p{number}{i}", name=f"P {number}{i}") for i in range(4)
        ]
        play_three_games_at(make_table(round_one, number, seated), seated)
    with django_assert_num_queries(3):
        rows = event_standings(event)
    assert len(rows) == 19


def play_three_games_at(table: Table, seated: list[Player]) -> None:
    for number in (1, 2, 3):
        record_game(
            table=table,
            number=number,
            declarer=seated[number],
            declaration=Declaration.from_dict({"type": "diamonds", "matadors": 1, "bid": 18}),
            outcome=Outcome.from_dict({"won": number != 2}),
        )


def test_cents_are_printed_exactly() -> None:
    assert format_cents(Fraction(37, 4)) == "9.25"
    assert format_cents(Fraction(-3, 10)) == "-0.30"


def test_json_cents_are_exact_with_their_denominator() -> None:
    assert [exact_cents(Fraction(n, d)) for n, d in ((0, 1), (181, 4), (-465, 2), (12, 1))] == [
        "0/1",
        "4525/100",
        "-2325/10",
        "12/1",
    ]
    assert exact_cents(Fraction(1, 3)) == "1/3"
