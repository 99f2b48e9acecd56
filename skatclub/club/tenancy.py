"""Which club a request (or a command) acts for, and the club of rows created without one.

One server hosts many clubs (`Club`); every season, event, player, Offiziersskat match and
login role belongs to one. A request names its club by its path (`/v/<slug>/…`, see
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
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

from django.conf import settings
from django.db import models
from django.utils.text import slugify

if TYPE_CHECKING:
    from skatclub.club.models import Club

_M = TypeVar("_M", bound=models.Model)
_current: ContextVar[Club | None] = ContextVar("skatclub_club", default=None)

# The path prefix of a club's pages: /v/<slug>/ ("Verein").
PREFIX = "v"
MAX_SLUG = 50
SLUG = re.compile(r"[-a-zA-Z0-9_]{1,50}")


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
    from skatclub.club.models import Club

    club = Club.objects.order_by("pk").first()
    return club if club is not None else new_home_club("default")


def new_home_club(using: str) -> Club:
    """The first club, named from the setting (`migrate` makes it, see `apps`)."""
    from skatclub.club.models import Club

    return Club.objects.using(using).create(**home_club_fields())


def home_club_fields() -> dict[str, str]:
    """Name and slug of the first club, from the setting."""
    name = str(settings.SKATCLUB_NAME)[:200]
    return {"name": name, "slug": slug_for(name)}


def slug_for(name: str) -> str:
    """A club's address from its name (`add_club` takes one as typed)."""
    return slugify(name)[:MAX_SLUG] or "verein"


def club_by_slug(slug: str) -> Club | None:
    from skatclub.club.models import Club

    if not SLUG.fullmatch(slug):
        return None
    return Club.objects.filter(slug=slug).order_by("pk").first()  # unique: no sort by name


def club_by_slug_any_case(slug: str, *, besides: int | None = None) -> Club | None:
    """The club whose slug is `slug` in any case (but not club `besides`): slugs are unique
    regardless of case, or "SFA" and "sfa" would be two clubs that read as one."""
    from skatclub.club.models import Club

    found = Club.objects.filter(slug__iexact=slug)
    if besides is not None:
        found = found.exclude(pk=besides)
    return found.order_by("pk").first()


def club_reverse(club: Club, name: str) -> str:
    """The address of the page `name` of `club`, from a request without a club prefix."""
    from django.urls import get_script_prefix, reverse, set_script_prefix

    prefix = get_script_prefix()
    set_script_prefix(f"{prefix}{PREFIX}/{club.slug}/")
    try:
        return reverse(name)
    finally:
        set_script_prefix(prefix)


def only_club() -> tuple[Club | None, bool]:
    """(the club, False) with one club, (None, False) with none yet, (None, True) with more."""
    from skatclub.club.models import Club

    clubs = list(Club.objects.order_by("pk")[:2])
    if len(clubs) == 1:
        return clubs[0], False
    return None, len(clubs) > 1


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
