"""skatclub: the Django project (settings, URLs, the `skatclub` command) with its club app.

`__version__` is pyproject.toml's version: from the installed package's metadata, or read from
pyproject.toml itself in a checkout that is not installed.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version
from pathlib import Path


def _version() -> str:
    try:
        return version("skatclub")
    except PackageNotFoundError:
        import tomllib

        pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
        with pyproject.open("rb") as file:
            return str(tomllib.load(file)["project"]["version"])


__version__ = _version()
