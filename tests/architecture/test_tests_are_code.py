"""The tests are code like the rest: what several test modules share lives in `tests.helpers`,
no module imports a test module (`test_*.py`) or a conftest.py (fixtures reach tests through
pytest), and every folder of tests/ is a package, so each module has one name. The imports are
read with `ast`; the check is first shown to catch each kind of import it is meant for."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
HELPERS = "tests.helpers"


def module_name(path: Path) -> str:
    """`tests.club.views.test_x` for tests/club/views/test_x.py."""
    parts = path.relative_to(TESTS.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(tree: ast.Module, package: str) -> list[str]:
    """Every module the code imports, relative imports resolved against `package`; for
    `from a import b` both `a` and `a.b` (b may be a module)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names.append(base)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return names


def wrong_imports(source: str, package: str = "tests.club.views") -> list[str]:
    """The imports of `source` that reach a test module, a conftest, or tests code outside
    the helpers."""
    wrong = []
    for name in imported(ast.parse(source), package):
        last = name.rsplit(".", 1)[-1]
        outside_helpers = name.startswith("tests.") and not (
            name == HELPERS or name.startswith(HELPERS + ".")
        )
        if last.startswith("test_") or last == "conftest" or outside_helpers:
            wrong.append(name)
    return wrong


CAUGHT = [
    "from tests.club.archive.test_archive_import import spec_example",
    "from test_archive_import import run_import",
    "from conftest import make_table",
    "from tests.conftest import make_table",
    "from tests.club.views import test_browser_entry",
    "import tests.club.leagues.test_league_day",
    "from . import conftest",
    "from .test_spielwart_events import event_data",
    "from tests.clubs import build_club",
    "from tests import factories",
]
ALLOWED = [
    "from tests.helpers.archive import spec_example",
    "from tests.helpers import hypothesis_profiles",
    "from django.test import Client",
    "import pytest",
]


@pytest.mark.parametrize("line", CAUGHT)
def test_the_check_catches_an_import_of_test_code(line: str) -> None:
    assert wrong_imports(line), line


@pytest.mark.parametrize("line", ALLOWED)
def test_the_check_lets_helpers_and_libraries_pass(line: str) -> None:
    assert wrong_imports(line) == [], line


def test_no_module_of_the_tests_imports_a_test_module_or_a_conftest() -> None:
    found = {
        str(path.relative_to(TESTS.parent)): wrong
        for path in sorted(TESTS.rglob("*.py"))
        if (wrong := wrong_imports(path.read_text(encoding="utf-8"), module_name(path.parent)))
    }
    assert found == {}


def test_every_folder_of_the_tests_is_a_package() -> None:
    folders = {path.parent for path in TESTS.rglob("*.py")}
    missing = sorted(
        str(f.relative_to(TESTS.parent)) for f in folders if not (f / "__init__.py").exists()
    )
    assert missing == []
