"""The demo club of `manage.py demo`: imports the generated archive once, sets the season's
ranking rule and (re)creates the Spielwart login. Writes through `archive.import_archive` only,
plus Season and User.
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass
from typing import Any

from skatclub.club.demo.generator import generate_archive

DEMO_SEED = 2026
DEMO_EVENTS = 8
SPIELWART_USERNAME = "spielwart"


@dataclass(frozen=True)
class DemoResult:
    loaded: bool  # False when the demo club was there already
    year: int
    events: int
    games: int


def demo_archive(year: int) -> dict[str, Any]:
    return generate_archive(
        seasons=1,
        events_per_season=DEMO_EVENTS,
        seed=DEMO_SEED,
        first_year=year,
        club_name="Skatfreunde Altenburg (Demo)",
    )


def load_demo(year: int | None = None) -> DemoResult:
    """Import the demo club for `year` (default: this year) unless it is there already."""
    from skatclub.club.archive import import_archive
    from skatclub.club.models import Event, Season

    year = year or datetime.date.today().year
    archive = demo_archive(year)
    keys = [e["key"] for e in archive["events"]]
    loaded = not Event.objects.filter(key__in=keys).exists()
    games = 0
    if loaded:
        games = import_archive(archive).games
    # Count the best 12 Serien of the season; at least 4 Serien to be ranked.
    Season.objects.filter(year=year).update(
        name=f"Saison {year}", ranking_rule=Season.Rule.BEST_N, best_n=12, min_rounds=4
    )
    return DemoResult(loaded, year, len(keys), games)


def ensure_spielwart(username: str = SPIELWART_USERNAME) -> str:
    """Create (or reset) the Spielwart login; returns the new random password."""
    from django.contrib.auth.models import User

    from skatclub.club import tenancy
    from skatclub.club.roles import SPIELWART
    from skatclub.club.services import grant

    password = secrets.token_urlsafe(12)
    user = User.objects.filter(username=username).first() or User(username=username)
    user.set_password(password)
    user.is_active = True
    user.save()
    grant(user, tenancy.home_club().pk, SPIELWART)
    return password
