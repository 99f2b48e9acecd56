"""The club archive as a download made in the background (issue 39): the Spielwart starts
it, follows it on the job's page and downloads the file (the archive `manage.py
export_archive` writes); a second click while it runs starts nothing twice; another club's
file is not found; the file goes after a day."""

from __future__ import annotations

import datetime
import gzip
import json

import pytest
from django.test import Client
from django.utils import timezone
from pytest_django import Settings

from skatclub.club.archive import export_archive
from skatclub.club.models import Club, Job, Table
from skatclub.club.tasks.housekeeping import clean_jobs
from tests.helpers.factories import enter
from tests.helpers.jobs import DATABASE_QUEUE, run_worker

EXPORT = "/spielwart/archiv/export/"
ARCHIVE = {"export": "archiv"}  # the button


def test_the_spielwart_exports_the_archive_and_downloads_what_the_command_writes(
    spielwart_client: Client, four_table: Table
) -> None:
    enter(four_table, 1, 2, "Kr m2 a75")
    enter(four_table, 2, 3, "Gr m1 v")
    response = spielwart_client.post(EXPORT, ARCHIVE)
    assert response.status_code == 302
    job = Job.objects.get(kind="archive-export")
    assert response["Location"].endswith(f"/spielwart/auftraege/{job.token}/")
    page = spielwart_client.get(response["Location"]).content.decode()
    assert "Archiv fertig: 1 Veranstaltungen, 2 Spiele" in page
    assert f"„{job.output_name}“ herunterladen" in page
    assert job.output_name.endswith(f"-{timezone.localdate():%Y-%m-%d}.json.gz")
    download = spielwart_client.get(f"/spielwart/auftraege/{job.token}/datei/")
    assert download["Content-Type"] == "application/gzip"
    assert f'filename="{job.output_name}"' in download["Content-Disposition"]
    archive = json.loads(gzip.decompress(download.content))
    assert archive["format"] == "skatclub-archive/1"
    tables = archive["events"][0]["rounds"][0]["tables"]
    assert [len(t.get("games", [])) for t in tables] == [2]
    assert archive == export_archive()  # what `manage.py export_archive` writes


def test_the_export_is_the_spielwarts_and_another_clubs_file_is_not_found(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(EXPORT, ARCHIVE)
    job = Job.objects.get(kind="archive-export")
    anonymous = Client()
    assert anonymous.post(EXPORT, ARCHIVE).status_code == 302  # to the login
    assert Job.objects.filter(kind="archive-export").count() == 1
    assert anonymous.get(f"/spielwart/auftraege/{job.token}/datei/").status_code == 302
    other = Club.objects.create(name="Anderer Verein", slug="anderer")
    Job.all_clubs.filter(pk=job.pk).update(club=other)
    assert spielwart_client.get(f"/spielwart/auftraege/{job.token}/datei/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_a_second_click_while_the_export_waits_starts_nothing_twice(
    settings: Settings, spielwart_client: Client, four_table: Table
) -> None:
    settings.TASKS = DATABASE_QUEUE
    first = spielwart_client.post(EXPORT, ARCHIVE)["Location"]
    second = spielwart_client.post(EXPORT, ARCHIVE)["Location"]
    assert first == second
    assert Job.objects.filter(kind="archive-export").count() == 1
    run_worker()
    job = Job.objects.get(kind="archive-export")
    assert job.status == Job.Status.DONE and job.output
    third = spielwart_client.post(EXPORT, ARCHIVE)["Location"]  # after it finished: a new export
    assert third != first


def test_the_file_goes_after_a_day_and_the_page_says_so(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(EXPORT, ARCHIVE)
    job = Job.objects.get(kind="archive-export")
    assert clean_jobs(timezone.now()) == 0
    assert clean_jobs(timezone.now() + datetime.timedelta(days=2)) == 1
    job.refresh_from_db()
    assert job.output is None
    page = spielwart_client.get(f"/spielwart/auftraege/{job.token}/").content.decode()
    assert "Die Datei wurde nach einem Tag gelöscht." in page
    assert spielwart_client.get(f"/spielwart/auftraege/{job.token}/datei/").status_code == 404
