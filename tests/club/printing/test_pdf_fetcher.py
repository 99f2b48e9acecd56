"""Issue 16: WeasyPrint loads nothing but data: URLs and our own static files."""

from __future__ import annotations

import io
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

from pypdf import PdfReader

from skatclub.club.printing import render


def test_file_and_http_links_in_a_printout_fetch_nothing(tmp_path: Path) -> None:
    secret = tmp_path / "geheim.css"
    secret.write_text('body::after { content: "GEHEIMNIS" }')
    requested: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the stdlib's name
            requested.append(self.path)
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'body::after { content: "VOM NETZ" }')

        def log_message(self, *args: object) -> None:
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        html = (
            f'<link rel="stylesheet" href="file://{secret}">'
            f'<link rel="stylesheet" href="http://127.0.0.1:{server.server_port}/x.css">'
            f'<img src="http://127.0.0.1:{server.server_port}/bild.png">'
            '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'
            "<p>Spielliste</p>"
        )
        pdf = render._write_pdf(html)
    finally:
        server.shutdown()
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert "Spielliste" in text
    assert "GEHEIMNIS" not in text and "VOM NETZ" not in text
    assert requested == []


def test_our_own_static_files_may_be_fetched() -> None:
    css = render.static_roots()[-1] / "skatclub.css"
    assert render._is_static(css.as_uri())
    assert not render._is_static("file:///etc/passwd")
    assert not render._is_static(css.as_uri() + "/../../../etc/passwd")
