"""Every JSON download of an event's money against docs/spec/money-json.md: its table of keys
is parsed, and each download's rows (`standings --json`, the public and the Spielwart's
results, the Kasse, the prize list, the sign-in) may use only those keys for money, each with
its type (whole cents a number, exact cents "numerator/denominator"); a player's amounts are the
same under the same key everywhere."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from skatclub.club.models import Event, Player
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.services import kasse
from tests.helpers.tournaments import one_table_tournament

SPEC = Path(__file__).resolve().parents[3] / "docs" / "spec" / "money-json.md"
KEY = "2026-11-20-preisskat"
SPIELWART = f"/spielwart/veranstaltungen/{KEY}/"
PUBLIC = f"/veranstaltungen/{KEY}/"
EXACT = re.compile(r"-?\d+/\d+")


def schema() -> dict[str, str]:
    """The spec's table of keys: key → "int" or "exact"."""
    rows = re.findall(r"^\| `(\w+)` \| (int|exact) \|", SPEC.read_text(), re.M)
    return dict(rows)


def problems(rows: list[dict[str, Any]], where: str) -> list[str]:
    known, found = schema(), []
    for row in rows:
        for key, value in row.items():
            if not key.endswith("_cents"):
                continue
            kind = known.get(key)
            if kind is None:
                found.append(f"{where}: {key} is not in the spec")
            elif value is None:
                continue
            elif kind == "int" and (type(value) is not int):
                found.append(f"{where}: {key} = {value!r} is not whole cents")
            elif kind == "exact" and not (isinstance(value, str) and EXACT.fullmatch(value)):
                found.append(f"{where}: {key} = {value!r} is not exact cents")
    return found


@pytest.fixture
def played(event: Event, players: dict[str, Player]) -> Event:
    one_table_tournament(event, players)
    kasse.book(event=event, kind="opening", text="Wechselgeld", cents=5000)
    kasse.count_cash(event=event, cents=event_ledger(event, kasse=True).report.expected - 80)
    return event


def test_the_spec_lists_every_key_once_with_a_type() -> None:
    keys = re.findall(r"^\| `(\w+)` \|", SPEC.read_text(), re.M)
    assert len(keys) == len(set(keys)) == len(schema()) >= 12


def test_the_checker_catches_euros_decimals_and_unknown_keys() -> None:
    assert problems([{"payout_cents": 9140, "cash_cents": "31725/100"}], "ok") == []
    assert len(problems([{"payout_cents": "91.40"}], "x")) == 1
    assert len(problems([{"cash_cents": "3.1725"}], "x")) == 1
    assert len(problems([{"cash_cents": 317}], "x")) == 1
    assert len(problems([{"payout_cents": True}], "x")) == 1
    assert len(problems([{"kasse_cents": 5}], "x")) == 1


def test_every_json_download_of_the_money_follows_the_schema(
    played: Event, spielwart_client: Client, client: Client
) -> None:
    out = io.StringIO()
    call_command("standings", "--event", KEY, "--json", stdout=out)
    downloads = {"standings --json": json.loads(out.getvalue())["rows"]}
    pages = {
        "public": client.get(PUBLIC + "?format=json"),
        "public Gewinnplan": client.get(PUBLIC + "gewinnplan/?format=json"),
        "Ergebnisse": spielwart_client.get(SPIELWART + "ergebnisse/?format=json"),
        "Kasse": spielwart_client.get(SPIELWART + "kasse/?format=json"),
        "Anmeldung": spielwart_client.get(SPIELWART + "anmeldung/?format=json"),
    }
    for page, response in pages.items():
        assert response.status_code == 200, page
        for name, table in response.json()["tables"].items():
            downloads[f"{page} {name}"] = table["rows"]
            euro_columns = [k for k, head in table["columns"].items() if "(€)" in head]
            assert all(k.endswith("_cents") for k in euro_columns), (page, name, euro_columns)
    assert {"public geld", "Ergebnisse geld", "Kasse spieler", "Kasse kasse"} <= set(downloads)
    assert [p for where, rows in downloads.items() for p in problems(rows, where)] == []

    # the same key means the same amount on every surface
    by_name = {
        where: {row["name"]: row for row in rows}
        for where, rows in downloads.items()
        if where in ("standings --json", "public geld", "Ergebnisse geld", "Kasse spieler")
    }
    for key in ("payout_cents", "cash_cents", "fees_cents", "rounding_cents", "prize_cents"):
        seen = {
            where: {name: row[key] for name, row in rows.items() if key in row}
            for where, rows in by_name.items()
        }
        values = [v for v in seen.values() if v]
        assert len(values) >= 2 and all(v == values[0] for v in values), (key, seen)
    kasse_rows = {row["side"]: row["amount_cents"] for row in downloads["Kasse kasse"]}
    report = event_ledger(played, kasse=True).report
    assert (kasse_rows["gezählt"], kasse_rows["Differenz"]) == (report.counted, -80)
    assert Fraction(downloads["standings --json"][0]["cash_cents"]) != 0
