"""Issue 28: every printout readable at arm's length and honest on every page, with nasty data.

One club with a 72-character name, players with 40-character names (umlauts, hyphens, CJK, a
single 40-letter word), an event with Kontra/Re, Bock and Ramsch whose Serie has a 3-, a 4-
and a 5-table (60 games) of every game kind, none of them checked; a league Spieltag and an
Offiziersskat match with such names. Every printout is rendered once (the data is built in a
transaction rolled back at the end of the module) and read back with pdfplumber, which gives
each character with its size, font and box. Each printout must show

- no character under 8 pt (data), names at 9 pt or more, heads at 10 pt or more, its status
  at 10 pt or more in bold on every page;
- no two text boxes on top of each other;
- no "…" after or before a letter or digit (a cut name, number or status);
- every name and every game line.
"""

from __future__ import annotations

import datetime
import io
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from scoring import parse_notation, playing_positions
from scoring.notation import parse_ramsch
from skatclub.club.leagues import setup
from skatclub.club.leagues.models import Matchday
from skatclub.club.models import Attendance, Club, Event, Game, Player, Round, Season, Table
from skatclub.club.printing import render as pdf
from skatclub.club.printing.kasse import kassenbericht_printout
from skatclub.club.printing.match import match_printout
from skatclub.club.printing.printouts import Printout, printout
from skatclub.club.printing.prizes import gewinnplan_printout
from skatclub.club.printing.spielbericht import spielbericht_printout
from skatclub.club.printing.startkarten import startkarten_printout
from skatclub.club.queries.progress import status_text, table_progress, tables_of
from skatclub.club.services import TotalLine, prizes, record_game, record_totals
from skatclub.club.services.house_rules import record_ramsch
from skatclub.club.services.offiziersskat import create_match, record_match_game
from tests.helpers.factories import make_table
from tests.helpers.pdf import BROKEN, name_columns

pdfplumber = pytest.importorskip("pdfplumber")
pytestmark = pytest.mark.django_db

DATA_PT, NAME_PT, HEAD_PT, STATUS_PT = 8.0, 9.0, 10.0, 10.0
CLUB_NAME = "Skatfreunde Grün-Weiß Altenburg-Großenhain 1921 e. V., Abteilung Preissk"
EVENT_NAME = "Preisskat-Turnier um den Wanderpokal der Ober-Ümmelsbacher Sparkasse"
NAMES = [
    "Hans-Joachim Müller-Lüdenscheidt von Obe",
    "Eva-Maria Schulze-Brinkmann-Oberländerin",
    "Maximiliane Sophie Freifrau von Ärmelsee",
    "李小龍 Bruce Lee von Hongkong-Kowloon-Mitte",
    "Åsa Øster-Ähnlich aus Großenhain am Deic",
    "Donaudampfschifffahrtsgesellschaftskapit",  # one word, no place to break
    "Zoë Ännchen Überall-Weißenfels-Straßburg",
    "Jürgen-Ötzi Fußgänger-Käßmann zu Hüttenö",
    "Ännchen von Tharau-Großkopf-Schäferhöfer",
    "Björn Þórsson-Ærøskøbing-Łódź-Gröningers",
    "Karl-Heinz Rößler-Bärwald von Schönebeck",
    "Zoë Zander-Ziegenhals von Zwickau-Zöblit",
    "山田太郎 Yamada-Tarō von Ōsaka-Kyōto-Kōbe-Hb",
    "Gisela Straßenbahn-Schaffnerin-Hüttenröd",
]
TEAM_NAMES = [
    "Skatfreunde Ober-Ümmelsbach-Großenhain I",
    "Kreuz-Bube Weißenfels-Straßburg 1950 II",
    "Grand-Hand-Gemeinschaft Köln-Mülheim III",
]
# Every kind of game (None: eingepasst, "R": a Ramsch of the three who play).
GAMES: list[str | None] = [
    "Kr m2 H S",
    "Gr o1 v",
    "Pi m1 r23 v",  # überreizt
    None,
    "He m1 v",
    "Null",
    "Null ouv",
    "Null ouv H",
    "R",
    "Null H v",
    "Ka o2 S",
    "Gr m4 H ZA Z",
    "Gr o2 H SA r108 v S",
    "Kr m4 H ZA r120 K Re B2 v",  # Kontra, Re and two Bock
    "Null ouv H K Re v",
    "Ka o1 a87",
    "Gr m1 K",
    "He o3 H r36 a75 t6",
    "Gr m1 B",
    "Pi m1 aufg",
    "Kr m1 ouv",
    "Gr o4 H SA ZA K Re B2",
]


@dataclass
class Printed:
    """A rendered printout and what it must show."""

    pdf: bytes
    statuses: list[str] | dict[str, str]  # one for every page, or per "Tisch n" on the page
    heads: list[str]
    names: list[str] = field(default_factory=list)
    lines: list[list[tuple[str, ...]]] = field(default_factory=list)  # pieces, alternatives
    in_full: list[tuple[str, ...]] = field(default_factory=list)  # each somewhere, a form of it


# --- the nasty club ---------------------------------------------------------------------------


def _player(index: int, name: str) -> Player:
    assert len(name) == 40, name
    return Player.objects.create(key=f"nasty-{index}", name=name)


def _play(table: Table, count: int) -> None:
    seats = {s.position: s.player for s in table.seats.select_related("player")}
    size = len(seats)
    for number in range(1, count + 1):
        notation = GAMES[(number + table.number) % len(GAMES)]
        playing = playing_positions(size, number)
        if notation is None:
            record_game(table=table, number=number, declarer=None, declaration=None, outcome=None)
        elif notation == "R":
            first, second, third = playing
            deal = parse_ramsch(f"R {first}:65 {second}:55 {third}:0 s1 j{third}")
            record_ramsch(table=table, number=number, deal=deal)
        else:
            declaration, outcome = parse_notation(notation)
            record_game(
                table=table,
                number=number,
                declarer=seats[playing[number % 3]],
                declaration=declaration,
                outcome=outcome,
            )


def _event(players: list[Player]) -> Event:
    Club.objects.update(name=CLUB_NAME)
    season = Season.objects.create(year=2031)
    event = Event.objects.create(
        key="nasty",
        name=EVENT_NAME,
        date=datetime.date(2031, 11, 20),
        season=season,
        house_kontra=True,
        house_bock=True,
        house_ramsch=True,
        ramsch_scoring="everyone_minus_own",
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
        kind="tournament",
        entry_fee_cents=1000,
    )
    for index, player in enumerate(players):
        free = index % 5 == 4
        Attendance.objects.create(
            event=event,
            player=player,
            fee_cents=0 if free else 1000,
            rate="free" if free else "full",
            paid=index % 2 == 0,
        )
    plan = prizes.plan_of(event)
    prizes.add_rule(plan=plan, category="all", first=1, last=1, percent_value=Decimal("40"))
    prizes.add_rule(plan=plan, category="all", first=2, last=4, percent_value=Decimal("10"))
    prizes.add_rule(plan=plan, category="women", first=1, last=1, item="Skatbuch mit Widmung")
    return event


def _rounds(event: Event, players: list[Player]) -> None:
    first = Round.objects.create(event=event, number=1, seed="4711-ömß")
    four = make_table(first, 1, players[0:4])
    five = make_table(first, 2, players[4:9])
    three = make_table(first, 3, players[9:12])
    _play(four, 48)
    _play(five, 45)  # vorläufig
    _play(three, 36)
    second = Round.objects.create(event=event, number=2)
    _play(make_table(second, 1, [players[i] for i in (11, 5, 2, 8)]), 10)
    _play(make_table(second, 2, [players[i] for i in (0, 9, 4)]), 6)


def _league(players: list[Player]) -> Matchday:
    teams_text = "\n".join(
        f"{name}: {', '.join(p.key for p in players[i * 4 : i * 4 + 4])}"
        for i, name in enumerate(TEAM_NAMES)
    )
    division = setup.create_league(
        name="Landesliga Nord-Ost Sachsen-Anhalt-Thüringen",
        year=2031,
        division="Staffel Süd-Großenhain",
        teams_text=teams_text,
    )
    teams = list(division.teams.order_by("pk"))
    day = setup.create_matchday(
        division=division, number=1, date=datetime.date(2031, 3, 7), teams=teams, host=teams[0]
    )
    for round in range(2):
        lineups = {team.pk: list(players[i * 4 : i * 4 + 4]) for i, team in enumerate(teams)}
        round_ = setup.seat_league_round(matchday=day, lineups=lineups)
        for table in round_.tables.all():
            lines = [
                TotalLine(s.player, 30 * (s.position + round), s.position + round, 1)
                for s in table.seats.select_related("player")
            ]
            record_totals(table=table, lines=lines)
    return day


def _match(players: list[Player]) -> tuple[Any, list[str]]:
    match = create_match(
        first=players[0], second=players[3], variant="standard", date=datetime.date(2031, 2, 1)
    )
    lines = ["Kr m2 a75", "Gr o1 a40", "Kr o1 a61", "He m1 a70", "Pi o2 a91", "Ka m1 a31"] * 4
    for number, line in enumerate(lines, start=1):
        record_match_game(match=match, number=number, line=line)
    return match, lines


# --- what each printout must show ---------------------------------------------------------------


def _render(found: Printout) -> bytes:
    return pdf.render_printout(found, workers=1)


def _derivations(derivation: str) -> tuple[str, ...]:
    """The derivation as it may stand in its cell: in full, compact, or as a note's number."""
    try:
        from skatclub.club.printing.compact import (
            compact_derivation,
            derivation_text,
            tiny_derivation,
        )
    except ImportError:
        return (derivation,)
    full, short = derivation_text(derivation), compact_derivation(derivation)
    return (full, short, "→ Anm.", tiny_derivation(derivation))


def _table_statuses(event: Event, number: int) -> dict[str, str]:
    """Table number -> the status of its Spielliste (each page shows its table's)."""
    tables = Table.objects.filter(round__event=event, round__number=number)
    return {
        str(table.number): status_text(table_progress(Table.objects.filter(pk=table.pk)))
        for table in tables
    }


def _game_lines(event: Event, number: int) -> list[list[tuple[str, ...]]]:
    lines = []
    games = Game.objects.filter(table__round__event=event, table__round__number=number)
    for game in games.order_by("table__number", "number"):
        pieces: list[tuple[str, ...]] = [(str(game.number),)]
        if game.notation:
            pieces.append((game.notation, "→ Anm."))
        elif game.passed_in:
            pieces.append(("eingepasst",))
        if game.derivation and not (game.passed_in and not game.notation):
            pieces.append(_derivations(game.derivation))
        lines.append(pieces)
    return lines


def _long_texts(event: Event, number: int) -> list[tuple[str, ...]]:
    """Notations and derivations too long for a cell stand in full in a note."""
    games = Game.objects.filter(table__round__event=event, table__round__number=number)
    texts: list[tuple[str, ...]] = [(g.notation,) for g in games if len(g.notation) > 18]
    forms = [_derivations(g.derivation) for g in games if len(g.derivation) > 70]
    return texts + [(f[0], f[1], f[3]) if len(f) > 3 else f for f in forms]


def _build() -> dict[str, Printed]:
    players = [_player(i, name) for i, name in enumerate(NAMES)]
    event = _event(players)
    _rounds(event, players)
    day = _league(players)
    match, match_lines = _match(players)
    seated = [p.name for p in players[:12]]
    event_status = status_text(table_progress(tables_of(event.pk, None)))
    round_status = status_text(table_progress(tables_of(event.pk, 1)))
    sheets = printout("score_sheet", event, round_number=1)
    printed = {
        "spielliste": Printed(
            _render(sheets),
            _table_statuses(event, 1),
            ["Spielliste"],
            seated,
            _game_lines(event, 1),
            _long_texts(event, 1),
        ),
        "spielliste-blanko": Printed(
            _render(printout("blank_sheet", event, round_number=1)),
            _table_statuses(event, 1),
            ["Serie", "Tisch"],
            seated,
            [[(str(n),)] for n in range(1, 61)],
        ),
        "ergebnis": Printed(
            _render(printout("results", event)), [event_status], ["Gesamtergebnis"], seated
        ),
        "ergebnis-serie": Printed(
            _render(printout("results", event, round_number=1)),
            [round_status],
            ["Ergebnis Serie 1"],
            seated,
        ),
        "abrechnung": Printed(
            _render(printout("settlement", event)), [event_status], ["Abrechnung"], seated
        ),
        "tischliste": Printed(
            _render(printout("seating", event, round_number=1)),
            [round_status],
            ["Tischliste Serie 1"],
            seated,
        ),
        "kassenbericht": Printed(
            _render(kassenbericht_printout(event)), [event_status], ["Kassenbericht"], seated
        ),
    }
    plan = gewinnplan_printout(event)
    printed["gewinnplan"] = Printed(_render(plan), [plan.context.get("status", "")], ["Gewinnplan"])
    cards = startkarten_printout(event)
    printed["startkarten"] = Printed(
        _render(cards), [cards.context.get("status", "")], [], [p.name for p in players]
    )
    report = spielbericht_printout(day)
    printed["spielbericht"] = Printed(
        _render(report),
        [report.context.get("status", "")],
        ["Spielbericht"],
        [*seated, *TEAM_NAMES],
    )
    sheet = match_printout(match)
    printed["offiziersskat"] = Printed(
        _render(sheet),
        [sheet.context.get("status", "")],
        ["Offiziersskat"],
        [players[0].name, players[3].name],
        [[(str(n),), (line.split(" ")[0],)] for n, line in enumerate(match_lines, start=1)],
    )
    return printed


@pytest.fixture(scope="module")
def printed(django_db_setup: None, django_db_blocker: Any) -> Iterator[dict[str, Printed]]:
    """PRINT_SCALE_DIR=/tmp/x keeps each PDF for a look (pdftoppm) and for measuring."""
    with django_db_blocker.unblock():
        atomic = transaction.atomic()
        atomic.__enter__()
        try:
            found = _build()
            folder = os.environ.get("PRINT_SCALE_DIR")
            if folder:
                Path(folder).mkdir(parents=True, exist_ok=True)
                for kind, one in found.items():
                    (Path(folder) / f"{kind}.pdf").write_bytes(one.pdf)
            yield found
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)


# --- reading the PDF back -----------------------------------------------------------------------

PRINTOUTS = [
    "spielliste",
    "spielliste-blanko",
    "ergebnis",
    "ergebnis-serie",
    "abrechnung",
    "tischliste",
    "kassenbericht",
    "gewinnplan",
    "startkarten",
    "spielbericht",
    "offiziersskat",
]


def squeezed(text: str) -> str:
    return "".join(text.split())


def pages_of(data: bytes) -> list[Any]:
    assert data.startswith(b"%PDF-")
    return list(pdfplumber.open(io.BytesIO(data)).pages)


def visible(page: Any) -> list[dict[str, Any]]:
    return [c for c in page.chars if c["text"].strip()]


def runs(page: Any, text: str) -> list[list[dict[str, Any]]]:
    """The characters of each place where `text` stands on the page (whitespace and line
    breaks ignored; characters in the order they are drawn)."""
    chars = [c for c in visible(page) if c["text"] != BROKEN]  # a broken word's hyphen
    stream = "".join(c["text"] for c in chars)
    wanted = squeezed(text)
    return [
        chars[m.start() : m.start() + len(wanted)] for m in re.finditer(re.escape(wanted), stream)
    ]


def column_runs(page: Any, text: str) -> list[list[dict[str, Any]]]:
    """Like `runs`, inside each column under a row of "Platz n" labels (names over a list's
    columns)."""
    return [run for box in name_columns(page) for run in runs(page.within_bbox(box), text)]


def name_places(page: Any, name: str) -> list[list[dict[str, Any]]]:
    return runs(page, name) or column_runs(page, name)


def text_lines(page: Any) -> list[str]:
    text = page.extract_text() or ""
    return [re.sub(r"\s+", " ", line).strip() for line in text.splitlines()]


def has_line(lines: list[str], pieces: list[tuple[str, ...]]) -> bool:
    """A line that starts with the first piece and has the others in order (each piece one of
    its alternatives)."""
    for line in lines:
        if not line.startswith(pieces[0][0] + " ") and line != pieces[0][0]:
            continue
        rest = line[len(pieces[0][0]) :]
        for alternatives in pieces[1:]:
            hit = min((rest.find(a) for a in alternatives if a in rest), default=-1)
            if hit < 0:
                break
            rest = rest[hit:]
        else:
            return True
    return False


def status_of(found: Printed, page: Any) -> str:
    if isinstance(found.statuses, list):
        return found.statuses[0]
    table = re.search(r"Tisch\s*(\d+)", page.extract_text() or "")
    assert table, "a Spielliste page without its table"
    return found.statuses[table[1]]


def overlaps(chars: list[dict[str, Any]]) -> list[str]:
    """Pairs of characters whose boxes overlap (by more than 0.5 pt each way)."""
    found = []
    ordered = sorted(chars, key=lambda c: c["top"])
    for index, a in enumerate(ordered):
        for b in ordered[index + 1 :]:
            if b["top"] >= a["bottom"] - 0.5:
                break
            wide = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
            high = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
            if wide > 0.5 and high > 0.5:
                found.append(f"{a['text']!r}@{a['x0']:.0f},{a['top']:.0f} {b['text']!r}")
    return found


# --- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_no_character_is_under_8_pt(printed: dict[str, Printed], kind: str) -> None:
    for number, page in enumerate(pages_of(printed[kind].pdf), start=1):
        small = [c for c in visible(page) if c["size"] < DATA_PT - 0.05]
        sample = "".join(c["text"] for c in small[:60])
        assert not small, f"page {number}: {len(small)} characters under 8 pt: {sample}"


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_every_name_is_there_in_full_at_9_pt_or_more(
    printed: dict[str, Printed], kind: str
) -> None:
    pages = pages_of(printed[kind].pdf)
    for name in printed[kind].names:
        places = [run for page in pages for run in name_places(page, name)]
        assert places, f"{name!r} is nowhere in full"
        for run in places:
            sizes = {round(c["size"], 1) for c in run}
            assert min(sizes) >= NAME_PT - 0.05, f"{name!r} at {sorted(sizes)} pt"


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_the_status_stands_on_every_page_at_10_pt_bold(
    printed: dict[str, Printed], kind: str
) -> None:
    pages = pages_of(printed[kind].pdf)
    for number, page in enumerate(pages, start=1):
        status = status_of(printed[kind], page)
        assert status, "a printout without a status"
        places = runs(page, status)
        assert places, f"page {number}: status {status!r} missing"
        assert any(
            min(c["size"] for c in run) >= STATUS_PT - 0.05
            and all("Bold" in c["fontname"] for c in run)
            for run in places
        ), f"page {number}: status {status!r} not at 10 pt bold"


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_the_heads_are_10_pt_or_more(printed: dict[str, Printed], kind: str) -> None:
    first = pages_of(printed[kind].pdf)[0]
    for head in printed[kind].heads:
        places = runs(first, head)
        assert any(min(c["size"] for c in run) >= HEAD_PT - 0.05 for run in places), head


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_no_text_is_cut_with_an_ellipsis(printed: dict[str, Printed], kind: str) -> None:
    for number, page in enumerate(pages_of(printed[kind].pdf), start=1):
        text = page.extract_text() or ""
        assert not re.search(r"\w…|…\w", text), f"page {number}: {text!r}"


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_no_two_texts_overlap(printed: dict[str, Printed], kind: str) -> None:
    for number, page in enumerate(pages_of(printed[kind].pdf), start=1):
        found = overlaps(visible(page))
        assert not found, f"page {number}: {len(found)} overlaps, e.g. {found[:5]}"


@pytest.mark.parametrize("kind", PRINTOUTS)
def test_every_game_line_is_there(printed: dict[str, Printed], kind: str) -> None:
    lines = [line for page in pages_of(printed[kind].pdf) for line in text_lines(page)]
    missing = [pieces for pieces in printed[kind].lines if not has_line(lines, pieces)]
    assert not missing, f"{len(missing)} lines missing, e.g. {missing[:3]}"
    everything = squeezed(" ".join(lines))
    for forms in printed[kind].in_full:
        assert any(squeezed(f) in everything for f in forms), f"{forms[0]!r} nowhere (a note?)"
