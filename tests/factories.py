"""Shared test helpers: games written in club notation, entered through the real services.

`enter(table, 3, 2, "Kr m2 H S")` records game 3 at `table` for the player on seat 2;
`enter(table, 4, None)` records an eingepasstes Spiel.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from scoring import parse_notation
from skatclub.club import services
from skatclub.club.models import Game, Player, Table


def enter(
    table: Table, number: int, seat: int | None, notation: str = "", user: User | None = None
) -> Game:
    if seat is None:
        return services.record_game(
            table=table, number=number, declarer=None, declaration=None, outcome=None, user=user
        )
    declaration, outcome = parse_notation(notation)
    return services.record_game(
        table=table,
        number=number,
        declarer=table.seats.get(position=seat).player,
        declaration=declaration.to_dict(),
        outcome=outcome.to_dict(),
        user=user,
    )


def play_three_games(table: Table, players: dict[str, Player]) -> None:
    """Three games at a 4-table seated anna 1, bernd 2, carla 3, dieter 4 (anna deals game 1):
    Bernd Kreuz mit 2 won (3 × 12 = 36), Carla Grand ohne 1 lost (2 × 24 = 48, list −96),
    Dieter Null won (23)."""
    for number, player, declaration, won in (
        (1, "bernd", {"type": "clubs", "matadors": 2, "bid": 24}, True),
        (2, "carla", {"type": "grand", "matadors": -1, "bid": 48}, False),
        (3, "dieter", {"type": "null", "bid": 23}, True),
    ):
        services.record_game(
            table=table,
            number=number,
            declarer=players[player],
            declaration=declaration,
            outcome={"won": won},
        )


def pdf_text(data: bytes) -> tuple[int, str]:
    """Pages and text of a PDF read back with pypdf; runs of spaces of any width (the
    printouts place text with them) become one space, lines stay lines."""
    import io
    import re

    from pypdf import PdfReader

    assert data.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    lines = (re.sub(r"[^\S\n]+", " ", line).strip() for line in text.splitlines())
    return len(reader.pages), "\n".join(line for line in lines if line)


def shows_name(data: bytes, name: str) -> bool:
    """`name` in full in the PDF: in its text, or in the column under a "Platz n" label (a
    Spielliste wraps each name in its narrow column, inside a word if it must, so the lines of
    one name stand between the other columns' words)."""
    wanted = "".join(name.split())
    return any(wanted in text for text in column_texts(data))


def column_texts(data: bytes) -> list[str]:
    """Each page's text and the text of each column under a row of "Platz n" labels, without
    whitespace, read back with pdfplumber."""
    import io

    import pdfplumber

    texts = []
    with pdfplumber.open(io.BytesIO(data)) as document:
        for page in document.pages:
            texts.append(_squeezed(page))
            texts += [_squeezed(page.within_bbox(box)) for box in name_columns(page)]
    return texts


def name_columns(page: Any) -> list[tuple[float, float, float, float]]:
    """The box of each column under a row of "Platz n" labels (a pdfplumber page): from its
    label to the next, 120 pt down."""
    words = page.extract_words()
    labels = [
        w
        for i, w in enumerate(words[:-1])
        if w["text"] == "Platz" and words[i + 1]["text"].isdigit()
    ]
    rows: dict[int, list[dict[str, Any]]] = {}
    for label in labels:
        rows.setdefault(round(label["top"]), []).append(label)
    boxes = []
    for row in rows.values():
        row.sort(key=lambda w: w["x0"])
        for index, label in enumerate(row):
            right = row[index + 1]["x0"] if index + 1 < len(row) else page.width
            bottom = min(page.height, label["top"] + 120)
            boxes.append((label["x0"] - 1, label["top"], right - 0.5, bottom))
    return boxes


def _squeezed(page: object) -> str:
    return "".join(c["text"] for c in page.chars if c["text"].strip())  # type: ignore[attr-defined]


def flat(text: str) -> str:
    """All whitespace, line breaks included, as single spaces: for text that may wrap."""
    return " ".join(text.split())


def database_fingerprint() -> tuple[tuple[str, int, str], ...]:
    """Row count and a hash of every row of the club's tables and the logins: equal before and
    after a refused request proves it stored nothing."""
    import hashlib

    from django.apps import apps
    from django.contrib.auth.models import Group

    models = [*apps.get_app_config("club").get_models(), User, Group]
    result = []
    for model in models:
        rows = list(model._default_manager.order_by("pk").values_list())
        digest = hashlib.sha256(repr(rows).encode()).hexdigest()
        result.append((model.__name__, len(rows), digest))
    return tuple(result)


GERMAN_WORDS = (
    "bitte",
    "nicht",
    "kein",
    "muss",
    "gibt es",
    "höchstens",
    "mindestens",
    "zwingend",
    "gültig",
    "erlaubt",
    "sichtbare",
    "zahl",
    "schon",
    "bereits",
    "fehlt",
    "unbekannt",
    "kann",
)


def is_german_refusal(status: int, page: str) -> bool:
    """A 4xx whose page says in German what is wrong, and shows no internals."""
    text = page.lower()
    return (
        400 <= status < 500
        and any(word in text for word in GERMAN_WORDS)
        and "traceback" not in text
        and "exception" not in text
    )
