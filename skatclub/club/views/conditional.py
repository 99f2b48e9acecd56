"""Pages computed once per change: an ETag from what the page shows, 304 for a browser that
has the page already, the cache for every other visitor (issue 26: reads that scale).

A page's *state* is what decides its content: the event row with its `version` (raised by
every write anyone could see: a game, a seat, a sign-in, a setting; `services.versions`), its
season's row, the Serie asked for. The ETag is a hash of that state together with everything
else the answer depends on: the path with its query string, whether the live fragment
(`X-Live`) or the whole page is asked for, the club acted for and its name, who asks (a login
sees its name, its role's menu and its CSRF token in the page; anonymous visitors all see the
same), and the version of skatclub (templates). So the same ETag always means the same answer.

- If-None-Match with the ETag: 304, no query beyond the state's own.
- Otherwise the rendered page comes from Django's cache (shared by the server's processes)
  under that hash, and is rendered once when missing. Pages for a login are cached only as
  live fragments (those show no menu and no token); a whole page for a login is rendered
  each time, but still answered with 304 when unchanged.
- Not cached, no ETag: downloads (`?format=`), and a page that has messages to show.
Reads: the request's user, session and cookies. Writes: cache entries.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Model
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from skatclub.club.views.pdf_cache import CODE_VERSION
from skatclub.club.views.permissions import club_role

LIVE_HEADER = "HTTP_X_LIVE"
CACHE_SECONDS = 3600  # a page no one asks for again goes; a changed one has another key
PREFIX = "page:"


def row_state(*rows: Model | None) -> tuple[object, ...]:
    """Every stored field of these rows (already read: no query)."""
    return tuple(
        None if row is None else tuple(getattr(row, f.attname) for f in row._meta.concrete_fields)
        for row in rows
    )


def answer(
    request: HttpRequest, state: Iterable[Any], render: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page for `state`: 304, from the cache, or `render()` (then cached)."""
    if request.GET.get("format") or len(get_messages(request)):
        return render()
    viewer = _viewer(request)
    tag = _tag(request, tuple(state), viewer)
    etag = f'"{tag}"'
    if etag in _asked_tags(request):
        response: HttpResponse = HttpResponseNotModified()
    elif viewer is None or LIVE_HEADER in request.META:
        response = _cached(tag, render)
    else:
        response = render()
    if response.status_code in (200, 304):
        response["ETag"] = etag
        response["Cache-Control"] = "no-cache" if viewer is None else "private, no-cache"
    patch_vary_headers(response, ("Cookie", "X-Live"))
    return response


def _viewer(request: HttpRequest) -> tuple[object, ...] | None:
    """Who asks, as far as the page shows it: None for every anonymous visitor."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    token = request.COOKIES.get("csrftoken", "")
    return (user.pk, user.get_username(), user.is_superuser, club_role(user), token)


def _tag(request: HttpRequest, state: tuple[Any, ...], viewer: tuple[object, ...] | None) -> str:
    club = getattr(request, "club", None)
    text = repr(
        (
            state,
            viewer,
            request.get_full_path(),
            LIVE_HEADER in request.META,
            None if club is None else (club.pk, club.name),
            CODE_VERSION,
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:40]


def _asked_tags(request: HttpRequest) -> set[str]:
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    return {part.strip().removeprefix("W/") for part in asked.split(",") if part.strip()}


def _cached(tag: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    found = cache.get(PREFIX + tag)
    if found is not None:
        content, content_type = found
        return HttpResponse(content, content_type=content_type)
    response = render()
    if response.status_code == 200 and not response.streaming:
        cache.set(PREFIX + tag, (response.content, response["Content-Type"]), CACHE_SECONDS)
    return response
