from typing import Any

from django.apps import AppConfig
from django.core import checks
from django.db.models.signals import post_migrate, post_save, pre_migrate


class ClubConfig(AppConfig):
    name = "skatclub.club"
    label = "club"
    verbose_name = "Skatclub"

    def import_models(self) -> None:
        """The app's records: `models`, and those kept beside their code, the spreadsheet
        import's (`imports.models`), the archive import's (`archive.models`) and the league's
        (`leagues.models`). They are registered here, in the same step as `models`: `models`
        does not import them, since the imports and the league sit above the models whose
        rows they use (docs/architecture.md)."""
        super().import_models()
        import skatclub.club.archive.models  # noqa: F401 (registers ArchiveImport)
        import skatclub.club.imports.models  # noqa: F401 (registers SpreadsheetImport, SpreadsheetMapping)
        import skatclub.club.leagues.models  # noqa: F401 (registers League, Division, …)

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from skatclub.club.migration_history import refuse_unreachable
        from skatclub.club.models import Change
        from skatclub.club.services import record_login, record_login_failure

        checks.register(undeclared_proxy, checks.Tags.security, deploy=True)
        pre_migrate.connect(refuse_unreachable, sender=self)
        post_migrate.connect(_home_club, sender=self)
        # Every write at a table leaves a Change: the event's fetched printouts are rendered
        # again a minute later (off in the tests, SKATCLUB_WARM_PRINTS).
        post_save.connect(_warm_after_change, sender=Change)
        # The device cookies of the login lockout (services/login_devices.py).
        user_logged_in.connect(record_login, dispatch_uid="skatclub-device-login")
        user_login_failed.connect(record_login_failure, dispatch_uid="skatclub-device-failure")


def _warm_after_change(sender: Any, **kwargs: Any) -> None:
    # Imported at the first change, not at start-up: the tasks bind their backend when
    # imported, after the settings are complete (the tests change them before).
    from skatclub.club.tasks.printing import warm_after_change

    warm_after_change(sender, **kwargs)


def _home_club(using: str = "default", apps: Any = None, **kwargs: Any) -> None:
    """A migrated database has its club (`tenancy.home_club`), so a laptop needs no step and a
    row built in memory (an import's plan) never creates one as a side effect. Not after a
    migration back to before clubs had their columns (`apps` is the migrated state)."""
    from skatclub.club.tenancy import home_club_fields

    club = apps.get_model("club", "Club") if apps is not None else None
    if club is None or "slug" not in {f.name for f in club._meta.get_fields()}:
        return
    if not club.objects.using(using).exists():
        club.objects.using(using).create(**home_club_fields())


def undeclared_proxy(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """`check --deploy`: behind a proxy (HTTPS=1 means a TLS proxy in front, or requests came
    with X-Forwarded-For) the login lock needs SKATCLUB_PROXY_HOPS, or every client has the
    proxy's address."""
    from pathlib import Path

    from django.conf import settings

    if settings.SKATCLUB_PROXY_HOPS:
        return []
    marker = settings.SKATCLUB_FORWARDED_MARKER
    seen = bool(marker) and Path(marker).exists()
    if not (seen or settings.HTTPS):
        return []
    why = "requests came with X-Forwarded-For" if seen else "HTTPS=1 puts a TLS proxy in front"
    return [
        checks.Warning(
            f"SKATCLUB_PROXY_HOPS is not set although {why}: the login lock then counts every "
            "client as the proxy's address.",
            hint="Set SKATCLUB_PROXY_HOPS to the number of proxies that append to "
            "X-Forwarded-For (docs/operations.md).",
            id="skatclub.W001",
        )
    ]
