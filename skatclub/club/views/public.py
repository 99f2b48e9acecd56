"""Public, read-only pages: start page, season ranking, event results, player pages.

GET only (`require_safe`; a POST gets 405). Each page reads with a fixed number of queries
through the standings adapter and offers every table it shows as CSV/JSON download
(`?format=csv&table=<name>`, `?format=json`; see `presenters/downloads.py`). The views only fetch,
configure the django-tables2 tables and render: the plain dict rows come from
`presenters/pages.py` (start, season, event and Serie pages) and `presenters/player.py`.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from skatclub.club import tenancy
from skatclub.club.formatting import euro
from skatclub.club.leagues.models import Division
from skatclub.club.models import Event, Player, PrizePlan, Round, Season
from skatclub.club.presenters.downloads import Export, download, links
from skatclub.club.presenters.kasse import kasse_parts, step_text
from skatclub.club.presenters.pages import (
    MONEY_KEYS,
    SEASON_COLUMNS,
    event_row,
    money_keys,
    money_rows,
    played_rounds_of,
    provisional_text,
    ranking_rows,
    round_columns,
    season_exclusions,
    season_page,
    standing_row,
    standings_exports,
)
from skatclub.club.presenters.player import (
    PLAYER_EVENT_COLUMNS,
    PLAYER_ROUND_COLUMNS,
    TYPE_COLUMNS,
    chart,
    chosen_year,
    player_event_rows,
    player_rounds,
    player_summary,
    player_years,
    type_row,
)
from skatclub.club.presenters.tables import (
    EventStandingsTable,
    GameTypesTable,
    LatestEventsTable,
    MoneyTable,
    PlayerEventsTable,
    PlayerRoundsTable,
    RoundStandingsTable,
    SeasonRankingTable,
)
from skatclub.club.queries.attendance import gone_names
from skatclub.club.queries.competitions import competition_rankings
from skatclub.club.queries.ledger import EventLedger, event_ledger, round_ledger
from skatclub.club.queries.offiziersskat import player_matches
from skatclub.club.queries.standings import event_standings, seasons_with_rule_dates
from skatclub.club.queries.stats import game_stats
from skatclub.club.queries.versions import club_state, event_tables_state
from skatclub.club.views import conditional
from skatclub.club.views.conditional import row_state

PER_PAGE = 50
HOME_TOP = 10
# The start page's top ten is a teaser that must fit a phone (390 px) without a header row
# of wrapped words: the full ranking has the Serien, won and lost games and the gaps.
HOME_HIDDEN = ["results", "won", "lost", "to_pass"]


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    divisions = _divisions()
    state = ("home", *club_state(), [row_state(d, d.league) for d in divisions])
    # The season's top ten may lag a few seconds behind a live tournament.
    return conditional.answer(request, state, lambda: _home(request, divisions), fresh=10)


def _home(request: HttpRequest, divisions: list[Division]) -> HttpResponse:
    events = list(Event.objects.select_related("season")[:10])
    # The current season is the one of the latest event (a new, empty season waits).
    season = events[0].season if events else Season.objects.first()
    page = season_page(season) if season else None
    top_table = None
    if page:
        top_table = SeasonRankingTable(
            ranking_rows(page, limit=HOME_TOP),
            caption=f"Rangliste {season}: die ersten {HOME_TOP}",
            orderable=False,
            exclude=[*season_exclusions(page), *HOME_HIDDEN],
        )
    events_table = LatestEventsTable(
        [event_row(e) for e in events], caption="Letzte Veranstaltungen", orderable=False
    )
    return render(
        request,
        "club/home.html",
        {
            "season": season,
            "rule_text": page.rule.describe() if page else "",
            "provisional": page.provisional if page else "",
            "top_table": top_table,
            "events_table": events_table,
            "divisions": divisions,
        },
    )


@require_safe
def season_ranking_view(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(seasons_with_rule_dates(), year=year)
    page = season_page(season)
    ranked, unranked = ranking_rows(page), ranking_rows(page, ranked=False)
    exports = [
        Export("rangliste", f"Rangliste {season}", SEASON_COLUMNS, ranked),
        Export("ohne-wertung", "Noch nicht in der Wertung", SEASON_COLUMNS, unranked),
    ]
    if response := download(request, exports, f"rangliste-{year}"):
        return response
    exclude = season_exclusions(page)
    ranked_table = SeasonRankingTable(
        ranked, caption=f"Rangliste {season}", prefix="r-", exclude=exclude
    )
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(ranked_table)
    unranked_table = SeasonRankingTable(
        unranked,
        caption=f"Weniger als {page.rule.min_rounds} Serien (noch nicht in der Wertung)",
        prefix="u-",
        exclude=[*exclude, "place", "to_pass"],
    )
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(unranked_table)
    return render(
        request,
        "club/season_ranking.html",
        {
            "season": season,
            "rule_text": page.rule.describe(),
            "rule_since": season.rule_changed_at,  # type: ignore[attr-defined]
            "provisional": page.provisional,
            "ranked_table": ranked_table,
            "unranked_table": unranked_table if unranked else None,
            "downloads": links(request, exports),
            "seasons": Season.objects.values_list("year", flat=True),
        },
    )


@require_safe
def event_detail(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("season", "prize_plan"), key=key)
    state = ("event", *row_state(event, event.season, _plan(event)), event_tables_state(event.pk))
    return conditional.answer(request, state, lambda: _event_page(request, event))


def _event_page(request: HttpRequest, event: Event) -> HttpResponse:
    rounds = played_rounds_of(event)
    rows = event_standings(event, played=[(s.id, s.number) for s in rounds])
    numbers = [s.number for s in rounds]
    standings = [standing_row(row, numbers) for row in rows]
    found = event_ledger(event, rows) if event.has_settlement else None
    money = money_rows(found) if found else []
    shown = money_keys(found, round=False) if found else []
    exports = standings_exports(event, standings, money, numbers, shown)
    if response := download(request, exports, event.key):
        return response
    table = EventStandingsTable(
        standings,
        caption=f"Gesamtwertung {event.name}",
        prefix="g-",
        extra_columns=round_columns(numbers),
    )
    RequestConfig(request).configure(table)
    return render(
        request,
        "club/event_detail.html",
        {
            "event": event,
            "rankings": competition_rankings(event),
            "gone": gone_names(event),
            "numbers": numbers,
            "provisional": provisional_text(rounds),
            "has_plan": _announced_plan(event),
            "table": table,
            **_money_context(request, found, money, shown),
            "downloads": links(request, exports),
            "pdfs": _pdf_links(event, None),
        },
    )


@require_safe
def round_detail(request: HttpRequest, key: str, number: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("season"), key=key)
    state = ("round", *row_state(event, event.season), event_tables_state(event.pk), number)
    return conditional.answer(request, state, lambda: _round_page(request, event, number))


def _round_page(request: HttpRequest, event: Event, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, event=event, number=number)
    rounds = played_rounds_of(event)
    rows = event_standings(event, number, played=[(s.id, s.number) for s in rounds])
    standings = [standing_row(row, []) for row in rows]
    found = round_ledger(event, rows) if event.has_settlement else None
    money = money_rows(found) if found else []
    shown = money_keys(found, round=True) if found else []
    exports = standings_exports(event, standings, money, [], shown)
    if response := download(request, exports, f"{event.key}-serie-{number}"):
        return response
    table = RoundStandingsTable(standings, caption=f"Serie {number}: Wertung", prefix="s-")
    RequestConfig(request).configure(table)
    return render(
        request,
        "club/round_detail.html",
        {
            "event": event,
            "round": round_,
            "numbers": [s.number for s in rounds],
            "provisional": provisional_text([s for s in rounds if s.number == number]),
            "played": any(s.number == number for s in rounds),
            "table": table,
            **_money_context(request, found, money, shown),
            "downloads": links(request, exports),
            "pdfs": _pdf_links(event, number),
        },
    )


@require_safe
def player_detail(request: HttpRequest, key: str) -> HttpResponse:
    player = get_object_or_404(Player, key=key)
    years = player_years(player)
    year = chosen_year(request.GET.get("saison", ""), years)
    round_rows = player_rounds(player, year)
    event_rows = player_event_rows(round_rows)
    stats = game_stats(player, [r["table_id"] for r in round_rows] if year else None)
    type_rows = [type_row(t) for t in [*stats.by_type, stats.all]]
    scope = f"{player.name}, Saison {year}" if year else f"{player.name}, alle Saisons"
    exports = [
        Export("serien", f"Serien: {scope}", PLAYER_ROUND_COLUMNS, round_rows),
        Export("veranstaltungen", f"Veranstaltungen: {scope}", PLAYER_EVENT_COLUMNS, event_rows),
        Export("spielarten", f"Spiele nach Spielart: {scope}", TYPE_COLUMNS, type_rows),
    ]
    if response := download(request, exports, f"spieler-{player.key}-{year or 'alle'}"):
        return response
    rounds_table = PlayerRoundsTable(round_rows, caption=f"Serien ({scope})", prefix="s-")
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(rounds_table)
    events_table = PlayerEventsTable(event_rows, caption=f"Veranstaltungen ({scope})", prefix="v-")
    RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(events_table)
    types_table = GameTypesTable(
        type_rows, caption=f"Spiele als Alleinspieler ({scope})", prefix="t-"
    )
    RequestConfig(request).configure(types_table)
    return render(
        request,
        "club/player_detail.html",
        {
            "player": player,
            "years": years,
            "year": year,
            "rounds_table": rounds_table,
            "events_table": events_table,
            "types_table": types_table,
            "summary": player_summary(round_rows, event_rows, stats),
            "chart": chart(scope, round_rows),
            "downloads": links(request, exports),
            "matches": player_matches(player),
        },
    )


# --- helpers that need the request or the URL configuration ------------------------------


def _money_context(
    request: HttpRequest, found: EventLedger | None, money: list[dict[str, Any]], shown: list[str]
) -> dict[str, Any]:
    if found is None:
        return {"money_table": None}
    hidden = [key for key in MONEY_KEYS if key not in shown]
    table = MoneyTable(money, caption="Abrechnung (Beträge in Euro)", prefix="m-", exclude=hidden)
    RequestConfig(request).configure(table)
    report = found.report
    return {
        "money_table": table,
        "paid_out": "payout_cents" in shown,
        "step_text": step_text(found.ledger.step_cents),
        "kasse_text": euro(report.lost_fees),
        "kasse_parts": kasse_parts(
            found, any(a.entry_fee for a in found.accounts), any(a.awards for a in found.accounts)
        ),
        "kasse_end_text": euro(report.at_the_end, sign=True),
    }


def _divisions() -> list[Division]:
    """The Staffeln of the leagues the club runs (for a small link on the start page)."""
    found = Division.objects.filter(**tenancy.of_club("league__club_id"))
    return list(found.select_related("league").order_by("-league__year", "league__name", "name"))


def _announced_plan(event: Event) -> bool:
    """Whether the event has an announced Gewinnplan (read with the event, no query)."""
    plan = _plan(event)
    return plan is not None and plan.is_locked


def _plan(event: Event) -> PrizePlan | None:
    try:
        return event.prize_plan
    except PrizePlan.DoesNotExist:
        return None


def _pdf_links(event: Event, number: int | None) -> list[tuple[str, str]]:
    """The event's PDFs (results and the settlement), or one Serie's (results, Spiellisten,
    Tischliste)."""
    if number is None:
        links = [(reverse("print-event-results", args=[event.key]), "Ergebnisliste (PDF)")]
        if event.has_settlement:
            links.append((reverse("print-event-settlement", args=[event.key]), "Abrechnung (PDF)"))
        return links
    args = [event.key, number]
    return [
        (reverse("print-round-results", args=args), "Ergebnisliste der Serie (PDF)"),
        (reverse("print-score-sheets", args=args), "Spiellisten aller Tische (PDF)"),
        (reverse("print-seating", args=args), "Tischliste (PDF)"),
    ]


urlpatterns = [
    path("", home, name="home"),
    path("rangliste/<int:year>/", season_ranking_view, name="season-ranking"),
    path("veranstaltungen/<slug:key>/", event_detail, name="event-detail"),
    path("veranstaltungen/<slug:key>/serie/<int:number>/", round_detail, name="round-detail"),
    path("spieler/<slug:key>/", player_detail, name="player-detail"),
]
