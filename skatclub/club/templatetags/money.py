"""`{% load money %}`: `{{ cents|euro }}` shows integer cents (or exact Fractions) as euros,
`{{ cents|euro_signed }}` a change with its sign, `{{ n|number }}` a whole number with
thousands dot and true minus (`formatting.number`)."""

from __future__ import annotations

from fractions import Fraction

from django import template

from skatclub.club import formatting
from skatclub.club.formatting import euro as euro_text

register = template.Library()


@register.filter
def euro(cents: int | Fraction | None) -> str:
    return "" if cents is None else euro_text(cents)


@register.filter
def number(value: int | None) -> str:
    return "" if value is None else formatting.number(value)


@register.filter
def euro_signed(cents: int | Fraction | None) -> str:
    """With its sign also when positive: a change, "+0,80 €"."""
    return "" if cents is None else euro_text(cents, sign=True)
