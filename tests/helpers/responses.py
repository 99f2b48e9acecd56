"""`Response`: the type of what Django's test client answers, for annotations only.

django-stubs describes it as a private class that exists for the type checker alone, so it is
imported under TYPE_CHECKING, here and by whoever uses `Response`."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

    Response: TypeAlias = _MonkeyPatchedWSGIResponse

# What a browser sends with a form it posts itself (no JavaScript): the table pages answer it
# with post/redirect/get; a client that asks for no HTML gets the page itself with 200.
BROWSER_FORM = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}
