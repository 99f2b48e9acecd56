"""What differs between the ISkO and the older Preisskat Skatordnung, and the house-rule switches.

Owns `RuleSpec` (one per rule set, docs/rules.md §16) and `HouseRules` (Kontra/Re, Bock, Ramsch:
docs/rules.md §12). Reads nothing. The Offiziersskat has its own module (`offiziersskat.py`).
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.errors import BockNotAllowed, KontraNotAllowed, RamschNotAllowed, UnknownRuleset
from scoring.game import Declaration, Ruleset


@dataclass(frozen=True, slots=True)
class RuleSpec:
    """The few numbers in which two Skatordnungen differ."""

    ruleset: Ruleset
    grand_ouvert_base: int  # ISkO 24 (+ Ouvert level); Preisskat 36 (no Ouvert level)
    grand_ouvert_level: bool
    lost_hand_doubled: bool  # ISkO since 1999: every lost game doubled; Preisskat: Hand single
    house_rules: bool  # Preisskat: "Kontra, Rekontra, Ramsch, Bockrunden ... gehören nicht ..."
    title: str


SPECS = {
    Ruleset.ISKO: RuleSpec(Ruleset.ISKO, 24, True, True, True, "ISkO"),
    Ruleset.PREISSKAT: RuleSpec(
        Ruleset.PREISSKAT, 36, False, False, False, "Preisskat-Skatordnung"
    ),
}


@dataclass(frozen=True, slots=True)
class HouseRules:
    """Which house rules a club plays (all of them are refused under `preisskat`).

    The JSON command line allows all three for `isko`; a club that does not play Kontra passes
    `HouseRules(kontra_re=False)` and gets `kontra_not_allowed` for a game entered with Kontra.
    """

    kontra_re: bool = True
    bock: bool = True
    ramsch: bool = True


ALL_HOUSE_RULES = HouseRules()
NO_HOUSE_RULES = HouseRules(kontra_re=False, bock=False, ramsch=False)


def parse_ruleset(value: object) -> Ruleset:
    """`"isko"` → Ruleset.ISKO; anything else is `unknown_ruleset`."""
    try:
        return Ruleset(value if isinstance(value, str) else "")
    except ValueError:
        names = ", ".join(r.value for r in Ruleset)
        raise UnknownRuleset(f"Regelwerk {value!r} ist unbekannt (möglich: {names}).") from None


def check_ramsch(spec: RuleSpec, house: HouseRules) -> None:
    """Ramsch only where the rule set and the club's house rules admit it."""
    if not spec.house_rules:
        raise RamschNotAllowed(f"Ramsch gibt es in der {spec.title} nicht (Hausregel).")
    if not house.ramsch:
        raise RamschNotAllowed("Ramsch ist als Hausregel nicht vereinbart.")


def check_house_rules(declaration: Declaration, spec: RuleSpec, house: HouseRules) -> None:
    """Kontra/Re and Bock only where the rule set and the club's house rules admit them."""
    if declaration.kontra or declaration.re:
        if not spec.house_rules:
            raise KontraNotAllowed(f"Kontra und Re gibt es in der {spec.title} nicht (Hausregel).")
        if not house.kontra_re:
            raise KontraNotAllowed("Kontra/Re ist als Hausregel nicht vereinbart.")
    if declaration.bock:
        if not spec.house_rules:
            raise BockNotAllowed(f"Bockrunden gibt es in der {spec.title} nicht (Hausregel).")
        if not house.bock:
            raise BockNotAllowed("Bockrunden sind als Hausregel nicht vereinbart.")
