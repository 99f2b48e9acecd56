"""The Spielwart imports a season from a spreadsheet: upload, map, review names, preview,
confirm; the ranking equals the same season entered by hand; undo removes the import whole."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.test import Client

from skatclub.club import services
from skatclub.club.imports.models import SpreadsheetImport, SpreadsheetMapping
from skatclub.club.models import Event, Player, Season, Table, TableTotal
from skatclub.club.services import TotalLine
from tests.helpers.sheets import (
    EVENINGS,
    LIST,
    MAPPING,
    dataset,
    enter_by_hand,
    import_season,
    pk_of,
    ranking,
    review_names,
    season_rows,
    upload,
)


@pytest.fixture
def hans(db: None) -> Player:
    """A member before the import: the sheet writes him three ways."""
    return Player.objects.create(key="hans", name="Hans Müller")


def counts() -> dict[str, int]:
    return {
        m.__name__: m._default_manager.count() for m in apps.get_app_config("club").get_models()
    }


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_a_season_imports_after_mapping_and_review_and_ranks_like_entered_by_hand(
    spielwart_client: Client, hans: Player, kind: str
) -> None:
    rows = season_rows()
    pk = import_season(spielwart_client, f"saison.{kind}", dataset(rows).export(kind))

    imported = ranking()
    assert len(imported) == 8
    # Hans's three spellings are one player, the member; "A. Albers" is Anna.
    assert Player.objects.count() == 8 and Player.objects.filter(key="hans").exists()
    assert not Player.objects.filter(name__contains="Mueller").exists()
    assert Table.objects.filter(entry=Table.Entry.TOTALS).count() == len(EVENINGS) * 4
    player_keys = {p.name: p.key for p in Player.objects.all()}
    player_keys |= {"Müller, Hans": "hans", "Hans Mueller": "hans", "A. Albers": "anna-albers"}
    event_keys = {(e.date, e.name): e.key for e in Event.objects.all()}
    created = SpreadsheetImport.objects.get(pk=pk).created
    assert sorted(created["events"]) == sorted(event_keys.values())
    assert created["seasons"] == [2025] and "hans" not in created["players"]

    spielwart_client.post(f"{LIST}{pk}/rueckgaengig/")
    assert not Event.objects.exists() and list(Player.objects.values_list("key", flat=True)) == [
        "hans"
    ]
    for name, key in player_keys.items():
        if key != "hans":
            Player.objects.get_or_create(key=key, defaults={"name": name})
    enter_by_hand(rows, player_keys, event_keys)

    assert ranking() == imported


def test_the_mapping_is_saved_and_shown_again_with_the_next_file(
    spielwart_client: Client, hans: Player
) -> None:
    content = dataset(season_rows()).export("xlsx")
    first = pk_of(upload(spielwart_client, "a.xlsx", content))
    spielwart_client.post(f"{LIST}{first}/spalten/", {**MAPPING, "ruleset": "preisskat"})

    saved = SpreadsheetMapping.objects.get()
    assert saved.columns["list_score"] == "Liste" and saved.ruleset == "preisskat"
    second = pk_of(upload(spielwart_client, "b.xlsx", content))
    form = spielwart_client.get(f"{LIST}{second}/spalten/").context["form"]
    assert form.initial["list_score"] == "5" and form.initial["won"] == "6"
    assert form.initial["ruleset"] == "preisskat"


def test_an_unreadable_row_shows_its_number_and_reason_and_imports_nothing(
    spielwart_client: Client, hans: Player
) -> None:
    rows = season_rows()
    rows[4][5] = "zwölf"  # row 6 of the sheet: headings are row 1
    rows[9][0] = "31.02.2025"  # row 11
    before = counts()
    response = upload(spielwart_client, "saison.xlsx", dataset(rows).export("xlsx"))
    pk = pk_of(response)
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING)
    review_names(spielwart_client, pk, {})

    page = spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()

    assert "Zeile 6: Spielpunkte „zwölf“ ist keine ganze Zahl." in page
    assert "Zeile 11: Datum „31.02.2025“ ist kein Datum" in page
    assert "Es wird nichts importiert" in page and "Jetzt importieren" not in page
    refused = spielwart_client.post(f"{LIST}{pk}/vorschau/", follow=True)
    assert "es wurde nichts importiert" in refused.content.decode()
    records = ("SpreadsheetImport", "SpreadsheetMapping", "Job")  # the import's own records
    assert {k: v for k, v in counts().items() if k not in records} == {
        k: v for k, v in before.items() if k not in records
    }


def test_sums_that_cannot_be_name_their_rows_and_table(
    spielwart_client: Client, hans: Player
) -> None:
    rows = season_rows()
    rows[0][5], rows[0][6], rows[0][7] = -48, 0, 1  # fine
    rows[1][5], rows[1][6], rows[1][7] = 100, 0, 2  # positive without a won game
    pk = pk_of(upload(spielwart_client, "saison.csv", _csv(rows)))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING)
    review_names(spielwart_client, pk, {})

    page = spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()

    assert "Zeilen 2–5 (10.01.2025 Preisskat Januar, Serie 1, Tisch 1): " in page
    assert "positive Spielpunkte (100) ohne gewonnenes Spiel sind unmöglich" in page
    assert not Event.objects.exists()


def test_undo_removes_exactly_what_the_import_created(
    spielwart_client: Client, hans: Player, event: Event, four_table: Table
) -> None:
    """Existing players, an existing event with its table and totals stay as they were."""
    other = Player.objects.create(key="zoe", name="Zoe Zander")
    before = counts()
    keep = {
        "players": sorted(Player.objects.values_list("key", "name", "is_guest")),
        "events": sorted(Event.objects.values_list("key", "name", "season__year")),
        "seasons": sorted(Season.objects.values_list("year", flat=True)),
        "totals": sorted(TableTotal.objects.values_list("table_id", "player_id", "list_score")),
    }
    pk = import_season(spielwart_client, "saison.ods", dataset(season_rows()).export("ods"))
    assert counts()["Event"] == before["Event"] + 3

    response = spielwart_client.post(f"{LIST}{pk}/rueckgaengig/", follow=True)
    page = response.content.decode()
    assert "rückgängig gemacht: 3 Veranstaltungen, 0 Spieler, 1 Saison gelöscht" in page
    # the import's own records stay (HistoryImport: with the history of accepting its lists)
    records = ("SpreadsheetImport", "SpreadsheetMapping", "HistoryImport", "Job")
    after = counts()
    assert {k: v for k, v in after.items() if k not in records} == {
        k: v for k, v in before.items() if k not in records
    }
    assert keep == {
        "players": sorted(Player.objects.values_list("key", "name", "is_guest")),
        "events": sorted(Event.objects.values_list("key", "name", "season__year")),
        "seasons": sorted(Season.objects.values_list("year", flat=True)),
        "totals": sorted(TableTotal.objects.values_list("table_id", "player_id", "list_score")),
    }
    assert Player.objects.filter(key="zoe").get() == other
    assert SpreadsheetImport.objects.get(pk=pk).status == SpreadsheetImport.Status.UNDONE


def test_a_second_import_of_the_same_evenings_skips_them_unless_told_otherwise(
    spielwart_client: Client, hans: Player
) -> None:
    content = dataset(season_rows()).export("xlsx")
    import_season(spielwart_client, "saison.xlsx", content)
    pk = pk_of(upload(spielwart_client, "nochmal.xlsx", content))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING)
    review_names(spielwart_client, pk, {"A. Albers": "same:Anna Albers"})

    page = spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()

    assert "3 Abende gibt es schon" in page and "sie werden übersprungen" in page
    spielwart_client.post(f"{LIST}{pk}/vorschau/", {"on_duplicate": "add", "apply": "1"})
    page = spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()
    assert "zusätzlich zu „Preisskat Januar“" in page
    spielwart_client.post(f"{LIST}{pk}/vorschau/", {"on_duplicate": "skip", "apply": "1"})
    spielwart_client.post(f"{LIST}{pk}/vorschau/")
    assert Event.objects.count() == 3


def test_the_import_pages_are_for_spielwarte_only(member_client: Client) -> None:
    assert Client().get(LIST).status_code == 302
    assert member_client.get(LIST).status_code == 403


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("alt.xls", b"\xd0\xcf\x11\xe0" + b"\0" * 100, "alten Excel-Format"),
        ("leer.csv", b"", "leer"),
        ("kaputt.xlsx", b"PK\x03\x04kaputt", "beschädigt"),
    ],
    ids=["xls", "empty", "broken-zip"],
)
def test_a_file_that_is_no_spreadsheet_is_refused_in_german_and_nothing_is_stored(
    spielwart_client: Client, name: str, content: bytes, message: str
) -> None:
    response = upload(spielwart_client, name, content)

    assert response.status_code == 422
    assert message in response.content.decode()
    assert not SpreadsheetImport.objects.exists()


def _csv(rows: list[list[Any]]) -> bytes:
    lines = [
        ";".join(["Datum", "Veranstaltung", "Serie", "Tisch", "Spieler", "Liste", "Gew", "Verl"])
    ]
    for row in rows:
        cells = [f"{row[0]:%d.%m.%Y}", *map(str, row[1:])]
        lines.append(";".join(cells))
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


def test_more_names_than_one_page_holds_are_reviewed_page_by_page(
    spielwart_client: Client, hans: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skatclub.club.views import spreadsheet_import

    monkeypatch.setattr(spreadsheet_import, "FORM_NAMES", 3)
    pk = pk_of(upload(spielwart_client, "saison.xlsx", dataset(season_rows()).export("xlsx")))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING)
    url = f"{LIST}{pk}/namen/"
    first = spielwart_client.get(url)
    pages = first.context["pages"]
    assert pages > 1 and f"Seite 1 von {pages}" in first.content.decode()
    seen: list[str] = []
    for page in range(1, pages + 1):
        form = spielwart_client.get(url, {"seite": page}).context["form"]
        assert len(form.names) <= 3
        seen += form.names
        data = {}
        for index, name in enumerate(form.names):
            wanted = "same:Anna Albers" if name == "A. Albers" else None
            data[f"n{index}"] = wanted or form.initial.get(f"n{index}", "")
            data[f"k{index}"] = form.initial.get(f"k{index}", "")
        last = page == pages
        response = spielwart_client.post(
            f"{url}?seite={page}", data | ({} if last else {"weiter": "1"})
        )
        target = f"{LIST}{pk}/vorschau/" if last else f"{url}?seite={page + 1}"
        assert response["Location"] == target
    pending = SpreadsheetImport.objects.get(pk=pk)
    assert sorted(pending.names) == sorted(seen)  # every name reviewed once, on its page
    assert pending.names["A. Albers"] == "same:Anna Albers"
    assert "Jetzt importieren" in spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()


def test_sums_that_cannot_be_are_kept_as_recorded_when_asked_and_listed_for_review(
    spielwart_client: Client, hans: Player
) -> None:
    rows = season_rows()
    rows[1][5], rows[1][6], rows[1][7] = 100, 0, 2  # positive without a won game
    pk = pk_of(upload(spielwart_client, "saison.csv", _csv(rows)))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING | {"as_recorded": "on"})
    review_names(spielwart_client, pk, {"A. Albers": "same:Anna Albers"})
    page = spielwart_client.get(f"{LIST}{pk}/vorschau/").content.decode()
    assert "Abweichend erfasst: 1 Tisch" in page and "Jetzt importieren" in page
    assert spielwart_client.post(f"{LIST}{pk}/vorschau/").status_code == 302

    kept = Table.objects.get(round__event__name="Preisskat Januar", round__number=1, number=1)
    assert kept.recorded_note.startswith(f"Zeilen 2–5: {rows[1][4]}: positive Spielpunkte (100)")
    # Counted as recorded: the row's player has the 100 list points on his seat.
    total = TableTotal.objects.get(table=kept, list_score=100)
    seat = kept.seats.get(player=total.player)
    assert (seat.list_score, seat.won, seat.lost) == (100, 0, 2)
    review = spielwart_client.get("/spielwart/abweichend/").content.decode()
    assert "Abweichend erfasste Summen" in review and "Summen korrigieren" in review
    assert "positive Spielpunkte (100) ohne gewonnenes Spiel" in review


def test_strict_import_still_refuses_such_sums_whole(
    spielwart_client: Client, hans: Player
) -> None:
    rows = season_rows()
    rows[1][5], rows[1][6], rows[1][7] = 100, 0, 2
    pk = pk_of(upload(spielwart_client, "saison.csv", _csv(rows)))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING)
    review_names(spielwart_client, pk, {"A. Albers": "same:Anna Albers"})
    spielwart_client.post(f"{LIST}{pk}/vorschau/")
    assert not Event.objects.exists()
    assert not Table.objects.exclude(recorded_note="").exists()


def test_correcting_the_totals_takes_the_table_off_the_review_list(
    spielwart_client: Client, hans: Player
) -> None:
    rows = season_rows()
    rows[1][5], rows[1][6], rows[1][7] = 100, 0, 2
    pk = pk_of(upload(spielwart_client, "saison.csv", _csv(rows)))
    spielwart_client.post(f"{LIST}{pk}/spalten/", MAPPING | {"as_recorded": "on"})
    review_names(spielwart_client, pk, {"A. Albers": "same:Anna Albers"})
    spielwart_client.post(f"{LIST}{pk}/vorschau/")
    kept = Table.objects.get(round__event__name="Preisskat Januar", round__number=1, number=1)
    lines = [
        TotalLine(t.player, t.list_score if t.list_score != 100 else -72, t.won, t.lost)
        for t in TableTotal.objects.filter(table=kept).order_by("pk")
    ]
    services.record_totals(table=kept, lines=lines)
    kept.refresh_from_db()
    assert kept.recorded_note == ""
    assert "Keine abweichend erfassten Summen" in (
        spielwart_client.get("/spielwart/abweichend/").content.decode()
    )
