"""The Spielwart's pages: players, events, Serien, seating, entry, corrections, checks.

Every view is `@spielwart_required` (anonymous → login, members → 403) and reads top to bottom:
fetch, act, respond. Results are written only through `services` (which keep the history);
seating is computed by the pure `draw` module and stored here, with a `Change` ("seats") per
table. Forms re-render with the input kept and status 422 on errors; successful POSTs redirect
(POST-redirect-GET). Requests from `static/entry.js` (header `X-Entry-Partial`) get the
updated sheet partial instead of a redirect.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import Count, Max, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from scoring import ScoringError
from skatclub.club import draw, services
from skatclub.club.entry import LineError, parse_line
from skatclub.club.forms import (
    TYPE_CHOICES,
    CheckForm,
    EventForm,
    GameForm,
    GuestForm,
    PlayerForm,
    RoundForm,
    SwapForm,
    TotalsForm,
    unique_key,
)
from skatclub.club.models import (
    Attendance,
    Change,
    Event,
    Game,
    Player,
    Round,
    Season,
    Seat,
    Table,
)
from skatclub.club.permissions import spielwart_required
from skatclub.club.seating import dealer_position, playing_positions, sitting_positions
from skatclub.club.sheet import ScoreSheet, SheetRow, score_sheet
from skatclub.club.standings import event_standings, kasse_cents
from skatclub.club.tables import StandingsTable, standings_rows

INVALID = 422  # a form re-rendered with its errors and the input kept
PARTIAL_HEADER = "HTTP_X_ENTRY_PARTIAL"


# --- lookups -------------------------------------------------------------------------------


def _event(key: str) -> Event:
    return get_object_or_404(Event, key=key)


def _round(key: str, number: int) -> Round:
    return get_object_or_404(Round.objects.select_related("event"), event__key=key, number=number)


def _table(key: str, number: int, table: int) -> Table:
    return get_object_or_404(
        Table.objects.select_related("round__event"),
        round__event__key=key,
        round__number=number,
        number=table,
    )


def _seated_players(table: Table) -> dict[int, Player]:
    return {s.position: s.player for s in table.seats.select_related("player")}


# --- start page and players ----------------------------------------------------------------


@spielwart_required
def spielwart_home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.annotate(round_count=Count("rounds"))[:20]
    return render(request, "club/spielwart_home.html", {"events": events})


@spielwart_required
def player_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    show_all = request.GET.get("alle") == "1"
    players = Player.objects.all()
    if query:
        players = players.filter(Q(name__icontains=query) | Q(key__icontains=query))
    if not show_all:
        players = players.filter(is_active=True)
    context = {"players": players, "query": query, "show_all": show_all}
    return render(request, "club/spielwart_players.html", context)


@spielwart_required
def player_edit(request: HttpRequest, key: str | None = None) -> HttpResponse:
    player = get_object_or_404(Player, key=key) if key else None
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        messages.success(request, f"{saved.name} gespeichert.")
        return redirect("spielwart-players")
    status = INVALID if form.errors else 200
    return render(
        request, "club/spielwart_player_form.html", {"form": form, "player": player}, status=status
    )


@spielwart_required
@require_POST
def player_deactivate(request: HttpRequest, key: str) -> HttpResponse:
    player = get_object_or_404(Player, key=key)
    player.is_active = request.POST.get("active") == "1"
    player.save(update_fields=["is_active"])
    state = "wieder aktiv" if player.is_active else "deaktiviert"
    messages.success(request, f"{player.name} ist {state}.")
    return redirect("spielwart-players")


# --- events and attendance -----------------------------------------------------------------


@spielwart_required
def event_edit(request: HttpRequest, key: str | None = None) -> HttpResponse:
    event = _event(key) if key else None
    form = EventForm(request.POST or None, instance=event)
    if request.method == "POST" and form.is_valid():
        saved = form.save(commit=False)
        saved.season, _ = Season.objects.get_or_create(year=saved.date.year)
        saved.save()
        messages.success(request, f"Veranstaltung „{saved.name}“ gespeichert.")
        return redirect("spielwart-event", key=saved.key)
    status = INVALID if form.errors else 200
    return render(
        request, "club/spielwart_event_form.html", {"form": form, "event": event}, status=status
    )


@spielwart_required
def event_overview(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    rounds = event.rounds.annotate(
        table_count=Count("tables", distinct=True),
        open_count=Count(
            "tables", filter=~Q(tables__check_status=Table.Check.CONFIRMED), distinct=True
        ),
    )
    context = {
        "event": event,
        "rounds": rounds,
        "present_count": Attendance.objects.filter(event=event).count(),
        "round_form": RoundForm(),
    }
    return render(request, "club/spielwart_event.html", context)


@spielwart_required
def attendance(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    guest_form = GuestForm()
    if request.method == "POST":
        guest_form, done = _change_attendance(request, event)
        if done:
            return redirect(
                f"{reverse('spielwart-attendance', args=[event.key])}?q={request.POST.get('q', '')}"
            )
    query = request.GET.get("q", request.POST.get("q", "")).strip()
    present = Player.objects.filter(attendance__event=event).order_by("name")
    candidates = Player.objects.filter(is_active=True).exclude(attendance__event=event)
    if query:
        candidates = candidates.filter(Q(name__icontains=query) | Q(key__icontains=query))
    context = {
        "event": event,
        "present": present,
        "candidates": candidates[:50],
        "query": query,
        "guest_form": guest_form,
    }
    return render(
        request,
        "club/spielwart_attendance.html",
        context,
        status=INVALID if guest_form.errors else 200,
    )


def _change_attendance(request: HttpRequest, event: Event) -> tuple[GuestForm, bool]:
    action = request.POST.get("action")
    if action == "guest":
        form = GuestForm(request.POST)
        if not form.is_valid():
            return form, False
        name = form.cleaned_data["name"]
        guest = Player.objects.create(key=unique_key(name, Player), name=name, is_guest=True)
        Attendance.objects.create(event=event, player=guest)
        messages.success(request, f"Gast {guest.name} ist angemeldet.")
        return GuestForm(), True
    player = get_object_or_404(Player, pk=request.POST.get("player") or 0)
    if action == "add":
        Attendance.objects.get_or_create(event=event, player=player)
        messages.success(request, f"{player.name} ist anwesend.")
    elif action == "remove":
        Attendance.objects.filter(event=event, player=player).delete()
        messages.success(request, f"{player.name} ist nicht mehr anwesend.")
    return GuestForm(), True


# --- Serien: create, overview, swap, re-form -----------------------------------------------


@spielwart_required
@require_POST
def round_create(request: HttpRequest, key: str) -> HttpResponse:
    event = _event(key)
    form = RoundForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Bitte die Angaben zur Serie prüfen.")
        return redirect("spielwart-event", key=event.key)
    number = (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1
    try:
        seating, seed, tables = _seating(event, number, form.cleaned_data)
    except draw.DrawError as error:
        messages.error(request, error.message)
        return redirect("spielwart-event", key=event.key)
    round_ = _create_round(event, number, seating, seed, tables)
    messages.success(request, f"Serie {number} mit {len(tables)} Tischen angelegt.")
    return redirect("spielwart-round", key=event.key, number=round_.number)


def _seating(event: Event, number: int, data: dict[str, Any]) -> tuple[str, str, list[list[int]]]:
    present = list(Attendance.objects.filter(event=event).values_list("player_id", flat=True))
    if data["seating"] == "standings":
        if number == 1:
            raise draw.DrawError("Die erste Serie wird ausgelost; setzen geht ab der zweiten.")
        ranked = [r.player_id for r in event_standings(event) if r.player_id in present]
        newcomers = Player.objects.filter(pk__in=set(present) - set(ranked)).order_by("name")
        ranked += [p.pk for p in newcomers]
        return "standings", "", draw.seat_by_standings(ranked, data["allow_five"])
    seed = data["seed"].strip() or draw.new_seed()
    return "draw", seed, draw.draw_tables(present, seed, data["allow_five"])


@transaction.atomic
def _create_round(
    event: Event, number: int, seating: str, seed: str, tables: list[list[int]]
) -> Round:
    round_ = Round.objects.create(event=event, number=number, seed=seed, seating=seating)
    for table_number, player_ids in enumerate(tables, start=1):
        table = Table.objects.create(round=round_, number=table_number)
        _seat(table, player_ids)
    return round_


def _seat(table: Table, player_ids: list[int]) -> None:
    Seat.objects.bulk_create(
        Seat(table=table, round_id=table.round_id, position=position, player_id=player_id)
        for position, player_id in enumerate(player_ids, start=1)
    )


@spielwart_required
def round_overview(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = _round(key, number)
    tables = list(
        round_.tables.annotate(game_count=Count("games")).prefetch_related("seats__player")
    )
    proposal, proposal_error = _proposal(round_, tables, request.GET.get("fuenf") == "1")
    context = {
        "event": round_.event,
        "round": round_,
        "tables": tables,
        "open_tables": [t for t in tables if t.check_status != Table.Check.CONFIRMED],
        "swap_form": SwapForm(players=_round_players(round_)),
        "proposal": proposal,
        "proposal_error": proposal_error,
        "allow_five": request.GET.get("fuenf") == "1",
    }
    return render(request, "club/spielwart_round.html", context)


def _round_players(round_: Round) -> Any:
    return Player.objects.filter(
        pk__in=Seat.objects.filter(round=round_).values("player_id")
    ).order_by("name")


def _is_started(table: Any) -> bool:
    return table.entry == Table.Entry.TOTALS or table.games.exists()


def _proposal(
    round_: Round, tables: list[Table], allow_five: bool
) -> tuple[list[dict[str, Any]] | None, str]:
    """Who arrived or left since the tables were formed, and how to re-form them."""
    current = [[s.player_id for s in t.seats.all()] for t in tables]
    seated = {p for t in current for p in t}
    present = set(Attendance.objects.filter(event=round_.event).values_list("player_id", flat=True))
    arrived, left = sorted(present - seated), sorted(seated - present)
    if not arrived and not left:
        return None, ""
    fixed = [t.number for t in tables if _is_started(t)]
    try:
        regrouping = draw.propose_regrouping(current, arrived, left, fixed, allow_five)
    except draw.DrawError as error:
        return None, error.message
    names = dict(Player.objects.filter(pk__in=present | seated).values_list("pk", "name"))
    return [_describe_move(m, names) for m in regrouping.moves], ""


def _describe_move(move: draw.Move, names: dict[int, str]) -> dict[str, Any]:
    name = names.get(move.player_id, "?")
    if move.from_table is None:
        text = f"{name} kommt neu an Tisch {move.to_table}"
    elif move.to_table is None:
        text = f"{name} geht (bisher Tisch {move.from_table})"
    else:
        text = f"{name} wechselt von Tisch {move.from_table} an Tisch {move.to_table}"
    return {"text": text}


@spielwart_required
@require_POST
def round_regroup(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = _round(key, number)
    tables = list(round_.tables.prefetch_related("seats"))
    current = [[s.player_id for s in t.seats.all()] for t in tables]
    seated = {p for t in current for p in t}
    present = set(Attendance.objects.filter(event=round_.event).values_list("player_id", flat=True))
    fixed = [t.number for t in tables if _is_started(t)]
    try:
        regrouping = draw.propose_regrouping(
            current,
            sorted(present - seated),
            sorted(seated - present),
            fixed,
            request.POST.get("allow_five") == "1",
        )
    except draw.DrawError as error:
        messages.error(request, error.message)
        return redirect("spielwart-round", key=key, number=number)
    _apply_regrouping(round_, tables, regrouping, request.user)
    messages.success(request, "Die Tische sind neu gebildet.")
    return redirect("spielwart-round", key=key, number=number)


@transaction.atomic
def _apply_regrouping(
    round_: Round, tables: list[Table], regrouping: draw.Regrouping, user: Any
) -> None:
    by_number = {t.number: t for t in tables}
    changed = sorted(regrouping.changed_tables)
    before = {n: _seat_keys(by_number[n]) for n in changed if n in by_number}
    Seat.objects.filter(table__round=round_, table__number__in=changed).delete()
    for number in changed:
        players = regrouping.tables[number - 1]
        table = by_number.get(number)
        if not players:
            if table is not None:
                table.delete()
            continue
        if table is None:
            table = Table.objects.create(round=round_, number=number)
        _seat(table, players)
        _log_seats(table, user, before.get(number), _seat_keys(table))


def _seat_keys(table: Table) -> list[str]:
    return list(table.seats.order_by("position").values_list("player__key", flat=True))


def _log_seats(table: Table, user: Any, before: Any, after: Any, note: str = "") -> None:
    Change.objects.create(
        table=table, action=Change.Action.SEATS, user=user, before=before, after=after, note=note
    )


@spielwart_required
@require_POST
def seat_swap(request: HttpRequest, key: str, number: int) -> HttpResponse:
    round_ = _round(key, number)
    form = SwapForm(request.POST, players=_round_players(round_))
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect("spielwart-round", key=key, number=number)
    seats = list(
        Seat.objects.filter(
            round=round_, player__in=[form.cleaned_data["first"], form.cleaned_data["second"]]
        ).select_related("table", "player")
    )
    started = [s.table.number for s in seats if _is_started(s.table)]
    if started:
        messages.error(
            request,
            f"An Tisch {started[0]} wird schon gespielt; "
            "Plätze lassen sich nur vor dem ersten Spiel tauschen.",
        )
        return redirect("spielwart-round", key=key, number=number)
    _swap(seats, request.user)
    messages.success(
        request, f"{seats[0].player.name} und {seats[1].player.name} haben die Plätze getauscht."
    )
    return redirect("spielwart-round", key=key, number=number)


@transaction.atomic
def _swap(seats: list[Seat], user: Any) -> None:
    first, second = seats
    tables = {first.table_id: first.table, second.table_id: second.table}
    before = {pk: _seat_keys(t) for pk, t in tables.items()}
    # Delete and re-create: updating in place would briefly seat a player twice.
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(
                table_id=first.table_id,
                round_id=first.round_id,
                position=first.position,
                player_id=second.player_id,
            ),
            Seat(
                table_id=second.table_id,
                round_id=second.round_id,
                position=second.position,
                player_id=first.player_id,
            ),
        ]
    )
    note = f"{first.player.name} ↔ {second.player.name}"
    for pk, table in tables.items():
        _log_seats(table, user, before[pk], _seat_keys(table), note)


# --- entry, game by game -------------------------------------------------------------------


def _entry_context(table: Table, sheet: ScoreSheet, **extra: Any) -> dict[str, Any]:
    seats = [(p.position, p.name) for p in sheet.players]
    context = {
        "table": table,
        "event": table.round.event,
        "sheet": sheet,
        "line": "",
        "line_error": "",
        "number": sheet.next_number,
        "game_form": GameForm(seats=seats),
        "form_error": "",
        "rows": _sheet_rows(sheet),
        "foot": _sheet_foot(sheet),
    }
    context.update(extra)
    context["form_values"] = _form_values(context["game_form"], seats)
    context["next"] = _next_game(sheet, context["number"])
    return context


def _form_values(form: GameForm, seats: list[tuple[int, str]]) -> dict[str, Any]:
    """What the field form shows: the posted values after an error, else the defaults.

    The form is written out in `_entry_form.html` (not with Django widgets, which cost several
    ms per entered game); `GameForm` still does all the parsing.
    """
    data = form.data if form.is_bound else {}
    values = {name: data.get(name, "") for name in ("type", "matadors", "bid", "result", "level")}
    flags = ("hand", "ouvert", "schneider_announced", "schwarz_announced")
    values.update({name: bool(data.get(name)) for name in flags})
    values.update(seats=seats, types=TYPE_CHOICES, declarer=_int(data.get("declarer")))
    return values


def _sheet_rows(sheet: ScoreSheet) -> list[SafeString]:
    """Entered games as table rows: one cell per player with the running total.

    Plain string building rather than template loops: the sheet is re-rendered after every
    entered game, and 48 rows × 10 cells through the template engine cost about 8 ms. Only the
    notation and the derivation are text; everything else is an int.
    """
    edit = reverse("table-entry", args=[sheet.event_key, sheet.round_number, sheet.table_number])
    rows = []
    for row in sheet.rows:
        if not row.entered or row.totals is None:
            continue
        cells = "".join(
            f'<td class="{_cell_class(row, p.position)}">{row.totals[p.position - 1]}</td>'
            for p in sheet.players
        )
        css = "won" if row.won else "lost" if row.won is False else ""
        game = "eingepasst" if row.passed_in else f"{row.declarer_position} {row.notation}"
        value = "" if row.passed_in else row.list_score
        n = row.number
        rows.append(
            mark_safe(  # noqa: S308 - every text part is escaped here
                f'<tr id="spiel-{n}" class="{css}"><td class="num">{n}</td>'
                f'<td class="notation">{escape(game)}</td>{cells}<td class="num value">{value}</td>'
                f'<td>{escape(row.derivation)}</td><td><a href="{edit}spiel/{n}/" '
                f'aria-label="Spiel {n} ändern">ändern</a></td></tr>\n'
            )
        )
    return rows


def _cell_class(row: SheetRow, position: int) -> str:
    if position == row.declarer_position:
        return "total declarer"
    return "total sitting" if position in row.sitting_positions else "total"


def _sheet_foot(sheet: ScoreSheet) -> list[dict[str, Any]]:
    by_position = {f.position: f for f in sheet.foot}
    return [{"player": p, "foot": by_position.get(p.position)} for p in sheet.players]


def _next_game(sheet: ScoreSheet, number: int | None) -> dict[str, Any] | None:
    if number is None or not sheet.table_size:
        return None
    names = {p.position: p.name for p in sheet.players}
    dealer = dealer_position(sheet.table_size, number)
    sitting = sitting_positions(sheet.table_size, number)
    return {
        "number": number,
        "dealer": dealer,
        "dealer_name": names.get(dealer, ""),
        "sitting": [f"Platz {p} ({names.get(p, '')})" for p in sitting],
        "playing": [f"{p} {names.get(p, '')}" for p in playing_positions(sheet.table_size, number)],
    }


def _respond_entry(request: HttpRequest, context: dict[str, Any], status: int) -> HttpResponse:
    template = (
        "club/_entry_main.html" if PARTIAL_HEADER in request.META else "club/table_entry.html"
    )
    return render(request, template, context, status=status)


@spielwart_required
def table_entry(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = _table(key, number, table)
    if request.method != "POST":
        return _respond_entry(request, _entry_context(table_obj, score_sheet(table_obj)), 200)
    extra = _post_entry(request, table_obj)
    if extra:
        context = _entry_context(table_obj, score_sheet(table_obj), **extra)
        return _respond_entry(request, context, INVALID)
    if PARTIAL_HEADER in request.META:
        return _respond_entry(request, _entry_context(table_obj, score_sheet(table_obj)), 200)
    return redirect(f"{table_obj.get_absolute_url()}#eingabe")


def _post_entry(request: HttpRequest, table: Table) -> dict[str, Any]:
    """Record one game from the typed line or the form; the errors to show, if any."""
    number = _int(request.POST.get("number")) or _next_number(table)
    seats = _seated_players(table)
    if "line" in request.POST:
        text = request.POST["line"]
        error = _record_line(table, seats, number, text, 0, request.user)
        if error is None:
            return {}
        return {"line": text, "line_error": f"Spiel {number}: {error.message}", "number": number}
    form = GameForm(request.POST, seats=[(pos, p.name) for pos, p in sorted(seats.items())])
    if not form.is_valid():
        return {"game_form": form}
    error = _record_form(table, seats, number, form, request.user)
    return {"game_form": form, "form_error": error, "number": number} if error else {}


def _next_number(table: Table) -> int:
    """The first game number not entered yet."""
    taken = set(table.games.values_list("number", flat=True))
    return next(n for n in range(1, len(taken) + 2) if n not in taken)


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _record_line(
    table: Table, seats: dict[int, Player], number: int, text: str, version: int, user: Any
) -> LineError | services.EntryError | ScoringError | None:
    """Parse and record one line; the error to show, or None when it was saved."""
    try:
        line = parse_line(text, len(seats))
        services.record_game(
            table=table,
            number=number,
            declarer=seats.get(line.seat) if line.seat else None,
            declaration=line.declaration_dict(),
            outcome=line.outcome_dict(),
            user=user,
            expected_version=version,
        )
    except (LineError, services.EntryError, ScoringError) as error:
        return error
    return None


def _record_form(
    table: Table, seats: dict[int, Player], number: int, form: GameForm, user: Any
) -> str:
    passed = form.is_passed
    try:
        services.record_game(
            table=table,
            number=number,
            declarer=None if passed else seats.get(form.cleaned_data["declarer"]),
            declaration=None if passed else form.declaration(),
            outcome=None if passed else form.outcome(),
            user=user,
            expected_version=0,
        )
    except (services.EntryError, ScoringError) as error:
        return f"Spiel {number}: {error.message}"
    return ""


# --- corrections and history ---------------------------------------------------------------


@spielwart_required
def game_edit(request: HttpRequest, key: str, number: int, table: int, game: int) -> HttpResponse:
    table_obj = _table(key, number, table)
    game_obj = get_object_or_404(
        Game.objects.select_related("declarer"), table=table_obj, number=game
    )
    seats = _seated_players(table_obj)
    context = {
        "table": table_obj,
        "event": table_obj.round.event,
        "game": game_obj,
        "line": _game_line(game_obj, seats),
        "version": game_obj.version,
        "error": "",
    }
    if request.method != "POST":
        return render(request, "club/spielwart_game_edit.html", context)
    text, version = request.POST.get("line", ""), _int(request.POST.get("expected_version"))
    error = _record_line(table_obj, seats, game, text, version or 0, request.user)
    if error is None:
        messages.success(request, f"Spiel {game} geändert.")
        return redirect(f"{table_obj.get_absolute_url()}#spiel-{game}")
    conflict = isinstance(error, services.ConflictError)
    context.update(line=text, version=version, error=error.message, conflict=conflict)
    return render(
        request, "club/spielwart_game_edit.html", context, status=409 if conflict else INVALID
    )


def _game_line(game: Game, seats: dict[int, Player]) -> str:
    if game.passed_in:
        return "p"
    seat = next(pos for pos, p in seats.items() if p.pk == game.declarer_id)
    return f"{seat} {game.notation}"


@spielwart_required
@require_POST
def game_delete(request: HttpRequest, key: str, number: int, table: int, game: int) -> HttpResponse:
    table_obj = _table(key, number, table)
    version = _int(request.POST.get("expected_version"))
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
    table_obj = _table(key, number, table)
    changes = [
        {"change": c, "before": _describe(c.before), "after": _describe(c.after)}
        for c in table_obj.changes.select_related("user")
    ]
    context = {"table": table_obj, "event": table_obj.round.event, "changes": changes}
    return render(request, "club/spielwart_history.html", context)


def _describe(snapshot: Any) -> str:
    """A history snapshot as one readable line."""
    if snapshot is None:
        return "–"
    if isinstance(snapshot, dict) and "number" in snapshot:
        what = "eingepasst" if snapshot.get("passed_in") else snapshot.get("notation", "")
        who = f"{snapshot['declarer']}: " if snapshot.get("declarer") else ""
        return f"{who}{what} ({snapshot.get('list_score', 0):+d}, Version {snapshot['version']})"
    if isinstance(snapshot, dict) and "check_status" in snapshot:
        return dict(Table.Check.choices).get(snapshot["check_status"], snapshot["check_status"])
    if isinstance(snapshot, list) and snapshot and isinstance(snapshot[0], dict):
        return "; ".join(
            f"{r['player']}: {r['list_score']} ({r['won']}/{r['lost']})" for r in snapshot
        )
    if isinstance(snapshot, list):
        return ", ".join(f"Platz {i}: {k}" for i, k in enumerate(snapshot, start=1))
    return str(snapshot)


# --- paper lists and the second signature --------------------------------------------------


@spielwart_required
def table_totals(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = _table(key, number, table)
    players = [p for _, p in sorted(_seated_players(table_obj).items())]
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


@spielwart_required
@require_POST
def table_check(request: HttpRequest, key: str, number: int, table: int) -> HttpResponse:
    table_obj = _table(key, number, table)
    form = CheckForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return redirect(table_obj.get_absolute_url())
    confirm = form.cleaned_data["decision"] == "confirm"
    try:
        services.check_table(
            table=table_obj, user=request.user, confirm=confirm, note=form.cleaned_data["note"]
        )
    except services.EntryError as refused:
        messages.error(request, refused.message)
        return redirect(table_obj.get_absolute_url())
    state = "geprüft" if confirm else "beanstandet"
    messages.success(request, f"Tisch {table_obj.number} ist {state}.")
    return redirect("spielwart-round", key=key, number=number)


# --- results -------------------------------------------------------------------------------


@spielwart_required
def results(request: HttpRequest, key: str, number: int | None = None) -> HttpResponse:
    event = _event(key)
    round_ = get_object_or_404(event.rounds, number=number) if number else None
    rows = event_standings(event, number)
    table = StandingsTable(standings_rows(rows))
    RequestConfig(request, paginate=False).configure(table)
    open_tables = Table.objects.filter(round__event=event).exclude(
        check_status=Table.Check.CONFIRMED
    )
    if number:
        open_tables = open_tables.filter(round__number=number)
    context = {
        "event": event,
        "round": round_,
        "table": table,
        "kasse_cents": kasse_cents(rows),
        "open_tables": open_tables.select_related("round"),
    }
    return render(request, "club/spielwart_results.html", context)


EVENT = "spielwart/veranstaltungen/<slug:key>/"
ROUND = EVENT + "serie/<int:number>/"
TABLE = ROUND + "tisch/<int:table>/"

urlpatterns = [
    path("spielwart/", spielwart_home, name="spielwart-home"),
    path("spielwart/spieler/", player_list, name="spielwart-players"),
    path("spielwart/spieler/neu/", player_edit, name="spielwart-player-new"),
    path("spielwart/spieler/<slug:key>/", player_edit, name="spielwart-player-edit"),
    path(
        "spielwart/spieler/<slug:key>/aktiv/", player_deactivate, name="spielwart-player-deactivate"
    ),
    path("spielwart/veranstaltungen/neu/", event_edit, name="spielwart-event-new"),
    path(EVENT, event_overview, name="spielwart-event"),
    path(EVENT + "bearbeiten/", event_edit, name="spielwart-event-edit"),
    path(EVENT + "anwesend/", attendance, name="spielwart-attendance"),
    path(EVENT + "ergebnisse/", results, name="spielwart-results"),
    path(EVENT + "serie/neu/", round_create, name="spielwart-round-new"),
    path(ROUND, round_overview, name="spielwart-round"),
    path(ROUND + "ergebnisse/", results, name="spielwart-round-results"),
    path(ROUND + "plaetze/", seat_swap, name="spielwart-seat-swap"),
    path(ROUND + "umsetzen/", round_regroup, name="spielwart-regroup"),
    path(TABLE, table_entry, name="table-entry"),
    path(TABLE + "spiel/<int:game>/", game_edit, name="spielwart-game-edit"),
    path(TABLE + "spiel/<int:game>/loeschen/", game_delete, name="spielwart-game-delete"),
    path(TABLE + "summen/", table_totals, name="spielwart-totals"),
    path(TABLE + "pruefen/", table_check, name="spielwart-check"),
    path(TABLE + "verlauf/", table_history, name="spielwart-history"),
]
