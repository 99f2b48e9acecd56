"""Rows for the public start, season, event and Serie pages (`views/public.py` shows them).

Owns turning the standings adapter's output into the plain dict rows, download columns and
extra table columns those pages show: the season ranking (`season_page`, `ranking_rows`),
the event and Serie standings and money (`standing_row`, `money_rows` from the event's ledger,
`standings_exports`)
and the start page's list of events (`event_row`). Reads through `standings.season_lines` and
`event_standings` with a fixed number of queries, ranks with `season.season_ranking`;
writes nothing and knows no request. The player page's rows live in `presenters/player.py`.

Terms: a *row* is one dict per table line, keyed by the table's column names; `*_COLUMNS`
list (key, German heading) for the CSV/JSON downloads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db.models import Count, Q
from django.utils.safestring import SafeString

from scoring.season import SeasonRanking, SeasonRule, season_ranking
from skatclub.club.formatting import listing, rounded
from skatclub.club.models import Event, Player, Round, Season, Table
from skatclub.club.presenters.downloads import Export
from skatclub.club.presenters.tables import Num, escaped
from skatclub.club.queries.ledger import EventLedger, money_fields
from skatclub.club.queries.standings import Row, played_rounds, season_lines

# Tables of a Serie whose list has no second signature yet ("geprüft").
UNCHECKED = Count("tables", filter=~Q(tables__check_status=Table.Check.CONFIRMED))

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
    ("list_score", "Spielpunkte"),  # the counted Serien's, as a club's own list sums them
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
    players: Mapping[int, Mapping[str, Any]]
    rounds: dict[int, dict[str, Any]]
    # (player, Serie) -> the player's Spielpunkte there, for the counted Serien's sum.
    list_scores: Mapping[tuple[int, int], int] = field(default_factory=dict)

    @property
    def rule(self) -> SeasonRule:
        return self.ranking.rule

    @property
    def provisional(self) -> str:
        """Why the ranking is still vorläufig (a counted Serie has unchecked lists), or ""."""
        counted = {result.round_id for row in self.ranking.ranked for result in row.results}
        counted |= {result.round_id for row in self.ranking.unranked for result in row.results}
        open_ = sum(1 for pk in counted if self.rounds[pk]["unchecked"])
        if not open_:
            return ""
        rounds = "1 Serie hat" if open_ == 1 else f"{open_} Serien haben"
        return f"{rounds} noch ungeprüfte Spiellisten."


def season_page(season: Season) -> SeasonPage:
    """Rank the season in a fixed number of queries (Serien, lines, players)."""
    selection = Q(event__season=season)
    rounds = round_info(selection)
    played = sorted(rounds, key=lambda pk: rounds[pk]["order"])
    position = {pk: index for index, pk in enumerate(played)}
    lines = sorted(season_lines(selection), key=lambda ln: position[ln.round_id])
    players = {
        p["id"]: p
        for p in Player.objects.filter(id__in={ln.player_id for ln in lines}).values(
            "id", "key", "name"
        )
    }
    names = {i: p["name"] for i, p in players.items()}
    # One line per player and Serie (a player sits at one table of a Serie).
    list_scores = {(line.player_id, line.round_id): line.list_score for line in lines}
    ranking = season_ranking(lines, season_rule(season), names)
    return SeasonPage(ranking, players, rounds, list_scores)


def season_exclusions(page: SeasonPage | None) -> list[str]:
    """The ranking table's columns to hide: the average only means something by average."""
    return [] if page and page.rule.is_average else ["average"]


def ranking_rows(
    page: SeasonPage, ranked: bool = True, limit: int | None = None
) -> list[dict[str, Any]]:
    """The ranked (or not yet ranked) players' rows, best first; the first `limit` only."""
    players, ranking = page.players, page.ranking
    rows = []
    for row in (ranking.ranked if ranked else ranking.unranked)[:limit]:
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
                "list_score": sum(
                    page.list_scores.get((row.player_id, r.round_id), 0) for r in row.counted
                ),
                "to_pass": _to_pass(to_pass, ranking.rule),
            }
        )
    return rows


def _to_pass(value: Any, rule: SeasonRule) -> Any:
    if value is None:
        return None
    return rounded(value) if rule.is_average else int(value)


def round_info(selection: Q) -> dict[int, dict[str, Any]]:
    """Event, date, order and unchecked tables of each selected Serie (one query)."""
    rows = (
        Round.objects.filter(selection)
        .values("id", "number", "event_id", "event__key", "event__name", "event__date")
        .annotate(unchecked=UNCHECKED)
    )
    return {
        r["id"]: {
            **r,
            "order": (r["event__date"], r["event__key"], r["number"]),
        }
        for r in rows
    }


# --- event and Serie ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedRound:
    """A played Serie of an event and how many of its lists are still unchecked."""

    number: int
    unchecked: int
    id: int


def played_rounds_of(event: Event) -> list[PlayedRound]:
    """The event's Serien with at least one game or paper total, in order (one query)."""
    rows = (
        event.rounds.filter(played_rounds())
        .order_by("number")
        .annotate(unchecked=UNCHECKED)
        .values_list("number", "unchecked", "id")
    )
    return [PlayedRound(number, unchecked, pk) for number, unchecked, pk in rows]


def provisional_text(rounds: list[PlayedRound]) -> str:
    """Why results are still vorläufig (a Serie's lists are not all checked), or ""."""
    open_ = [s for s in rounds if s.unchecked]
    if not open_:
        return ""
    parts = [
        f"Serie {s.number} ({s.unchecked} {'Tisch' if s.unchecked == 1 else 'Tische'})"
        for s in open_
    ]
    listed = listing(parts)
    verb = "ist" if len(open_) == 1 else "sind"
    return f"{listed} {verb} noch nicht geprüft."


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
    ("cash_cents", "Spielgeld genau (€)"),
    ("game_cash_rounded_cents", "Spielgeld auf den Cent (€)"),
    ("fees_cents", "Verlustspielgeld (€)"),
    ("game_balance_cents", "Spielgeld − Verlustspielgeld (€)"),
    ("entry_fee_open_cents", "Startgeld offen (€)"),
    ("prize_cents", "Preise (€)"),
    ("rounding_cents", "Rundung (€)"),
    ("payout_cents", "Schluss (€)"),
]
# Only the whole event is paid out: a Serie's money ends with its exact Spielgeld less its
# Verlustspielgeld. The event's row adds up to its Schluss: Spielgeld auf den Cent −
# Verlustspielgeld − Startgeld offen + Preise + Rundung (docs/glossary.md, "Geld").
ROUND_MONEY_KEYS = ("cash_cents", "fees_cents", "game_balance_cents")
ROUND_ONLY = ("game_balance_cents",)
TOURNAMENT_KEYS = ("entry_fee_open_cents", "prize_cents")
MONEY_KEYS = [key for key, _ in MONEY_COLUMNS[3:]]


def standing_row(row: Row, numbers: list[int]) -> dict[str, Any]:
    """One player's standing, with a `serie_<n>` score for each Serie number given."""
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
        "decomposition": row.decomposition(),
        **{f"serie_{n}": by_number.get(n) for n in numbers},
    }


class ProjectorLine(NamedTuple):
    """One line of the projector, as the Serie page's table writes it (`Num`)."""

    place: str
    name: str
    score: str
    list_score: str

    def html(self) -> str:
        return (
            f'<tr><td class="num">{self.place}.</td><th scope="row">{escaped(self.name)}</th>'
            f'<td class="num score">{self.score}</td><td class="num">{self.list_score}</td></tr>'
        )


def projector_lines(rows: Sequence[Row]) -> list[ProjectorLine]:
    text = Num("").text
    return [ProjectorLine(text(r.place), r.name, text(r.score), text(r.list_score)) for r in rows]


def projector_pages(rows: Sequence[Row], per_page: int) -> list[SafeString]:
    """The projector's pages of standings, each its table rows as HTML. On a championship day
    1,400 lines are rendered every two seconds, holding the interpreter meanwhile: the
    template's loop with its localisation of each number took 90 % of a 70 ms render, the
    rows written here (as `tables.Text.cell` writes a cell) take a few milliseconds."""
    lines = [line.html() for line in projector_lines(rows)]
    return [SafeString("".join(lines[i : i + per_page])) for i in range(0, len(lines), per_page)]


def money_keys(found: EventLedger, round: bool) -> list[str]:
    """The money columns to show: a Serie's exact money, or the event's down to the amount
    paid out, with Startgeld and prizes where the event has them."""
    if round:
        return list(ROUND_MONEY_KEYS)
    accounts = found.accounts
    tournament = {
        "entry_fee_open_cents": any(a.entry_fee for a in accounts),
        "prize_cents": any(a.awards for a in accounts),
    }
    return [
        key
        for key in MONEY_KEYS
        if key not in ROUND_ONLY and (key not in TOURNAMENT_KEYS or tournament[key])
    ]


def money_rows(found: EventLedger) -> list[dict[str, Any]]:
    """One row per ranked player, every amount the ledger's: the exact Preisskat money and
    Verlustspielgeld, and for the whole event what is paid out at the end."""
    rows = []
    for row in found.rows:
        account = found.account(row.player_id)
        assert account is not None  # every ranked player has an account
        rows.append(
            {"place": row.place, "player": row.player, "name": row.name} | money_fields(account)
        )
    return rows


def round_columns(numbers: list[int]) -> list[tuple[str, Any]]:
    """Extra table columns with each Serie's score, for an event of several Serien."""
    if len(numbers) < 2:
        return []  # one Serie: its score is the score
    return [(f"serie_{n}", Num(f"Serie {n}")) for n in numbers]


def standings_exports(
    event: Event,
    standings: list[dict[str, Any]],
    money: list[dict[str, Any]],
    numbers: list[int],
    money_shown: Sequence[str] = ROUND_MONEY_KEYS,
) -> list[Export]:
    columns = [*STANDING_COLUMNS, *((f"serie_{n}", f"Serie {n}") for n in numbers)]
    exports = [Export("wertung", f"Wertung {event.name}", columns, standings)]
    if money:
        keys = list(money_shown)
        shown = [c for c in MONEY_COLUMNS if c[0] in keys or c[0] in ("place", "player", "name")]
        exports.append(Export("geld", f"Abrechnung {event.name}", shown, money, money=keys))
    return exports


def event_row(event: Event) -> dict[str, Any]:
    return {
        "date": event.date,
        "event": event.name,
        "event_key": event.key,
        "season": str(event.season),
    }
