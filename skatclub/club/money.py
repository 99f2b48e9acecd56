"""Money typed by the Spielwart: euro amounts to integer cents, and a form field for them.

Owns `parse_euros` ("10", "10,5", "10,50 €", "1.234,50" → cents; never a float) and
`EuroField`. Amounts are bounded (`MAX_CENTS`, 100,000 €) and refused in German.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms

MAX_CENTS = 10_000_000
MAX_TEXT = 20
# ASCII digits only: "١٢" (Arabic-Indic) is no amount anybody here typed.
EURO = re.compile(
    r"^(?P<sign>-?)(?P<whole>\d{1,3}(?:\.\d{3})+|\d{1,8})(?:,(?P<cents>\d{1,2}))?$", re.ASCII
)


class MoneyError(ValueError):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def parse_euros(text: str, *, allow_negative: bool = False, max_cents: int = MAX_CENTS) -> int:
    """Euros as typed ("12,50", "12.50", "12", "1.234,50 €") → integer cents."""
    cleaned = text.strip().replace("€", "").replace(" ", "")
    if "," not in cleaned and re.fullmatch(r"-?\d{1,8}\.\d{1,2}", cleaned):
        cleaned = cleaned.replace(".", ",")  # "12.50": a decimal point, not thousands
    match = EURO.match(cleaned)
    if not match:
        raise MoneyError(
            f"„{text.strip()[:20]}“ ist kein Betrag; bitte Euro mit höchstens zwei "
            "Nachkommastellen angeben, z. B. 12,50."
        )
    cents = int(match["whole"].replace(".", "")) * 100 + int((match["cents"] or "0").ljust(2, "0"))
    if match["sign"]:
        if not allow_negative:
            raise MoneyError("Der Betrag kann nicht negativ sein.")
        cents = -cents
    if abs(cents) > max_cents:
        raise MoneyError(f"Höchstens {max_cents // 100:,} € bitte.".replace(",", "."))
    return cents


def cents_text(cents: int | None) -> str:
    """Cents as the Spielwart types them back: 1250 → "12,50"."""
    if cents is None:
        return ""
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100},{abs(cents) % 100:02d}"


class EuroField(forms.CharField):
    """A euro amount typed as text, cleaned to integer cents (None when left empty)."""

    def __init__(
        self, *args: Any, allow_negative: bool = False, max_cents: int = MAX_CENTS, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.widget.attrs.setdefault("maxlength", str(MAX_TEXT))
        self.widget.attrs.setdefault("inputmode", "decimal")
        self.allow_negative, self.max_cents = allow_negative, max_cents

    def prepare_value(self, value: Any) -> Any:
        return cents_text(value) if isinstance(value, int) else value

    def to_python(self, value: Any) -> int | None:  # type: ignore[override]
        text = super().to_python(value)
        if not text:
            return None
        if len(text) > MAX_TEXT:
            raise forms.ValidationError("Ein Betrag hat höchstens 20 Zeichen.")
        try:
            return parse_euros(text, allow_negative=self.allow_negative, max_cents=self.max_cents)
        except MoneyError as error:
            raise forms.ValidationError(error.message) from None


PERCENT = re.compile(r"^\d{1,3}(?:[.,]\d{1,3})?$")


def percent_text(value: Decimal | None) -> str:
    """A share as the Spielwart types it: Decimal("12.500") → "12,5"."""
    if value is None:
        return ""
    return format(value.normalize(), "f").replace(".", ",")


class PercentField(forms.CharField):
    """A percentage from 0 to 100 with up to three decimals ("12,5" or "12.5"), as a Decimal."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.widget.attrs.setdefault("maxlength", "7")
        self.widget.attrs.setdefault("inputmode", "decimal")

    def prepare_value(self, value: Any) -> Any:
        return percent_text(value) if isinstance(value, Decimal) else value

    def to_python(self, value: Any) -> Decimal | None:  # type: ignore[override]
        text = (super().to_python(value) or "").strip().replace(" ", "").rstrip("%")
        if not text:
            return None
        if not PERCENT.match(text) or Decimal(text.replace(",", ".")) > 100:
            raise forms.ValidationError(
                "Bitte einen Anteil von 0 bis 100 % mit höchstens drei Nachkommastellen, "
                "z. B. 12,5."
            )
        return Decimal(text.replace(",", "."))
