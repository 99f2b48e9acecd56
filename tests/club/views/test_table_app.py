"""The table page as an app on the phone: its service worker and web app manifest."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
from django.test import Client

import skatclub
from skatclub.club import services
from skatclub.club.models import Table


def test_the_service_worker_is_served_for_the_table_links_and_names_what_it_keeps(
    client: Client, db: None
) -> None:
    response = client.get("/t/sw.js")
    script = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/t/"
    assert response["Cache-Control"] == "no-cache"
    for kept in ("/static/table/main.js", "/static/table.css", "/static/skatclub.css"):
        assert f'"{kept}"' in script
    assert "/static/table.js" not in script  # the old single script is gone
    assert "&quot;" not in script and "&#x27;" not in script  # not escaped as HTML


def test_the_service_worker_keeps_every_module_the_table_page_imports(
    client: Client, db: None
) -> None:
    script = client.get("/t/sw.js").content.decode()
    main = Path(finders.find("table/main.js") or "").read_text(encoding="utf-8")
    imported = set(re.findall(r'from "\./([a-z]+\.js)"', main))
    assert imported == {"queue.js", "retry.js", "messages.js", "readback.js", "choices.js"}
    shipped = {p.name for p in Path(finders.find("table/main.js") or "").parent.glob("*.js")}
    assert shipped == imported | {"main.js"}
    for name in shipped:
        assert f'"/static/table/{name}"' in script


def test_the_service_worker_cache_is_named_by_the_release_and_the_kept_files(
    client: Client, db: None
) -> None:
    script = client.get("/t/sw.js").content.decode()
    found = re.search(r'var CACHE = "skatclub-tisch-([^"]+)-([0-9a-f]{12})";', script)
    assert found is not None
    assert found[1] == skatclub.__version__


def test_the_table_page_loads_its_script_as_a_module(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    page = client.get(f"/t/{link.token}/").content.decode()
    assert '<script type="module" src="/static/table/main.js"></script>' in page


def test_the_manifest_names_the_table_in_german_and_starts_at_its_link(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    response = client.get(f"/t/{link.token}/app.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Skat · Tisch 1 · Serie 1"
    assert manifest["short_name"] == "Tisch 1"
    assert manifest["lang"] == "de"
    assert manifest["start_url"] == f"/t/{link.token}/"
    assert manifest["scope"] == "/t/"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}
    for icon in manifest["icons"]:
        assert icon["src"].startswith("/static/")
        assert finders.find(icon["src"].removeprefix("/static/"))


def test_the_table_page_links_its_manifest_and_names_its_table_for_the_queue(
    client: Client, four_table: Table, spielwart: User
) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    page = client.get(f"/t/{link.token}/").content.decode()
    assert f'<link rel="manifest" href="/t/{link.token}/app.webmanifest">' in page
    assert f'data-table="{four_table.pk}"' in page
    assert 'data-sw-url="/t/sw.js"' in page
    assert f'data-state-url="/t/{link.token}/stand/"' in page


def test_a_revoked_link_has_no_manifest(client: Client, four_table: Table, spielwart: User) -> None:
    link = services.issue_link(table=four_table, user=spielwart)
    services.revoke_link(table=four_table, user=spielwart)
    response = client.get(f"/t/{link.token}/app.webmanifest")
    assert response.status_code == 404
    assert "Diesen Tisch-Link gibt es nicht (mehr)" in response.content.decode()
    assert client.get("/t/falsch/app.webmanifest").status_code == 404
