"""Printouts over hostile content: whatever names and club name a club types, the Spielliste
(played and blank) and the Kassenbericht stay on the page, at 8 pt or more, one sheet a table."""

from __future__ import annotations

import io
from typing import Any

import pdfplumber
import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skatclub.club.models import Attendance, Club, Event, Player, Round
from skatclub.club.printing import render as pdf
from skatclub.club.printing.kasse import kassenbericht_printout
from skatclub.club.printing.printouts import printout
from tests.helpers.factories import make_table
from tests.helpers.hypothesis_profiles import examples

LETTERS = "abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"
WORD = st.text(st.sampled_from(LETTERS), min_size=1, max_size=40)
NAMES = st.lists(WORD, min_size=1, max_size=4).map(lambda words: " ".join(words)[:40].strip())
HYPHENATED = st.tuples(WORD, WORD).map(lambda pair: "-".join(pair)[:40])
NAME = st.one_of(NAMES, HYPHENATED).filter(bool)
CLUB = st.lists(WORD, min_size=1, max_size=8).map(lambda words: " ".join(words)[:72].strip())


def outside(data: bytes) -> tuple[int, list[str], list[float]]:
    """Pages, the characters outside the page box, the sizes under 8 pt."""
    with pdfplumber.open(io.BytesIO(data)) as document:
        off: list[str] = []
        small: list[float] = []
        for page in document.pages:
            chars: list[dict[str, Any]] = [c for c in page.chars if c["text"].strip()]
            off += [
                c["text"]
                for c in chars
                if c["x0"] < 0 or c["x1"] > page.width or c["top"] < 0 or c["bottom"] > page.height
            ]
            small += [c["size"] for c in chars if c["size"] < 7.95]
        return len(document.pages), off, small


@pytest.mark.django_db
@settings(
    max_examples=examples(4),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(names=st.lists(NAME, min_size=4, max_size=4), club=CLUB.filter(bool))
def test_any_names_and_club_name_print_inside_the_page_at_8_pt_one_sheet_a_table(
    event: Event, names: list[str], club: str
) -> None:
    with transaction.atomic():
        if not Club.objects.update(name=club):
            Club.objects.create(name=club, slug="hostile")
        round_ = Round.objects.create(event=event, number=9)
        players = [Player.objects.create(key=f"h{i}", name=n) for i, n in enumerate(names)]
        for player in players:
            Attendance.objects.create(event=event, player=player, fee_cents=1000, paid=True)
        make_table(round_, 1, players)
        for kind in ("score_sheet", "blank_sheet"):
            data = pdf.render_printout(printout(kind, event, round_number=9))
            pages, off, small = outside(data)
            assert pages == 1, f"{kind}: {pages} sheets"
            assert not off and not small, f"{kind}: off {off[:20]}, small {small[:5]}"
        data = pdf.render_printout(kassenbericht_printout(event))
        _, off, small = outside(data)
        assert not off and not small
        transaction.set_rollback(True)
