"""Printing: templates under `templates/pdf/` rendered to PDF with WeasyPrint, or to HTML.

The only module that imports WeasyPrint. Owns turning a template and its context into PDF
bytes (`render_pdf`) or an HTML page for a quick look in the browser (`render_html`); the
contexts come from `printouts.py`, the URLs from `views/printing.py`, the shell command from
`management/commands/print_pdf.py`. Reads and writes no database rows.

Speed: WeasyPrint's cost follows the number of boxes it lays out, so the Spielliste is drawn
with a few text blocks per sheet (see `templates/pdf/score_sheet.html`). A printout of many
one-page parts (all Spiellisten of a Serie) is split over `WORKERS` processes and merged with
pypdf (`render_pdf_parts`); each part numbers its pages from its first page on, out of the
whole document's total. Fonts are looked up once per process (`_font_config`).

Safety: WeasyPrint fetches only what `SafeFetcher` allows: `data:` URLs and files under our
own static folders. Anything else (`file:///etc/passwd`, `http://…`) is refused and logged, so
a link that slips into a template can neither leak a file into a PDF nor reach the network.
"""

from __future__ import annotations

import io
import logging
import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.template.loader import render_to_string
from weasyprint import HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher

from skatclub.club.printing.fonts import FONT_DIR
from skatclub.club.printing.printouts import Printout

WORKERS = 2
# Below this many pages a second process costs more (start, merging) than it saves.
PARALLEL_MIN_PAGES = 8


logger = logging.getLogger(__name__)


class SafeFetcher(URLFetcher):  # type: ignore[misc]
    """Fetches `data:` URLs, our own static files and fonts; refuses everything else."""

    def fetch(self, url: str, headers: Any = None) -> Any:
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data" or (scheme == "file" and _is_static(url)):
            return super().fetch(url, headers)
        logger.warning("PDF: Adresse %.200s nicht geladen (nur data: und eigene Dateien).", url)
        raise ValueError(f"refused by SafeFetcher: {url[:200]}")


def static_roots() -> list[Path]:
    """Our own files a printout may load: the static files and the shipped fonts."""
    roots = [Path(settings.STATIC_ROOT), *map(Path, settings.STATICFILES_DIRS), FONT_DIR]
    return [root.resolve() for root in roots]


def _is_static(url: str) -> bool:
    path = Path(unquote(urlsplit(url).path)).resolve()
    return any(path.is_relative_to(root) for root in static_roots())


@cache
def _font_config() -> FontConfiguration:
    return FontConfiguration()


def render_html(template_name: str, context: dict[str, Any]) -> str:
    """The printout as an HTML page (same template, same context as the PDF)."""
    return render_to_string(template_name, context)


def render_pdf(template_name: str, context: dict[str, Any]) -> bytes:
    """The printout as PDF bytes, rendered in this process."""
    return _write_pdf(render_html(template_name, context))


def _write_pdf(html: str) -> bytes:
    document = HTML(string=html, base_url=str(settings.BASE_DIR), url_fetcher=SafeFetcher())
    return document.write_pdf(font_config=_font_config())  # type: ignore[no-any-return]


def render_printout(printout: Printout, *, workers: int = WORKERS) -> bytes:
    """A printout from `printouts.printout` as PDF bytes."""
    if printout.parts_key:
        return render_pdf_parts(
            printout.template, printout.context, printout.parts_key, workers=workers
        )
    return render_pdf(printout.template, printout.context)


def render_pdf_parts(
    template_name: str, context: dict[str, Any], key: str, *, workers: int = WORKERS
) -> bytes:
    """`context[key]` is a list of parts of one page each (a Spielliste per table): render
    them in up to `workers` processes and merge. Falls back to one process when a part did
    not fit on one page, so the page numbers are always right."""
    parts = list(context[key])
    workers = min(workers, multiprocessing.cpu_count(), len(parts) // PARALLEL_MIN_PAGES or 1)
    if workers < 2 or not _has_pypdf():
        return render_pdf(template_name, context)
    size = -(-len(parts) // workers)
    chunks = [parts[start : start + size] for start in range(0, len(parts), size)]
    htmls = [
        render_html(
            template_name,
            {**context, key: chunk, "first_page": index * size + 1, "page_total": len(parts)},
        )
        for index, chunk in enumerate(chunks)
    ]
    _font_config()  # looked up once, before the workers fork, not once in each
    with ProcessPoolExecutor(len(htmls), mp_context=multiprocessing.get_context("fork")) as pool:
        pdfs = list(pool.map(_write_pdf, htmls))
    if [page_count(pdf) for pdf in pdfs] != [len(chunk) for chunk in chunks]:
        return render_pdf(template_name, context)
    return merge_pdfs(pdfs)


def _has_pypdf() -> bool:
    try:
        import pypdf  # noqa: F401
    except ImportError:  # merging needs it; one process does not
        return False
    return True


def page_count(pdf: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def merge_pdfs(pdfs: Sequence[bytes]) -> bytes:
    from pypdf import PdfWriter

    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(io.BytesIO(pdf))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
