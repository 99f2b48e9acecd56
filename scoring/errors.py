"""Errors of the rules engine: one `ScoringError` subclass per violated rule.

Owns the error codes of `docs/spec/engine-cli.md` (plus `invalid_notation`). Every error carries
`code` (stable, English, for programs) and `message` (German, for the Spielwart at the table).
Forms turn them into field errors; the JSON command line prints them as `{"error": {...}}`.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """A request the rules refuse. `code` names the rule, `message` explains it in German."""

    code = "scoring_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r})"

    def to_dict(self) -> dict[str, object]:
        return {"error": {"code": self.code, "message": self.message}}


class InvalidJson(ScoringError):
    code = "invalid_json"


class InvalidRequest(ScoringError):
    code = "invalid_request"


class UnknownRuleset(ScoringError):
    code = "unknown_ruleset"


class IllegalBid(ScoringError):
    code = "illegal_bid"


class AnnouncementRequiresHand(ScoringError):
    code = "announcement_requires_hand"


class OuvertRequiresHand(ScoringError):
    code = "ouvert_requires_hand"


class AnnouncementNotInNull(ScoringError):
    code = "announcement_not_in_null"


class SpitzenOutOfRange(ScoringError):
    code = "spitzen_out_of_range"


class KontraNotAllowed(ScoringError):
    code = "kontra_not_allowed"


class BockNotAllowed(ScoringError):
    code = "bock_not_allowed"


class ReWithoutKontra(ScoringError):
    code = "re_without_kontra"


class DeclarationBelowBid(ScoringError):
    code = "declaration_below_bid"


class TricksInconsistent(ScoringError):
    code = "tricks_inconsistent"


class OutcomeInconsistent(ScoringError):
    code = "outcome_inconsistent"


class ImpossibleAugen(ScoringError):
    code = "impossible_augen"


class TieRuleRequired(ScoringError):
    code = "tie_rule_required"


class RamschNotAllowed(ScoringError):
    code = "ramsch_not_allowed"


class TableSizeError(ScoringError):
    """Players that cannot be seated, or a table that is not one of 3, 4 or 5."""

    code = "table_size"


class SittingDeclarer(ScoringError):
    """The dealer at a 4- or 5-table, or the fifth player, sits out and cannot declare."""

    code = "sitting_declarer"


class InvalidNotation(ScoringError):
    code = "invalid_notation"


class RecordInconsistent(ScoringError):
    """A game recorded "as the list says" whose record contradicts itself (a lost game with a
    positive value): it cannot be kept even as recorded."""

    code = "record_inconsistent"


class InvalidPrizePlan(ScoringError):
    """A Gewinnplan rule that cannot be paid as written."""

    code = "invalid_prize_plan"


class ImplausibleTotals(ScoringError):
    """Paper sums (list score, won, lost) that no games can give; not a code of the JSON
    command line, which values single games only."""

    code = "implausible_totals"


class LeagueError(ScoringError):
    """A league (Ligaspielbetrieb) input the DSkV rules refuse; not a code of the JSON command
    line, which values single games only."""

    code = "league_error"


class InvalidLineup(LeagueError):
    """A team with fewer than 3 or more than 4 players in one Serie (Anlage 10)."""

    code = "invalid_lineup"


class InvalidTableGroup(LeagueError):
    """A table group (the teams of one Serie) the rules cannot score: too few teams, a team
    twice, Serien with different teams."""

    code = "invalid_table_group"


class SeatingImpossible(LeagueError):
    """Line-ups that cannot sit at 3- and 4-tables without two team-mates at one table."""

    code = "seating_impossible"


ERROR_CLASSES: tuple[type[ScoringError], ...] = (
    InvalidJson,
    InvalidRequest,
    UnknownRuleset,
    IllegalBid,
    AnnouncementRequiresHand,
    OuvertRequiresHand,
    AnnouncementNotInNull,
    SpitzenOutOfRange,
    KontraNotAllowed,
    BockNotAllowed,
    ReWithoutKontra,
    DeclarationBelowBid,
    TricksInconsistent,
    OutcomeInconsistent,
    ImpossibleAugen,
    TieRuleRequired,
    InvalidNotation,
    RamschNotAllowed,
    TableSizeError,
    SittingDeclarer,
)
