"""Legal Reizwerte come from the game arithmetic and equal the published list
(tests/scoring/data/bidding_values.txt, docs/rules.md §14)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scoring import Ruleset, legal_bids

BIDDING_VALUES = Path(__file__).resolve().parent / "data" / "bidding_values.txt"
SECTIONS = {Ruleset.ISKO: "=== ISkO", Ruleset.PREISSKAT: "=== Old Skatordnung"}


def _published(ruleset: Ruleset) -> tuple[int, ...]:
    text = BIDDING_VALUES.read_text(encoding="utf-8")
    section = text[text.index(SECTIONS[ruleset]) :]
    found = re.search(r"count = (\d+)", section)
    assert found, section[:200]
    count = int(found[1])
    values_line = section.splitlines()[2]
    values = tuple(int(v) for v in values_line.split(", "))
    assert len(values) == count
    return values


@pytest.mark.parametrize("ruleset", [Ruleset.ISKO, Ruleset.PREISSKAT], ids=str)
def test_legal_bids_equal_the_published_list(ruleset: Ruleset) -> None:
    assert legal_bids(ruleset) == _published(ruleset)


def test_the_rule_sets_differ_only_at_the_top() -> None:
    isko, preis = set(legal_bids(Ruleset.ISKO)), set(legal_bids(Ruleset.PREISSKAT))
    assert isko - preis == {264}
    assert preis - isko == {252, 288, 324, 360}
    assert (len(isko), len(preis)) == (63, 66)


def test_offiziersskat_is_not_bid() -> None:
    assert legal_bids(Ruleset.OFFIZIERSSKAT) == ()
