"""The `skatclub` command (skatclub/cli.py): German help, the management commands behind it,
refusals without Django's "CommandError", and `--data` naming the data folder.

Help and argument errors run in this process (they stop before any database work); commands
that do work run in a fresh interpreter, as the installed command would (`python -m skatclub`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatclub.cli import MANAGE, SUBCOMMANDS, main

ROOT = Path(__file__).resolve().parent.parent


def skatclub(data: Path, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "SKATCLUB_DATA"}}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "skatclub", "--data", str(data), *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
    )


def help_of(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as stopped:
        main([*args, "--help"])
    assert stopped.value.code == 0
    return capsys.readouterr().out


def test_the_help_lists_every_command_in_german(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(capsys)
    assert text.startswith("Aufruf: skatclub")
    for name in [*SUBCOMMANDS, MANAGE]:
        assert f"\n    {name} " in text or f"\n    {name}\n" in text
    assert "Befehle:" in text and "diese Hilfe zeigen" in text
    assert "show this help" not in text and "usage:" not in text


def test_a_command_shows_its_own_options_without_djangos_general_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = help_of(capsys, "print")
    assert text.startswith("Aufruf: skatclub print ")
    assert "Druckt Spielliste, Ergebnis, Abrechnung oder Tischliste als PDF." in text
    assert "Schlüssel der Veranstaltung" in text and "-o DATEI" in text
    for general in ("--verbosity", "--settings", "--pythonpath", "--traceback", "--skip-checks"):
        assert general not in text


def test_every_command_has_a_german_help(capsys: pytest.CaptureFixture[str]) -> None:
    for name in SUBCOMMANDS:
        text = help_of(capsys, name)
        assert text.startswith(f"Aufruf: skatclub {name}") and "Optionen:" in text, name


def test_missing_arguments_are_named_under_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["print", "results"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("Aufruf: skatclub print ")
    assert "skatclub print: Fehler: " in error and "--event" in error


def test_without_a_command_the_help_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([])
    assert stopped.value.code == 2
    assert "Befehle:" in capsys.readouterr().out


def test_a_refusal_is_the_commands_german_message_and_exit_status_1(tmp_path: Path) -> None:
    done = skatclub(tmp_path / "daten", "restore", str(tmp_path / "fehlt.sqlite3"), "--yes")
    assert done.returncode == 1
    assert "kann nicht gelesen werden" in done.stderr
    assert "CommandError" not in done.stderr and "Traceback" not in done.stderr


def test_data_names_the_data_folder_relative_to_where_it_is_typed(tmp_path: Path) -> None:
    shown = skatclub(
        Path("daten"),
        MANAGE,
        "shell",
        "-c",
        "from django.conf import settings; print(settings.DATA_DIR)",
        cwd=tmp_path,
    )
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == str(tmp_path / "daten")
    assert (tmp_path / "daten" / "secret_key").is_file()
