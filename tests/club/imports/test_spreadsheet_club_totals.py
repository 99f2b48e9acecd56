"""A club's evening totals (Datum;Name;Punkte;Gew.;Verl.;Wertung, no table column) through
`manage.py import_sheet --as-recorded --confirm`: the season ranking shows the club's own
totals; evenings the club has already are found; a workbook's worksheets are all read."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client

from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.imports.plan import default_tables
from skatclub.club.models import Event, Season, Seat, Table, TableTotal
from tests.helpers.club_totals import (
    HEADER,
    ClubRow,
    club_csv,
    club_rows,
    ranking_json,
    totals_of_rows,
)

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("import_sheet", *args, stdout=out, stderr=err)
    except SystemExit as stop:
        return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("encoding", ["utf-8-sig", "cp1252"])
def test_the_clubs_evening_totals_give_its_own_season_ranking(
    tmp_path: Path, client: Client, encoding: str
) -> None:
    rows = club_rows()
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(rows, encoding))

    status, out, err = run(str(path), "--as-recorded", "--confirm")

    assert (status, err) == (0, ""), out
    assert "Spielpunkte = Punkte, gewonnen = Gew., verloren = Verl." in out
    assert "keine Spalte „Tisch“" in out
    expected = totals_of_rows(rows)
    assert sorted(Season.objects.values_list("year", flat=True)) == sorted(expected)
    for year, players in expected.items():
        assert ranking_json(client, year) == players
    listed = Seat.objects.values_list("list_score", flat=True)
    assert sum(listed) == sum(r.list_score for r in rows)


def test_a_wertung_that_differs_from_the_rules_is_kept_and_flagged(tmp_path: Path) -> None:
    rows = club_rows()
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(rows))

    run(str(path), "--as-recorded", "--confirm")

    flagged = Table.objects.exclude(recorded_note="")
    assert flagged.exists()
    assert "Wertung laut Tabelle" in flagged.first().recorded_note  # type: ignore[union-attr]
    kept = TableTotal.objects.filter(score__isnull=False)
    assert kept.count() == sum(1 for r in rows if _differs(r, rows))
    for total in kept:
        seat = Seat.objects.get(table=total.table, player=total.player)
        assert seat.score == total.score


def _differs(row: ClubRow, rows: list[ClubRow]) -> bool:
    evening = [r for r in rows if r.date == row.date]
    lost_total = sum(r.lost for r in evening)
    rate = 40 if len(evening) == 3 else 30
    seeger = row.list_score + 50 * row.won - 50 * row.lost + rate * (lost_total - row.lost)
    return seeger != row.score


def test_the_strict_import_refuses_a_differing_wertung_and_names_the_way_on(
    tmp_path: Path,
) -> None:
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(club_rows()))

    status, out, err = run(str(path), "--confirm")

    assert status == 1
    assert "Summen wie erfasst übernehmen" in err
    assert "--as-recorded" in err
    assert "nicht gelesen" not in err
    assert not Event.objects.exists()


def test_importing_the_same_evenings_again_skips_them(tmp_path: Path, client: Client) -> None:
    rows = club_rows()
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(rows))
    run(str(path), "--as-recorded", "--confirm")
    events = Event.objects.count()

    status, out, err = run(str(path), "--as-recorded", "--confirm")

    assert (status, err) == (0, ""), out
    assert "Abende gibt es schon" in out and "überspringen" in out
    assert Event.objects.count() == events
    assert ranking_json(client, 2023) == totals_of_rows(rows)[2023]


def test_the_same_evenings_can_replace_or_be_added(tmp_path: Path, client: Client) -> None:
    rows = club_rows(seasons=(2023,))
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(rows))
    run(str(path), "--as-recorded", "--confirm")
    first = set(Event.objects.values_list("pk", flat=True))

    status, out, _ = run(str(path), "--as-recorded", "--confirm", "--on-duplicate", "replace")

    assert status == 0, out
    assert not first & set(Event.objects.values_list("pk", flat=True))
    assert ranking_json(client, 2023) == totals_of_rows(rows)[2023]
    status, out, _ = run(str(path), "--as-recorded", "--confirm", "--on-duplicate", "add")
    assert status == 0, out
    assert Event.objects.count() == 2 * len(first)
    won = {name: values[1] for name, values in ranking_json(client, 2023).items()}
    assert won == {n: 2 * v[1] for n, v in totals_of_rows(rows)[2023].items()}


def test_every_worksheet_of_a_workbook_is_read_or_the_ones_named(
    tmp_path: Path, client: Client
) -> None:
    rows = club_rows()
    tabs = []
    for year in (2023, 2024):
        tab = tablib.Dataset(headers=HEADER.split(";"), title=str(year))
        for r in rows:
            if r.date.year == year:
                tab.append([r.date, r.name, r.list_score, r.won, r.lost, r.score])
        tabs.append(tab)
    book = tablib.Databook(tabs)
    path = tmp_path / "jahre.xlsx"
    path.write_bytes(book.export("xlsx"))

    status, out, _ = run(str(path), "--as-recorded", "--sheet", "2024")
    assert status == 0, out
    assert "Tabellenblatt „2024“" in out and "Tabellenblatt „2023“" not in out
    status, out, _ = run(str(path), "--as-recorded", "--sheet", "1999")
    assert status == 1

    status, out, err = run(str(path), "--as-recorded", "--confirm")

    assert (status, err) == (0, ""), out
    assert "Tabellenblatt „2023“" in out and "Tabellenblatt „2024“" in out
    for year, players in totals_of_rows(rows).items():
        assert ranking_json(client, year) == players


def test_games_per_round_and_house_rules_are_the_events_own(tmp_path: Path) -> None:
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(club_rows(seasons=(2023,))))

    status, out, _ = run(
        str(path),
        "--as-recorded",
        "--confirm",
        "--games-per-round",
        "3=24",
        "--games-per-round",
        "4=32",
        "--house-rule",
        "ramsch",
        "--ramsch-cap",
        "250",
    )

    assert status == 0, out
    event = Event.objects.first()
    assert event is not None
    assert (event.games_per_round["3"], event.games_per_round["4"]) == (24, 32)
    assert event.house_ramsch and event.ramsch_loss_cap == 250
    assert run(str(path), "--games-per-round", "3=0")[0] == 1


def test_more_than_five_players_sit_at_tables_of_four_and_three() -> None:
    assert default_tables(4) == [4]
    assert default_tables(5) == [5]
    assert default_tables(6) == [3, 3]
    assert default_tables(7) == [4, 3]
    assert default_tables(9) == [3, 3, 3]
    assert default_tables(12) == [4, 4, 4]


def test_undo_of_a_whole_import_asks_first(tmp_path: Path, spielwart_client: Client) -> None:
    path = tmp_path / "abende.csv"
    path.write_bytes(club_csv(club_rows(seasons=(2023,))))
    run(str(path), "--as-recorded", "--confirm")
    done = SpreadsheetImport.objects.get()
    url = f"/spielwart/import/{done.pk}/rueckgaengig/"

    page = spielwart_client.get(url).content.decode()

    assert "rückgängig machen?" in page and "Ja, Import rückgängig machen" in page
    assert Event.objects.exists()
    spielwart_client.post(url)
    assert not Event.objects.exists()


def test_the_secretary_chooses_worksheets_and_the_rules_on_the_mapping_page(
    spielwart_client: Client,
) -> None:
    rows = club_rows()
    tabs = []
    for year in (2023, 2024):
        tab = tablib.Dataset(headers=HEADER.split(";"), title=str(year))
        for r in rows:
            if r.date.year == year:
                tab.append([r.date, r.name, r.list_score, r.won, r.lost, r.score])
        tabs.append(tab)
    content = tablib.Databook(tabs).export("xlsx")
    upload = SimpleUploadedFile("jahre.xlsx", content)
    response = spielwart_client.post("/spielwart/import/", {"file": upload})
    pk = SpreadsheetImport.objects.get().pk
    assert response.status_code == 302
    page = spielwart_client.get(f"/spielwart/import/{pk}/spalten/").content.decode()
    assert "2023 (19 Zeilen)" in page and "2024 (19 Zeilen)" in page

    response = spielwart_client.post(
        f"/spielwart/import/{pk}/spalten/",
        {
            "date": "0",
            "player": "1",
            "list_score": "2",
            "won": "3",
            "lost": "4",
            "score": "5",
            "ruleset": "isko",
            "as_recorded": "on",
            "worksheets": ["2024"],
            "games_3": "24",
            "games_4": "32",
            "games_5": "40",
            "house_ramsch": "on",
            "ramsch_loss_cap": "250",
        },
    )
    assert response.status_code == 302
    spielwart_client.post(f"/spielwart/import/{pk}/namen/", {})
    preview = spielwart_client.get(f"/spielwart/import/{pk}/vorschau/").content.decode()
    assert "„2023“ nicht gewählt" in preview and "Jetzt importieren" in preview
    spielwart_client.post(f"/spielwart/import/{pk}/vorschau/")

    assert set(Event.objects.values_list("date__year", flat=True)) == {2024}
    event = Event.objects.first()
    assert event is not None and event.games_per_round["3"] == 24 and event.ramsch_loss_cap == 250
    assert ranking_json(spielwart_client, 2024) == totals_of_rows(rows)[2024]


def test_a_wrong_round_length_is_refused_in_german_and_the_choices_stay(
    spielwart_client: Client,
) -> None:
    upload = SimpleUploadedFile("abende.csv", club_csv(club_rows(seasons=(2023,))))
    spielwart_client.post("/spielwart/import/", {"file": upload})
    pk = SpreadsheetImport.objects.get().pk

    response = spielwart_client.post(
        f"/spielwart/import/{pk}/spalten/",
        {"date": "0", "player": "1", "score": "5", "ruleset": "isko", "games_3": "0"},
    )

    page = response.content.decode()
    assert response.status_code == 422
    assert "größer oder gleich 1" in page
    assert 'value="5" selected' in page
