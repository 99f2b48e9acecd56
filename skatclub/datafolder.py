"""Where the data folder is, and files and folders in it that only the server's user may read.

The data folder holds the database, its backups, staging copies of an import, the secret key,
the log and lock files, the collected static files. It is var/ in a checkout and the user's
own data folder for an installed package (`default_location`), never beside the installed
code; SKATCLUB_DATA (or `skatclub --data`) names another. Its private folders are made 0700
and files 0600, whatever the umask of the shell or service that started the server. Files are
created with their mode (`os.open`), not chmod-ed afterwards, so there is no moment in which
another user could open them; a file or folder from an older version is tightened when it is
met again.

No Django here: settings.py uses it before Django is set up.
"""

from __future__ import annotations

import contextlib
import logging.handlers
import os
import secrets
import stat
import sys
from pathlib import Path
from typing import Any

FOLDER_MODE = 0o700
FILE_MODE = 0o600


def default_location(project: Path) -> Path:
    """The data folder when none is named: var/ in a checkout (`project` holds manage.py),
    else skatclub/ in the user's data folder, so that an installed package never writes into
    site-packages."""
    if (project / "manage.py").is_file():
        return project / "var"
    return user_data_home() / "skatclub"


def user_data_home() -> Path:
    """$XDG_DATA_HOME or ~/.local/share; ~/Library/Application Support on macOS."""
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support"
    xdg = os.environ.get("XDG_DATA_HOME", "")
    # The XDG specification: a relative path is invalid and is ignored.
    return Path(xdg) if os.path.isabs(xdg) else Path.home() / ".local" / "share"


def data_folder(path: Path) -> Path:
    """The data folder itself: 0711. Others may pass through it to var/static/ (a proxy that
    serves the static files) but cannot list it; everything private in it is 0600 or 0700."""
    path.mkdir(mode=0o711, parents=True, exist_ok=True)
    _tighten(path, 0o711)
    return path


def private_folder(path: Path) -> Path:
    """`path` as a folder only the owner may enter (made with its parents if missing)."""
    path.mkdir(mode=FOLDER_MODE, parents=True, exist_ok=True)
    _tighten(path, FOLDER_MODE)
    return path


def private_file(path: Path) -> Path:
    """`path` as a file only the owner may read: an empty one if missing (SQLite takes an
    empty file as a new database, and gives its -wal and -shm files the same mode)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT, FILE_MODE)
    try:
        if stat.S_IMODE(os.fstat(fd).st_mode) != FILE_MODE:
            os.fchmod(fd, FILE_MODE)  # made by an older version, or by hand
    finally:
        os.close(fd)
    return path


def private_database(path: Path) -> None:
    """The SQLite database file and its companions 0600 (an existing 0644 one is tightened)."""
    private_file(path)
    for suffix in ("-wal", "-shm", "-journal"):
        companion = Path(f"{path}{suffix}")
        if companion.exists():
            _tighten(companion, FILE_MODE)


class PrivateLogFile(logging.handlers.RotatingFileHandler):
    """The rotating log file, each new file 0600 (a log names logins and addresses)."""

    def _open(self) -> Any:
        private_file(Path(self.baseFilename))
        return super()._open()


def write_once(path: Path, text: str) -> str:
    """The content of `path`; when it has none yet, `text`, written so that no reader ever
    sees a half-written or empty file and the first of several racing writers wins.

    The text goes into a private temporary file in the same folder first, which is then
    hard-linked to `path`: the link either appears whole or fails because another process's
    file is already there, and then that one is read. (os.replace would let a later writer
    overwrite a key that earlier readers already use.)
    """
    current = _read(path)
    if current:
        return current
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(8)}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text + "\n")
            file.flush()
            os.fsync(file.fileno())
        if current == "":  # an empty file left by a crash of an older version: replace it
            os.replace(temporary, path)
        else:
            with contextlib.suppress(FileExistsError):  # another process was first: its key
                os.link(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return _read(path) or text


def _read(path: Path) -> str | None:
    """The stripped content, "" for an empty file, None when there is no file."""
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        return None


def _tighten(path: Path, mode: int) -> None:
    try:
        current = stat.S_IMODE(path.stat().st_mode)
        if current & ~mode:
            path.chmod(current & mode)
    except PermissionError:
        pass  # not ours (a shared folder): the files inside are still made private
