"""One name per concept in the code (the README's glossary): a Serie is a `Round`, a Staffel a
`Division`, and a `sheet` is a Spielliste, never a spreadsheet.

Reads every Python file of the project as a syntax tree: names, attributes, function, class and
parameter names, keyword arguments and imported module paths. Strings and comments are German
text for the club and are not read; neither are the migrations, which are history. A module that
reads or writes spreadsheet files (it imports openpyxl, tablib, odfpy or python-calamine, or it is
in `club/imports/`) says `spreadsheet` for the file and `worksheet` for one of its tabs.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCANNED = ("scoring", "skatclub", "tests", "benchmarks")
GERMAN_WORDS = {"serie", "serien", "staffel", "staffeln"}  # Round, Division
SPREADSHEET_LIBRARIES = {"openpyxl", "tablib", "odf", "python_calamine"}
# the libraries' own names, which we cannot choose
FOREIGN = {"sheet_names", "get_sheet_by_index", "sheetData", "sheetId"}
WORD = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+")


def words(name: str) -> list[str]:
    """`played_serien` -> ["played", "serien"], `SheetImport` -> ["sheet", "import"]."""
    return [word.lower() for word in WORD.findall(name)]


def identifiers(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, name) of every name the code chooses; strings and comments are not in the tree."""
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield line, node.name
        elif isinstance(node, ast.arg | ast.keyword) and node.arg:  # a parameter, a keyword
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield from ((line, part) for part in node.name.split("."))
            if node.asname:
                yield line, node.asname
        elif isinstance(node, ast.ImportFrom) and node.module:
            yield from ((line, part) for part in node.module.split("."))


def is_spreadsheet_module(path: str, tree: ast.AST) -> bool:
    if "club/imports/" in path:
        return True
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            continue
        if any(name.split(".")[0] in SPREADSHEET_LIBRARIES for name in names):
            return True
    return False


def misnamed(path: str, source: str) -> list[str]:
    """What in one module breaks the glossary, as "path:line name"."""
    tree = ast.parse(source)
    spreadsheet = is_spreadsheet_module(path, tree)
    found = set()
    for line, name in identifiers(tree):
        said = set(words(name))
        if said & GERMAN_WORDS or (spreadsheet and "sheet" in said and name not in FOREIGN):
            found.add(f"{path}:{line} {name}")
    for part in Path(path).with_suffix("").parts:  # module names are identifiers too
        if set(words(part)) & GERMAN_WORDS or (spreadsheet and "sheet" in words(part)):
            found.add(f"{path} (module name)")
    return sorted(found)


def python_files() -> Iterator[Path]:
    yield REPO / "manage.py"
    for top in SCANNED:
        for path in sorted((REPO / top).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path


def test_the_check_catches_code_names_and_leaves_german_text_alone() -> None:
    code = (
        "from skatclub.club.queries import serien\n"
        "class SerieTeam: pass\n"
        "def seat(staffel, *, serie_seed): return x.played_serien(MAX_SERIEN=1)\n"
        "text = 'Serie 1 der Staffel'  # Serie, Staffel\n"
    )
    assert [entry.split(" ")[1] for entry in misnamed("skatclub/x.py", code)] == [
        "serien",
        "SerieTeam",
        "MAX_SERIEN",
        "played_serien",
        "serie_seed",
        "staffel",
    ]
    spreadsheet = "import openpyxl\nclass SheetImport: pass\nsheet = book.sheet_names\n"
    assert misnamed("skatclub/y.py", spreadsheet) == [
        "skatclub/y.py:2 SheetImport",
        "skatclub/y.py:3 sheet",
    ]
    assert misnamed("skatclub/printing/z.py", "class ScoreSheet: pass\nsheet = 1\n") == []
    assert misnamed("skatclub/club/imports/reader.py", "x = 1\n") == []
    assert misnamed("skatclub/club/imports/sheet.py", "x = 1\n") == [
        "skatclub/club/imports/sheet.py (module name)"
    ]


def test_every_python_name_follows_the_glossary() -> None:
    found = []
    for path in python_files():
        relative = path.relative_to(REPO).as_posix()
        found += misnamed(relative, path.read_text(encoding="utf-8"))
    assert found == [], "Serie -> round, Staffel -> division, spreadsheet/worksheet:\n" + "\n".join(
        found
    )
