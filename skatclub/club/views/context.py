"""Template context shared by every page."""

from django.conf import settings
from django.http import HttpRequest


def club(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    return {
        "club_name": settings.SKATCLUB_NAME,
        "is_spielwart": bool(user and user.is_authenticated and is_spielwart_user(user)),
    }


def is_spielwart_user(user: object) -> bool:
    from skatclub.club.views.permissions import is_spielwart

    return is_spielwart(user)
