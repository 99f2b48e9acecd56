"""The played Spielliste: one page per table whatever the names, every game in full, the foot.

Expected values come from the games the services stored (valued by the engine) and from the
engine's `table_scores`, not from the sheet. PDFs are read back with pypdf; nothing is
compared by pixels.
"""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.contrib.auth.models import User

from scoring import Ruleset, parse_notation, playing_positions, table_scores
from skatclub.club import formatting
from skatclub.club.formatting import signed
from skatclub.club.models import Event, Game, Player, Round, Season, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.compact import compact_derivation, derivation_text, tiny_derivation
from skatclub.club.printing.printouts import printout
from skatclub.club.services import TotalLine, check_table, record_game, record_totals
from tests.helpers.factories import make_table
from tests.helpers.pdf import flat, pdf_text, shows_name

# None = eingepasst. Won and lost games, an overbid one, a Null, long ones with house rules.
NOTATIONS = ["Kr m2 H S", "Gr o1", "Pi m1 r23 v", None, "He m1 v", "Null"]
LONG = ["Gr o2 H SA r108 v S", "Kr m4 H ZA r120 K Re B2 v", "Null ouv H K Re v", "Ka o1 a87"]
LONG_NAMES = [
    "Hans-Joachim Müller-Lüdenscheidt von Ober",  # the example
    "Eva Maria Schulze-Brinkmann-Oberländerin",
    "Maximiliane Sophie Freifrau von Ärmelsee",
    "李小龍 Bruce Lee von Hongkong-Kowloon-Mitte",
    "Åsa Øster-Ähnlich aus Großenhain am Deich",
]


def fill(table: Table, count: int, notations: list[str | None] = NOTATIONS) -> None:
    seats = {s.position: s.player for s in table.seats.select_related("player")}
    for number in range(1, count + 1):
        notation = notations[(number - 1) % len(notations)]
        if notation is None:
            record_game(table=table, number=number, declarer=None, declaration=None, outcome=None)
            continue
        declaration, outcome = parse_notation(notation)
        position = playing_positions(len(seats), number)[number % 3]
        record_game(
            table=table,
            number=number,
            declarer=seats[position],
            declaration=declaration,
            outcome=outcome,
        )


def print_table(table: Table) -> tuple[int, str]:
    return pdf_text(table_pdf(table))


def table_pdf(table: Table) -> bytes:
    found = printout(
        "score_sheet", table.round.event, round_number=table.round.number, table_number=table.number
    )
    return pdf.render_printout(found)


def game_line(text: str, number: int) -> str:
    """The grid line of game `number` (it starts with the number)."""
    for line in text.splitlines():
        if re.match(rf"^{number}( |$)", line):
            return line
    raise AssertionError(f"no line for game {number}")


def shown(derivation: str) -> str:
    """The derivation as its cell shows it: in full, or compact when the full one is too wide
    for the column at 8 pt (`printing/compact.py`)."""
    full, short = derivation_text(derivation), compact_derivation(derivation)
    return full if len(full) <= 40 else short


def running_totals(table: Table) -> dict[int, int]:
    """The declarer's total after each game, from the stored games."""
    seats = {s.player_id: s.position for s in table.seats.all()}
    totals: dict[int, int] = {}
    after: dict[int, int] = {}
    for game in Game.objects.filter(table=table, passed_in=False).order_by("number"):
        assert game.declarer_id is not None
        position = seats[game.declarer_id]
        totals[position] = totals.get(position, 0) + game.list_score
        after[game.number] = totals[position]
    return after


@pytest.fixture
def five_table(round_one: Round, players: dict[str, Player]) -> Table:
    keys = ("hanna", "ingo", "jana", "karl", "lena")
    return make_table(round_one, 3, [players[k] for k in keys])


def test_a_list_not_played_yet_shows_the_players_every_game_number_and_says_so(
    four_table: Table,
) -> None:
    data = table_pdf(four_table)
    pages, text = pdf_text(data)

    assert pages == 1
    assert "Spielliste · Serie 1 · Tisch 1" in text and "4er-Tisch · 48 Spiele" in text
    assert "vorläufig: 0 von 48 Spielen" in text
    for name in ("Anna Albers", "Bernd Brandt", "Carla Claus", "Dieter Dahl"):
        assert shows_name(data, name)
    assert game_line(text, 48) == "48"
    assert "Seite 1 von 1" in text
    assert "Wertungspunkte (Seeger-Fabian)" in text


def test_a_played_list_shows_notation_derivation_spielwert_spielpunkte_and_totals(
    four_table: Table,
) -> None:
    fill(four_table, 30)
    _, text = print_table(four_table)

    totals = running_totals(four_table)
    for game in Game.objects.filter(table=four_table).order_by("number"):
        line = game_line(text, game.number)
        if game.passed_in:
            assert line == f"{game.number} eingepasst"
            continue
        value = f"{formatting.number(game.game_value)} {signed(game.list_score)}"
        assert line.startswith(f"{game.number} {game.notation} {shown(game.derivation)} {value}")
        assert line.endswith(formatting.number(totals[game.number]))
        assert ("✘" in line) == (game.won is False)
    assert game_line(text, 31) == "31"
    assert "vorläufig: 30 von 48 Spielen" in text


def test_a_lost_game_shows_its_spielpunkte_with_a_true_minus_and_a_mark(four_table: Table) -> None:
    fill(four_table, 3)
    _, text = print_table(four_table)

    assert "−66 ✘" in game_line(text, 3)  # Pi m1 r23 v: overbid, 2 × 33 lost


def test_the_foot_sums_the_list_and_adds_seeger_fabian_from_the_engine(four_table: Table) -> None:
    fill(four_table, 30)
    _, text = print_table(four_table)

    seats = {s.player_id: s.position for s in four_table.seats.all()}
    per_player = {p: [0, 0, 0] for p in range(1, 5)}
    for game in Game.objects.filter(table=four_table, passed_in=False):
        assert game.declarer_id is not None
        row = per_player[seats[game.declarer_id]]
        row[0] += game.list_score
        row[1 if game.won else 2] += 1
    scores = table_scores(
        Ruleset.ISKO, 4, [(score, won, lost) for score, won, lost in per_player.values()]
    )

    def foot(label: str) -> list[str]:
        line = next(line for line in text.splitlines() if line.startswith(label))
        return line.split()[-4:]

    assert foot("Spielpunkte (Σ") == [formatting.number(per_player[p][0]) for p in range(1, 5)]
    assert foot("gewonnene Spiele") == [str(per_player[p][1]) for p in range(1, 5)]
    assert foot("verlorene Spiele ") == [str(per_player[p][2]) for p in range(1, 5)]
    assert foot("Wertungspunkte") == [formatting.number(s) for s in scores.seeger_fabian]


@pytest.fixture
def long_round(db: None) -> Event:
    """A Serie of a 3-, a 4- and a 5-table, everyone with a 40-character name, with house
    rules so the longest notations and derivations occur."""
    season = Season.objects.create(year=2027)
    event = Event.objects.create(
        key="lange-namen",
        name="Preisskat mit langen Namen",
        date=datetime.date(2027, 1, 15),
        season=season,
        house_kontra=True,
        house_bock=True,
    )
    round_ = Round.objects.create(event=event, number=1)
    count = 0
    for number, size in enumerate((3, 4, 5), start=1):
        seated = []
        for _ in range(size):
            name = f"{LONG_NAMES[count % len(LONG_NAMES)][:36]} {count:03d}"
            seated.append(Player.objects.create(key=f"lang-{count}", name=name))
            count += 1
        make_table(round_, number, seated)
    return event


def test_a_round_with_40_character_names_prints_every_name_in_full_over_its_column(
    long_round: Event,
) -> None:
    tables = list(Table.objects.filter(round__event=long_round).order_by("number"))
    for table in tables:
        fill(table, long_round.games_for_table_size(table.seats.count()), [*LONG, *NOTATIONS])
    found = printout("score_sheet", long_round, round_number=1)
    data = pdf.render_printout(found, workers=1)
    pages, text = pdf_text(data)

    sizes = [page.frame.table_size for page in found.context["pages"]]
    assert pages == len(sizes) and sizes.count(3) == 1 and sizes.count(5) == 2
    for number in (1, 2, 3):
        assert f"Spielliste · Serie 1 · Tisch {number}" in text
    assert "Tisch 3 · Blatt 1 von 2" in text and "Tisch 3 · Blatt 2 von 2" in text
    assert "…" not in text
    for player in Player.objects.filter(key__startswith="lang-"):
        assert len(player.name) == 40
        assert shows_name(data, player.name)  # wrapped in its column, never cut


def test_every_games_notation_and_derivation_appear_in_full_compact_or_in_a_note(
    long_round: Event,
) -> None:
    tables = list(Table.objects.filter(round__event=long_round).order_by("number"))
    for table in tables:
        fill(table, long_round.games_for_table_size(table.seats.count()), [*LONG, *NOTATIONS])
    found = printout("score_sheet", long_round, round_number=1)
    _, text = pdf_text(pdf.render_printout(found, workers=1))

    everything = flat(text)
    games = Game.objects.filter(table__in=tables, passed_in=False)
    assert Game.objects.filter(table__in=tables).count() == sum(
        long_round.games_for_table_size(t.seats.count()) for t in tables
    )
    for game in games:
        assert game.notation in everything, game.notation
        full, short = derivation_text(game.derivation), compact_derivation(game.derivation)
        tiny = tiny_derivation(game.derivation)
        assert full in everything or short in everything or tiny in everything, game.derivation
    longest = max(games, key=lambda g: len(g.derivation))
    assert len(longest.derivation) > 100  # Kontra, Re and two Bock: in a note, in full,
    noted = f"(Spiel {longest.number}, Berechnung): {derivation_text(longest.derivation)}"
    assert noted in everything or tiny_derivation(longest.derivation) in everything  # or tiny


@pytest.mark.parametrize(("size", "games"), [(3, 36), (4, 48), (5, 60)])
def test_a_full_list_fits_one_page_at_a_3_and_a_4_table_and_two_at_a_5_table(
    size: int, games: int, four_table: Table, three_table: Table, five_table: Table
) -> None:
    table = {3: three_table, 4: four_table, 5: five_table}[size]
    fill(table, games)
    pages, text = print_table(table)

    assert pages == (2 if size == 5 else 1)  # 60 rows of at least 3.4 mm: two pages
    assert f"{size}er-Tisch · {games} Spiele" in text
    assert "nicht geprüft" in text  # complete, but nobody has signed it yet
    last = max(running_totals(table))
    assert game_line(text, last).endswith(formatting.number(running_totals(table)[last]))


def test_a_five_table_explains_the_shading_of_dealer_and_sitter(five_table: Table) -> None:
    _, text = print_table(five_table)

    assert "Grau: Geber (setzt aus), hellgrau: setzt aus" in flat(text)


def test_a_checked_list_says_who_checked_it_and_when(
    four_table: Table, spielwart: User, checker: User
) -> None:
    fill(four_table, 48)
    check_table(table=four_table, user=checker, confirm=True)
    _, text = print_table(four_table)

    assert re.search(r"geprüft von pruefer am \d\d\.\d\d\.\d{4}", text)


def test_a_list_entered_as_totals_prints_its_sums_in_the_foot(
    three_table: Table, players: dict[str, Player]
) -> None:
    lines = [
        TotalLine(players["emil"], 540, 9, 1),
        TotalLine(players["frieda"], 210, 4, 2),
        TotalLine(players["gerd"], -60, 3, 3),
    ]
    record_totals(table=three_table, lines=lines)
    _, text = print_table(three_table)

    scores = table_scores(Ruleset.ISKO, 3, [(540, 9, 1), (210, 4, 2), (-60, 3, 3)])
    assert "als Summen von der Papierliste erfasst" in text
    wertung = next(line for line in text.splitlines() if line.startswith("Wertungspunkte"))
    assert wertung.split()[-3:] == [formatting.number(s) for s in scores.seeger_fabian]


def test_all_tables_of_a_round_print_in_order_with_page_numbers(
    four_table: Table, three_table: Table
) -> None:
    fill(four_table, 8)
    found = printout("score_sheet", four_table.round.event, round_number=1)
    pages, text = pdf_text(pdf.render_printout(found))

    assert pages == 2
    assert text.index("Spielliste · Serie 1 · Tisch 1") < text.index(
        "Spielliste · Serie 1 · Tisch 2"
    )
    assert "Seite 1 von 2" in text and "Seite 2 von 2" in text
    assert found.filename == "spielliste-2026-11-20-preisskat-serie-1-alle-tische.pdf"


def test_a_print_run_split_over_two_processes_keeps_order_and_page_numbers(
    four_table: Table, three_table: Table, five_table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill(three_table, 6)
    monkeypatch.setattr(pdf, "PARALLEL_MIN_PAGES", 1)
    found = printout("score_sheet", four_table.round.event, round_number=1)
    data = pdf.render_printout(found, workers=2)
    pages, text = pdf_text(data)

    assert pages == 4  # the 5-table's list takes two
    positions = [text.index(f"Spielliste · Serie 1 · Tisch {n}") for n in (1, 2, 3)]
    assert positions == sorted(positions)
    for page in (1, 2, 3, 4):
        assert f"Seite {page} von 4" in text
    assert shows_name(data, "Emil Ernst") and shows_name(data, "Hanna Hahn")


def test_a_ramsch_prints_its_line_derivation_and_everyones_new_total(
    event: Event, four_table: Table
) -> None:
    from scoring.notation import parse_ramsch
    from skatclub.club.services.house_rules import record_ramsch

    event.house_ramsch = True
    event.save()
    fill(four_table, 2)
    record_ramsch(table=four_table, number=3, deal=parse_ramsch("R 4:65 1:55 2:0 s1 j2"))
    _, text = print_table(four_table)

    game = Game.objects.get(table=four_table, number=3)
    assert game.notation in flat(text)
    assert compact_derivation(game.derivation) == "R × 4 (s1 j2): P4 65 = −260"
    assert "R × 4 (s1 j2): P4 65 = −260" in game_line(text, 3)
    # Its Spielpunkte: what it costs (Dieter his 65 Augen × 4), then every player's stand.
    stands = " ".join(
        formatting.number(s.list_score) for s in four_table.seats.order_by("position")
    )
    assert game_line(text, 3).endswith(f"−260 {stands}")


def whole(text: str) -> int:
    """A number as printed: "−1.234" -> -1234."""
    return int(text.replace(".", "").replace("−", "-"))


@pytest.mark.parametrize("scoring", ["loser_only", "everyone_minus_own"])
def test_the_control_sum_holds_with_ramsch_and_bock(
    event: Event, four_table: Table, scoring: Any
) -> None:
    """The Spielpunkte column shows what a Ramsch costs everyone, so "Summe der Spalte"
    equals the sum of the players' stands (issue 28: +8137 against 7617 before)."""
    from scoring.notation import parse_ramsch
    from skatclub.club.services.house_rules import record_ramsch

    event.house_ramsch, event.house_bock, event.ramsch_scoring = True, True, scoring
    event.save()
    fill(four_table, 12, ["Kr m2 H S", "Gr m1 B", "Pi m1 r23 v", "Gr o1 B2 v", None, "Null"])
    for number in (13, 17):
        first, second, third = playing_positions(4, number)
        deal = parse_ramsch(f"R {first}:65 {second}:55 {third}:0 s1 j{third}")
        record_ramsch(table=four_table, number=number, deal=deal)
    for number in range(14, 17):  # a Bock round
        declaration, outcome = parse_notation("He m1 B")
        record_game(
            table=four_table,
            number=number,
            declarer=four_table.seats.get(position=playing_positions(4, number)[0]).player,
            declaration=declaration,
            outcome=outcome,
        )
    _, text = print_table(four_table)

    foot = next(line for line in text.splitlines() if line.startswith("Spielpunkte (Σ"))
    column, *stands = [whole(token) for token in foot.split()[-5:]]
    assert stands == [s.list_score for s in four_table.seats.order_by("position")]
    assert column == sum(stands) != 0
