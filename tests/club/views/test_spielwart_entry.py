"""Entering a table game by game: typed lines, the field form, errors, the sheet partial."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from scoring import Ruleset, ScoringError, parse_notation, playing_positions, valuation
from skatclub.club import services
from skatclub.club.models import Change, Game, Table

URL = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/"
URL_3 = "/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/2/"


def list_score(notation: str) -> int:
    return valuation(*parse_notation(notation), Ruleset.ISKO).list_score


def engine_error(notation: str) -> ScoringError:
    with pytest.raises(ScoringError) as error:
        valuation(*parse_notation(notation), Ruleset.ISKO)
    return error.value


def test_a_typed_line_is_saved_and_redirects_to_the_sheet(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"line": "2 Kr m2 H S"})
    assert response.status_code == 302
    assert response["Location"] == URL + "#eingabe"
    game = Game.objects.get(table=four_table, number=1)
    assert game.declarer is not None and game.declarer.key == "bernd"
    assert game.notation == "Kr m2 H S"
    assert game.list_score == list_score("Kr m2 H S")


def test_the_sheet_shows_value_derivation_and_running_totals(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(URL, {"line": "2 Kr m2 H S"})
    spielwart_client.post(URL, {"line": "3 Gr o1 v"})
    spielwart_client.post(URL, {"line": "4 Kr m2 H S"})
    page = spielwart_client.get(URL).content.decode()
    first = valuation(*parse_notation("Kr m2 H S"), Ruleset.ISKO)
    assert escape(first.derivation) in page
    # Bernd (seat 2) won game 1 and sits out nothing else: his running total stays first.list_score.
    assert f'<td class="total declarer">{first.list_score}</td>' in page
    assert f'<td class="total declarer">{list_score("Gr o1 v")}</td>' in page


def test_the_dealer_and_the_sitting_player_move_on(
    spielwart_client: Client, four_table: Table
) -> None:
    first = spielwart_client.get(URL).content.decode()
    assert "Spiel 1 von 48 · Geber: Platz 1 (Anna Albers)" in first
    spielwart_client.post(URL, {"line": "p"})
    second = spielwart_client.get(URL).content.decode()
    assert "Spiel 2 von 48 · Geber: Platz 2 (Bernd Brandt)" in second
    assert "sitzt aus: Platz 2 (Bernd Brandt)" in second


def test_p_records_an_eingepasst_game(spielwart_client: Client, four_table: Table) -> None:
    spielwart_client.post(URL, {"line": "p"})
    game = Game.objects.get(table=four_table, number=1)
    assert game.passed_in and game.declarer is None and game.list_score == 0


def test_it_refuses_a_sitting_declarer_and_keeps_the_typed_text(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"line": "1 Kr m2", "number": "1"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "Platz 1 gibt bei Spiel 1 und kann nicht Alleinspieler sein." in page
    assert 'value="1 Kr m2"' in page
    assert not Game.objects.exists()


def test_it_refuses_an_impossible_game(spielwart_client: Client, four_table: Table) -> None:
    expected = engine_error("Kr m2 a1")  # 1 Auge cannot be taken (docs/rules.md §2)
    response = spielwart_client.post(URL, {"line": "2 Kr m2 a1"})
    assert response.status_code == 422
    assert escape(expected.message) in response.content.decode()
    assert 'value="2 Kr m2 a1"' in response.content.decode()
    assert not Game.objects.exists()


def test_it_refuses_an_illegal_bid(spielwart_client: Client, four_table: Table) -> None:
    expected = engine_error("Kr m2 r19")
    assert expected.code == "illegal_bid"
    response = spielwart_client.post(URL, {"line": "2 Kr m2 r19"})
    assert response.status_code == 422
    assert escape(expected.message) in response.content.decode()
    assert not Game.objects.exists()


def test_it_refuses_an_unreadable_line(spielwart_client: Client, four_table: Table) -> None:
    response = spielwart_client.post(URL, {"line": "Kr m2"})
    assert response.status_code == 422
    assert "Die Zeile beginnt mit dem Platz des Alleinspielers" in response.content.decode()


def test_it_refuses_a_49th_game(spielwart_client: Client, four_table: Table) -> None:
    for number in range(1, 49):
        services.record_game(
            table=four_table, number=number, declarer=None, declaration=None, outcome=None
        )
    response = spielwart_client.post(URL, {"line": "p", "number": "49"})
    page = response.content.decode()
    assert response.status_code == 422
    assert "Spiel 49 gibt es nicht" in page
    assert "höchstens 48 Spiele" in page
    assert Game.objects.filter(table=four_table).count() == 48


def test_a_game_without_its_number_for_a_complete_list_is_refused_as_at_the_table(
    spielwart_client: Client, four_table: Table
) -> None:
    """The entry page once offered game 49 of a 48-game list; now it says what the table
    link says (the read model has no next game for a complete list)."""
    for number in range(1, 49):
        services.record_game(
            table=four_table, number=number, declarer=None, declaration=None, outcome=None
        )
    line = spielwart_client.post(URL, {"line": "p"})
    form = spielwart_client.post(URL, {"type": "passed"})
    for response in (line, form):
        assert response.status_code == 422
        assert "Die Serie ist vollständig; es fehlt kein Spiel mehr." in response.content.decode()
    assert 'value="p"' in line.content.decode()  # what was typed stays
    assert Game.objects.filter(table=four_table).count() == 48


def test_a_3_table_has_36_games_and_nobody_sits_out(
    spielwart_client: Client, three_table: Table
) -> None:
    page = spielwart_client.get(URL_3).content.decode()
    assert "Spiel 1 von 36" in page
    response = spielwart_client.post(URL_3, {"line": "1 Pi m1"})
    assert response.status_code == 302
    declarer = Game.objects.get(table=three_table).declarer
    assert declarer is not None and declarer.key == "emil"


def test_a_typed_game_at_the_end_answers_with_just_what_changed(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"line": "2 Kr m2 H S"}, HTTP_X_ENTRY_PARTIAL="1")
    saved = response.json()
    assert response.status_code == 200
    assert saved["number"] == 1
    assert saved["row"].startswith('<tr id="spiel-1"')
    assert "Spiel 2 von 48" in saved["next"] and 'name="number" value="2"' in saved["next"]
    assert saved["caption"] == "Spielliste Tisch 1 (1 von 48 Spielen)"
    assert "<html" not in saved["foot"]


def found(pattern: str, page: str, group: int, flags: int = 0) -> str:
    match = re.search(pattern, page, flags)
    assert match, pattern
    return match[group]


def fragments(page: str, number: int) -> dict[str, str]:
    """Row `number`, foot, next game and last saved line as the whole page shows them."""
    return {
        "row": found(rf'<tr id="spiel-{number}".*?</tr>\n', page, 0, re.S),
        "foot": page.split("<tfoot>\n", 1)[1].split("  </tfoot>", 1)[0].rstrip("\n") + "\n",
        "next": page.split('<div id="next-block">', 1)[1].split("</div>", 1)[0],
        "last_saved": page.split('<div id="last-saved-block">', 1)[1].split("</div>", 1)[0],
        "caption": found(r'<caption id="sheet-caption">(.*?)</caption>', page, 1),
    }


@pytest.mark.parametrize(
    "lines",
    [
        ["Kr m2 H S", "Gr o1 v", "p", "Null", "He m1 v"],
        ["Gr o4 S v", "Null ouv v", "Pi m3 H S"],
    ],
)
def test_what_a_save_answers_is_what_the_whole_page_then_shows(
    spielwart_client: Client, four_table: Table, lines: list[str]
) -> None:
    for number, game in enumerate(lines, start=1):
        seat = playing_positions(4, number)[number % 3]
        line = game if game == "p" else f"{seat} {game}"
        response = spielwart_client.post(URL, {"line": line}, HTTP_X_ENTRY_PARTIAL="1")
        assert response.status_code == 200, response.content.decode()[-300:]
        answer = response.json()
        page = spielwart_client.get(URL).content.decode()
        expected = fragments(page, number)
        assert {name: answer[name] for name in expected} == expected, line


def test_a_game_before_the_last_one_answers_with_the_whole_sheet(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(URL, {"line": "3 Kr m1", "number": "2"})
    response = spielwart_client.post(
        URL, {"line": "2 Kr m2 H S", "number": "1"}, HTTP_X_ENTRY_PARTIAL="1"
    )
    page = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert 'name="line" value=""' in page
    assert 'id="spiel-1"' in page and 'id="spiel-2"' in page
    assert "Spiel 3 von 48" in page


def test_a_fetch_error_keeps_the_line_in_the_partial(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"line": "1 Kr m2"}, HTTP_X_ENTRY_PARTIAL="1")
    assert response.status_code == 422
    assert "<html" not in response.content.decode()
    assert 'value="1 Kr m2"' in response.content.decode()


def test_the_field_form_builds_the_same_game_as_the_line(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(
        URL,
        {
            "declarer": "2",
            "type": "clubs",
            "matadors": "2",
            "hand": "on",
            "result": "won",
            "level": "schneider",
        },
    )
    assert response.status_code == 302
    game = Game.objects.get(table=four_table, number=1)
    assert game.notation == "Kr m2 H S"
    assert game.list_score == list_score("Kr m2 H S")


def test_the_field_form_records_a_lost_null_and_a_passed_game(
    spielwart_client: Client, four_table: Table
) -> None:
    spielwart_client.post(URL, {"declarer": "3", "type": "null", "result": "lost"})
    spielwart_client.post(URL, {"type": "passed"})
    games = list(Game.objects.filter(table=four_table).order_by("number"))
    assert games[0].notation == "Null v" and games[0].list_score == list_score("Null v")
    assert games[1].passed_in


def test_the_field_form_never_saves_an_eingepasst_game_by_default(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"declarer": "2", "type": "", "result": "won"})
    assert response.status_code == 422
    assert "Bitte die Spielart wählen (oder „eingepasst“)." in response.content.decode()
    assert not Game.objects.exists()


def test_the_field_form_asks_for_the_declarer(spielwart_client: Client, four_table: Table) -> None:
    response = spielwart_client.post(URL, {"type": "clubs", "matadors": "2", "result": "won"})
    assert response.status_code == 422
    assert "Bitte den Alleinspieler wählen." in response.content.decode()
    assert not Game.objects.exists()


def test_a_game_entered_meanwhile_is_a_conflict_not_an_overwrite(
    spielwart: User, checker: User, four_table: Table
) -> None:
    first, second = Client(), Client()
    first.force_login(spielwart)
    second.force_login(checker)
    # Both pages showed "Spiel 1"; the second Spielwart saves later.
    assert first.post(URL, {"line": "2 Kr m2", "number": "1"}).status_code == 302
    response = second.post(URL, {"line": "3 Gr m1", "number": "1"})
    assert response.status_code == 422
    assert "inzwischen jemand anderes erfasst" in response.content.decode()
    assert 'value="3 Gr m1"' in response.content.decode()
    assert Game.objects.get(table=four_table, number=1).notation == "Kr m2"


def test_two_spielwarte_at_different_tables_lose_nothing(
    spielwart: User, checker: User, four_table: Table, three_table: Table
) -> None:
    first, second = Client(), Client()
    first.force_login(spielwart)
    second.force_login(checker)
    for _ in range(3):  # interleaved: game n at table 1, then game n at table 2
        assert first.post(URL, {"line": "p"}).status_code == 302
        assert second.post(URL_3, {"line": "p"}).status_code == 302
    assert Game.objects.filter(table=four_table).count() == 3
    assert Game.objects.filter(table=three_table).count() == 3
    assert Change.objects.filter(action=Change.Action.CREATE).count() == 6


def test_a_totals_table_refuses_single_games(spielwart_client: Client, four_table: Table) -> None:
    four_table.entry = Table.Entry.TOTALS
    four_table.save()
    response = spielwart_client.post(URL, {"line": "p"})
    assert response.status_code == 422
    assert "Summen-Liste" in response.content.decode()
    assert not Game.objects.exists()


def test_the_field_form_takes_kontra_and_re_where_the_event_plays_them(
    spielwart_client: Client, four_table: Table
) -> None:
    fields = {"declarer": "2", "type": "clubs", "matadors": "2", "kontra": "on", "re": "on"}
    assert "Kontra</label>" not in spielwart_client.get(URL).content.decode()
    refused = spielwart_client.post(URL, {**fields, "result": "won"})
    assert refused.status_code == 422 and "Kontra/Re ist als Hausregel nicht vereinbart" in (
        refused.content.decode()
    )
    four_table.round.event.house_kontra = True
    four_table.round.event.save()
    assert "Kontra</label>" in spielwart_client.get(URL).content.decode()
    response = spielwart_client.post(URL, {**fields, "result": "won"})
    game = Game.objects.get(table=four_table, number=1)
    # Kreuz mit 2 = 36, Kontra × 2, Re × 2 = 144.
    assert response.status_code == 302
    assert (game.notation, game.list_score) == ("Kr m2 K Re", 144)


def test_a_typed_game_with_its_number_reads_the_table_once_under_its_lock(
    spielwart_client: Client, four_table: Table
) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = spielwart_client.post(
            URL, {"line": "2 Kr m2 H S", "number": "1"}, HTTP_X_ENTRY_PARTIAL="1"
        )
    assert response.status_code == 200 and response.json()["number"] == 1
    tables = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    tables = [sql for sql in tables if re.search(r'FROM "club_table"', sql)]
    assert len(tables) == 1, tables
    declarer = Game.objects.get(table=four_table, number=1).declarer
    assert declarer is not None and declarer.key == "bernd"


def test_a_typed_game_for_a_table_that_does_not_exist_is_not_found(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(
        URL.replace("tisch/1/", "tisch/9/"), {"line": "p", "number": 1}
    )
    assert response.status_code == 404
    assert not Game.objects.exists()


def test_a_refused_line_with_its_number_keeps_what_was_typed(
    spielwart_client: Client, four_table: Table
) -> None:
    response = spielwart_client.post(URL, {"line": "2 Null m1", "number": "1"})
    page = response.content.decode()
    assert response.status_code == 422
    assert 'name="line" value="2 Null m1"' in page and "Spiel 1:" in page
    assert not Game.objects.exists()


def test_a_spielwart_save_on_the_entry_page_takes_at_most_twelve_queries(
    spielwart_client: Client, four_table: Table
) -> None:
    """Issue 44: the session, the login, the club, the table under its lock with its seats,
    the numbers taken, the closing, the game, the version, the history and the seat sums;
    the answer from what the save holds (17 before, 12 at 074cb60)."""
    spielwart_client.post(URL, {"line": "2 Kr m2 H S", "number": "1"}, HTTP_X_ENTRY_PARTIAL="1")
    with CaptureQueriesContext(connection) as queries:
        response = spielwart_client.post(
            URL, {"line": "3 Pi m1 a61", "number": "2"}, HTTP_X_ENTRY_PARTIAL="1"
        )
    assert response.status_code == 200 and response.json()["number"] == 2
    statements = [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE"))
    ]
    print(f"{len(statements)} queries for a save")
    assert len(statements) <= 12, "\n".join(s[:120] for s in statements)
