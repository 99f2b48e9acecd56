"""The Spielbericht of a Spieltag (`printing/spielbericht.py`, URL `league-report-pdf`): the
numbers are those worked by hand in `test_league_day.py`, read back from the PDF with pypdf.
"""

from __future__ import annotations

import datetime
import os
import time
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from skatclub.club.leagues import setup
from skatclub.club.leagues.models import Division, Matchday
from skatclub.club.models import Event, Player, Signature
from skatclub.club.printing import render as pdf
from skatclub.club.printing.spielbericht import spielbericht_printout
from tests.helpers.leagues import KEYS, WON_2, enter_totals, play, players, team
from tests.helpers.pdf import flat, pdf_text

URL = "/liga/landesliga-2026/staffel-1/spieltag/{}/spielbericht.pdf"


def squeezed(text: str) -> str:
    """Without any whitespace: a name wrapped at a space or a hyphen reads as one again."""
    return "".join(text.split())


def download(client: Client, number: int = 1) -> tuple[int, str]:
    response = client.get(URL.format(number))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    filename = f"spielbericht-landesliga-2026-staffel-1-spieltag-{number}.pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    keep(response.content)
    return pdf_text(response.content)


def keep(content: bytes) -> None:
    """SPIELBERICHT_DIR=/tmp/x keeps each test's PDF for a look (pdftoppm), named after it."""
    folder = os.environ.get("SPIELBERICHT_DIR")
    if folder:
        test = os.environ["PYTEST_CURRENT_TEST"].split("::")[-1].split(" ")[0]
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / f"{test.removeprefix('test_')[:60]}.pdf").write_bytes(content)


def test_the_spielbericht_shows_teams_players_points_and_derivation(
    client: Client, first_day: Matchday
) -> None:
    pages, text = download(client)
    flat_text = flat(text)
    assert pages <= 2
    assert "Spielbericht" in text and "Landesliga 2026" in text and "Staffel 1" in text
    assert "1. Spieltag" in text and "07.03.2026" in text and "Ausrichter Team A" in flat_text
    for letter in "ABCD":
        assert f"Team {letter}" in text
    # Every player's Seeger-Fabian score in every Serie: 80 per won game (see WON_1).
    assert "Spieler A1 320" in text and "Spieler D3 160" in text  # Serie 1
    assert "Spieler D1 320" in text and "Spieler A4 80" in text  # Serie 2
    assert "Spieler A5 160" in text and "Spieler C1 240" in text  # Serie 3
    # Serie 1: B and C share places 2-3 with 640 each.
    assert "Serie 1: 640 Spielpunkte, Platz 2–3 geteilt → 1½ Wertungspunkte" in flat_text
    assert "Serie 2: 960 Spielpunkte, Platz 1 von 4 → 3 Wertungspunkte" in flat_text
    # The Spieltag: C 5½:3½, A 5:4, D 4:5, B 3½:5½ with the derivation.
    assert "1. Team C 5½:3½ 1½ + 1 + 3 = 5½ Wertungspunkte" in flat_text
    assert "2. Team A 5:4 3 + 0 + 2 = 5 Wertungspunkte; 800 + 400 + 640 = 1.840 Spielpunkte" in (
        flat_text
    )
    assert "4. Team B 3½:5½" in flat_text
    # The Wechselliste: a5 came in for a4 in Serie 3.
    assert "3 Team A Spieler A4 Spieler A5" in text
    # Signatures: each captain (the first of the line-up) and the Spielleiter, place and date.
    for letter in "ABCD":
        assert f"Mannschaftsführer Team {letter}\nSpieler {letter}1" in text
    assert "Spielleiter" in text and "Ort" in text and "Datum" in text
    assert "vorläufig" not in text.lower()


def test_an_open_round_makes_the_spielbericht_vorlaeufig(
    client: Client, first_day: Matchday
) -> None:
    division = first_day.division
    lineups = {team(division, t).pk: players(*KEYS[t][:4]) for t in "ABCD"}
    setup.seat_league_round(matchday=first_day, lineups=lineups)  # Serie 4, nothing entered

    _, text = download(client)

    assert "VORLÄUFIG" in text
    assert "Serie 4 noch nicht an allen Tischen erfasst" in flat(text)
    assert "Serie 4\nnoch offen" in text
    # The three complete Serien still count.
    assert "2. Team A 5:4" in flat(text)


def test_a_team_that_did_not_come_is_marked(
    client: Client, division: Division, first_day: Matchday
) -> None:
    teams = [team(division, t) for t in "ABCD"]
    day = setup.create_matchday(
        division=division, number=2, date=datetime.date(2026, 4, 11), teams=teams, absent=[teams[1]]
    )
    play(day, {"A": ["a1", "a2", "a3"], "C": ["c1", "c2", "c3"], "D": KEYS["D"]}, WON_2)

    _, text = download(client, 2)

    flat_text = flat(text)
    assert "Team B (nicht angetreten)" in flat_text
    assert "Serie 1: nicht angetreten → 0 Wertungspunkte, 0 Spielpunkte" in flat_text
    assert "Mannschaftsführer Team B" not in text  # no captain to sign for a team not there


def test_a_spieltag_before_its_first_round_prints_vorlaeufig(
    client: Client, division: Division
) -> None:
    teams = [team(division, t) for t in "ABCD"]
    setup.create_matchday(
        division=division, number=1, date=datetime.date(2026, 3, 7), teams=teams, host=teams[0]
    )

    _, text = download(client)

    assert "VORLÄUFIG – noch keine Serie gespielt" in flat(text)
    assert "Mannschaftsführer Team D" in text


@pytest.mark.parametrize(
    "url",
    [
        URL.format(9),
        "/liga/landesliga-2026/staffel-2/spieltag/1/spielbericht.pdf",
        "/liga/gibt-es-nicht/staffel-1/spieltag/1/spielbericht.pdf",
    ],
)
def test_an_unknown_spieltag_is_404(client: Client, first_day: Matchday, url: str) -> None:
    assert client.get(url).status_code == 404


def test_the_spielbericht_is_read_only(client: Client, first_day: Matchday) -> None:
    assert client.post(URL.format(1)).status_code == 405


def test_the_same_spielbericht_shows_as_html(client: Client, first_day: Matchday) -> None:
    response = client.get(URL.format(1) + "?html=1")
    assert response.status_code == 200
    assert "Wechselliste" in response.content.decode()


def forty(text: str) -> str:
    assert len(text) == 40, (len(text), text)
    return text


@pytest.fixture
def long_names(db: None) -> Matchday:
    """Four teams of four with 40-character names full of umlauts, three Serien."""
    lines, won = [], {}
    for t in range(1, 5):
        keys = []
        for p in range(1, 5):
            key = f"l{t}{p}"
            name = forty(f"Jürgen-Björn Äußerlich-Überschär von {t}{p:02d}")
            Player.objects.create(key=key, name=name)
            keys.append(key)
            won[key] = t + p
        lines.append(
            f"{forty(f'Spielgemeinschaft Äußere Übelhöhe-Süd {t:02d}')}: {', '.join(keys)}"
        )
    division = setup.create_league(
        name="Landesliga", year=2026, division="Staffel 1", teams_text="\n".join(lines)
    )
    teams = list(division.teams.order_by("name"))
    day = setup.create_matchday(
        division=division, number=1, date=datetime.date(2026, 3, 7), teams=teams, host=teams[0]
    )
    for _ in range(3):
        lineups = {t.pk: [tp.player for tp in t.roster.select_related("player")] for t in teams}
        enter_totals(setup.seat_league_round(matchday=day, lineups=lineups), won)
    return day


def test_forty_character_names_wrap_on_at_most_two_pages(long_names: Matchday) -> None:
    started = time.perf_counter()
    content = pdf.render_printout(spielbericht_printout(long_names))
    seconds = time.perf_counter() - started
    keep(content)
    pages, text = pdf_text(content)

    assert pages <= 2, pages
    names = [t.name for t in long_names.division.teams.all()]
    names += list(Player.objects.filter(key__startswith="l").values_list("name", flat=True))
    assert len(names) == 20
    squeezed_text = squeezed(text)
    for name in names:
        assert squeezed(name) in squeezed_text, name
    assert seconds < 30  # a generous bound; the measured time is in the commit message


def test_print_pdf_writes_the_spielbericht_of_a_spieltag_s_event(
    first_day: Matchday, tmp_path: Path
) -> None:
    output = tmp_path / "bericht.pdf"
    call_command("print_pdf", "spielbericht", "--event", first_day.event.key, "-o", str(output))
    _, text = pdf_text(output.read_bytes())
    assert "Spielbericht" in text and "Mannschaftsführer Team A" in text


def test_print_pdf_refuses_a_spielbericht_of_an_ordinary_event(
    first_day: Matchday, tmp_path: Path
) -> None:
    event = Event.objects.create(
        key="abend", name="Abend", date=first_day.date, season=first_day.event.season
    )
    with pytest.raises(CommandError, match="„abend“ ist kein Spieltag einer Liga"):
        call_command("print_pdf", "spielbericht", "--event", event.key, "-o", str(tmp_path / "x"))


def test_the_spielbericht_says_how_each_table_signed_its_list_at_the_table(
    client: Client, first_day: Matchday
) -> None:
    table = first_day.event.rounds.get(number=1).tables.get(number=1)
    first, second = [s.player for s in table.seats.order_by("position")[:2]]
    Signature.objects.create(table=table, player=first, way=Signature.Way.OWN_PHONE)
    Signature.objects.create(table=table, player=second, confirmed_by=["X", "Y", "Z"])
    _, text = download(client)
    flat_text = flat(text)
    assert "Am Tisch unterschrieben" in flat_text
    assert (
        f"Serie 1, Tisch 1 {first.name}: eigenes Handy; {second.name}: Tischhandy, bestätigt"
        in flat_text
    )
