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
- At most one render per page every `fresh` seconds: on a championship day the event changes
  several times a second (350 tables saving), and a projector page for 1,400 players costs
  tens of milliseconds. Within `fresh` seconds of the last render (setting
  `SKATCLUB_PAGE_FRESH_SECONDS`, 1 s; the start page ten times that), or while another
  request renders it, the page as last rendered is answered, with its own ETag; the next
  request after that sees the change. So a save shows on the live board within a second or
  two, whatever the number of visitors.
- Not cached, no ETag: downloads (`?format=`), and a page that has messages to show.
Reads: the request's user, session and cookies. Writes: cache entries.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Model
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from skatclub.club.views.pdf_cache import CODE_VERSION
from skatclub.club.views.permissions import club_role

LIVE_HEADER = "HTTP_X_LIVE"
CACHE_SECONDS = 3600  # a page no one asks for again goes; a changed one has another key
BUSY_SECONDS = 30  # a render that died leaves its mark this long at most
PREFIX = "page:"  # a rendered page by its ETag
LATEST = "page-latest:"  # the last render of a page, whatever its state
BUSY = "page-busy:"  # a request is rendering the page


def row_state(*rows: Model | None) -> tuple[object, ...]:
    """Every stored field of these rows (already read: no query)."""
    return tuple(
        None if row is None else tuple(getattr(row, f.attname) for f in row._meta.concrete_fields)
        for row in rows
    )


def answer(
    request: HttpRequest,
    state: Iterable[Any],
    render: Callable[[], HttpResponse],
    *,
    fresh: float = 1.0,
) -> HttpResponse:
    """The page for `state`: 304, from the cache, or `render()` (then cached). `fresh`: in
    units of `SKATCLUB_PAGE_FRESH_SECONDS`, how long a render is answered after a change."""
    if request.GET.get("format") or len(get_messages(request)):
        return render()
    viewer = _viewer(request)
    page = _page(request, viewer)
    tag = _hash((page, tuple(state)))
    asked = _asked_tags(request)
    if f'"{tag}"' in asked:
        response: HttpResponse = HttpResponseNotModified()
    elif viewer is None or LIVE_HEADER in request.META:
        seconds = fresh * settings.SKATCLUB_PAGE_FRESH_SECONDS
        tag, response = _shared(page, tag, render, seconds, asked)
    else:
        response = render()
    if response.status_code in (200, 304):
        response["ETag"] = f'"{tag}"'
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


def _page(request: HttpRequest, viewer: tuple[object, ...] | None) -> str:
    """Which page for whom, apart from the state of its data."""
    club = getattr(request, "club", None)
    return _hash(
        (
            viewer,
            request.get_full_path(),
            LIVE_HEADER in request.META,
            None if club is None else (club.pk, club.name),
            CODE_VERSION,
        )
    )


def _hash(value: object) -> str:
    return hashlib.sha256(repr(value).encode()).hexdigest()[:40]


def _asked_tags(request: HttpRequest) -> set[str]:
    asked = request.META.get("HTTP_IF_NONE_MATCH", "")
    return {part.strip().removeprefix("W/") for part in asked.split(",") if part.strip()}


def _shared(
    page: str, tag: str, render: Callable[[], HttpResponse], fresh: float, asked: set[str]
) -> tuple[str, HttpResponse]:
    """(ETag, answer) from the cache, or the last render while it is fresh or another request
    renders the page anew, else rendered now (and kept for the next visitors)."""
    found = cache.get(PREFIX + tag)
    if found is not None:
        return tag, _response(found)
    latest = cache.get(LATEST + page)
    if latest is not None and (
        time.time() - latest[2] < fresh or not cache.add(BUSY + page, 1, BUSY_SECONDS)
    ):
        old_tag = latest[3]
        if f'"{old_tag}"' in asked:
            return old_tag, HttpResponseNotModified()
        return old_tag, _response(latest)
    try:
        response = render()
        if response.status_code == 200 and not response.streaming:
            kept = (response.content, response["Content-Type"], time.time(), tag)
            cache.set_many({PREFIX + tag: kept, LATEST + page: kept}, CACHE_SECONDS)
    finally:
        cache.delete(BUSY + page)
    return tag, response


def _response(kept: tuple[bytes, str, float, str]) -> HttpResponse:
    return HttpResponse(kept[0], content_type=kept[1])
