"""Forms of the archive import page: the upload and the choice "as recorded" or strict."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.files.uploadedfile import UploadedFile

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


class ArchiveUploadForm(ModeForm):
    file = forms.FileField(
        label="Archivdatei (.json, auch gepackt als .zip oder .gz)",
        required=False,  # a file dropped for its size is reported as that, not as missing
        help_text="Ein Skatclub-Archiv („skatclub-archive/1“, docs/spec/archive-format.md), "
        "z. B. aus dem Programm, mit dem der Verein bisher geschrieben hat.",
    )
    field_order = ["file", "mode"]

    def __init__(self, *args: Any, refused: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.refused = refused  # why the upload handler dropped the file (`imports.upload`)

    def clean_file(self) -> UploadedFile[bytes]:
        if self.refused:
            raise forms.ValidationError(self.refused)
        upload: UploadedFile[bytes] | None = self.cleaned_data.get("file")
        if not upload:
            raise forms.ValidationError("Bitte eine Archivdatei auswählen.")
        return upload
