"""Personas and small club fixtures shared by all Django tests.

Personas: `spielwart` (enters results), `checker` (a second Spielwart who confirms lists),
`member` (logged in, may only read), and the anonymous visitor (the plain `client`).
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from skatclub.club.leagues.models import Division, Matchday
from skatclub.club.models import Event, Player, Round, Season, Table
from skatclub.club.roles import SPIELWART
from skatclub.club.services.users import grant
from skatclub.club.tenancy import home_club
from tests.helpers import hypothesis_profiles  # noqa: F401  (registers and loads the profile)
from tests.helpers.factories import PASSWORD, make_table
from tests.helpers.leagues import create_division, play_first_day


def pytest_configure(config: pytest.Config) -> None:
    """A fast password hasher (the personas log in hundreds of times per run); backups of
    the test database outside the project's data folder."""
    import tempfile

    from django.conf import settings

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Automatic backups (before a new Serie or an import) go to a folder of their own.
    settings.SKATCLUB_BACKUP_DIR = tempfile.mkdtemp(prefix="skatclub-test-backups-")
    # Kept uploads (the spreadsheet import's rows) and upload temporary files likewise.
    settings.SKATCLUB_UPLOAD_DIR = tempfile.mkdtemp(prefix="skatclub-test-uploads-")
    # A test's X-Forwarded-For must not leave the check --deploy warning in the data folder.
    marker = Path(tempfile.mkdtemp(prefix="skatclub-test-marker-")) / "forwarded"
    settings.SKATCLUB_FORWARDED_MARKER = str(marker)
    settings.FILE_UPLOAD_TEMP_DIR = tempfile.mkdtemp(prefix="skatclub-test-upload-tmp-")
    # The daily backup while serving is tested on its own (tests/club/test_daily_backup.py).
    settings.SKATCLUB_DAILY_BACKUP_HOURS = 0
    # No PDF cache across tests: ids repeat after each test's rollback, so keys would too.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    # Threads of the live server and the concurrency tests close their connections at once,
    # so the PostgreSQL test database can be dropped at the end.
    settings.DATABASES["default"]["CONN_MAX_AGE"] = 0
    # The fixtures' event is dated 2026-11-20 and its table links must keep writing whatever
    # day the suite runs; the tests of a link's expiry set their own number of days.
    settings.SKATCLUB_TABLE_LINK_DAYS = 100_000
    # No print run warmed after each change (tests/club/tasks/test_print_jobs.py turns it on).
    settings.SKATCLUB_WARM_PRINTS = False
    # Background jobs run at once, in the test process, inside the request that starts them
    # (tests/club/tasks/test_worker.py runs the real worker on the database queue).
    settings.TASKS = {
        "default": {
            "BACKEND": "django_tasks.backends.immediate.ImmediateBackend",
            "QUEUES": settings.TASK_QUEUES,
        }
    }


def _user(username: str, *, spielwart: bool) -> User:
    """A login of the home club (the one club of a laptop installation)."""
    user = User.objects.create_user(username, password=PASSWORD)
    if spielwart:
        grant(user, home_club().pk, SPIELWART)
    return user


@pytest.fixture
def spielwart(db: None) -> User:
    return _user("spielwart", spielwart=True)


@pytest.fixture
def checker(db: None) -> User:
    return _user("pruefer", spielwart=True)


@pytest.fixture
def member(db: None) -> User:
    return _user("mitglied", spielwart=False)


@pytest.fixture
def spielwart_client(client: Client, spielwart: User) -> Client:
    client.force_login(spielwart)
    return client


@pytest.fixture
def member_client(client: Client, member: User) -> Client:
    client.force_login(member)
    return client


PLAYER_NAMES = [
    ("anna", "Anna Albers"),
    ("bernd", "Bernd Brandt"),
    ("carla", "Carla Claus"),
    ("dieter", "Dieter Dahl"),
    ("emil", "Emil Ernst"),
    ("frieda", "Frieda Fink"),
    ("gerd", "Gerd Gold"),
    ("hanna", "Hanna Hahn"),
    ("ingo", "Ingo Igel"),
    ("jana", "Jana Jung"),
    ("karl", "Karl Kurz"),
    ("lena", "Lena Lang"),
]


@pytest.fixture
def players(db: None) -> dict[str, Player]:
    return {key: Player.objects.create(key=key, name=name) for key, name in PLAYER_NAMES}


@pytest.fixture
def event(db: None) -> Event:
    season = Season.objects.create(year=2026)
    return Event.objects.create(
        key="2026-11-20-preisskat",
        name="Preisskat November",
        date=datetime.date(2026, 11, 20),
        season=season,
        ruleset="isko",
        cents_per_point="1/4",
        lost_game_fees_cents=[50, 50, 50, 100],
    )


@pytest.fixture
def round_one(event: Event) -> Round:
    return Round.objects.create(event=event, number=1)


@pytest.fixture
def four_table(round_one: Round, players: dict[str, Player]) -> Table:
    """Table 1 of Serie 1: Anna, Bernd, Carla, Dieter in seat order."""
    return make_table(round_one, 1, [players[k] for k in ("anna", "bernd", "carla", "dieter")])


@pytest.fixture
def three_table(round_one: Round, players: dict[str, Player]) -> Table:
    """Table 2 of Serie 1: Emil, Frieda, Gerd."""
    return make_table(round_one, 2, [players[k] for k in ("emil", "frieda", "gerd")])


@pytest.fixture
def division(db: None) -> Division:
    """The Staffel of the hand-worked league (tests/helpers/leagues.py)."""
    return create_division()


@pytest.fixture
def first_day(division: Division) -> Matchday:
    """Spieltag 1 of the hand-worked league, its three Serien entered."""
    return play_first_day(division)
