"""Public, read-only pages: start page, season ranking, event results, player pages.

GET only (`require_safe`; a POST gets 405). Each page reads with a fixed number of queries
through the standings adapter, builds plain dict rows, and offers every table it shows as
CSV/JSON download (`?format=csv&table=<name>`, `?format=json`; see `club/downloads.py`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, path, reverse
from django.views.decorators.http import require_safe
from django_tables2 import RequestConfig

from skatclub.club.downloads import Export, download, euro, euros, links, rounded
from skatclub.club.models import Event, Player, Round, Season, Seat
from skatclub.club.public_tables import (
    EventStandingsTable,
    GameTypesTable,
    LatestEventsTable,
    MoneyTable,
    Num,
    PlayerEventsTable,
    PlayerRoundsTable,
    RoundStandingsTable,
    SeasonRankingTable,
)
from skatclub.club.season import SeasonRanking, SeasonRule, season_ranking
from skatclub.club.standings import Line, Row, event_standings, kasse_cents, lines_for
from skatclub.club.stats import GameStats, Point, TypeStats, decomposition, game_stats, trend_svg

PER_PAGE = 50
HOME_TOP = 10


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    events = list(Event.objects.select_related("season")[:10])
    # The current season is the one of the latest event (a new, empty season waits).
    season = events[0].season if events else Season.objects.first()
    page = _season_ranking(season) if season else None
    top_table = None
    if page:
        top_table = SeasonRankingTable(
            _ranking_rows(page)[:HOME_TOP],
            caption=f"Rangliste {season}: die ersten {HOME_TOP}",
            orderable=False,
            exclude=[*_season_exclusions(page), "results"],
        )
    events_table = LatestEventsTable(
        [_event_row(e) for e in events], caption="Letzte Veranstaltungen", orderable=False
    )
    return render(
        request,
        "club/home.html",
        {
            "season": season,
            "rule_text": page.rule.describe() if page else "",
            "top_table": top_table,
            "events_table": events_table,
        },
    )


@require_safe
def season_ranking_view(request: HttpRequest, year: int) -> HttpResponse:
    season = get_object_or_404(Season, year=year)
    page = _season_ranking(season)
    ranked, unranked = _ranking_rows(page), _ranking_rows(page, ranked=False)
    exports = [
        Export("rangliste", f"Rangliste {season}", SEASON_COLUMNS, ranked),
        Export("ohne-wertung", "Noch nicht in der Wertung", SEASON_COLUMNS, unranked),
    ]
    if response := download(request, exports, f"rangliste-{year}"):
        return response
    exclude = _season_exclusions(page)
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
            "ranked_table": ranked_table,
            "unranked_table": unranked_table if unranked else None,
            "downloads": links(request, exports),
            "seasons": Season.objects.values_list("year", flat=True),
        },
    )


@require_safe
def event_detail(request: HttpRequest, key: str) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("season"), key=key)
    rows = event_standings(event)
    numbers = list(event.rounds.order_by("number").values_list("number", flat=True))
    standings = [_standing_row(row, numbers) for row in rows]
    money = [_money_row(row) for row in rows] if event.has_settlement else []
    exports = _standings_exports(event, standings, money, numbers)
    if response := download(request, exports, event.key):
        return response
    table = EventStandingsTable(
        standings,
        caption=f"Gesamtwertung {event.name}",
        prefix="g-",
        extra_columns=_serie_columns(numbers),
    )
    RequestConfig(request).configure(table)
    return render(
        request,
        "club/event_detail.html",
        {
            "event": event,
            "numbers": numbers,
            "table": table,
            **_money_context(request, event, rows, money),
            "downloads": links(request, exports),
            "pdfs": _pdf_links(("event-results-pdf", "event-settlement-pdf"), event.key),
        },
    )


@require_safe
def round_detail(request: HttpRequest, key: str, number: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("season"), key=key)
    round_ = get_object_or_404(Round, event=event, number=number)
    rows = event_standings(event, number)
    standings = [_standing_row(row, []) for row in rows]
    money = [_money_row(row) for row in rows] if event.has_settlement else []
    exports = _standings_exports(event, standings, money, [])
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
            "numbers": event.rounds.order_by("number").values_list("number", flat=True),
            "table": table,
            **_money_context(request, event, rows, money),
            "downloads": links(request, exports),
            "pdfs": _pdf_links(("round-results-pdf",), event.key, number),
        },
    )


@require_safe
def player_detail(request: HttpRequest, key: str) -> HttpResponse:
    player = get_object_or_404(Player, key=key)
    years = _player_years(player)
    year = _chosen_year(request, years)
    round_rows = _player_rounds(player, year)
    event_rows = _player_event_rows(round_rows)
    stats = game_stats(player, [r["table_id"] for r in round_rows] if year else None)
    type_rows = [_type_row(t) for t in [*stats.by_type, stats.all]]
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
            "summary": _player_summary(round_rows, event_rows, stats),
            "chart": _chart(scope, round_rows),
            "downloads": links(request, exports),
        },
    )


# --- season ------------------------------------------------------------------------------

SEASON_COLUMNS = [
    ("place", "Platz"),
    ("player", "Kürzel"),
    ("name", "Name"),
    ("rounds", "Serien"),
    ("counted_rounds", "gewertete Serien"),
    ("counted", "gewertet"),
    ("struck", "gestrichen"),
    ("total", "Punkte"),
    ("average", "Schnitt je Serie"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("to_pass", "Punkte bis zum Platz davor"),
]


def season_rule(season: Season) -> SeasonRule:
    """The season's rule; best N without N (an unfinished admin edit) counts every Serie."""
    if season.ranking_rule == Season.Rule.BEST_N and not season.best_n:
        return SeasonRule(Season.Rule.TOTAL, None, season.min_rounds)
    return SeasonRule(season.ranking_rule, season.best_n, season.min_rounds)


@dataclass
class SeasonPage:
    """The ranking plus what the page shows about players and Serien."""

    ranking: SeasonRanking
    players: dict[int, dict[str, Any]]
    rounds: dict[int, dict[str, Any]]

    @property
    def rule(self) -> SeasonRule:
        return self.ranking.rule


def _season_ranking(season: Season) -> SeasonPage:
    """Rank the season in a fixed number of queries (Serien, lines, players)."""
    selection = Q(event__season=season)
    rounds = _round_info(selection)
    lines = sorted(lines_for(selection, money=False), key=lambda ln: rounds[ln.round_id]["order"])
    players = {
        p["id"]: p
        for p in Player.objects.filter(id__in={ln.player_id for ln in lines}).values(
            "id", "key", "name"
        )
    }
    names = {i: p["name"] for i, p in players.items()}
    return SeasonPage(season_ranking(lines, season_rule(season), names), players, rounds)


def _season_exclusions(page: SeasonPage | None) -> list[str]:
    return [] if page and page.rule.is_average else ["average"]


def _ranking_rows(page: SeasonPage, ranked: bool = True) -> list[dict[str, Any]]:
    players, ranking = page.players, page.ranking
    rows = []
    for row in ranking.ranked if ranked else ranking.unranked:
        results = [(r.score, r.counted) for r in row.results]
        to_pass = row.to_pass
        rows.append(
            {
                "place": row.place,
                "player": players[row.player_id]["key"],
                "name": players[row.player_id]["name"],
                "rounds": row.rounds,
                "counted_rounds": row.counted_rounds,
                "results": results,
                "counted": [r.score for r in row.counted],
                "struck": [r.score for r in row.struck],
                "total": row.total,
                "average": rounded(row.value) if ranking.rule.is_average else None,
                "won": row.won,
                "lost": row.lost,
                "to_pass": _to_pass(to_pass, ranking.rule),
            }
        )
    return rows


def _to_pass(value: Any, rule: SeasonRule) -> Any:
    if value is None:
        return None
    return rounded(value) if rule.is_average else int(value)


def _round_info(selection: Q) -> dict[int, dict[str, Any]]:
    """Event, date and order of each selected Serie (one query)."""
    rows = Round.objects.filter(selection).values(
        "id", "number", "event_id", "event__key", "event__name", "event__date"
    )
    return {
        r["id"]: {
            **r,
            "order": (r["event__date"], r["event__key"], r["number"]),
        }
        for r in rows
    }


# --- event and Serie ---------------------------------------------------------------------

STANDING_COLUMNS = [
    ("place", "Platz"),
    ("player", "Kürzel"),
    ("name", "Name"),
    ("table", "Tisch"),
    ("rounds", "Serien"),
    ("list_score", "Spielpunkte"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("others_lost", "verloren von Mitspielern"),
    ("score", "Wertungspunkte"),
    ("decomposition", "Berechnung"),
]
MONEY_COLUMNS = [
    ("place", "Platz"),
    ("player", "Kürzel"),
    ("name", "Name"),
    ("cash_cents", "Spielgeld (€)"),
    ("fees_cents", "Verlustspielgeld (€)"),
    ("net_cents", "Saldo (€)"),
]


def _standing_row(row: Row, numbers: list[int]) -> dict[str, Any]:
    by_number = {line.round_number: line.score for line in row.lines}
    return {
        "place": row.place,
        "player": row.player,
        "name": row.name,
        "table": row.lines[0].table_number if len(row.lines) == 1 else None,
        "rounds": row.rounds,
        "list_score": row.list_score,
        "won": row.won,
        "lost": row.lost,
        "others_lost": row.others_lost,
        "score": row.score,
        "decomposition": decomposition(row.lines),
        **{f"serie_{n}": by_number.get(n) for n in numbers},
    }


def _money_row(row: Row) -> dict[str, Any]:
    return {
        "place": row.place,
        "player": row.player,
        "name": row.name,
        "cash_cents": row.cash_cents,
        "fees_cents": row.fees_cents,
        "net_cents": row.cash_cents - row.fees_cents,
    }


def _serie_columns(numbers: list[int]) -> list[tuple[str, Any]]:
    if len(numbers) < 2:
        return []  # one Serie: its score is the score
    return [(f"serie_{n}", Num(f"Serie {n}")) for n in numbers]


def _standings_exports(
    event: Event, standings: list[dict[str, Any]], money: list[dict[str, Any]], numbers: list[int]
) -> list[Export]:
    columns = [*STANDING_COLUMNS, *((f"serie_{n}", f"Serie {n}") for n in numbers)]
    exports = [Export("wertung", f"Wertung {event.name}", columns, standings)]
    if money:
        euro_rows = [
            {**m, **{k: euros(m[k]) for k in ("cash_cents", "fees_cents", "net_cents")}}
            for m in money
        ]
        exports.append(Export("geld", f"Abrechnung {event.name}", MONEY_COLUMNS, euro_rows))
    return exports


def _money_context(
    request: HttpRequest, event: Event, rows: list[Row], money: list[dict[str, Any]]
) -> dict[str, Any]:
    if not event.has_settlement:
        return {"money_table": None}
    table = MoneyTable(money, caption="Abrechnung (Beträge in Euro, exakt)", prefix="m-")
    RequestConfig(request).configure(table)
    return {
        "money_table": table,
        "kasse_text": euro(kasse_cents(rows)),
        "cash_sum_text": euro(sum((r.cash_cents for r in rows), start=Fraction(0))),
    }


def _pdf_links(names: tuple[str, ...], *args: Any) -> list[tuple[str, str]]:
    """Links to the PDF downloads that exist (the printing views come separately)."""
    labels = {
        "event-results-pdf": "Ergebnisliste (PDF)",
        "event-settlement-pdf": "Abrechnung (PDF)",
        "round-results-pdf": "Ergebnisliste der Serie (PDF)",
    }
    found = []
    for name in names:
        try:
            found.append((reverse(name, args=args), labels[name]))
        except NoReverseMatch:
            continue
    return found


def _event_row(event: Event) -> dict[str, Any]:
    return {
        "date": event.date,
        "event": event.name,
        "event_key": event.key,
        "season": str(event.season),
    }


# --- player ------------------------------------------------------------------------------

PLAYER_ROUND_COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("event_key", "Schlüssel"),
    ("round", "Serie"),
    ("table", "Tisch"),
    ("list_score", "Spielpunkte"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("others_lost", "verloren von Mitspielern"),
    ("score", "Wertungspunkte"),
    ("place", "Platz am Tisch"),
]
PLAYER_EVENT_COLUMNS = [
    ("date", "Datum"),
    ("event", "Veranstaltung"),
    ("event_key", "Schlüssel"),
    ("rounds", "Serien"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("score", "Wertungspunkte"),
]
TYPE_COLUMNS = [
    ("label", "Spielart"),
    ("games", "Spiele"),
    ("won", "gewonnen"),
    ("lost", "verloren"),
    ("won_percent", "gewonnen in %"),
    ("average_value", "durchschnittlicher Spielwert"),
    ("overbid", "überreizt"),
]


def _player_round_row(line: Line, info: dict[str, Any], place: int) -> dict[str, Any]:
    return {
        "date": info["event__date"],
        "event": info["event__name"],
        "event_key": info["event__key"],
        "round": info["number"],
        "table": line.table_number,
        "table_id": line.table_id,
        "list_score": line.list_score,
        "won": line.won,
        "lost": line.lost,
        "others_lost": line.others_lost,
        "score": line.score,
        "place": place,
    }


def _player_years(player: Player) -> list[int]:
    """The seasons the player played in, latest first (one query)."""
    return list(
        Season.objects.filter(events__rounds__tables__seats__player=player)
        .order_by("-year")
        .values_list("year", flat=True)
        .distinct()
    )


def _chosen_year(request: HttpRequest, years: list[int]) -> int | None:
    """`?saison=2025`, `?saison=alle` (None), or by default the latest season played."""
    wanted = request.GET.get("saison", "")
    if wanted == "alle" or not years:
        return None
    return int(wanted) if wanted.isdigit() and int(wanted) in years else years[0]


def _player_rounds(player: Player, year: int | None) -> list[dict[str, Any]]:
    """One row per Serie the player played (in the season `year`), oldest first."""
    played = Q(id__in=Seat.objects.filter(player=player).values("round_id"))
    if year:
        played &= Q(event__season__year=year)
    rounds = _round_info(played)
    # Only the player's own tables: a player's page must not add up whole Serien.
    lines = lines_for(played, Q(seats__player=player))
    places = _table_places(lines, player.id)
    own = sorted(
        (ln for ln in lines if ln.player_id == player.id),
        key=lambda ln: rounds[ln.round_id]["order"],
    )
    return [_player_round_row(ln, rounds[ln.round_id], places[ln.table_id]) for ln in own]


def _table_places(lines: list[Line], player_id: int) -> dict[int, int]:
    """The player's place at the table of each Serie: 1 + the players there who stand better
    (the standings' order: score, more won, fewer lost)."""
    keys: dict[int, list[tuple[int, int, int]]] = defaultdict(list)
    own: dict[int, tuple[int, int, int]] = {}
    for line in lines:
        key = (line.score, line.won, -line.lost)
        keys[line.table_id].append(key)
        if line.player_id == player_id:
            own[line.table_id] = key
    return {
        table_id: 1 + sum(1 for other in keys[table_id] if other > key)
        for table_id, key in own.items()
    }


def _player_event_rows(round_rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    events: dict[str, dict[str, Any]] = {}
    for r in round_rows:
        event = events.setdefault(
            r["event_key"],
            {
                "date": r["date"],
                "event": r["event"],
                "event_key": r["event_key"],
                "rounds": 0,
                "won": 0,
                "lost": 0,
                "score": 0,
            },
        )
        event["rounds"] += 1
        for name in ("won", "lost", "score"):
            event[name] += r[name]
    return list(events.values())


def _type_row(stats: TypeStats) -> dict[str, Any]:
    return {
        "label": stats.label,
        "games": stats.games,
        "won": stats.won,
        "lost": stats.lost,
        "won_percent": stats.won_percent,
        "average_value": stats.average_value,
        "overbid": stats.overbid,
    }


def _player_summary(
    round_rows: list[dict[str, Any]], event_rows: list[dict[str, Any]], stats: GameStats
) -> dict[str, Any]:
    won = sum(r["won"] for r in round_rows)
    lost = sum(r["lost"] for r in round_rows)
    score = sum(r["score"] for r in round_rows)
    return {
        "rounds": len(round_rows),
        "events": len(event_rows),
        "won": won,
        "lost": lost,
        "games": won + lost,
        "won_percent": rounded(Fraction(100 * won, won + lost), 1) if won + lost else None,
        "score": score,
        "average": rounded(Fraction(score, len(round_rows))) if round_rows else None,
        "best_event": max(event_rows, key=lambda e: e["score"], default=None),
        "best_round": max(round_rows, key=lambda r: r["score"], default=None),
        "games_all": stats.all,
        "single_games": stats.all.games,
    }


def _chart(scope: str, round_rows: list[dict[str, Any]]) -> str:
    points = [Point(f"{r['date']:%d.%m.%Y} S{r['round']}", r["score"]) for r in round_rows]
    if not points:
        return ""
    best = max(points, key=lambda p: p.score)
    worst = min(points, key=lambda p: p.score)
    description = (
        f"{len(points)} Serien von {points[0].label} bis {points[-1].label}; "
        f"höchster Wert {best.score} ({best.label}), niedrigster {worst.score} ({worst.label}). "
        "Alle Werte stehen in der Tabelle „Serien“."
    )
    return trend_svg(points, f"Wertungspunkte je Serie: {scope}", description)


urlpatterns = [
    path("", home, name="home"),
    path("rangliste/<int:year>/", season_ranking_view, name="season-ranking"),
    path("veranstaltungen/<slug:key>/", event_detail, name="event-detail"),
    path("veranstaltungen/<slug:key>/serie/<int:number>/", round_detail, name="round-detail"),
    path("spieler/<slug:key>/", player_detail, name="player-detail"),
]
