"""Signatures that mean a person: each seat signs on its player's own phone through the seat's
link, or on the table's phone with every other player confirming him (issue 42)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.test import Client

from skatclub.club import services
from skatclub.club.models import Change, Signature, Table, TableLink
from tests.helpers.factories import enter
from tests.helpers.pdf import flat, pdf_text
from tests.helpers.signing import seat_url, sign_post

TABLE_1 = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/"
LIST_PDF = "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/spielliste.pdf"


def played(table: Table, user: User) -> TableLink:
    link = services.issue_link(table=table, user=user)
    for number in range(1, 49):
        enter(table, number, None, user=link)
    return link


def test_one_phone_cannot_sign_for_the_whole_table_without_the_others_confirming(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    for position in (1, 2, 3, 4):
        alone = {"position": str(position), "confirm": "1"}
        response = client.post(f"/t/{link.token}/unterschreiben/", alone)
        assert response.status_code == 422
    assert not Signature.objects.exists()
    refusal = response.content.decode()
    assert "erst, wenn die anderen am Tisch es bestätigen" in refusal
    assert "bitte Anna Albers, Bernd Brandt und Carla Claus den eigenen Namen antippen" in refusal


def test_a_confirmation_missing_one_player_is_refused_and_keeps_the_ticks(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    partly = {"position": "1", "confirm": "1", "bestaetigt": ["2", "3"]}
    response = client.post(f"/t/{link.token}/unterschreiben/", partly)
    assert response.status_code == 422
    page = response.content.decode()
    assert "bitte Dieter Dahl den eigenen Namen antippen (bestätigt" in page
    assert 'name="bestaetigt" value="2" checked' in page
    assert 'name="bestaetigt" value="4">' in page
    assert not Signature.objects.exists()


def test_the_players_sign_on_the_table_phone_confirmed_by_the_others(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    for position in (1, 2, 3, 4):
        client.post(f"/t/{link.token}/unterschreiben/", sign_post(link, position))
    anna = Signature.objects.get(player__name="Anna Albers")
    assert anna.way == Signature.Way.TABLE_PHONE
    assert anna.confirmed_by == ["Bernd Brandt", "Carla Claus", "Dieter Dahl"]
    page = client.get(f"/t/{link.token}/").content.decode()
    assert "Alle haben unterschrieben." in page
    signed = Change.objects.filter(action=Change.Action.SIGN).order_by("pk").first()
    assert signed is not None and signed.after is not None and signed.after["way"] == "table"


def test_a_seat_link_shows_the_list_and_signs_its_own_seat_once(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    url = seat_url(link, 2)
    page = client.get(url).content.decode()
    assert "Platz 2: <strong>Bernd Brandt</strong>" in page
    assert "48</strong> von 48 Spielen erfasst" in page
    assert "Ich, Bernd Brandt, habe die Liste geprüft und unterschreibe." in page
    assert "Anna Albers, habe" not in page
    assert client.post(url, {"confirm": "1"}).status_code == 302
    assert client.post(url, {"confirm": "1"}).status_code == 302  # a second tap: still one
    bernd = Signature.objects.get()
    assert (bernd.player.name, bernd.way, bernd.confirmed_by) == ("Bernd Brandt", "own", [])
    assert (
        "✓ Bernd Brandt hat unterschrieben – mit dem eigenen Handy."
        in client.get(url).content.decode()
    )
    table_page = client.get(f"/t/{link.token}/").content.decode()
    assert "✓ Bernd Brandt hat unterschrieben – mit dem eigenen Handy" in table_page


def test_the_table_page_shows_a_qr_code_for_each_unsigned_seat(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    page = client.get(f"/t/{link.token}/").content.decode()
    for position, name in enumerate(("Anna Albers", "Bernd Brandt", "Carla Claus"), start=1):
        assert f"{name}: mit dem eigenen Handy unterschreiben" in page
        assert f'src="{seat_url(link, position)}qr.svg"' in page
    code = client.get(seat_url(link, 1) + "qr.svg")
    assert code.status_code == 200
    assert code["Content-Type"] == "image/svg+xml"
    assert code.content.startswith(b"<svg")


def test_one_phone_signs_one_seat_through_the_seat_links(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    client.post(seat_url(link, 1), {"confirm": "1"})
    second = client.post(seat_url(link, 2), {"confirm": "1"})
    assert second.status_code == 422
    assert "schon für jemand anderen unterschrieben" in second.content.decode()
    assert list(Signature.objects.values_list("player__name", flat=True)) == ["Anna Albers"]
    assert Client().post(seat_url(link, 2), {"confirm": "1"}).status_code == 302  # Bernd's own


def test_a_wrong_old_or_foreign_seat_secret_opens_nothing(
    client: Client, four_table: Table, three_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    other = services.issue_link(table=three_table, user=spielwart)
    good = seat_url(link, 1)
    secret = good.rstrip("/").rsplit("/", 1)[1]
    assert (
        client.get(
            good.replace(secret, secret[:-1] + ("A" if secret[-1] != "A" else "B"))
        ).status_code
        == 404
    )
    assert client.get(seat_url(link, 1).replace("/platz/1/", "/platz/2/")).status_code == 404
    assert client.get(f"/t/{other.token}/platz/1/{secret}/").status_code == 404
    assert client.get(f"/t/{link.token}/platz/1/{'x' * 5000}/").status_code == 404
    renewed = services.issue_link(table=four_table, user=spielwart)
    assert client.get(good).status_code == 404
    assert client.post(good, {"confirm": "1"}).status_code == 404
    assert client.get(seat_url(renewed, 1)).status_code == 200
    assert not Signature.objects.exists()


def test_a_seat_link_before_the_last_game_waits_and_refuses_to_sign(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    enter(four_table, 1, None, user=link)
    page = client.get(seat_url(link, 3)).content.decode()
    assert "Unterschrieben wird erst nach dem letzten Spiel der Serie." in page
    refused = client.post(seat_url(link, 3), {"confirm": "1"})
    assert refused.status_code == 422
    assert not Signature.objects.exists()


def test_the_spielwart_and_the_printed_list_show_how_each_seat_signed(
    client: Client, spielwart_client: Client, four_table: Table, spielwart: User
) -> None:
    link = played(four_table, spielwart)
    Client().post(seat_url(link, 1), {"confirm": "1"})
    client.post(f"/t/{link.token}/unterschreiben/", sign_post(link, 2))
    page = spielwart_client.get(TABLE_1).content.decode()
    assert "Anna Albers (mit dem eigenen Handy)" in page
    assert (
        "Bernd Brandt (am Tischhandy, bestätigt von Anna Albers, Carla Claus und Dieter Dahl)"
        in page
    )
    _, text = pdf_text(spielwart_client.get(LIST_PDF).content)
    assert "✓ eigenes Handy" in flat(text)
    assert "✓ Tischhandy, bestätigt" in flat(text)
