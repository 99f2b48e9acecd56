"""The filter of the Prüfer's overview (/pruefen/): which lists (origin, state) and which page.

A value that is not offered (an import of another club, a mistyped state) is not an error the
Prüfer has to mend: the form falls back to the default (`origin`/`state` of the cleaned data).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlencode

from django import forms

from skatclub.club.queries.checking import DEFAULT_STATE, ENTERED, IMPORTED, STATES, ImportRow

MAX_PAGE_DIGITS = 6  # 25 lists a page: a million pages is more than any club has


class CheckingFilter(forms.Form):
    herkunft = forms.ChoiceField(label="Herkunft", required=False)
    stand = forms.ChoiceField(
        label="Stand", required=False, choices=[(k, label) for k, (label, _) in STATES.items()]
    )

    def __init__(self, data: object, imports: Sequence[ImportRow]) -> None:
        super().__init__(data)  # type: ignore[arg-type]
        field = self.fields["herkunft"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [
            ("", "alle Listen"),
            (IMPORTED, "nur importierte"),
            (ENTERED, "nur in skatclub erfasste"),
            *[(str(i.pk), f"{i.label} ({i.lists} Listen)") for i in imports],
        ]

    @property
    def origin(self) -> str:
        self.is_valid()  # a field that is not valid is left out of the cleaned data
        return str(self.cleaned_data.get("herkunft") or "")

    @property
    def state(self) -> str:
        self.is_valid()
        return str(self.cleaned_data.get("stand") or DEFAULT_STATE)

    def query(self) -> str:
        """The filter as a query string for the pager's links ("herkunft=3&stand=alle")."""
        return urlencode({"herkunft": self.origin, "stand": self.state})


def page_number(value: str | None) -> str:
    """The page asked for, bounded (`Paginator.get_page` turns anything else into a page)."""
    return (value or "1")[:MAX_PAGE_DIGITS]
