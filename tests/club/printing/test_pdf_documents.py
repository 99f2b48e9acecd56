"""Results, Tischliste and settlement printouts: their numbers are the adapter's and engine's.

Expected values come from `standings.event_standings`, the engine's `rounded_payout` and the
event's ledger (`queries.ledger`); the PDFs are read back with pypdf.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

import pytest

from scoring import parse_notation, playing_positions, rounded_payout
from skatclub.club.formatting import euro
from skatclub.club.models import Attendance, Club, Event, Player, Round, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.kasse import kassenbericht_printout
from skatclub.club.printing.printouts import PrintError, printout
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.queries.standings import event_standings
from skatclub.club.services import record_game
from tests.helpers.factories import enter
from tests.helpers.pdf import flat, pdf_text

GAMES = ["Kr m2 H S", "Gr o1 v", "Pi m1", "He m1 v", "Null", "Gr m2", "Ka o1 v", "Kr m1"]


def play(table: Table, count: int) -> None:
    seats = {s.position: s.player for s in table.seats.select_related("player")}
    for number in range(1, count + 1):
        declaration, outcome = parse_notation(GAMES[(number - 1) % len(GAMES)])
        position = playing_positions(len(seats), number)[(number * 2) % 3]
        record_game(
            table=table,
            number=number,
            declarer=seats[position],
            declaration=declaration,
            outcome=outcome,
        )


def text_of(kind: str, event: Event, **where: Any) -> tuple[int, str]:
    return pdf_text(pdf.render_printout(printout(kind, event, **where)))


@pytest.fixture
def played(event: Event, four_table: Table, three_table: Table) -> Event:
    play(four_table, 12)
    play(three_table, 9)
    return event


def test_the_results_list_ranks_players_with_the_adapters_scores(played: Event) -> None:
    rows = event_standings(played)
    pages, text = text_of("results", played)

    assert pages == 1 and "Gesamtergebnis" in text
    assert "vorläufig: 21 von 84 Spielen" in text
    lines = text.splitlines()
    for row in rows:
        line = next(line for line in lines if row.name in line)
        assert line.startswith(f"{row.place}.")
        assert euro(rounded_payout([row.cash_cents], 1).amounts[0]) in line
    positions = [text.index(row.name) for row in rows]
    assert positions == sorted(positions)  # best first
    assert f"Kasse (Verlustspielgeld): {euro(sum(r.fees_cents for r in rows))}" in text


def test_the_results_of_one_round_say_so(played: Event) -> None:
    _, text = text_of("results", played, round_number=1)

    assert "Ergebnis Serie 1" in text and "Seite 1 von 1" in text


def test_printouts_carry_the_clubs_name_from_its_record(played: Event) -> None:
    Club.objects.update(name="Skatfreunde Grün-Weiß Altenburg")  # the one club, renamed
    _, text = text_of("results", played)

    assert "Skatfreunde Grün-Weiß Altenburg" in text


def test_the_tischliste_shows_every_table_where_each_player_sits_and_the_seed(
    event: Event, four_table: Table, three_table: Table, round_one: Round
) -> None:
    round_one.seed = "c0ffee42"
    round_one.save()
    _, text = text_of("seating", event, round_number=1)

    assert "Tischliste Serie 1" in text and "Tisch 1" in text and "Tisch 2" in text
    assert "Anna Albers: Tisch 1, Platz 1" in flat(text)
    assert "Gerd Gold: Tisch 2, Platz 3" in flat(text)
    assert "Startwert c0ffee42" in text


def test_the_tischliste_sorts_umlauts_with_their_letter(event: Event, four_table: Table) -> None:
    Player.objects.filter(key="bernd").update(name="Ärmel Ahrens")
    Player.objects.filter(key="carla").update(name="Zoë Zander")
    Player.objects.filter(key="dieter").update(name="Øle Olsen")
    _, text = text_of("seating", event, round_number=1)

    order = [flat(text).index(name) for name in ("Anna", "Ärmel", "Øle", "Zoë")]
    assert order == sorted(order)


def amounts(line: str) -> list[str]:
    return re.findall(r"[+−]?\d{1,3}(?:\.\d{3})*,\d+", line)


def test_the_settlement_pays_every_player_in_whole_cents_and_sums_to_zero_with_the_kasse(
    played: Event,
) -> None:
    played.rounding_step_cents = 10
    played.save()
    rows = event_standings(played)
    # Without Startgeld and prizes the amount is the Preisskat money less the fees, rounded
    # once to the step: exactly what the engine's rounded_payout gives.
    payout = rounded_payout([r.cash_cents - r.fees_cents for r in rows], 10)
    found = event_ledger(played)
    assert [found.account(r.player_id).at_the_end for r in rows] == list(payout.amounts)  # type: ignore[union-attr]
    _, text = text_of("settlement", played)

    assert "Abrechnung für die Kasse" in text
    assert "Ausgleich je Tisch" not in text  # one way to settle
    numbers = [a for line in text.splitlines() for a in amounts(line)]
    assert numbers and all(len(a.split(",")[1]) == 2 for a in numbers)  # never a fraction of a cent
    by_name = {r.name: a for r, a in zip(rows, payout.amounts, strict=True)}
    for name, amount in by_name.items():
        line = next(line for line in text.splitlines() if line.startswith(name))
        assert euro(amount, sign=True, unit=False) in line
    kasse = next(line for line in text.splitlines() if line.startswith("Kasse:"))
    assert euro(payout.kasse, unit=False) in kasse
    assert sum(payout.amounts) + payout.kasse == 0
    assert "Summe aller Schlussbeträge und der Kasse (geht auf) 0,00" in text
    assert "Kassenwart" in text and "Kassenprüfer" in text
    assert "auf 0,10 € gerundet" in flat(text)


def test_the_settlement_shows_the_verlustspielgeld_of_each_round_and_true_minus_signs(
    played: Event,
) -> None:
    rows = event_standings(played)
    _, text = text_of("settlement", played)

    assert "Verlustspielgeld Serie 1" in flat(text)
    loser = max(rows, key=lambda r: r.fees_cents)
    line = next(line for line in text.splitlines() if line.startswith(loser.name))
    assert euro(-loser.fees_cents, unit=False) in line and "−" in line
    assert "-" not in "".join(amounts(line))  # no hyphen-minus in an amount


def test_the_exact_fractions_stay_in_the_data_not_on_paper(played: Event) -> None:
    rows = event_standings(played)
    _, text = text_of("settlement", played)

    fractional = [r for r in rows if r.cash_cents.denominator != 1]
    assert fractional, "a 1/4-cent Wertpunkt gives fractions of a cent"
    for row in fractional:
        exact = str(Fraction(row.cash_cents) / 100).replace(".", ",")
        assert exact not in text


def test_printing_an_unknown_round_or_table_is_refused_in_german(
    event: Event, four_table: Table
) -> None:
    with pytest.raises(PrintError, match="hat keine Serie 7"):
        printout("results", event, round_number=7)
    with pytest.raises(PrintError, match="hat keinen Tisch 9"):
        printout("score_sheet", event, round_number=1, table_number=9)
    with pytest.raises(PrintError, match="Bitte die Serie angeben"):
        printout("seating", event)
    with pytest.raises(PrintError, match="nur für die ganze Veranstaltung"):
        printout("settlement", event, round_number=1)


def test_the_kassenbericht_lists_the_players_in_german_order(event: Event, players: Any) -> None:
    """Ä sorts with A, ß as ss: "Ännchen" before "Bernd", not after "Zoë"."""
    Player.objects.filter(key="anna").update(name="Zoë Zander")
    Player.objects.filter(key="bernd").update(name="Ännchen Adler")
    Player.objects.filter(key="carla").update(name="Bernd Straße")
    Player.objects.filter(key="dieter").update(name="Bernd Strasse")
    for key in ("anna", "bernd", "carla", "dieter"):
        Attendance.objects.create(event=event, player=players[key], fee_cents=500)
    _, text = pdf_text(pdf.render_printout(kassenbericht_printout(event)))

    order = [flat(text).index(name) for name in ("Ännchen", "Bernd Strasse", "Zoë")]
    assert order == sorted(order)
    assert abs(flat(text).index("Bernd Straße") - order[1]) < 40  # ß next to its ss


def test_equal_players_stand_in_german_order_in_the_results(
    event: Event, four_table: Table
) -> None:
    """After an eingepasstes Spiel everybody shares place 1: the names decide the order."""
    Player.objects.filter(key="anna").update(name="Zoë Zander")
    Player.objects.filter(key="dieter").update(name="Ärmel Ahrens")
    enter(four_table, 1, None)
    rows = event_standings(event, 1)

    assert [row.name for row in rows] == [
        "Ärmel Ahrens",
        "Bernd Brandt",
        "Carla Claus",
        "Zoë Zander",
    ]
