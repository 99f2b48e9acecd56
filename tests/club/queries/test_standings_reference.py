"""Standings of an imported archive against an independent, game-by-game computation.

The adapter reads per-seat sums and settles money by the Vergleichsrechnung of list totals.
Here every number is recomputed from the archive itself, one game at a time, with the
engine's per-game functions only: list score, Seeger-Fabian points for the declarer and each
other player, the Preisskat cash of every participant, and the lost-game fee schedule.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from scoring import (
    Declaration,
    Outcome,
    Ruleset,
    game_cash,
    lost_game_fees,
    parse_cents_per_point,
    seeger_fabian,
    valuation,
)
from skatclub.club.archive import import_archive
from skatclub.club.demo.generator import generate_archive
from skatclub.club.models import Event
from skatclub.club.queries.standings import event_standings

BONUS = {3: 40, 4: 30, 5: 30}


def expected_rows(event: dict[str, Any]) -> dict[str, dict[str, Any]]:
    rows: dict[str, dict[str, Any]] = defaultdict(
        lambda: {
            "list_score": 0,
            "won": 0,
            "lost": 0,
            "others_lost": 0,
            "score": 0,
            "cash": Fraction(0),
            "fees": 0,
        }
    )
    ruleset = Ruleset(event["ruleset"])
    settlement = event.get("settlement") or {}
    cpp = parse_cents_per_point(settlement["cents_per_point"]) if settlement else Fraction(0)
    fees = settlement.get("lost_game_fees_cents", [])
    for round_ in event["rounds"]:
        for table in round_["tables"]:
            seats = table["seats"]
            lost_here: dict[str, int] = defaultdict(int)
            if "totals" in table:
                add_paper_list(rows, table, cpp)
                for total in table["totals"]:
                    lost_here[total["player"]] += total["lost"]
            for game in table.get("games", []):
                if game.get("passed"):
                    continue
                declarer = game["declarer"]
                value = valuation(
                    Declaration.from_dict(game["game"]),
                    Outcome.from_dict(game["outcome"]),
                    ruleset,
                )
                own, each_other = seeger_fabian(value.list_score, bool(value.won), len(seats))
                mine, theirs = game_cash(value, ruleset, len(seats), cpp)
                row = rows[declarer]
                row["list_score"] += value.list_score
                row["won" if value.won else "lost"] += 1
                row["score"] += own
                row["cash"] += mine
                lost_here[declarer] += 0 if value.won else 1
                for other in seats:
                    if other != declarer:
                        rows[other]["score"] += each_other
                        rows[other]["others_lost"] += 0 if value.won else 1
                        rows[other]["cash"] += theirs
            for player in seats:
                rows[player]["fees"] += lost_game_fees(lost_here[player], fees)
    return rows


def add_paper_list(rows: dict[str, dict[str, Any]], table: dict[str, Any], cpp: Fraction) -> None:
    totals = table["totals"]
    size = len(totals)
    lost_all = sum(t["lost"] for t in totals)
    for t in totals:
        row = rows[t["player"]]
        row["list_score"] += t["list_score"]
        row["won"] += t["won"]
        row["lost"] += t["lost"]
        row["others_lost"] += lost_all - t["lost"]
        row["score"] += (
            t["list_score"] + 50 * (t["won"] - t["lost"]) + BONUS[size] * (lost_all - t["lost"])
        )
        # Pairwise: each other player settles the difference of the two list totals.
        row["cash"] += sum(t["list_score"] - o["list_score"] for o in totals) * cpp


def test_imported_standings_match_a_game_by_game_recomputation(db: None) -> None:
    archive = generate_archive(seasons=1, events_per_season=4, seed=11, totals_share=0.3)
    import_archive(archive)
    sizes = {len(t["seats"]) for e in archive["events"] for r in e["rounds"] for t in r["tables"]}
    assert sizes == {3, 4, 5}
    checked, with_money = 0, 0
    for event in archive["events"]:
        expected = expected_rows(event)
        got = {row.player: row for row in event_standings(Event.objects.get(key=event["key"]))}
        assert set(got) == set(expected)
        for key, want in expected.items():
            row = got[key]
            assert (row.list_score, row.won, row.lost, row.others_lost, row.score) == (
                want["list_score"],
                want["won"],
                want["lost"],
                want["others_lost"],
                want["score"],
            ), (event["key"], key)
            assert row.cash_cents == want["cash"] and row.fees_cents == want["fees"]
            checked += 1
            with_money += row.cash_cents != 0
    assert checked > 40 and with_money > 10
