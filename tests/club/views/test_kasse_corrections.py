"""A correction after the count and after receipts, on the Kasse page, the Kassenbericht (PDF)
and its downloads.

Four players at one table, Startgeld 10,00 € paid at sign-in, a Gewinnplan (Platz 1 50 %,
Platz 2 25 %), Wertpunkt 1/4 ct. The Kasse is counted at its Soll-Bestand and every receipt is
printed; then the table's list is entered again with other results. The Kasse must not say that
money is missing but what changed since the count (Serie, Tisch, by whom), whose Schluss moved
from what to what, and that the printed receipts of those players are „überholt“.
"""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from skatclub.club import services
from skatclub.club.formatting import euro
from skatclub.club.models import Event, Player, Receipt, Table
from skatclub.club.queries.ledger import event_ledger
from skatclub.club.services import TotalLine, kasse
from tests.helpers.pdf import flat, pdf_text
from tests.helpers.totals import plausible_totals
from tests.helpers.tournaments import paid_tournament

KEY = "2026-11-20-preisskat"
KASSE = f"/spielwart/veranstaltungen/{KEY}/kasse/"
FOUR = ("anna", "bernd", "carla", "dieter")
# Anna's and Dieter's results swapped, and Bernd lost a second game: prizes and Verlustspielgeld
# move, and so does the Soll-Bestand.
CORRECTED = {"anna": (18, 1, 0), "bernd": (-96, 0, 2), "carla": (0, 0, 0), "dieter": (120, 2, 0)}


@pytest.fixture
def counted(event: Event, players: dict[str, Player]) -> Table:
    """The tournament, its one table entered, the Kasse counted at its Soll-Bestand."""
    paid_tournament(event, players, FOUR)
    table = services.start_round(event=event, seating="draw", seed="1").tables.get()
    enter(table, players, anna=(120, 2, 0), bernd=(-48, 0, 1), carla=(0, 0, 0), dieter=(18, 1, 0))
    kasse.book(event=event, kind="opening", text="Wechselgeld", cents=5000)
    kasse.count_cash(event=event, cents=event_ledger(event, kasse=True).report.expected)
    return table


def enter(table: Table, players: dict[str, Player], **lines: tuple[int, int, int]) -> None:
    services.record_totals(
        table=table, lines=[TotalLine(players[key], *line) for key, line in lines.items()]
    )


def schluss(event: Event) -> dict[str, int]:
    found = event_ledger(event)
    return {found.names[a.player_id]: a.at_the_end for a in found.accounts}


def text_of(html: str) -> str:
    """A page's text, every tag a space (so "überholt: jetzt" reads "überholt : jetzt")."""
    return flat(re.sub(r"<[^>]+>", " ", html)).replace(" :", ":")


def test_a_count_at_the_soll_with_nothing_changed_says_the_kasse_is_right(
    counted: Table, spielwart_client: Client
) -> None:
    page = text_of(spielwart_client.get(KASSE).content.decode())
    assert "Die Kasse stimmt auf den Cent" in page
    assert "Seit der Zählung" not in page


def test_a_correction_after_the_count_is_explained_as_changed_since_the_count_not_as_missing(
    counted: Table, players: dict[str, Player], event: Event, spielwart_client: Client
) -> None:
    before = schluss(event)
    enter(counted, players, **CORRECTED)
    after = schluss(event)
    moved = {name for name in after if after[name] != before[name]}
    assert moved >= {"Anna Albers", "Dieter Dahl"}

    page = text_of(spielwart_client.get(KASSE).content.decode())
    assert "In der Kasse fehlen" not in page or "seit der Zählung geändert" in page
    assert "Seit der Zählung vom" in page and "seit der Zählung geändert" in page
    assert "Es fehlt kein Geld" in page
    assert "Summen erfasst" in page  # which change: the list entered again, Serie 1, Tisch 1
    for name in moved:
        assert f"{name} {euro(before[name])} {euro(after[name])}" in page


def test_page_pdf_and_download_of_the_kassenbericht_show_the_same_counts_and_changes(
    counted: Table, players: dict[str, Player], event: Event, spielwart_client: Client
) -> None:
    before = schluss(event)
    enter(counted, players, **CORRECTED)
    after = schluss(event)
    found = event_ledger(event, kasse=True)
    report = found.report
    assert report.counted is not None and report.difference

    page = text_of(spielwart_client.get(KASSE).content.decode())
    _, printed = pdf_text(spielwart_client.get(KASSE + "kassenbericht.pdf").content)
    printed = flat(printed)
    for shown in (page, printed):
        assert "Zählungen" in shown and "Soll damals" in shown
        assert f"Differenz (gezählt − Soll) {euro(report.difference)}" in shown
        assert "Seit der Zählung vom" in shown
        for name in after:
            if after[name] != before[name]:
                assert f"{name} {euro(before[name])} {euro(after[name])}" in shown

    download = spielwart_client.get(KASSE + "?format=json").json()["tables"]
    ledger_rows = {row["side"]: row["amount_cents"] for row in download["kasse"]["rows"]}
    assert (ledger_rows["gezählt"], ledger_rows["Differenz"]) == (report.counted, report.difference)
    (count,) = download["zaehlungen"]["rows"]
    assert count["counted_cents"] == count["expected_cents"] == report.counted
    assert count["difference_cents"] == 0
    moves = {
        row["name"]: (row["payout_before_cents"], row["payout_cents"])
        for row in download["aenderungen"]["rows"]
    }
    assert moves == {
        name: (before[name], after[name]) for name in after if after[name] != before[name]
    }


def test_receipts_printed_before_a_correction_are_marked_superseded_with_the_new_ones_offered(
    counted: Table, players: dict[str, Player], event: Event, spielwart_client: Client
) -> None:
    assert spielwart_client.get(KASSE + "quittungen.pdf")["Content-Type"] == "application/pdf"
    assert Receipt.objects.filter(event=event).count() == 4
    spielwart_client.get(KASSE + "quittungen.pdf")  # printed again, unchanged: kept once
    assert Receipt.objects.filter(event=event).count() == 4
    page = text_of(spielwart_client.get(KASSE).content.decode())
    assert "überholt" not in page and page.count("gültig") == 4

    before = schluss(event)
    enter(counted, players, **CORRECTED)
    after = schluss(event)
    html = spielwart_client.get(KASSE).content.decode()
    page = text_of(html)
    for name in after:
        if after[name] != before[name]:
            assert f"{euro(before[name])} überholt: jetzt {euro(after[name])}" in page
    anna = players["anna"]
    assert f"kasse/quittung/{anna.key}/quittung.pdf" in html
    receipt = text_of(spielwart_client.get(KASSE + f"quittung/{anna.key}/").content.decode())
    assert "gedruckte Quittung ist überholt" in receipt
    assert f"Schluss damals {euro(before['Anna Albers'])}" in receipt

    spielwart_client.get(KASSE + f"quittung/{anna.key}/quittung.pdf")
    page = text_of(spielwart_client.get(KASSE).content.decode())
    assert "Anna Albers" in page
    row = re.search(r"Anna Albers \S+ \S+ \S+ €? ?(gültig|überholt)", page)
    assert row is not None and row.group(1) == "gültig"
    receipt = text_of(spielwart_client.get(KASSE + f"quittung/{anna.key}/").content.decode())
    assert "überholt" not in receipt and "sie gilt noch" in receipt


def test_a_correction_that_only_moves_money_between_players_keeps_the_soll_and_says_so(
    counted: Table, players: dict[str, Player], event: Event, spielwart_client: Client
) -> None:
    swapped = CORRECTED | {"bernd": (-48, 0, 1)}  # Anna's and Dieter's results swapped only
    enter(counted, players, **swapped)
    assert event_ledger(event, kasse=True).report.difference == 0
    page = text_of(spielwart_client.get(KASSE).content.decode())
    assert "der Soll-Bestand bleibt" in page and "aber Schlussbeträge haben sich verschoben" in page
    assert "Es fehlt kein Geld" in page and "Differenz jetzt" not in page


def test_a_player_who_left_and_a_correction_after_the_count_agree_on_every_surface(
    event: Event, players: dict[str, Player], spielwart_client: Client, client: Client
) -> None:
    eight = ("anna", "bernd", "carla", "dieter", "emil", "frieda", "gerd", "hanna")
    paid_tournament(event, players, eight, rounds=2)
    event.cents_per_point, event.rounding_step_cents = "1/4", 10
    event.save()
    rng = random.Random(41)
    for number in (1, 2):
        round_ = services.start_round(event=event, seating="draw", seed=f"s{number}")
        for table in round_.tables.prefetch_related("seats__player"):
            seated = [s.player for s in table.seats.order_by("position")]
            totals = plausible_totals(rng, len(seated), event.games_for_table_size(len(seated)))
            services.record_totals(
                table=table, lines=[TotalLine(p, *t) for p, t in zip(seated, totals, strict=True)]
            )
        if number == 1:
            services.leave(event=event, player=players["hanna"])  # paid, played, leaves
    kasse.count_cash(event=event, cents=event_ledger(event, kasse=True).report.expected)
    before = schluss(event)
    last = event.rounds.get(number=2).tables.order_by("number").first()
    assert last is not None
    seated = [s.player for s in last.seats.order_by("position")]
    totals = plausible_totals(
        random.Random(7), len(seated), event.games_for_table_size(len(seated))
    )
    services.record_totals(
        table=last, lines=[TotalLine(p, *t) for p, t in zip(seated, totals, strict=True)]
    )
    after = schluss(event)
    assert "Hanna Hahn" in after and after != before

    page = text_of(spielwart_client.get(KASSE).content.decode())
    printed = flat(pdf_text(spielwart_client.get(KASSE + "kassenbericht.pdf").content)[1])
    for shown in (page, printed):
        assert "Serie" in shown and "Seit der Zählung vom" in shown
        for name in after:
            if after[name] != before[name]:
                assert f"{name} {euro(before[name])} {euro(after[name])}" in shown
    kasse_json = spielwart_client.get(KASSE + "?format=json&table=spieler").json()
    public_json = client.get(f"/veranstaltungen/{KEY}/?format=json&table=geld").json()
    in_kasse = {r["name"]: r["payout_cents"] for r in kasse_json["tables"]["spieler"]["rows"]}
    in_public = {r["name"]: r["payout_cents"] for r in public_json["tables"]["geld"]["rows"]}
    assert in_kasse == in_public == after
