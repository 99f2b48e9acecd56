"""Issue 24: editing an event with its name and key emptied answered 500 (the page of the refused
form linked back to the event by the key the form had just emptied). Now it is a German refusal
that keeps what was typed and stores nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from skatclub.club.models import Event
from tests.helpers.forms import event_data
from tests.helpers.refusals import database_fingerprint, is_german_refusal

EDIT = "/spielwart/veranstaltungen/2026-11-20-preisskat/bearbeiten/"


@pytest.mark.parametrize(
    "changes",
    [
        {"name": "", "key": ""},
        {"name": "\u200b\u202e", "key": ""},
        {"name": "", "key": "neu-2026"},
        {"name": "Preisskat Dezember", "key": "", "date": ""},
        {"name": "", "key": "", "date": "", "games_4": "٤٨"},
    ],
    ids=repr,
)
def test_an_event_edited_empty_is_refused_in_german_with_the_typed_values(
    spielwart_client: Client, event: Event, changes: dict[str, str]
) -> None:
    before = database_fingerprint()
    response = spielwart_client.post(EDIT, event_data(**changes, cents_per_point="1/3"))
    page = response.content.decode()
    assert is_german_refusal(response.status_code, page)
    assert database_fingerprint() == before
    # What was typed is shown again; the page still links back to the event as it is stored.
    assert 'value="1/3"' in page
    assert 'href="/spielwart/veranstaltungen/2026-11-20-preisskat/"' in page
    assert "Preisskat November" in page  # the title names the stored event
