"""Background jobs in the tests: the database queue as a server has it (the suite runs jobs at
once), and the real worker run to the end of its queue."""

from __future__ import annotations

from django.core.management import call_command

DATABASE_QUEUE = {
    "default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default", "print"]}
}


def run_worker(queues: str = "*") -> None:
    """`manage.py worker --batch`: every job waiting on `queues`, then it ends."""
    call_command(
        "worker", "--batch", f"--queue-name={queues}", "--no-startup-delay", "--verbosity=0"
    )
