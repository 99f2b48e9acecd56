"""django-tables2 declarations; views feed them plain rows (dicts) and apply RequestConfig.

`standings_rows` turns the adapter's `standings.Row`s into those dicts: every shown number plus
a sortable raw value for money (exact `Fraction`, shown with `format_cents`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import django_tables2 as tables

from skatclub.club.standings import Row, format_cents


def standings_rows(rows: Iterable[Row]) -> list[dict[str, Any]]:
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
            "cash": format_cents(row.cash_cents),
            "cash_value": row.cash_cents,
            "fees": format_cents(row.fees_cents),
            "fees_value": row.fees_cents,
        }
        for row in rows
    ]


NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class StandingsTable(tables.Table):
    place = tables.Column("Platz", attrs=NUM)
    name = tables.Column("Name")
    list_score = tables.Column("Spielpunkte", attrs=NUM)
    won = tables.Column("gew.", attrs=NUM)
    lost = tables.Column("verl.", attrs=NUM)
    won_points = tables.Column("+50 × gew.", attrs=NUM)
    lost_points = tables.Column("−50 × verl.", attrs=NUM)
    others_lost = tables.Column("Gegnerverluste", attrs=NUM)
    others_points = tables.Column("+40/+30 × Gegnerverl.", attrs=NUM)
    score = tables.Column("Wertungspunkte", attrs=NUM)
    decomposition = tables.Column("Berechnung", orderable=False)
    cash = tables.Column("Geld (Cent)", attrs=NUM, order_by=("cash_value",))
    fees = tables.Column("Verlustspielgeld (Cent)", attrs=NUM, order_by=("fees_value",))

    class Meta:
        orderable = True
        order_by = ("place",)
        attrs = {"class": "standings"}
        empty_text = "Noch keine Ergebnisse."
