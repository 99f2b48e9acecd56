"""The daily backup while the server runs: started by a request, taken in the background,
once a day, by one process."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import pytest
from django.db import connection
from django.test import Client
from pytest_django import Settings

from skatclub.club import backup
from skatclub.club.backup import backups, check_backup

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL is backed up with pg_dump"
)


@pytest.fixture(autouse=True)
def daily(tmp_path: Path, settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Path:
    settings.SKATCLUB_BACKUP_DIR = tmp_path / "backups"
    settings.SKATCLUB_DAILY_BACKUP_HOURS = 24
    monkeypatch.setattr(backup, "_daily_checked_at", None)
    return tmp_path / "backups"


def request_and_wait(client: Client) -> None:
    client.get("/")
    for thread in threading.enumerate():
        if thread.name == "skatclub-daily-backup":
            thread.join(timeout=60)


@pytest.mark.django_db(transaction=True)  # the backup thread reads what was committed
def test_the_first_request_of_the_day_takes_a_backup_in_the_background(
    client: Client, event: object
) -> None:
    request_and_wait(client)
    taken = backups()
    assert len(taken) == 1 and taken[0].name.endswith("-taglich.sqlite3")
    check_backup(taken[0])  # a restorable skatclub database (raises otherwise)


@pytest.mark.django_db(transaction=True)
def test_no_second_backup_the_same_day(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    request_and_wait(client)
    monkeypatch.setattr(backup, "_daily_checked_at", None)  # even when the folder is looked at
    request_and_wait(client)
    assert len(backups()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_backup_older_than_a_day_gets_a_new_one(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    request_and_wait(client)
    old = backups()[0]
    yesterday = time.time() - 25 * 3600
    os.utime(old, (yesterday, yesterday))
    monkeypatch.setattr(backup, "_daily_checked_at", None)
    time.sleep(0.01)  # a new file name (the stamp has microseconds)
    request_and_wait(client)
    assert len(backups()) == 2 and old in backups()


@pytest.mark.django_db(transaction=True)
def test_the_folder_is_looked_at_only_every_few_minutes(client: Client) -> None:
    request_and_wait(client)
    for path in backups():
        path.unlink()
    request_and_wait(client)  # within DAILY_CHECK_SECONDS: no look, no backup
    assert backups() == []


@pytest.mark.django_db(transaction=True)
def test_zero_hours_switches_the_daily_backup_off(client: Client, settings: Settings) -> None:
    settings.SKATCLUB_DAILY_BACKUP_HOURS = 0
    request_and_wait(client)
    assert backups() == []
