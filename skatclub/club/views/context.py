"""Template context shared by every page: the name of the club the page is for, the login's
role and the rule texts pages explain scores with (from the engine, never in a template)."""

from django.conf import settings
from django.http import HttpRequest

from scoring import WON_BONUS, score_rule


def club(request: HttpRequest) -> dict[str, object]:
    user = getattr(request, "user", None)
    acting_for = getattr(request, "club", None)
    return {
        "club_name": acting_for.name if acting_for else settings.SKATCLUB_NAME,
        "is_spielwart": bool(user and user.is_authenticated and is_spielwart_user(user)),
        "is_checker": bool(user and user.is_authenticated and is_checker_user(user)),
        "score_rule": score_rule(),
        "won_bonus": WON_BONUS,
    }


def is_spielwart_user(user: object) -> bool:
    from skatclub.club.views.permissions import is_spielwart

    return is_spielwart(user)


def is_checker_user(user: object) -> bool:
    from skatclub.club.views.permissions import is_checker

    return is_checker(user)
