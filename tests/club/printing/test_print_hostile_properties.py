"""Printouts over hostile content: whatever names, Sachpreis texts and club name a club types,
the Spielliste (played and blank) and the Kassenbericht stay on the page at 8 pt or more, a
Spielliste on one sheet a table, every amount of the Kassenbericht on the paper."""

from __future__ import annotations

import datetime
import io
import re
from typing import Any

import pdfplumber
import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import parse_notation, playing_positions
from skatclub.club.formatting import euro
from skatclub.club.models import Attendance, Club, Event, Player, Round, Season
from skatclub.club.printing import render as pdf
from skatclub.club.printing.kasse import AMOUNTS, kassenbericht_printout
from skatclub.club.printing.printouts import printout
from skatclub.club.services import prizes, record_game
from tests.helpers.factories import make_table
from tests.helpers.hypothesis_profiles import examples

LETTERS = "abcdefghijklmnopqrstuvwxyzäöüßABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÜ"
WORD = st.text(st.sampled_from(LETTERS), min_size=1, max_size=40)


def joined(words: list[str], separators: list[str], limit: int) -> str:
    text = words[0] + "".join(s + w for s, w in zip(separators, words[1:], strict=False))
    return text[:limit].strip(" -") or "X"


def texts(limit: int, most_words: int) -> st.SearchStrategy[str]:
    """Words joined by spaces and hyphens, cut to `limit` characters."""
    return st.builds(
        joined,
        st.lists(WORD, min_size=1, max_size=most_words),
        st.lists(st.sampled_from([" ", "-", " & "]), max_size=most_words),
        st.just(limit),
    )


NAME = texts(40, 5)
CLUB = texts(72, 10)
ITEM = texts(72, 10)
GAMES = ["Gr o1", "Kr m2 H S", "Pi m1 r23 v", "Null", "He m1 v"]


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[str], str]:
    size = draw(st.sampled_from([3, 4, 5]))
    names = draw(st.lists(NAME, min_size=size, max_size=size))
    return names, draw(st.lists(ITEM, min_size=1, max_size=2)), draw(CLUB)


def read(data: bytes) -> tuple[int, list[str], list[float], str]:
    """Pages, the characters outside the page box, the sizes under 8 pt, the text without
    whitespace and soft or visible hyphens at line ends."""
    with pdfplumber.open(io.BytesIO(data)) as document:
        off: list[str] = []
        small: list[float] = []
        text = []
        for page in document.pages:
            chars: list[dict[str, Any]] = [c for c in page.chars if c["text"].strip()]
            off += [
                c["text"]
                for c in chars
                if c["x0"] < 0 or c["x1"] > page.width or c["top"] < 0 or c["bottom"] > page.height
            ]
            small += [c["size"] for c in chars if c["size"] < 7.95]
            text.append(page.extract_text() or "")
        return len(document.pages), off, small, re.sub(r"\s+", "", "".join(text))


def build(names: list[str], items: list[str], club: str) -> Event:
    if not Club.objects.update(name=club):
        Club.objects.create(name=club, slug="hostile")
    event = Event.objects.create(
        key="hostile",
        name="Preisskat",
        date=datetime.date(2031, 11, 20),
        season=Season.objects.create(year=2031),
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
        kind="tournament",
        entry_fee_cents=1000,
    )
    round_ = Round.objects.create(event=event, number=1)
    players = [Player.objects.create(key=f"h{i}", name=n) for i, n in enumerate(names)]
    for index, player in enumerate(players):
        Attendance.objects.create(event=event, player=player, fee_cents=1000, paid=index % 2 == 0)
    table = make_table(round_, 1, players)
    size = len(players)
    for number, notation in enumerate(GAMES, start=1):
        declaration, outcome = parse_notation(notation)
        declarer = players[playing_positions(size, number)[number % 3] - 1]
        record_game(
            table=table, number=number, declarer=declarer, declaration=declaration,
            outcome=outcome,
        )  # fmt: skip
    plan = prizes.plan_of(event)
    for place, item in enumerate(items, start=1):
        prizes.add_rule(plan=plan, category="all", first=place, last=place, item=item)
    return event


@pytest.mark.django_db
@settings(
    max_examples=examples(6),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(table=tables())
def test_any_names_prizes_and_club_name_print_inside_the_page_at_8_pt_one_sheet_a_table(
    table: tuple[list[str], list[str], str],
) -> None:
    names, items, club = table
    with transaction.atomic():
        event = build(names, items, club)
        for kind in ("score_sheet", "blank_sheet"):
            pages, off, small, _ = read(pdf.render_printout(printout(kind, event, round_number=1)))
            # A played 5-table may still take two sheets (see the pinned case below).
            most = 2 if kind == "score_sheet" and len(names) == 5 else 1
            assert pages <= most, f"{kind}: {pages} sheets"
            assert not off and not small, f"{kind}: off {off[:20]}, small {small[:5]}"
        found = kassenbericht_printout(event)
        _, off, small, text = read(pdf.render_printout(found))
        assert not off and not small, f"Kassenbericht: off {off[:20]}, small {small[:5]}"
        shown = re.sub("[\u00ad-]", "", text)
        checked = 0
        for row in found.context["rows"]:
            for key in AMOUNTS:
                if row[key]:
                    amount = re.sub(r"\s+", "", euro(row[key], unit=False)).lstrip("−+-")
                    assert amount in shown, f"{key} {amount} of a player is missing"
                    checked += 1
        assert checked >= len(names)  # at least everyone's Startgeld
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.xfail(
    strict=True,
    reason="issue 40: 60 rows, a 6-line legend and 3 name lines need rows of 2.9 mm (min 3.2)",
)
def test_a_played_5_table_with_a_name_of_one_31_letter_word_fits_one_sheet() -> None:
    """Found by the test above: the name takes three lines even in the widest column the
    derivation leaves (four in the narrower ones; names stay at 9 pt, test_print_scale);
    with the legend the compact derivations need, 60 games leave rows of 2.9 mm on one
    sheet (measured), below the 3.2 mm that 8 pt type needs: a second sheet."""
    names = ["ÜfLCßÜVY", "NMJNyjÄäKNJcfUIpDoaSmIÖQlWXmFbc", "OöxÜ", "A", "A"]
    event = build(names, ["A"], "A")
    pages, *_ = read(pdf.render_printout(printout("score_sheet", event, round_number=1)))
    assert pages == 1
