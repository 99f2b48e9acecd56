"""Forms of the archive import page: the upload and the choice "as recorded" or strict."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

from scoring.event_rules import Effect, EventRules
from skatclub.club.forms.rules import rule_fields, rule_initial, rules_from

AS_RECORDED, STRICT = "wie-erfasst", "streng"
MODES = [
    (
        AS_RECORDED,
        "wie erfasst übernehmen: Spiele, die den Regeln widersprechen, mit dem Wert der Liste "
        "übernehmen und als „abweichend erfasst“ zur Prüfung listen",
    ),
    (STRICT, "streng: nur übernehmen, wenn jedes Spiel den Regeln entspricht"),
]


class ModeForm(forms.Form):
    mode = forms.ChoiceField(
        label="Wie übernehmen?", choices=MODES, initial=AS_RECORDED, widget=forms.RadioSelect
    )

    def as_recorded(self, default: bool) -> bool:
        """The mode chosen (a valid form), else `default`."""
        if not self.is_bound or not self.is_valid():
            return default
        return bool(self.cleaned_data["mode"] == AS_RECORDED)


# The rules an old archive may leave out: those that value games and the Serie lengths.
ARCHIVE_RULES = (Effect.GAMES, Effect.LENGTH)


class ArchiveUploadForm(ModeForm):
    file = forms.FileField(
        label="Archivdatei (.json, auch gepackt als .zip oder .gz)",
        required=False,  # a file dropped for its size is reported as that, not as missing
        help_text="Ein Skatclub-Archiv („skatclub-archive/1“, docs/spec/archive-format.md), "
        "z. B. aus dem Programm, mit dem der Verein bisher geschrieben hat. Nennt es für eine "
        "Veranstaltung eine Regel nicht (etwa die Ramsch-Begrenzung), gilt die unten gewählte.",
    )
    field_order = ["file", "mode"]

    def __init__(self, *args: Any, refused: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused = refused  # why the upload handler dropped the file (`imports.upload`)
        defaults = rule_initial(EventRules(), ARCHIVE_RULES)
        for name, field in rule_fields(effects=ARCHIVE_RULES).items():
            field.initial = defaults.get(name)
            field.help_text = (field.help_text + " " if field.help_text else "") + (
                "Gilt nur für Veranstaltungen, deren Archiv diese Regel nicht nennt."
            )
            self.fields[name] = field

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.rules, errors = rules_from(data, EventRules(), ARCHIVE_RULES)
        for name, message in errors.items():
            self.add_error(None if name == "__all__" else name, message)
        return data

    def clean_file(self) -> UploadedFile[bytes]:
        if self.refused:
            raise forms.ValidationError(self.refused)
        upload: UploadedFile[bytes] | None = self.cleaned_data.get("file")
        if not upload:
            raise forms.ValidationError("Bitte eine Archivdatei auswählen.")
        return upload
