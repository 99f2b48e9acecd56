"""The Spielwart's side of the table links: issue, renew and revoke them, show them as QR codes.

Owns the link pages of the Spielwart (`@spielwart_required`): issuing links for every table of
a Serie, renewing or revoking one table's link, a page with one big QR code to hold up at the
table, and the QR code itself as SVG (drawn by `segno`, cached per address). The writes are
`services.issue_links`, `issue_link` and `revoke_link`, which keep the history.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST, require_safe

from skatclub.club import services
from skatclub.club.models import TableLink
from skatclub.club.views.lookups import ROUND, TABLE, round_or_404, table_or_404
from skatclub.club.views.permissions import spielwart_required

# Hosts a phone at the table cannot reach: the Serie page warns when its address is one.
LOCAL_HOSTS = {"localhost", "127.0.0.1", "[::1]", "::1", "testserver"}


def link_address(request: HttpRequest, link: TableLink) -> str:
    """The full address the players open (as the Spielwart's browser reached this server)."""
    return request.build_absolute_uri(link.get_absolute_url())


def is_local_address(request: HttpRequest) -> bool:
    return request.get_host().rsplit(":", 1)[0] in LOCAL_HOSTS


@lru_cache(maxsize=512)
def qr_svg(address: str) -> str:
    """The address as a QR code in SVG (error correction M: readable from a worn printout)."""
    code = segno.make(address, error="m", micro=False)
    return str(code.svg_inline(scale=4, omitsize=True, svgclass="qr", lineclass=None))


@spielwart_required
@require_POST
def links_issue(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = round_or_404(key, number)
    issued = services.issue_links(round_=round_, user=request.user)
    messages.success(request, f"{len(issued)} Tisch-Links ausgegeben.")
    return redirect("spielwart-round", key=key, number=number)


@spielwart_required
@require_POST
def link_renew(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    services.issue_link(table=table_obj, user=request.user)
    messages.success(
        request, f"Tisch {table} hat einen neuen Link; der alte funktioniert nicht mehr."
    )
    return redirect("spielwart-round", key=key, number=number)


@spielwart_required
@require_POST
def link_revoke(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    if services.revoke_link(table=table_obj, user=request.user):
        messages.success(request, f"Der Link von Tisch {table} ist gesperrt.")
    else:
        messages.error(request, f"Tisch {table} hatte keinen gültigen Link.")
    return redirect("spielwart-round", key=key, number=number)


@spielwart_required
@require_safe
def link_show(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    """One table's link, big: to hold up at the table for the players to scan."""
    table_obj = table_or_404(key, number, table)
    link = services.live_links(table_obj.round).get(table_obj.pk)
    context = {
        "event": table_obj.round.event,
        "round": table_obj.round,
        "table": table_obj,
        "link": link,
        "address": link_address(request, link) if link else "",
        "local": is_local_address(request),
        "players": [s.player for s in table_obj.seats.select_related("player")],
    }
    return render(request, "club/spielwart_table_link.html", context)


@spielwart_required
@require_safe
def link_qr(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    link = services.live_links(table_obj.round).get(table_obj.pk)
    if link is None:
        raise Http404("Dieser Tisch hat keinen gültigen Link.")
    return qr_response(link_address(request, link))


def qr_response(address: str) -> HttpResponse:
    """The address's QR code as an SVG document."""
    svg = qr_svg(address)
    document = svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    response = HttpResponse(document, content_type="image/svg+xml")
    response["Cache-Control"] = "private, max-age=3600"
    return response


urlpatterns = [
    path(ROUND + "tisch-links/", links_issue, name="spielwart-links-issue"),
    path(TABLE + "link/", link_show, name="spielwart-link"),
    path(TABLE + "link/qr.svg", link_qr, name="spielwart-link-qr"),
    path(TABLE + "link/neu/", link_renew, name="spielwart-link-renew"),
    path(TABLE + "link/sperren/", link_revoke, name="spielwart-link-revoke"),
]
