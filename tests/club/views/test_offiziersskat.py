"""Offiziersskat in the club app: the Spielwart starts a match, enters its games as lines,
corrects them with history; the list is public, printable and on both players' pages."""

from __future__ import annotations

import io

from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from skatclub.club.models import Change, Match, MatchGame, Player

LIST = "/spielwart/offiziersskat/"


def start(client: Client, players: dict[str, Player], variant: str = "standard") -> Match:
    response = client.post(
        LIST,
        {
            "first": players["anna"].pk,
            "second": players["bernd"].pk,
            "variant": variant,
            "date": "2026-11-20",
        },
    )
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"{LIST}{match.pk}/"
    return match


def enter(client: Client, match: Match, number: int, line: str, version: int = 0) -> str:
    response = client.post(
        f"{LIST}{match.pk}/", {"number": number, "version": version, "line": line}, follow=True
    )
    return response.content.decode()


def test_a_match_is_entered_line_by_line_with_running_totals(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    match = start(spielwart_client, players)
    # Game 1: Anna deals, Bernd (seat 2) announces Kreuz mit 2 and makes 75: 3 × 12 = 36.
    enter(spielwart_client, match, 1, "Kr m2 a75")
    # Game 2: Bernd deals, Anna announces Grand ohne 1 and makes 40: 2 × 24 = 48, lost −96.
    page = enter(spielwart_client, match, 2, "Gr o1 a40")
    games = list(MatchGame.objects.order_by("number"))
    assert [(g.declarer_seat, g.first_score, g.second_score) for g in games] == [
        (2, 0, 36),
        (1, -96, 0),
    ]
    assert "mit 2, Spiel 3 × Kreuz 12 = 36" in page and "Spiel 3" in page
    assert [c.action for c in Change.objects.filter(match=match)] == ["create", "create"]


def test_a_refused_game_keeps_the_line_and_says_why_in_german(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    match = start(spielwart_client, players)
    response = spielwart_client.post(
        f"{LIST}{match.pk}/", {"number": 1, "version": 0, "line": "Null a70"}
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "kein Nullspiel" in page and 'value="Null a70"' in page
    assert not MatchGame.objects.exists()


def test_a_second_entry_of_the_same_game_is_a_conflict_not_an_overwrite(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    match = start(spielwart_client, players)
    enter(spielwart_client, match, 1, "Kr m2 a75")
    page = enter(spielwart_client, match, 1, "Pi m1 a80", version=0)
    assert "jemand anderes" in page
    assert MatchGame.objects.get().notation == "Kr m2 a75"


def test_each_variant_scores_as_the_seed_says(
    spielwart_client: Client, players: dict[str, Player]
) -> None:
    match = start(spielwart_client, players, variant="points_2_3_4")
    enter(spielwart_client, match, 1, "Kr m1 a95")  # Bernd wins Schneider: 3 points
    enter(spielwart_client, match, 2, "Kr m1 a60")  # Anna 60:60: one point each
    assert [(g.first_score, g.second_score) for g in MatchGame.objects.order_by("number")] == [
        (0, 3),
        (1, 1),
    ]


def test_a_deleted_game_is_kept_in_the_history(
    spielwart_client: Client, players: dict[str, Player], spielwart: User
) -> None:
    match = start(spielwart_client, players)
    enter(spielwart_client, match, 1, "Kr m2 a75")
    spielwart_client.post(f"{LIST}{match.pk}/spiel/1/loeschen/")
    change = Change.objects.filter(match=match).first()
    assert not MatchGame.objects.exists()
    assert change is not None and change.action == "delete" and change.user == spielwart
    assert change.before is not None and change.before["notation"] == "Kr m2 a75"


def test_the_list_is_public_printable_and_on_the_players_pages(
    spielwart_client: Client, client: Client, players: dict[str, Player]
) -> None:
    match = start(spielwart_client, players)
    enter(spielwart_client, match, 1, "Kr m2 a75")
    public = client.get(f"/offiziersskat/{match.pk}/").content.decode()
    assert "Anna Albers – Bernd Brandt" in public and "Kr m2 a75" in public
    pdf = client.get(f"/offiziersskat/{match.pk}/spielliste.pdf")
    text = PdfReader(io.BytesIO(pdf.content)).pages[0].extract_text()
    assert pdf["Content-Type"] == "application/pdf"
    assert "Kr m2 a75" in text and "mit 2, Spiel 3 × Kreuz 12 = 36" in text
    player_page = client.get(f"/spieler/{players['bernd'].key}/").content.decode()
    assert "Offiziersskat" in player_page and "Anna Albers" in player_page


def test_only_a_spielwart_starts_or_enters_a_match(
    member_client: Client, players: dict[str, Player]
) -> None:
    assert member_client.get(LIST).status_code == 403
    assert Client().post(LIST, {}).status_code == 302  # to the login
    assert not Match.objects.exists()
