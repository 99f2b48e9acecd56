"""The record of background work (`services.jobs`): one job per key while it waits or runs,
cancelling where it is safe, a job's worker told alive from gone, progress a person follows."""

from __future__ import annotations

import datetime
import os
import socket
import subprocess
import sys

import pytest
from django.utils import timezone

from skatclub.club import services
from skatclub.club.models import Club, Event


@pytest.fixture
def club(event: Event) -> Club:
    return Club.objects.get()


def test_a_second_start_with_the_same_key_finds_the_same_job(club: Club) -> None:
    first, new = services.open_job("pdf", "pdf:1", "Ergebnis", {}, club=club)
    again, again_new = services.open_job("pdf", "pdf:1", "Ergebnis", {}, club=club)

    assert (new, again_new) == (True, False) and again.pk == first.pk
    services.finish_job(first.pk)
    after, after_new = services.open_job("pdf", "pdf:1", "Ergebnis", {}, club=club)
    assert after_new and after.pk != first.pk  # a finished job is not waited for


@pytest.mark.django_db(transaction=True)  # progress is written outside transactions only
def test_a_running_job_stops_only_where_it_says_it_may(club: Club) -> None:
    job, _ = services.open_job("archive-check", "a:1", "Prüfen", {}, club=club)
    assert services.claim_job(job.pk) and not services.claim_job(job.pk)  # taken once
    job.refresh_from_db()
    assert not services.cancel_job(job)  # not cancellable yet
    progress = services.Progress(job.pk)
    progress.step(
        "Spiele prüfen", total=10, count_text="Spiel {done} von {total}", cancellable=True
    )
    job.refresh_from_db()
    assert services.cancel_job(job)
    with pytest.raises(services.JobCancelled):
        progress.step("Spiele prüfen", total=10, cancellable=True)


def test_a_job_is_dead_when_its_process_is_gone_or_its_number_was_given_again(
    club: Club,
) -> None:
    job, _ = services.open_job("archive-import", "i:1", "Import", {}, club=club)
    services.claim_job(job.pk)
    job.refresh_from_db()
    assert not services.is_dead(job)  # this process: alive

    ended = subprocess.Popen([sys.executable, "-c", "pass"])
    ended.wait()
    job.worker = f"{socket.gethostname()}:{ended.pid}"
    assert services.is_dead(job)

    later = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])
    try:
        job.worker = f"{socket.gethostname()}:{later.pid}"
        job.started_at = timezone.now() - datetime.timedelta(hours=1)
        assert services.is_dead(job)  # alive, but began after the job did
        job.started_at = timezone.now() + datetime.timedelta(minutes=1)
        assert not services.is_dead(job)
    finally:
        later.kill()
        later.wait()


def test_a_job_on_another_host_is_alive_while_it_beats(club: Club) -> None:
    job, _ = services.open_job("archive-import", "i:2", "Import", {}, club=club)
    services.claim_job(job.pk)
    job.refresh_from_db()
    job.worker = f"anderer-rechner:{os.getpid()}"
    assert not services.is_dead(job)
    job.beat_at = timezone.now() - services.DEAD_AFTER - datetime.timedelta(seconds=1)
    assert services.is_dead(job)
