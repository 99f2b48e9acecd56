"""The state of a club's pages that show more than one event (the start page), in one query:
every season's row with the number of its events, the newest one and the sum of their
versions. Every write anyone could see on a public page raises its event's `version`
(`services.versions`), so the state changes whenever an event does, or comes or goes, or a
season's settings change."""

from __future__ import annotations

from django.db.models import Count, Max, Sum

from skatclub.club.models import Season

SEASON_FIELDS = [field.attname for field in Season._meta.concrete_fields]


def club_state() -> tuple[object, ...]:
    """Changes with every change to the club's events and seasons (the club acted for)."""
    seasons = Season.objects.order_by("pk").values_list(
        *SEASON_FIELDS, Count("events"), Max("events__id"), Sum("events__version")
    )
    return tuple(seasons)
