"""The read-back of a Ramsch at the table says "Ramsch" once (issue 42)."""

from __future__ import annotations

from types import SimpleNamespace

from skatclub.club.presenters.readback import readback


def ramsch_game(derivation: str) -> SimpleNamespace:
    return SimpleNamespace(ramsch={"bock": 0}, passed_in=True, derivation=derivation)


def test_a_ramsch_read_back_says_ramsch_once() -> None:
    said = readback(5, "", ramsch_game("Ramsch: Platz 2 65 Augen = -65"))
    assert said == "Spiel 5: Ramsch: Platz 2 65 Augen = -65"
    assert "Ramsch, Ramsch" not in said


def test_a_durchmarsch_read_back_still_names_the_ramsch() -> None:
    said = readback(6, "", ramsch_game("Durchmarsch Platz 1: 120 = +120"))
    assert said == "Spiel 6: Ramsch, Durchmarsch Platz 1: 120 = +120"
