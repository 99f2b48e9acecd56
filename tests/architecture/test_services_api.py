"""The services are used through their public names (skatclub/club/services/__init__.py).

import-linter's contract "The services are used through their public names" refuses every
import of a module of the package from outside it. One way past it is no import at all: the
package names each module it imports, so `services.results.locked_table` works after a plain
`from skatclub.club import services`. This test reads the source and refuses that too; each
check is first shown to catch the kind of line it is meant for.
"""

from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVICES = REPO / "skatclub" / "club" / "services"
MODULES = frozenset(path.stem for path in SERVICES.glob("*.py")) - {"__init__"}


def names_of_the_package(tree: ast.AST) -> set[str]:
    """The names a module binds to the services package itself."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "skatclub.club":
            names |= {a.asname or a.name for a in node.names if a.name == "services"}
        if isinstance(node, ast.Import):
            names |= {
                a.asname for a in node.names if a.name == "skatclub.club.services" and a.asname
            }
    return names


def reaches_into_a_module(source: str) -> list[str]:
    """`services.<module>` in `source`, for every name bound to the package."""
    tree = ast.parse(source)
    package = names_of_the_package(tree)
    return [
        f"line {node.lineno}: {node.value.id}.{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in package
        and node.attr in MODULES
    ]


def test_the_check_finds_a_module_reached_through_the_package() -> None:
    assert "results" in MODULES and "users" in MODULES
    found = reaches_into_a_module(
        "from skatclub.club import services\nservices.results.locked_table(table)\n"
    )
    assert found == ["line 2: services.results"]
    aliased = "import skatclub.club.services as writes\nwrites.users.grant(user, 1, 'x')\n"
    assert reaches_into_a_module(aliased) == ["line 2: writes.users"]
    assert (
        reaches_into_a_module("from skatclub.club import services\nservices.record_game()\n") == []
    )


def test_no_module_outside_the_services_reaches_into_one_of_theirs() -> None:
    found = []
    for path in sorted((REPO / "skatclub").rglob("*.py")):
        if SERVICES in path.parents:
            continue
        found += [
            f"{path.relative_to(REPO)} {hit}" for hit in reaches_into_a_module(path.read_text())
        ]
    assert found == []
