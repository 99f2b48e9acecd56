"""The start page: the current season's top 10 and the latest events."""

from __future__ import annotations

import datetime

from django.test import Client
from pytest_django import DjangoAssertNumQueries

from skatclub.club.models import Event, Player, Round, Season
from skatclub.club.services import TotalLine, record_totals
from tests.helpers.factories import make_table


def club_evening(season: Season, day: datetime.date, players: list[Player], key: str) -> Event:
    """One event, one 3-table per three players, paper lists: player i has 2 won games worth
    40 + 10 x i, so he scores 10 x i + 140."""
    event = Event.objects.create(key=key, name=f"Clubabend {key}", date=day, season=season)
    round_ = Round.objects.create(event=event, number=1)
    for start in range(0, len(players), 3):
        trio = players[start : start + 3]
        table = make_table(round_, start // 3 + 1, trio)
        lines = [TotalLine(p, 40 + 10 * int(p.key[1:]), 2, 0) for p in trio]
        record_totals(table=table, lines=lines)
    return event


def make_club(count: int = 12) -> tuple[Season, list[Player]]:
    season = Season.objects.create(year=2026)
    players = [Player.objects.create(key=f"p{i}", name=f"Spieler {i:02}") for i in range(count)]
    return season, players


def test_the_start_page_shows_the_top_ten_and_the_latest_events(client: Client, db: None) -> None:
    season, players = make_club(12)
    club_evening(season, datetime.date(2026, 3, 6), players, "maerz")
    club_evening(season, datetime.date(2026, 4, 3), players, "april")
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    # p11 scores 2 x (110 + 140) = 500, best; p0 and p1 (280 and 300) are not in the top 10
    assert page.count('<th scope="row"><a href="/spieler/') == 10
    assert "Spieler 11" in page and "Spieler 02" in page
    assert "Spieler 01" not in page and "Spieler 00" not in page
    assert '<a href="/rangliste/2026/">' in page
    # latest event first
    assert page.index("Clubabend april") < page.index("Clubabend maerz")


def test_the_start_page_works_without_any_data(client: Client, db: None) -> None:
    response = client.get("/")
    assert response.status_code == 200
    assert "Noch keine Saison angelegt." in response.content.decode()


def test_the_start_page_is_read_only(client: Client, db: None) -> None:
    assert client.post("/").status_code == 405


def test_the_start_page_runs_a_fixed_number_of_queries(
    client: Client, db: None, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    season, players = make_club(6)
    club_evening(season, datetime.date(2026, 3, 6), players, "maerz")
    # the club (ClubMiddleware); the seasons with their events' versions and the versions of
    # the newest season's tables (the page's state, views.conditional); the league Staffeln
    # for the link to their tables;
    # events + seasons, Serie labels, season_lines (the seats of the played Serien, with
    # whether at the wrong seat), players
    with django_assert_num_queries(8):
        client.get("/")
    for month in (4, 5):
        club_evening(season, datetime.date(2026, month, 3), players, f"m{month}")
    with django_assert_num_queries(8):
        client.get("/")


def test_the_start_page_s_top_ten_has_only_columns_a_phone_can_show(
    client: Client, db: None
) -> None:
    season, players = make_club(6)
    club_evening(season, datetime.date(2026, 3, 6), players, "maerz")
    page = client.get("/").content.decode()
    ranking = page[page.index('id="ranking-title"') : page.index("Ganze Rangliste")]
    # At 390 px the long headers wrapped into a tall header row and pushed the table off the
    # right edge; the full ranking keeps them.
    assert "Punkte bis zum Platz davor" not in ranking and "gew." not in ranking
    assert all(word in ranking for word in ("Platz", "Spieler", "Punkte", "Serien"))
    assert "Punkte bis zum Platz davor" in client.get("/rangliste/2026/").content.decode()
