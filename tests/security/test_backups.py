"""Issue 24: backups cannot be flushed, and a full disk is not filled further.

"Neue Serie" took a whole backup before it checked the request: 31 refused presses left 30
backups of the whole database and the daily ones were gone (the newest 30 of all kinds were
kept). Now a refused request takes no backup, the three kinds of backup are pruned each on
its own (before a risky step by number, daily by age, by hand by --keep), and no backup is
started on a disk that would be left too full.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test import Client
from pytest_django import Settings

from skatclub.club import backup as backups_module
from skatclub.club.backup import (
    BEFORE_CHANGES,
    BY_HAND,
    DAILY,
    automatic_backup,
    backup,
    backups,
    maybe_start_daily_backup,
)
from skatclub.club.models import Attendance, Event, Player, Round

pytestmark = [
    pytest.mark.skipif(connection.vendor != "sqlite", reason="PostgreSQL: pg_dump"),
    # Backups are taken outside a transaction only: no test transaction around these tests.
    pytest.mark.django_db(transaction=True),
]

EVENT = "/spielwart/veranstaltungen/2026-11-20-preisskat/"


@pytest.fixture(autouse=True)
def folder(tmp_path: Path, settings: Settings) -> Path:
    settings.SKATCLUB_BACKUP_DIR = tmp_path / "backups"
    settings.SKATCLUB_DAILY_BACKUP_HOURS = 0  # no daily backup beside a test's own ones
    return tmp_path / "backups"


@pytest.fixture
def present(event: Event, players: dict[str, Player]) -> Event:
    Attendance.objects.bulk_create(Attendance(event=event, player=p) for p in players.values())
    return event


def backup_files(folder: Path) -> list[Path]:
    return sorted(folder.rglob("*.sqlite3")) if folder.exists() else []


def test_thirty_one_refused_new_round_presses_take_no_backup(
    spielwart_client: Client, present: Event, folder: Path
) -> None:
    refused = [
        {"seating": "draw", "seed": "7", "number": 5},  # a Serie number that is not next
        {"seating": "standings", "number": 1},  # the first Serie cannot be seated
        {"seating": "draw", "seed": "7", "tables": "0123456789abcdef"},  # not the preview
    ]
    for press in range(31):
        response = spielwart_client.post(EVENT + "serie/neu/", refused[press % 3], follow=True)
        assert response.status_code == 200
    assert Round.objects.count() == 0
    assert backup_files(folder) == []
    spielwart_client.post(EVENT + "serie/neu/", {"seating": "draw", "seed": "7", "number": 1})
    assert Round.objects.count() == 1
    assert [p.parent.name for p in backup_files(folder)] == [BEFORE_CHANGES]


def test_a_refused_draw_in_advance_takes_no_backup(
    spielwart_client: Client, present: Event, folder: Path
) -> None:
    for _ in range(5):
        spielwart_client.post(EVENT + "im-voraus/", {"count": 3, "seed": "x", "tables": "f" * 16})
    assert Round.objects.count() == 0 and backup_files(folder) == []


def test_a_flood_of_backups_before_risky_steps_never_deletes_a_daily_or_hand_made_one(
    settings: Settings,
    db: None,
) -> None:
    settings.SKATCLUB_BACKUP_KEEP = 5
    daily = backup(reason="täglich", kind=DAILY)
    by_hand = backup(reason="von Hand")
    for _ in range(12):
        automatic_backup("vor-neuer-serie")
    assert daily.exists() and by_hand.exists()
    assert len(backups(BEFORE_CHANGES)) == 5 and len(backups()) == 7


def test_daily_backups_are_kept_for_days_and_the_newest_three_always(
    settings: Settings,
    db: None,
) -> None:
    settings.SKATCLUB_BACKUP_DAYS = 30
    old = []
    for days in (60, 50, 45, 40, 10):
        path = backup(reason="täglich", kind=DAILY)
        stamp = time.time() - days * 86400
        os.utime(path, (stamp, stamp))
        old.append(path)
    newest = backup(reason="täglich", kind=DAILY)
    kept = backups(DAILY)
    # Younger than 30 days: the 10-day one and today's; the newest three stay in any case.
    assert kept == [newest, old[4], old[3]]


def test_the_daily_backup_is_due_by_the_daily_ones_only(settings: Settings, db: None) -> None:
    settings.SKATCLUB_DAILY_BACKUP_HOURS = 24
    automatic_backup("vor-neuer-serie")
    backup(reason="von Hand")
    assert backups_module.daily_backup_due()
    backup(reason="täglich", kind=DAILY)
    assert not backups_module.daily_backup_due()


def test_manage_py_backup_keeps_its_own_number(db: None) -> None:
    automatic_backup("vor-import")
    for _ in range(4):
        backup(reason="von-hand", kind=BY_HAND, keep=2)
    assert len(backups(BY_HAND)) == 2 and len(backups(BEFORE_CHANGES)) == 1


@pytest.fixture
def disk_too_full(settings: Settings) -> None:
    settings.SKATCLUB_BACKUP_FREE_MB = 10**12  # a reserve no disk has


def test_a_new_round_on_a_too_full_disk_is_refused_in_german_without_a_backup(
    spielwart_client: Client, present: Event, folder: Path, disk_too_full: None
) -> None:
    response = spielwart_client.post(
        EVENT + "serie/neu/", {"seating": "draw", "seed": "7", "number": 1}, follow=True
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert "Zu wenig Platz für eine Sicherung" in page and "Es wurde nichts geändert" in page
    assert Round.objects.count() == 0 and backup_files(folder) == []


def test_the_daily_backup_on_a_too_full_disk_is_skipped_with_a_warning_in_the_log(
    client: Client,
    folder: Path,
    disk_too_full: None,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(backups_module, "_daily_checked_at", None)
    monkeypatch.setattr(django_settings, "SKATCLUB_DAILY_BACKUP_HOURS", 24)
    caplog.set_level(logging.WARNING, logger="skatclub")
    logging.getLogger("skatclub").addHandler(caplog.handler)  # "skatclub" does not propagate
    try:
        thread = maybe_start_daily_backup()
        assert isinstance(thread, threading.Thread)
        thread.join(timeout=60)
    finally:
        logging.getLogger("skatclub").removeHandler(caplog.handler)
    assert backup_files(folder) == []
    assert "Tägliche Sicherung nicht angelegt: Zu wenig Platz" in caplog.text
