"""The real worker on the database queue (the rest of the suite runs jobs at once, in the test
process): an archive uploaded on the page is checked and imported by `manage.py worker`, each
page answering at once with the job's progress meanwhile; a worker killed in the middle of
an import loses nothing and doubles nothing, and the import can be confirmed again."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from pytest_django import Settings

from skatclub.club.archive.models import ArchiveImport
from skatclub.club.models import Event, Game, Job
from skatclub.club.services import INTERRUPTED, Progress
from skatclub.club.tasks.registry import KINDS, Finished, Kind
from tests.helpers.history import club_history
from tests.helpers.jobs import DATABASE_QUEUE, run_worker

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def queued(settings: Settings) -> None:
    """Jobs wait in the database for a worker, as on a server."""
    settings.TASKS = DATABASE_QUEUE


def upload(client: Client, evenings: int = 3) -> tuple[int, str]:
    history = club_history(evenings=evenings)
    file = SimpleUploadedFile("verein.json", json.dumps(history.archive).encode())
    response = client.post("/spielwart/archiv/", {"file": file, "mode": "wie-erfasst"})
    assert response.status_code == 302
    return history.game_count, response["Location"]


@pytest.mark.django_db(transaction=True)
def test_the_worker_checks_and_imports_while_the_pages_show_progress(
    queued: None, spielwart_client: Client
) -> None:
    games, preview_url = upload(spielwart_client)

    waiting = spielwart_client.get(preview_url).content.decode()
    assert "wird im Hintergrund geprüft" in waiting and "wartet" in waiting
    assert 'data-job-state="/auftrag/' in waiting
    run_worker()
    preview = spielwart_client.get(preview_url).content.decode()
    assert f"<strong>{games}</strong> Spiele" in preview

    spielwart_client.post(preview_url, {"mode": "wie-erfasst"})
    result_url = preview_url.replace("vorschau", "ergebnis")
    assert "Der Import läuft im Hintergrund" in spielwart_client.get(result_url).content.decode()
    assert not Event.objects.exists()
    run_worker()
    run_worker()  # nothing left to do: nothing twice

    assert Game.objects.count() == games
    assert ArchiveImport.objects.get().status == ArchiveImport.Status.IMPORTED
    assert "importiert" in spielwart_client.get(result_url).content.decode()
    assert set(Job.objects.values_list("status", flat=True)) == {Job.Status.DONE}


@pytest.mark.django_db(transaction=True)
def test_an_import_whose_worker_died_is_marked_failed_and_can_be_confirmed_again(
    queued: None, spielwart_client: Client
) -> None:
    games, preview_url = upload(spielwart_client)
    run_worker()
    spielwart_client.post(preview_url, {"mode": "wie-erfasst"})
    job = Job.objects.get(kind="archive-import")
    # As a worker leaves it when the server is switched off mid-import: the job running
    # under a process that is gone, the import claimed, its transaction never committed.
    Job.objects.filter(pk=job.pk).update(
        status=Job.Status.RUNNING, worker=f"{socket.gethostname()}:{dead_pid()}"
    )
    ArchiveImport.objects.update(status=ArchiveImport.Status.IMPORTING)

    run_worker()  # a new worker after the restart

    job.refresh_from_db()
    assert job.status == Job.Status.FAILED and job.error == INTERRUPTED
    assert ArchiveImport.objects.get().status == ArchiveImport.Status.UPLOADED
    assert not Event.objects.exists()
    page = spielwart_client.get(preview_url.replace("vorschau", "ergebnis")).content.decode()
    assert "unterbrochen" in page and "zurück zur Vorschau" in page
    spielwart_client.post(preview_url, {"mode": "wie-erfasst"})
    run_worker()
    assert Game.objects.count() == games


@pytest.mark.django_db(transaction=True)
def test_a_job_that_runs_longer_than_its_kind_allows_is_stopped_and_says_so(
    queued: None, spielwart_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    def slow(job: Job, progress: Progress) -> Finished:
        time.sleep(30)
        return Finished()

    monkeypatch.setitem(KINDS, "archive-check", Kind("archive-check", slow, seconds=1))
    upload(spielwart_client, evenings=1)
    started = time.monotonic()

    run_worker()

    assert time.monotonic() - started < 20
    job = Job.objects.get(kind="archive-check")
    assert job.status == Job.Status.FAILED
    assert "länger gebraucht als erlaubt" in job.error


def dead_pid() -> int:
    """The id of a process that has just ended."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


@pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="the worker process needs the test database as a server (PostgreSQL)",
)
@pytest.mark.django_db(transaction=True)
def test_a_worker_process_killed_mid_import_loses_nothing_and_doubles_nothing(
    queued: None, spielwart_client: Client
) -> None:
    games, preview_url = upload(spielwart_client, evenings=20)
    run_worker()
    spielwart_client.post(preview_url, {"mode": "wie-erfasst"})
    worker = start_worker_process()
    try:
        wait_until(lambda: Job.objects.filter(kind="archive-import", status="running").exists())
        os.kill(worker.pid, signal.SIGKILL)  # the laptop's lid closed, the power gone
        worker.wait(timeout=30)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert not Event.objects.exists()

    restarted = start_worker_process("--batch")
    restarted.wait(timeout=120)

    job = Job.objects.get(kind="archive-import")
    assert job.status == Job.Status.FAILED and job.error == INTERRUPTED
    assert ArchiveImport.objects.get().status == ArchiveImport.Status.UPLOADED
    assert not Event.objects.exists() and not Game.objects.exists()
    spielwart_client.post(preview_url, {"mode": "wie-erfasst"})
    start_worker_process("--batch").wait(timeout=300)
    assert Game.objects.count() == games


def start_worker_process(*extra: str) -> subprocess.Popen[bytes]:
    database = connection.settings_dict
    url = f"postgres://{database['USER']}@{database['HOST']}:{database['PORT']}/{database['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "SKATCLUB_UPLOAD_DIR": str(settings.SKATCLUB_UPLOAD_DIR),
    }
    argv = [sys.executable, "-m", "skatclub", "manage", "worker", "--queue-name=*"]
    return subprocess.Popen(
        [*argv, "--no-startup-delay", "--verbosity=0", *extra], cwd=ROOT, env=env
    )


def wait_until(condition: object, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.05)
    raise AssertionError("the worker did not begin within the time")
