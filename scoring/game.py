"""The vocabulary of the engine: rule sets, game types, a declared game, its outcome, its value.

Owns the enums and frozen dataclasses every other module speaks in; reads and writes nothing.
Terms (see docs/glossary.md): declarer = Alleinspieler, matadors = Spitzen (signed: +2 mit 2,
-3 ohne 3), card_points = Augen, bid = Reizwert, game_value = Spielwert, base_value = Grundwert.
`from_dict`/`to_dict` speak the JSON objects of `docs/spec/engine-cli.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum

from scoring.errors import InvalidRequest


class Ruleset(StrEnum):
    """Which Skatordnung values the game (`docs/rules.md` §1.1, §16)."""

    ISKO = "isko"
    PREISSKAT = "preisskat"
    OFFIZIERSSKAT = "offiziersskat"

    def __repr__(self) -> str:
        return f"Ruleset.{self.name}"


class GameType(StrEnum):
    """Kreuz, Pik, Herz, Karo, Grand, Null."""

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    GRAND = "grand"
    NULL = "null"

    def __repr__(self) -> str:
        return f"GameType.{self.name}"

    @property
    def german(self) -> str:
        return GERMAN_NAMES[self]

    @property
    def is_suit(self) -> bool:
        return self in SUIT_BASE_VALUES and self is not GameType.GRAND


GERMAN_NAMES = {
    GameType.CLUBS: "Kreuz",
    GameType.SPADES: "Pik",
    GameType.HEARTS: "Herz",
    GameType.DIAMONDS: "Karo",
    GameType.GRAND: "Grand",
    GameType.NULL: "Null",
}
# Grundwerte, identical in all rule sets (docs/rules.md §4); Grand ouvert under preisskat:
# rulesets.py.
SUIT_BASE_VALUES = {
    GameType.DIAMONDS: 9,
    GameType.HEARTS: 10,
    GameType.SPADES: 11,
    GameType.CLUBS: 12,
    GameType.GRAND: 24,
}


def _repr_fields(obj: object, defaults: Mapping[str, object]) -> str:
    """`Name(field=value, ...)` with only the fields that differ from their defaults."""
    parts = []
    for f in fields(obj):  # type: ignore[arg-type]
        value = getattr(obj, f.name)
        if f.name not in defaults or value != defaults[f.name]:
            parts.append(f"{f.name}={value!r}")
    return f"{type(obj).__name__}({', '.join(parts)})"


@dataclass(frozen=True, slots=True, repr=False)
class Declaration:
    """The game as announced (plus the Spitzen as they really were, Skat included).

    Normalised on construction, so equal games compare equal: Schwarz angesagt implies Schneider
    angesagt, and an open suit/Grand game counts as Schneider and Schwarz angesagt
    (docs/rules.md §5.2).
    Hand is *not* implied by ouvert: an open game without Hand is refused (`ouvert_requires_hand`).
    """

    type: GameType
    matadors: int | None = None
    hand: bool = False
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    bid: int | None = None
    kontra: bool = False
    re: bool = False
    bock: int = 0

    def __post_init__(self) -> None:
        if self.ouvert and self.type is not GameType.NULL:
            object.__setattr__(self, "schwarz_announced", True)
        if self.schwarz_announced:
            object.__setattr__(self, "schneider_announced", True)

    def __repr__(self) -> str:
        return _repr_fields(self, _DECLARATION_DEFAULTS)

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Declaration:
        """Read the contract's `game` object; mistyped or missing fields raise InvalidRequest."""
        if not isinstance(d, Mapping):
            raise InvalidRequest("„game“ muss ein Objekt sein.")
        raw_type = d.get("type")
        try:
            game_type = GameType(raw_type if isinstance(raw_type, str) else "")
        except ValueError:
            raise InvalidRequest(
                f"Spielart {raw_type!r} gibt es nicht (clubs, spades, hearts, diamonds, grand, "
                "null)."
            ) from None
        return cls(
            game_type,
            matadors=optional_int(d, "matadors", "game"),
            hand=flag(d, "hand", "game"),
            ouvert=flag(d, "ouvert", "game"),
            schneider_announced=flag(d, "schneider_announced", "game"),
            schwarz_announced=flag(d, "schwarz_announced", "game"),
            bid=optional_int(d, "bid", "game"),
            kontra=flag(d, "kontra", "game"),
            re=flag(d, "re", "game"),
            bock=optional_int(d, "bock", "game") or 0,
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "type": self.type.value,
            "matadors": self.matadors,
            "hand": self.hand,
            "ouvert": self.ouvert,
            "schneider_announced": self.schneider_announced,
            "schwarz_announced": self.schwarz_announced,
            "bid": self.bid,
            "kontra": self.kontra,
            "re": self.re,
            "bock": self.bock,
        }


_DECLARATION_DEFAULTS: dict[str, object] = {
    "matadors": None,
    "hand": False,
    "ouvert": False,
    "schneider_announced": False,
    "schwarz_announced": False,
    "bid": None,
    "kontra": False,
    "re": False,
    "bock": 0,
}


@dataclass(frozen=True, slots=True, repr=False)
class Outcome:
    """How the game ended: the play as counted, the paper-list result, or both.

    `schneider`/`schwarz` = that level was reached (by the defenders when the game was won, by
    the declarer when it was lost). Schwarz implies Schneider, so `schwarz=True` fills in an
    unknown `schneider`. `won` alone without card points = decided by a rule violation (einfach).
    """

    declarer_card_points: int | None = None
    declarer_tricks: int | None = None
    defender_tricks: int | None = None
    won: bool | None = None
    schneider: bool | None = None
    schwarz: bool | None = None
    conceded: bool = False

    def __post_init__(self) -> None:
        if self.schwarz and self.schneider is None:
            object.__setattr__(self, "schneider", True)

    def __repr__(self) -> str:
        return _repr_fields(self, _OUTCOME_DEFAULTS)

    @property
    def is_played(self) -> bool:
        """True when card points or tricks were counted (not just a paper-list result)."""
        return (
            self.declarer_card_points is not None
            or self.declarer_tricks is not None
            or self.defender_tricks is not None
        )

    @classmethod
    def from_dict(cls, d: Mapping[str, object]) -> Outcome:
        if not isinstance(d, Mapping):
            raise InvalidRequest("„outcome“ muss ein Objekt sein.")
        return cls(
            declarer_card_points=optional_int(d, "declarer_card_points", "outcome"),
            declarer_tricks=optional_int(d, "declarer_tricks", "outcome"),
            defender_tricks=optional_int(d, "defender_tricks", "outcome"),
            won=optional_bool(d, "won", "outcome"),
            schneider=optional_bool(d, "schneider", "outcome"),
            schwarz=optional_bool(d, "schwarz", "outcome"),
            conceded=flag(d, "conceded", "outcome"),
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "declarer_card_points": self.declarer_card_points,
            "declarer_tricks": self.declarer_tricks,
            "defender_tricks": self.defender_tricks,
            "won": self.won,
            "schneider": self.schneider,
            "schwarz": self.schwarz,
            "conceded": self.conceded,
        }


_OUTCOME_DEFAULTS: dict[str, object] = {
    "declarer_card_points": None,
    "declarer_tricks": None,
    "defender_tricks": None,
    "won": None,
    "schneider": None,
    "schwarz": None,
    "conceded": False,
}


@dataclass(frozen=True, slots=True)
class Valuation:
    """The answer to "what is this game worth?", with its reason (`derivation`).

    `game_value` is positive and includes Kontra/Re/Bock; `multiplier` × `base_value` is the
    value before those house doublings (for an overbid game: the charged multiple of the
    Grundwert). `schneider`/`schwarz` tell whether those levels were counted.
    """

    won: bool | None
    game_value: int
    overbid: bool
    list_score: int
    base_value: int
    multiplier: int
    derivation: str
    other_score: int | None = None
    schneider: bool = False
    schwarz: bool = False
    hand: bool = False


def flag(d: Mapping[str, object], key: str, where: str) -> bool:
    """An optional boolean field; missing or null means false."""
    return optional_bool(d, key, where) is True


def optional_bool(d: Mapping[str, object], key: str, where: str) -> bool | None:
    value = d.get(key)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise InvalidRequest(f"„{where}.{key}“ muss true oder false sein, nicht {value!r}.")
    return value


def optional_int(d: Mapping[str, object], key: str, where: str) -> int | None:
    value = d.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidRequest(f"„{where}.{key}“ muss eine ganze Zahl sein, nicht {value!r}.")
    return value


def required_int(d: Mapping[str, object], key: str, where: str) -> int:
    value = optional_int(d, key, where)
    if value is None:
        raise InvalidRequest(f"„{where}.{key}“ fehlt.")
    return value
