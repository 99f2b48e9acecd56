"""Checking a game that carries its recorded value (`"recorded": {"list_score": …}`, for a
Ramsch `"recorded": {"list_scores": [[seat, score], …]}`).

A game the rules refuse, or whose recorded value differs from the Spielwert, is refused by the
strict import (the default: the whole archive imports nothing) and kept "as recorded" by
`import_archive --as-recorded`: with the recorded value, marked, and the engine's German reason
(`services.recorded_fields`, `scoring.recorded_ramsch`). A record that agrees with the rules is
an ordinary game. A Ramsch the rules refuse without a recorded value is kept as its numbers
stand (`scoring.literal_ramsch_scores`): a club's program counted so. The optional `reason` is
what an export wrote; the import recomputes it. Every refusal says how to go on (`HINT`,
`FIX_HINT`). Reads/writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scoring import ScoringError
from scoring.ramsch import RamschDeal
from scoring.recorded import literal_ramsch_scores, recorded_ramsch, seat_scores_text
from skatclub.club import services
from skatclub.club.models import Event
from skatclub.club.services import EntryError, recorded_fields

Valued = tuple[dict[str, Any], dict[str, Any], dict[str, Any]]
REASON_LENGTH = 500
HINT = "Weiter: mit „wie erfasst“ (--as-recorded) so übernehmen, wie die Liste es erfasst hat."
FIX_HINT = (
    "Weiter: die Angabe im Archiv berichtigen, oder den Wert der Liste als „recorded“ "
    "angeben und mit „wie erfasst“ (--as-recorded) übernehmen."
)


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
        "„list_score“) kann das Spiel auch abweichend nicht übernommen werden. Weiter: die "
        "Angabe berichtigen oder den Wert der Liste als „recorded“ angeben.",
    )


def refused_strictly(error: ScoringError) -> EntryError:
    """A game the rules refuse, in the strict import: the reason and the way forward."""
    return EntryError(error.code, f"{error.message} (Fehlercode {error.code}) {FIX_HINT}")


def kept_ramsch(
    event: Event,
    deal: RamschDeal,
    bock: int,
    recorded: Any,
    as_recorded: bool,
    valued: Callable[[], dict[str, Any]],
) -> dict[str, Any]:
    """The fields of a Ramsch (with `ramsch_scores` per seat): by the rules where they agree
    with the record (or there is none and they accept the deal), else kept as recorded when
    `as_recorded`; an EntryError naming the way forward when it cannot be imported so."""
    fields: dict[str, Any] | None = None
    refusal: ScoringError | None = None
    try:
        fields = valued()
    except ScoringError as error:
        refusal = error
    if recorded is None and fields is not None:
        return fields
    listed = _recorded_ramsch_scores(recorded) if recorded is not None else None
    options = services.ramsch_options(event)
    try:
        if listed is None:  # refused, no record: the numbers as they stand
            assert refusal is not None
            listed = literal_ramsch_scores(deal, options, bock)
            kept = recorded_ramsch(listed, refusal=refusal)
        elif fields is not None:
            kept = recorded_ramsch(listed, scores=fields["ramsch_scores"])
        else:
            kept = recorded_ramsch(listed, refusal=refusal)
    except ScoringError as error:
        raise EntryError(error.code, error.message) from None
    if kept is None:
        assert fields is not None
        return fields
    if not as_recorded:
        raise EntryError("as_recorded", f"{kept.reason} {HINT}")
    return {
        **services.PASSED_FIELDS,
        "notation": services.ramsch_notation(deal, bock),
        "derivation": f"{services.RECORDED_DERIVATION}: {seat_scores_text(kept.scores)}"[:200],
        "ramsch": {**deal.to_dict(), "bock": bock},
        "as_recorded": True,
        "deviation": kept.reason[: services.DEVIATION_LENGTH],
        "ramsch_scores": kept.scores,
    }


def _recorded_ramsch_scores(raw: Any) -> dict[int, int]:
    """`{"list_scores": [[seat, score], …], "reason": …}` of a Ramsch, as seat -> score."""
    pairs = raw.get("list_scores") if isinstance(raw, dict) else None
    if (
        not isinstance(raw, dict)
        or set(raw) - {"list_scores", "reason"}
        or not isinstance(pairs, list)
        or len(pairs) > MAX_SEATS
        or not all(
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(n, int) and not isinstance(n, bool) for n in pair)
            for pair in pairs
        )
    ):
        raise EntryError(
            "invalid_request",
            "„recorded“ eines Ramsch ist ein JSON-Objekt mit „list_scores“: [[Platz, "
            "Spielpunkte], …] (und höchstens „reason“).",
        )
    scores = {seat: score for seat, score in pairs}
    if len(scores) != len(pairs) or not all(1 <= seat <= MAX_SEATS for seat in scores):
        raise EntryError(
            "invalid_request", f"„recorded.list_scores“: jeder Platz (1 bis {MAX_SEATS}) einmal."
        )
    _check_reason(raw)
    return scores


MAX_SEATS = 5


def _check_reason(raw: dict[str, Any]) -> None:
    reason = raw.get("reason", "")
    if not isinstance(reason, str) or len(reason) > REASON_LENGTH:
        raise EntryError(
            "invalid_request",
            f"„recorded.reason“ muss ein Text von höchstens {REASON_LENGTH} Zeichen sein.",
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
    _check_reason(raw)
    return value
