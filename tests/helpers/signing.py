"""Signing a table's list as its players do: on the table's phone with every other player
confirming, or through a seat's own link."""

from __future__ import annotations

from skatclub.club import services
from skatclub.club.models import Player, Signature, TableLink


def sign_at_table(*, link: TableLink, player: Player) -> Signature:
    """`player` signs on the table's phone; every other player at the table confirms him."""
    others = [s.player for s in link.table.seats.select_related("player") if s.player != player]
    return services.sign_table(link=link, player=player, confirmed_by=others)


def sign_post(link: TableLink, position: int) -> dict[str, str | list[str]]:
    """The table phone's sign form for `position`, every other seat's player confirming."""
    others = link.table.seats.exclude(position=position).values_list("position", flat=True)
    return {"position": str(position), "confirm": "1", "bestaetigt": [str(p) for p in others]}


def seat_url(link: TableLink, position: int) -> str:
    """The seat's own link, as its QR code on the table's page holds it."""
    seat = link.table.seats.get(position=position)
    token = services.seat_token(link, position, seat.player_id)
    return f"/t/{link.token}/platz/{position}/{token}/"
