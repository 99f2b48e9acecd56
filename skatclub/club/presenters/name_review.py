"""The page of the spreadsheet import where the Spielwart reviews the sheet's names.

Owns `name_review(...)`: which names one page shows (a few hundred at a time, so one POST
stays within Django's field limit), what each name's form starts with (the decision already
saved for it, else the suggestion) and the rows and paging the template shows. The matching
itself is `imports.names` (pure); reads and writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms

from skatclub.club.imports.names import Suggestion, choices, suggestions

PLAYER = "player:"
FormRow = tuple[str, forms.BoundField, forms.BoundField]  # `NamesForm.rows()`: name, choice, key


@dataclass(frozen=True)
class NameReview:
    names: Sequence[str]  # every name of the sheet, in the order read
    rows_of: Mapping[str, int]  # name -> rows of the sheet that carry it
    suggested: Mapping[str, Suggestion]
    members: Mapping[str, str]  # key -> name
    page: int
    pages: int
    per_page: int

    @property
    def shown(self) -> Sequence[str]:
        return self.names[(self.page - 1) * self.per_page : self.page * self.per_page]

    @property
    def has_next(self) -> bool:
        return self.page < self.pages

    def options(self) -> dict[str, list[tuple[str, str]]]:
        """Per shown name the choices of its field."""
        shown = set(self.shown)
        return {n: option for n, option in choices(self.names, self.members).items() if n in shown}

    def initial(self, decided: Mapping[str, str], options: Mapping[str, Any]) -> dict[str, str]:
        """The form as it starts: the saved decision, else the suggestion; a member that is
        not among a name's choices goes into the name's Kürzel field."""
        initial = {}
        for index, name in enumerate(self.shown):
            decision = decided.get(name) or self.suggested[name].decision
            if decision.startswith(PLAYER) and decision not in dict(options[name]):
                initial[f"k{index}"] = decision[len(PLAYER) :]
            else:
                initial[f"n{index}"] = decision
        return initial

    def context(self, rows: Sequence[FormRow]) -> dict[str, Any]:
        """What the template shows besides the form: one row per shown name, the paging."""
        first = (self.page - 1) * self.per_page + 1
        return {
            "rows": [
                {
                    "name": name,
                    "rows": self.rows_of[name],
                    "why": self.suggested[name].why,
                    "sure": self.suggested[name].sure,
                    "choice": choice,
                    "key": key,
                }
                for name, choice, key in rows
            ],
            "unsure": sum(not self.suggested[n].sure for n in self.names),
            "page": self.page,
            "pages": self.pages,
            "names_total": len(self.names),
            "first": first,
            "last": first + len(self.shown) - 1,
            "page_numbers": range(1, self.pages + 1),
        }


def name_review(
    rows_of: Mapping[str, int], members: Mapping[str, str], page: int | None, per_page: int
) -> NameReview:
    """Page `page` (1 if missing, within the pages there are) of the sheet's names."""
    names = list(rows_of)
    pages = max(1, -(-len(names) // per_page))
    return NameReview(
        names=names,
        rows_of=rows_of,
        suggested=suggestions(names, members),
        members=members,
        page=min(max(page or 1, 1), pages),
        pages=pages,
        per_page=per_page,
    )
