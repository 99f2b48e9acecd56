"""Print runs in the background (issue 39): a printout not yet rendered answers at once with a
page that shows its print job's progress (no 503), the job renders it once however many ask,
and the same address then gives the PDF, from the job on every server. The job's state is as
public as the printout; every other job is the Spielwart's, and another club's is not found."""

from __future__ import annotations

import datetime
import time

import pytest
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from pytest_django import Settings

from skatclub.club.models import Club, Event, Job, Season, Table
from skatclub.club.services import open_job
from tests.helpers.factories import enter
from tests.helpers.jobs import DATABASE_QUEUE, run_worker

RESULTS = "/veranstaltungen/2026-11-20-preisskat/ergebnis.pdf"
SHEETS = "/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten.pdf"


@pytest.fixture
def queued(settings: Settings) -> None:
    settings.TASKS = DATABASE_QUEUE


@pytest.fixture
def played(four_table: Table) -> Table:
    enter(four_table, 1, 2, "Kr m2 a75")
    return four_table


@pytest.mark.django_db(transaction=True)
def test_a_print_run_not_yet_rendered_shows_its_progress_and_then_the_pdf(
    queued: None, client: Client, played: Table
) -> None:
    started = time.perf_counter()
    waiting = client.get(SHEETS)
    answered = time.perf_counter() - started

    assert waiting.status_code == 202, "a page, not a 503 and not a wait"
    page = waiting.content.decode()
    assert "Das PDF wird erstellt" in page and "Spiellisten der Serie 1" in page
    job = Job.objects.get()
    assert f'data-job-state="/auftrag/{job.token}/stand/"' in page
    assert client.get(SHEETS).status_code == 202
    assert Job.objects.count() == 1, "a second visitor waits for the same job"
    state = client.get(f"/auftrag/{job.token}/stand/").json()
    assert state["status"] == "queued" and state["finished"] is False
    print(f"the request that starts the print run answered in {answered * 1000:.0f} ms")

    run_worker()

    state = client.get(f"/auftrag/{job.token}/stand/").json()
    assert state["status"] == "done" and state["finished"] is True
    pdf = client.get(SHEETS)
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF-")
    assert Job.objects.count() == 1, "served from the finished job, not rendered again"


@pytest.mark.django_db(transaction=True)
def test_a_change_to_the_event_renders_the_printout_anew(
    queued: None, client: Client, played: Table
) -> None:
    client.get(RESULTS)
    run_worker()
    assert client.get(RESULTS).status_code == 200

    enter(played, 2, 3, "Pi m1 a61")

    assert client.get(RESULTS).status_code == 202
    assert Job.objects.count() == 2


@pytest.mark.django_db
def test_with_jobs_run_at_once_the_pdf_comes_in_the_same_request(
    client: Client, played: Table
) -> None:
    response = client.get(RESULTS)

    assert response.status_code == 200 and response.content.startswith(b"%PDF-")
    assert Job.objects.get().status == Job.Status.DONE


@pytest.mark.django_db
def test_a_printout_that_cannot_be_made_says_why(client: Client, played: Table) -> None:
    response = client.get("/veranstaltungen/2026-11-20-preisskat/serie/9/spiellisten.pdf")

    assert response.status_code == 404


@pytest.mark.django_db
def test_the_state_of_a_spielwart_job_is_not_public_and_another_clubs_is_not_found(
    client: Client, spielwart_client: Client, event: Event
) -> None:
    home = Club.objects.get()
    job, _ = open_job("archive-check", "archive-check:1:recorded", "Archiv prüfen", {}, club=home)
    other = Club.objects.create(name="Anderer Verein", slug="anderer")
    theirs, _ = open_job("pdf", "pdf:x", "Ergebnis", {}, club=other)
    Season.all_clubs.create(year=2026, club=other)
    anonymous = Client()

    ours = f"/v/{home.slug}/auftrag/{job.token}/stand/"
    assert anonymous.get(ours).status_code == 403
    assert spielwart_client.get(ours).status_code == 200
    assert spielwart_client.get(f"/v/{home.slug}/auftrag/{theirs.token}/stand/").status_code == 404
    assert anonymous.get(f"/v/anderer/auftrag/{job.token}/stand/").status_code == 404


@pytest.mark.django_db
def test_a_queued_job_can_be_cancelled_and_is_then_never_run(
    spielwart_client: Client, event: Event
) -> None:
    job, _ = open_job(
        "archive-check", "archive-check:1:recorded", "Archiv prüfen", {}, club=Club.objects.get()
    )

    response = spielwart_client.post(f"/spielwart/auftraege/{job.token}/abbrechen/")

    assert response.status_code == 302
    job.refresh_from_db()
    assert job.status == Job.Status.CANCELLED
    page = spielwart_client.get(f"/spielwart/auftraege/{job.token}/").content.decode()
    assert "abgebrochen" in page
    assert "Archiv prüfen" in spielwart_client.get("/spielwart/auftraege/").content.decode()


def test_the_event_fixture_is_dated_as_the_urls_say(event: Event) -> None:
    assert event.date == datetime.date(2026, 11, 20)


@pytest.mark.django_db(transaction=True)
def test_a_printout_fetched_before_is_rendered_again_a_minute_after_a_change(
    queued: None, settings: Settings, client: Client, played: Table
) -> None:
    settings.SKATCLUB_WARM_PRINTS = True
    client.get(RESULTS)
    run_worker()
    assert client.get(RESULTS).status_code == 200

    enter(played, 2, 3, "Pi m1 a61")

    warm = Job.objects.get(kind="pdf-warm")
    assert warm.status == Job.Status.QUEUED
    DBTaskResult.objects.update(run_after=timezone.now())  # a minute later
    run_worker()
    assert Job.objects.get(kind="pdf-warm").status == Job.Status.DONE
    response = client.get(RESULTS)
    assert response.status_code == 200 and response.content.startswith(b"%PDF-")
    assert Job.objects.filter(kind="pdf", status=Job.Status.DONE).count() == 2
