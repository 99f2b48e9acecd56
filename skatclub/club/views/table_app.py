"""The table page as an app on the players' phones: its service worker and web app manifest.

Owns `/t/sw.js` (the service worker that keeps the table page and its static files on the phone,
so the page opens with no network, even after a reload) and `/t/<token>/app.webmanifest` (name
and icons for "Zum Startbildschirm hinzufügen"). Browsers run service workers only on HTTPS or
localhost; on the club's plain-HTTP LAN the table page's script (`static/table/`) keeps its
queue in localStorage and says what works offline. Reads only: `services.live_link`.
"""

from __future__ import annotations

import hashlib
from functools import cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import path, reverse
from django.views.decorators.http import require_safe

import skatclub
from skatclub.club import services

# What the service worker keeps on the phone beside the table page itself: the styles, the icon
# and every ES module of the page's script (main.js imports the others).
SHELL = (
    "skatclub.css",
    "table.css",
    "table/main.js",
    "table/queue.js",
    "table/retry.js",
    "table/messages.js",
    "table/readback.js",
    "table/choices.js",
    "table-icon.svg",
)
ICONS = (("table-icon-192.png", "192x192"), ("table-icon-512.png", "512x512"))


def _scope() -> str:
    """The folder of the table links (`/t/`, or `/v/<club>/t/` on a server with several clubs)."""
    return reverse("table-sw").rsplit("/", 1)[0] + "/"


@cache
def _shell_digest() -> str:
    """A short digest of the kept files' contents: the worker's cache gets a new name (and the
    phones fetch the files anew) whenever one of them changes, not only with a new release."""
    digest = hashlib.sha256()
    for name in SHELL:
        found = finders.find(name)
        if isinstance(found, str):
            with open(found, "rb") as file:
                digest.update(file.read())
    return digest.hexdigest()[:12]


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "cache": f"skatclub-tisch-{skatclub.__version__}-{_shell_digest()}",
        "shell": [static(name) for name in SHELL],
    }
    response = render(request, "club/table_sw.js", context, content_type="text/javascript")
    response["Service-Worker-Allowed"] = _scope()
    response["Cache-Control"] = "no-cache"  # a new version reaches the phones at once
    return response


@require_safe
def manifest(request: HttpRequest, token: str) -> HttpResponse:
    link = services.live_link(token)
    if link is None:
        return render(request, "club/table_link_missing.html", status=404)
    table = link.table
    icons = [{"src": static(name), "sizes": size, "type": "image/png"} for name, size in ICONS]
    icons.append({"src": static("table-icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    document = {
        "name": f"Skat · Tisch {table.number} · Serie {table.round.number}",
        "short_name": f"Tisch {table.number}",
        "lang": "de",
        "start_url": link.get_absolute_url(),
        "scope": _scope(),
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": "#0b4f8a",
        "icons": icons,
    }
    response = JsonResponse(document, content_type="application/manifest+json")
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [
    path("t/sw.js", service_worker, name="table-sw"),
    path("t/<str:token>/app.webmanifest", manifest, name="table-manifest"),
]
