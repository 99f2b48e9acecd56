"""django-tables2 declarations for the public pages; the views feed them plain dict rows.

Every table renders through `club/_public_table.html` (caption, `<th scope>`, the player's
name as row header) and takes its caption as a keyword argument.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from skatclub.club.downloads import euro, german_decimal

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class PublicTable(tables.Table):
    row_header = "name"

    def __init__(self, *args: Any, caption: str = "", **kwargs: Any) -> None:
        kwargs.setdefault("orderable", True)
        super().__init__(*args, **kwargs)
        self.caption = caption

    class Meta:
        template_name = "club/_public_table.html"
        empty_text = "Noch keine Ergebnisse."


class Num(tables.Column):
    """A right-aligned number; exact fractions and decimals with a decimal comma."""

    def __init__(self, *args: Any, places: int = 0, **kwargs: Any) -> None:
        kwargs.setdefault("attrs", NUM)
        kwargs.setdefault("default", "–")
        super().__init__(*args, **kwargs)
        self.places = places

    def render(self, value: Any) -> str:
        if isinstance(value, Fraction | Decimal):
            return german_decimal(value, self.places)
        return str(value)


class Euro(Num):
    def render(self, value: Any) -> str:
        return euro(value)


def player_link(record: dict[str, Any]) -> str:
    return reverse("player-detail", args=[record["player"]])


class SeasonRankingTable(PublicTable):
    place = Num("Platz")
    name = tables.Column("Spieler", linkify=player_link)
    rounds = Num("Serien")
    results = tables.Column("Serienergebnisse (gestrichene durchgestrichen)", orderable=False)
    total = Num("Punkte")
    average = Num("Schnitt je Serie", places=2)
    won = Num("gew.")
    lost = Num("verl.")
    to_pass = Num("Punkte bis zum Platz davor")

    def render_results(self, value: list[dict[str, Any]]) -> str:
        return format_html_join(
            " ",
            "{}",
            ((_result(r),) for r in value),
        )


def _result(result: dict[str, Any]) -> str:
    if result["counted"]:
        return format_html('<span title="{}">{}</span>', result["label"], result["score"])
    return format_html(
        '<del title="gestrichen: {}"><span class="visually-hidden">gestrichen: </span>{}</del>',
        result["label"],
        result["score"],
    )


class EventStandingsTable(PublicTable):
    place = Num("Platz")
    name = tables.Column("Spieler", linkify=player_link)
    rounds = Num("Serien")
    list_score = Num("Spielpunkte")
    won = Num("gew.")
    lost = Num("verl.")
    others_lost = Num("verl. der Mitspieler")
    score = Num("Wertungspunkte")
    decomposition = tables.Column("Berechnung", orderable=False, attrs={"td": {"class": "calc"}})


class RoundStandingsTable(EventStandingsTable):
    rounds = None
    table = Num("Tisch")

    class Meta(EventStandingsTable.Meta):
        sequence = ("place", "name", "table", "...")


class MoneyTable(PublicTable):
    place = Num("Platz")
    name = tables.Column("Spieler", linkify=player_link)
    cash_cents = Euro("Spielgeld")
    fees_cents = Euro("Verlustspielgeld")
    net_cents = Euro("Saldo")


class PlayerRoundsTable(PublicTable):
    row_header = "round"
    date = tables.DateColumn("Datum", format="d.m.Y")
    event = tables.Column(
        "Veranstaltung", linkify=lambda record: reverse("event-detail", args=[record["event_key"]])
    )
    round = tables.Column(
        "Serie",
        linkify=lambda record: reverse(
            "round-detail", args=[record["event_key"], record["round"]]
        ),
    )
    table = Num("Tisch")
    list_score = Num("Spielpunkte")
    won = Num("gew.")
    lost = Num("verl.")
    others_lost = Num("verl. der Mitspieler")
    score = Num("Wertungspunkte")
    place = Num("Platz in der Serie")


class PlayerEventsTable(PublicTable):
    row_header = "event"
    date = tables.DateColumn("Datum", format="d.m.Y")
    event = tables.Column(
        "Veranstaltung", linkify=lambda record: reverse("event-detail", args=[record["event_key"]])
    )
    rounds = Num("Serien")
    won = Num("gew.")
    lost = Num("verl.")
    score = Num("Wertungspunkte")


class GameTypesTable(PublicTable):
    row_header = "label"
    label = tables.Column("Spielart")
    games = Num("Spiele")
    won = Num("gewonnen")
    lost = Num("verloren")
    won_percent = Num("gewonnen in %", places=1)
    average_value = Num("Ø Spielwert", places=1)
    overbid = Num("überreizt")


class LatestEventsTable(PublicTable):
    row_header = "event"
    date = tables.DateColumn("Datum", format="d.m.Y")
    event = tables.Column(
        "Veranstaltung", linkify=lambda record: reverse("event-detail", args=[record["event_key"]])
    )
    season = tables.Column("Saison")
