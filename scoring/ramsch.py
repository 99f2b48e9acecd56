"""Ramsch (house rule, docs/rules.md §12.3): the scores of a deal everybody passed and ramsched.

Owns `ramsch_scores` and its options. Reads each player's card points and tricks (Skat already
counted to whoever got it), the number of pushes (Schieben) and knocks (Klopfen); writes nothing.
Every push, knock and Jungfrau (a player without a trick) doubles. A Durchmarsch (one player took
every trick) scores +120, doubled by pushes/knocks only if `durchmarsch_multiplied`.
A tie for most card points needs a configured `tie_rule`; with `last_trick_loses` the tied player
who took the last trick loses, and if none of them took it all tied players lose.
With a `loss_cap` no player loses more than that many points in one Ramsch, after every doubling
(Bock included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from scoring.errors import (
    ImpossibleAugen,
    InvalidRequest,
    OutcomeInconsistent,
    TieRuleRequired,
    TricksInconsistent,
)
from scoring.value import MAX_BOCK

PLAYERS = 3
TRICKS = 10
MAX_DOUBLINGS = 32  # far above any real table (each player pushes/knocks once); keeps 2^n small
DURCHMARSCH = 120
# Input bound, not a rule: far above any cap a club keeps (the real one of issue 29: 250).
MAX_LOSS_CAP = 10_000


class RamschScoring(StrEnum):
    LOSER_ONLY = "loser_only"  # the player with most card points scores them negative
    EVERYONE_MINUS_OWN = "everyone_minus_own"  # [LEAF]: everyone scores his own negative

    def __repr__(self) -> str:
        return f"RamschScoring.{self.name}"


class TieRule(StrEnum):
    ALL_TIED_LOSE = "all_tied_lose"
    LAST_TRICK_LOSES = "last_trick_loses"

    def __repr__(self) -> str:
        return f"TieRule.{self.name}"


@dataclass(frozen=True, slots=True)
class RamschOptions:
    scoring: RamschScoring = RamschScoring.LOSER_ONLY
    tie_rule: TieRule | None = None
    durchmarsch_multiplied: bool = False
    # House rule "Verlust begrenzt": a Ramsch costs a player at most this many points. No seed
    # text names it (docs/rules.md §12.3 lists what they do); it is what real clubs keep: the
    # game-by-game history of issue 29 (233 evenings, kept by the group's own program) capped
    # every Ramsch loss at 250, where Schieben, Jungfrauen and Bock would have made up to 736.
    # Other clubs cap at the Grand's value; the event says which number, None: no cap.
    loss_cap: int | None = None

    def __post_init__(self) -> None:
        cap = self.loss_cap
        if cap is not None and (
            isinstance(cap, bool) or not isinstance(cap, int) or not 1 <= cap <= MAX_LOSS_CAP
        ):
            raise InvalidRequest(
                f"Die Begrenzung des Ramsch-Verlusts ist eine Zahl von 1 bis {MAX_LOSS_CAP}."
            )


def capped(score: int, cap: int | None) -> int:
    """A Ramsch score with the loss cap applied: a loss never below −cap, a gain unchanged."""
    return score if cap is None else max(score, -cap)


def ramsch_scores(
    card_points: Sequence[int],
    tricks: Sequence[int],
    *,
    pushes: int = 0,
    knocks: int = 0,
    options: RamschOptions = RamschOptions(),  # noqa: B008 - frozen, so sharing it is safe
    last_trick: int | None = None,
) -> tuple[int, ...]:
    """One signed score per player, in the given order."""
    _check(card_points, tricks, pushes, knocks, last_trick)
    doublings = pushes + knocks
    if TRICKS in tricks:  # one player took every trick
        factor = 2**doublings if options.durchmarsch_multiplied else 1
        return tuple(DURCHMARSCH * factor if t == TRICKS else 0 for t in tricks)
    factor = 2 ** (doublings + sum(1 for t in tricks if t == 0))
    cap = options.loss_cap
    if options.scoring is RamschScoring.EVERYONE_MINUS_OWN:
        return tuple(capped(-points * factor, cap) for points in card_points)
    losers = _losers(card_points, options.tie_rule, last_trick)
    return tuple(capped(-p * factor, cap) if i in losers else 0 for i, p in enumerate(card_points))


def _losers(
    card_points: Sequence[int], tie_rule: TieRule | None, last_trick: int | None
) -> set[int]:
    most = max(card_points)
    tied = {i for i, points in enumerate(card_points) if points == most}
    if len(tied) == 1:
        return tied
    if tie_rule is None:
        raise TieRuleRequired(
            f"Gleichstand mit {most} Augen: im Club muss geregelt sein, wer verliert "
            "(alle Gleichen oder wer den letzten Stich hat)."
        )
    if tie_rule is TieRule.LAST_TRICK_LOSES:
        if last_trick is None:
            raise InvalidRequest(
                "Bei Gleichstand fehlt, wer den letzten Stich hatte („last_trick“)."
            )
        if last_trick in tied:
            return {last_trick}
    return tied


def _check(
    card_points: Sequence[int],
    tricks: Sequence[int],
    pushes: int,
    knocks: int,
    last_trick: int | None,
) -> None:
    if len(card_points) != PLAYERS or len(tricks) != PLAYERS:
        raise InvalidRequest("Ramsch wird zu dritt gespielt: je 3 Augen- und Stichzahlen angeben.")
    if not (0 <= pushes <= MAX_DOUBLINGS and 0 <= knocks <= MAX_DOUBLINGS):
        raise InvalidRequest(f"Schieben und Klopfen: je 0 bis {MAX_DOUBLINGS} mal.")
    if last_trick is not None and not 0 <= last_trick < PLAYERS:
        raise InvalidRequest(f"Den letzten Stich hat Spieler 0, 1 oder 2, nicht {last_trick}.")
    if any(not 0 <= p <= 120 for p in card_points):
        raise ImpossibleAugen("Augen gehen von 0 bis 120.")
    if sum(card_points) != 120:
        raise OutcomeInconsistent(f"Die Augen ergeben {sum(card_points)} statt 120.")
    if any(t < 0 for t in tricks) or sum(tricks) != TRICKS:
        raise TricksInconsistent(f"Die Stiche ergeben {sum(tricks)} statt {TRICKS}.")


@dataclass(frozen=True, slots=True)
class RamschDeal:
    """One Ramsch as a Spielliste records it, by seat number at the table.

    Either every playing seat's Augen (`card_points`, three entries) or, for a quick entry, only
    the loser's (`card_points` with one entry: that seat lost those Augen). `virgins` are the
    seats without a trick (Jungfrau), `durchmarsch` the seat that took every trick, `last_trick`
    the seat that took the last one (needed only for the tie rule `last_trick_loses`).
    """

    card_points: tuple[tuple[int, int], ...]  # (seat, Augen)
    pushes: int = 0
    knocks: int = 0
    virgins: tuple[int, ...] = ()
    durchmarsch: int | None = None
    last_trick: int | None = None

    @property
    def is_quick(self) -> bool:
        return len(self.card_points) == 1

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(seat for seat, _ in self.card_points)

    def to_dict(self) -> dict[str, object]:
        return {
            "card_points": [list(pair) for pair in self.card_points],
            "pushes": self.pushes,
            "knocks": self.knocks,
            "virgins": list(self.virgins),
            "durchmarsch": self.durchmarsch,
            "last_trick": self.last_trick,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RamschDeal:
        """The inverse of `to_dict`; anything malformed is an `InvalidRequest`."""
        try:
            pairs = tuple((int(seat), int(points)) for seat, points in data["card_points"])
            virgins = tuple(int(seat) for seat in data.get("virgins") or ())
            return cls(
                pairs,
                pushes=int(data.get("pushes") or 0),
                knocks=int(data.get("knocks") or 0),
                virgins=virgins,
                durchmarsch=_optional_seat(data.get("durchmarsch")),
                last_trick=_optional_seat(data.get("last_trick")),
            )
        except (KeyError, TypeError, ValueError):
            raise InvalidRequest("Ein Ramsch braucht „card_points“: [[Platz, Augen], …].") from None


def _optional_seat(value: object) -> int | None:
    return None if value is None else int(str(value))


def ramsch_deal_scores(
    deal: RamschDeal,
    options: RamschOptions = RamschOptions(),  # noqa: B008 - frozen
) -> dict[int, int]:
    """Signed score per seat of the deal (seats not listed score 0)."""
    if not (0 <= deal.pushes <= PLAYERS and 0 <= deal.knocks <= PLAYERS):
        raise InvalidRequest(
            f"Schieben und Klopfen: jeder Spieler höchstens einmal, also je 0 bis {PLAYERS} mal."
        )
    seats = [seat for seat, _ in deal.card_points]
    if len(set(seats)) != len(seats):
        raise InvalidRequest("Ein Platz steht beim Ramsch doppelt.")
    if deal.is_quick:
        return _quick_scores(deal, options)
    if deal.durchmarsch is not None and deal.durchmarsch not in seats:
        raise InvalidRequest(f"Platz {deal.durchmarsch} spielt diesen Ramsch nicht mit.")
    for seat, points in deal.card_points:
        if seat in deal.virgins and points:
            raise OutcomeInconsistent(f"Platz {seat} ist Jungfrau und hat doch {points} Augen.")
    tricks = _tricks(seats, deal)
    last = seats.index(deal.last_trick) if deal.last_trick in seats else None
    scores = ramsch_scores(
        [points for _, points in deal.card_points],
        tricks,
        pushes=deal.pushes,
        knocks=deal.knocks,
        options=options,
        last_trick=last,
    )
    return dict(zip(seats, scores, strict=True))


def _quick_scores(deal: RamschDeal, options: RamschOptions) -> dict[int, int]:
    """Only the loser and his Augen: every push, knock and Jungfrau doubles them."""
    if options.scoring is RamschScoring.EVERYONE_MINUS_OWN:
        raise InvalidRequest("Wenn jeder seine Augen verliert, braucht es die Augen aller drei.")
    (seat, points), doublings = deal.card_points[0], deal.pushes + deal.knocks
    if not 0 <= points <= 120 or points in (1, 119):
        raise ImpossibleAugen(f"{points} Augen gibt es beim Ramsch nicht.")
    if not (0 <= deal.pushes <= MAX_DOUBLINGS and 0 <= deal.knocks <= MAX_DOUBLINGS):
        raise InvalidRequest(f"Schieben und Klopfen: je 0 bis {MAX_DOUBLINGS} mal.")
    if len(deal.virgins) > PLAYERS - 1 or seat in deal.virgins:
        raise OutcomeInconsistent("Der Verlierer hat Stiche: er kann keine Jungfrau sein.")
    return {seat: capped(-points * 2 ** (doublings + len(deal.virgins)), options.loss_cap)}


def _tricks(seats: Sequence[int], deal: RamschDeal) -> list[int]:
    """Trick counts that say what the Spielliste says: who took none, who took all."""
    if deal.durchmarsch is not None:
        return [TRICKS if seat == deal.durchmarsch else 0 for seat in seats]
    unknown = [seat for seat in seats if seat not in deal.virgins]
    if not unknown:
        raise TricksInconsistent("Mindestens ein Spieler hat beim Ramsch Stiche.")
    counts = {seat: 0 if seat in deal.virgins else 1 for seat in seats}
    counts[unknown[0]] += TRICKS - len(unknown)
    return [counts[seat] for seat in seats]


@dataclass(frozen=True, slots=True)
class RamschResult:
    """The deal's signed score per seat and how it came about, in German."""

    scores: dict[int, int]
    derivation: str


def ramsch_result(
    deal: RamschDeal,
    options: RamschOptions = RamschOptions(),  # noqa: B008 - frozen
    bock: int = 0,
) -> RamschResult:
    """`ramsch_deal_scores`, doubled once per Bock level, with its derivation; the loss cap
    holds after the Bock doubling too (the derivation shows the loss before and after it)."""
    if not 0 <= bock <= MAX_BOCK:
        raise InvalidRequest(f"Bock: 0 bis {MAX_BOCK} mal.")
    uncapped_options = replace(options, loss_cap=None)
    full = {seat: s * 2**bock for seat, s in ramsch_deal_scores(deal, uncapped_options).items()}
    scores = {seat: capped(score, options.loss_cap) for seat, score in full.items()}
    factors = [f"× 2 ({deal.pushes}× Schieben)"] * bool(deal.pushes)
    factors += [f"× 2 ({deal.knocks}× Klopfen)"] * bool(deal.knocks)
    factors += [f"× 2 (Jungfrau Platz {seat})" for seat in deal.virgins]
    factors += ["× 2 (Bock)"] * bock
    if deal.durchmarsch is not None:
        multiplied = options.durchmarsch_multiplied
        head = f"Durchmarsch Platz {deal.durchmarsch}: {DURCHMARSCH}"
        shown = factors if multiplied else factors[-bock:] if bock else []
        text = " ".join([head, *shown])
        return RamschResult(scores, f"{text} = {scores[deal.durchmarsch]:+d}")
    times = "".join(f" {factor}" for factor in factors)
    parts = [
        f"Platz {seat} {points} Augen{times} = {full[seat]}" + _cap_note(full[seat], scores[seat])
        for seat, points in deal.card_points
        if scores.get(seat)
    ]
    return RamschResult(scores, "Ramsch: " + "; ".join(parts))


def _cap_note(full: int, score: int) -> str:
    """ ", Verlust begrenzt auf 250 = -250" where the cap took something off."""
    return "" if full == score else f", Verlust begrenzt auf {-score} = {score}"
