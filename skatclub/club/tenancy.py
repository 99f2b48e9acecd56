"""Which club a request (or a command) acts for, and the club of rows created without one.

One server hosts many clubs (`Club`, whose record lives here: the default of every `club`
column and the lookups by slug read it, and the club's other models build on this module;
`models` names it too); every season, event, player, Offiziersskat match and login role
belongs to one. A request names its club by its path (`/v/<slug>/…`, see
`skatclub.middleware.ClubMiddleware`); a laptop with one club needs no prefix at all.

The club is kept in a context variable while the request runs, and the default managers of the
club's models (`Season`, `Event`, `Player`, `Match`) filter by it: a lookup that forgets the
club still cannot reach another club's rows (tests/club/test_tenancy.py walks every URL).
Lookups that reach a model through a join (a `Table` by its event's key) do not go through a
manager; they filter by the club themselves (`views.lookups`). Outside a request (commands,
tests calling services) no club is set and the managers see every club.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, connection, models
from django.urls import get_script_prefix, reverse, set_script_prefix
from django.utils.text import slugify

_M = TypeVar("_M", bound=models.Model)
_current: ContextVar[Club | None] = ContextVar("skatclub_club", default=None)

# The path prefix of a club's pages: /v/<slug>/ ("Verein").
PREFIX = "v"
MAX_SLUG = 50
SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


class Club(models.Model):
    """A tenant: a club (or a Verband running a league) with its own players, seasons, events,
    Spielwarte and public pages under /v/<slug>/."""

    name = models.CharField("Name", max_length=200)
    slug = models.SlugField("Kurzname (Adresse)", max_length=MAX_SLUG, unique=True)
    staff = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="ClubStaff",
        related_name="clubs",
        blank=True,
        verbose_name="Spielwarte und Prüfer",
    )

    class Meta:
        verbose_name = "Club"
        verbose_name_plural = "Clubs"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def validate_unique(self, exclude: Collection[str] | None = None) -> None:
        """The slug also unique regardless of case (the admin's form checks this way)."""
        super().validate_unique(exclude)
        if exclude and "slug" in exclude:
            return
        other = club_by_slug_any_case(self.slug, besides=self.pk)
        if other is not None:
            raise ValidationError(
                {"slug": f"Den Kurznamen gibt es schon als „{other.slug}“ (Verein „{other}“)."}
            )


_CLUB_COLUMNS = ["id", "name", "slug"]
_FIRST_TWO_CLUBS = (
    f"SELECT {', '.join(_CLUB_COLUMNS)} FROM {Club._meta.db_table} ORDER BY id LIMIT 2"  # noqa: S608
)


def current_club() -> Club | None:
    return _current.get()


def current_club_id() -> int | None:
    club = _current.get()
    return None if club is None else club.pk


@contextmanager
def acting_for(club: Club | None) -> Iterator[None]:
    """Run the block for `club` (None: for no club in particular, every club is visible)."""
    token = _current.set(club)
    try:
        yield
    finally:
        _current.reset(token)


def home_club() -> Club:
    """The club of a laptop installation: the first club (created by `migrate`)."""
    club = Club.objects.order_by("pk").first()
    return club if club is not None else new_home_club("default")


def new_home_club(using: str) -> Club:
    """The first club, named from the setting (`migrate` makes it, see `apps`)."""
    return Club.objects.using(using).create(**home_club_fields())


def home_club_fields() -> dict[str, str]:
    """Name and slug of the first club, from the setting."""
    name = str(settings.SKATCLUB_NAME)[:200]
    return {"name": name, "slug": slug_for(name)}


def slug_for(name: str) -> str:
    """A club's address from its name (`add_club` takes one as typed)."""
    return slugify(name)[:MAX_SLUG] or "verein"


def club_by_slug(slug: str) -> Club | None:
    if not SLUG.fullmatch(slug):
        return None
    return Club.objects.filter(slug=slug).order_by("pk").first()  # unique: no sort by name


def club_by_slug_any_case(slug: str, *, besides: int | None = None) -> Club | None:
    """The club whose slug is `slug` in any case (but not club `besides`): slugs are unique
    regardless of case, or "SFA" and "sfa" would be two clubs that read as one."""
    found = Club.objects.filter(slug__iexact=slug)
    if besides is not None:
        found = found.exclude(pk=besides)
    return found.order_by("pk").first()


def club_reverse(club: Club, name: str) -> str:
    """The address of the page `name` of `club`, from a request without a club prefix."""
    prefix = get_script_prefix()
    set_script_prefix(f"{prefix}{PREFIX}/{club.slug}/")
    try:
        return reverse(name)
    finally:
        set_script_prefix(prefix)


def only_club() -> tuple[Club | None, bool]:
    """(the club, False) with one club, (None, False) with none yet, (None, True) with more.

    Every request without a club prefix asks this (a phone's poll too), so it is one line of
    SQL written out: building the same query with the ORM cost three times the query."""
    with connection.cursor() as cursor:
        cursor.execute(_FIRST_TWO_CLUBS)
        rows = cursor.fetchall()
    if len(rows) == 1:
        return Club.from_db(DEFAULT_DB_ALIAS, _CLUB_COLUMNS, rows[0]), False
    return None, len(rows) > 1


def club_for_new_rows() -> int:
    """The default of every `club` column: the club acted for, else the home club."""
    club_id = current_club_id()
    return club_id if club_id is not None else home_club().pk


def club_column(related_name: str = "+") -> Any:
    """The `club` column of a club's model: set to the club acted for when left out."""
    return models.ForeignKey(
        "club.Club",
        on_delete=models.PROTECT,
        default=club_for_new_rows,
        related_name=related_name,
        verbose_name="Club",
    )


class ClubManager(models.Manager[_M]):
    """The default manager of a club's model: only the rows of the club acted for, when one is
    (see the module's docstring); `club_path` is how the model reaches its club."""

    club_path = "club_id"

    def get_queryset(self) -> models.QuerySet[_M]:
        queryset = super().get_queryset()
        club_id = current_club_id()
        return queryset if club_id is None else queryset.filter(**{self.club_path: club_id})


def of_club(path: str) -> dict[str, int]:
    """A filter keeping a joined lookup inside the club acted for: `path` leads from the
    queried model to the club's id (e.g. "round__event__club_id")."""
    club_id = current_club_id()
    return {} if club_id is None else {path: club_id}


class AllClubsManager(models.Manager[_M]):
    """Every club's rows (`Model.all_clubs`): for what is unique over all clubs, such as a
    player's key, and for the benchmark's and the Verband's own overviews."""
