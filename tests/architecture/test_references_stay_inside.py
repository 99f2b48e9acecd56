"""The repository stands alone: what its code, tests and documents cite is in it.

Every rule the code cites is a section of docs/rules.md that exists; nothing points to a folder
beside the repository (the links of the README and of docs/ are test_docs_links.py's). The tree
is read as text.
"""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RULES = REPO / "docs" / "rules.md"
SCANNED = ("scoring", "skatclub", "tests", "benchmarks", "docs", "templates", "static", ".ci")
SUFFIXES = {".py", ".md", ".html", ".txt", ".jsonl", ".css", ".js", ""}
TOP_FILES = ("README.md", "CHANGELOG.md", "pyproject.toml")

# "docs/rules.md §5.4", "`docs/rules.md` §1.1, §16", "docs/rules.md §3–§7"
CITATION = re.compile(r"docs/rules\.md`?((?:\s*(?:,|–|-|and)?\s*§\d+(?:\.\d+)?)+)")
SECTION = re.compile(r"§(\d+(?:\.\d+)?)")
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(?:rules\.md|spec/|cases/|seeds/|bidding_values)")


def _files() -> list[Path]:
    found = [REPO / name for name in TOP_FILES]
    for top in SCANNED:
        found += [
            path
            for path in (REPO / top).rglob("*")
            if path.is_file() and path.suffix in SUFFIXES and "__pycache__" not in path.parts
        ]
    return [path for path in found if path != Path(__file__).resolve()]


def _text(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def _headings() -> set[str]:
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?) ", _text(RULES), re.MULTILINE))


def test_the_patterns_catch_what_they_are_meant_for() -> None:
    cited = CITATION.search("(`docs/rules.md` §1.1, §16) and docs/rules.md §3–§7")
    assert cited is not None and SECTION.findall(cited.group(1)) == ["1.1", "16"]
    assert OUTSIDE.search("REPO.parent / '../shared/cases'") and OUTSIDE.search("shared/rules.md")
    assert not OUTSIDE.search("a shared place; shared/ with a slash alone")


def test_every_section_of_the_rules_that_is_cited_exists() -> None:
    headings = _headings()
    missing = {}
    for path in _files():
        text = _text(path)
        cited = {s for m in CITATION.finditer(text) for s in SECTION.findall(m.group(1))}
        if path.parent == REPO / "docs" or path.parent == REPO / "docs" / "spec":
            cited |= set(SECTION.findall(text))  # every § on those pages is one of the rules'
        if cited - headings:
            missing[str(path.relative_to(REPO))] = sorted(cited - headings)
    assert len(headings) > 30
    assert missing == {}


def test_nothing_points_to_a_folder_beside_the_repository() -> None:
    outside = {
        str(path.relative_to(REPO)): OUTSIDE.findall(_text(path))
        for path in _files()
        if OUTSIDE.search(_text(path))
    }
    assert outside == {}
