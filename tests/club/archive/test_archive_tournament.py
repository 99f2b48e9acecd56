"""The archive's optional tournament fields: kind, Startgeld, sign-ins, Gewinnplan, the Kasse's
bookings and counts, the payout step, member numbers and prize categories; `standings --json`
with each player's account (Startgeld, prizes, rounding, amount at the end)."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from skatclub.club.archive.export import export_archive
from skatclub.club.models import Attendance, CashCount, Event, KasseEntry, Player, PrizePlan
from skatclub.club.queries.ledger import event_ledger
from tests.helpers.archive import EVENT_KEY, run_import, spec_example


def tournament_example() -> dict[str, Any]:
    """The spec example as a tournament: Startgeld 10 € (Bernd, a guest, 5 € reduced, not paid),
    a Gewinnplan of 100 % of the Startgeld (70 €): Platz 1 50 %, best guest a Sachpreis."""
    data = spec_example()
    data["players"][0] |= {"member_number": "0815", "categories": ["women"]}
    event = data["events"][0]
    event |= {
        "kind": "tournament",
        "entry_fees": {"full_cents": 1000, "reduced_cents": 500},
        "sign_ins": [
            {"player": key, "rate": "full", "fee_cents": 1000, "paid": True}
            for key in ("anna", "carla", "dieter", "emil", "frieda", "gerd")
        ]
        + [{"player": "bernd", "rate": "reduced", "fee_cents": 500, "paid": False}],
        "prize_plan": {
            "entry_fee_percent": "100",
            "lost_fee_percent": "0",
            "ties": "split",
            "one_prize_each": True,
            "serien": 1,
            "announced": True,
            "prizes": [
                {"category": "all", "first": 1, "last": 1, "percent": "50"},
                {"category": "guests", "first": 1, "last": 1, "item": "Skatbuch"},
            ],
        },
    }
    event["sign_ins"].sort(key=lambda s: s["player"])
    return data


@pytest.mark.django_db
def test_an_old_archive_imports_with_the_defaults(tmp_path: Path) -> None:
    assert run_import(tmp_path, spec_example())[0] == 0
    event = Event.objects.get()
    assert (event.kind, event.entry_fee_cents, event.reduced_fee_cents) == ("evening", 0, None)
    assert not PrizePlan.objects.exists()
    assert "kind" not in export_archive()["events"][0]


@pytest.mark.django_db
def test_the_tournament_fields_import_and_export_unchanged(tmp_path: Path) -> None:
    data = tournament_example()
    assert run_import(tmp_path, data)[0] == 0
    event = Event.objects.get()
    assert (event.kind, event.entry_fee_cents, event.reduced_fee_cents) == ("tournament", 1000, 500)
    bernd = Attendance.objects.get(player__key="bernd")
    assert (bernd.rate, bernd.fee_cents, bernd.paid) == ("reduced", 500, False)
    anna = Player.objects.get(key="anna")
    assert anna.member_number == "0815" and anna.is_woman
    assert PrizePlan.objects.get().is_locked
    assert export_archive() == data


@pytest.mark.django_db
def test_standings_json_has_startgeld_and_prizes_per_player(tmp_path: Path) -> None:
    run_import(tmp_path, tournament_example())
    out = io.StringIO()
    call_command("standings", "--event", EVENT_KEY, "--json", stdout=out)
    rows = {r["player"]: r for r in json.loads(out.getvalue())["rows"]}
    # Pot 6 × 10 € + 5 € = 65 €; Platz 1 (Emil) 50 % = 32,50 €; best guest: Bernd.
    assert (rows["emil"]["prize_cents"], rows["emil"]["prize_items"]) == (3250, [])
    assert (rows["bernd"]["prize_cents"], rows["bernd"]["prize_items"]) == (0, ["Skatbuch"])
    assert (rows["bernd"]["entry_fee_cents"], rows["bernd"]["entry_fee_paid"]) == (500, False)
    assert (rows["anna"]["entry_fee_cents"], rows["anna"]["entry_fee_paid"]) == (1000, True)
    # Every row carries the account as the ledger has it: its lines add up to the amount.
    for row in rows.values():
        paid = row["entry_fee_cents"] if row["entry_fee_paid"] else 0
        assert row["payout_cents"] == row["net_cents"] + paid
        assert row["net_cents"] == (
            -row["entry_fee_cents"]
            - row["fees_cents"]
            + row["game_cash_rounded_cents"]
            + row["prize_cents"]
            + row["rounding_cents"]
        )


def with_kasse(data: dict[str, Any]) -> dict[str, Any]:
    """The tournament paid out in 10-ct steps, with a float, flowers and two counts."""
    event = data["events"][0]
    event["settlement"]["rounding_step_cents"] = 10
    event["kasse"] = {
        "bookings": [
            {"kind": "opening", "text": "Wechselgeld", "amount_cents": 5000},
            {"kind": "expense", "text": "Blumen", "amount_cents": 1500},
        ],
        "counts": [
            {"counted_cents": 9000, "note": "vor der Pause"},
            {"counted_cents": 9120, "note": ""},
        ],
    }
    return data


@pytest.mark.django_db
def test_the_payout_step_and_the_kasse_import_and_export_unchanged(tmp_path: Path) -> None:
    data = with_kasse(tournament_example())
    assert run_import(tmp_path, data)[0] == 0
    event = Event.objects.get()
    assert event.rounding_step_cents == 10
    assert list(KasseEntry.objects.values_list("text", flat=True)) == ["Wechselgeld", "Blumen"]
    found = event_ledger(event, kasse=True)
    assert found.report.counted == 9120  # the last count is the latest
    assert all(a.at_the_end % 10 == 0 for a in found.accounts)
    assert export_archive() == data
    assert CashCount.objects.count() == 2


@pytest.mark.django_db
def test_an_old_archive_without_a_payout_step_pays_whole_cents(tmp_path: Path) -> None:
    data = tournament_example()
    assert "rounding_step_cents" not in data["events"][0]["settlement"]
    assert run_import(tmp_path, data)[0] == 0
    assert Event.objects.get().rounding_step_cents == 1
    assert "rounding_step_cents" not in export_archive()["events"][0]["settlement"]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda e: e.update(kind="party"), "„kind“ ist evening, tournament oder championship."),
        (
            lambda e: e["settlement"].update(rounding_step_cents=7),
            "„rounding_step_cents“ (Auszahlung runden auf) ist einer von 1, 5, 10, 50, 100.",
        ),
        (
            lambda e: e.update(
                kasse={"bookings": [{"kind": "gift", "text": "x", "amount_cents": 1}]}
            ),
            "eine Buchung hat „kind“ (opening, income oder expense)",
        ),
        (
            lambda e: e.update(kasse={"counts": [{"counted_cents": -5}]}),
            "eine Zählung hat „counted_cents“",
        ),
        (lambda e: e.update(entry_fees={"full_cents": -1}), "Startgeld in ganzen Cent"),
        (
            lambda e: e["sign_ins"].append({"player": "zoe"}),
            "Anmeldung für „zoe“, der nicht unter „players“ steht.",
        ),
        (
            lambda e: e["prize_plan"]["prizes"].append({"category": "all", "first": 2, "last": 1}),
            "Preis 3: Platz 2",
        ),
        (
            lambda e: e["prize_plan"].update(entry_fee_percent="1e9"),
            'Prozente als Text von "0" bis "100"',
        ),
    ],
    ids=["kind", "step", "booking", "count", "fee", "unknown player", "prize", "percent"],
)
@pytest.mark.django_db
def test_bad_tournament_fields_are_refused_in_german_and_nothing_is_imported(
    tmp_path: Path, change: Any, problem: str
) -> None:
    data = copy.deepcopy(tournament_example())
    change(data["events"][0])
    status, _, err = run_import(tmp_path, data)
    assert status == 1 and problem in err
    assert not Event.objects.exists()
