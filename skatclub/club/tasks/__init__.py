"""Background work on Django's Tasks API (the django-tasks backport of Django 6's
`django.tasks`, with its database backend django-tasks-db): whatever takes longer than a
request should wait (an archive import, a print run, a backup) runs as a `Job` in a worker
process, and the page that started it shows its progress.

- `runner`: `start` (idempotent by the job's key), `run_job` (the one task every job runs
  through), `reap` (a job whose worker died is marked failed, its half-way state put right).
- `registry`: the kinds of job, each with its queue: "default" for the long work, "print"
  for print runs, each queue with a worker of its own under `serve`.
- `archive`, `exports`, `spreadsheet`, `printing`, `housekeeping`: the kinds themselves.
The record of each job and its progress are `services.jobs`.
"""

from skatclub.club.tasks import archive, exports, housekeeping, printing, spreadsheet
from skatclub.club.tasks.registry import KINDS, QUEUES
from skatclub.club.tasks.runner import reap, reap_all, run_job, start

__all__ = [
    "KINDS",
    "QUEUES",
    "archive",
    "exports",
    "housekeeping",
    "printing",
    "reap",
    "reap_all",
    "run_job",
    "spreadsheet",
    "start",
]
