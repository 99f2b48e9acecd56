"""The Django admin: players, seasons and events can be edited; everything that results are
made of (Serien, tables, seats, games, totals, history) is read-only here, because only the
services keep seat sums, scores, second signatures and the history right."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from skatclub.club import models


class ReadOnlyMixin:
    """No adding, changing or deleting: the admin only shows these rows."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class SeatInline(ReadOnlyMixin, admin.TabularInline[models.Seat, models.Table]):
    model = models.Seat
    extra = 0
    fields = ("position", "player", "list_score", "won", "lost", "others_lost", "score")
    readonly_fields = fields


class GameInline(ReadOnlyMixin, admin.TabularInline[models.Game, models.Table]):
    model = models.Game
    extra = 0
    fields = ("number", "declarer", "notation", "won", "game_value", "list_score", "derivation")
    readonly_fields = fields


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin[models.Player]):
    list_display = ("name", "key", "is_guest", "is_active")
    list_filter = ("is_guest", "is_active")
    search_fields = ("name", "key")


@admin.register(models.Season)
class SeasonAdmin(admin.ModelAdmin[models.Season]):
    list_display = ("year", "name", "ranking_rule", "best_n", "min_rounds")


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin[models.Event]):
    list_display = ("date", "name", "key", "ruleset", "cents_per_point")
    list_filter = ("season", "ruleset")
    search_fields = ("name", "key")
    date_hierarchy = "date"


@admin.register(models.Round)
class RoundAdmin(ReadOnlyMixin, admin.ModelAdmin[models.Round]):
    list_display = ("event", "number", "seating", "seed")
    list_filter = ("event__season",)


@admin.register(models.Table)
class TableAdmin(ReadOnlyMixin, admin.ModelAdmin[models.Table]):
    list_display = ("round", "number", "entry", "check_status")
    list_filter = ("entry", "check_status")
    inlines = [SeatInline, GameInline]


@admin.register(models.Change)
class ChangeAdmin(ReadOnlyMixin, admin.ModelAdmin[models.Change]):
    list_display = ("at", "table", "game_number", "action", "user")
    list_filter = ("action",)


admin.site.register(models.Club)
admin.site.site_header = "skatclub – Verwaltung"
