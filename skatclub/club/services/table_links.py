"""Entry at the table: each table's secret link and the players' sign-off on their list.

Owns issuing, renewing and revoking a table's link (`TableLink`, a `secrets.token_urlsafe`
token), the rule of what a link may write (`check_link_writes`: only its own table, only while
the link is live, its event is not closed (`closing.refuse_closed`, the one guard of a closed
event: an `EventClosedError`, which is a `LinkClosedError`) and its time is not up
(`queries.table_status.link_closed`, refused with `LinkClosedError`) and the list is neither
signed off nor confirmed) and the sign-off of the players (`Signature`). Games entered
through a link are written by `results.record_game` with the link as the actor; the history
then says "am Tisch erfasst".
Terms: a *live* link is one that is not revoked; a table is *signed off* when every seated
player has signed its complete list.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence

from django.core import signing
from django.db import connection, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare

from skatclub.club import tenancy
from skatclub.club.formatting import listing
from skatclub.club.models import Change, Event, Player, Round, Signature, Table, TableLink
from skatclub.club.queries.progress import progress_of
from skatclub.club.queries.table_status import link_closed
from skatclub.club.services.closing import refuse_closed
from skatclub.club.services.errors import EntryError, LinkClosedError
from skatclub.club.services.history import Actor, acting_user, log_change

# 12 bytes = 16 URL-safe characters, 96 random bits: short enough to type from the Serie
# page, far too many to guess.
TOKEN_BYTES = 12
TOKEN_MAX_LENGTH = 64  # TableLink.token
# What `token_urlsafe` writes: anything else is no token of ours and is not looked up (a NUL
# in the query broke it on PostgreSQL, an anonymous visitor got a 500).
TOKEN = re.compile(rf"[A-Za-z0-9_-]{{1,{TOKEN_MAX_LENGTH}}}")


def new_token() -> str:
    """A link's secret: never all digits, which would be a table's short address (/t/<id>/,
    the address printed on its list; a chance of one in 10^13 to happen, but it is a rule)."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    while token.isdigit():
        token = secrets.token_urlsafe(TOKEN_BYTES)
    return token


def live_link(token: str) -> TableLink | None:
    """The live link with this token, or None (revoked, mistyped or never issued)."""
    if not TOKEN.fullmatch(token):
        return None
    return (
        TableLink.objects.select_related("table__round__event")
        .filter(
            token=token,
            revoked_at__isnull=True,
            **tenancy.of_club("table__round__event__club_id"),
        )
        .first()
    )


def link_version(token: str) -> tuple[int, int, int] | None:
    """(table id, table version, event version) of the live link with this token, or None:
    1,400 phones ask this every few seconds, so it is one line of SQL written out (the ORM
    built the same query in three times the time the database took to answer it). The
    event's version is there because the event's settings (games per Serie) change what the
    phones show."""
    if not TOKEN.fullmatch(token):
        return None
    club_id = tenancy.current_club_id()
    sql = _LINK_VERSION if club_id is None else _LINK_VERSION + _OF_CLUB
    with connection.cursor() as cursor:
        cursor.execute(sql, [token] if club_id is None else [token, club_id])
        row = cursor.fetchone()
    return None if row is None else (int(row[0]), int(row[1]), int(row[2]))


_LINK_VERSION = (
    f"SELECT link.table_id, t.version, e.version FROM {TableLink._meta.db_table} link"  # noqa: S608
    f" JOIN {Table._meta.db_table} t ON t.id = link.table_id"
    f" JOIN {Round._meta.db_table} r ON r.id = t.round_id"
    f" JOIN {Event._meta.db_table} e ON e.id = r.event_id"
    " WHERE link.token = %s AND link.revoked_at IS NULL"
)
_OF_CLUB = " AND e.club_id = %s"


def live_links(round_: Round) -> dict[int, TableLink]:
    """Table id -> its live link, for every table of the Serie that has one."""
    links = TableLink.objects.filter(table__round=round_, revoked_at__isnull=True)
    return {link.table_id: link for link in links}


@transaction.atomic
def issue_link(*, table: Table, user: Actor) -> TableLink:
    """A new link for the table; the old one, if any, stops working at once."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    _revoke(table, user)
    link = TableLink.objects.create(table=table, token=new_token(), created_by=acting_user(user))
    log_change(table, Change.Action.LINK, user, None, None, note=_note(link))
    return link


@transaction.atomic
def issue_links(*, round_: Round, user: Actor) -> list[TableLink]:
    """A link for every table of the Serie that has none yet."""
    have = set(live_links(round_))
    return [
        issue_link(table=table, user=user)
        for table in round_.tables.order_by("number")
        if table.pk not in have
    ]


@transaction.atomic
def revoke_link(*, table: Table, user: Actor) -> bool:
    """Stop the table's link; False when it had none."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    return _revoke(table, user)


def _revoke(table: Table, user: Actor) -> bool:
    revoked = False
    for link in TableLink.objects.filter(table=table, revoked_at__isnull=True):
        link.revoked_at = timezone.now()
        link.save(update_fields=["revoked_at"])
        log_change(table, Change.Action.UNLINK, user, None, None, note=_note(link))
        revoked = True
    return revoked


def _note(link: TableLink) -> str:
    return f"Link …{link.token[-4:]}"


def check_link_writes(link: TableLink, table: Table) -> None:
    """May this link change this table now? Raises a German `EntryError` if not.

    Called by every service that writes through a link, inside its transaction and after
    the table row is locked, so a link revoked a moment ago writes nothing.
    """
    if link.table_id != table.pk:
        raise EntryError("foreign_table", "Dieser Link gehört zu einem anderen Tisch.")
    _check_live(link, table)
    if table.check_status == Table.Check.CONFIRMED:
        raise _confirmed(table)
    # `table` is locked and read in this transaction: its `has_signatures` is current, and a
    # table nobody signed (every save but the last few) needs no count of seats and signatures.
    if table.has_signatures and is_signed_off(table):
        raise EntryError(
            "table_signed",
            "Alle am Tisch haben die Liste unterschrieben; sie liegt jetzt beim Spielwart. "
            "Änderungen nur noch über den Spielwart.",
        )


def _check_live(link: TableLink, table: Table) -> None:
    """The link is not revoked, its event is not closed and its time is not up.

    The event's `closed_at` is read again with the link, after the table's lock: the event
    loaded with the table is no newer than the request, and `close_event` locks every table
    of the event, so a save either ends before the closing or sees it."""
    live = list(
        TableLink.objects.filter(pk=link.pk, revoked_at__isnull=True)
        .values_list("table__round__event__closed_at", flat=True)
        .order_by()
    )
    if not live:
        raise EntryError(
            "link_revoked", "Dieser Tisch-Link wurde gesperrt. Bitte den Spielwart fragen."
        )
    table.round.event.closed_at = live[0]
    # A closed event: the one guard of a closed event (`closing`), which refuses a link all.
    refuse_closed(live[0], user=link, doing="")
    closed = link_closed(table)  # its days are over
    if closed:
        raise LinkClosedError(closed)


def _confirmed(table: Table) -> EntryError:
    return EntryError(
        "table_confirmed",
        f"Die Liste von Tisch {table.number} ist schon geprüft; am Tisch lässt sich nichts "
        "mehr ändern. Bitte an den Spielwart wenden.",
    )


def is_signed_off(table: Table) -> bool:
    seated = table.seats.count()
    return seated > 0 and table.signatures.count() >= seated


# A seat's own address: the table's token, the seat and its player, signed with the
# SECRET_KEY. Renewing the table's link or seating another player there ends it; nothing is
# stored, so there is nothing to issue or to forget to revoke.
SEAT_SALT = "skatclub.seat-link"


def seat_token(link: TableLink, position: int, player_id: int) -> str:
    """The secret of one seat's link: the seat's player signs with it on his own phone."""
    return signing.Signer(salt=SEAT_SALT).signature(f"{link.token}:{position}:{player_id}")


def seat_player(link: TableLink, position: int, token: str) -> Player | None:
    """The player seated at `position` if `token` is that seat's secret, else None (a wrong
    or old secret, another table's, a seat that changed player)."""
    seat = link.table.seats.select_related("player").filter(position=position).first()
    if seat is None or not constant_time_compare(token, seat_token(link, position, seat.player_id)):
        return None
    return seat.player


@transaction.atomic
def sign_table(
    *,
    link: TableLink,
    player: Player,
    way: str = Signature.Way.TABLE_PHONE,
    confirmed_by: Sequence[Player] = (),
    phone_signed: int | None = None,
) -> Signature:
    """`player` signs his table's complete list: on his own phone through his seat's link
    (`way=OWN_PHONE`, the caller has checked `seat_token`), or on the table's phone, where
    every other player at the table confirms that it is him (`confirmed_by`), as a
    Bridgemate's opponents confirm the score: one phone alone cannot sign for four.
    `phone_signed`: the player this phone already signed for at this table through a seat
    link, if any; one phone signs one seat. Signing twice keeps the first signature."""
    table = (
        Table.objects.select_for_update(of=("self",))
        .select_related("round__event")
        .get(pk=link.table_id)
    )
    _check_live(link, table)
    seated = [s.player for s in table.seats.select_related("player").order_by("position")]
    if player not in seated:
        raise EntryError("unknown_player", f"{player.name} sitzt nicht an diesem Tisch.")
    now = progress_of(table)
    if now.is_confirmed:
        raise _confirmed(table)
    if now.is_totals:
        raise EntryError(
            "totals_entered",
            "Diese Liste wurde als Summen von der Papierliste erfasst; unterschrieben wird auf "
            "dem Papier.",
        )
    if not now.is_complete:
        raise EntryError(
            "list_incomplete",
            "Unterschrieben wird erst nach dem letzten Spiel der Serie.",
        )
    existing = Signature.objects.filter(table=table, player=player).first()
    if existing is not None:
        return existing
    others = [p for p in seated if p != player]
    if way == Signature.Way.OWN_PHONE and phone_signed not in (None, player.pk):
        raise EntryError(
            "phone_signed",
            "Mit diesem Handy wurde an diesem Tisch schon für jemand anderen unterschrieben. "
            "Jede und jeder unterschreibt mit dem eigenen Handy – oder am Tischhandy, von den "
            "anderen bestätigt.",
        )
    if way == Signature.Way.TABLE_PHONE:
        missing = [p for p in others if p not in confirmed_by]
        if missing:
            raise EntryError("confirmation_missing", _confirm_first(player, missing))
    names = [p.name for p in others] if way == Signature.Way.TABLE_PHONE else []
    signature = Signature.objects.create(table=table, player=player, way=way, confirmed_by=names)
    if not table.has_signatures:
        Table.objects.filter(pk=table.pk).update(has_signatures=True)
    log_change(
        table,
        Change.Action.SIGN,
        link,
        None,
        {"player": player.key, "way": way, "confirmed_by": names},
        note=signature.get_way_display(),
    )
    return signature


def _confirm_first(player: Player, missing: list[Player]) -> str:
    names = [p.name for p in missing]
    who = listing(names)
    verb = "bestätigt" if len(names) == 1 else "bestätigen"
    return (
        f"Am Tischhandy unterschreibt {player.name} erst, wenn die anderen am Tisch es "
        f"bestätigen: bitte {who} den eigenen Namen antippen ({verb}, dass hier "
        f"{player.name} unterschreibt) – oder mit dem eigenen Handy über den QR-Code des "
        "Platzes unterschreiben."
    )
