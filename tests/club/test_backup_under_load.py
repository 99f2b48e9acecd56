"""A backup taken while eight tables save games restores to a consistent database."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, "-m", "tests.club.backup_under_load", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    return done.stdout


@pytest.mark.skipif("DATABASE_URL" in os.environ, reason="a SQLite file of its own; once is enough")
def test_a_backup_taken_while_eight_tables_save_is_consistent_and_complete(
    tmp_path: Path,
) -> None:
    run("write", str(tmp_path))
    acknowledged = tmp_path / "acknowledged.json"
    written = json.loads(acknowledged.read_text())
    assert written["all"] == 8 * 48  # every save of the evening went through
    result = json.loads(run("check", written["backup"], str(acknowledged)))
    assert result["missing"] == []  # every game acknowledged before the backup is in it
    assert result["differ"] == []  # every seat's sums equal a recomputation
    assert 80 <= result["games"] <= 8 * 48 and result["seats"] == 32
