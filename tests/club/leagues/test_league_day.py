"""A league Spieltag end to end: four teams (one of three players), one substitution, three
Serien entered as paper totals, and a second Spieltag to which one team did not come; the
Wertungspunkte per Serie, per Spieltag and the league table are worked by hand below, from
the won games of tests/helpers/leagues.py.

Every player's totals are `won` games, no lost game, and 30 Spielpunkte per won game, so his
Seeger-Fabian score is 30·w + 50·w = 80·w and a team's Spielpunkte are 80 × its players' w.
"""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from skatclub.club.leagues import results, setup
from skatclub.club.leagues.models import Division, Matchday
from skatclub.club.models import Player
from skatclub.club.services import EntryError
from tests.helpers.leagues import KEYS, WON_2, play, players, team


def points(report: results.MatchdayReport, number: int) -> dict[str, Fraction]:
    round = dict(report.rounds)[number]
    return {report.team_of(p.team).name[-1]: p.points for p in round}


def test_a_spieltag_gives_3_2_1_0_per_round_with_shared_places(first_day: Matchday) -> None:
    report = results.matchday_report(first_day)
    half = Fraction(3, 2)
    # Serie 1: A 800, B 640 = C 640, D 480: B and C share places 2-3, 1½ each.
    assert points(report, 1) == {"A": 3, "B": half, "C": half, "D": 0}
    # Serie 2: D 960, B 720, C 560, A 400.
    assert points(report, 2) == {"D": 3, "B": 2, "C": 1, "A": 0}
    # Serie 3 (a5 for a4): C 800, A 640, D 560, B 480.
    assert points(report, 3) == {"C": 3, "A": 2, "D": 1, "B": 0}
    day = {report.team_of(r.team).name[-1]: (r.place, r.points, r.score) for r in report.results}
    # C 1½+1+3 = 5½ (2000), A 3+0+2 = 5 (1840), D 0+3+1 = 4 (2000), B 1½+2+0 = 3½ (1840).
    assert day == {
        "C": (1, Fraction(11, 2), 2000),
        "A": (2, 5, 1840),
        "D": (3, 4, 2000),
        "B": (4, Fraction(7, 2), 1840),
    }
    round_1 = dict(report.rounds)[1]
    assert "Platz 2–3 geteilt" in next(p for p in round_1 if p.points == half).explanation


def test_the_substitution_between_rounds_is_listed(first_day: Matchday) -> None:
    report = results.matchday_report(first_day)
    assert [(s.round_number, s.team, s.out, s.came_in) for s in report.substitutions] == [
        (3, "Team A", "Spieler A4", "Spieler A5")
    ]


def test_the_league_table_over_two_spieltage_with_a_team_that_did_not_come(
    division: Division, first_day: Matchday
) -> None:
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division,
        number=2,
        date=datetime.date(2026, 4, 11),
        teams=teams,
        absent=[teams[1]],
    )
    play(day, {"A": ["a1", "a2", "a3"], "C": ["c1", "c2", "c3"], "D": KEYS["D"]}, WON_2)
    report = results.matchday_report(day)
    # A 560, C 480, D 240, B not there: 3, 2, 1, 0 and B gets no Spielpunkte.
    assert points(report, 1) == {"A": 3, "C": 2, "D": 1, "B": 0}
    b_round = next(p for p in dict(report.rounds)[1] if report.team_of(p.team).name == "Team B")
    assert b_round.score == 0 and "nicht angetreten" in b_round.explanation
    rows, by_key = results.league_table(division)
    table = [(by_key[r.team].name[-1], r.place, r.points, r.minus_points, r.score) for r in rows]
    # A 5+3 = 8 : 4 (minus 0+3+1, 0), 1840+560; C 5½+2 = 7½ : 4½, 2000+480;
    # D 4+1 = 5 : 7, 2000+240; B 3½+0 = 3½ : 8½, 1840.
    assert table == [
        ("A", 1, 8, 4, 2400),
        ("C", 2, Fraction(15, 2), Fraction(9, 2), 2480),
        ("D", 3, 5, 7, 2240),
        ("B", 4, Fraction(7, 2), Fraction(17, 2), 1840),
    ]


def test_a_lineup_of_a_player_outside_the_team_is_refused(first_day: Matchday) -> None:
    division = first_day.division
    day = setup.create_matchday(
        division=division,
        number=3,
        date=datetime.date(2026, 5, 2),
        teams=[team(division, t) for t in "ABCD"],
    )
    lineups = {team(division, t).pk: players(*KEYS[t][:4]) for t in "ABCD"}
    lineups[team(division, "B").pk] = players("b1", "b2", "b3", "c4")
    with pytest.raises(EntryError, match="steht nicht in der Aufstellung von „Team B“"):
        setup.seat_league_round(matchday=day, lineups=lineups)
    assert not day.event.rounds.exists()


def test_two_teams_of_three_are_refused_before_anything_is_seated(division: Division) -> None:
    # Anlage 10: with only two teams present, both must have four players.
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division,
        number=4,
        date=datetime.date(2026, 6, 6),
        teams=teams,
        absent=teams[2:],
    )
    lineups = {teams[0].pk: players("a1", "a2", "a3"), teams[1].pk: players("b1", "b2", "b3")}
    with pytest.raises(EntryError):
        setup.seat_league_round(matchday=day, lineups=lineups)
    assert not day.event.rounds.exists()


def test_a_spieltag_whose_event_key_is_taken_gets_another_key(division: Division) -> None:
    from skatclub.club.models import Event, Season

    Event.objects.create(
        key="landesliga-2026-staffel-1-spieltag-5",
        name="schon da",
        date=datetime.date(2026, 7, 4),
        season=Season.objects.get_or_create(year=2026)[0],
    )
    day = setup.create_matchday(
        division=division,
        number=5,
        date=datetime.date(2026, 7, 4),
        teams=[team(division, t) for t in "ABCD"],
    )
    assert day.event.key == "landesliga-2026-staffel-1-spieltag-5-2"


def test_a_second_division_joins_the_league_of_that_name_and_season(division: Division) -> None:
    for key in ("e1", "e2", "e3", "f1", "f2", "f3"):
        Player.objects.create(key=key, name=f"Spieler {key.upper()}")
    second = setup.create_league(
        name="Landesliga",
        year=2026,
        division="Staffel 2",
        teams_text="Team E: e1, e2, e3\nTeam F: f1, f2, f3",
    )
    assert second.league == division.league
    assert [d.name for d in division.league.divisions.all()] == ["Staffel 1", "Staffel 2"]
    with pytest.raises(EntryError, match="Die Staffel „Staffel 2“ der Liga"):
        setup.create_league(
            name="Landesliga", year=2026, division="Staffel 2", teams_text="Team G: e1, e2, e3"
        )


def test_a_spieltag_has_at_most_six_rounds(division: Division) -> None:
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division, number=6, date=datetime.date(2026, 8, 1), teams=teams
    )
    lineups = {t.pk: players(*KEYS[t.name[-1]][:3]) for t in teams}
    for _ in range(setup.MAX_ROUNDS_PER_MATCHDAY):
        setup.seat_league_round(matchday=day, lineups=lineups)
    with pytest.raises(EntryError, match="höchstens 6 Serien"):
        setup.seat_league_round(matchday=day, lineups=lineups)
    assert day.event.rounds.count() == 6
