"""`manage.py import_archive`: the example of docs/spec/archive-format.md imports; bad archives
import nothing."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from scoring import playing_positions
from skatclub.club.archive import MAX_PROBLEMS
from skatclub.club.models import (
    Attendance,
    Change,
    Club,
    Event,
    Game,
    Player,
    Round,
    Table,
    TableTotal,
)
from tests.helpers.archive import EVENT_KEY, nothing_imported, run_import, spec_example, table_one


def simple_game(seats: list[str], number: int) -> dict[str, Any]:
    """A legal won Kreuz mit 1 (bid 18) for Vorhand of game `number`."""
    vorhand = playing_positions(len(seats), number)[0]
    return {
        "declarer": seats[vorhand - 1],
        "game": {"type": "clubs", "matadors": 1, "bid": 18},
        "outcome": {"declarer_card_points": 70},
    }


def with_games(count: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        table = table_one(data)
        table["games"] = [simple_game(table["seats"], n) for n in range(1, count + 1)]

    return change


# --- the example --------------------------------------------------------------------------


@pytest.mark.django_db
def test_it_imports_the_spec_example(tmp_path: Path) -> None:
    status, out, err = run_import(tmp_path, spec_example())

    assert (status, err) == (0, "")
    assert "1 Veranstaltungen" in out and "2 Spiele" not in out and "3 Spiele" in out
    event = Event.objects.get(key=EVENT_KEY)
    assert event.season.year == 2026
    assert (event.cents_per_point, event.lost_game_fees_cents) == ("1/4", [50, 50, 50, 100])
    assert Club.objects.get().name == "Skatfreunde Altenburg"
    assert Player.objects.get(key="bernd").is_guest and not Player.objects.get(key="anna").is_guest
    assert Attendance.objects.filter(event=event).count() == 7
    games = list(Game.objects.filter(table__number=1).order_by("number"))
    assert games[0].declarer is not None and games[2].declarer is not None
    # Kreuz mit 2, Spiel 3, Schneider 4 × 12 = 48, won: +48 on the list.
    assert (games[0].declarer.key, games[0].game_value, games[0].list_score) == ("bernd", 48, 48)
    assert games[1].passed_in and games[1].declarer is None
    # Null ouvert = 46, lost and doubled under the ISkO: -92.
    assert (games[2].declarer.key, games[2].won, games[2].list_score) == ("dieter", False, -92)
    totals = Table.objects.get(number=2)
    assert totals.entry == Table.Entry.TOTALS
    assert sorted(TableTotal.objects.values_list("player__key", "list_score")) == [
        ("emil", 540),
        ("frieda", 210),
        ("gerd", -60),
    ]
    assert list(Change.objects.values_list("action", "note")) == [("create", "importiert")] * 2


@pytest.mark.django_db
def test_the_first_published_example_is_refused_and_says_where(tmp_path: Path) -> None:
    """The example as the format the project started from first printed it (the last section
    of docs/spec/archive-format.md): two players listed, game 3 declared by its dealer."""
    data = spec_example()
    data["players"] = data["players"][:2]  # as first printed: only anna and bernd
    table_one(data)["games"][2]["declarer"] = "carla"

    status, _, err = run_import(tmp_path, data)

    here = f"Veranstaltung {EVENT_KEY}, Serie 1"
    assert status == 1
    assert f"{here}, Tisch 1: Platz 3: Spieler „carla“ ist unbekannt." in err
    assert f"{here}, Tisch 2: Platz 3: Spieler „gerd“ ist unbekannt." in err
    assert (
        f"{here}, Tisch 1, Spiel 3: Platz 3 gibt bei Spiel 3 und kann nicht Alleinspieler sein."
        in err
    )
    assert nothing_imported()


# --- bad archives: each refused, nothing imported, the message says where ------------------


def set_in(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """Set a value by a dotted path; numbers index lists ("events.0.rounds.0.number")."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if part.isdigit() else target[part]
        target[int(last) if last.isdigit() else last] = value

    return change


T1 = "events.0.rounds.0.tables.0"
T2 = "events.0.rounds.0.tables.1"
HERE = f"Veranstaltung {EVENT_KEY}, Serie 1, Tisch 1"


def sitting_declarer(data: dict[str, Any]) -> None:
    with_games(16)(data)
    table_one(data)["games"].append(
        {
            "declarer": "anna",
            "game": {"type": "grand", "matadors": 1, "bid": 48},
            "outcome": {"won": True},
        }
    )


def second_round_table(data: dict[str, Any]) -> None:
    rounds = data["events"][0]["rounds"][0]
    rounds["tables"].append({"number": 3, "seats": ["anna", "emil", "frieda"], "games": []})


def games_and_totals(data: dict[str, Any]) -> None:
    table_one(data)["totals"] = []


def preisskat_with_kontra(data: dict[str, Any]) -> None:
    data["events"][0].update(ruleset="preisskat", house_rules={"kontra": True})


def duplicate_event(data: dict[str, Any]) -> None:
    data["events"].append(copy.deepcopy(data["events"][0]))


BAD_ARCHIVES = [
    (
        "unknown-player",
        set_in(f"{T1}.seats.3", "zacharias"),
        f"{HERE}: Platz 4: Spieler „zacharias“ ist unbekannt.",
    ),
    (
        "sitting-declarer",
        sitting_declarer,
        f"{HERE}, Spiel 17: Platz 1 gibt bei Spiel 17 und kann nicht Alleinspieler sein.",
    ),
    (
        "49th-game-at-a-4-table",
        with_games(49),
        f"{HERE}, Spiel 49: Spiel 49 gibt es nicht: eine Serie am 4er-Tisch hat höchstens "
        "48 Spiele.",
    ),
    (
        "illegal-bid",
        set_in(f"{T1}.games.0.game.bid", 19),
        f"{HERE}, Spiel 1: Reizwert 19 gibt es nicht.",
    ),
    (
        "duplicate-seat",
        set_in(f"{T1}.seats.3", "anna"),
        f"{HERE}: Platz 4: Anna Albers sitzt schon auf einem anderen Platz.",
    ),
    (
        "wrong-format",
        set_in("format", "skatclub-archive/2"),
        "Unbekanntes Format 'skatclub-archive/2'; erwartet wird „skatclub-archive/1“.",
    ),
    (
        "table-of-two",
        set_in(f"{T2}.seats", ["emil", "frieda"]),
        f"Veranstaltung {EVENT_KEY}, Serie 1, Tisch 2: Ein Tisch hat 3, 4 oder 5 Spieler, "
        "dieser hat 2.",
    ),
    (
        "totals-with-too-many-games",
        set_in(f"{T2}.totals.0.won", 30),
        "Gewonnene und verlorene Spiele ergeben zusammen 43; eine Serie am 3er-Tisch hat höchstens "
        "36 Spiele.",
    ),
    (
        "schneider-announced-without-hand",
        set_in(
            f"{T1}.games.0.game",
            {"type": "clubs", "matadors": 2, "schneider_announced": True, "bid": 24},
        ),
        "(Fehlercode announcement_requires_hand)",
    ),
    (
        "player-twice-in-one-serie",
        second_round_table,
        f"Veranstaltung {EVENT_KEY}, Serie 1, Tisch 3: Platz 1: Anna Albers sitzt in dieser Serie "
        "schon an Tisch 1.",
    ),
    (
        "declarer-not-at-the-table",
        set_in(f"{T1}.games.0.declarer", "emil"),
        f"{HERE}, Spiel 1: „emil“ sitzt nicht an diesem Tisch.",
    ),
    (
        "duplicate-event-key-in-the-archive",
        duplicate_event,
        f"Veranstaltung {EVENT_KEY}: Der Schlüssel steht zweimal im Archiv.",
    ),
    (
        "duplicate-table-number",
        set_in(f"{T2}.number", 1),
        f"{HERE}: Dieser Tisch steht zweimal in der Serie.",
    ),
    (
        "kontra-without-the-house-rule",
        set_in(f"{T1}.games.0.game.kontra", True),
        f"{HERE}, Spiel 1: Kontra/Re ist als Hausregel nicht vereinbart",
    ),
    (
        "house-rules-under-preisskat",
        preisskat_with_kontra,
        f"Veranstaltung {EVENT_KEY}: Hausregeln (Kontra, Bock, Ramsch) gibt es beim Preisskat "
        "nicht.",
    ),
    (
        "unknown-ruleset",
        set_in("events.0.ruleset", "skatordnung-1928"),
        f"Veranstaltung {EVENT_KEY}: Regelwerk 'skatordnung-1928' gibt es nicht",
    ),
    (
        "bad-cents-per-point",
        set_in("events.0.settlement.cents_per_point", "ein Viertel"),
        f"Veranstaltung {EVENT_KEY}: Der Wertpunkt „ein Viertel“ ist keine kurze Zahl: bitte "
        "z. B. „1/10“, „1/4“, „0,5“ oder „1“ angeben.",
    ),
    (
        "games-and-totals-on-one-table",
        games_and_totals,
        f"{HERE}: Ein Tisch hat entweder „games“ (Spiel für Spiel) oder „totals“.",
    ),
    (
        "bad-date",
        set_in("events.0.date", "20.11.2026"),
        f"Veranstaltung {EVENT_KEY}: Das Datum '20.11.2026' ist kein Datum der Form JJJJ-MM-TT.",
    ),
    (
        "won-with-60-augen",
        set_in(f"{T1}.games.0.outcome", {"declarer_card_points": 60, "won": True}),
        "(Fehlercode outcome_inconsistent)",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "expected"), [case[1:] for case in BAD_ARCHIVES], ids=[c[0] for c in BAD_ARCHIVES]
)
def test_it_refuses_a_bad_archive_and_imports_nothing(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    data = spec_example()
    change(data)

    status, out, err = run_import(tmp_path, data)

    assert status == 1
    assert out == ""
    assert expected in err
    assert err.startswith("Das Archiv wurde nicht importiert:")
    assert nothing_imported()


@pytest.mark.django_db
def test_it_refuses_malformed_json_and_names_line_and_column(tmp_path: Path) -> None:
    status, _, err = run_import(tmp_path, '{"format": "skatclub-archive/1",\n "players": [}')

    assert status == 1
    assert "Das Archiv ist kein gültiges JSON (Zeile 2, Spalte 14" in err
    assert nothing_imported()


@pytest.mark.django_db
def test_it_reports_every_problem_at_once(tmp_path: Path) -> None:
    data = spec_example()
    set_in(f"{T1}.games.0.game.bid", 19)(data)
    set_in(f"{T1}.games.2.declarer", "carla")(data)
    set_in(f"{T2}.totals.2.lost", 30)(data)

    status, _, err = run_import(tmp_path, data)

    lines = err.splitlines()
    assert status == 1
    assert len(lines) == 1 + 3
    assert lines[1].startswith(f"{HERE}, Spiel 1: Reizwert 19 gibt es nicht.")
    assert lines[2].startswith(f"{HERE}, Spiel 3: Platz 3 gibt bei Spiel 3")
    assert lines[3].startswith(f"Veranstaltung {EVENT_KEY}, Serie 1, Tisch 2: Gewonnene")


@pytest.mark.django_db
def test_it_stops_after_fifty_problems(tmp_path: Path) -> None:
    data = spec_example()
    with_games(48)(data)
    for game in table_one(data)["games"]:
        game["game"]["bid"] = 19
    second = copy.deepcopy(data["events"][0]["rounds"][0])
    second["number"] = 2
    data["events"][0]["rounds"].append(second)  # 2 × 48 bad games

    status, _, err = run_import(tmp_path, data)

    lines = err.splitlines()
    assert status == 1
    assert len(lines) == 1 + MAX_PROBLEMS + 1
    assert lines[-1].startswith(f"Nach {MAX_PROBLEMS} Fehlern wurde die Prüfung abgebrochen")


# --- existing data: refused without --replace, replaced with it ------------------------------


@pytest.mark.django_db
def test_it_refuses_an_existing_event_key_without_replace_and_keeps_the_old_data(
    tmp_path: Path,
) -> None:
    run_import(tmp_path, spec_example())
    changed = spec_example()
    changed["events"][0]["name"] = "Preisskat November (korrigiert)"

    status, _, err = run_import(tmp_path, changed)

    assert status == 1
    assert (
        f"Veranstaltung {EVENT_KEY}: Diese Veranstaltung gibt es schon. Mit --replace wird sie "
        "ersetzt." in err
    )
    assert Event.objects.get().name == "Preisskat November"
    assert Game.objects.count() == 3


@pytest.mark.django_db
def test_replace_swaps_the_event_for_the_archived_one(tmp_path: Path) -> None:
    run_import(tmp_path, spec_example())
    changed = spec_example()
    changed["events"][0]["name"] = "Preisskat November (korrigiert)"
    table_one(changed)["games"][0]["outcome"] = {"won": False, "schneider": False}

    status, out, _ = run_import(tmp_path, changed, "--replace")

    assert status == 0 and "davon 1 ersetzt" in out
    assert Event.objects.get().name == "Preisskat November (korrigiert)"
    assert (Round.objects.count(), Table.objects.count(), Game.objects.count()) == (1, 2, 3)
    # Kreuz mit 2, Spiel 3 × 12 = 36, lost: -72.
    assert Game.objects.get(number=1, table__number=1).list_score == -72
    assert Change.objects.count() == 2


@pytest.mark.django_db
def test_it_updates_players_by_key_and_files_events_under_the_season_of_their_year(
    tmp_path: Path,
) -> None:
    Player.objects.create(key="anna", name="Anna Alt", is_guest=True)
    data = spec_example()
    second = copy.deepcopy(data["events"][0])
    second.update(key="2025-12-05-clubabend", name="Clubabend", date="2025-12-05")
    data["events"].append(second)

    status, _, _ = run_import(tmp_path, data)

    anna = Player.objects.get(key="anna")
    assert status == 0
    assert (anna.name, anna.is_guest) == ("Anna Albers", False)
    assert Player.objects.count() == 7
    assert dict(Event.objects.values_list("key", "season__year")) == {
        EVENT_KEY: 2026,
        "2025-12-05-clubabend": 2025,
    }


@pytest.mark.django_db
def test_it_maps_house_rules_to_the_event(tmp_path: Path) -> None:
    data = spec_example()
    data["events"][0]["house_rules"] = {"kontra": True, "bock": True, "ramsch": True}
    table_one(data)["games"][0]["game"]["kontra"] = True

    status, _, _ = run_import(tmp_path, data)

    event = Event.objects.get()
    assert status == 0
    assert (event.house_kontra, event.house_bock, event.house_ramsch) == (True, True, True)
    # Kontra doubles: 48 × 2 = 96.
    assert Game.objects.get(number=1, table__number=1).list_score == 96
