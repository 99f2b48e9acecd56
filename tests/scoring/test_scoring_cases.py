"""The published worked cases (tests/scoring/data/engine_cases.jsonl) through `python -m scoring`.

One subprocess answers all cases, exactly as other tools drive the engine
(docs/spec/engine-cli.md); every expected field is compared: cash by decimal value, errors by
code. Each case names its rule in `source` (a section of docs/rules.md and the texts behind it).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
CASES = Path(__file__).resolve().parent / "data" / "engine_cases.jsonl"
RULES = REPO / "docs" / "rules.md"


def _cases() -> list[dict[str, Any]]:
    return [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line]


def _run_engine(lines: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "scoring"],
        input=("\n".join(lines) + "\n").encode("utf-8"),
        cwd=REPO,
        capture_output=True,
        check=False,
    )


def _mismatch(expect: dict[str, object], answer: dict[str, object]) -> str | None:
    for key, wanted in expect.items():
        if key == "error":
            got = answer.get("error", {})
            assert isinstance(got, dict)
            if got.get("code") != wanted:
                return f"error: wanted {wanted}, got {answer}"
        elif key == "cash":
            got_cash = answer.get("cash")
            assert isinstance(wanted, list) and isinstance(got_cash, list)
            for want, got_row in zip(wanted, got_cash, strict=True):
                for field, amount in want.items():
                    if Decimal(got_row[field]) != Decimal(amount):
                        return f"cash.{field}: wanted {amount}, got {got_row[field]}"
        elif answer.get(key, "<missing>") != wanted:
            return f"{key}: wanted {wanted!r}, got {answer.get(key, '<missing>')!r}"
    return None


def test_every_published_case_passes_through_the_command_line() -> None:
    cases = _cases()
    result = _run_engine([json.dumps(case["request"]) for case in cases])
    assert result.returncode == 0
    assert result.stderr == b""
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert len(answers) == len(cases)
    failures = {}
    for case, answer in zip(cases, answers, strict=True):
        problem = _mismatch(case["expect"], answer)
        if problem:
            failures[case["id"]] = problem
    assert failures == {}


def test_every_case_names_a_section_of_the_rules_that_exists() -> None:
    headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?) ", RULES.read_text(encoding="utf-8"), re.M))
    cases = _cases()
    cited = {}
    for case in cases:
        source = case["source"]
        assert isinstance(source, str) and source.startswith("docs/rules.md §"), case["id"]
        cited[case["id"]] = set(re.findall(r"§(\d+(?:\.\d+)?)", source))
    assert len(cases) == len({case["id"] for case in cases}) == 123
    assert {case_id: sections - headings for case_id, sections in cited.items()} == {
        case_id: set() for case_id in cited
    }


def test_blank_lines_are_skipped_and_bad_lines_answered_in_order() -> None:
    lines = ['{"kind": "passed", "ruleset": "isko"}', "", "{nope", "   ", "[1, 2]", '"x"']
    result = _run_engine(lines)
    answers = [json.loads(line) for line in result.stdout.decode("utf-8").splitlines()]
    assert result.returncode == 0
    assert result.stderr == b""
    assert [a.get("error", {}).get("code") for a in answers] == [
        None,
        "invalid_json",
        "invalid_request",
        "invalid_request",
    ]


def test_invalid_utf8_is_invalid_json_not_a_crash() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scoring"],
        input=b'{"kind": "passed", "ruleset": "\xff"}\n',
        cwd=REPO,
        capture_output=True,
        check=False,
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["error"]["code"] == "invalid_json"
