"""Entering and checking one table's results: the entry page, corrections, paper totals.

Owns the table entry page (typed club notation or the field form, game by game, with the
score sheet), correcting and deleting a game (with version check against silent overwrites),
the history of a table, entering a paper Spielliste as totals and the second signature
(confirm/reject). All writes go through `services` (record_game, delete_game, record_totals,
check_table), which keep the history. Requests from `static/entry.js` (header
`X-Entry-Partial`) get, after a typed game at the end of the list, a JSON of just what
changed (row, foot, next game), otherwise the updated sheet partial instead of a redirect;
errors re-render with the input kept and status 422 (409 for an edit conflict).
"""

from __future__ import annotations

import logging
from typing import Any, cast

from django.contrib import messages
from django.db import OperationalError
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.views.decorators.http import require_POST

from scoring import WON_BONUS, Declaration, Outcome, ScoringError
from skatclub.club import services
from skatclub.club.entry_line import LineError, parse_line
from skatclub.club.forms import TYPE_CHOICES, CheckForm, GameForm, TotalsForm
from skatclub.club.models import Game, Player, Table
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.changes import snapshot_text
from skatclub.club.presenters.entry_sheet import last_saved, sheet_foot, sheet_rows
from skatclub.club.presenters.turns import next_game
from skatclub.club.queries.checking import table_changes
from skatclub.club.queries.progress import LIST_COMPLETE, next_game_number, progress_of
from skatclub.club.queries.score_sheet import ScoreSheet, saved_tail, score_sheet
from skatclub.club.queries.table_status import signed_how
from skatclub.club.tenancy import of_club
from skatclub.club.views.lookups import (
    INVALID,
    TABLE,
    seated_players,
    table_or_404,
)
from skatclub.club.views.permissions import checker_required, is_spielwart, spielwart_required

PARTIAL_HEADER = "HTTP_X_ENTRY_PARTIAL"
BUSY = 503  # nothing saved, the input kept: send again in a moment
logger = logging.getLogger(__name__)


# --- entry, game by game -------------------------------------------------------------------


def _entry_context(table: Table, sheet: ScoreSheet, **extra: Any) -> dict[str, Any]:
    seats = [(p.position, p.name) for p in sheet.players]
    progress = progress_of(table)
    context: dict[str, Any] = {
        "table": table,
        "event": table.round.event,
        "sheet": sheet,
        "progress": progress,
        "line": "",
        "line_error": "",
        "number": progress.next_number,
        "game_form": GameForm(seats=seats),
        "form_error": "",
        "rows": sheet_rows(sheet),
        "foot": sheet_foot(sheet),
        "signed": [
            f"{s.player.name} ({signed_how(s)})" for s in table.signatures.select_related("player")
        ],
        "last_saved": last_saved(sheet),
    }
    context.update(extra)
    context["form_values"] = _form_values(context["game_form"], seats)
    context["next"] = next_game(dict(seats), context["number"])
    return context


def _form_values(form: GameForm, seats: list[tuple[int, str]]) -> dict[str, Any]:
    """What the field form shows: the posted values after an error, else the defaults.

    The form is written out in `_entry_form.html` (not with Django widgets, which cost several
    ms per entered game); `GameForm` still does all the parsing.
    """
    data = form.data if form.is_bound else {}
    values = {name: data.get(name, "") for name in ("type", "matadors", "bid", "result", "level")}
    flags = ("hand", "ouvert", "schneider_announced", "schwarz_announced", "kontra", "re")
    values.update({name: bool(data.get(name)) for name in flags})
    values.update(seats=seats, types=TYPE_CHOICES, declarer=whole_number(data.get("declarer")))
    return values


def _respond_entry(request: HttpRequest, context: dict[str, Any], status: int) -> HttpResponse:
    template = (
        "club/_entry_main.html" if PARTIAL_HEADER in request.META else "club/table_entry.html"
    )
    return render(request, template, context, status=status)


@spielwart_required
def table_entry(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    posted = whole_number(request.POST.get("number")) if request.method == "POST" else None
    if posted and "line" in request.POST:
        # A typed line with its game number: the table is read once, under its lock.
        return _post_line(request, services.TableAt(key, number, table), posted)
    table_obj = table_or_404(key, number, table)
    if request.method != "POST":
        return _respond_entry(request, _entry_context(table_obj, score_sheet(table_obj)), 200)
    game = posted or progress_of(table_obj).next_number
    if game is None:
        return _refused(request, table_obj, _list_complete(request, table_obj))
    if "line" in request.POST:
        return _post_line(request, services.TableAt(key, number, table), game)
    extra = _post_form(request, table_obj, game)
    saved = extra.pop("saved", None)
    if extra:
        return _refused(request, table_obj, extra)
    return _saved(request, table_obj, saved)


def _list_complete(request: HttpRequest, table: Table) -> dict[str, Any]:
    """A game without a number for a list that misses none: refused, the input kept."""
    if "line" in request.POST:
        return {"line": request.POST["line"], "line_error": LIST_COMPLETE}
    seats = [(pos, p.name) for pos, p in sorted(seated_players(table).items())]
    return {"game_form": GameForm(request.POST, seats=seats), "form_error": LIST_COMPLETE}


def _post_line(request: HttpRequest, at: services.TableAt, number: int) -> HttpResponse:
    text = request.POST["line"]
    try:
        refused = _record_line(at, number, text, 0, request.user)
    except Table.DoesNotExist:
        raise Http404("Diesen Tisch gibt es nicht.") from None
    if isinstance(refused, Game):
        return _saved(request, refused.table, refused)
    table = table_or_404(at.event_key, at.round_number, at.number)
    message = f"Spiel {number}: {refused.message}"
    return _refused(
        request, table, {"line": text, "line_error": message, **_offered(number, refused)}
    )


def _refused(request: HttpRequest, table: Table, extra: dict[str, Any]) -> HttpResponse:
    """The page again with what was typed and why it was refused."""
    status = extra.pop("status", INVALID)
    return _respond_entry(request, _entry_context(table, score_sheet(table), **extra), status)


def _saved(request: HttpRequest, table: Table, saved: Game | None) -> HttpResponse:
    """After a save: a redirect, or for the page's script just what changed (a typed game at
    the end of the list) or the sheet again."""
    if PARTIAL_HEADER not in request.META:
        return redirect(f"{table.get_absolute_url()}#eingabe")
    if saved is not None:
        taken = saved.table.game_numbers
        if taken is None:  # a Ramsch: its save leaves no numbers
            taken = set(table.games.order_by().values_list("number", flat=True))
        tail = saved_tail(saved, taken)
        if tail is not None:
            return _saved_answer(tail, taken)
    return _respond_entry(request, _entry_context(table, score_sheet(table)), 200)


def _saved_answer(tail: ScoreSheet, taken: set[int]) -> JsonResponse:
    """Only what a typed game at the end of the list changed, for `static/entry.js`: its row,
    the foot, the caption, the next game and the last saved line (no page render)."""
    limit = tail.games_per_round
    names = {p.position: p.name for p in tail.players}
    context = {  # rendered without the request: none of the three needs the page context
        "sheet": tail,
        "foot": sheet_foot(tail),
        "next": next_game(names, next_game_number(taken, limit)),
        "last_saved": last_saved(tail),
        "won_bonus": WON_BONUS,
    }
    return JsonResponse(
        {
            "number": tail.rows[0].number,
            "row": sheet_rows(tail)[0],
            "caption": f"Spielliste Tisch {tail.table_number} ({len(taken)} von {limit} Spielen)",
            "foot": context["foot"],
            "next": render_to_string("club/_entry_next.html", context),
            "last_saved": render_to_string("club/_entry_last_saved.html", context),
        }
    )


def _post_form(request: HttpRequest, table: Table, number: int) -> dict[str, Any]:
    """Record game `number` from the field form; the errors to show, if any."""
    seats = seated_players(table)
    form = GameForm(request.POST, seats=[(pos, p.name) for pos, p in sorted(seats.items())])
    if not form.is_valid():
        return {"game_form": form}
    error = _record_form(table, seats, number, form, request.user)
    if error is None:
        return {"saved": None}
    message = f"Spiel {number}: {error.message}"
    return {"game_form": form, "form_error": message, **_offered(number, error)}


def _offered(number: int, error: Exception) -> dict[str, Any]:
    """The game number the form offers next: after a conflict the next free one (somebody else
    just took `number`: the page's default), otherwise the same. A busy database is answered
    with 503."""
    if isinstance(error, services.ConflictError):
        return {}
    if isinstance(error, services.BusyError):
        return {"number": number, "status": BUSY}
    return {"number": number}


def _record_line(
    table: Table | services.TableAt, number: int, text: str, version: int, user: Any
) -> Game | LineError | services.EntryError:
    """Record one typed line; the saved game, or the error to show. The line is read here,
    before the save's transaction; its seat is read against the seats under the lock."""
    try:
        entry = services.Entry(number, parse_line(text))
        return _save(
            services.record_line, table=table, entry=entry, user=user, expected_version=version
        )
    except (LineError, services.EntryError) as error:
        return error


def _save(write: Any, **fields: Any) -> Game:
    """`write(**fields)` (a results service); a database busy with another write becomes a
    BusyError."""
    try:
        return cast(Game, write(**fields))
    except OperationalError as error:
        if not services.is_busy(error):
            raise
        logger.warning("Speichern abgewiesen, Datenbank beschäftigt: %s", error)
        raise services.BusyError() from error


def _record_form(
    table: Table, seats: dict[int, Player], number: int, form: GameForm, user: Any
) -> services.EntryError | ScoringError | None:
    passed = form.is_passed
    try:  # the form's game in the engine's types, read before the save's transaction
        declaration = None if passed else Declaration.from_dict(form.declaration())
        outcome = None if passed else Outcome.from_dict(form.outcome())
        _save(
            services.record_game,
            table=table,
            number=number,
            declarer=None if passed else seats.get(form.cleaned_data["declarer"]),
            declaration=declaration,
            outcome=outcome,
            user=user,
            expected_version=0,
        )
    except (services.EntryError, ScoringError) as error:
        return error
    return None


# --- corrections and history ---------------------------------------------------------------


@spielwart_required
def game_edit(request: HttpRequest, key: str, number: int, table: int, game: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    game_obj = get_object_or_404(
        Game.objects.select_related("declarer"), table=table_obj, number=game
    )
    seats = seated_players(table_obj)
    back_to_review = request.GET.get("zurueck", request.POST.get("zurueck")) == "abweichend"
    context = {
        "table": table_obj,
        "event": table_obj.round.event,
        "game": game_obj,
        "line": _game_line(game_obj, seats),
        "version": game_obj.version,
        "error": "",
        "back_to_review": back_to_review,
    }
    if request.method != "POST":
        return render(request, "club/spielwart_game_edit.html", context)
    text = request.POST.get("line", "")
    version = whole_number(request.POST.get("expected_version"))
    error = _record_line(table_obj, game, text, version or 0, request.user)
    if isinstance(error, Game):
        messages.success(request, f"Spiel {game} geändert.")
        if back_to_review:
            return redirect("spielwart-recorded")
        return redirect(f"{table_obj.get_absolute_url()}#spiel-{game}")
    conflict = isinstance(error, services.ConflictError)
    context.update(line=text, version=version, error=error.message, conflict=conflict)
    status = 409 if conflict else BUSY if isinstance(error, services.BusyError) else INVALID
    return render(request, "club/spielwart_game_edit.html", context, status=status)


def _game_line(game: Game, seats: dict[int, Player]) -> str:
    if game.passed_in:
        return game.notation or "p"
    seat = next(pos for pos, p in seats.items() if p.pk == game.declarer_id)
    return f"{seat} {game.notation}"


@spielwart_required
@require_POST
def game_delete(request: HttpRequest, key: str, number: int, table: int, game: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    version = whole_number(request.POST.get("expected_version"))
    try:
        services.delete_game(
            table=table_obj, number=game, user=request.user, expected_version=version
        )
    except services.EntryError as error:
        messages.error(request, error.message)
        return redirect(reverse("spielwart-game-edit", args=[key, number, table, game]))
    messages.success(request, f"Spiel {game} gelöscht.")
    return redirect(table_obj.get_absolute_url())


@spielwart_required
def table_history(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    changes = [
        {"change": c, "before": snapshot_text(c.before), "after": snapshot_text(c.after)}
        for c in table_changes(table_obj)
    ]
    context = {"table": table_obj, "event": table_obj.round.event, "changes": changes}
    return render(request, "club/spielwart_history.html", context)


# --- paper lists and the second signature --------------------------------------------------


@spielwart_required
def table_totals(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    players = [p for _, p in sorted(seated_players(table_obj).items())]
    form = TotalsForm(request.POST or None, players=players, initial=_totals_initial(table_obj))
    error = ""
    if request.method == "POST" and form.is_valid():
        lines = [services.TotalLine(p, score, won, lost) for p, score, won, lost in form.values()]
        try:
            services.record_totals(table=table_obj, lines=lines, user=request.user)
        except (services.EntryError, ScoringError) as exc:
            error = exc.message
        else:
            messages.success(request, f"Summen von Tisch {table_obj.number} gespeichert.")
            return redirect(table_obj.get_absolute_url())
    context = {"table": table_obj, "event": table_obj.round.event, "form": form, "error": error}
    status = INVALID if (error or form.errors) else 200
    return render(request, "club/spielwart_totals.html", context, status=status)


def _totals_initial(table: Table) -> dict[str, int]:
    initial: dict[str, int] = {}
    for total in table.totals.all():
        initial[f"score_{total.player_id}"] = total.list_score
        initial[f"won_{total.player_id}"] = total.won
        initial[f"lost_{total.player_id}"] = total.lost
    return initial


@checker_required
@require_POST
def table_check(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = table_or_404(key, number, table)
    checking = request.POST.get("back") == "pruefen" or not is_spielwart(request.user)
    back = (
        reverse("checking-round", args=[key, number]) if checking else table_obj.get_absolute_url()
    )
    form = CheckForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errs in form.errors.values() for e in errs))
        return redirect(back)
    confirm = form.cleaned_data["decision"] == "confirm"
    try:
        services.check_table(
            table=table_obj, user=request.user, confirm=confirm, note=form.cleaned_data["note"]
        )
    except services.EntryError as refused:
        messages.error(request, refused.message)
        return redirect(back)
    state = "geprüft" if confirm else "beanstandet"
    messages.success(request, f"Tisch {table_obj.number} ist {state}.")
    if checking:
        return redirect(back)
    return redirect("spielwart-round", key=key, number=number)


@spielwart_required
def table_short(request: HttpRequest, table_id: int) -> HttpResponse:
    """The short address printed on a blank Spielliste: on to the table's entry page."""
    table = get_object_or_404(
        Table.objects.select_related("round__event"),
        pk=table_id,
        **of_club("round__event__club_id"),
    )
    return redirect(table.get_absolute_url())


# The short address on a printed list (/t/<table id>/), before the table links' /t/<token>/
# (`urls`): a link's token is never all digits (`services.table_links.new_token`).
short_urlpatterns = [path("t/<int:table_id>/", table_short, name="table-short")]

urlpatterns = [
    path(TABLE, table_entry, name="table-entry"),
    path(TABLE + "spiel/<int:game>/", game_edit, name="spielwart-game-edit"),
    path(TABLE + "spiel/<int:game>/loeschen/", game_delete, name="spielwart-game-delete"),
    path(TABLE + "summen/", table_totals, name="spielwart-totals"),
    path(TABLE + "pruefen/", table_check, name="spielwart-check"),
    path(TABLE + "verlauf/", table_history, name="spielwart-history"),
]
