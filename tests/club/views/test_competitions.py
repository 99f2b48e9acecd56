"""Tandem- and Mannschaftswertung inside an event (issue 43, first part): the Spielwart
declares a Tandemwertung and forms the tandems before Serie 1, the event page ranks them by
the sum of the members' Wertungspunkte (values worked out by hand below), and after Serie 1
is seated nothing changes any more."""

from __future__ import annotations

from django.test import Client

from skatclub.club.models import Attendance, Competition, CompetitionGroup, Event, Player, Round
from tests.helpers.factories import enter, make_table

PAGE = "/spielwart/veranstaltungen/2026-11-20-preisskat/wertungen/"
EVENT_PAGE = "/veranstaltungen/2026-11-20-preisskat/"
TANDEMS = {"name": "Tandemwertung", "kind": "tandem", "size": "2", "absent": "zero"}


def signed_in(event: Event, players: dict[str, Player]) -> None:
    for player in players.values():
        Attendance.objects.create(event=event, player=player)


def tandem_competition(client: Client, event: Event, players: dict[str, Player]) -> Competition:
    """Every player signed in, the Tandemwertung declared through the page."""
    signed_in(event, players)
    client.post(PAGE, TANDEMS)
    return Competition.objects.get()


def tandem(client: Client, competition: Competition, name: str, *members: Player) -> str:
    post = {"name": name} | {f"member_{i}": str(p.pk) for i, p in enumerate(members, start=1)}
    url = f"{PAGE}{competition.pk}/gruppe/"
    return client.post(url, post, follow=True).content.decode()


def test_tandems_formed_before_the_first_round_are_ranked_by_their_members_scores(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    competition = tandem_competition(spielwart_client, event, players)
    tandem(spielwart_client, competition, "Albers & Brandt", players["anna"], players["bernd"])
    tandem(spielwart_client, competition, "Claus & Dahl", players["carla"], players["dieter"])
    table = make_table(
        Round.objects.create(event=event, number=1),
        1,
        [players[k] for k in ("anna", "bernd", "carla", "dieter")],
    )
    # Game 1: Bernd, Kreuz mit 1, won: 12 × 2 = 24, Seeger-Fabian 24 + 50 = 74.
    # Game 2: Carla, Grand mit 1, lost: 24 × 2 = 48, list −96, −96 − 50 = −146; the three
    # others +30 each. Anna 30, Bernd 104, Carla −146, Dieter 30.
    enter(table, 1, 2, "Kr m1")
    enter(table, 2, 3, "Gr m1 v")
    page = Client().get(EVENT_PAGE).content.decode()
    assert "Tandemwertung" in page
    first, second = page.index("Albers &amp; Brandt"), page.index("Claus &amp; Dahl")
    assert first < second
    assert "30 + 104 = 134" in page
    assert "−146 + 30 = −116" in page


def test_a_player_in_two_tandems_is_refused_by_name_and_what_was_typed_stays(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    competition = tandem_competition(spielwart_client, event, players)
    tandem(spielwart_client, competition, "Eins", players["anna"], players["bernd"])
    page = tandem(spielwart_client, competition, "Zwei", players["anna"], players["carla"])
    assert "Anna Albers steht in Eins und in Zwei; jeder spielt für eine Gruppe." in page
    assert 'value="Zwei"' in page
    assert list(CompetitionGroup.objects.values_list("name", flat=True)) == ["Eins"]


def test_a_tandem_of_three_or_an_absent_player_is_refused(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    Attendance.objects.create(event=event, player=players["anna"])
    spielwart_client.post(PAGE, TANDEMS)
    wrong = spielwart_client.post(PAGE, {**TANDEMS, "name": "Dreier", "size": "3"})
    assert "Ein Tandem sind genau zwei Spieler." in wrong.content.decode()
    competition = Competition.objects.get()
    post = {"name": "Paar", "member_1": players["anna"].pk, "member_2": players["bernd"].pk}
    refused = spielwart_client.post(f"{PAGE}{competition.pk}/gruppe/", post)
    assert refused.status_code == 422  # Bernd is not signed in: not among the choices
    assert "gültige Auswahl" in refused.content.decode()
    assert not CompetitionGroup.objects.exists()


def test_once_the_first_round_is_seated_tandems_and_competitions_stay_as_they_are(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    competition = tandem_competition(spielwart_client, event, players)
    tandem(spielwart_client, competition, "Eins", players["anna"], players["bernd"])
    Round.objects.create(event=event, number=1)
    page = tandem(spielwart_client, competition, "Zwei", players["carla"], players["dieter"])
    assert "stehen fest, sobald Serie 1 gesetzt ist" in page
    late = spielwart_client.post(PAGE, {**TANDEMS, "name": "Mannschaften", "kind": "team"})
    assert "stehen fest, sobald Serie 1 gesetzt ist" in late.content.decode()
    group = CompetitionGroup.objects.get()
    dropped = spielwart_client.post(
        f"{PAGE}{competition.pk}/gruppe/{group.pk}/streichen/", follow=True
    )
    assert "stehen fest" in dropped.content.decode()
    assert list(CompetitionGroup.objects.values_list("name", flat=True)) == ["Eins"]
    assert Competition.objects.count() == 1
