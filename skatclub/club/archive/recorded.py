"""Checking a game that carries its recorded value (`"recorded": {"list_score": …}`).

A game the rules refuse, or whose recorded value differs from the Spielwert, is refused by the
strict import (the default: the whole archive imports nothing) and kept "as recorded" by
`import_archive --as-recorded`: with the recorded value, marked, and the engine's German reason
(`services.recorded_fields`). A record that agrees with the rules is an ordinary game. The
optional `reason` is what an export wrote; the import recomputes it. Reads/writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring import ScoringError
from skatclub.club.models import Event
from skatclub.club.services import EntryError, recorded_fields

Valued = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]
REASON_LENGTH = 500
HINT = "Mit --as-recorded wird das Spiel so übernommen, wie die Liste es erfasst hat."


def kept_as_recorded(
    event: Event,
    game: dict[str, Any],
    outcome: dict[str, Any],
    recorded: Any,
    as_recorded: bool,
    valued: Callable[[], Valued],
) -> Valued:
    """(fields, game, outcome) of a game with a recorded value; EntryError or ScoringError when
    it cannot be imported in this mode."""
    list_score = _recorded_list_score(recorded)
    try:
        shared: Valued | None = valued()
    except ScoringError:
        shared = None
    if shared is not None and shared[0]["list_score"] == list_score:
        return shared  # record and rules agree: an ordinary game
    fields = recorded_fields(event=event, declaration=game, outcome=outcome, list_score=list_score)
    if fields is None:  # same value, but the rules and the list disagree on nothing else
        assert shared is not None
        return shared
    if not as_recorded:
        raise EntryError("as_recorded", f"{fields['deviation']} {HINT}")
    del fields["declaration"], fields["outcome"]
    return fields, game, outcome


def refused_without_record(error: ScoringError) -> EntryError:
    """A refused game without a recorded value: not even --as-recorded can keep it."""
    return EntryError(
        error.code,
        f"{error.message} (Fehlercode {error.code}) Ohne erfassten Wert („recorded“: "
        "„list_score“) kann das Spiel auch abweichend nicht übernommen werden.",
    )


def _recorded_list_score(raw: Any) -> int:
    if not isinstance(raw, dict) or set(raw) - {"list_score", "reason"}:
        raise EntryError(
            "invalid_request",
            "„recorded“ muss ein JSON-Objekt mit „list_score“ (und höchstens „reason“) sein.",
        )
    value = raw.get("list_score")
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError("invalid_request", "„recorded.list_score“ muss eine ganze Zahl sein.")
    reason = raw.get("reason", "")
    if not isinstance(reason, str) or len(reason) > REASON_LENGTH:
        raise EntryError(
            "invalid_request",
            f"„recorded.reason“ muss ein Text von höchstens {REASON_LENGTH} Zeichen sein.",
        )
    return value
