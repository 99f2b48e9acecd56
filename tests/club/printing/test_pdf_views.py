"""The PDF download URLs: public, read-only, PDF with a German filename, or HTML with ?html=1;
linked from the public pages and the Spielwart's pages."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from skatclub.club.models import Table
from tests.helpers.pdf import pdf_text

URLS = [
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten.pdf",
        "spielliste-2026-11-20-preisskat-serie-1-alle-tische.pdf",
    ),
    (
        "/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten-blanko.pdf",
        "spielliste-blanko-2026-11-20-preisskat-serie-1-alle-tische.pdf",
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
        "/veranstaltungen/2026-11-20-preisskat/serie/1/tischliste.pdf",
        "tischliste-2026-11-20-preisskat-serie-1.pdf",
    ),
]


@pytest.mark.parametrize(("url", "filename"), URLS)
def test_an_anonymous_visitor_downloads_the_pdf(
    client: Client, four_table: Table, url: str, filename: str
) -> None:
    response = client.get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="{filename}"'
    _, text = pdf_text(response.content)
    assert "Preisskat November" in text


def test_the_same_printout_shows_as_html_for_a_quick_look(
    client: Client, four_table: Table
) -> None:
    response = client.get("/veranstaltungen/2026-11-20-preisskat/serie/1/spiellisten.pdf?html=1")

    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/html")
    assert "Spielliste · Serie 1 · Tisch 1" in response.content.decode()


@pytest.mark.parametrize(
    "url",
    [
        "/veranstaltungen/gibt-es-nicht/ergebnis.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/2/spiellisten.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/1/tisch/7/spielliste.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/3/tischliste.pdf",
        "/veranstaltungen/2026-11-20-preisskat/serie/1/abrechnung.pdf",  # one settlement only
    ],
)
def test_an_unknown_event_round_or_table_is_not_found(
    client: Client, four_table: Table, url: str
) -> None:
    assert client.get(url).status_code == 404


def test_the_downloads_are_read_only(spielwart_client: Client, four_table: Table) -> None:
    response = spielwart_client.post("/veranstaltungen/2026-11-20-preisskat/ergebnis.pdf")

    assert response.status_code == 405


def pdf_links(page: str) -> list[str]:
    return re.findall(r'href="([^"]+\.pdf)"', page)


@pytest.mark.parametrize(
    ("page", "wanted"),
    [
        ("/veranstaltungen/2026-11-20-preisskat/", {"ergebnis.pdf", "abrechnung.pdf"}),
        (
            "/veranstaltungen/2026-11-20-preisskat/serie/1/",
            {"ergebnis.pdf", "spiellisten.pdf", "tischliste.pdf"},
        ),
    ],
)
def test_the_public_pages_link_to_their_pdfs_and_every_link_answers_with_a_pdf(
    client: Client, four_table: Table, page: str, wanted: set[str]
) -> None:
    links = pdf_links(client.get(page).content.decode())

    assert {link.rsplit("/", 1)[1] for link in links} == wanted
    for link in links:
        response = client.get(link)
        assert response.status_code == 200
        assert response.content.startswith(b"%PDF-")


def test_the_spielwarts_round_and_event_pages_have_print_buttons(
    spielwart_client: Client, four_table: Table
) -> None:
    round = spielwart_client.get("/spielwart/veranstaltungen/2026-11-20-preisskat/serie/1/")
    event = spielwart_client.get("/spielwart/veranstaltungen/2026-11-20-preisskat/")

    round_links = {link.rsplit("/", 1)[1] for link in pdf_links(round.content.decode())}
    assert {"tischliste.pdf", "spiellisten-blanko.pdf", "spiellisten.pdf"} <= round_links
    assert {"ergebnis.pdf", "abrechnung.pdf", "spielliste.pdf"} <= round_links
    event_links = {link.rsplit("/", 1)[1] for link in pdf_links(event.content.decode())}
    assert event_links == {"ergebnis.pdf", "abrechnung.pdf"}


def test_a_browser_printout_of_a_public_page_keeps_every_column(
    client: Client, four_table: Table
) -> None:
    page = client.get("/veranstaltungen/2026-11-20-preisskat/").content.decode()
    stylesheet = (settings.BASE_DIR / "static" / "browser_print.css").read_text(encoding="utf-8")

    assert 'href="/static/browser_print.css" media="print"' in page
    assert ".table-wrap { overflow: visible !important; }" in stylesheet
    assert "landscape" in stylesheet
