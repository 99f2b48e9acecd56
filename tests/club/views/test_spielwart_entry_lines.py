"""The pure line format of the entry page (`club/entry_line.py`): seat number + notation."""

from __future__ import annotations

import pytest

from scoring import GameType, parse_notation
from skatclub.club.entry_line import LineError, line_text, parse_line, running_totals


def test_it_splits_off_the_seat_and_hands_the_rest_to_the_engine() -> None:
    line = parse_line("2 Kr m2 H S", 4)
    assert line.seat == 2
    assert (line.declaration, line.outcome) == parse_notation("Kr m2 H S")
    assert line.declaration is not None and line.declaration.type is GameType.CLUBS


def test_p_is_an_eingepasst_game() -> None:
    line = parse_line("p", 4)
    assert line.passed_in and line.declaration is None and line.outcome is None


def test_a_lost_grand_is_read_with_its_outcome() -> None:
    line = parse_line("3 Gr o1 v", 3)
    assert line.seat == 3
    assert line.outcome is not None and line.outcome.won is False


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "empty_line"),
        ("Kr m2", "missing_seat"),
        ("5 Kr m2", "unknown_seat"),
        ("0 Kr m2", "unknown_seat"),
        ("2", "invalid_notation"),
        ("p 2", "invalid_notation"),
        ("2 Xy m2", "invalid_notation"),
    ],
)
def test_it_refuses_unreadable_lines_in_german(text: str, code: str) -> None:
    with pytest.raises(LineError) as error:
        parse_line(text, 4)
    assert error.value.code == code
    assert error.value.message  # German text for the Spielwart


def test_the_line_text_round_trips() -> None:
    line = parse_line("1 kr m2 h s", 4)
    assert line.text == "1 Kr m2 H S"
    assert line_text(None, None, None) == "p"


def test_running_totals_add_up_only_in_the_declarers_column() -> None:
    # 48 to seat 1, passed, -96 to seat 3, 24 to seat 1: seat 1 = 48 + 24 = 72, seat 3 = -96.
    totals = running_totals(4, [(1, 48), (None, 0), (3, -96), (1, 24)])
    assert totals == [(48, 0, 0, 0), (48, 0, 0, 0), (48, 0, -96, 0), (72, 0, -96, 0)]


@pytest.mark.parametrize("text", ["B", "b2", " B0 "])
def test_a_line_of_bock_alone_is_refused_in_german(text: str) -> None:
    # Found by the property test of the correction page (a 500 before).
    with pytest.raises(LineError, match="Nur Bock, aber kein Spiel"):
        parse_line(text, 4)
