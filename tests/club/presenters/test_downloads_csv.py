"""Issue 16: CSV downloads carry no formulas; numbers stay numbers."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.test import Client

from skatclub.club.models import Player, Table
from skatclub.club.presenters.downloads import Export, spreadsheet_response
from tests.helpers.factories import enter

FORMULAS = [
    '=HYPERLINK("http://example.invalid/","c")',
    "@SUM(1+1)*cmd|'/C calc'!A0",
    "+1+1",
    "-2+3",
    "\tTab",
    "\rCR",
]


def cells(export: Export) -> list[list[str]]:
    text = spreadsheet_response(export, "csv", "x.csv").content.decode("utf-8-sig")
    return [line.split(";") for line in text.split("\r\n") if line]


@pytest.mark.parametrize("name", FORMULAS, ids=lambda n: repr(n[:6]))
def test_text_that_a_spreadsheet_would_run_gets_a_quote(name: str) -> None:
    export = Export("t", "T", [("name", "Name")], [{"name": name}])
    cell = cells(export)[1][0].strip('"')
    assert cell.startswith("'")


def test_numbers_stay_numbers_also_when_negative() -> None:
    row = {"a": -50, "b": Fraction(-5, 2), "c": Decimal("-1.25"), "d": 7, "e": "Anna"}
    export = Export("t", "T", [(k, k) for k in row], [row])
    assert cells(export)[1] == ["-50", "-2,5", "-1,25", "7", "Anna"]


def test_the_ranking_csv_neutralises_a_formula_player(
    client: Client, players: dict[str, Player], four_table: Table
) -> None:
    Player.objects.filter(key="anna").update(name=FORMULAS[0])
    enter(four_table, 1, 2, "Kr m1 v")
    text = client.get(
        "/veranstaltungen/2026-11-20-preisskat/?format=csv&table=wertung"
    ).content.decode("utf-8-sig")
    assert "'=HYPERLINK" in text
    assert ";=HYPERLINK" not in text and '"=HYPERLINK' not in text
    assert ";-" in text  # Bernd's lost game: a negative number, not quoted
