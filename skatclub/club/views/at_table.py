"""Entry at the table through the table's secret link: no login, that one table only.

Owns the pages behind `/t/<token>/`: the table's list with running totals, the big-button
entry (or one line of club notation), the read-back before saving, undo of the last game and
the players' sign-off. Every write goes through `services` with the link as the actor
(`save_entry`, `delete_game`, `sign_table`), which check that the link is live, belongs to
this table and that the list is still open; the history says "am Tisch erfasst". A game in
the post is read whole here, in the engine's types (`services.Entry`), before any service
runs; the service reads its seat against the table's seats under the lock. A revoked
or mistyped link gets a German 404 and changes nothing. Requests from `static/table.js`
(header `X-Entry-Partial`) get fragments instead of whole pages.

Every answer carries the table's version (`X-Table-Version`) and is never cached, so a phone
(and the browser's back/forward) never shows an old list; `/stand/` answers the version with
an ETag for the phones' cheap poll. A save is taken exactly once (`services.save_entry`): the
phone's `entry_id` or the same game resent is answered "schon gespeichert"
(`X-Entry-Result: already-saved`), a different game on a taken number is a 409 that shows both.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import Any

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from scoring import Declaration, Outcome, Ruleset, ScoringError, legal_bids
from scoring.notation import format_ramsch
from scoring.table import TABLE_SIZES
from scoring.value import SUIT_MAX_MATADORS
from skatclub.club import services
from skatclub.club.entry_line import EntryLine, LineError, line_text, parse_line
from skatclub.club.formatting import number
from skatclub.club.forms import PASSED, TableGameForm
from skatclub.club.models import GAME_TYPE_CHOICES, Game, Player, Signature, Table, TableLink
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.readback import game_words, readback
from skatclub.club.presenters.turns import schedule
from skatclub.club.printing.pdf_cache import CODE_VERSION
from skatclub.club.queries.progress import LIST_COMPLETE, progress_from, progress_of
from skatclub.club.queries.table_status import TableList, link_closed, table_list, table_status
from skatclub.club.views import conditional
from skatclub.club.views.lookups import INVALID, seated_players
from skatclub.club.views.table_links import qr_response

PARTIAL_HEADER = "HTTP_X_ENTRY_PARTIAL"
CONFLICT = 409
BAD_REQUEST = 400
VERSION_HEADER = "X-Table-Version"
RESULT_HEADER = "X-Entry-Result"
# Never from a cache, not even back/forward: the list changes under the phone's feet.
NO_CACHE = "no-cache, no-store, must-revalidate, private"
ENTRY_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")  # Game.entry_id, made by the phone
CSRF_PLACEHOLDER = "\x00csrf\x00"  # in a shared page or fragment, for each phone's own token
RELOAD = (
    "Bitte die Seite neu laden und noch einmal versuchen; die Liste hat sich vielleicht geändert."
)


def uncached(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Every answer of the view, a refusal of its method included, is never cached."""

    @wraps(view)
    def wrapper(request: HttpRequest, token: str, **seat: Any) -> HttpResponse:
        response = view(request, token, **seat)
        response["Cache-Control"] = NO_CACHE
        return response

    return wrapper


def link_required(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """The view gets the live link of the token; any other token gets the German 404.
    Every answer is marked uncacheable and carries the table's version."""

    @uncached
    @wraps(view)
    def wrapper(request: HttpRequest, token: str) -> HttpResponse:
        link = services.live_link(token)
        if link is None:
            return render(request, "club/table_link_missing.html", status=404)
        response = view(request, link)
        if VERSION_HEADER not in response:
            response[VERSION_HEADER] = str(_version(link.table_id))
        return response

    return wrapper


def etag_matches(header: str, etag: str) -> bool:
    """Whether an If-None-Match header names `etag` (weak or strong, or "*")."""
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return etag in tags or "*" in tags


def _version(table_id: int) -> int:
    return Table.objects.filter(pk=table_id).values_list("version", flat=True).get()


# --- what the page shows -------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    position: int
    player_id: int
    name: str
    list_score: int  # the running total (written onto the seat by every save)


def _context(
    link: TableLink, *, full: bool = True, shown: TableList | None = None, **extra: Any
) -> dict[str, Any]:
    """What the page shows; `full=False` only what the status fragment needs (after a save).
    `shown`: the table's list as a save just left it, else it is read."""
    shown = shown or table_list(link.table_id)
    table = shown.table
    players = tuple(
        SeatLine(s.position, s.player_id, s.player.name, s.list_score) for s in shown.seats
    )
    names = {p.position: p.name for p in players}
    by_player = {p.player_id: p.position for p in players}
    listed = shown.games
    entered = [_entered_line(g, names, by_player) for g in reversed(listed)]
    now = progress_from(
        table, [g.number for g in listed], seats=len(players), signed=len(shown.signed)
    )
    closed = link_closed(table)
    context: dict[str, Any] = {
        "link": link,
        "table": table,
        "event": table.round.event,
        "progress": now,
        "closed": closed,
        "writable": now.is_changeable_at_table and not closed,
        "notice": shown.notice,
        "totals": players,
        "entered": entered,
        "last": entered[0] if entered else None,
        "signers": _signers(link, players, shown.signed),
        "schedule": schedule(names, now.expected) if full else {},
        "choices": _choices(table, seated_players(table)) if full else {},
        "values": {},
        "line": "",
        "error": "",
        "readback": None,
        "saved": None,
        "taken": None,
        "signing": None,
        "confirming": [],
    }
    context.update(extra)
    context["next"] = context["schedule"].get(str(now.next_number))
    return context


def _signers(
    link: TableLink, players: tuple[SeatLine, ...], signed: Mapping[int, str]
) -> list[dict[str, Any]]:
    """Each seat's sign-off: whether and how its player signed, his seat's own link (its QR
    code) and the others who confirm him on the table's phone."""
    return [
        {
            "player": p,
            "signed": p.player_id in signed,
            "how": signed.get(p.player_id, ""),
            "seat_url": reverse(
                "table-seat",
                args=[link.token, p.position, services.seat_token(link, p.position, p.player_id)],
            ),
            "others": [o for o in players if o.position != p.position],
        }
        for p in players
    ]


def _entered_line(game: Game, names: dict[int, str], by_player: dict[int, int]) -> dict[str, Any]:
    """One line of the table's list: a Ramsch with what each loser lost."""
    if game.ramsch is not None:
        scores = sorted(
            (by_player.get(s.player_id, 0), s.list_score) for s in game.ramsch_scores.all()
        )
        value = ", ".join(f"{names.get(seat, '')} {number(score)}" for seat, score in scores)
    else:
        value = "" if game.passed_in else number(game.list_score)
    return {
        "number": game.number,
        "name": names.get(by_player.get(game.declarer_id or 0, 0), ""),
        "words": game_words(game),
        "value": value,
        "won": game.won,
        "version": game.version,
    }


def _choices(table: Table, seats: dict[int, Player]) -> dict[str, Any]:
    return {
        "seats": sorted(seats.items()),
        "types": GAME_TYPE_CHOICES,
        "spitzen": list(range(1, SUIT_MAX_MATADORS + 1)),
        "bids": legal_bids_for(table),
        "passed": PASSED,
    }


def legal_bids_for(table: Table) -> list[int]:
    return list(_bids(table.round.event.ruleset))


@lru_cache(maxsize=8)
def _bids(ruleset: str) -> tuple[int, ...]:
    """The Reizwerte to choose from (the engine works them out; they never change)."""
    return legal_bids(Ruleset(ruleset))


def _respond(
    request: HttpRequest, context: dict[str, Any], fragment: str, status: int = 200
) -> HttpResponse:
    partial = PARTIAL_HEADER in request.META
    template = fragment if partial else "club/table_link.html"
    response = render(request, template, {**context, "partial": partial}, status=status)
    response[VERSION_HEADER] = str(context["table"].version)
    return response


def _answer(
    request: HttpRequest, link: TableLink, fragment: str, status: int = 200, **extra: Any
) -> HttpResponse:
    """A read-back or a refusal: table.js gets its fragment alone, made from the table as
    this request found it, with no read of the list (a read-back comes before every save);
    a browser without JavaScript the whole page around it."""
    if PARTIAL_HEADER not in request.META:
        return _respond(request, _context(link, **extra), fragment, status)
    context = {"link": link, "table": link.table, "readback": None, "error": "", **extra}
    return _respond(request, context, fragment, status)


# --- reading one game from the post --------------------------------------------------------


class Refused(Exception):
    def __init__(
        self, message: str, extra: dict[str, Any], status: int = INVALID, *, closed: bool = False
    ) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra
        self.status = status
        self.closed = closed  # the link writes nothing any more (`services.LinkClosedError`)


def _refused_by(message: str, error: Exception, status: int = INVALID) -> Refused:
    """A refusal of the services, with `error`'s German message."""
    return Refused(message, {}, status, closed=isinstance(error, services.LinkClosedError))


# Every seat a table can have: the save reads the buttons before the table's seats, and the
# seat chosen is read against them under the table's lock (`services.typed_at`).
ANY_SEAT = [(position, "") for position in range(1, max(TABLE_SIZES) + 1)]


def _read_game(request: HttpRequest, table: Table, table_size: int | None) -> services.Entry:
    """The game in the post, in the engine's types: a line of club notation or the big
    buttons. Read before any transaction: its seat is read against the table's seats by the
    service (`services.typed_at`). `table_size`: the number of seats when the caller has read
    them (the read-back), else None (the save, which reads them under its lock)."""
    number = whole_number(request.POST.get("number")) or progress_of(table).next_number
    if number is None:
        raise Refused(LIST_COMPLETE, {})
    if "line" in request.POST:
        try:
            line = parse_line(request.POST["line"], table_size)
        except LineError as error:
            raise Refused(f"Spiel {number}: {error.message}", {}) from None
        return services.Entry(number, line)
    choices = ANY_SEAT if table_size is None else ANY_SEAT[:table_size]
    form = TableGameForm(request.POST, seats=choices)
    if not form.is_valid():
        messages = [str(e) for errors in form.errors.values() for e in errors]
        raise Refused(" ".join(messages), {})
    if form.is_passed:
        return services.Entry(number, EntryLine(None, None, None))
    try:
        declaration = Declaration.from_dict(form.declaration())
        outcome = Outcome.from_dict(form.outcome())
    except ScoringError as error:
        raise Refused(f"Spiel {number}: {error.message}", {}) from None
    return services.Entry(number, EntryLine(form.cleaned_data["declarer"], declaration, outcome))


def _line_of(line: EntryLine) -> str:
    """The game as one canonical line of club notation (what the confirm form sends)."""
    bock = "" if line.bock_override is None else f" B{line.bock_override}"
    if line.ramsch is not None:
        return format_ramsch(line.ramsch) + bock
    if line.seat is None or line.declaration is None:
        return "p"
    # A typed "B0" (no Bock though the Bockrunde says so) must survive the confirmation.
    keep = " B0" if line.bock_override == 0 else ""
    return line_text(line.seat, line.declaration, line.outcome) + keep


def _posted_values(request: HttpRequest) -> dict[str, Any]:
    """The buttons as the player left them, to show them again after an error."""
    post = request.POST
    keys = ("declarer", "type", "direction", "spitzen", "bid", "result", "level", "card_points")
    values: dict[str, Any] = {key: post.get(key, "") for key in keys}
    for flag in ("hand", "ouvert", "schneider_announced", "schwarz_announced", "kontra", "re"):
        values[flag] = bool(post.get(flag))
    return values


# --- the views -----------------------------------------------------------------------------


@link_required
@require_safe
def table_page(request: HttpRequest, link: TableLink) -> HttpResponse:
    """The table's page; `?gespeichert=n` / `?schon=n` after a save without JavaScript."""
    saved = _saved(whole_number(request.GET.get("gespeichert")), False)
    saved = saved or _saved(whole_number(request.GET.get("schon")), True)
    signing = whole_number(request.GET.get("unterschreiben"))
    return _status(request, link, saved=saved, signing=signing)


def _status(request: HttpRequest, link: TableLink, **extra: Any) -> HttpResponse:
    """The table's status: the fragment for table.js (no buttons to fill), else the page."""
    full = PARTIAL_HEADER not in request.META
    if not any(extra.values()) and (not full or _same_for_every_phone(request)):
        return _shared(request, link, full=full)
    return _respond(request, _context(link, full=full, **extra), "club/_table_status.html")


def _same_for_every_phone(request: HttpRequest) -> bool:
    """Whether the whole page is the one every phone of the table gets: no login (a login
    reads its messages on it) and no message waiting."""
    user = getattr(request, "user", None)
    return not (user is not None and user.is_authenticated) and not len(get_messages(request))


def _shared(request: HttpRequest, link: TableLink, *, full: bool) -> HttpResponse:
    """The table's page or its status fragment as every phone of the table gets it: rendered
    once per version of table and event (and day: a link's time runs out; and club: its name
    is in the page's title), for all four phones, with each phone's own CSRF token put in
    (the forms: entry, undo and signatures). The fragment is what the phones fetch after
    every change; the page is what 1,400 players open within a minute of sitting down."""
    table = link.table  # loaded with its event by link_required: the versions need no query
    versions = (table.pk, table.version, table.round.event.version)
    club = getattr(request, "club", None)
    named = None if club is None else (club.pk, club.name)
    what = "table-page" if full else "table-status"
    key = (what, link.token, *versions, named, timezone.localdate(), CODE_VERSION)
    text, version = conditional.computed_once(key, lambda: _rendered(request, link, full))
    response = HttpResponse(text.replace(CSRF_PLACEHOLDER, get_token(request)))
    response[VERSION_HEADER] = str(version)
    return response


def _rendered(request: HttpRequest, link: TableLink, full: bool) -> tuple[str, int]:
    """The page or the fragment with a placeholder for the CSRF token, and the version it
    shows."""
    context = {**_context(link, full=full), "partial": not full, "csrf_token": CSRF_PLACEHOLDER}
    if not full:
        return render_to_string("club/_table_status.html", context), context["table"].version
    page = render_to_string("club/table_link.html", context, request=request)
    return page, context["table"].version


@uncached
@require_safe
def table_state(request: HttpRequest, token: str) -> HttpResponse:
    """The phones' poll: the table's version and where its list stands, as JSON; 304 when the
    phone's ETag names the current versions of table and event (then one query: the link's
    table and both versions)."""
    found = services.link_version(token)
    if found is None:
        response = render(request, "club/table_link_missing.html", status=404)
    else:
        table_id, version, event_version = found
        etag = f'"t{table_id}-{version}-{event_version}"'
        if etag_matches(request.headers.get("If-None-Match", ""), etag):
            response = HttpResponse(status=304)
        else:  # the same for the table's four phones: computed once per versions and day
            key = ("table-state", etag, timezone.localdate(), CODE_VERSION)
            state = conditional.computed_once(key, lambda: _table_state(table_id, version))
            response = HttpResponse(state, content_type="application/json")
        response["ETag"] = etag
        response[VERSION_HEADER] = str(version)
    return response


def _table_state(table_id: int, version: int) -> str:
    table = Table.objects.select_related("round__event").get(pk=table_id)
    table.version = version  # the one the ETag names, never newer than what follows
    return json.dumps(table_status(table))


@link_required
@require_POST
def game_preview(request: HttpRequest, link: TableLink) -> HttpResponse:
    """The read-back: the game in words with the engine's value, nothing saved yet."""
    seats = seated_players(link.table)
    try:
        entry = _read_game(request, link.table, len(seats))
        game = services.preview_entry(table=link.table, typed=entry, user=link, seats=seats)
    except Refused as refused:
        return _refused(request, link, refused)
    except services.EntryError as error:
        return _refused(
            request, link, _refused_by(f"Spiel {_number(request)}: {error.message}", error)
        )
    name = game.declarer.name if game.declarer else ""
    said: dict[str, Any] = {
        "text": readback(entry.number, name, game),
        "line": _line_of(entry.line),
        "number": entry.number,
        "derivation": game.derivation,
        "won": game.won,
        # Made here for a page without JavaScript; table.js may send its own instead.
        "entry_id": secrets.token_urlsafe(12),
    }
    return _answer(request, link, "club/_table_readback.html", readback=said)


@link_required
@require_POST
def game_save(request: HttpRequest, link: TableLink) -> HttpResponse:
    """Save the confirmed game exactly once; `version` replaces the stored game with it.

    The post is read whole here, before the save's transaction; the service reads the game's
    seat against the seats under the table's lock (one read of the seats)."""
    try:
        entry_id, version = _entry_id(request), _replacing(request)
        entry = _read_game(request, link.table, None)
    except Refused as refused:
        return _refused(request, link, refused)
    try:
        saved = services.save_entry(
            table=link.table,
            typed=entry,
            user=link,
            entry_id=entry_id,
            expected_version=version,
        )
    except services.TakenError as taken:
        return _taken(request, link, entry, taken)
    except services.ConflictError as error:
        conflict = Refused(f"Spiel {_number(request)}: {error.message}", {}, CONFLICT)
        return _refused(request, link, conflict)
    except services.EntryError as error:
        return _refused(
            request, link, _refused_by(f"Spiel {_number(request)}: {error.message}", error)
        )
    return _done(request, link, saved)


def _entry_id(request: HttpRequest) -> str:
    """The phone's id of this entry ("" when none is sent); anything else is refused."""
    entry_id = request.POST.get("entry_id", "")
    if entry_id and not ENTRY_ID.fullmatch(entry_id):
        message = "Die Kennung der Eingabe ist ungültig (1–64 Zeichen: A–Z, a–z, 0–9, - und _)."
        raise Refused(message + " " + RELOAD, {}, BAD_REQUEST)
    return entry_id


def _replacing(request: HttpRequest) -> int:
    """0 for a new game, else the stored game's version that the players' game replaces."""
    if "version" not in request.POST:
        return 0
    version = whole_number(request.POST["version"])
    if version is None:
        raise Refused("Die Version des gespeicherten Spiels fehlt. " + RELOAD, {}, BAD_REQUEST)
    return version


def _number(request: HttpRequest) -> str:
    return str(whole_number(request.POST.get("number")) or "")


def _refused(request: HttpRequest, link: TableLink, refused: Refused) -> HttpResponse:
    """The error, with the typed line or the buttons as they were left. A link that writes
    nothing any more says so in `X-Entry-Result: closed` too: table.js keeps such a game as
    not saved (the entry is gone from the page) and shows the page's new state."""
    kept = {"line": request.POST.get("line", ""), "values": _posted_values(request)}
    extra = {"error": refused.message, **kept, **refused.extra}
    response = _answer(request, link, "club/_table_readback.html", refused.status, **extra)
    if refused.closed:
        response[RESULT_HEADER] = "closed"
    return response


def _taken(
    request: HttpRequest, link: TableLink, entry: services.Entry, taken: services.TakenError
) -> HttpResponse:
    """409: another game is stored under this number; both in words, the players choose."""
    stored, entered = taken.stored, taken.entered  # `entered`: valued with its declarer
    name = stored.declarer.name if stored.declarer else ""
    mine = entered.declarer.name if entered.declarer else ""
    conflict = {
        "number": stored.number,
        "stored": readback(stored.number, name, stored),
        "mine": readback(entry.number, mine, entered),
        "version": stored.version,
        "line": _line_of(entry.line),
        "entry_id": request.POST.get("entry_id", ""),
    }
    context = _context(link, taken=conflict, error=taken.message)
    return _respond(request, context, "club/_table_taken.html", CONFLICT)


def _saved(number: int | None, already: bool) -> dict[str, Any] | None:
    return None if number is None else {"number": number, "already": already}


def _done(request: HttpRequest, link: TableLink, saved: services.Saved) -> HttpResponse:
    """After a save: the status with the saved game and the next one (or the page, without
    JavaScript, scrolled to that confirmation), from the list as the save left it."""
    response: HttpResponse
    number, already = saved.game.number, saved.already
    if _browser_form(request):
        query = "schon" if already else "gespeichert"
        page = reverse("table-link", args=[link.token])
        response = redirect(f"{page}?{query}={number}#gespeichert")
    else:
        response = _status(request, link, saved=_saved(number, already), shown=saved.after)
    response[RESULT_HEADER] = "already-saved" if already else "saved"
    return response


def _browser_form(request: HttpRequest) -> bool:
    """Whether a browser posted the form itself (no table.js, and it asks for HTML): it is
    sent on to the page (post/redirect/get, so a reload does not post again). table.js gets
    the status fragment, any other client (a script, an app retrying a save) the page itself
    with 200: a 2xx answer whether the game was saved now or before, no redirect to follow."""
    partial = PARTIAL_HEADER in request.META
    return not partial and "text/html" in request.headers.get("Accept", "")


def _changed(request: HttpRequest, link: TableLink) -> HttpResponse:
    """After an undo or a signature: the status (the page without JavaScript)."""
    if _browser_form(request):
        return redirect(reverse("table-link", args=[link.token]) + "#stand")
    return _status(request, link)


@link_required
@require_POST
def game_undo(request: HttpRequest, link: TableLink) -> HttpResponse:
    """Take back the last game entered at this table (only the last one, only the version the
    phone shows)."""
    number = whole_number(request.POST.get("number"))
    version = whole_number(request.POST.get("version"))
    if version is None:
        return _refused(request, link, Refused(RELOAD, {}, BAD_REQUEST))
    last = Game.objects.filter(table=link.table).order_by("-number").first()
    if last is None or number != last.number:
        message = "Zurücknehmen lässt sich nur das zuletzt erfasste Spiel."
        return _refused(request, link, Refused(message, {}, CONFLICT))
    try:
        services.delete_game(
            table=link.table, number=last.number, user=link, expected_version=version
        )
    except services.EntryError as error:
        status = CONFLICT if isinstance(error, services.ConflictError) else INVALID
        return _refused(request, link, _refused_by(error.message, error, status))
    return _changed(request, link)


@link_required
@require_POST
def table_sign(request: HttpRequest, link: TableLink) -> HttpResponse:
    """One player signs the complete list for his own seat on the table's phone, after
    confirming with his name; every other player at the table confirms it is him
    (`bestaetigt`: their seats, each tapped by its player)."""
    seats = seated_players(link.table)
    position = whole_number(request.POST.get("position")) or 0
    player = seats.get(position)
    if player is None:
        return _refused(request, link, Refused("Bitte den eigenen Namen antippen.", {}))
    confirming = _confirming(request, seats, position)
    keep = {"signing": position, "confirming": [p for p, _ in confirming]}
    if request.POST.get("confirm") != "1":
        message = f"Bitte bestätigen: „Ich, {player.name}, habe die Liste geprüft und "
        message += "unterschreibe.“"
        return _refused(request, link, Refused(message, keep, BAD_REQUEST))
    try:
        services.sign_table(link=link, player=player, confirmed_by=[p for _, p in confirming])
    except services.EntryError as error:
        closed = isinstance(error, services.LinkClosedError)
        return _refused(request, link, Refused(error.message, keep, closed=closed))
    return _changed(request, link)


def _confirming(
    request: HttpRequest, seats: dict[int, Player], signer: int
) -> list[tuple[int, Player]]:
    """The other seats whose players tapped their names to confirm the signer."""
    tapped = {whole_number(value) for value in request.POST.getlist("bestaetigt")[:8]}
    return [(pos, p) for pos, p in sorted(seats.items()) if pos in tapped and pos != signer]


def _seat(token: str, position: int, seat: str) -> tuple[TableLink, Player] | None:
    """The live link and the seat's player if `seat` is that seat's secret, else None."""
    link = services.live_link(token)
    player = None if link is None else services.seat_player(link, position, seat[:64])
    return None if link is None or player is None else (link, player)


@uncached
def seat_page(request: HttpRequest, token: str, position: int, seat: str) -> HttpResponse:
    """A seat's own link (its QR code on the table's page), opened on the player's own phone:
    the list to read, and the signature for this seat only. Anything but the seat's secret
    gets the German 404."""
    found = _seat(token, position, seat)
    if found is None:
        return render(request, "club/table_link_missing.html", status=404)
    link, player = found
    if request.method == "POST":
        return _seat_sign(request, link, player, position)
    if request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    return _seat_answer(request, link, player, position)


@uncached
@require_safe
def seat_qr(request: HttpRequest, token: str, position: int, seat: str) -> HttpResponse:
    """The seat's link as a QR code, shown on the table's page for the player to scan."""
    if _seat(token, position, seat) is None:
        return render(request, "club/table_link_missing.html", status=404)
    page = reverse("table-seat", args=[token, position, seat])
    return qr_response(request.build_absolute_uri(page))


def _seat_sign(
    request: HttpRequest, link: TableLink, player: Player, position: int
) -> HttpResponse:
    if request.POST.get("confirm") != "1":
        message = f"Bitte bestätigen: „Ich, {player.name}, habe die Liste geprüft und "
        message += "unterschreibe.“"
        return _seat_answer(request, link, player, position, error=message, status=BAD_REQUEST)
    phone = _phone_signed(request)
    try:
        services.sign_table(
            link=link,
            player=player,
            way=Signature.Way.OWN_PHONE,
            phone_signed=phone.get(link.table_id),
        )
    except services.EntryError as error:
        return _seat_answer(request, link, player, position, error=error.message, status=INVALID)
    response = redirect(request.path + "#unterschrift")
    phone[link.table_id] = player.pk
    kept = dict(list(phone.items())[-PHONE_TABLES:])
    response.set_signed_cookie(
        PHONE_COOKIE,
        json.dumps(kept),
        salt=PHONE_COOKIE,
        max_age=PHONE_COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=request.is_secure(),
    )
    return response


# The seats this phone signed through seat links (table id -> player id): one phone signs
# one seat of a table, so the table's phone cannot open the four QR codes and sign for all.
PHONE_COOKIE = "skatclub_platz"
PHONE_COOKIE_AGE = 7 * 24 * 3600
PHONE_TABLES = 20


def _phone_signed(request: HttpRequest) -> dict[int, int]:
    kept = request.get_signed_cookie(PHONE_COOKIE, default="", salt=PHONE_COOKIE)
    return {int(table): int(player) for table, player in (json.loads(kept) if kept else {}).items()}


def _seat_answer(
    request: HttpRequest,
    link: TableLink,
    player: Player,
    position: int,
    *,
    error: str = "",
    status: int = 200,
) -> HttpResponse:
    context = _context(link, full=False, seat_player=player, seat_position=position)
    context["error"] = error
    context["own"] = next(s for s in context["signers"] if s["player"].position == position)
    response = render(request, "club/table_seat.html", context, status=status)
    response[VERSION_HEADER] = str(context["table"].version)
    return response


urlpatterns = [
    path("t/<str:token>/", table_page, name="table-link"),
    path("t/<str:token>/stand/", table_state, name="table-link-state"),
    path("t/<str:token>/vorlesen/", game_preview, name="table-link-preview"),
    path("t/<str:token>/spiel/", game_save, name="table-link-save"),
    path("t/<str:token>/zuruecknehmen/", game_undo, name="table-link-undo"),
    path("t/<str:token>/unterschreiben/", table_sign, name="table-link-sign"),
    path("t/<str:token>/platz/<int:position>/<str:seat>/", seat_page, name="table-seat"),
    path("t/<str:token>/platz/<int:position>/<str:seat>/qr.svg", seat_qr, name="table-seat-qr"),
]
