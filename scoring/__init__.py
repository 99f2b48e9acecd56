"""skatclub's rules engine: Skat scoring and settlement in plain Python (no Django, no I/O).

Values games under the ISkO, the older Preisskat Skatordnung and the Offiziersskat, computes
list scores, Seeger-Fabian points, Preisskat money and the Vergleichsrechnung, and parses the
club notation. The rules and their sources: `shared/rules.md`; the JSON command line:
`python -m scoring` (`shared/spec/engine-cli.md`).
"""

from scoring.cli import handle
from scoring.errors import (
    AnnouncementNotInNull,
    AnnouncementRequiresHand,
    BockNotAllowed,
    DeclarationBelowBid,
    IllegalBid,
    ImpossibleAugen,
    InvalidJson,
    InvalidNotation,
    InvalidRequest,
    KontraNotAllowed,
    OutcomeInconsistent,
    OuvertRequiresHand,
    ReWithoutKontra,
    ScoringError,
    SpitzenOutOfRange,
    TieRuleRequired,
    TricksInconsistent,
    UnknownRuleset,
)
from scoring.game import Declaration, GameType, Outcome, Ruleset, Valuation
from scoring.notation import format_notation, parse_notation
from scoring.points import TableScores, seeger_fabian, table_scores
from scoring.ramsch import RamschOptions, RamschScoring, TieRule, ramsch_scores
from scoring.rulesets import ALL_HOUSE_RULES, NO_HOUSE_RULES, HouseRules, parse_ruleset
from scoring.settlement import (
    format_cents,
    game_cash,
    lost_game_fees,
    parse_cents_per_point,
    transfers,
    vergleichsrechnung,
)
from scoring.value import legal_bids, valuation

__all__ = [
    "ALL_HOUSE_RULES",
    "NO_HOUSE_RULES",
    "AnnouncementNotInNull",
    "AnnouncementRequiresHand",
    "BockNotAllowed",
    "Declaration",
    "DeclarationBelowBid",
    "GameType",
    "HouseRules",
    "IllegalBid",
    "ImpossibleAugen",
    "InvalidJson",
    "InvalidNotation",
    "InvalidRequest",
    "KontraNotAllowed",
    "Outcome",
    "OuvertRequiresHand",
    "OutcomeInconsistent",
    "RamschOptions",
    "RamschScoring",
    "ReWithoutKontra",
    "Ruleset",
    "ScoringError",
    "SpitzenOutOfRange",
    "TableScores",
    "TieRule",
    "TieRuleRequired",
    "TricksInconsistent",
    "UnknownRuleset",
    "Valuation",
    "format_cents",
    "format_notation",
    "game_cash",
    "handle",
    "legal_bids",
    "lost_game_fees",
    "parse_cents_per_point",
    "parse_notation",
    "parse_ruleset",
    "ramsch_scores",
    "seeger_fabian",
    "table_scores",
    "transfers",
    "valuation",
    "vergleichsrechnung",
]
