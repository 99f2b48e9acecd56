"""django-tables2 declarations for the public pages; the views feed them plain dict rows.

Every table renders through `club/_public_table.html` (caption, `<th scope>`, the player's
name as row header) and takes its caption as a keyword argument. django-tables2 does the
sorting, paging and the columns; the header cells come from `PublicTable.head` and the rows
from `PublicTable.body`, which renders each cell with its column's `cell` method and joins
them in Python. That is about ten times faster than django-tables2's general per-cell
machinery (a 50-row ranking cost ~100 ms), and a template loop over the cells still cost
more than half of an event page.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.safestring import SafeString, mark_safe

from scoring import WON_BONUS, others_rates
from scoring.league import format_score
from skatclub.club.formatting import decimal, euro, euro_places, number
from skatclub.club.queries.ledger import EventLedger
from skatclub.club.queries.standings import Row

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
Link = Callable[[dict[str, Any]], str]


class Text(tables.Column):
    """Plain text, optionally a link (`link(record)` gives the URL)."""

    def __init__(self, *args: Any, link: Link | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("default", "–")
        super().__init__(*args, **kwargs)
        self.link = link

    def text(self, value: Any) -> str:
        return str(value)

    def cell(self, value: Any, record: dict[str, Any]) -> str:
        """The cell's HTML (what `conditional_escape` and `format_html` give, without their
        per-call overhead: a page has thousands of cells)."""
        if value is None:
            return escaped(self.default)
        if self.link:
            return f'<a href="{escaped(self.link(record))}">{escaped(self.text(value))}</a>'
        return escaped(self.text(value))


class Num(Text):
    """A right-aligned number; exact fractions and decimals with a decimal comma."""

    def __init__(self, *args: Any, places: int = 0, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", NUM)
        super().__init__(*args, **kwargs)
        self.places = places

    def text(self, value: Any) -> str:
        """Whole numbers with the thousands dot and a true minus, as the printouts show them
        ("1.227", "−55")."""
        if isinstance(value, Fraction | Decimal):
            return decimal(value, self.places)
        if isinstance(value, int) and not isinstance(value, bool):
            return number(value)
        return str(value)


class Euro(Num):
    """An amount in euros; its cell carries its header as `data-label`, for the cards a money
    table becomes on a phone (`table.money-cards`, static/skatclub.css)."""

    def __init__(self, *args: Any, css: str = "num", **kwargs: Any) -> None:
        label = str(args[0]) if args else ""
        kwargs.setdefault(
            "attrs", {"th": {"class": "num"}, "td": {"class": css, "data-label": label}}
        )
        super().__init__(*args, **kwargs)

    def text(self, value: Any) -> str:
        return euro(value, places=self.places)


class Date(Text):
    def text(self, value: Any) -> str:
        return f"{value:%d.%m.%Y}"


class Results(Text):
    """A player's Serien of the season in order; struck ones (Streichergebnisse) struck
    through. Plain numbers, no per-Serie markup: a season can hold hundreds of Serien."""

    def cell(self, value: Any, record: dict[str, Any]) -> SafeString:
        parts = [
            str(int(score)) if counted else f"<del>{STRUCK}{int(score)}</del>"
            for score, counted in value or ()
        ]
        return mark_safe(" ".join(parts))  # only integers and our own markup


STRUCK = '<span class="visually-hidden">gestrichen: </span>'


class PublicTable(tables.Table):
    row_header = "name"

    def __init__(self, *args: Any, caption: str = "", **kwargs: Any) -> None:
        # Set here, not in Meta: django-tables2 does not pass Meta on to subclasses.
        kwargs.setdefault("template_name", "club/_public_table.html")
        kwargs.setdefault("empty_text", "Noch keine Ergebnisse.")
        super().__init__(*args, **kwargs)
        self.caption = caption

    def head(self) -> list[SafeString]:
        """Each column's header cell (`scope`, `aria-sort`, the link that sorts by it), built as
        django-tables2's template and `querystring_replace` would, at a fraction of the cost."""
        # The render context, set by {% render_table %} while it renders, holds the request.
        context = getattr(self, "context", None)
        request = context.get("request") if context is not None else None
        request = request or getattr(self, "request", None)
        query: dict[str, Any] = dict(request.GET) if request is not None else {}
        cells = []
        for column in self.columns:
            attrs = column.attrs["th"].as_html()
            opening = f'<th scope="col" {attrs}' if attrs else '<th scope="col"'
            if column.is_ordered:
                order = "descending" if column.order_by_alias.is_descending else "ascending"
                opening += f' aria-sort="{order}"'
            header = escaped(column.header)
            if column.orderable:
                query[self.prefixed_order_by_field] = column.order_by_alias.next
                link = html.escape("?" + urlencode(query, doseq=True))
                header = f'<a href="{link}" title="sortieren nach {header}">{header}</a>'
            cells.append(mark_safe(f"{opening}>\n          {header}\n        </th>"))
        return cells

    def body(self) -> list[SafeString]:
        """The HTML of each row on the current page (its cells, without `<tr>`). Joined here,
        not in the template: a template loop over the cells cost more than half of an event
        page."""
        columns = []
        for bound in self.columns:
            tag = "th" if bound.name == self.row_header else "td"
            scope = ' scope="row"' if tag == "th" else ""
            attrs = bound.attrs["td"].as_html()  # built by django-tables2, already escaped
            opening = f"<{tag}{scope} {attrs}>" if attrs else f"<{tag}{scope}>"
            columns.append((bound.name, bound.column, opening, f"</{tag}>"))
        rows = []
        for row in self.paginated_rows:
            record = row.record
            cells = [
                f"{opening}{column.cell(record.get(name), record)}{closing}"
                for name, column, opening, closing in columns
            ]
            rows.append(mark_safe("".join(cells)))  # every cell escaped by its column
        return rows


def escaped(text: Any) -> str:
    """`conditional_escape` for one cell: safe HTML as it is, anything else escaped."""
    if hasattr(text, "__html__"):
        return str(text.__html__())
    return html.escape(str(text))


def player_link(record: dict[str, Any]) -> str:
    return url("player-detail", record["player"])


def event_link(record: dict[str, Any]) -> str:
    return url("event-detail", record["event_key"])


def round_link(record: dict[str, Any]) -> str:
    return url("round-detail", record["event_key"], record["round"])


def url(name: str, *args: Any) -> str:
    """`reverse`, remembered: a page links every player in each of its tables, and one
    `reverse` costs more than the rest of the cell. The same name and arguments give the same
    URL for the same script prefix (the club's, `ClubMiddleware`) and URL configuration."""
    return _remembered_url(get_script_prefix(), get_urlconf(), settings.ROOT_URLCONF, name, args)


@functools.lru_cache(maxsize=8192)
def _remembered_url(prefix: str, urlconf: Any, root: str, name: str, args: tuple[Any, ...]) -> str:
    return reverse(name, args=args)


class SeasonRankingTable(PublicTable):
    place = Num("Platz")
    name = Text("Spieler", link=player_link)
    rounds = Num("Serien")
    results = Results(
        "Serienergebnisse der Reihe nach (gestrichene durchgestrichen)",
        orderable=False,
        attrs={"td": {"class": "results"}},
    )
    total = Num("Punkte")
    average = Num("Schnitt je Serie", places=2)
    won = Num("gew.")
    lost = Num("verl.")
    to_pass = Num("Punkte bis zum Platz davor")

    class Meta:
        # The number the ranking is sorted by comes first, so a phone shows it unscrolled.
        sequence = ("place", "name", "total", "average", "rounds", "...")


class EventStandingsTable(PublicTable):
    place = Num("Platz")
    name = Text("Spieler", link=player_link)
    rounds = Num("Serien")
    list_score = Num("Spielpunkte")
    won = Num("gew.")
    lost = Num("verl.")
    others_lost = Num("verl. der Mitspieler")
    score = Num("Wertungspunkte")
    decomposition = Text("Berechnung", orderable=False, attrs={"td": {"class": "calc"}})

    class Meta:
        sequence = ("place", "name", "score", "list_score", "...")


class RoundStandingsTable(EventStandingsTable):
    rounds = None  # type: ignore[assignment]  # django-tables2 removes a column set to None
    table = Num("Tisch")

    class Meta:
        sequence = ("place", "name", "score", "list_score", "table", "...")


EXACT_COLUMNS = ("cash_cents", "game_balance_cents")  # exact, to a fraction of a cent


class MoneyTable(PublicTable):
    place = Num("Platz")
    name = Text("Spieler", link=player_link)
    cash_cents = Euro("Spielgeld genau")
    game_cash_rounded_cents = Euro("Spielgeld auf den Cent")
    fees_cents = Euro("Verlustspielgeld")
    game_balance_cents = Euro("Spielgeld − Verlustspielgeld")
    entry_fee_open_cents = Euro("Startgeld offen")
    prize_cents = Euro("Preise")
    rounding_cents = Euro("Rundung")
    payout_cents = Euro("Schluss", css="num schluss")

    def __init__(self, data: list[dict[str, Any]], *args: Any, **kwargs: Any) -> None:
        """One precision per column: the exact amounts with as many decimals as the column's
        most exact one needs ("−0,8675" and "0,5000", not "0,50")."""
        super().__init__(data, *args, **kwargs)
        for key in EXACT_COLUMNS:
            self.base_columns[key].places = euro_places(row.get(key, 0) for row in data)

    class Meta:
        sequence = ("place", "name", "...")
        attrs = {"class": "money-cards"}


class PlayerRoundsTable(PublicTable):
    row_header = "round"
    date = Date("Datum")
    event = Text("Veranstaltung", link=event_link)
    round = Text("Serie", link=round_link)
    table = Num("Tisch")
    list_score = Num("Spielpunkte")
    won = Num("gew.")
    lost = Num("verl.")
    others_lost = Num("verl. der Mitspieler")
    score = Num("Wertungspunkte")
    place = Num("Platz am Tisch")

    class Meta:
        sequence = ("round", "score", "date", "event", "...")


class PlayerEventsTable(PublicTable):
    row_header = "event"
    date = Date("Datum")
    event = Text("Veranstaltung", link=event_link)
    rounds = Num("Serien")
    won = Num("gew.")
    lost = Num("verl.")
    score = Num("Wertungspunkte")

    class Meta:
        sequence = ("event", "score", "date", "...")


class GameTypesTable(PublicTable):
    row_header = "label"
    label = Text("Spielart")
    games = Num("Spiele")
    won = Num("gewonnen")
    lost = Num("verloren")
    won_percent = Num("gewonnen in %", places=1)
    average_value = Num("Ø Spielwert", places=1)
    overbid = Num("überreizt")


class LatestEventsTable(PublicTable):
    row_header = "event"
    date = Date("Datum")
    event = Text("Veranstaltung", link=event_link)
    season = Text("Saison")


# --- the Spielwart's results page -----------------------------------------------------------


def standings_rows(rows: Iterable[Row], found: EventLedger) -> list[dict[str, Any]]:
    """The Spielwart's results table: the standings with each player's exact money from the
    ledger."""
    accounts = {a.player_id: a for a in found.accounts}
    return [
        {
            "place": row.place,
            "name": row.name,
            "player": row.player,
            "is_guest": row.is_guest,
            "rounds": row.rounds,
            "list_score": row.list_score,
            "won": row.won,
            "lost": row.lost,
            "won_points": row.won_points,
            "lost_points": row.lost_points,
            "others_lost": row.others_lost,
            "others_points": row.others_points,
            "score": row.score,
            "decomposition": row.decomposition(),
            "cash": euro(accounts[row.player_id].game_cash),
            "cash_value": accounts[row.player_id].game_cash,
            "fees": euro(accounts[row.player_id].lost_fee_total),
            "fees_value": accounts[row.player_id].lost_fee_total,
            "gone": gone_text(found.gone.get(row.player_id)),
        }
        for row in rows
    ]


def gone_text(left_after: int | None) -> str:
    """„gegangen nach Serie n“ for a player who left during the day, else ""."""
    return f"gegangen nach Serie {left_after}" if left_after is not None else ""


class Whole(tables.Column):
    """A whole number in a django-tables2 table, with the thousands dot and a true minus as
    on the printouts ("1.227", "−55")."""

    def render(self, value: Any) -> str:
        return number(value) if isinstance(value, int) and not isinstance(value, bool) else value


class StandingsTable(tables.Table):
    place = tables.Column("Platz", attrs=NUM)
    name = tables.Column("Name")
    score = Whole("Wertungspunkte", attrs=NUM)
    list_score = Whole("Spielpunkte", attrs=NUM)
    won = tables.Column("gew.", attrs=NUM)
    lost = tables.Column("verl.", attrs=NUM)
    won_points = Whole(f"+{WON_BONUS} × gew.", attrs=NUM)
    lost_points = Whole(f"−{WON_BONUS} × verl.", attrs=NUM)
    others_lost = tables.Column("Gegnerverluste", attrs=NUM)
    others_points = Whole("+" + "/+".join(map(str, others_rates())) + " × Gegnerverl.", attrs=NUM)
    decomposition = tables.Column("Berechnung", orderable=False)
    cash = tables.Column("Spielgeld genau", attrs=NUM, order_by=("cash_value",))
    fees = tables.Column("Verlustspielgeld", attrs=NUM, order_by=("fees_value",))

    def render_name(self, value: str, record: dict[str, Any]) -> str:
        if not record.get("gone"):
            return value
        return format_html('{} <span class="status-open small">{}</span>', value, record["gone"])

    class Meta:
        orderable = True
        order_by = ("place",)
        attrs = {"class": "standings"}
        empty_text = "Noch keine Ergebnisse."


# --- the league's pages ---------------------------------------------------------------------


class Score(Num):
    """Spielpunkte with a thousands dot, as the league prints them: 2.345."""

    def text(self, value: Any) -> str:
        return format_score(int(value))


class LeagueTable(PublicTable):
    row_header = "team"
    place = Num("Platz")
    team = Text("Mannschaft", link=lambda r: r["team_url"])
    points_text = Text(mark_safe("Wertungs&shy;punkte"), attrs=NUM)
    score = Score(mark_safe("Spiel&shy;punkte"))
    matchdays = Num(mark_safe("Spiel&shy;tage"))
    note = Text("Gleichstand", default="")


class LeaguePlayersTable(PublicTable):
    name = Text("Spieler")
    team = Text("Mannschaft")
    score = Score("Spielpunkte")
    rounds = Num("Serien")
    average = Num("Schnitt je Serie", places=2)
    won = Num("gew.")
    lost = Num("verl.")

    class Meta:
        sequence = ("name", "score", "rounds", "average", "...")
