"""`Response`: the type of what Django's test client answers, for annotations only.

django-stubs describes it as a private class that exists for the type checker alone, so it is
imported under TYPE_CHECKING, here and by whoever uses `Response`."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse

    Response: TypeAlias = _MonkeyPatchedWSGIResponse
