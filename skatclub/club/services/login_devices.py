"""Device cookies: a lockout that stops guessing, not the Spielwart (OWASP, "Slow down online
guessing attacks with device cookies").

django-axes locks a username per client address after 20 wrong passwords. Behind a proxy whose
hops the deployment has not declared, every client has the proxy's address, so anybody could
lock the Spielwart out again and again. A browser that once logged in as a name carries a
signed cookie naming its `LoginDevice`; a login for that name from it is exempt from the
address lock (axes' whitelist) and counted on its own instead: 20 wrong passwords within the
lock's time lock that one device (it then counts as unknown again). Wrong passwords from
anywhere else therefore lock out only browsers that never logged in.

`record_login` runs on every successful login (signal), `record_failure` on every wrong
password (signal); `skatclub.middleware.LoginDeviceMiddleware` sets the cookie that
`record_login` asks for.
"""

from __future__ import annotations

import secrets
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.exceptions import AxesBackendPermissionDenied
from django.conf import settings
from django.core import signing
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from skatclub.club.models import LoginDevice

COOKIE = "skatclub_geraet"
SALT = "skatclub.login-device"
COOKIE_AGE = 365 * 24 * 3600
# One browser shared by a few Spielwarte (the club laptop): each name it logged in with.
MAX_NAMES = 8
# The attribute by which `record_login` hands the cookie's new value to the middleware.
NEW_COOKIE = "skatclub_new_device_cookie"


def _cookie(request: HttpRequest) -> dict[str, Any]:
    """The cookie's content, or {} when it is missing, forged, or older than a year."""
    raw = request.COOKIES.get(COOKIE)
    if not raw or len(raw) > 4000:
        return {}
    try:
        value = signing.loads(raw, salt=SALT, max_age=COOKIE_AGE)
    except signing.BadSignature:
        return {}
    if not isinstance(value, dict) or not isinstance(value.get("k"), str):
        return {}
    names = value.get("u")
    return {"k": value["k"], "u": [n for n in names if isinstance(n, str)]} if names else {}


def _normal(username: object) -> str:
    # As axes records it (skatclub.middleware.login_username); names compare without case.
    return str(username or "").replace("\x00", "")[:150].casefold()


def _username(request: HttpRequest, credentials: dict[str, Any] | None) -> str:
    typed = (credentials or {}).get("username")
    return _normal(request.POST.get("username", "") if typed is None else typed)


def device_of(request: HttpRequest, username: str) -> LoginDevice | None:
    """The device this browser's cookie names for `username`, if it logged in as that name."""
    content = _cookie(request)
    if not content or username not in content["u"]:
        return None
    return LoginDevice.objects.filter(key=content["k"], username=username).first()


def _locked(device: LoginDevice) -> bool:
    if device.failed_since is None:
        return False
    if timezone.now() - device.failed_since > settings.AXES_COOLOFF_TIME:
        return False
    return device.failures >= settings.AXES_FAILURE_LIMIT


def trusted_device(request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
    """Whether this login is from a device that logged in as the name before and is not
    locked itself (AXES_WHITELIST_CALLABLE: then the address lock does not apply)."""
    device = device_of(request, _username(request, credentials))
    return device is not None and not _locked(device)


class LoginLockBackend(AxesStandaloneBackend):  # type: ignore[misc]
    """axes' backend, first in AUTHENTICATION_BACKENDS, that also refuses a known device
    locked on its own: its 20 wrong passwords lock it wherever it comes from."""

    def authenticate(
        self,
        request: HttpRequest,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is not None:
            device = device_of(request, _normal(username))
            if device is not None and _locked(device):
                request.axes_locked_out = True  # type: ignore[attr-defined]
                raise AxesBackendPermissionDenied("this device is locked for the name")
        super().authenticate(request, username, password, **kwargs)


def record_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **kwargs: Any
) -> None:
    """A wrong password from a known device counts against that device (user_login_failed)."""
    if request is None or getattr(request, "axes_locked_out", False):
        return  # refused before the password was tried: a refusal, not a guess
    device = device_of(request, _username(request, credentials))
    if device is None:
        return
    now = timezone.now()
    if device.failed_since is None or now - device.failed_since > settings.AXES_COOLOFF_TIME:
        LoginDevice.objects.filter(pk=device.pk).update(failures=1, failed_since=now)
    else:
        LoginDevice.objects.filter(pk=device.pk).update(failures=F("failures") + 1)


def record_login(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """A successful login makes (or refreshes) this browser's device for the name and clears
    its failures (user_logged_in); the middleware puts the cookie on the answer."""
    if request is None:
        return
    username = _normal(user.get_username())
    content = _cookie(request)
    key = content.get("k") or secrets.token_urlsafe(24)
    now = timezone.now()
    LoginDevice.objects.update_or_create(
        key=key,
        username=username,
        defaults={"last_login_at": now, "failures": 0, "failed_since": None},
    )
    names = [username] + [n for n in content.get("u", []) if n != username]
    value = signing.dumps({"k": key, "u": names[:MAX_NAMES]}, salt=SALT)
    setattr(request, NEW_COOKIE, value)


def unlock_login(username: str) -> int:
    """Lifts every lock of `username` (`skatclub unlock`): the address locks of axes and the
    locks of its devices. The number of locks lifted."""
    from axes.utils import reset

    name = _normal(username)
    lifted = int(reset(username=username) or 0)
    if name != username:
        lifted += int(reset(username=name) or 0)
    devices = LoginDevice.objects.filter(username=name, failures__gt=0)
    return lifted + devices.update(failures=0, failed_since=None)
