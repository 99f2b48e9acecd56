"""Where a table's list stands, for the phones that poll it (`table_status`), and what the
players must be told about it: a rejection by the Spielwart, or signatures withdrawn because
the list changed (`table_notice`), or why the table's link writes nothing any more
(`link_closed`: the event is closed, or its days are over).

Read from the table's history (`Change`): the newest such event since the last game saved at
the table, so a notice goes away once the players carry on. `SIGNATURES_RESET` is the note
`services.review.reopen_check` leaves on the change that withdrew signatures. Writes nothing.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.utils import timezone

from skatclub.club.formatting import listing
from skatclub.club.models import Change, Game, Seat, Signature, Table
from skatclub.club.queries.progress import progress_of

# The note on the history row of a write that withdrew the players' signatures.
SIGNATURES_RESET = "Unterschriften am Tisch zurückgesetzt"
# The history rows looked at: a table's newest changes hold the event, if there is one (a
# Spielwart's correction re-values at most a Serie's games through Bockrunden).
LOOK_BACK = 60


def table_status(table: Table) -> dict[str, Any]:
    """The answer of a table's `/stand/`: its version, the next game, whether the list is
    complete, its state and game count, and the notice for the players. `table` has its Serie
    and event loaded; its version is the one the caller read (never newer than the rest)."""
    now = progress_of(table)
    return {
        "version": table.version,
        "next": now.next_number,
        "complete": now.is_complete,
        "state": now.state.value,
        "games": now.games,
        "notice": table_notice(table.pk),
        "closed": link_closed(table),
    }


def link_closed(table: Table) -> str:
    """Why the table's link writes nothing any more, in German; "" while it may.

    The Spielwart closed the event (`services.close_event`): from then on he alone corrects
    its lists. Or its time is up: a link is for the evening, and
    `settings.SKATCLUB_TABLE_LINK_DAYS` days after the event's date it stops writing (an old,
    complete, unsigned list is not changed weeks later by whoever kept the QR code). The page
    stays readable either way. `table` has its Serie and event loaded.
    """
    event = table.round.event
    if event.closed_at is not None:
        return event_closed(event.closed_at)
    days = settings.SKATCLUB_TABLE_LINK_DAYS
    last = event.date + datetime.timedelta(days=days)
    if timezone.localdate() <= last:
        return ""
    return (
        f"Dieser Tisch-Link galt bis {last:%d.%m.%Y} ({days} Tage nach der Veranstaltung); "
        "hier lässt sich nichts mehr eintragen oder unterschreiben. Änderungen nur noch "
        "über den Spielwart."
    )


def event_closed(closed_at: datetime.datetime) -> str:
    """What a table's link says once its event is closed: the players' words of the one
    refusal `services.check_event_open` makes (the Spielwart's words are `closed_since`)."""
    return (
        f"{closed_since(closed_at)}; hier lässt sich nichts mehr eintragen, zurücknehmen oder "
        "unterschreiben. Änderungen nur noch über den Spielwart."
    )


def closed_since(closed_at: datetime.datetime) -> str:
    """„Die Veranstaltung ist abgeschlossen (seit 20.11.2026, 23:15 Uhr)“: how every refusal
    of a closed event begins, at the table and on the Spielwart's pages."""
    when = timezone.localtime(closed_at)
    return f"Die Veranstaltung ist abgeschlossen (seit {when:%d.%m.%Y}, {when:%H:%M} Uhr)"


def table_notice(table_id: int) -> str:
    """The German notice for the players, or "" when there is none."""
    rows = (
        Change.objects.filter(table_id=table_id)
        .order_by("-at", "-id")
        .values_list("action", "source", "note", "game_number")[:LOOK_BACK]
    )
    return notice_of(rows) or ""


# One history row as the notice reads it: action, source, note, game number.
ChangeRow = tuple[str, str, str, int | None]


def notice_of(rows: Iterable[ChangeRow]) -> str | None:
    """The notice the history `rows` (newest first) give: "" for none, None when they do not
    decide it (older rows would). A save at the table decides it with its own row, so its
    answer needs no read of the history (`services.save_entry`)."""
    for action, source, note, number in rows:
        at_table = source == Change.Source.TABLE
        if action == Change.Action.REJECT:
            why = f" Begründung: „{note}“." if note else ""
            return (
                "Der Spielwart hat die Liste beanstandet." + why + " Bitte mit dem Spielwart "
                "klären; er korrigiert die Liste, danach wird neu unterschrieben."
            )
        if SIGNATURES_RESET in note:
            return _reset(action, at_table, number)
        if action == Change.Action.CONFIRM or (
            at_table and action in (Change.Action.CREATE, Change.Action.UPDATE)
        ):
            return ""
    return None


@dataclass(frozen=True)
class TableList:
    """A table's list as its phones show it: the table (its Serie, event and checker loaded),
    the seats in seat order with their running totals (players loaded), the games in number
    order, how each player who signed did it (`signed`: player id -> `signed_how`), and the
    notice for the players.

    Read by `table_list`, or built by the save that just changed the list from what it holds
    under the table's lock (`services.save_entry`): the page after a save is the same either
    way (test_table_link_entry compares them)."""

    table: Table
    seats: Sequence[Seat]
    games: Sequence[Game]
    signed: Mapping[int, str]
    notice: str


def table_list(table_id: int) -> TableList:
    table = Table.objects.select_related("round__event", "checked_by").get(pk=table_id)
    games = Game.objects.filter(table=table).order_by("number")
    if table.round.event.house_ramsch:
        games = games.prefetch_related("ramsch_scores")
    seats = Seat.objects.filter(table=table).select_related("player").order_by("position")
    signed = signed_at_table(table)
    return TableList(table, list(seats), list(games), signed, table_notice(table.pk))


def signed_at_table(table: Table) -> dict[int, str]:
    """Player id -> how he signed the table's list (`signed_how`), for every signature."""
    return {s.player_id: signed_how(s) for s in table.signatures.all()}


def signed_how(signature: Signature, *, short: bool = False) -> str:
    """How a player signed, in the words every surface shows: "mit dem eigenen Handy" or
    "am Tischhandy, bestätigt von Bernd und Carl"; `short` for the box on the printed list
    ("eigenes Handy", "Tischhandy, bestätigt")."""
    if signature.way == Signature.Way.OWN_PHONE:
        return "eigenes Handy" if short else "mit dem eigenen Handy"
    names = list(signature.confirmed_by)
    if not names:  # signed before the opponents' confirmation existed
        return "Tischhandy" if short else "am Tischhandy"
    return "Tischhandy, bestätigt" if short else f"am Tischhandy, bestätigt von {listing(names)}"


def signed_on_lists(table_ids: Iterable[int]) -> dict[int, dict[int, str]]:
    """Table id -> seat position -> how its player signed (`signed_how`, short), for the
    printed lists: two queries for all tables."""
    ids = list(table_ids)
    signatures = list(Signature.objects.filter(table_id__in=ids).order_by())
    if not signatures:
        return {}
    seats = Seat.objects.filter(table_id__in={s.table_id for s in signatures})
    position = {(t, p): n for t, p, n in seats.values_list("table_id", "player_id", "position")}
    found: dict[int, dict[int, str]] = {}
    for s in signatures:
        seat = position.get((s.table_id, s.player_id))
        if seat is not None:
            found.setdefault(s.table_id, {})[seat] = signed_how(s, short=True)
    return found


def _reset(action: str, at_table: bool, number: int | None) -> str:
    game = f"Spiel {number}" if number else "die Liste"
    if at_table and action == Change.Action.DELETE:
        what = f"{game} wurde am Tisch zurückgenommen"
    elif at_table:
        what = f"{game} wurde am Tisch geändert"
    elif action == Change.Action.DELETE:
        what = f"Der Spielwart hat {game} gelöscht"
    elif action == Change.Action.TOTALS:
        what = "Der Spielwart hat die Summen der Liste neu erfasst"
    else:
        what = f"Der Spielwart hat {game} geändert"
    return (
        f"{what}; die Unterschriften sind damit zurückgesetzt. Bitte die Liste prüfen und "
        "neu unterschreiben."
    )


def signed_by_table(event_id: int) -> list[tuple[str, str]]:
    """Each table of the event that was signed at the table ("Serie 1, Tisch 2") with who
    signed how ("Anna Albers: eigenes Handy; Bernd Brandt: Tischhandy, bestätigt"), in
    Serie and table order: the Spielbericht's record of the sign-off."""
    signatures = (
        Signature.objects.filter(table__round__event_id=event_id)
        .select_related("player", "table__round")
        .order_by("table__round__number", "table__number", "signed_at")
    )
    found: dict[tuple[int, int], list[str]] = {}
    for s in signatures:
        key = (s.table.round.number, s.table.number)
        found.setdefault(key, []).append(f"{s.player.name}: {signed_how(s, short=True)}")
    return [(f"Serie {r}, Tisch {t}", "; ".join(names)) for (r, t), names in found.items()]
