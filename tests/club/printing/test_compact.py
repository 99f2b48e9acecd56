"""The derivation as the printed Spielliste shows it: the engine's wording in full with the
club's numbers, or compact in the tokens of the club notation (`printing/compact.py`)."""

from __future__ import annotations

import pytest

from skatclub.club.models import Event, Table
from skatclub.club.printing.compact import compact_derivation, derivation_text
from tests.helpers.factories import enter

CASES = [
    # The module's examples; the derivations are the engine's (`scoring/value.py`).
    (
        "mit 2, Spiel 3, Hand 4, Schneider 5 × Kreuz 12 = 60",
        "m2 Sp H S = 5 × Kr 12 = 60",
    ),
    (
        "ohne 2, Spiel 3, Hand 4, Schneider 5, Schneider angesagt 6 × Grand 24 = 144",
        "o2 Sp H S SA = 6 × Gr 24 = 144",
    ),
    ("überreizt: Reizwert 23, berechnet 3 × Pik 11 = 33", "überreizt r23: 3 × Pi 11 = 33"),
    ("Null ouvert Hand = 59, Kontra × 2 = 118, Re × 2 = 236", "Null ouv H = 59 · K Re × 4 = 236"),
    (
        "mit 1, Spiel 2 × Grand 24 = 48, Bock × 2 = 96, Bock × 2 = 192",
        "m1 Sp = 2 × Gr 24 = 48 · B B × 4 = 192",
    ),
    (
        "Ramsch: Platz 4 65 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 2) = -260; "
        "Platz 1 55 Augen × 2 (1× Schieben) × 2 (Jungfrau Platz 2) = -220",
        "R × 4 (s1 j2): P4 65 = −260; P1 55 = −220",
    ),
    ("Durchmarsch Platz 2: 120 × 2 (Bock) = +240", "Durchmarsch P2: 120 × 2 (B) = +240"),
    ("abweichend erfasst: +18", "abweichend erfasst: +18"),  # not the engine's: unchanged
]


@pytest.mark.parametrize(("full", "short"), CASES, ids=[short for _, short in CASES])
def test_a_derivation_reads_the_same_in_short_tokens(full: str, short: str) -> None:
    assert compact_derivation(full) == short


def test_the_full_derivation_gets_the_clubs_numbers() -> None:
    text = "mit 4, Spiel 5 × Kreuz 12 = 60, Kontra × 2 = 120, Re × 2 = 240, Bock × 2 = 1920"
    assert derivation_text(text).endswith("Bock × 2 = 1.920")
    assert derivation_text("Ramsch: Platz 1 55 Augen = -55") == "Ramsch: Platz 1 55 Augen = −55"


@pytest.mark.parametrize(
    "notation",
    ["Kr m4 H ZA r120 K Re B2 v", "Gr o2 H SA r108 v S", "Null ouv H K Re v", "He o3 H r36 a75 t6"],
)
def test_every_derivation_the_engine_writes_gets_shorter(
    event: Event, four_table: Table, notation: str
) -> None:
    event.house_kontra = event.house_bock = True
    event.save()
    game = enter(four_table, 1, 2, notation)

    assert len(compact_derivation(game.derivation)) < len(game.derivation)
