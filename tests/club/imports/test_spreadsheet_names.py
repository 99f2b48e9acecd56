"""Names from a sheet matched to members: umlauts spelled out, "Surname, First", initials."""

from __future__ import annotations

import pytest

from skatclub.club.imports.names import folded, name_tokens, new_key, suggestions

MEMBERS = {"hans": "Hans Müller", "heinz": "Heinz Meier", "helga": "Helga Meier"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Müller, Hans", ("hans", "mueller")),
        ("Hans Mueller", ("hans", "mueller")),
        ("JÜRGEN WEIß", ("juergen", "weiss")),
        ("Renée Çelik", ("renee", "celik")),
    ],
)
def test_names_are_folded_the_same_however_they_are_written(
    name: str, expected: tuple[str, ...]
) -> None:
    assert name_tokens(name) == expected


def test_a_name_written_another_way_is_surely_the_member() -> None:
    found = suggestions(["Müller, Hans", "Hans Mueller"], MEMBERS)

    assert {n: (s.decision, s.sure) for n, s in found.items()} == {
        "Müller, Hans": ("player:hans", True),
        "Hans Mueller": ("player:hans", True),
    }


def test_initials_are_likely_the_member_and_ask_to_be_checked() -> None:
    found = suggestions(["Müller, H.", "H. Meier"], MEMBERS)

    assert (found["Müller, H."].decision, found["Müller, H."].sure) == ("player:hans", False)
    assert "vermutlich Hans Müller" in found["Müller, H."].why
    # Heinz and Helga Meier both fit "H. Meier": no guess, the Spielwart chooses.
    assert (found["H. Meier"].decision, found["H. Meier"].sure) == ("new", False)
    assert found["H. Meier"].why == "mehrdeutig: Heinz Meier, Helga Meier (bitte wählen)"


def test_new_names_written_two_ways_become_one_new_player() -> None:
    found = suggestions(["Otto Ölmann", "Oelmann, Otto", "O. Ölmann", "Anna Albers"], MEMBERS)

    assert found["Otto Ölmann"].decision == "new"
    assert (found["Oelmann, Otto"].decision, found["Oelmann, Otto"].sure) == (
        "same:Otto Ölmann",
        True,
    )
    assert found["O. Ölmann"].decision == "same:Otto Ölmann" and not found["O. Ölmann"].sure
    assert found["Anna Albers"].decision == "new" and found["Anna Albers"].sure


def test_new_keys_are_readable_and_unique() -> None:
    taken = {"hans-mueller"}
    assert new_key("Müller, Hans", taken) == "hans-mueller-2"
    assert new_key("Jürgen Weiß", taken) == "juergen-weiss"
    assert folded("Müller-Lüdenscheidt, H.") == "mueller luedenscheidt h"
