"""Club notation parses and prints round-trip (scoring/notation.py)."""

from __future__ import annotations

import pytest

from scoring import Declaration, GameType, InvalidNotation, Outcome, format_notation, parse_notation

EXAMPLES = [
    # (input as typed, canonical form, declaration, outcome) — the examples
    (
        "Kr m2 H S",
        "Kr m2 H S",
        Declaration(GameType.CLUBS, matadors=2, hand=True),
        Outcome(won=True, schneider=True),
    ),
    ("gr O1", "Gr o1", Declaration(GameType.GRAND, matadors=-1), Outcome(won=True)),
    (
        "Null ouv H",
        "Null ouv H",
        Declaration(GameType.NULL, hand=True, ouvert=True),
        Outcome(won=True),
    ),
    (
        "pi m1 R23 V",
        "Pi m1 r23 v",
        Declaration(GameType.SPADES, matadors=1, bid=23),
        Outcome(won=False),
    ),
    (
        "He o3 H r36 a75 t6",
        "He o3 H r36 a75 t6",
        Declaration(GameType.HEARTS, matadors=-3, hand=True, bid=36),
        Outcome(declarer_card_points=75, declarer_tricks=6),
    ),
    (
        "Kr m2 H ouv",
        "Kr m2 ouv",
        Declaration(GameType.CLUBS, matadors=2, hand=True, ouvert=True),
        Outcome(won=True),
    ),
    (
        "Gr m1 H SA ZA r72 K Re B2 v S Z",
        "Gr m1 H ZA r72 K Re B2 v Z",
        Declaration(
            GameType.GRAND,
            matadors=1,
            hand=True,
            schwarz_announced=True,
            bid=72,
            kontra=True,
            re=True,
            bock=2,
        ),
        Outcome(won=False, schneider=True, schwarz=True),
    ),
    (
        "Ka m1 r22 aufg",
        "Ka m1 r22 aufg",
        Declaration(GameType.DIAMONDS, 1, bid=22),
        Outcome(conceded=True),
    ),
]


@pytest.mark.parametrize(
    ("typed", "canonical", "declaration", "outcome"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_notation_parses_and_prints_canonically(
    typed: str, canonical: str, declaration: Declaration, outcome: Outcome
) -> None:
    assert parse_notation(typed) == (declaration, outcome)
    assert format_notation(declaration, outcome) == canonical
    assert parse_notation(canonical) == (declaration, outcome)


def test_a_declaration_alone_prints_without_outcome() -> None:
    assert format_notation(Declaration(GameType.NULL, hand=True, bid=35)) == "Null H r35"


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Kr m2 X", "X"),
        ("Xy m2", "Xy"),
        ("Kr m2 H H", "H"),
        ("Kr m2 o1", "o1"),
        ("He m1 a7x", "a7x"),
    ],
)
def test_bad_notation_names_the_token(text: str, bad: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        parse_notation(text)
    assert caught.value.code == "invalid_notation"
    assert f"„{bad}“" in caught.value.message


@pytest.mark.parametrize(
    ("text", "says"), [("", "Leere Eingabe"), ("Null m2", "keine Spitzen"), ("Kr r24", "Spitzen")]
)
def test_incomplete_notation_says_what_is_missing(text: str, says: str) -> None:
    with pytest.raises(InvalidNotation) as caught:
        parse_notation(text)
    assert says in caught.value.message


def test_repr_rebuilds_the_objects() -> None:
    import scoring

    declaration, outcome = parse_notation("He o3 H r36 K a75 t6")
    namespace = {name: getattr(scoring, name) for name in scoring.__all__}
    assert eval(repr(declaration), namespace) == declaration  # noqa: S307 - our own repr
    assert eval(repr(outcome), namespace) == outcome  # noqa: S307
    assert repr(declaration) == (
        "Declaration(type=GameType.HEARTS, matadors=-3, hand=True, bid=36, kontra=True)"
    )


@pytest.mark.parametrize(
    "text", ["Kr m" + "1" * 5000, "Kr m²", "Kr r٣٦", "Kr m1 " + "H " * 100], ids=lambda t: t[:12]
)
def test_unreadable_numbers_and_overlong_lines_are_refused_in_german(text: str) -> None:
    with pytest.raises(InvalidNotation) as refused:
        parse_notation(text)
    assert len(refused.value.message) < 300
