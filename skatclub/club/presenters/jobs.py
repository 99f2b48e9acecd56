"""A background job as its page, its fragment and its polling answer show it (one function,
`job_view`, for all three): the step, the count in words ("Spiel 120.000 von 264.000
geprüft"), the time so far and an estimate of the rest, the result or the error."""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass
from typing import Any

from django.urls import reverse
from django.utils import timezone

from skatclub.club.formatting import number
from skatclub.club.models import Job


@dataclass(frozen=True)
class JobView:
    token: str
    title: str
    status: str  # Job.Status
    status_text: str
    step: str
    count: str  # "Spiel 120.000 von 264.000 geprüft", or ""
    done: int
    total: int
    percent: int | None  # of the step with a count
    elapsed: str  # "2:05 min"
    left: str  # "noch etwa 3 min", or ""
    cancellable: bool
    finished: bool
    error: str
    result_text: str
    result_url: str
    file_name: str  # the file the job made, offered at `result_url` (the club archive)
    state_url: str
    cancel_url: str

    def state(self) -> dict[str, Any]:
        return asdict(self)


def job_view(job: Job, now: datetime.datetime | None = None) -> JobView:
    now = now or timezone.now()
    counted = bool(job.total) and job.status == Job.Status.RUNNING
    count = ""
    if counted and job.count_text:
        count = job.count_text.format(done=number(job.done), total=number(job.total))
    began = job.started_at or job.created_at
    ended = job.finished_at or now
    return JobView(
        token=job.token,
        title=job.title,
        status=job.status,
        status_text=job.get_status_display(),
        step=job.step if job.status == Job.Status.RUNNING else "",
        count=count,
        done=job.done,
        total=job.total,
        percent=min(100, job.done * 100 // job.total) if counted else None,
        elapsed=duration((ended - began).total_seconds()),
        left=_left(job, now),
        cancellable=job.kind != Job.PRINT
        and job.active
        and (job.status == Job.Status.QUEUED or job.cancellable),
        finished=not job.active,
        error=job.error,
        result_text=job.result_text,
        result_url=job.result_url,
        file_name=job.output_name if job.kind != Job.PRINT and job.result_url else "",
        state_url=reverse("job-state", args=[job.token]),
        cancel_url=reverse("job-cancel", args=[job.token]),
    )


def duration(seconds: float) -> str:
    whole = max(0, int(seconds))
    if whole < 60:
        return f"{whole} s"
    return f"{whole // 60}:{whole % 60:02d} min"


def seconds_left(job: Job, now: datetime.datetime) -> int | None:
    """The step's time still to go at its pace so far; None without a count or too early."""
    if job.status != Job.Status.RUNNING or not job.total or not job.done:
        return None
    if job.step_started_at is None:
        return None
    spent = (now - job.step_started_at).total_seconds()
    if spent < 2:
        return None
    return int(spent * (job.total - job.done) / job.done)


def _left(job: Job, now: datetime.datetime) -> str:
    left = seconds_left(job, now)
    if left is None:
        return ""
    if left < 60:
        return "noch weniger als eine Minute"
    return f"noch etwa {round(left / 60)} min"
