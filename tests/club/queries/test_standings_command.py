"""`manage.py standings --event KEY [--round N] --json` on the spec's example, worked by hand.

Table 1 (4-table: anna, bernd, carla, dieter), game by game:
  game 1 bernd  Kreuz mit 2, Schneider, won: mit 2, Spiel 3, Schneider 4 × 12 = +48
  game 2 eingepasst
  game 3 dieter Null ouvert (46), lost, doubled under the ISkO:             -92
Seeger-Fabian at a 4-table: list + 50 × (won - lost) + 30 × games lost by the others.
  anna     0 +  0 + 30 × 1 =   30
  bernd   48 + 50 + 30 × 1 =  128
  carla    0 +  0 + 30 × 1 =   30
  dieter -92 - 50 + 30 × 0 = -142
Money (Wertpunkt 1/4 ct, everyone at the table pays or receives): player i gets
(n × list_i - sum of lists) × 1/4; sum = 48 - 92 = -44, n = 4.
  anna (0 + 44)/4 = 11, bernd (192 + 44)/4 = 59, carla 11, dieter (-368 + 44)/4 = -81 (sum 0).
  Per game the same: game 1 each other pays 48/4 = 12 (bernd +36); game 3 dieter pays each
  other 92/4 = 23 (dieter -69): anna -12 + 23 = 11, bernd 36 + 23 = 59, dieter -12 - 69 = -81.
Fees [50, 50, 50, 100] ct for the 1st, 2nd, 3rd, 4th+ lost game: dieter 1 lost = 50.

Table 2 (3-table: emil, frieda, gerd), paper totals: list, won, lost =
  emil 540, 9, 1; frieda 210, 4, 2; gerd -60, 3, 3.
Seeger-Fabian at a 3-table: list + 50 × (won - lost) + 40 × games lost by the others.
  emil    540 + 50 × 8 + 40 × (2 + 3) = 540 + 400 + 200 = 1140
  frieda  210 + 50 × 2 + 40 × (1 + 3) = 210 + 100 + 160 =  470
  gerd    -60 + 50 × 0 + 40 × (1 + 2) = -60 +   0 + 120 =   60
Money: sum = 540 + 210 - 60 = 690, n = 3:
  emil (1620 - 690)/4 = 232.5, frieda (630 - 690)/4 = -15, gerd (-180 - 690)/4 = -217.5.
Fees: emil 1 lost = 50, frieda 2 = 100, gerd 3 = 150.

Ranking: emil 1140, frieda 470, bernd 128, gerd 60, then anna and carla with 30: equal score,
equal won (0) and lost (0), so they share place 5 (listed by name); dieter -142 is 7th.
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.helpers.archive import EVENT_KEY, run_import, spec_example


def row(
    place: int,
    player: str,
    name: str,
    list_score: int,
    won: int,
    lost: int,
    others_lost: int,
    score: int,
    cash_cents: str,
    fees_cents: int,
) -> dict[str, Any]:
    return {
        "place": place,
        "player": player,
        "name": name,
        "list_score": list_score,
        "won": won,
        "lost": lost,
        "others_lost": others_lost,
        "score": score,
        "cash_cents": Fraction(cash_cents),
        "fees_cents": fees_cents,
    }


CONTRACT = list(row(1, "", "", 0, 0, 0, 0, 0, "0", 0))  # the spec's fields of a row


def by_value(result: dict[str, Any]) -> dict[str, Any]:
    """cash_cents is exact cents as "numerator/denominator" ("2325/10" is 232.5 ct).

    Only the fields of the contract are compared; rows may carry more (Startgeld, prizes)."""
    assert all(isinstance(r["cash_cents"], str) for r in result["rows"])
    rows = [
        {**{k: r[k] for k in CONTRACT}, "cash_cents": Fraction(r["cash_cents"])}
        for r in result["rows"]
    ]
    return {**result, "rows": rows}


HAND_WORKED = [
    row(1, "emil", "Emil Ebert", 540, 9, 1, 5, 1140, "232.5", 50),
    row(2, "frieda", "Frieda Fuchs", 210, 4, 2, 4, 470, "-15", 100),
    row(3, "bernd", "Bernd Brandt", 48, 1, 0, 1, 128, "59", 0),
    row(4, "gerd", "Gerd Graf", -60, 3, 3, 3, 60, "-217.5", 150),
    row(5, "anna", "Anna Albers", 0, 0, 0, 1, 30, "11", 0),
    row(5, "carla", "Carla Conrad", 0, 0, 0, 1, 30, "11", 0),
    row(7, "dieter", "Dieter Dorn", -92, 0, 1, 0, -142, "-81", 50),
]


def standings(*args: str) -> str:
    out = io.StringIO()
    call_command("standings", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_it_prints_the_hand_worked_standings_of_the_spec_example(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())

    result = by_value(json.loads(standings("--event", EVENT_KEY, "--json")))

    assert result == {"event": EVENT_KEY, "round": None, "rows": HAND_WORKED}


@pytest.mark.django_db
def test_it_prints_one_round_with_its_number(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())

    result = by_value(json.loads(standings("--event", EVENT_KEY, "--round", "1", "--json")))

    assert result == {"event": EVENT_KEY, "round": 1, "rows": HAND_WORKED}


@pytest.mark.django_db
def test_it_breaks_a_tie_on_score_by_more_games_won(tmp_path: Path) -> None:
    data = spec_example()
    # Gerd: list 8, won 4, lost 4 at the 3-table; the others lost emil 1 + frieda 2 = 3 games:
    # 8 + 50 × (4 - 4) + 40 × 3 = 128 = bernd's score (48 + 50 + 30), but 4 won > 1 won.
    data["events"][0]["rounds"][0]["tables"][1]["totals"][2] = {
        "player": "gerd",
        "list_score": 8,
        "won": 4,
        "lost": 4,
    }
    run_import(tmp_path, data)

    rows = json.loads(standings("--event", EVENT_KEY, "--json"))["rows"]

    assert [(r["player"], r["score"], r["won"], r["place"]) for r in rows[2:4]] == [
        ("gerd", 128, 4, 3),
        ("bernd", 128, 1, 4),
    ]


@pytest.mark.django_db
def test_without_json_it_prints_a_readable_list_with_the_decomposition(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())

    text = standings("--event", EVENT_KEY)

    assert text.splitlines()[0] == "Rangliste Preisskat November"
    assert "Emil Ebert" in text and "540 + 50 × 9 − 50 × 1 + 40 × 5 = 1140" in text


@pytest.mark.django_db
def test_it_refuses_an_unknown_event_or_round(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())

    with pytest.raises(CommandError, match="Veranstaltung gibt-es-nicht gibt es nicht."):
        standings("--event", "gibt-es-nicht", "--json")
    with pytest.raises(CommandError, match=f"Serie 9 gibt es bei {EVENT_KEY} nicht."):
        standings("--event", EVENT_KEY, "--round", "9", "--json")
