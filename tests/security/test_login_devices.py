"""Issue 42: behind a proxy with the default settings anyone locked the Spielwart out for 30
minutes, again and again (20 wrong passwords for "spielwart", all from the proxy's address).
Device cookies: a browser that logged in as a name is throttled on its own, so guessing from
elsewhere locks out only browsers that never logged in; `skatclub unlock` lifts a lock; a proxy
without SKATCLUB_PROXY_HOPS is named in the log and by `check --deploy`."""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from pytest_django import Settings

from skatclub.club.apps import undeclared_proxy
from skatclub.club.models import LoginDevice
from skatclub.club.services.login_devices import COOKIE
from tests.helpers.factories import PASSWORD
from tests.helpers.logins import LOGIN, guess

PROXY = "10.0.0.1"

BEHIND_PROXY: dict[str, Any] = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": "198.51.100.7"}


def log_in(client: Client, username: str = "spielwart") -> int:
    response = client.post(LOGIN, {"username": username, "password": PASSWORD}, **BEHIND_PROXY)
    return response.status_code


def laptop(username: str = "spielwart") -> Client:
    """The Spielwart's browser: it logged in once (and out again), so it has its cookie."""
    client = Client()
    assert log_in(client, username) == 302
    client.post("/abmelden/", **BEHIND_PROXY)
    assert COOKIE in client.cookies
    return client


@pytest.mark.parametrize("url", [LOGIN, "/admin/login/"])
def test_behind_an_undeclared_proxy_twenty_wrong_passwords_from_elsewhere_do_not_lock_out_the_spielwarts_browser(  # noqa: E501
    spielwart: User, url: str
) -> None:
    own = laptop()
    guesser = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        guesser.post(url, {"username": "spielwart", "password": "falsch"}, **BEHIND_PROXY)
    assert guess(guesser, "spielwart", 1, **BEHIND_PROXY) == 429  # the guesser is locked
    assert log_in(own) == 302  # the Spielwart is not
    assert "_auth_user_id" in own.session


def test_a_browser_that_never_logged_in_is_locked_with_the_guesser(spielwart: User) -> None:
    """The price OWASP names: a new browser waits, or the server's `skatclub unlock`."""
    guesser = Client()
    assert guess(guesser, "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY) == 429
    assert log_in(Client()) == 429


def test_a_known_browser_guessing_twenty_times_is_locked_on_its_own(spielwart: User) -> None:
    own = laptop()
    assert guess(own, "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY) == 200
    assert log_in(own) == 429  # locked: even the right password
    device = LoginDevice.objects.get(username="spielwart")
    assert device.failures == settings.AXES_FAILURE_LIMIT
    assert log_in(Client()) == 302  # its guessing counted against itself, not the address


def test_a_forged_or_foreign_device_cookie_counts_as_an_unknown_browser(
    spielwart: User, checker: User
) -> None:
    guess(Client(), "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY)
    forged = Client()
    forged.cookies[COOKIE] = "eyJrIjoiYWJjIiwidSI6WyJzcGllbHdhcnQiXX0:forged:signature"
    assert log_in(forged) == 429
    other_name = laptop("pruefer")  # a real cookie, for another name
    assert log_in(other_name) == 429


def test_one_browser_keeps_its_cookie_for_each_name_it_logged_in_with(
    spielwart: User, checker: User
) -> None:
    own = laptop("spielwart")
    assert log_in(own, "pruefer") == 302
    keys = set(LoginDevice.objects.values_list("key", flat=True))
    names = set(LoginDevice.objects.values_list("username", flat=True))
    assert len(keys) == 1 and names == {"spielwart", "pruefer"}
    guess(Client(), "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY)
    own.post("/abmelden/", **BEHIND_PROXY)
    assert log_in(own, "spielwart") == 302


def test_skatclub_unlock_lifts_the_lock_of_a_name_from_every_address_and_device(
    spielwart: User,
) -> None:
    own = laptop()
    guess(own, "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY)
    guess(Client(), "spielwart", settings.AXES_FAILURE_LIMIT, **BEHIND_PROXY)
    assert log_in(own) == 429 and log_in(Client()) == 429
    out = io.StringIO()
    call_command("unlock", "spielwart", stdout=out)
    assert "Anmeldesperre für „spielwart“ aufgehoben" in out.getvalue()
    assert log_in(Client()) == 302
    own.post("/abmelden/", **BEHIND_PROXY)
    assert log_in(own) == 302
    again = io.StringIO()
    call_command("unlock", "spielwart", stdout=again)
    assert "war nicht gesperrt" in again.getvalue()


@pytest.mark.django_db
def test_forwarded_requests_without_proxy_hops_are_named_in_the_log_and_by_check_deploy(
    client: Client, settings: Settings, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings.SKATCLUB_FORWARDED_MARKER = str(tmp_path / "seen")
    settings.HTTPS = False
    assert undeclared_proxy() == []
    with caplog.at_level(logging.WARNING, logger="skatclub.middleware"):
        client.get("/", **BEHIND_PROXY)
    assert any("SKATCLUB_PROXY_HOPS is not set" in r.getMessage() for r in caplog.records)
    warnings = undeclared_proxy()
    assert [w.id for w in warnings] == ["skatclub.W001"]
    assert "X-Forwarded-For" in warnings[0].msg
    settings.SKATCLUB_PROXY_HOPS = 1
    assert undeclared_proxy() == []


def test_check_deploy_warns_behind_a_tls_proxy_without_proxy_hops(settings: Settings) -> None:
    settings.HTTPS = True
    settings.SKATCLUB_PROXY_HOPS = 0
    assert [w.id for w in undeclared_proxy()] == ["skatclub.W001"]
