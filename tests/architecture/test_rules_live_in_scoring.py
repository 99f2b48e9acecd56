"""Every Skat rule lives in `scoring/`: no module or template outside it writes a Seeger-Fabian
number (50 per game, 40/30 for the others' lost games) or a table-size rule. The source tree is
read as text; each pattern is first shown to catch the kind of line it is meant for."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SCANNED = ("skatclub", "templates", "static")
SUFFIXES = {".py", ".html", ".js", ".css", ".txt"}

# (what the pattern finds, the pattern, a line it must catch)
FORBIDDEN = [
    (
        "50 per game",
        r"[+−-]\s?50\b(?!\s*(?:mm|%|px|ms))|\b50\s*[×x*]\s*\w|[×*]\s*50\b",
        "+50 × gew.",
    ),
    ("50 as a name", r"\bWON_POINTS\b", "from standings import WON_POINTS"),
    ("others' 40/30", r"\b40\b[^\n]{0,40}\b30\b|\+\s?(?:40|30)\b(?!\s*(?:mm|%|px|ms))", "+40/+30"),
    ("others' rate by size", r"table_size\s*==\s*3\s*%}\s*40", "{% if sheet.table_size == 3 %}40"),
    ("tables of four", r"%\s*4\b|\[4\]\s*\*|\[3\]\s*\*", "threes = (4 - count % 4) % 4"),
    ("table sizes", r"\(\s*3\s*,\s*4\s*,\s*5\s*\)", "TABLE_SIZES = (3, 4, 5)"),
    ("Serie lengths", r"[\"']?3[\"']?\s*:\s*36\b|[\"']?4[\"']?\s*:\s*48\b", '{"3": 36, "4": 48}'),
    (
        "Null values",
        r"\b23\b[^\n]{0,20}\b35\b[^\n]{0,20}\b46\b",
        "(False, False): 23, (True, False): 35, (False, True): 46",
    ),
    (
        "Grundwerte",
        r"\b9\b[^\n]{0,30}\b10\b[^\n]{0,30}\b11\b[^\n]{0,30}\b12\b[^\n]{0,30}\b24\b",
        '"diamonds": 9, "hearts": 10, "spades": 11, "clubs": 12, "grand": 24',
    ),
]


def source_files() -> list[Path]:
    files = []
    for top in SCANNED:
        for path in sorted((REPO / top).rglob("*")):
            if path.suffix in SUFFIXES and "migrations" not in path.parts and path.is_file():
                files.append(path)
    return files


@pytest.mark.parametrize(("what", "pattern", "sample"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN])
def test_each_pattern_catches_what_it_is_meant_for(what: str, pattern: str, sample: str) -> None:
    assert re.search(pattern, sample), what


@pytest.mark.parametrize(("what", "pattern", "sample"), FORBIDDEN, ids=[f[0] for f in FORBIDDEN])
def test_no_module_or_template_outside_scoring_writes_a_rule(
    what: str, pattern: str, sample: str
) -> None:
    found = [
        f"{path.relative_to(REPO)}:{number}: {line.strip()}"
        for path in source_files()
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(pattern, line)
    ]
    assert found == [], f"{what} outside scoring/:\n" + "\n".join(found)


def test_the_scan_reads_the_whole_club_app() -> None:
    names = {path.name for path in source_files()}
    assert {"models.py", "results.py", "_entry_sheet.html", "score_sheet.html"} <= names
