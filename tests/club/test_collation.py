"""German alphabetical order (DIN 5007, variant 1) for names on paper."""

from __future__ import annotations

from skatclub.club.collation import german_key


def test_umlauts_sort_with_their_base_letter_not_after_z() -> None:
    names = ["Zander", "Ährens", "Abel", "Öztürk", "Olsen", "Ørsted", "Übel", "Ulrich", "Mäßig"]

    assert sorted(names, key=german_key) == [
        "Abel",
        "Ährens",
        "Mäßig",
        "Olsen",
        "Ørsted",
        "Öztürk",
        "Übel",
        "Ulrich",
        "Zander",
    ]


def test_case_does_not_matter_and_sharp_s_is_ss() -> None:
    assert german_key("weiss")[0] == german_key("Weiß")[0]
    assert sorted(["bernd", "Anna", "Carla"], key=german_key) == ["Anna", "bernd", "Carla"]
