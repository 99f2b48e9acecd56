"""`{% load money %}`: `{{ cents|euro }}` shows integer cents (or exact Fractions) as euros."""

from __future__ import annotations

from fractions import Fraction

from django import template

from skatclub.club.formatting import euro as euro_text

register = template.Library()


@register.filter
def euro(cents: int | Fraction | None) -> str:
    return "" if cents is None else euro_text(cents)
