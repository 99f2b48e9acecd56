"""Spielwert: Spitzen, Gewinnstufen, Null values, Überreizt, Kontra/Re/Bock (docs/rules.md §3–§7).

Owns `valuation()` for `isko` and `preisskat` (Offiziersskat: `offiziersskat.py`) and the legal
Reizwerte, which are computed from the same arithmetic (`legal_bids`). Reads a `Declaration` and
an `Outcome`, returns a `Valuation`; raises a `ScoringError` subclass for anything the rules
refuse. Terms: "levels" = Gewinnstufen, "house factor" = 2^(Kontra + Re + Bock).

The hot path validates every call, then looks the priced result up in a table that fills
itself (`_priced` is memoised: the key is everything the value depends on).
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache, lru_cache

from scoring.errors import (
    AnnouncementNotInNull,
    AnnouncementRequiresHand,
    DeclarationBelowBid,
    IllegalBid,
    InvalidRequest,
    OutcomeInconsistent,
    OuvertRequiresHand,
    ReWithoutKontra,
    SpitzenOutOfRange,
)
from scoring.game import (
    SUIT_BASE_VALUES,
    Declaration,
    GameType,
    Outcome,
    Ruleset,
    Valuation,
)
from scoring.offiziersskat import offiziersskat_valuation
from scoring.outcome import check_card_points, trick_counts
from scoring.rulesets import ALL_HOUSE_RULES, SPECS, HouseRules, RuleSpec, check_house_rules

NULL_VALUES = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
MAX_MATADORS = {GameType.GRAND: 4}  # suits: 11 (4 jacks + 7 trumps), ISkO 2.4.3
SUIT_MAX_MATADORS = 11
# Bock doublings: above any real table, and small enough that a whole Serie's list score fits
# a 32-bit database column (max_list_score).
MAX_BOCK = 4


def max_list_score(games: int) -> int:
    """An upper bound of the |list score| `games` games can reach: each lost twice at the
    highest Reizwert of any rule set plus one Grand (an overbid game), with Kontra, Re and
    every Bock."""
    highest = max(max(legal_bids(r)) for r in (Ruleset.ISKO, Ruleset.PREISSKAT))
    return games * 2 * (highest + SUIT_BASE_VALUES[GameType.GRAND]) << (2 + MAX_BOCK)


def valuation(
    declaration: Declaration,
    outcome: Outcome,
    ruleset: Ruleset = Ruleset.ISKO,
    *,
    variant: str = "standard",
    house_rules: HouseRules = ALL_HOUSE_RULES,
) -> Valuation:
    """Value one game; raises a ScoringError subclass for anything the rules refuse."""
    if ruleset is Ruleset.OFFIZIERSSKAT:
        return offiziersskat_valuation(declaration, outcome, variant=variant)
    spec = SPECS[ruleset]
    if variant != "standard":
        raise InvalidRequest(f"Variante {variant!r} gibt es nur im Offiziersskat.")
    check_declaration(declaration, spec, house_rules)
    d = declaration
    if d.type is GameType.NULL:
        if outcome.schneider or outcome.schwarz:
            # A Null is won or lost, nothing more: a typed "Null S" would otherwise pass as won.
            raise AnnouncementNotInNull(
                "Im Nullspiel gibt es kein Schneider und kein Schwarz: "
                "ein Null ist nur gewonnen oder verloren (v)."
            )
        result = _priced_null(ruleset, d.hand, d.ouvert, null_won(outcome), _house_key(d))
        as_played = result
    else:
        won_play, schneider, schwarz = suit_result(d, outcome)
        suit = (d.type, d.matadors or 0, d.hand, d.ouvert, d.schneider_announced)
        played = (d.schwarz_announced, won_play, schneider, schwarz)
        result = _priced(ruleset, *suit, *played, d.bid, _house_key(d))
        # The game as played, before the bid and Kontra: what an overbid is measured against.
        as_played = _priced(ruleset, *suit, *played, None, (False, False, 0))
    if outcome.won is not None and outcome.won is not result.won:
        raise OutcomeInconsistent(_won_mismatch(outcome.won, result, as_played, d.bid))
    return result


def _house_key(d: Declaration) -> tuple[bool, bool, int]:
    return (d.kontra, d.re, d.bock)


def _won_mismatch(entered: bool, result: Valuation, as_played: Valuation, bid: int | None) -> str:
    said = "gewonnen" if entered else "verloren"
    actual = "verloren" if entered else "gewonnen"
    if result.overbid:
        # Said from the Reizwert alone: no Augen may have been typed at all. The bid is set
        # against the game as played, not against the value charged for the loss (the next
        # multiple of the Grundwert reaching the bid), which read like the game's own value.
        return (
            f"Überreizt: gereizt {bid}, das Spiel ist nur {as_played.game_value} wert "
            f"({as_played.derivation}). Eingetragen ist „{said}“, aber ein überreiztes Spiel "
            "ist verloren."
        )
    return f"Eingetragen ist „{said}“, nach Augen und Stichen ist das Spiel {actual}."


# --- the declaration ---------------------------------------------------------------------------


def check_declaration(d: Declaration, spec: RuleSpec, house: HouseRules = ALL_HOUSE_RULES) -> None:
    """Refuse announcements that cannot be made (docs/rules.md §5.2, §6, §15)."""
    if not 0 <= d.bock <= MAX_BOCK:
        raise InvalidRequest(f"„bock“ muss zwischen 0 und {MAX_BOCK} liegen, nicht {d.bock}.")
    if d.kontra or d.re or d.bock:
        check_house_rules(d, spec, house)
    if d.re and not d.kontra:
        raise ReWithoutKontra("Re gibt es nur als Antwort auf ein Kontra.")
    if d.type is GameType.NULL:
        if d.schneider_announced:
            raise AnnouncementNotInNull("Im Nullspiel gibt es kein Schneider/Schwarz angesagt.")
    else:
        _check_matadors(d)
        if d.ouvert and not d.hand:
            raise OuvertRequiresHand(
                f"{d.type.german} ouvert ist immer ein Handspiel: „Hand“ fehlt "
                "(nach Skataufnahme kann nicht offen gespielt werden)."
            )
        if d.schneider_announced and not d.hand:
            raise AnnouncementRequiresHand(
                "Schneider oder Schwarz ansagen darf nur, wer Hand spielt."
            )
    if d.bid is not None:
        _check_bid(d, spec)


def _check_matadors(d: Declaration) -> None:
    if d.matadors is None:
        raise InvalidRequest(
            f"Bei {d.type.german} fehlen die Spitzen („matadors“: +n mit, -n ohne)."
        )
    most = MAX_MATADORS.get(d.type, SUIT_MAX_MATADORS)
    if not 1 <= abs(d.matadors) <= most:
        raise SpitzenOutOfRange(
            f"{d.type.german} mit/ohne {abs(d.matadors)} gibt es nicht: "
            f"Spitzen gehen von 1 bis {most}."
        )


def _check_bid(d: Declaration, spec: RuleSpec) -> None:
    bid = d.bid
    assert bid is not None
    if bid not in _legal_bid_set(spec.ruleset):
        raise IllegalBid(_illegal_bid_message(bid, legal_bids(spec.ruleset)))
    if d.type is GameType.NULL:
        value = NULL_VALUES[(d.hand, d.ouvert)]
        if value < bid:
            name = _null_name(d.hand, d.ouvert)
            raise DeclarationBelowBid(
                f"{name} ist nur {value} wert und erreicht den Reizwert {bid} nicht: "
                "es muss ein Spiel angesagt werden, das den Reizwert erreichen kann."
            )
    elif not d.hand:
        _check_reachable(d, spec, bid)


def _check_reachable(d: Declaration, spec: RuleSpec, bid: int) -> None:
    """After Skataufnahme the declared game must be able to reach the bid (docs/rules.md §6.2)."""
    matadors = d.matadors or 0
    best = (abs(matadors) + 3) * SUIT_BASE_VALUES[d.type]  # Spiel, Schneider, Schwarz
    if best < bid:
        base = SUIT_BASE_VALUES[d.type]
        raise DeclarationBelowBid(
            f"{d.type.german} {_spitzen(matadors)} erreicht nach Skataufnahme höchstens "
            f"{abs(matadors) + 3} × {base} = {best} (mit Schneider und Schwarz) und damit nie den "
            f"Reizwert {bid}: dieses Spiel darf nicht angesagt werden."
        )


def _illegal_bid_message(bid: int, bids: tuple[int, ...]) -> str:
    i = bisect_left(bids, bid)
    if i == 0:
        return f"Reizwert {bid} gibt es nicht. Kleinster Reizwert: {bids[0]}."
    if i == len(bids):
        return f"Reizwert {bid} gibt es nicht. Höchster Reizwert: {bids[-1]}."
    return f"Reizwert {bid} gibt es nicht. Nächste Reizwerte: {bids[i - 1]}, {bids[i]}."


# --- the outcome -------------------------------------------------------------------------------


def null_won(o: Outcome) -> bool:
    """The Null player wins when he takes no trick (ISkO 5.2.7)."""
    if o.conceded:
        return _conceded_lost(o)
    if o.declarer_card_points is not None:
        check_card_points(o.declarer_card_points)
    dt, _ = trick_counts(o)
    if dt is not None:
        return dt == 0
    if o.won is None:
        raise InvalidRequest(
            "Beim Nullspiel fehlen die Stiche des Alleinspielers oder das Ergebnis."
        )
    return o.won


def _conceded_lost(o: Outcome) -> bool:
    if o.won:
        raise OutcomeInconsistent("Ein aufgegebenes Spiel ist verloren, nicht gewonnen.")
    return False


def suit_result(d: Declaration, o: Outcome) -> tuple[bool, bool, bool]:
    """(won in play, Schneider reached, Schwarz reached) — by the losing party, not announced."""
    if o.conceded:
        return _conceded_lost(o), False, False  # "stets nur das einfache Spiel" (docs/rules.md §7)
    if o.is_played:
        won, schneider, schwarz = _played_result(d, o)
    elif o.won is None:
        raise InvalidRequest("Das Ergebnis fehlt: Augen, Stiche oder gewonnen/verloren angeben.")
    else:
        won, schneider, schwarz = _paper_result(d, o)
    _check_paper_levels(o, schneider, schwarz)
    return won, schneider, schwarz


def _played_result(d: Declaration, o: Outcome) -> tuple[bool, bool, bool]:
    dt, ft = trick_counts(o)
    points = o.declarer_card_points
    if points is None:
        points = _points_from_tricks(dt, ft, o)
        if points is None:
            return _paper_result(d, o)  # tricks without Augen: the paper result decides
    else:
        _check_points_against_tricks(points, dt, ft)
    # Without trick counts, 120 (or 0) Augen is taken as Schwarz unless entered otherwise.
    defenders_schwarz = ft == 0 if ft is not None else points == 120 and o.schwarz is not False
    declarer_schwarz = dt == 0 if dt is not None else points == 0 and o.schwarz is not False
    if d.schwarz_announced:
        won = defenders_schwarz
    else:
        won = points >= (90 if d.schneider_announced else 61)
    if won:
        return True, points >= 90, defenders_schwarz
    return False, points <= 30, declarer_schwarz


def _points_from_tricks(dt: int | None, ft: int | None, o: Outcome) -> int | None:
    if ft == 0:
        return 120
    if dt == 0:
        return 0  # a declarer without a trick holds at most the Skat (≤ 22): lost, Schneider
    if o.won is None:
        raise InvalidRequest("Die Augen des Alleinspielers fehlen (oder gewonnen/verloren).")
    return None


def _check_points_against_tricks(points: int, dt: int | None, ft: int | None) -> None:
    check_card_points(points)
    if ft == 0 and points != 120:
        raise OutcomeInconsistent(
            f"Die Gegenspieler haben keinen Stich, dann hat der Alleinspieler 120 Augen, "
            f"nicht {points}."
        )
    if dt == 0 and points > 22:
        raise OutcomeInconsistent(
            f"Ohne Stich hat der Alleinspieler nur den Skat (höchstens 22 Augen), nicht {points}."
        )


def _paper_result(d: Declaration, o: Outcome) -> tuple[bool, bool, bool]:
    won = bool(o.won)
    schneider, schwarz = bool(o.schneider), bool(o.schwarz)
    if won and d.schwarz_announced and o.schwarz is False:
        raise OutcomeInconsistent("Schwarz angesagt kann nur mit Schwarz gewonnen werden.")
    if won and d.schneider_announced and o.schneider is False:
        raise OutcomeInconsistent("Schneider angesagt kann nur mit Schneider gewonnen werden.")
    return won, schneider or schwarz, schwarz


def _check_paper_levels(o: Outcome, schneider: bool, schwarz: bool) -> None:
    if o.schwarz and o.schneider is False:
        raise OutcomeInconsistent("Schwarz ohne Schneider gibt es nicht.")
    if o.schneider is not None and o.schneider is not schneider:
        raise OutcomeInconsistent(
            f"Eingetragen ist Schneider = {_ja(o.schneider)}, nach den Augen {_ja(schneider)}."
        )
    if o.schwarz is not None and o.schwarz is not schwarz:
        raise OutcomeInconsistent(
            f"Eingetragen ist Schwarz = {_ja(o.schwarz)}, nach den Stichen {_ja(schwarz)}."
        )


def _ja(value: bool) -> str:
    return "ja" if value else "nein"


# --- the price ---------------------------------------------------------------------------------


def levels(
    spec: RuleSpec,
    game: GameType,
    matadors: int,
    hand: bool,
    ouvert: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    schneider: bool,
    schwarz: bool,
) -> list[str]:
    """The counted Gewinnstufen in ISkO order: Spiel, Hand, Schneider, …, Ouvert.

    Announced levels always count; reached ones add; none counts twice (no Eigenschneider).
    """
    schwarz = schwarz or schwarz_announced
    schneider = schneider or schneider_announced or schwarz
    counted = [
        ("Spiel", True),
        ("Hand", hand),
        ("Schneider", schneider),
        ("Schneider angesagt", schneider_announced),
        ("Schwarz", schwarz),
        ("Schwarz angesagt", schwarz_announced),
        ("Ouvert", ouvert and (game is not GameType.GRAND or spec.grand_ouvert_level)),
    ]
    return [name for name, counts in counted if counts]


def base_value(spec: RuleSpec, game: GameType, ouvert: bool) -> tuple[int, str]:
    """Grundwert and its German name (Preisskat Grand ouvert is a game of its own, base 36)."""
    if game is GameType.GRAND and ouvert and not spec.grand_ouvert_level:
        return spec.grand_ouvert_base, "Grand ouvert"
    return SUIT_BASE_VALUES[game], game.german


@lru_cache(maxsize=8192)
def _priced(
    ruleset: Ruleset,
    game: GameType,
    matadors: int,
    hand: bool,
    ouvert: bool,
    schneider_announced: bool,
    schwarz_announced: bool,
    won_play: bool,
    schneider: bool,
    schwarz: bool,
    bid: int | None,
    house: tuple[bool, bool, int],
) -> Valuation:
    spec = SPECS[ruleset]
    counted = levels(
        spec,
        game,
        matadors,
        hand,
        ouvert,
        schneider_announced,
        schwarz_announced,
        schneider,
        schwarz,
    )
    base, name = base_value(spec, game, ouvert)
    multiplier = abs(matadors) + len(counted)
    steps = ", ".join(f"{level} {abs(matadors) + i}" for i, level in enumerate(counted, 1))
    derivation = f"{_spitzen(matadors)}, {steps} × {name} {base} = {multiplier * base}"
    overbid = bid is not None and multiplier * base < bid
    if overbid:
        assert bid is not None
        multiplier = -(-bid // base)  # smallest multiple of the Grundwert reaching the bid
        charged = multiplier * base
        derivation = (
            f"überreizt: Reizwert {bid}, berechnet {multiplier} × {name} {base} = {charged}"
        )
    won = won_play and not overbid
    value, derivation = _with_house(multiplier * base, derivation, house)
    return Valuation(
        won,
        value,
        overbid,
        list_score(spec, value, won, hand),
        base,
        multiplier,
        derivation,
        schneider="Schneider" in counted,
        schwarz="Schwarz" in counted,
        hand=hand,
    )


@lru_cache(maxsize=256)
def _priced_null(
    ruleset: Ruleset, hand: bool, ouvert: bool, won: bool, house: tuple[bool, bool, int]
) -> Valuation:
    base = NULL_VALUES[(hand, ouvert)]
    value, derivation = _with_house(base, f"{_null_name(hand, ouvert)} = {base}", house)
    return Valuation(
        won,
        value,
        False,
        list_score(SPECS[ruleset], value, won, hand),
        base,
        1,
        derivation,
        hand=hand,
    )


def _with_house(value: int, derivation: str, house: tuple[bool, bool, int]) -> tuple[int, str]:
    """Kontra, Re and each Bock double the value, after the overbid test (docs/rules.md §6.4)."""
    kontra, re, bock = house
    for name in ["Kontra"] * kontra + ["Re"] * re + ["Bock"] * bock:
        value *= 2
        derivation += f", {name} × 2 = {value}"
    return value, derivation


def list_score(spec: RuleSpec, value: int, won: bool, hand: bool) -> int:
    """Spielliste (Variante 1): won +value; lost −2·value (Preisskat: lost Hand −value)."""
    if won:
        return value
    return -value if hand and not spec.lost_hand_doubled else -2 * value


def _spitzen(matadors: int) -> str:
    return f"mit {matadors}" if matadors > 0 else f"ohne {-matadors}"


def _null_name(hand: bool, ouvert: bool) -> str:
    return "Null" + (" ouvert" if ouvert else "") + (" Hand" if hand else "")


# --- legal Reizwerte ---------------------------------------------------------------------------


@cache
def legal_bids(ruleset: Ruleset) -> tuple[int, ...]:
    """Every value some declarable game can reach, from the game arithmetic (docs/rules.md §14)."""
    if ruleset is Ruleset.OFFIZIERSSKAT:
        return ()  # Offiziersskat is not bid (docs/rules.md §13)
    spec = SPECS[ruleset]
    values = set(NULL_VALUES.values())
    for game in SUIT_BASE_VALUES:
        for matadors in range(1, MAX_MATADORS.get(game, SUIT_MAX_MATADORS) + 1):
            for announced in _announcements():
                for reached in ((False, False), (True, False), (True, True)):
                    counted = levels(spec, game, matadors, *announced, *reached)
                    base, _ = base_value(spec, game, announced[1])
                    values.add((matadors + len(counted)) * base)
    return tuple(sorted(values))


def _announcements() -> list[tuple[bool, bool, bool, bool]]:
    """(hand, ouvert, Schneider angesagt, Schwarz angesagt) combinations that can be declared."""
    return [
        (False, False, False, False),
        (True, False, False, False),
        (True, False, True, False),
        (True, False, True, True),
        (True, True, True, True),
    ]


@cache
def _legal_bid_set(ruleset: Ruleset) -> frozenset[int]:
    return frozenset(legal_bids(ruleset))
