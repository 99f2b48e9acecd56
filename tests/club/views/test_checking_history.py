"""Checking an imported history on /pruefen/ (issue 29): the club's lists newest first, 25 a
page, with counts and a filter by import, and every open list of an import accepted together
after a confirmation, as one decision with one history entry; the games kept "abweichend
erfasst" stay listed for review afterwards."""

from __future__ import annotations

import datetime
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from skatclub.club import services
from skatclub.club.models import (
    Change,
    Club,
    Event,
    Game,
    HistoryImport,
    Player,
    Round,
    Season,
    Table,
)
from skatclub.club.roles import PRUEFER
from skatclub.club.services.users import grant
from skatclub.club.tenancy import home_club
from tests.helpers.checking import flagged_lists, history_archive, import_history
from tests.helpers.factories import enter, make_table

pytestmark = pytest.mark.django_db

PRUEFEN = "/pruefen/"
EVENINGS = 87  # 261 lists, as the group's history in issue 29


def accept_url(record: HistoryImport) -> str:
    return f"/pruefen/import/{record.pk}/uebernehmen/"


def page_text(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def list_dates(page: str) -> list[str]:
    """The dates of the list rows, top to bottom."""
    return re.findall(r'<td data-label="Datum">([\d.]+)</td>', page)


@pytest.fixture
def history(tmp_path: Path) -> HistoryImport:
    return import_history(tmp_path, history_archive(evenings=EVENINGS))


@pytest.fixture
def checker_client(client: Client, checker: User) -> Client:
    client.force_login(checker)
    return client


def new_evening(players_needed: int = 3) -> Table:
    """A new evening after the history, entered in skatclub: one list."""
    season = Season.objects.get_or_create(year=2026)[0]
    event = Event.objects.create(
        key="2026-11-27-abend", name="Neuer Abend", date=datetime.date(2026, 11, 27), season=season
    )
    round_ = Round.objects.create(event=event, number=1)
    players = list(Player.objects.order_by("key")[:players_needed])
    return make_table(round_, 1, players)


def test_an_imported_archive_is_recorded_as_one_import_with_all_its_events(
    history: HistoryImport,
) -> None:
    assert history.kind == HistoryImport.Kind.ARCHIVE and history.name == "verein.json"
    assert Event.objects.filter(history_import=history).count() == EVENINGS
    assert Table.objects.filter(round__event__history_import=history).count() == 3 * EVENINGS
    assert Game.objects.filter(as_recorded=True).count() == flagged_lists(EVENINGS) == 23


def test_a_new_evening_after_an_imported_history_is_at_the_top_of_pruefen(
    history: HistoryImport, checker_client: Client
) -> None:
    new_evening()

    page = page_text(checker_client, PRUEFEN)

    assert list_dates(page)[0] == "27.11.2026"
    assert "Neuer Abend" in page


def test_the_lists_are_newest_first_then_by_round_and_table(
    history: HistoryImport, checker_client: Client
) -> None:
    page = page_text(checker_client, PRUEFEN)

    last = history_archive(evenings=EVENINGS)["events"][-1]["date"]
    dates = list_dates(page)
    assert dates[:3] == [datetime.date.fromisoformat(last).strftime("%d.%m.%Y")] * 3
    assert dates == sorted(dates, key=lambda d: d[6:] + d[3:5] + d[:2], reverse=True)
    assert page.index("Serie 1, Tisch 1") < page.index("Serie 1, Tisch 2")


def test_pruefen_shows_25_lists_a_page_with_a_german_pager(
    history: HistoryImport, checker_client: Client
) -> None:
    first = page_text(checker_client, PRUEFEN)
    second = page_text(checker_client, PRUEFEN + "?seite=2")

    assert len(list_dates(first)) == 25
    assert "Seite 1 von 11" in first and "nächste Seite" in first and "letzte Seite" in first
    assert "Seite 2 von 11" in second and "vorige Seite" in second
    assert set(list_dates(first)).isdisjoint(list_dates(second)[3:])


@pytest.mark.parametrize("asked", ["12", "999999999999999999999", "99999999"])
def test_a_page_past_the_end_gives_the_last_page(
    history: HistoryImport, checker_client: Client, asked: str
) -> None:
    page = page_text(checker_client, f"{PRUEFEN}?seite={asked}")

    assert "Seite 11 von 11" in page
    assert len(list_dates(page)) == 261 - 250


@pytest.mark.parametrize("asked", ["abc", "", "-1", "0", "1.5", "%00", "x" * 5000])
def test_a_page_that_is_no_page_gives_a_page_not_an_error(
    history: HistoryImport, checker_client: Client, asked: str
) -> None:
    page = page_text(checker_client, f"{PRUEFEN}?seite={asked}")

    assert re.search(r"Seite (1|11) von 11", page)


def test_the_pager_keeps_the_filter(history: HistoryImport, checker_client: Client) -> None:
    page = page_text(checker_client, f"{PRUEFEN}?herkunft={history.pk}&stand=alle")

    assert f"?herkunft={history.pk}&amp;stand=alle&amp;seite=2" in page


def test_the_filter_by_import_shows_only_the_lists_of_that_import(
    history: HistoryImport, checker_client: Client
) -> None:
    new_evening()

    imported = page_text(checker_client, f"{PRUEFEN}?herkunft={history.pk}")
    entered = page_text(checker_client, f"{PRUEFEN}?herkunft=erfasst")
    every_import = page_text(checker_client, f"{PRUEFEN}?herkunft=importiert")

    assert "Neuer Abend" not in imported and "Neuer Abend" not in every_import
    assert "261 Listen dieses Imports" in imported
    assert "Neuer Abend" in entered and list_dates(entered) == ["27.11.2026"]
    assert "Alle Listen dieses Imports als geprüft übernehmen" in imported


@pytest.mark.parametrize("origin", ["4711", "abc", "x" * 300])
def test_a_filter_value_not_offered_shows_all_lists(
    history: HistoryImport, checker_client: Client, origin: str
) -> None:
    page = page_text(checker_client, f"{PRUEFEN}?herkunft={origin}&stand=kaputt")

    assert "261 Listen:" in page and len(list_dates(page)) == 25


def test_the_counts_say_how_many_lists_are_open_checked_rejected_and_games_flagged(
    history: HistoryImport, checker_client: Client, checker: User
) -> None:
    tables = list(Table.objects.order_by("pk")[:3])
    services.check_table(table=tables[0], user=checker, confirm=True)
    services.check_table(table=tables[1], user=checker, confirm=False, note="Spiel 1 fehlt")

    page = page_text(checker_client, PRUEFEN)

    assert "261 Listen:" in page
    assert "259 offen (vorläufig)</strong>, 1 geprüft, 1 beanstandet" in page
    assert "23 Spiele abweichend erfasst" in page
    # "zu prüfen": the open and the rejected lists, not the checked one
    assert "Seite 1 von 11" in page
    checked = page_text(checker_client, PRUEFEN + "?stand=geprueft")
    assert len(list_dates(checked)) == 1


def test_accepting_an_import_asks_first_how_many_lists_and_flagged_games(
    history: HistoryImport, checker_client: Client
) -> None:
    page = page_text(checker_client, accept_url(history))

    assert "261 Listen</strong> werden als geprüft übernommen" in page
    assert "23 Spiele</strong> sind abweichend erfasst" in page
    assert not Table.objects.filter(check_status=Table.Check.CONFIRMED).exists()
    assert not Change.objects.filter(action=Change.Action.CONFIRM).exists()


def test_accepting_an_import_checks_every_open_list_with_one_history_entry(
    history: HistoryImport, checker_client: Client, checker: User
) -> None:
    new_evening()
    response = checker_client.post(accept_url(history), follow=True)

    assert response.status_code == 200
    text = response.content.decode()
    assert "261 Listen als geprüft übernommen. 23 Spiele abweichend erfasst" in text
    confirmed = Table.objects.filter(check_status=Table.Check.CONFIRMED)
    assert confirmed.count() == 261 and not confirmed.filter(round__event__key__contains="2026")
    assert set(confirmed.values_list("checked_by", flat=True)) == {checker.pk}
    (entry,) = Change.objects.filter(action=Change.Action.CONFIRM)
    assert entry.history_import == history and entry.table is None and entry.user == checker
    assert "261 Listen des Imports Archiv „verein.json“" in entry.note
    assert "0 offen (vorläufig)" in text and "261 geprüft" in text


def test_a_double_click_accepts_once_with_one_history_entry(
    history: HistoryImport, checker_client: Client
) -> None:
    checker_client.post(accept_url(history))
    second = checker_client.post(accept_url(history), follow=True)

    assert "Keine Liste dieses Imports war mehr offen" in second.content.decode()
    assert Change.objects.filter(action=Change.Action.CONFIRM).count() == 1
    assert Table.objects.filter(check_status=Table.Check.CONFIRMED).count() == 261


def test_accepting_an_import_raises_the_versions_of_its_lists_and_events(
    history: HistoryImport, checker: User
) -> None:
    services.accept_import(history_import=history, user=checker)

    assert set(Table.objects.values_list("version", flat=True)) == {1}
    assert set(Event.objects.values_list("version", flat=True)) == {1}


def test_the_flagged_games_are_still_listed_after_the_import_is_accepted(
    history: HistoryImport, checker_client: Client, spielwart_client: Client
) -> None:
    checker_client.post(accept_url(history))

    review = page_text(spielwart_client, "/spielwart/abweichend/")

    assert "<strong>23</strong> Spiele zu prüfen" in review
    assert review.count("korrigieren</a>") == 23


def test_rejected_lists_stay_rejected_when_the_import_is_accepted(
    history: HistoryImport, checker: User
) -> None:
    table = Table.objects.order_by("pk").first()
    assert table is not None
    services.check_table(table=table, user=checker, confirm=False, note="Summe falsch")

    done = services.accept_import(history_import=history, user=checker)

    assert done.lists == 260
    table.refresh_from_db()
    assert table.check_status == Table.Check.REJECTED


def test_lists_the_checker_corrected_himself_stay_open_for_someone_else(
    history: HistoryImport, checker_client: Client, checker: User
) -> None:
    table = Table.objects.order_by("pk").first()
    assert table is not None
    enter(table, 2, 2, "Kr m1", user=checker)

    page = page_text(checker_client, accept_url(history))
    done = services.accept_import(history_import=history, user=checker)

    assert "260 Listen</strong> werden" in page and "1 Liste haben Sie selbst bearbeitet" in page
    assert done.lists == 260
    table.refresh_from_db()
    assert table.check_status == Table.Check.OPEN


def test_whoever_ran_the_import_may_not_accept_it_nor_check_its_lists(
    history: HistoryImport, checker_client: Client, checker: User
) -> None:
    HistoryImport.objects.filter(pk=history.pk).update(by=checker)

    page = page_text(checker_client, accept_url(history))
    refused = checker_client.post(accept_url(history), follow=True)

    assert "Sie haben diesen Import selbst ausgeführt" in page
    assert "Sie haben diesen Import selbst ausgeführt" in refused.content.decode()
    assert not Table.objects.filter(check_status=Table.Check.CONFIRMED).exists()
    table = Table.objects.order_by("pk").first()
    assert table is not None
    with pytest.raises(services.EntryError):
        services.check_table(table=table, user=checker, confirm=True)


def test_a_pruefer_may_accept_an_import(history: HistoryImport, client: Client) -> None:
    pruefer = User.objects.create_user("nur-pruefer")
    grant(pruefer, home_club().pk, PRUEFER)
    client.force_login(pruefer)

    client.post(accept_url(history))

    assert Table.objects.filter(check_status=Table.Check.CONFIRMED).count() == 261


def test_a_member_without_a_role_may_neither_see_nor_accept(
    history: HistoryImport, member_client: Client
) -> None:
    assert member_client.get(PRUEFEN).status_code == 403
    assert member_client.get(accept_url(history)).status_code == 403
    assert member_client.post(accept_url(history)).status_code == 403
    assert not Table.objects.filter(check_status=Table.Check.CONFIRMED).exists()


def test_another_clubs_import_is_not_found(history: HistoryImport, checker_client: Client) -> None:
    other = Club.objects.create(name="Anderer Verein", slug="anderer")
    foreign = HistoryImport.all_clubs.create(club=other, kind=HistoryImport.Kind.ARCHIVE)
    Event.all_clubs.filter(pk=Event.objects.first().pk).update(history_import=foreign)  # type: ignore[union-attr]
    prefix = f"/v/{home_club().slug}"

    assert checker_client.get(f"{prefix}{accept_url(foreign)}").status_code == 404
    assert checker_client.post(f"{prefix}{accept_url(foreign)}").status_code == 404
    assert checker_client.get(f"{prefix}{accept_url(history)}").status_code == 200
    assert (
        "Seite nicht gefunden"
        in checker_client.get(f"{prefix}/pruefen/import/999/uebernehmen/").content.decode()
    )


def test_a_lists_history_shows_the_acceptance_of_its_import(
    history: HistoryImport, checker: User, spielwart_client: Client
) -> None:
    services.accept_import(history_import=history, user=checker)
    event = Event.objects.order_by("date").first()
    assert event is not None

    page = page_text(
        spielwart_client, f"/spielwart/veranstaltungen/{event.key}/serie/1/tisch/1/verlauf/"
    )

    assert "261 Listen des Imports" in page and "pruefer" in page


def queries_of(client: Client, url: str) -> int:
    client.get(url)  # the session and the login once
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def test_the_query_count_of_pruefen_does_not_grow_with_the_number_of_lists(
    tmp_path: Path, checker_client: Client
) -> None:
    import_history(tmp_path, history_archive(evenings=3), name="klein.json")
    small = queries_of(checker_client, PRUEFEN)
    small_import = queries_of(checker_client, f"{PRUEFEN}?herkunft=importiert&stand=alle")
    import_history(
        tmp_path,
        history_archive(evenings=40, first=datetime.date(2023, 1, 6)),
        name="gross.json",
    )

    assert queries_of(checker_client, PRUEFEN) == small
    assert queries_of(checker_client, f"{PRUEFEN}?herkunft=importiert&stand=alle") == small_import
    assert small <= 12
