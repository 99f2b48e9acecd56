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
- A cached page is compressed once when rendered and answered compressed to every browser
  that takes gzip (the projector for 1,400 players: 250 kB of HTML, 7 kB compressed), with a
  weak ETag; each server process keeps the pages it answered lately by ETag in memory, and
  answers from there while the shared cache still holds the page.
- Not cached, no ETag: downloads (`?format=`), and a page that has messages to show.
Reads: the request's user, session and cookies. Writes: cache entries.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from django.conf import settings
from django.contrib.messages import get_messages
from django.core.cache import cache
from django.db.models import Model
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.utils.cache import patch_vary_headers

from skatclub.club.printing.pdf_cache import CODE_VERSION
from skatclub.club.views.permissions import club_role

T = TypeVar("T")
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
        tag, response = _shared(page, tag, render, seconds, asked, _takes_gzip(request))
    else:
        response = render()
    if response.status_code in (200, 304):
        # Weak when compressed, as Django's GZipMiddleware does: the same page, another form.
        weak = "W/" if response.get("Content-Encoding") == "gzip" else ""
        response["ETag"] = f'{weak}"{tag}"'
        response["Cache-Control"] = "no-cache" if viewer is None else "private, no-cache"
    patch_vary_headers(response, ("Cookie", "X-Live", "Accept-Encoding"))
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
    page: str,
    tag: str,
    render: Callable[[], HttpResponse],
    fresh: float,
    asked: set[str],
    gzip_ok: bool,
) -> tuple[str, HttpResponse]:
    """(ETag, answer) from the cache, or the last render while it is fresh or another request
    renders the page anew, else rendered now (and kept for the next visitors)."""
    found = _kept(tag)
    if found is not None:
        return tag, _response(found, gzip_ok)
    latest = cache.get(LATEST + page)  # (rendered at, its ETag)
    if latest is not None and (
        time.time() - latest[0] < fresh or not cache.add(BUSY + page, 1, BUSY_SECONDS)
    ):
        old_tag = latest[1]
        if f'"{old_tag}"' in asked:
            return old_tag, HttpResponseNotModified()
        old = _kept(old_tag)
        if old is not None:
            return old_tag, _response(old, gzip_ok)
    try:
        response = render()
        if response.status_code == 200 and not response.streaming:
            kept = Kept(response.content, gzip.compress(response.content), response["Content-Type"])
            cache.set_many({PREFIX + tag: kept, LATEST + page: (time.time(), tag)}, CACHE_SECONDS)
            _recent.remember(PREFIX + tag, kept)
            response = _response(kept, gzip_ok)
    finally:
        cache.delete(BUSY + page)
    return tag, response


@dataclass(frozen=True)
class Kept:
    """A rendered page as it is answered: as rendered, compressed once (a projector page for
    1,400 players is 250 kB of HTML and 7 kB compressed: 300 spectators every two seconds
    would need 300 Mbit/s uncompressed), and its content type."""

    content: bytes
    gzipped: bytes
    content_type: str


class _Memory:
    """The cache entries this process read or wrote lately, the `limit` newest: shared by the
    server's application threads."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._entries: OrderedDict[str, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, name: str) -> Any:
        return self._entries.get(name)

    def remember(self, name: str, value: object) -> None:
        with self._lock:
            self._entries[name] = value
            self._entries.move_to_end(name)
            while len(self._entries) > self.limit:
                self._entries.popitem(last=False)


# The pages this process answered lately, by ETag: a page's ETag names its content, so a kept
# page is stale only when the shared cache lost it too (`_kept` asks), and the shared file
# cache is read (and its copy unpickled) once per page and process, not for every visitor.
_recent = _Memory(limit=32)


def _kept(tag: str) -> Kept | None:
    """The page with this ETag, if the shared cache still has it (a restored backup empties
    the cache: `backup.restore`); the copy from this process's memory when it has one (the
    cache file's first bytes say whether it is there; reading the whole file is what this
    saves)."""
    found = _cached(_recent, PREFIX + tag)
    return found if isinstance(found, Kept) else None  # else kept by an older skatclub


def _cached(memory: _Memory, name: str) -> Any:
    """The cache's entry `name`, from this process's `memory` while the cache still has it."""
    found = memory.get(name)
    if found is not None and cache.has_key(name):
        return found
    found = cache.get(name)
    if found is not None:
        memory.remember(name, found)
    return found


ONCE = "once:"  # a value computed once for every process, by a hash of what it depends on
# The small values this process computed or read lately (a table's status: a few kB): the four
# phones of a table ask within seconds of each other, while 350 tables change several times
# a second.
_once = _Memory(limit=512)


def computed_once(key: object, compute: Callable[[], T]) -> T:
    """`compute()` for `key`, computed by whichever request asks first and then answered from
    the shared cache (and each process's memory) to every other: `key` must name everything
    the value depends on, as an ETag does. The four phones of a table ask for the same status
    after every change; one of them pays for it."""
    name = ONCE + _hash(key)
    found: T | None = _cached(_once, name)
    if found is None:
        found = compute()
        cache.set(name, found, CACHE_SECONDS)
        _once.remember(name, found)
    return found


def _takes_gzip(request: HttpRequest) -> bool:
    return "gzip" in request.headers.get("Accept-Encoding", "")


def _response(kept: Kept, gzip_ok: bool) -> HttpResponse:
    if not gzip_ok:
        return HttpResponse(kept.content, content_type=kept.content_type)
    response = HttpResponse(kept.gzipped, content_type=kept.content_type)
    response["Content-Encoding"] = "gzip"
    return response
