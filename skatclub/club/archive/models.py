"""The archive import's own record: each archive uploaded on the Spielwart's page.

`ArchiveImport` names the kept archive (a file in the upload folder, see `archive.pending`)
between upload, preview and confirming, the mode chosen (as recorded or strict), and after
confirming what the import created (event keys, player keys, season years), so that
`archive.pending.undo_archive` removes exactly that.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from skatclub.club import tenancy


class ArchiveImport(models.Model):
    class Status(models.TextChoices):
        UPLOADED = "uploaded", "hochgeladen"
        IMPORTING = "importing", "wird importiert"
        IMPORTED = "imported", "importiert"
        UNDONE = "undone", "rückgängig gemacht"
        DISCARDED = "discarded", "verworfen"
        REFUSED = "refused", "abgelehnt"

    club = tenancy.club_column()
    filename = models.CharField("Datei", max_length=200)
    # The archive's JSON text in the upload folder while the Spielwart looks at the preview;
    # removed (and emptied here) once imported or discarded.
    archive_file = models.CharField("Archiv (Datei im Datenordner)", max_length=40, blank=True)
    status = models.CharField(
        "Stand", max_length=10, choices=Status.choices, default=Status.UPLOADED
    )
    # Keep games the rules refuse with the list's value, marked "abweichend erfasst".
    as_recorded = models.BooleanField("wie erfasst übernehmen", default=True)
    # The rules chosen on the import page for events whose archive does not state them
    # (`scoring.event_rules.stored_values`); {}: the declaration's defaults.
    rules = models.JSONField("Regeln, wo das Archiv keine nennt", default=dict, blank=True)
    # What checking found, per mode ("recorded", "strict"): `pending.ArchivePreview.stored`,
    # written by the check job and shown by the preview page.
    previews = models.JSONField("Vorschau", default=dict, blank=True)
    # What the import created: {"events": [keys], "players": [keys], "seasons": [years]}.
    created = models.JSONField("angelegt", default=dict)
    summary = models.CharField("Ergebnis", max_length=300, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    created_at = models.DateTimeField("hochgeladen am", auto_now_add=True)
    imported_at = models.DateTimeField("importiert am", null=True, blank=True)
    undone_at = models.DateTimeField("rückgängig am", null=True, blank=True)

    objects = tenancy.ClubManager["ArchiveImport"]()
    all_clubs = tenancy.AllClubsManager["ArchiveImport"]()

    class Meta:
        verbose_name = "Archiv-Import"
        verbose_name_plural = "Archiv-Importe"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("archive-import-preview", args=[self.pk])
