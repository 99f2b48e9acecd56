from django.contrib import admin

from skatclub.club import models


class SeatInline(admin.TabularInline):
    model = models.Seat
    extra = 0
    readonly_fields = ("list_score", "won", "lost")


class GameInline(admin.TabularInline):
    """Read-only: results change only through the Spielwart's pages, which keep the history."""

    model = models.Game
    extra = 0
    fields = ("number", "declarer", "notation", "won", "game_value", "list_score", "derivation")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


@admin.register(models.Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "key", "is_guest", "is_active")
    list_filter = ("is_guest", "is_active")
    search_fields = ("name", "key")


@admin.register(models.Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ("year", "name", "ranking_rule", "best_n", "min_rounds")


@admin.register(models.Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("date", "name", "key", "ruleset", "cents_per_point")
    list_filter = ("season", "ruleset")
    search_fields = ("name", "key")
    date_hierarchy = "date"


@admin.register(models.Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "seating", "seed")
    list_filter = ("event__season",)


@admin.register(models.Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("round", "number", "entry", "check_status")
    list_filter = ("entry", "check_status")
    inlines = [SeatInline, GameInline]


@admin.register(models.Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ("at", "table", "game_number", "action", "user")
    list_filter = ("action",)
    readonly_fields = [f.name for f in models.Change._meta.fields]

    def has_add_permission(self, request):  # type: ignore[no-untyped-def]
        return False

    def has_change_permission(self, request, obj=None):  # type: ignore[no-untyped-def]
        return False


admin.site.register(models.Club)
admin.site.site_header = "skatclub – Verwaltung"
