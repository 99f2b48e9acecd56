"""The Spielwart's own pages: start page, players, events, attendance and results.

Every view is `@spielwart_required` (anonymous → login, members → 403) and reads top to bottom:
fetch, act, respond. Forms re-render with the input kept and status 422 on errors; successful
POSTs redirect (POST-redirect-GET). Seating a Serie lives in `views/seating.py`, entering and
checking a table's results in `views/entry.py`; shared lookups in `views/lookups.py`.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlencode

from django.contrib import messages
from django.db.models import Count, Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from skatclub.club import services, tenancy
from skatclub.club.forms import (
    AdvanceForm,
    EventForm,
    GuestForm,
    MemberNumberForm,
    PlayerForm,
    RoundForm,
)
from skatclub.club.models import Attendance, Event, Game, Player, Table
from skatclub.club.numbers import whole_number
from skatclub.club.presenters.downloads import Export, download, links, requested_format
from skatclub.club.presenters.pages import (
    money_keys,
    money_rows,
    standing_row,
    standings_exports,
)
from skatclub.club.presenters.tables import StandingsTable, standings_rows
from skatclub.club.queries import members
from skatclub.club.queries.attendance import leaving_states
from skatclub.club.queries.ledger import event_ledger, round_ledger
from skatclub.club.queries.standings import event_standings
from skatclub.club.services import EntryError, SamePlayer, has_results
from skatclub.club.text import search_text
from skatclub.club.views.lookups import EVENT, INVALID, ROUND, event_or_404
from skatclub.club.views.permissions import spielwart_required
from skatclub.club.views.signin import leave_or_stay

# --- start page and players ----------------------------------------------------------------


@spielwart_required
def spielwart_home(request: HttpRequest) -> HttpResponse:
    events = Event.objects.annotate(round_count=Count("rounds"))[:20]
    recorded = Game.objects.filter(
        as_recorded=True, **tenancy.of_club("table__round__event__club_id")
    ).count()
    return render(request, "club/spielwart_home.html", {"events": events, "recorded": recorded})


@spielwart_required
def player_list(request: HttpRequest) -> HttpResponse:
    query = search_text(request.GET.get("q", ""))
    show_all = request.GET.get("alle") == "1"
    players = members.with_member_numbers(Player.objects.all())
    if query:
        players = players.filter(Q(name__icontains=query) | Q(key__icontains=query))
    if not show_all:
        players = players.filter(is_active=True)
    rows = _player_rows(players) if requested_format(request) else []  # only for a download
    exports = [Export("mitglieder", "Spieler", PLAYER_COLUMNS, rows)]
    if response := download(request, exports, "spieler"):
        return response
    context = {
        "players": players,
        "club_id": tenancy.club_for_new_rows(),
        "query": query,
        "show_all": show_all,
        "downloads": links(request, exports),
    }
    return render(request, "club/spielwart_players.html", context)


PLAYER_COLUMNS = [
    ("name", "Name"),
    ("key", "Kürzel"),
    ("member_number", "Mitgliedsnummer"),
    ("kind", "Art"),
    ("status", "Status"),
]


def _player_rows(players: Iterable[Player]) -> list[dict[str, str]]:
    return [
        {
            "name": p.name,
            "key": p.key,
            "member_number": getattr(p, "number_here", None) or "",
            "kind": "Gast" if p.is_guest else "Mitglied",
            "status": "aktiv" if p.is_active else "inaktiv",
        }
        for p in players
    ]


@spielwart_required
@require_POST
def player_admit(request: HttpRequest) -> HttpResponse:
    """A player of another club on this server plays here too (by his Kürzel)."""
    try:
        player = services.admit(request.POST.get("key", ""), by=request.user)
    except EntryError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            f"{player.name} spielt jetzt auch in diesem Verein. {members.SHARED_TEXT} pflegt "
            f"sein Verein „{members.home_club_name(player)}“; er sieht die Aufnahme im Verlauf.",
        )
    return redirect("spielwart-players")


@spielwart_required
def player_edit(request: HttpRequest, key: str | None = None) -> HttpResponse:
    player = get_object_or_404(Player, key=key) if key else None
    if player is not None and not members.may_change_identity(player, request.user):
        return _member_number_edit(request, player)
    stored_name = player.name if player else ""  # the form writes what was typed into `player`
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        saved = services.save_player(player=form.save(commit=False), by=request.user)
        messages.success(request, f"{saved.name} gespeichert.")
        return redirect("spielwart-players")
    context = {
        "form": form,
        "player": player,
        "stored_name": stored_name,
        "history": members.history(player),
    }
    status = INVALID if form.errors else 200
    return render(request, "club/spielwart_player_form.html", context, status=status)


def _member_number_edit(request: HttpRequest, player: Player) -> HttpResponse:
    """A player of another club: his identity is shown, only the member number is ours."""
    form = MemberNumberForm(request.POST or None, initial={"number": members.member_number(player)})
    if request.method == "POST" and form.is_valid():
        services.set_member_number(player=player, number=form.cleaned_data["number"])
        messages.success(request, f"Mitgliedsnummer von {player.name} gespeichert.")
        return redirect("spielwart-players")
    context = {
        "form": form,
        "player": player,
        "home_club": members.home_club_name(player),
        "shared_text": members.SHARED_TEXT,
    }
    status = INVALID if form.errors else 200
    return render(request, "club/spielwart_member_form.html", context, status=status)


@spielwart_required
@require_POST
def player_deactivate(request: HttpRequest, key: str) -> HttpResponse:
    player = get_object_or_404(Player, key=key)
    active = request.POST.get("active") == "1"
    try:
        services.set_player_active(player=player, active=active, by=request.user)
    except EntryError as error:
        messages.error(request, error.message)
    else:
        state = "wieder aktiv" if active else "deaktiviert"
        messages.success(request, f"{player.name} ist {state}.")
    return redirect("spielwart-players")


# --- events and attendance -----------------------------------------------------------------


@spielwart_required
def event_edit(request: HttpRequest, key: str | None = None) -> HttpResponse:
    event = event_or_404(key) if key else None
    form = EventForm(request.POST or None, instance=event)
    effect = None
    if request.method == "POST" and form.is_valid():
        changed = form.save(commit=False)
        confirmed = form.cleaned_data["confirmed"]
        effect = None if confirmed else services.rules_preview(changed)
        if effect is None:
            saved, effect = _saved(request, form, changed)
            if saved is not None:
                messages.success(request, f"Veranstaltung „{saved.name}“ gespeichert.")
                return redirect("spielwart-event", key=saved.key)
        else:
            # The same form again, now carrying the preview's fingerprint to confirm it by.
            data = request.POST.copy()
            data["confirmed"] = effect.fingerprint
            form = EventForm(data, instance=event)
    if (form.errors or effect) and key:
        # The refused or previewed form has written what was typed (an emptied name and key)
        # into its instance; the page's title and links name the event as it is stored.
        event = event_or_404(key)
    status = INVALID if form.errors else 200
    context = {"form": form, "event": event, "effect": effect}
    return render(request, "club/spielwart_event_form.html", context, status=status)


def _saved(
    request: HttpRequest, form: EventForm, changed: Event
) -> tuple[Event | None, services.RuleChangeEffect | None]:
    """The saved event, or None with the refusal on the form (and the refused change's
    effect, which the page shows again)."""
    try:
        saved = services.save_event(
            event=changed,
            user=request.user,
            reopen=form.cleaned_data["reopen"],
            confirmed=form.cleaned_data["confirmed"],
        )
    except services.RulesRefused as refused:
        form.add_error(None, refused.message)
        return None, refused.effect
    except services.EntryError as error:
        form.add_error(None, error.message)
        return None, None
    return saved, None


@spielwart_required
def event_overview(request: HttpRequest, key: str) -> HttpResponse:
    return event_page(request, event_or_404(key))


def event_page(
    request: HttpRequest,
    event: Event,
    *,
    round_form: RoundForm | None = None,
    advance_form: AdvanceForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """The Spielwart's page of the event; a refused "Neue Serie" or "im Voraus auslosen"
    (`views.seating`) shows it again with its form as sent and the refusal as a message."""
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
        "round_form": round_form
        or RoundForm(initial={"number": services.next_round_number(event)}),
        # ids apart from the Serie form
        "advance_form": advance_form or AdvanceForm(auto_id="voraus_%s"),
        "deletable": not has_results(event.rounds.all()),
    }
    return render(request, "club/spielwart_event.html", context, status=status)


@spielwart_required
@require_POST
def event_close(request: HttpRequest, key: str) -> HttpResponse:
    """Close the event: its table links write nothing any more (a second click changes
    nothing)."""
    event = services.close_event(event=event_or_404(key), user=request.user)
    messages.success(
        request,
        f"„{event.name}“ ist abgeschlossen: An den Tischen lässt sich nichts mehr eintragen; "
        "Korrekturen nur noch über die Spielwart-Seiten.",
    )
    return redirect("spielwart-event", key=key)


@spielwart_required
@require_POST
def event_reopen(request: HttpRequest, key: str) -> HttpResponse:
    event = services.reopen_event(event=event_or_404(key), user=request.user)
    messages.success(
        request,
        f"„{event.name}“ ist wieder offen: An den Tischen lässt sich wieder eintragen, "
        "solange ihre Links gelten.",
    )
    return redirect("spielwart-event", key=key)


@spielwart_required
def attendance(request: HttpRequest, key: str) -> HttpResponse:
    event = event_or_404(key)
    guest_form = GuestForm()
    same: SamePlayer | None = None
    if request.method == "POST":
        guest_form, same, done = _change_attendance(request, event)
        if done:
            query = urlencode({"q": search_text(request.POST.get("q", ""))})
            return redirect(f"{reverse('spielwart-attendance', args=[event.key])}?{query}")
    query = search_text(request.GET.get("q", request.POST.get("q", "")))
    present = Player.objects.filter(attendance__event=event).order_by("name")
    candidates = Player.objects.filter(is_active=True).exclude(attendance__event=event)
    if query:
        candidates = candidates.filter(Q(name__icontains=query) | Q(key__icontains=query))
    states = leaving_states(event)
    context = {
        "event": event,
        "present": [(player, states.get(player.pk)) for player in present],
        "candidates": candidates[:50],
        "query": query,
        "guest_form": guest_form,
        "same": same,
    }
    return render(
        request,
        "club/spielwart_attendance.html",
        context,
        status=INVALID if guest_form.errors or same else 200,
    )


def _change_attendance(
    request: HttpRequest, event: Event
) -> tuple[GuestForm, SamePlayer | None, bool]:
    action = request.POST.get("action")
    if action in ("guest", "new_guest"):
        form = GuestForm(request.POST)
        if not form.is_valid():
            return form, None, False
        try:
            guest = services.add_guest(
                event=event, name=form.cleaned_data["name"], confirmed_new=action == "new_guest"
            )
        except SamePlayer as question:
            return form, question, False
        except services.EntryError as error:
            form.add_error("name", error.message)
            return form, None, False
        messages.success(request, f"Gast {guest.name} ist angemeldet.")
        return GuestForm(), None, True
    player = get_object_or_404(Player, pk=whole_number(request.POST.get("player")) or 0)
    if action == "add":
        services.mark_present(event=event, player=player)
        messages.success(request, f"{player.name} ist anwesend.")
    elif action == "remove":
        try:
            services.mark_absent(event=event, player=player)
        except services.EntryError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, f"{player.name} ist nicht mehr anwesend.")
    elif action in ("leave", "stay"):
        try:
            messages.success(request, leave_or_stay(request, event, player, action))
        except services.EntryError as error:
            messages.error(request, error.message)
    return GuestForm(), None, True


# --- results -------------------------------------------------------------------------------


@spielwart_required
def results(request: HttpRequest, key: str, number: int | None = None) -> HttpResponse:
    event = event_or_404(key)
    round_ = get_object_or_404(event.rounds, number=number) if number else None
    rows = event_standings(event, number)
    found = round_ledger(event, rows) if number else event_ledger(event, rows)
    numbers = [] if number else list(event.rounds.values_list("number", flat=True))
    exports = standings_exports(
        event,
        [standing_row(row, numbers) for row in rows],
        money_rows(found) if event.has_settlement else [],
        numbers,
        money_keys(found, round=bool(number)),
    )
    stem = f"{event.key}-serie-{number}" if number else event.key
    if response := download(request, exports, f"spielwart-{stem}"):
        return response
    table = StandingsTable(standings_rows(rows, found))
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
        "kasse_cents": found.report.lost_fees,
        "open_tables": open_tables.select_related("round"),
        "downloads": links(request, exports),
    }
    return render(request, "club/spielwart_results.html", context)


urlpatterns = [
    path("spielwart/", spielwart_home, name="spielwart-home"),
    path("spielwart/spieler/", player_list, name="spielwart-players"),
    path("spielwart/spieler/neu/", player_edit, name="spielwart-player-new"),
    path("spielwart/spieler/aufnehmen/", player_admit, name="spielwart-player-admit"),
    path("spielwart/spieler/<slug:key>/", player_edit, name="spielwart-player-edit"),
    path(
        "spielwart/spieler/<slug:key>/aktiv/", player_deactivate, name="spielwart-player-deactivate"
    ),
    path("spielwart/veranstaltungen/neu/", event_edit, name="spielwart-event-new"),
    path(EVENT, event_overview, name="spielwart-event"),
    path(EVENT + "bearbeiten/", event_edit, name="spielwart-event-edit"),
    path(EVENT + "abschliessen/", event_close, name="spielwart-event-close"),
    path(EVENT + "wieder-oeffnen/", event_reopen, name="spielwart-event-reopen"),
    path(EVENT + "anwesend/", attendance, name="spielwart-attendance"),
    path(EVENT + "ergebnisse/", results, name="spielwart-results"),
    path(ROUND + "ergebnisse/", results, name="spielwart-round-results"),
]
