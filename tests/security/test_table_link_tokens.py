"""Issue 24: a table link's token that no `token_urlsafe` could have written (a NUL, unicode,
too long) is not looked up: the visitor gets the German "Tisch-Link gibt es nicht" page and
nothing changes. A NUL in the query gave a 500 on PostgreSQL."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from skatclub.club import services
from skatclub.club.models import Table
from tests.helpers.refusals import database_fingerprint


@pytest.mark.parametrize(
    "token", ["\x00", "abc\x00def", "Zürich☃", "x" * 65, "a b", "..%2F"], ids=repr
)
@pytest.mark.parametrize("page", ["", "spiel/", "unterschreiben/", "vorlesen/", "zuruecknehmen/"])
def test_a_token_of_no_link_gets_the_german_page_and_changes_nothing(
    client: Client, four_table: Table, spielwart: User, token: str, page: str
) -> None:
    services.issue_link(table=four_table, user=spielwart)
    before = database_fingerprint()
    url = f"/t/{quote(token, safe='')}/{page}"
    response = client.post(url, {"line": "2 Kr m1"}) if page else client.get(url)
    assert response.status_code in (404, 405)
    if response.status_code == 404:
        assert "Diesen Tisch-Link gibt es nicht" in response.content.decode()
    assert database_fingerprint() == before


def test_a_live_link_is_found_by_its_token(four_table: Table, spielwart: User) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    assert services.live_link(link.token) == link
    assert services.live_link(link.token + "\x00") is None
