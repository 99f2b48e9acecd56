"""The PDF download URLs: public, read-only, PDF with a German filename, or HTML with ?html=1."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

URLS = [
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten.pdf",
        "spielliste-2026-11-20-preisskat-serie-1-alle-tische.pdf",
    ),
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/1/spielliste.pdf",
        "spielliste-2026-11-20-preisskat-serie-1-tisch-1.pdf",
    ),
    ("/veranstaltungen/2026-11-20-preisskat/ergebnis.pdf", "ergebnis-2026-11-20-preisskat.pdf"),
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/ergebnis.pdf",
        "ergebnis-2026-11-20-preisskat-serie-1.pdf",
    ),
    ("/veranstaltungen/2026-11-20-preisskat/abrechnung.pdf", "abrechnung-2026-11-20-preisskat.pdf"),
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/abrechnung.pdf",
        "abrechnung-2026-11-20-preisskat-serie-1.pdf",
    ),
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/tischliste.pdf",
        "tischliste-2026-11-20-preisskat-serie-1.pdf",
    ),
]


@pytest.mark.parametrize(("url", "filename"), URLS)
def test_an_anonymous_visitor_downloads_the_pdf(client, four_table, url, filename):
    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    assert response.content.startswith(b"%PDF-")
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Preisskat November" in text and "Seite 1 von 1" in text


def test_the_same_printout_shows_as_html_for_a_quick_look(client, four_table):
    response = client.get("/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten.pdf?html=1")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "Spielliste · Tisch 1" in response.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/veranstaltungen/gibt-es-nicht/ergebnis.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/2/spiellisten.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/7/spielliste.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/3/tischliste.pdf",
    ],
)
def test_an_unknown_event_serie_or_table_is_not_found(client, four_table, url):
    assert client.get(url).status_code == 404


def test_the_downloads_are_read_only(spielwart_client, four_table):
    response = spielwart_client.post("/veranstaltungen/2026-11-20-preisskat/ergebnis.pdf")

    assert response.status_code == 405
