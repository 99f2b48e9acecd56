"""`import_archive --as-recorded`: a foreign game list keeps the values the club recorded.

The archive below holds, at one 4-table, two games "won" although overbid (Karo mit/ohne 1 at
Reizwert 20: 2 × 9 = 18 < 20) and one whose recorded value differs from the Spielwert (Kreuz
mit 2 is 3 × 12 = 36, the list says 48). Strict import (the default) refuses the archive whole;
`--as-recorded` keeps the three games with their recorded values, lists them for the Spielwart
with the engine's reason, and ranks them as recorded.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils.html import escape

from skatclub.club.models import Change, Game, Seat
from skatclub.club.queries.standings import event_standings
from tests.helpers.archive import EVENT_KEY, nothing_imported, run_import, spec_example, table_one

REVIEW = "/spielwart/abweichend/"
OVERBID = "überreizt"


def foreign_archive() -> dict[str, Any]:
    """Table 1 seated anna, bernd, carla, dieter; dealers sit out (game n: seat n)."""
    data = spec_example()
    table_one(data)["games"] = [
        # 1: Bernd, Karo mit 1 at 20, recorded won +18 (overbid: the rules say lost, -54).
        {
            "declarer": "bernd",
            "game": {"type": "diamonds", "matadors": 1, "bid": 20},
            "outcome": {"won": True},
            "recorded": {"list_score": 18},
        },
        {"passed": True},
        # 3: Dieter, Kreuz mit 2, won: the rules give +36, the list +48.
        {
            "declarer": "dieter",
            "game": {"type": "clubs", "matadors": 2, "bid": 24},
            "outcome": {"won": True},
            "recorded": {"list_score": 48},
        },
        # 4: Anna, Pik mit 1 with 70 Augen: +22, and the list agrees.
        {
            "declarer": "anna",
            "game": {"type": "spades", "matadors": 1, "bid": 18},
            "outcome": {"declarer_card_points": 70},
        },
        {"passed": True},
        # 6: Carla, Karo ohne 1 at 20, recorded won +18 (overbid as game 1).
        {
            "declarer": "carla",
            "game": {"type": "diamonds", "matadors": -1, "bid": 20},
            "outcome": {"won": True},
            "recorded": {"list_score": 18},
        },
    ]
    return data


def run_export(tmp_path: Path) -> Any:
    path = tmp_path / "export.json"
    call_command("export_archive", "-o", str(path), stderr=io.StringIO())
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.django_db
def test_strict_import_refuses_the_whole_archive_and_names_every_deviating_game(
    tmp_path: Path,
) -> None:
    status, _, err = run_import(tmp_path, foreign_archive())

    assert status == 1
    assert nothing_imported()
    where = f"Veranstaltung {EVENT_KEY}, Serie 1, Tisch 1"
    lines = err.splitlines()
    assert any(line.startswith(f"{where}, Spiel 1: ") and OVERBID in line for line in lines)
    assert any(line.startswith(f"{where}, Spiel 3: Erfasst sind +48") for line in lines)
    assert any(line.startswith(f"{where}, Spiel 6: ") for line in lines)
    assert not any(f"{where}, Spiel 4" in line for line in lines)
    assert err.count("--as-recorded") == 3


@pytest.mark.django_db
def test_as_recorded_keeps_the_games_with_their_recorded_values_and_reasons(
    tmp_path: Path,
) -> None:
    status, out, err = run_import(tmp_path, foreign_archive(), "--as-recorded")

    assert (status, err) == (0, "")
    assert "Davon 3 Spiele abweichend erfasst" in out
    games = {g.number: g for g in Game.objects.all()}
    assert [n for n, g in sorted(games.items()) if g.as_recorded] == [1, 3, 6]
    assert (games[1].won, games[1].list_score) == (True, 18)
    assert OVERBID in games[1].deviation and games[1].notation == "Ka m1 r20"
    assert (games[3].won, games[3].list_score, games[3].game_value) == (True, 48, 36)
    assert games[3].deviation.startswith("Erfasst sind +48 Spielpunkte (gewonnen)")
    assert (games[4].as_recorded, games[4].list_score, games[4].deviation) == (False, 22, "")


@pytest.mark.django_db
def test_kept_games_count_in_the_rankings_as_recorded(tmp_path: Path) -> None:
    run_import(tmp_path, foreign_archive(), "--as-recorded")

    seats = {s.player.key: s for s in Seat.objects.filter(table__number=1)}
    assert (seats["bernd"].list_score, seats["bernd"].won, seats["bernd"].lost) == (18, 1, 0)
    assert (seats["dieter"].list_score, seats["carla"].list_score) == (48, 18)
    game = Game.objects.first()
    assert game is not None
    rows = {r.player: r for r in event_standings(game.table.round.event)}
    assert (rows["bernd"].list_score, rows["bernd"].won) == (18, 1)


@pytest.mark.django_db
def test_an_agreeing_record_is_an_ordinary_game_even_in_strict_mode(tmp_path: Path) -> None:
    data = foreign_archive()
    pik = table_one(data)["games"][3]  # game 4: Anna, Pik mit 1, 70 Augen = +22
    pik["recorded"] = {"list_score": 22}
    table_one(data)["games"] = [{"passed": True}] * 3 + [pik]

    status, _, err = run_import(tmp_path, data)

    assert (status, err) == (0, "")
    assert not Game.objects.filter(as_recorded=True).exists()


@pytest.mark.django_db
def test_a_refused_game_without_a_recorded_value_is_refused_even_as_recorded(
    tmp_path: Path,
) -> None:
    data = foreign_archive()
    del table_one(data)["games"][0]["recorded"]

    status, _, err = run_import(tmp_path, data, "--as-recorded")

    assert status == 1 and nothing_imported()
    assert "Spiel 1: " in err and "Ohne erfassten Wert" in err


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("recorded", "message"),
    [
        ({"list_score": "18"}, "„recorded.list_score“ muss eine ganze Zahl sein."),
        ({"list_score": 18, "extra": 1}, "„recorded“ muss ein JSON-Objekt"),
        ({"list_score": 18, "reason": "x" * 501}, "höchstens 500 Zeichen"),
        ({"list_score": -18}, "gewonnenes Spiel mit -18 Spielpunkten"),
        ({"list_score": 10**9}, "außerhalb"),
    ],
    ids=["text", "unknown-key", "long-reason", "won-negative", "too-large"],
)
def test_a_bad_record_is_refused_in_german(
    tmp_path: Path, recorded: dict[str, Any], message: str
) -> None:
    data = foreign_archive()
    table_one(data)["games"][0]["recorded"] = recorded

    status, _, err = run_import(tmp_path, data, "--as-recorded")

    assert status == 1 and nothing_imported()
    assert message in err


@pytest.mark.django_db
def test_the_export_writes_the_recorded_value_and_reason_and_round_trips(tmp_path: Path) -> None:
    run_import(tmp_path, foreign_archive(), "--as-recorded")
    expected = foreign_archive()
    for game in table_one(expected)["games"]:
        if "recorded" in game:
            number = table_one(expected)["games"].index(game) + 1
            game["recorded"]["reason"] = Game.objects.get(number=number).deviation

    exported = run_export(tmp_path)
    assert exported == expected

    status, _, _ = run_import(tmp_path, copy.deepcopy(exported), "--as-recorded", "--replace")
    assert status == 0
    assert run_export(tmp_path) == exported


def test_the_review_page_lists_every_kept_game_with_its_reason(
    tmp_path: Path, spielwart_client: Client
) -> None:
    run_import(tmp_path, foreign_archive(), "--as-recorded")

    response = spielwart_client.get(REVIEW)

    page = response.content.decode()
    assert response.status_code == 200
    assert "<strong>3</strong> Spiele zu prüfen" in page
    for game in Game.objects.filter(as_recorded=True):
        assert f'id="abweichend-{game.pk}"' in page
        assert escape(game.deviation) in page
        assert f"tisch/1/spiel/{game.number}/?zurueck=abweichend" in page
    home = spielwart_client.get("/spielwart/").content.decode()
    assert "Abweichend erfasste Spiele prüfen (3)" in home


def test_the_review_page_is_for_spielwarte_only(member_client: Client) -> None:
    assert Client().get(REVIEW).status_code == 302
    assert member_client.get(REVIEW).status_code == 403


def test_a_correction_through_the_normal_flow_clears_the_mark_and_keeps_the_history(
    tmp_path: Path, spielwart_client: Client
) -> None:
    run_import(tmp_path, foreign_archive(), "--as-recorded")
    url = f"/spielwart/veranstaltungen/{EVENT_KEY}/serie/1/tisch/1/spiel/1/"
    form = spielwart_client.get(url + "?zurueck=abweichend").content.decode()
    assert "Abweichend erfasst:" in form and 'value="2 Ka m1 r20"' in form

    response = spielwart_client.post(
        url, {"line": "2 Ka m1 r20 v", "expected_version": "1", "zurueck": "abweichend"}
    )

    assert response.status_code == 302 and response["Location"] == REVIEW
    game = Game.objects.get(number=1)
    # Karo mit 1 at 20, lost and overbid: the smallest multiple of 9 reaching 20 is 27, × 2.
    assert (game.as_recorded, game.deviation, game.won, game.list_score) == (False, "", False, -54)
    change = Change.objects.get(action=Change.Action.UPDATE, game_number=1)
    assert change.before is not None and change.after is not None
    assert OVERBID in change.before["as_recorded"] and "as_recorded" not in change.after
    assert Seat.objects.get(player__key="bernd").list_score == -54
    assert 'id="abweichend-' + str(game.pk) not in spielwart_client.get(REVIEW).content.decode()


def implausible_totals() -> dict[str, Any]:
    """Table 1 as paper totals where Bernd's 100 points come without a won game."""
    data = spec_example()
    table = table_one(data)
    table.pop("games")
    table["totals"] = [
        {"player": "anna", "list_score": 48, "won": 1, "lost": 0},
        {"player": "bernd", "list_score": 100, "won": 0, "lost": 2},
        {"player": "carla", "list_score": 0, "won": 0, "lost": 0},
        {"player": "dieter", "list_score": -36, "won": 0, "lost": 1},
    ]
    return data


@pytest.mark.django_db(transaction=True)  # flushed and imported again inside the test
def test_paper_totals_the_rules_refuse_are_kept_as_recorded_and_round_trip(
    tmp_path: Path,
) -> None:
    status, _, err = run_import(tmp_path, implausible_totals())
    assert status != 0 and "positive Spielpunkte (100) ohne gewonnenes Spiel" in err
    assert nothing_imported()

    assert run_import(tmp_path, implausible_totals(), "--as-recorded")[0] == 0
    seat = Seat.objects.get(player__key="bernd", table__round__event__key=EVENT_KEY)
    assert (seat.list_score, seat.won, seat.lost) == (100, 0, 2)  # counted as recorded
    assert "ohne gewonnenes Spiel" in seat.table.recorded_note

    out = io.StringIO()
    call_command("export_archive", stdout=out)
    exported = json.loads(out.getvalue())
    table = exported["events"][0]["rounds"][0]["tables"][0]
    assert table["recorded"]["reason"] == seat.table.recorded_note
    # The export imports again ("as recorded") into an empty database and exports the same.
    call_command("flush", interactive=False, verbosity=0)
    assert run_import(tmp_path, exported, "--as-recorded")[0] == 0
    again = io.StringIO()
    call_command("export_archive", stdout=again)
    assert json.loads(again.getvalue()) == exported
