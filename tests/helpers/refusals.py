"""What a refused request leaves behind: nothing stored, and a German message."""

from __future__ import annotations

import hashlib

from django.apps import apps
from django.contrib.auth.models import Group, User
from django.db.models import Model


def database_fingerprint() -> tuple[tuple[str, int, str], ...]:
    """Row count and a hash of every row of the club's tables and the logins: equal before and
    after a refused request proves it stored nothing."""
    models: list[type[Model]] = [*apps.get_app_config("club").get_models(), User, Group]
    result = []
    for model in models:
        rows = list(model._default_manager.order_by("pk").values_list())
        digest = hashlib.sha256(repr(rows).encode()).hexdigest()
        result.append((model.__name__, len(rows), digest))
    return tuple(result)


GERMAN_WORDS = (
    "bitte",
    "nicht",
    "kein",
    "muss",
    "gibt es",
    "höchstens",
    "mindestens",
    "zwingend",
    "gültig",
    "erlaubt",
    "sichtbare",
    "zahl",
    "schon",
    "bereits",
    "fehlt",
    "unbekannt",
    "kann",
)


def is_german_refusal(status: int, page: str) -> bool:
    """A 4xx whose page says in German what is wrong, and shows no internals."""
    text = page.lower()
    return (
        400 <= status < 500
        and any(word in text for word in GERMAN_WORDS)
        and "traceback" not in text
        and "exception" not in text
    )
