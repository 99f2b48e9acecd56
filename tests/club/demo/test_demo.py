"""The demo club: a seeded, legal, realistic archive, loaded once, with a Spielwart login."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.http import HttpRequest
from django.test import RequestFactory

from scoring import Declaration, Outcome, Ruleset, valuation
from skatclub.club.demo.generator import generate_archive
from skatclub.club.demo.loader import ensure_spielwart, load_demo
from skatclub.club.models import Event, Game, Player, Season, Seat, Table, TableTotal
from skatclub.club.services.users import roles_of
from skatclub.club.views.permissions import is_spielwart


def login_request() -> HttpRequest:
    """django-axes counts logins per request: authenticate() needs one."""
    return RequestFactory().post("/anmelden/")


def test_the_generator_is_seeded() -> None:
    assert generate_archive(seed=5) == generate_archive(seed=5)
    assert generate_archive(seed=5) != generate_archive(seed=6)


def test_every_generated_game_is_legal_and_the_mix_is_realistic() -> None:
    archive = generate_archive(seasons=1, events_per_season=4, seed=11)
    kinds = {"passed": 0, "lost": 0, "overbid": 0, "null": 0, "hand": 0, "won": 0}
    for event in archive["events"]:
        ruleset = Ruleset(event["ruleset"])
        for table in (t for r in event["rounds"] for t in r["tables"] if "games" in t):
            for game in table["games"]:
                if game.get("passed"):
                    kinds["passed"] += 1
                    continue
                declaration = Declaration.from_dict(game["game"])
                result = valuation(declaration, Outcome.from_dict(game["outcome"]), ruleset)
                kinds["won" if result.won else "lost"] += 1
                kinds["overbid"] += result.overbid
                kinds["null"] += game["game"]["type"] == "null"
                kinds["hand"] += declaration.hand
    played = kinds["won"] + kinds["lost"]
    assert played > 1000
    assert 0.15 < kinds["lost"] / played < 0.35
    assert all(kinds[k] > 0 for k in ("passed", "overbid", "null", "hand"))


@pytest.mark.django_db
def test_load_demo_creates_a_club_with_every_kind_of_table_once() -> None:
    first = load_demo(year=2026)
    again = load_demo(year=2026)

    assert first.loaded and first.games > 2000 and not again.loaded
    assert Event.objects.count() == first.events == 8
    assert Player.objects.filter(is_guest=False).count() == 16
    assert Player.objects.filter(is_guest=True).count() == 3
    sizes = {Seat.objects.filter(table=t).count() for t in Table.objects.all()}
    assert sizes == {3, 4, 5}
    assert Table.objects.filter(entry=Table.Entry.TOTALS).exists()
    assert TableTotal.objects.exists()
    assert Game.objects.filter(passed_in=True).exists()
    assert Game.objects.filter(won=False).exists() and Game.objects.filter(overbid=True).exists()
    assert Game.objects.filter(game_type="null").exists()
    season = Season.objects.get(year=2026)
    assert (season.ranking_rule, season.best_n) == (Season.Rule.BEST_N, 12)


@pytest.mark.django_db
def test_ensure_spielwart_creates_the_login_and_resets_its_password() -> None:
    first = ensure_spielwart()
    second = ensure_spielwart()

    user = User.objects.get(username="spielwart")
    assert first != second
    assert roles_of(user) == ["spielwart", "pruefer"] and is_spielwart(user)
    assert authenticate(login_request(), username="spielwart", password=second) == user
    assert authenticate(login_request(), username="spielwart", password=first) is None


@pytest.mark.django_db
def test_the_demo_command_without_serving_loads_data_and_prints_the_login() -> None:
    out = io.StringIO()

    # --force: this suite also runs on PostgreSQL, where the command otherwise refuses.
    call_command("demo", "--no-serve", "--port", "8123", "--force", stdout=out)

    text = out.getvalue()
    password = text.split("Passwort ")[1].split()[0]
    assert "Demo-Club angelegt" in text and "http://127.0.0.1:8123/" in text
    assert authenticate(login_request(), username="spielwart", password=password) is not None
    assert Event.objects.count() == 8


@pytest.mark.django_db
def test_the_demo_command_refuses_a_postgresql_database(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgres://skat@localhost/skatclub")

    with pytest.raises(CommandError, match="PostgreSQL"):
        call_command("demo", "--no-serve")

    assert not Event.objects.exists()
