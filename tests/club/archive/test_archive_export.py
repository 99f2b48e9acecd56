"""`manage.py export_archive`: exporting what was imported gives back the same data."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring import Declaration, Outcome
from skatclub.club import services
from skatclub.club.archive import ArchiveError, export_archive, import_archive
from skatclub.club.demo.generator import generate_archive
from skatclub.club.models import Event, Game, Match, MatchGame, Player, Seat, Table
from tests.helpers.archive import EVENT_KEY, run_import, spec_example


def run_export(tmp_path: Path, *args: str) -> Any:
    path = tmp_path / "export.json"
    call_command("export_archive", "-o", str(path), *args, stderr=io.StringIO())
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.django_db
def test_export_gives_back_a_realistic_archive_exactly(tmp_path: Path) -> None:
    archive = generate_archive(seasons=2, events_per_season=3, seed=7)
    tables = [t for e in archive["events"] for r in e["rounds"] for t in r["tables"]]
    assert any("games" in t for t in tables) and any("totals" in t for t in tables)

    status, _, _ = run_import(tmp_path, archive)

    assert status == 0
    assert run_export(tmp_path) == archive


@pytest.mark.django_db
def test_export_gives_back_the_spec_example_exactly(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())

    assert run_export(tmp_path) == spec_example()


@pytest.mark.django_db
def test_export_of_one_event_holds_only_that_event_and_its_players(tmp_path: Path) -> None:
    data = spec_example()
    other = copy.deepcopy(data["events"][0])
    other.update(key="2026-12-04-clubabend", name="Clubabend", date="2026-12-04")
    other["rounds"][0]["tables"] = other["rounds"][0]["tables"][1:]  # only emil, frieda, gerd
    data["events"].append(other)
    run_import(tmp_path, data)

    exported = run_export(tmp_path, "--event", "2026-12-04-clubabend")

    assert [e["key"] for e in exported["events"]] == ["2026-12-04-clubabend"]
    assert [p["key"] for p in exported["players"]] == ["emil", "frieda", "gerd"]


@pytest.mark.django_db
def test_export_refuses_an_unknown_event(tmp_path: Path) -> None:
    err = io.StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("export_archive", "--event", "gibt-es-nicht", stderr=err)

    assert stop.value.code == 1
    assert "Veranstaltung gibt-es-nicht gibt es nicht." in err.getvalue()


@pytest.mark.django_db
def test_games_entered_game_by_game_stay_game_by_game(
    tmp_path: Path, four_table: Table, players: dict[str, Player]
) -> None:
    # Game 1: Anna deals, Bernd (Vorhand) plays Kreuz mit 2, Schneider: 4 × 12 = 48.
    services.record_game(
        table=four_table,
        number=1,
        declarer=players["bernd"],
        declaration=Declaration.from_dict({"type": "clubs", "matadors": 2, "bid": 24}),
        outcome=Outcome.from_dict({"declarer_card_points": 95}),
    )
    services.record_game(table=four_table, number=2, declarer=None, declaration=None, outcome=None)
    # Game 4: Dieter deals, Anna plays Null (23), lost: -46. Game 3 is not entered yet.
    services.record_game(
        table=four_table,
        number=4,
        declarer=players["anna"],
        declaration=Declaration.from_dict({"type": "null", "bid": 23}),
        outcome=Outcome.from_dict({"won": False}),
    )
    first = run_export(tmp_path)
    games = first["events"][0]["rounds"][0]["tables"][0]["games"]
    assert [g.get("declarer") for g in games] == ["bernd", None, "anna"]
    assert games[1] == {"passed": True}
    assert games[2]["number"] == 4  # the gap at game 3 is kept

    status, _, _ = run_import(tmp_path, first, "--replace")

    assert status == 0
    assert list(Game.objects.order_by("number").values_list("number", "list_score")) == [
        (1, 48),
        (2, 0),
        (4, -46),
    ]
    assert run_export(tmp_path) == first
    assert Event.objects.get().key == EVENT_KEY


def test_offiziersskat_matches_round_trip_through_the_archive(db: None) -> None:
    archive = {
        "format": "skatclub-archive/1",
        "players": [{"key": "anna", "name": "Anna Albers"}, {"key": "bernd", "name": "B. B."}],
        "events": [],
        "matches": [
            {
                "key": "2026-11-20-anna-bernd",
                "date": "2026-11-20",
                "players": ["anna", "bernd"],
                "variant": "points_2_3_4",
                "games": [
                    {
                        "seat": 2,
                        "game": {"type": "clubs", "matadors": 1},
                        "outcome": {"declarer_card_points": 95},
                    },
                    {
                        "seat": 1,
                        "game": {"type": "grand", "matadors": -2},
                        "outcome": {"declarer_card_points": 60},
                    },
                ],
            }
        ],
    }
    import_archive(archive)
    games = MatchGame.objects.order_by("number")
    # Bernd wins Kreuz with 95 (Schneider): 3 points; Anna's Grand 60:60: 1 point each.
    assert [(g.first_score, g.second_score) for g in games] == [(0, 3), (1, 1)]
    assert Match.objects.get().variant == "points_2_3_4"
    assert export_archive()["matches"] == archive["matches"]


def test_an_impossible_offiziersskat_game_refuses_the_archive_in_german(db: None) -> None:
    archive = {
        "format": "skatclub-archive/1",
        "players": [{"key": "anna", "name": "Anna"}, {"key": "bernd", "name": "Bernd"}],
        "events": [],
        "matches": [
            {
                "key": "m1",
                "date": "2026-11-20",
                "players": ["anna", "bernd"],
                "games": [{"seat": 1, "game": {"type": "null"}, "outcome": {"won": True}}],
            }
        ],
    }
    with pytest.raises(ArchiveError) as refused:
        import_archive(archive)
    assert "Offiziersskat m1, Spiel 1: Im Offiziersskat gibt es kein Nullspiel" in str(
        refused.value
    )
    assert not Match.objects.exists()


def test_ramsch_and_bockrunden_round_trip_through_the_archive(db: None) -> None:
    archive = {
        "format": "skatclub-archive/1",
        "players": [{"key": k, "name": k.title()} for k in ("anna", "bernd", "carla", "dieter")],
        "events": [
            {
                "key": "2026-11-21-freitagsrunde",
                "name": "Freitagsrunde",
                "date": "2026-11-21",
                "ruleset": "isko",
                "house_rules": {"bock": True, "ramsch": True},
                "bock_rounds": {"triggers": ["grand_hand"], "rounds": 1, "stacking": "queue"},
                "ramsch_rules": {
                    "scoring": "loser_only",
                    "tie_rule": "last_trick_loses",
                    "durchmarsch_doubled": False,
                },
                "rounds": [
                    {
                        "number": 1,
                        "tables": [
                            {
                                "number": 1,
                                "seats": ["anna", "bernd", "carla", "dieter"],
                                "games": [
                                    {
                                        "declarer": "bernd",
                                        "game": {"type": "grand", "matadors": 1, "hand": True},
                                        "outcome": {"won": True},
                                    },
                                    {
                                        "ramsch": {
                                            "card_points": [[3, 65], [4, 55], [1, 0]],
                                            "pushes": 1,
                                            "knocks": 0,
                                            "virgins": [1],
                                            "durchmarsch": None,
                                            "last_trick": None,
                                            "bock": 1,
                                        }
                                    },
                                ],
                            }
                        ],
                    }
                ],
            }
        ],
    }
    import_archive(copy.deepcopy(archive))
    seats = {s.player.key: s.list_score for s in Seat.objects.select_related("player")}
    # Carla loses 65 × 2 (push) × 2 (Jungfrau) × 2 (Bock) = 520; Bernd's Grand Hand 72.
    assert seats == {"anna": 0, "bernd": 72, "carla": -520, "dieter": 0}
    assert export_archive() == {**archive, "club": {"name": "Skatclub"}} | {
        "players": archive["players"]
    }
