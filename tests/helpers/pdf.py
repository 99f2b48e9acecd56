"""PDFs read back as text, for asserting on what a printout says."""

from __future__ import annotations

import io
import re

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
