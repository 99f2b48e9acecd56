"""Issue 24: the data folder is the server user's own (files 0600, folders 0700), and the
secret key is written so that several processes starting at once all read the same key.
Issue 25: an installed package keeps its data in the user's data folder, a checkout in var/.

Settings are read in fresh interpreters with the usual umask 022, as a service would start.
"""

from __future__ import annotations

import multiprocessing
import os
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from skatclub.datafolder import default_location
from skatclub.settings import stored_secret_key

ROOT = Path(__file__).resolve().parents[2]


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def start(data: Path, code: str) -> None:
    """A fresh interpreter with the data folder `data`, a SQLite database in it, umask 022."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SECRET_KEY"}}
    env |= {"DJANGO_SETTINGS_MODULE": "skatclub.settings", "SKATCLUB_DATA": str(data)}
    script = f"import os; os.umask(0o022); import django; django.setup(); {code}"
    subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, check=True, capture_output=True
    )


def test_the_database_its_backups_the_key_and_the_log_are_for_the_owner_only(
    tmp_path: Path,
) -> None:
    data = tmp_path / "var"
    start(
        data,
        "from django.core.management import call_command; "
        "call_command('migrate', verbosity=0); call_command('backup', verbosity=0); "
        "import logging; logging.getLogger('skatclub').warning('ein Eintrag')",
    )
    database = data / "skatclub.sqlite3"
    files = [database, data / "secret_key", data / "log" / "skatclub.log"]
    files += [p for p in database.parent.glob("skatclub.sqlite3-*")]  # -wal, -shm
    backups = list((data / "backups").rglob("*.sqlite3"))
    assert backups and all(mode(p) == 0o600 for p in files + backups), {
        str(p): oct(mode(p)) for p in files + backups
    }
    folders = [data / "backups", data / "log", data / "locks"]
    folders += [p for p in (data / "backups").rglob("*") if p.is_dir()]
    assert all(mode(p) == 0o700 for p in folders), {str(p): oct(mode(p)) for p in folders}
    assert mode(data) & 0o077 == 0o011  # others pass through to var/static/, list nothing


def test_a_database_and_backups_of_an_older_version_are_tightened_at_the_next_start(
    tmp_path: Path,
) -> None:
    data = tmp_path / "var"
    (data / "backups").mkdir(parents=True)
    old_backup = data / "backups" / "skatclub-2026-11-20-193000-000000-von-hand.sqlite3"
    for path in (data / "skatclub.sqlite3", old_backup):
        path.write_bytes(b"")
        path.chmod(0o644)
    (data / "backups").chmod(0o755)
    data.chmod(0o755)
    start(
        data,
        "from django.core.management import call_command; call_command('backup', verbosity=0)",
    )
    assert mode(data / "skatclub.sqlite3") == 0o600
    assert mode(data / "backups") == 0o700 and mode(old_backup) == 0o600
    assert mode(data) == 0o711


def _read_key(path: str, barrier: Any, out: Any) -> None:
    barrier.wait()
    out.put(stored_secret_key(Path(path)))


def test_processes_starting_at_once_on_a_fresh_data_folder_all_read_the_same_key(
    tmp_path: Path,
) -> None:
    """The old code created the file and wrote the key in two steps: a process in between read
    an empty key. Eight processes, started at the same instant, forty times over."""
    context = multiprocessing.get_context("fork")
    processes = 8
    for attempt in range(40):
        path = tmp_path / f"key-{attempt}"
        barrier, out = context.Barrier(processes), context.Queue()
        started = [
            context.Process(target=_read_key, args=(str(path), barrier, out))
            for _ in range(processes)
        ]
        for process in started:
            process.start()
        keys = {out.get(timeout=60) for _ in started}
        for process in started:
            process.join()
        assert len(keys) == 1 and len(keys.pop()) >= 50
        assert path.read_text().strip() and mode(path) == 0o600
        assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_an_empty_key_file_left_by_a_crash_gets_a_key(tmp_path: Path) -> None:
    path = tmp_path / "secret_key"
    path.write_text("")
    key = stored_secret_key(path)
    assert len(key) >= 50 and path.read_text().strip() == key and mode(path) == 0o600
    assert stored_secret_key(path) == key


def test_a_checkout_keeps_its_data_in_var(tmp_path: Path) -> None:
    (tmp_path / "manage.py").write_text("")
    assert default_location(tmp_path) == tmp_path / "var"
    assert default_location(ROOT) == ROOT / "var"


@pytest.mark.skipif(sys.platform == "darwin", reason="macOS: ~/Library/Application Support")
def test_an_installed_package_keeps_its_data_in_the_users_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site_packages = tmp_path / "site-packages"  # no manage.py beside the package
    site_packages.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert default_location(site_packages) == tmp_path / "home" / ".local/share/skatclub"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_location(site_packages) == tmp_path / "xdg" / "skatclub"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/is/ignored")
    assert default_location(site_packages) == tmp_path / "home" / ".local/share/skatclub"
