"""Issue 24: 20 wrong passwords locked everybody out for 30 minutes (the lock was per address,
and behind the reverse proxy of docs/operations.md every client has the proxy's address). Now a
login is locked per username and client address together; the client address comes from
X-Forwarded-For only when the deployment says it is behind proxies (SKATCLUB_PROXY_HOPS)."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client, RequestFactory
from pytest_django import Settings

from skatclub.login_throttle import client_address
from tests.helpers.logins import LOGIN, guess

PASSWORD = "geheim-und-lang-genug"
PROXY = "10.0.0.1"


def logs_in(username: str, **meta: Any) -> bool:
    client = Client()
    response = client.post(LOGIN, {"username": username, "password": PASSWORD}, **meta)
    return response.status_code == 302 and "_auth_user_id" in client.session


@pytest.mark.parametrize("url", [LOGIN, "/admin/login/"])
def test_guessing_another_name_from_the_proxys_address_does_not_lock_out_the_spielwart(
    client: Client, spielwart: User, url: str
) -> None:
    for _ in range(settings.AXES_FAILURE_LIMIT + 5):
        client.post(url, {"username": "chef", "password": "falsch"}, REMOTE_ADDR=PROXY)
    assert logs_in("spielwart", REMOTE_ADDR=PROXY)


def test_behind_a_proxy_a_guesser_locks_the_name_only_from_his_own_address(
    client: Client, spielwart: User, settings: Settings
) -> None:
    settings.SKATCLUB_PROXY_HOPS = 1
    attacker = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "203.0.113.5"}
    assert guess(client, "spielwart", settings.AXES_FAILURE_LIMIT, **attacker) == 429
    assert not logs_in("spielwart", **attacker)  # locked: even the right password
    real = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}
    assert logs_in("spielwart", **real)


def test_the_lock_page_is_german_with_the_wait_and_retry_after(
    client: Client, spielwart: User
) -> None:
    guess(client, "spielwart", settings.AXES_FAILURE_LIMIT - 1, REMOTE_ADDR=PROXY)
    locked = client.post(LOGIN, {"username": "spielwart", "password": "x"}, REMOTE_ADDR=PROXY)
    page = locked.content.decode()
    assert locked.status_code == 429 and locked["Retry-After"] == "1800"
    assert "Anmeldung vorübergehend gesperrt" in page
    assert "für 30 Minuten gesperrt" in page and "diesem Benutzernamen" in page


def test_without_the_proxy_setting_a_forged_forwarded_header_changes_nothing(
    client: Client, spielwart: User
) -> None:
    for number in range(settings.AXES_FAILURE_LIMIT):
        forged = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"192.0.2.{number}"}
        status = guess(client, "spielwart", 1, **forged)
    assert status == 429
    assert not logs_in("spielwart", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.200")


def test_behind_a_proxy_the_entries_a_client_sends_himself_are_not_read(
    client: Client, spielwart: User, settings: Settings
) -> None:
    """nginx appends the address it saw; whatever the client put in front is ignored."""
    settings.SKATCLUB_PROXY_HOPS = 1
    for number in range(settings.AXES_FAILURE_LIMIT):
        forged = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"192.0.2.{number}, 203.0.113.5"}
        status = guess(client, "spielwart", 1, **forged)
    assert status == 429


@pytest.mark.parametrize(
    ("hops", "forwarded", "expected"),
    [
        (0, "203.0.113.5", PROXY),
        (1, "203.0.113.5", "203.0.113.5"),
        (1, "1.2.3.4, 203.0.113.5", "203.0.113.5"),
        (2, "1.2.3.4, 203.0.113.5, 10.0.0.9", "203.0.113.5"),
        (2, "203.0.113.5", PROXY),  # came past one proxy only
        (1, "", PROXY),
        (1, "kein-ip", PROXY),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_the_client_address_is_the_entry_of_our_own_outermost_proxy(
    rf: RequestFactory, settings: Settings, hops: int, forwarded: str, expected: str
) -> None:
    settings.SKATCLUB_PROXY_HOPS = hops
    request = rf.get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == expected
