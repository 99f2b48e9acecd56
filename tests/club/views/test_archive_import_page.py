"""The archive import on the Spielwart's page (issue 29): upload, a preview that says what will
happen, as recorded or strict, confirm, the result with the way to the review, and undo only
after a question. Hostile uploads (a zip bomb, a 100,000-character name) are refused in German
and store nothing."""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils.html import escape

from skatclub.club.archive.models import ArchiveImport
from skatclub.club.archive.pending import MAX_PAGE_BYTES
from skatclub.club.models import Event, Game, HistoryImport, Player
from tests.helpers.archive import capped_archive
from tests.helpers.history import club_history

LIST = "/spielwart/archiv/"


def upload(
    client: Client, content: bytes, name: str = "verein.json", mode: str = "wie-erfasst"
) -> Any:
    file = SimpleUploadedFile(name, content, content_type="application/octet-stream")
    return client.post(LIST, {"file": file, "mode": mode})


def kept_files() -> set[str]:
    return {path.name for path in Path(settings.SKATCLUB_UPLOAD_DIR).iterdir()}


def history_bytes(evenings: int = 6) -> bytes:
    return json.dumps(club_history(evenings=evenings).archive).encode()


@pytest.mark.django_db
def test_the_spielwart_home_links_the_archive_import(spielwart_client: Client) -> None:
    page = spielwart_client.get("/spielwart/").content.decode()

    assert f'href="{LIST}"' in page


@pytest.mark.django_db
def test_upload_preview_confirm_and_the_result_links_the_review(spielwart_client: Client) -> None:
    history = club_history(evenings=6)

    response = upload(spielwart_client, json.dumps(history.archive).encode())

    pending = ArchiveImport.objects.get()
    assert response.status_code == 302 and response["Location"].endswith(
        f"/archiv/{pending.pk}/vorschau/"
    )
    assert not Event.objects.exists()  # nothing written before confirming
    preview = spielwart_client.get(response["Location"]).content.decode()
    assert "<strong>6</strong> Veranstaltungen" in preview
    assert f"<strong>{history.game_count}</strong> Spiele" in preview
    assert "<strong>5</strong> neue Spieler" in preview
    assert f"<strong>{len(history.flagged)}</strong> Spiele weichen von den Regeln ab" in preview
    # The group is headed by the kind of reason, each game listed with its own numbers.
    assert escape("2 × … Augen gibt es beim Ramsch nicht") + "</h3>" in preview
    assert escape("Spiel 7: 250 Augen gibt es beim Ramsch nicht. Erfasst sind") in preview
    assert "Serienlänge am 3er-Tisch aus dem Archiv: 40 statt 36 Spiele" in preview

    done = spielwart_client.post(response["Location"], {"mode": "wie-erfasst"})

    assert done.status_code == 302 and done["Location"].endswith(f"/archiv/{pending.pk}/ergebnis/")
    assert Game.objects.count() == history.game_count
    assert Game.objects.filter(as_recorded=True).count() == len(history.flagged)
    # /pruefen/ knows the page's import, so its lists can be accepted together.
    record = HistoryImport.objects.get()
    assert record.kind == HistoryImport.Kind.ARCHIVE and record.by is not None
    assert set(Event.objects.values_list("history_import", flat=True)) == {record.pk}
    result = spielwart_client.get(done["Location"]).content.decode()
    assert 'href="/spielwart/abweichend/"' in result
    assert f"davon {len(history.flagged)} abweichend erfasst" in result


@pytest.mark.django_db
def test_strict_preview_refuses_and_names_the_way_forward(spielwart_client: Client) -> None:
    response = upload(spielwart_client, history_bytes(), mode="streng")

    page = spielwart_client.get(response["Location"]).content.decode()

    assert "Streng nach den Regeln kann das Archiv nicht übernommen werden" in page
    assert escape("mit „wie erfasst“ (--as-recorded)") in page
    assert "Importieren" not in page.split("Archiv verwerfen")[0].split("</ul>")[-1]
    refused = spielwart_client.post(response["Location"], {"mode": "streng"})
    assert refused.status_code == 302 and not Event.objects.exists()
    assert ArchiveImport.objects.get().status == ArchiveImport.Status.UPLOADED


@pytest.mark.django_db
def test_undo_asks_first_and_then_removes_the_whole_import(spielwart_client: Client) -> None:
    response = upload(spielwart_client, history_bytes(evenings=3))
    spielwart_client.post(response["Location"], {"mode": "wie-erfasst"})
    done = ArchiveImport.objects.get()
    undo = f"{LIST}{done.pk}/rueckgaengig/"

    question = spielwart_client.get(undo)

    assert question.status_code == 200
    assert "rückgängig machen?" in question.content.decode()
    assert Event.objects.count() == 3  # asking deletes nothing
    answered = spielwart_client.post(undo)
    assert answered.status_code == 302
    assert not Event.objects.exists() and not Game.objects.exists()
    assert not Player.objects.exists()
    done.refresh_from_db()
    assert done.status == ArchiveImport.Status.UNDONE


@pytest.mark.django_db
def test_a_zipped_and_a_gzipped_archive_are_read(spielwart_client: Client) -> None:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("verein.json", history_bytes(evenings=2))

    zipped = upload(spielwart_client, packed.getvalue(), "verein.zip")
    gzipped = upload(spielwart_client, gzip.compress(history_bytes(evenings=2)), "verein.json.gz")

    assert zipped.status_code == gzipped.status_code == 302
    assert ArchiveImport.objects.count() == 2


@pytest.mark.django_db
def test_a_zip_bomb_is_refused_in_german_and_nothing_is_kept(spielwart_client: Client) -> None:
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("bombe.json", b" " * (MAX_PAGE_BYTES + 1))
    assert len(packed.getvalue()) < 200_000

    response = upload(spielwart_client, packed.getvalue(), "bombe.zip")

    assert response.status_code == 422 or response.status_code == 400
    assert "entpackt größer als 40 MB" in response.content.decode()
    assert "import_archive" in response.content.decode()
    assert not ArchiveImport.objects.exists()


@pytest.mark.django_db
def test_a_100000_character_name_is_refused_in_german(spielwart_client: Client) -> None:
    data = club_history(evenings=1).archive
    data["players"][0]["name"] = "A" * 100_000

    response = upload(spielwart_client, json.dumps(data).encode())
    page = spielwart_client.get(response["Location"]).content.decode()

    assert escape("braucht einen Namen („name“, höchstens 200 Zeichen)") in page
    assert "A" * 300 not in page
    assert not Event.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"kein json", "kein gültiges JSON"),
        (b"\xff\xfe{}", "kein UTF-8-Text"),
        (b"PK\x03\x04kaputt", "ZIP-Datei ist beschädigt"),
    ],
    ids=["not-json", "not-utf8", "broken-zip"],
)
def test_a_file_that_is_no_archive_is_refused_in_german(
    spielwart_client: Client,
    content: bytes,
    message: str,
    django_capture_on_commit_callbacks: Any,
) -> None:
    before = kept_files()
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(spielwart_client, content)

    if response.status_code == 302:  # unpacked at once; read as JSON by the check job
        page = spielwart_client.get(response["Location"]).content.decode()
        assert message in page
        refused = ArchiveImport.objects.get()
        assert refused.status == ArchiveImport.Status.REFUSED and refused.archive_file == ""
        assert kept_files() == before  # its file is gone
    else:
        assert message in response.content.decode()
        assert not ArchiveImport.objects.exists()


@pytest.mark.django_db
def test_the_archive_pages_are_for_the_spielwart_only(member_client: Client) -> None:
    assert member_client.get(LIST).status_code in (302, 403)


@pytest.mark.django_db
def test_an_archive_without_its_ramsch_cap_takes_the_cap_chosen_on_the_page(
    spielwart_client: Client,
) -> None:
    data = capped_archive()
    del data["events"][0]["ramsch_rules"]  # the club's old program never wrote its cap
    table = data["events"][0]["rounds"][0]["tables"][0]
    table["games"] = table["games"][:1]  # bernd: 70 Augen, twice pushed: −560 without a cap
    file = SimpleUploadedFile("verein.json", json.dumps(data).encode())
    response = spielwart_client.post(
        LIST, {"file": file, "mode": "streng", "ramsch_loss_cap": "250"}
    )
    pending = ArchiveImport.objects.get()
    assert response.status_code == 302 and pending.rules["ramsch_loss_cap"] == 250
    spielwart_client.post(f"/spielwart/archiv/{pending.pk}/vorschau/", {"mode": "streng"})

    event = Event.objects.get()
    assert event.ramsch_loss_cap == 250
    game = Game.objects.get()
    assert [s.list_score for s in game.ramsch_scores.all()] == [-250]


@pytest.mark.django_db
def test_the_upload_page_offers_every_rule_that_values_games(spielwart_client: Client) -> None:
    page = spielwart_client.get(LIST).content.decode()
    for label in ("Regelwerk", "Kontra/Re (Hausregel)", "Ramsch: Verlust höchstens (Punkte)"):
        assert escape(label) in page or label in page
