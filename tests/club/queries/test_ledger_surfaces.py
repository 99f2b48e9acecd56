"""One amount per player everywhere: every page, printout and download of an event shows the
ledger's money, to the cent.

The event: a tournament of 11 players (tables of 4, 4 and 3, two Serien on paper), Wertpunkt
1/4 ct, Verlustspielgeld 0,50 € for the first three lost games of a Serie and 1,00 € after,
Startgeld 10,00 € (Jugend 5,00 €, one guest free, two players pay at the end), a Gewinnplan of
100 % of the Startgeld and 50 % of the Verlustspielgeld (Platz 1 30 %, Platz 2–3 12,5 % each,
Damen 1. 5,00 €, a bottle of Sekt for the best of every table), and the payout rounded to
10 ct. The same player's amount at the end is read from the Abrechnung (PDF), the Kasse page,
the Kasse's per-player download, his receipt (page and PDF), all receipts (PDF),
`standings --json` and the public event page's download, and compared; the Kassenbericht (page
and PDF) balances against the counted cash; the prize list pays what the Kasse pays.

A hypothesis test then builds random events (3-, 4- and 5-tables, every Wertpunkt and payout
step, fees, every Startgeld rate, plans with shares, fixed amounts, Sachpreise and ties) and
compares the Abrechnung, the Kasse, the receipt and the JSON.
"""

from __future__ import annotations

import io
import json
import random
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pytest_django import Settings

from scoring.ledger import Account
from skatclub.club import services
from skatclub.club.demo.generator import FIRST_NAMES
from skatclub.club.formatting import euro
from skatclub.club.models import Event, Player, Season
from skatclub.club.presenters.kasse import receipt_context, report_context
from skatclub.club.printing.payout import payout_context
from skatclub.club.queries.ledger import EventLedger, event_ledger, standings_with_money_json
from skatclub.club.services import TotalLine, kasse, prizes, signin
from tests.helpers.hypothesis_profiles import examples
from tests.helpers.pdf import flat, pdf_text
from tests.helpers.totals import plausible_totals

KEY = "2026-11-20-preisskat"
SPIELWART = f"/spielwart/veranstaltungen/{KEY}/"
PUBLIC = f"/veranstaltungen/{KEY}/"
AMOUNT = r"[+−]?\d{1,3}(?:\.\d{3})*,\d{2}"
NAMES = FIRST_NAMES[:11]  # one word each: a name never wraps on paper


def euros(text: str) -> int:
    """ "−1.234,50" -> -123450 (cents)."""
    return int(Decimal(text.replace(".", "").replace(",", ".").replace("−", "-")) * 100)


def build(event: Event, rng: random.Random, **setting: object) -> list[Player]:
    """A tournament as described above; `setting` overrides the event's money settings."""
    event.kind, event.entry_fee_cents, event.reduced_fee_cents = "tournament", 1000, 500
    event.rounding_step_cents = 10
    for name, value in setting.items():
        setattr(event, name, value)
    event.save()
    field = [
        Player.objects.create(
            key=f"p{n:02d}",
            name=NAMES[n],
            is_woman=n % 3 == 1,
            is_youth=n == 4,
            is_guest=n == 7,
        )
        for n in range(11)
    ]
    for n, player in enumerate(field):
        rate = "free" if player.is_guest else None
        signin.sign_in(event=event, player=player, rate=rate, paid=n % 5 != 2)
    plan = prizes.plan_of(event)
    prizes.save_settings(
        plan=plan,
        entry_fee_percent=Decimal(100),
        lost_fee_percent=Decimal(50),
        ties="split",
        one_prize_each=True,
        rounds=2,
    )
    prizes.add_rule(plan=plan, category="all", first=1, last=1, percent_value=Decimal(30))
    prizes.add_rule(plan=plan, category="all", first=2, last=3, percent_value=Decimal("12.5"))
    prizes.add_rule(plan=plan, category="women", first=1, last=1, fixed_cents=500)
    prizes.add_rule(plan=plan, category="table", first=1, last=1, item="Sekt")
    prizes.announce(plan=plan)
    for number in (1, 2):
        round_ = services.start_round(event=event, seating="draw", seed=f"s{number}")
        for table in round_.tables.prefetch_related("seats__player"):
            seated = [s.player for s in table.seats.order_by("position")]
            games = event.games_for_table_size(len(seated))
            totals = plausible_totals(rng, len(seated), games)
            lines = [TotalLine(p, *t) for p, t in zip(seated, totals, strict=True)]
            services.record_totals(table=table, lines=lines)
    kasse.book(event=event, kind="opening", text="Wechselgeld", cents=5000)
    kasse.book(event=event, kind="expense", text="Blumen", cents=1500)
    return field


def test_every_page_printout_and_download_shows_each_players_amount_of_the_ledger(
    event: Event, spielwart_client: Client, client: Client
) -> None:
    field = build(event, random.Random(27))
    found = event_ledger(event, kasse=True)
    kasse.count_cash(event=event, cents=found.report.expected)
    names = {p.name: p for p in field}
    expected = {name: account(found, p).at_the_end for name, p in names.items()}
    assert all(amount % 10 == 0 for amount in expected.values())  # 10-ct steps
    assert any(account(found, p).rounding for p in field)
    assert any(account(found, p).prize_cents for p in field)
    assert any(not account(found, p).entry_fee_paid for p in field)

    # the Abrechnung (PDF): the amount is the last one on the player's line
    _, text = pdf_text(client.get(PUBLIC + "abrechnung.pdf").content)
    lines = text.splitlines()
    on_paper = {
        name: euros(re.findall(AMOUNT, next(ln for ln in lines if ln.startswith(name)))[-1])
        for name in names
    }
    assert on_paper == expected
    assert "das noch offene Startgeld" in flat(text) and "die Geldpreise" in flat(text)

    # the Kasse page ("Schluss") and its per-player download
    page = spielwart_client.get(SPIELWART + "kasse/").content.decode()
    rows = re.findall(r'<tr><td class="name"><a [^>]*>([^<]+)</a></td>(.*?)</tr>', page, re.S)
    on_page = {name: euros(re.findall(AMOUNT, rest)[-1]) for name, rest in rows}
    assert on_page == expected
    download = spielwart_client.get(SPIELWART + "kasse/?format=json&table=spieler").json()
    in_download = {r["name"]: r["payout_cents"] for r in download["tables"]["spieler"]["rows"]}
    assert in_download == expected

    # each receipt (page and PDF) and all receipts on A4
    for name, player in names.items():
        receipt = spielwart_client.get(SPIELWART + f"kasse/quittung/{player.key}/")
        shown = re.sub(r"<[^>]+>", " ", receipt.content.decode())
        assert _receipt_amount(shown, name) == expected[name]
        one = spielwart_client.get(SPIELWART + f"kasse/quittung/{player.key}/quittung.pdf")
        assert one["Content-Type"] == "application/pdf"
        assert _receipt_amount(flat(pdf_text(one.content)[1]), name) == expected[name]
    pages, everyone = pdf_text(spielwart_client.get(SPIELWART + "kasse/quittungen.pdf").content)
    parts = flat(everyone).split("Quittung für ")[1:]
    assert len(parts) == len(names) and pages < len(names)  # several to a page
    for part in parts:
        name = next(n for n in names if part.startswith(n))
        assert _receipt_amount(part, name) == expected[name]
        assert "Unterschrift Kassenwart" in part and "Preisskat November · 20.11.2026" in part

    # standings --json and the public event page's download
    out = io.StringIO()
    call_command("standings", "--event", KEY, "--json", stdout=out)
    as_json = {r["name"]: r["payout_cents"] for r in json.loads(out.getvalue())["rows"]}
    assert as_json == expected
    public = client.get(PUBLIC + "?format=json&table=geld").json()["tables"]["geld"]["rows"]
    assert {r["name"]: r["payout_cents"] for r in public} == expected  # cents, as everywhere

    # the Kassenbericht (page and PDF) balances against the counted cash
    report = found.report
    assert report.balances() and report.rounding == -sum(account(found, p).rounding for p in field)
    assert "Die Kasse stimmt auf den Cent" in page
    _, bericht = pdf_text(spielwart_client.get(SPIELWART + "kasse/kassenbericht.pdf").content)
    soll = next(ln for ln in bericht.splitlines() if ln.startswith("Soll-Bestand"))
    assert euros(re.findall(AMOUNT, soll)[-1]) == report.expected

    # the Gewinnplan's summary is its own prize list's, and the prize list pays what the Kasse
    # pays
    builder = spielwart_client.get(SPIELWART + "gewinnplan/").content.decode()
    ledger = found.ledger
    assert ledger.pot is not None
    assert f"davon Geld zusammen {euro(ledger.prizes_paid)}." in builder
    assert f"Es bleiben {euro(ledger.pot.cents - ledger.prizes_paid)} im Topf" in builder
    assert report.prizes == ledger.prizes_paid
    prize_page = client.get(PUBLIC + "gewinnplan/?format=json&table=preise").json()
    paid: dict[str, int] = {}
    for row in prize_page["tables"]["preise"]["rows"]:
        if row["amount_cents"] is not None:
            paid[row["name"]] = paid.get(row["name"], 0) + row["amount_cents"]
    assert paid == {
        name: account(found, p).prize_cents
        for name, p in names.items()
        if account(found, p).prize_cents
    }


def test_the_cached_abrechnung_follows_who_has_paid(
    event: Event,
    client: Client,
    settings: Settings,
    tmp_path: Path,
) -> None:
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    settings.DATA_DIR = tmp_path
    field = build(event, random.Random(27))
    paid, unpaid = (
        next(
            p
            for p in field
            if p.attendance_set.get().paid == state and p.attendance_set.get().fee_cents
        )
        for state in (True, False)
    )

    def amounts() -> dict[str, int]:
        _, text = pdf_text(client.get(PUBLIC + "abrechnung.pdf").content)
        lines = text.splitlines()
        return {
            p.name: euros(re.findall(AMOUNT, next(ln for ln in lines if ln.startswith(p.name)))[-1])
            for p in (paid, unpaid)
        }

    before = amounts()
    # The same number of sign-ins paid and the same Startgeld, but another player owes it.
    signin.set_paid(event=event, player=paid, paid=False)
    signin.set_paid(event=event, player=unpaid, paid=True)
    after = amounts()
    found = event_ledger(event)
    assert after == {p.name: account(found, p).at_the_end for p in (paid, unpaid)} != before


def account(found: EventLedger, player: Player) -> Account:
    got = found.account(player.pk)
    assert got is not None
    return got


def _receipt_amount(text: str, name: str) -> int:
    """The amount at the end of a receipt: + paid out to the player, − he pays."""
    if match := re.search(rf"Auszahlung an {name}\W+({AMOUNT})", text):
        return euros(match[1])
    match = re.search(rf"{name} zahlt an die Kasse\W+({AMOUNT})", text)
    assert match, f"no amount at the end on {name}'s receipt"
    return -euros(match[1])


# --- random events ----------------------------------------------------------------------------


def amounts_on_every_surface(found: EventLedger) -> dict[str, dict[int, int]]:
    """Each player's amount at the end as the Abrechnung, the Kasse, the receipt and the JSON
    give it (their contexts, as the templates show them)."""
    event = found.event
    names = {v: k for k, v in found.names.items()}
    lines: list[Any] = payout_context(event, found)["lines"]  # type: ignore[assignment]
    abrechnung = {names[ln.name]: ln.amount_cents for ln in lines}
    report = report_context(found)
    rows: list[dict[str, Any]] = report["rows"]
    kasse_rows = {row["player_id"]: row["at_the_end"] for row in rows}
    receipts: dict[int, int] = {}
    for account in found.accounts:
        shown = receipt_context(found, account)
        receipts[account.player_id] = shown["end_amount"] * (1 if shown["end_out"] else -1)
    ids = {row.player: row.player_id for row in found.rows}
    rows = standings_with_money_json(event)["rows"]
    as_json = {ids[r["player"]]: r["payout_cents"] for r in rows}
    return {
        "Abrechnung": abrechnung,
        "Kasse": kasse_rows,
        "Quittung": receipts,
        "JSON": {**{pid: kasse_rows[pid] for pid in kasse_rows if pid not in as_json}, **as_json},
    }


SLOW = settings(
    max_examples=examples(8),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@SLOW
@given(
    seed=st.integers(0, 10**6),
    cents_per_point=st.sampled_from(["1/10", "1/4", "1/2", "1", "2"]),
    step=st.sampled_from([1, 5, 10, 50, 100]),
    fees=st.lists(st.integers(0, 100), max_size=3),
)
@pytest.mark.django_db
def test_random_events_show_one_amount_on_the_abrechnung_the_kasse_the_receipt_and_in_json(
    seed: int, cents_per_point: str, step: int, fees: list[int]
) -> None:
    Event.objects.all().delete()
    Player.objects.all().delete()
    season, _ = Season.objects.get_or_create(year=2026)
    event = Event.objects.create(
        key=KEY, name="Turnier", date="2026-11-20", season=season, ruleset="isko"
    )
    build(
        event,
        random.Random(seed),
        cents_per_point=cents_per_point,
        rounding_step_cents=step,
        lost_game_fees_cents=fees,
    )
    found = event_ledger(event, kasse=True)
    surfaces = amounts_on_every_surface(found)
    expected = {a.player_id: a.at_the_end for a in found.accounts}
    for surface, amounts in surfaces.items():
        assert amounts == expected, surface
    assert all(amount % step == 0 for amount in expected.values())
    report = found.report
    assert report.balances()
    assert report.rounding == -sum(a.rounding for a in found.accounts)
    kasse.count_cash(event=event, cents=report.expected)
    assert event_ledger(event, kasse=True).report.difference == 0
