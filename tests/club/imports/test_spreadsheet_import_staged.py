"""On SQLite a confirmed spreadsheet import is written beside the evening: a backup first,
then a staging copy that is moved in with one short transaction (as an archive import)."""

from __future__ import annotations

import logging

import pytest
from django.db import connection
from django.test import Client

from skatclub.club.backup import backup_dir
from skatclub.club.imports.kept import upload_dir
from skatclub.club.imports.models import SpreadsheetImport
from skatclub.club.models import Event, Player
from tests.helpers.sheets import LIST, dataset, import_season, ranking, season_rows

pytestmark = [
    pytest.mark.skipif(connection.vendor != "sqlite", reason="staging is SQLite's way"),
    pytest.mark.django_db(transaction=True),
]


def test_a_confirmed_import_is_backed_up_staged_and_arrives_whole(
    spielwart_client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    Player.objects.create(key="hans", name="Hans Müller")
    kept_before = set(upload_dir().iterdir())
    with caplog.at_level(logging.INFO):
        pk = import_season(spielwart_client, "saison.xlsx", dataset(season_rows()).export("xlsx"))
    assert any("Import übernommen" in r.getMessage() for r in caplog.records)
    assert [p.name for p in backup_dir().rglob("*vor-import*")]
    spreadsheet_import = SpreadsheetImport.objects.get(pk=pk)
    assert (
        spreadsheet_import.status == SpreadsheetImport.Status.IMPORTED
        and spreadsheet_import.rows_file == ""
    )
    assert set(upload_dir().iterdir()) == kept_before  # the kept rows are removed once written
    assert sorted(spreadsheet_import.created["events"]) == sorted(
        Event.objects.values_list("key", flat=True)
    )
    assert len(ranking()) == 8

    again = spielwart_client.post(f"{LIST}{pk}/vorschau/", follow=True).content.decode()
    assert "ist schon" in again
    assert Event.objects.count() == len(spreadsheet_import.created["events"])
    spielwart_client.post(f"{LIST}{pk}/rueckgaengig/")
    assert not Event.objects.exists()
