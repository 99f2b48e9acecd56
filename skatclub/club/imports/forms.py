"""Forms of the spreadsheet import: the upload, the column mapping and the names review."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from scoring.event_rules import Effect
from skatclub.club.forms.rules import rule_fields
from skatclub.club.imports.mapping import FIELDS, problems
from skatclub.club.imports.plan import DUPLICATE_CHOICES, Duplicate, ImportSettings
from skatclub.club.imports.reader import MAX_BLANK_ROWS, MAX_BYTES
from skatclub.club.models import DEFAULT_GAMES_PER_ROUND, RULESET_CHOICES

NOT_THERE = ""


class UploadForm(forms.Form):
    file = forms.FileField(
        label="Tabelle (.xlsx, .ods oder .csv)",
        required=False,  # a file dropped for its size is reported as that, not as missing
        help_text=f"höchstens {MAX_BYTES // (1024 * 1024)} MB; die erste Zeile enthält die "
        "Spaltenüberschriften, danach eine Zeile je Spieler und Serie; nach "
        f"{MAX_BLANK_ROWS:_} leeren Zeilen hintereinander endet die Tabelle.".replace("_", "."),
    )

    def __init__(self, *args: Any, refused: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused = refused  # why the upload handler dropped the file (`imports.upload`)

    def clean_file(self) -> UploadedFile[bytes]:
        if self.refused:
            raise forms.ValidationError(self.refused)
        upload: UploadedFile[bytes] | None = self.cleaned_data.get("file")
        if not upload:
            raise forms.ValidationError("Bitte eine Datei auswählen.")
        if (upload.size or 0) > MAX_BYTES:
            raise forms.ValidationError(
                f"Die Datei ist größer als {MAX_BYTES // (1024 * 1024)} MB und wird nicht gelesen."
            )
        return upload


# The declared rules (`forms.rules`) the import of a sheet of sums offers: what decides whether
# sums can be, and how long a Serie is. Games with Bock or Ramsch are not in such a sheet.
TOTALS_RULES = (
    "games_3",
    "games_4",
    "games_5",
    "house_kontra",
    "house_bock",
    "house_ramsch",
    "ramsch_loss_cap",
)


class MappingForm(forms.Form):
    """One select per field: which column holds it (or none)."""

    ruleset = forms.ChoiceField(label="Regelwerk der Veranstaltungen", choices=RULESET_CHOICES)
    as_recorded = forms.BooleanField(
        label="Summen wie erfasst übernehmen",
        required=False,
        help_text="Summen, die nach den Regeln nicht sein können (z. B. ein gewonnenes Spiel "
        "mit 5 Punkten), werden trotzdem übernommen, als „abweichend erfasst“ markiert und "
        "auf einer Seite zur Durchsicht gelistet. Ohne Haken verhindern sie den Import.",
    )

    def __init__(
        self,
        *args: Any,
        headers: Sequence[str],
        worksheets: Sequence[Mapping[str, Any]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # The rules a sheet of sums needs, each field as the declaration makes it.
        declared_fields = rule_fields(effects=(Effect.GAMES, Effect.LENGTH))
        for name in TOTALS_RULES:
            self.fields[name] = declared_fields[name]
        options = [(NOT_THERE, "– keine Spalte –")] + [
            (str(i), f"{h or '(ohne Überschrift)'} (Spalte {_letter(i)})")
            for i, h in enumerate(headers)
        ]
        for field, label in FIELDS:
            self.fields[field] = forms.ChoiceField(label=label, choices=options, required=False)
        if len(worksheets) > 1:
            self.fields["worksheets"] = forms.MultipleChoiceField(
                label="Tabellenblätter",
                choices=[(w["name"], f"{w['name']} ({w['rows']} Zeilen)") for w in worksheets],
                widget=forms.CheckboxSelectMultiple,
                error_messages={"required": "Bitte mindestens ein Tabellenblatt wählen."},
                help_text="Die Blätter werden nacheinander gelesen, ihre Spalten nach den "
                "Überschriften des ersten Blatts zugeordnet.",
            )

    @staticmethod
    def initial_settings(settings: ImportSettings, options: Mapping[str, Any]) -> dict[str, Any]:
        """The form's start for the settings an import keeps (`SpreadsheetImport.options`)."""
        return {
            **{f"games_{size}": count for size, count in settings.games_per_round.items()},
            "house_kontra": settings.house_kontra,
            "house_bock": settings.house_bock,
            "house_ramsch": settings.house_ramsch,
            "ramsch_loss_cap": settings.ramsch_loss_cap,
            "worksheets": options.get("chosen") or [],
        }

    def options(self, before: Mapping[str, Any]) -> dict[str, Any]:
        """The import's options with the chosen settings (and worksheets)."""
        data = self.cleaned_data
        chosen = {"chosen": data["worksheets"]} if "worksheets" in self.fields else {}
        return {
            **before,
            "games_per_round": {
                s: data[f"games_{s}"] or DEFAULT_GAMES_PER_ROUND[s] for s in ("3", "4", "5")
            },
            "house_kontra": data["house_kontra"],
            "house_bock": data["house_bock"],
            "house_ramsch": data["house_ramsch"],
            "ramsch_loss_cap": data["ramsch_loss_cap"],
            **chosen,
        }

    def column_fields(self) -> list[forms.BoundField]:
        return [self[f] for f, _ in FIELDS]

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[f] for f in self.fields if f not in dict(FIELDS) and f != "worksheets"]

    def columns(self) -> dict[str, int | None]:
        return {
            field: int(self.cleaned_data[field]) if self.cleaned_data.get(field) else None
            for field, _ in FIELDS
        }

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if not self.errors:
            for problem in problems(self.columns()):
                self.add_error(None, problem)
        return cleaned


def _letter(index: int) -> str:
    """The column letter a spreadsheet program shows: 0 -> A, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class NamesForm(forms.Form):
    """Per sheet name: new member, new guest, or the same as a member or another name."""

    other = "kuerzel"

    def __init__(
        self,
        *args: Any,
        names: Mapping[str, list[tuple[str, str]]],
        members: Mapping[str, str],
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names = list(names)
        self.members = members
        for index, (name, options) in enumerate(names.items()):
            self.fields[f"n{index}"] = forms.ChoiceField(
                label=name, choices=options, required=False
            )
            self.fields[f"k{index}"] = forms.CharField(
                label=f"oder Kürzel eines Mitglieds für {name}", required=False, max_length=60
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        for index in range(len(self.names)):
            key = (cleaned.get(f"k{index}") or "").strip()
            if key and key not in self.members:
                self.add_error(f"k{index}", f"Ein Mitglied mit dem Kürzel „{key}“ gibt es nicht.")
        return cleaned

    def decisions(self) -> dict[str, str]:
        result = {}
        for index, name in enumerate(self.names):
            key = (self.cleaned_data.get(f"k{index}") or "").strip()
            result[name] = f"player:{key}" if key else self.cleaned_data.get(f"n{index}") or "new"
        return result

    def rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        return [(n, self[f"n{i}"], self[f"k{i}"]) for i, n in enumerate(self.names)]


class DuplicatesForm(forms.Form):
    """What to do with the evenings the club has already: for all, and per evening."""

    on_duplicate = forms.ChoiceField(
        label="Abende, die es schon gibt", choices=DUPLICATE_CHOICES, required=False
    )

    def __init__(self, *args: Any, duplicates: Sequence[Duplicate], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.duplicates = list(duplicates)[:500]
        for index, duplicate in enumerate(self.duplicates):
            self.fields[f"d{index}"] = forms.ChoiceField(
                label=duplicate.where,
                choices=[("", "wie oben"), *DUPLICATE_CHOICES],
                required=False,
                initial=duplicate.choice,
            )

    def choices(self, before: Mapping[str, str]) -> tuple[str, dict[str, str]]:
        """The choice for all and the per-evening choices that differ from it."""
        every = self.cleaned_data.get("on_duplicate") or "skip"
        own = dict(before)
        for index, duplicate in enumerate(self.duplicates):
            chosen = self.cleaned_data.get(f"d{index}") or ""
            own.pop(duplicate.key, None)
            if chosen and chosen != every:
                own[duplicate.key] = chosen
        return every, own

    def rows(self) -> list[tuple[Duplicate, forms.BoundField]]:
        return [(d, self[f"d{i}"]) for i, d in enumerate(self.duplicates)]
