"""One money vocabulary (docs/glossary.md, "Geld"): a player's Saldo, Rundung and Schluss are
the same amounts on every surface that shows them — the Kasse page and the Kassenbericht (PDF),
his receipt (page and PDF), the public event page and the Abrechnung (PDF), and the JSON of
`standings --json`, the public money and the Kasse — and "Saldo" means only the day's result.

A tournament at one table, Wertpunkt 1/4 ct (so the Spielgeld has quarter cents) and payout
step 0,10 € (so the Schluss has a Rundung).
"""

from __future__ import annotations

import io
import json
import re
from decimal import Decimal
from fractions import Fraction

import pytest
from django.core.management import call_command
from django.test import Client

from scoring.ledger import Account
from skatclub.club.models import Event, Player
from skatclub.club.queries.ledger import event_ledger
from tests.helpers.pdf import flat, pdf_text
from tests.helpers.tournaments import one_table_tournament

KEY = "2026-11-20-preisskat"
SPIELWART = f"/spielwart/veranstaltungen/{KEY}/"
PUBLIC = f"/veranstaltungen/{KEY}/"
AMOUNT = r"[+−]?\d{1,3}(?:\.\d{3})*,\d{2,}(?!\d)"


def cents(text: str) -> Fraction:
    """ "−1.234,5675" -> Fraction(-1234.5675 € in cents)."""
    return Fraction(Decimal(text.replace(".", "").replace(",", ".").replace("−", "-")) * 100)


def amounts(text: str) -> list[Fraction]:
    return [cents(found) for found in re.findall(AMOUNT, text)]


def untagged(html: str) -> str:
    return flat(re.sub(r"<[^>]+>", " ", html))


@pytest.fixture
def played(event: Event, players: dict[str, Player]) -> Event:
    one_table_tournament(event, players)
    return event


def chosen(event: Event) -> tuple[str, str, Account]:
    """The player whose Spielgeld has quarter cents and whose Schluss is rounded."""
    found = event_ledger(event)
    account = next(a for a in found.accounts if a.rounding and a.game_cash != a.game_cash_cents)
    return found.names[account.player_id], found.keys[account.player_id], account


def test_saldo_rundung_and_schluss_are_one_amount_each_on_every_surface(
    played: Event, spielwart_client: Client, client: Client
) -> None:
    name, key, account = chosen(played)
    want = tuple(Fraction(a) for a in (account.net, account.rounding, account.at_the_end))
    seen: dict[str, tuple[Fraction, ...]] = {}

    # the Kasse page and the Kassenbericht: … Rundung, Saldo, Schluss end the player's row
    kasse = spielwart_client.get(SPIELWART + "kasse/").content.decode()
    row = re.search(rf'<tr><td class="name"><a [^>]*>{name}</a></td>(.*?)</tr>', kasse, re.S)
    assert row is not None
    rundung, saldo, schluss = amounts(untagged(row.group(1)))[-3:]
    seen["Kasse"] = (saldo, rundung, schluss)
    _, bericht = pdf_text(spielwart_client.get(SPIELWART + "kasse/kassenbericht.pdf").content)
    line = next(ln for ln in bericht.splitlines() if ln.startswith(name))
    rundung, saldo, schluss = amounts(line)[-3:]
    seen["Kassenbericht"] = (saldo, rundung, schluss)

    # the receipt, page and PDF: its Rundung line, "Saldo des Tages" and the Schluss
    page = untagged(spielwart_client.get(SPIELWART + f"kasse/quittung/{key}/").content.decode())
    printed = flat(
        pdf_text(spielwart_client.get(SPIELWART + f"kasse/quittung/{key}/quittung.pdf").content)[1]
    )
    for where, text in (("Quittung", page), ("Quittung (PDF)", printed)):
        found = re.search(rf"Rundung \([^)]*\) ({AMOUNT})", text)  # "Rundung (auf 0,10 €) …"
        assert found is not None, where
        rundung = cents(found.group(1))
        saldo = amounts(text[text.index("Saldo des Tages") :])[0]
        schluss = amounts(text[text.index("Schluss:") :])[0]
        sign = 1 if "Auszahlung an" in text else -1
        seen[where] = (saldo, rundung, sign * schluss)
        assert "Spielgeld genau: " in text  # the exact amount is on the receipt too

    # the public page and the Abrechnung: Rundung and Schluss end the row; no "Saldo" there
    public = client.get(PUBLIC).content.decode()
    money = public[public.index('id="money-title"') :]
    row = next(r for r in re.findall(r"<tr.*?</tr>", money, re.S) if name in r)
    rundung, schluss = amounts(untagged(row))[-2:]
    seen["öffentlich"] = (want[0], rundung, schluss)
    assert "Saldo" not in untagged(public)
    _, abrechnung = pdf_text(client.get(PUBLIC + "abrechnung.pdf").content)
    line = next(ln for ln in abrechnung.splitlines() if ln.startswith(name))
    rundung, schluss = amounts(line)[-2:]
    seen["Abrechnung"] = (want[0], rundung, schluss)

    # the JSON: the same keys in cents
    out = io.StringIO()
    call_command("standings", "--event", KEY, "--json", stdout=out)
    downloads = {
        "standings --json": json.loads(out.getvalue())["rows"],
        "Kasse (JSON)": spielwart_client.get(SPIELWART + "kasse/?format=json").json()["tables"][
            "spieler"
        ]["rows"],
        "öffentlich (JSON)": client.get(PUBLIC + "?format=json").json()["tables"]["geld"]["rows"],
    }
    for where, rows in downloads.items():
        row_of = next(r for r in rows if r["name"] == name)
        keys = ("net_cents", "rounding_cents", "payout_cents")
        seen[where] = tuple(Fraction(row_of[k]) if k in row_of else want[0] for k in keys)
        assert all(type(row_of[k]) is int for k in keys if k in row_of)  # whole cents

    assert seen == {where: want for where in seen}


def test_the_public_row_adds_up_to_its_schluss_and_the_kasse_line_to_the_kasse(
    played: Event, client: Client
) -> None:
    rows = client.get(PUBLIC + "?format=json").json()["tables"]["geld"]["rows"]
    for row in rows:
        parts = (
            row["game_cash_rounded_cents"]
            - row["fees_cents"]
            - row.get("entry_fee_open_cents", 0)
            + row.get("prize_cents", 0)
            + row["rounding_cents"]
        )
        assert parts == row["payout_cents"], row["name"]
        assert abs(Fraction(row["cash_cents"]) - row["game_cash_rounded_cents"]) <= Fraction(1, 2)
    page = untagged(client.get(PUBLIC).content.decode())
    line = page[page.index("Kasse: am Ende") :]
    total, *parts = amounts(line[: line.index("Schlussbeträge")])
    assert total == sum(parts) == -sum(row["payout_cents"] for row in rows)
