"""Integrity: empty Serien count nowhere and can be deleted (with history), unchecked results
are vorläufig, paper totals must be possible, no second player for the same guest, logins
for Spielwarte and Prüfer without a shell."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pypdf import PdfReader

from skatclub.club.models import (
    Attendance,
    Event,
    Player,
    Removal,
    Round,
    Season,
    Table,
    TableTotal,
)
from skatclub.club.presenters.pages import season_page
from skatclub.club.queries.standings import event_standings
from skatclub.club.roles import PRUEFER
from skatclub.club.services import TotalLine, check_table, record_totals
from skatclub.club.services.users import create_login, grant, roles_of
from skatclub.club.tenancy import home_club
from tests.helpers.factories import make_table, play_three_games

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"
PUBLIC = "/veranstaltungen/2026-11-20-preisskat/"

# --- a Serie without any result counts nowhere ----------------------------------------------


def test_a_round_without_any_game_is_not_in_the_standings(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    empty = Round.objects.create(event=event, number=2)
    make_table(empty, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])
    rows = event_standings(event)
    assert {row.rounds for row in rows} == {1}
    assert event_standings(event, 2) == []


def test_an_empty_round_lowers_no_season_average_and_fills_no_minimum(
    event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    season = Season.objects.get(year=2026)
    season.ranking_rule, season.min_rounds = Season.Rule.AVERAGE, 2
    season.save()
    play_three_games(four_table, players)
    empty = Round.objects.create(event=event, number=2)
    make_table(empty, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])
    page = season_page(season)
    assert page.ranking.ranked == []  # one played Serie each: below the minimum of 2
    bernd = next(r for r in page.ranking.unranked if r.player_id == players["bernd"].pk)
    assert bernd.rounds == 1 and bernd.value == bernd.total  # not halved by an empty Serie


def test_the_event_page_lists_only_played_rounds(
    client: Client, event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    Round.objects.create(event=event, number=2)
    page = client.get(PUBLIC).content.decode()
    assert f'href="{PUBLIC}serie/1/"' in page and f'href="{PUBLIC}serie/2/"' not in page
    empty = client.get(PUBLIC + "serie/2/").content.decode()
    assert "In dieser Serie ist noch nichts erfasst; sie zählt noch nirgends." in empty


# --- deleting what was created by mistake ---------------------------------------------------


def test_an_empty_last_round_is_deleted_with_history(
    spielwart_client: Client,
    spielwart: User,
    event: Event,
    four_table: Table,
    players: dict[str, Player],
) -> None:
    play_three_games(four_table, players)
    mistake = Round.objects.create(event=event, number=2)
    make_table(mistake, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])
    assert "Serie 2 löschen" in spielwart_client.get(EVENT + "serie/2/").content.decode()
    response = spielwart_client.post(EVENT + "serie/2/loeschen/")
    assert response.status_code == 302 and response["Location"] == EVENT
    assert list(event.rounds.values_list("number", flat=True)) == [1]
    removal = Removal.objects.get()
    assert (removal.kind, removal.round_number, removal.user) == ("round", 2, spielwart)
    assert removal.snapshot["tables"] == {"1": ["anna", "bernd", "carla", "dieter"]}
    page = spielwart_client.get("/spielwart/geloescht/").content.decode()
    assert (
        "Serie 2 von Preisskat November" in page and "Tisch 1: anna, bernd, carla, dieter" in page
    )


def test_a_round_with_results_is_not_deleted(
    spielwart_client: Client, event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    assert "Serie 1 löschen" not in spielwart_client.get(EVENT + "serie/1/").content.decode()
    response = spielwart_client.post(EVENT + "serie/1/loeschen/", follow=True)
    assert "In Serie 1 sind schon Ergebnisse erfasst" in response.content.decode()
    assert event.rounds.count() == 1 and not Removal.objects.exists()


def test_only_the_last_round_is_deleted(spielwart_client: Client, event: Event) -> None:
    Round.objects.create(event=event, number=1)
    Round.objects.create(event=event, number=2)
    response = spielwart_client.post(EVENT + "serie/1/loeschen/", follow=True)
    assert "Nur die letzte Serie (2) lässt sich löschen" in response.content.decode()
    assert event.rounds.count() == 2


def test_an_event_without_results_is_deleted_with_history(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    Attendance.objects.create(event=event, player=players["anna"])
    Round.objects.create(event=event, number=1)
    assert "„Preisskat November“ löschen" in spielwart_client.get(EVENT).content.decode()
    response = spielwart_client.post(EVENT + "loeschen/")
    assert response.status_code == 302
    assert not Event.objects.exists()
    removal = Removal.objects.get()
    assert removal.kind == "event" and removal.snapshot["present"] == ["anna"]


def test_an_event_with_results_is_not_deleted(
    spielwart_client: Client, event: Event, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    response = spielwart_client.post(EVENT + "loeschen/", follow=True)
    assert "hat schon Ergebnisse" in response.content.decode()
    assert Event.objects.exists() and not Removal.objects.exists()


def test_members_cannot_delete(member_client: Client, event: Event) -> None:
    Round.objects.create(event=event, number=1)
    assert member_client.post(EVENT + "serie/1/loeschen/").status_code == 403
    assert member_client.post(EVENT + "loeschen/").status_code == 403
    assert Round.objects.exists()


# --- vorläufig until every list is checked --------------------------------------------------


def test_results_are_vorlaeufig_until_every_list_of_the_round_is_checked(
    client: Client, event: Event, four_table: Table, players: dict[str, Player], checker: User
) -> None:
    play_three_games(four_table, players)
    for url in (PUBLIC, PUBLIC + "serie/1/", "/rangliste/2026/", "/"):
        page = client.get(url).content.decode()
        assert "<strong>vorläufig</strong>" in page, url
    assert "Serie 1 (1 Tisch) ist noch nicht geprüft." in client.get(PUBLIC).content.decode()
    check_table(table=four_table, user=checker, confirm=True)
    for url in (PUBLIC, PUBLIC + "serie/1/", "/rangliste/2026/", "/"):
        assert "vorläufig" not in client.get(url).content.decode(), url


def test_the_results_pdf_says_vorlaeufig_until_checked(
    client: Client, event: Event, four_table: Table, players: dict[str, Player], checker: User
) -> None:
    play_three_games(four_table, players)

    def text() -> str:
        data = client.get(PUBLIC + "ergebnis.pdf").content
        return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)

    assert "vorläufig" in text()
    check_table(table=four_table, user=checker, confirm=True)
    assert "vorläufig" not in text()


# --- paper totals that no games can give ----------------------------------------------------


@pytest.mark.parametrize(
    ("score", "won", "lost", "message"),
    [
        (
            5,
            1,
            0,
            "Anna Albers: 1 gewonnenes Spiel bringt mindestens 18 Spielpunkte, hier stehen 5.",
        ),
        (1000, 1, 0, "Anna Albers: 1 gewonnenes Spiel bringt höchstens 264 Spielpunkte"),
        (-10, 0, 1, "Anna Albers: 1 verlorenes Spiel kostet mindestens 36 Spielpunkte"),
    ],
    ids=["1 won game worth 5", "1000 from one game", "-10 for one lost game"],
)
def test_impossible_paper_totals_are_refused_in_german_and_nothing_is_stored(
    spielwart_client: Client,
    four_table: Table,
    players: dict[str, Player],
    score: int,
    won: int,
    lost: int,
    message: str,
) -> None:
    data: dict[str, int] = {}
    for key in ("anna", "bernd", "carla", "dieter"):
        pk = players[key].pk
        data |= {f"score_{pk}": 0, f"won_{pk}": 0, f"lost_{pk}": 0}
    pk = players["anna"].pk
    data |= {f"score_{pk}": score, f"won_{pk}": won, f"lost_{pk}": lost}
    response = spielwart_client.post(EVENT + "serie/1/tisch/1/summen/", data)
    assert response.status_code == 422
    assert message in response.content.decode()
    assert not TableTotal.objects.exists()


def test_plausible_paper_totals_are_stored(three_table: Table, players: dict[str, Player]) -> None:
    record_totals(
        table=three_table,
        lines=[
            TotalLine(players["emil"], 540, 9, 1),
            TotalLine(players["frieda"], 210, 4, 2),
            TotalLine(players["gerd"], -60, 3, 3),
        ],
    )
    assert TableTotal.objects.count() == 3


# --- the same guest twice -------------------------------------------------------------------


def test_adding_a_known_guest_again_asks_derselbe_spieler(
    spielwart_client: Client, event: Event
) -> None:
    gustav = Player.objects.create(key="gustav-gast", name="Gustav Gast", is_guest=True)
    response = spielwart_client.post(
        EVENT + "anwesend/", {"action": "guest", "name": "gustav  Gast"}
    )
    page = response.content.decode()
    assert response.status_code == 422
    assert "Derselbe Spieler?" in page and "Ja: Gustav Gast (Gast) ist da" in page
    assert Player.objects.count() == 1 and not Attendance.objects.exists()
    spielwart_client.post(EVENT + "anwesend/", {"action": "add", "player": gustav.pk})
    assert Attendance.objects.get().player == gustav


def test_a_near_identical_name_asks_and_no_creates_a_second_player(
    spielwart_client: Client, event: Event
) -> None:
    Player.objects.create(key="gustav-gast", name="Gustav Gast", is_guest=True)
    page = spielwart_client.post(
        EVENT + "anwesend/", {"action": "guest", "name": "Gustav Gasst"}
    ).content.decode()
    assert "„Gustav Gasst“ gibt es schon: Gustav Gast (Gast). Derselbe Spieler?" in page
    spielwart_client.post(EVENT + "anwesend/", {"action": "new_guest", "name": "Gustav Gasst"})
    assert Player.objects.filter(name="Gustav Gasst", is_guest=True).exists()
    assert Attendance.objects.get().player.name == "Gustav Gasst"


def test_a_new_name_is_added_at_once(spielwart_client: Client, event: Event) -> None:
    Player.objects.create(key="gustav-gast", name="Gustav Gast", is_guest=True)
    response = spielwart_client.post(EVENT + "anwesend/", {"action": "guest", "name": "Olga Ost"})
    assert response.status_code == 302
    assert Attendance.objects.get().player.name == "Olga Ost"


# --- logins for Spielwarte and Prüfer -------------------------------------------------------

USERS = "/spielwart/anmeldungen/"


def test_a_spielwart_creates_a_pruefer_whose_password_is_shown_once(
    spielwart_client: Client, client: Client
) -> None:
    response = spielwart_client.post(
        USERS, {"username": "petra", "name": "Petra Prüfer", "roles": ["pruefer"]}
    )
    assert response.status_code == 302
    page = spielwart_client.get(USERS).content.decode()
    start = page.index('<code class="password">') + len('<code class="password">')
    password = page[start : page.index("</code>", start)]
    assert len(password) == 19
    assert password not in spielwart_client.get(USERS).content.decode()  # shown once
    petra = User.objects.get(username="petra")
    assert petra.check_password(password) and roles_of(petra) == ["pruefer"]
    # Through the login page: django-axes wants the request with every login.
    response = client.post("/anmelden/", {"username": "petra", "password": password})
    assert response.status_code == 302
    assert client.get("/pruefen/").status_code == 200
    assert client.get("/spielwart/").status_code == 403  # a Prüfer enters nothing


def test_a_pruefer_signs_a_list_but_cannot_enter(
    client: Client, four_table: Table, players: dict[str, Player]
) -> None:
    play_three_games(four_table, players)
    petra = User.objects.create_user("petra", password="x")
    grant(petra, home_club().pk, PRUEFER)
    client.force_login(petra)
    assert "Tisch 1" in client.get("/pruefen/2026-11-20-preisskat/serie/1/").content.decode()
    response = client.post(
        EVENT + "serie/1/tisch/1/pruefen/", {"decision": "confirm", "back": "pruefen"}
    )
    assert response["Location"] == "/pruefen/2026-11-20-preisskat/serie/1/"
    four_table.refresh_from_db()
    assert four_table.check_status == Table.Check.CONFIRMED
    assert client.post(EVENT + "serie/1/tisch/1/", {"line": "p"}).status_code == 403


def test_roles_and_deactivation_but_never_of_oneself(
    spielwart_client: Client, spielwart: User
) -> None:
    other, _ = create_login(username="otto", roles=[])
    assert roles_of(other) == []
    spielwart_client.post(f"{USERS}{other.pk}/", {"action": "roles", "roles": ["spielwart"]})
    assert roles_of(other) == ["spielwart", "pruefer"]
    spielwart_client.post(f"{USERS}{other.pk}/", {"action": "deactivate"})
    other.refresh_from_db()
    assert not other.is_active
    page = spielwart_client.post(
        f"{USERS}{spielwart.pk}/", {"action": "deactivate"}, follow=True
    ).content.decode()
    assert "Die eigene Anmeldung lässt sich nicht abschalten." in page
    spielwart_client.post(f"{USERS}{spielwart.pk}/", {"action": "roles", "roles": ["pruefer"]})
    assert roles_of(spielwart) == ["spielwart", "pruefer"]


def test_a_taken_or_bad_username_is_refused_in_german(
    spielwart_client: Client, spielwart: User
) -> None:
    taken = spielwart_client.post(USERS, {"username": "Spielwart", "roles": ["spielwart"]})
    assert taken.status_code == 422 and "gibt es schon" in taken.content.decode()
    bad = spielwart_client.post(USERS, {"username": "a b", "roles": ["spielwart"]})
    assert bad.status_code == 422 and "3 bis 40 Zeichen" in bad.content.decode()
    assert User.objects.count() == 1


def test_members_cannot_manage_logins(member_client: Client) -> None:
    assert member_client.get(USERS).status_code == 403
    assert member_client.post(USERS, {"username": "x" * 5}).status_code == 403


def test_an_event_with_paid_startgeld_is_not_deleted(
    spielwart_client: Client, event: Event, players: dict[str, Player]
) -> None:
    Attendance.objects.create(event=event, player=players["anna"], fee_cents=1000, paid=True)
    response = spielwart_client.post(EVENT + "loeschen/", follow=True)
    assert "ist schon Startgeld bezahlt" in response.content.decode()
    assert Event.objects.exists()


def test_a_new_login_changes_its_one_time_password(client: Client, db: None) -> None:
    user = User.objects.create_user("petra", password="alt-und-einmalig-123")
    client.force_login(user)
    response = client.post(
        "/passwort/",
        {
            "old_password": "alt-und-einmalig-123",
            "new_password1": "neu-und-lang-genug-456",
            "new_password2": "neu-und-lang-genug-456",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("neu-und-lang-genug-456")
    assert client.get("/passwort/").status_code == 200  # still logged in
