"""pyproject.toml names every package by hand (templates/ and static/ are mapped into the
package, which automatic discovery does not combine with): the list matches the tree, so a new
folder cannot be left out of the wheel. Fast; the wheel itself is test_wheel.py."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from skatclub import __version__
from skatclub.settings import PACKAGE_DIR, shipped

ROOT = Path(__file__).resolve().parents[2]


def setuptools_config() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as file:
        config: dict[str, Any] = tomllib.load(file)["tool"]["setuptools"]
    return config


def folders(top: Path, package: str) -> set[str]:
    """`package` and one dotted name per folder below `top` (its files are in the wheel only
    when the folder is a listed package: setuptools warns about any other)."""
    below = (p for p in top.rglob("*") if p.is_dir() and p.name != "__pycache__")
    return {package} | {".".join([package, *p.relative_to(top).parts]) for p in below}


def test_pyproject_lists_every_folder_of_the_tree_as_a_package() -> None:
    config = setuptools_config()
    mapped = config["package-dir"]
    assert mapped == {"skatclub.templates": "templates", "skatclub.static": "static"}
    found = folders(ROOT / "scoring", "scoring") | folders(ROOT / "skatclub", "skatclub")
    for package, folder in mapped.items():
        found |= folders(ROOT / folder, package)
    assert sorted(config["packages"]) == sorted(found)


def test_the_mapped_folders_are_the_ones_the_settings_read_in_a_checkout() -> None:
    for package, folder in setuptools_config()["package-dir"].items():
        name = package.removeprefix("skatclub.")
        assert (ROOT / folder).is_dir()
        assert not (PACKAGE_DIR / name).exists()  # the wheel's place, empty in a checkout
        assert shipped(name) == ROOT / folder


def test_the_version_is_pyprojects() -> None:
    with (ROOT / "pyproject.toml").open("rb") as file:
        assert __version__ == tomllib.load(file)["project"]["version"]
