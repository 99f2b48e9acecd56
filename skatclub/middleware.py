"""Our small middlewares: the Content-Security-Policy header, a German answer when the
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

from django.db import OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

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
