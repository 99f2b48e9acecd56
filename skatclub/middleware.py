"""Our small middlewares: the club a request is for (see `ClubMiddleware`), the
Content-Security-Policy header, a German answer when the
database is busy with another write, and the daily backup while the server runs.

CSP: every page uses only our own scripts and style sheets (static/), no inline script or
style attribute, so one fixed policy fits all; a response that needs another one (the HTML
preview of a printout with its inline <style>) sets its own header and keeps it. Django 5.2 has
no CSP of its own (6.0 will), and django-csp's nonces and per-view decorators are more than a
fixed header needs.

Busy: a write that meets SQLite's "database is locked" (or PostgreSQL's lock timeout) after
the busy timeout gets a German "bitte gleich noch einmal" page with status 503 instead of a 500;
the table entry page answers the same case itself, with everything typed kept.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import get_script_prefix, set_script_prefix
from django.utils import timezone

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
logger = logging.getLogger(__name__)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response


class BusyDatabaseMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        from skatclub.club.services import is_busy

        if not isinstance(exception, OperationalError) or not is_busy(exception):
            return None
        logger.warning("Datenbank beschäftigt: %s %s: %s", request.method, request.path, exception)
        response = render(request, "busy.html", status=503)
        response["Retry-After"] = "2"
        return response


def login_username(request: HttpRequest, credentials: dict[str, object] | None) -> str:
    """The username django-axes records for a login attempt: as typed, but without NUL and at
    most 150 characters (a 5,000-character name broke the attempt's 255-character column on
    PostgreSQL, and PostgreSQL refuses NUL in text)."""
    typed = (credentials or {}).get("username")
    if typed is None:
        typed = request.POST.get("username", "")
    return str(typed).replace("\x00", "")[:150]


class DailyBackupMiddleware:
    """Starts the day's backup (SQLite) in the background; see `backup.maybe_start_daily_backup`."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from skatclub.club.backup import maybe_start_daily_backup

        maybe_start_daily_backup()
        return self.get_response(request)


class ClubMiddleware:
    """Which club a request is for (`tenancy`): `/v/<slug>/…` names it; without a prefix, the
    one club of a laptop installation. The prefix becomes the script prefix for the request,
    so every address the pages build (`reverse`, `{% url %}`) stays inside the club.

    On a server with several clubs, a club page without the prefix would not know its club:
    the start page lists the clubs, every other club page answers 404.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from skatclub.club import tenancy

        slug, rest = _club_prefix(request.path_info)
        if slug is None:
            club, several = tenancy.only_club()
            setattr(request, "club", club)  # noqa: B010
            setattr(request, "club_unknown", several)  # noqa: B010
            with tenancy.acting_for(club):
                return self.get_response(request)
        found = tenancy.club_by_slug(slug)
        if found is None:
            raise Http404("Diesen Verein gibt es hier nicht.")
        prefix = get_script_prefix()
        request.path_info = rest
        setattr(request, "club", found)  # noqa: B010
        setattr(request, "club_unknown", False)  # noqa: B010
        set_script_prefix(f"{prefix}{tenancy.PREFIX}/{slug}/")
        try:
            with tenancy.acting_for(found):
                return self.get_response(request)
        finally:
            set_script_prefix(prefix)

    def process_view(
        self, request: HttpRequest, view: Callable[..., HttpResponse], *args: object
    ) -> HttpResponse | None:
        if not getattr(request, "club_unknown", False):
            return None
        if not view.__module__.startswith("skatclub.club.views"):
            return None  # login, logout, admin: the same for every club
        if request.path_info == "/":
            return club_index(request)
        raise Http404("Bitte zuerst den Verein wählen.")


def club_index(request: HttpRequest) -> HttpResponse:
    """The server's start page when it hosts several clubs: which clubs there are, each with its
    own pages under /v/<slug>/. Shown by `ClubMiddleware` for "/" without a club (a page of
    the server, not of a club: no view of the club app)."""
    from skatclub.club.tenancy import Club

    return render(request, "club/club_index.html", {"clubs": Club.objects.order_by("name")})


def _club_prefix(path: str) -> tuple[str | None, str]:
    """("slug", "/rest/") for "/v/slug/rest/", else (None, path)."""
    from skatclub.club.tenancy import PREFIX

    parts = path.split("/", 3)
    if len(parts) < 4 or parts[0] != "" or parts[1] != PREFIX or not parts[2]:
        return None, path
    return parts[2], "/" + parts[3]


class LoginDeviceMiddleware:
    """Puts the device cookie of a successful login on its answer (services/login_devices.py)
    and says so, once per process and in the data folder for `check --deploy`, when requests
    come with X-Forwarded-For but the deployment has not declared its proxies: then every
    client has the proxy's address and the login lock counts them all as one."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.warned = False

    def __call__(self, request: HttpRequest) -> HttpResponse:
        from django.conf import settings

        from skatclub.club import services

        forwarded = "HTTP_X_FORWARDED_FOR" in request.META
        if forwarded and not self.warned and not settings.SKATCLUB_PROXY_HOPS:
            self.warned = True
            note_undeclared_proxy()
        response = self.get_response(request)
        value = getattr(request, services.NEW_DEVICE_COOKIE, None)
        if value is not None:
            response.set_cookie(
                services.DEVICE_COOKIE,
                value,
                max_age=services.DEVICE_COOKIE_AGE,
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response


def note_undeclared_proxy() -> None:
    from django.conf import settings

    logger.warning(
        "Requests carry X-Forwarded-For but SKATCLUB_PROXY_HOPS is not set: every client "
        "counts as the proxy's address for the login lock. Set SKATCLUB_PROXY_HOPS to the "
        "number of proxies in front of this server (docs/operations.md)."
    )
    marker = settings.SKATCLUB_FORWARDED_MARKER
    if marker:
        Path(marker).write_text(timezone.now().isoformat() + "\n", encoding="utf-8")
