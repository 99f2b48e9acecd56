"""Login throttling (django-axes): who a failed login is counted against, and the German page
of a locked login.

A login is locked per username and client address together (`AXES_LOCKOUT_PARAMETERS`):
somebody guessing passwords for a name locks that name from his own address only, so the real
Spielwart logging in from his address, or anybody with another name, goes on.

The client address is the connection's (REMOTE_ADDR), unless the deployment says it runs
behind reverse proxies (`SKATCLUB_PROXY_HOPS`, the number of proxies that each append the
address they saw to X-Forwarded-For). Then it is the entry that many places from the right
end of the header: the address our own outermost proxy saw. Entries further left were sent by
the client and could be anything, so they are never read; without the setting the header is
not read at all (any client could send one).
"""

from __future__ import annotations

import ipaddress
import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

# A longer header is no proxy chain of ours: only its last part is read.
MAX_FORWARDED_CHARS = 2000


def client_address(request: HttpRequest) -> str | None:
    """The address failed logins are counted for (AXES_CLIENT_IP_CALLABLE)."""
    remote = request.META.get("REMOTE_ADDR")
    hops = int(getattr(settings, "SKATCLUB_PROXY_HOPS", 0))
    if hops <= 0:
        return remote
    header = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))[-MAX_FORWARDED_CHARS:]
    entries = [entry.strip() for entry in header.split(",")]
    if len(entries) < hops:
        return remote  # not through all our proxies (e.g. straight to the server)
    try:
        return str(ipaddress.ip_address(entries[-hops]))
    except ValueError:
        return remote


def locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict[str, object] | None = None,
) -> HttpResponse:
    """The German page for a locked login (AXES_LOCKOUT_CALLABLE), status 429 with
    Retry-After: how long, and that it is this name from this device only."""
    cooloff = settings.AXES_COOLOFF_TIME
    minutes = max(1, math.ceil(cooloff.total_seconds() / 60))
    context = {"failure_limit": settings.AXES_FAILURE_LIMIT, "minutes": minutes}
    response = render(request, "club/login_locked.html", context, status=429)
    response["Retry-After"] = str(int(cooloff.total_seconds()))
    return response
