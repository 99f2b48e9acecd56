"""PDFs read back as text, for asserting on what a printout says."""

from __future__ import annotations

import io
import re
from typing import Any

from pypdf import PdfReader


def pdf_text(data: bytes) -> tuple[int, str]:
    """Pages and text of a PDF read back with pypdf; runs of spaces of any width (the
    printouts place text with them) become one space, lines stay lines."""
    assert data.startswith(b"%PDF-")
    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() for page in reader.pages)
    lines = (re.sub(r"[^\S\n]+", " ", line).strip() for line in text.splitlines())
    return len(reader.pages), "\n".join(line for line in lines if line)


def flat(text: str) -> str:
    """All whitespace, line breaks included, as single spaces: for text that may wrap."""
    return " ".join(text.split())


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


BROKEN = "\u2010"  # the hyphen drawn where a printout breaks a word (printing/fonts.py)


def _squeezed(page: object) -> str:
    chars = page.chars  # type: ignore[attr-defined]
    return "".join(c["text"] for c in chars if c["text"].strip() and c["text"] != BROKEN)
