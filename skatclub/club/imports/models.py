"""The spreadsheet import's own records: the saved column mapping and each import.

`SpreadsheetMapping` is the club's mapping of its columns (one row; shown again next time).
`SpreadsheetImport` names the kept rows of an uploaded file (a file in the data folder, see
`imports.kept`) between the steps (mapping, names, preview), the Spielwart's decisions, and
after confirming what the import created (event keys, player keys, season years), so that
`imports.write.undo_import` can remove exactly that.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse

from skatclub.club import tenancy


class SpreadsheetMapping(models.Model):
    """Which column holds what, by the column's heading (e.g. {"player": "Name"})."""

    club = tenancy.club_column()
    columns = models.JSONField("Spalten", default=dict)
    ruleset = models.CharField("Regelwerk", max_length=20, default="isko")
    updated_at = models.DateTimeField("geändert am", auto_now=True)

    objects = tenancy.ClubManager["SpreadsheetMapping"]()
    all_clubs = tenancy.AllClubsManager["SpreadsheetMapping"]()

    class Meta:
        verbose_name = "Spaltenzuordnung"
        verbose_name_plural = "Spaltenzuordnungen"

    def __str__(self) -> str:
        return ", ".join(f"{k} = {v}" for k, v in self.columns.items()) or "leer"


class SpreadsheetImport(models.Model):
    class Status(models.TextChoices):
        UPLOADED = "uploaded", "hochgeladen"
        IMPORTED = "imported", "importiert"
        UNDONE = "undone", "rückgängig gemacht"
        REFUSED = "refused", "abgelehnt"

    club = tenancy.club_column()
    filename = models.CharField("Datei", max_length=200)
    kind = models.CharField("Format", max_length=10)
    # The file in the upload folder with the file's rows (`imports.kept`) while the Spielwart
    # maps, reviews and confirms; removed (and emptied here) once imported or discarded.
    # Empty while the background job reads the upload (`options["upload"]`: its file).
    rows_file = models.CharField("Zeilen (Datei im Datenordner)", max_length=40, blank=True)
    status = models.CharField(
        "Stand", max_length=10, choices=Status.choices, default=Status.UPLOADED
    )
    mapping = models.JSONField("Spalten", default=dict)
    ruleset = models.CharField("Regelwerk", max_length=20, default="isko")
    # Keep sums the rules refuse, marked "abweichend erfasst" (strict when False).
    as_recorded = models.BooleanField("wie erfasst übernehmen", default=False)
    # The rest of the Spielwart's choices (`plan.ImportSettings.of`): games per Serie, house
    # rules, evenings that exist already ("on_duplicate", "duplicates"), and the workbook's
    # sheets ("sheets": name, first and last row number in the kept rows; "chosen": names).
    options = models.JSONField("Einstellungen", default=dict)
    # Sheet name -> decision: "new", "guest", "player:<key>" or "same:<other sheet name>".
    names = models.JSONField("Namen", default=dict)
    # What the import created: {"events": [keys], "players": [keys], "seasons": [years],
    # "replaced": [keys of the events it deleted to replace them]}.
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

    objects = tenancy.ClubManager["SpreadsheetImport"]()
    all_clubs = tenancy.AllClubsManager["SpreadsheetImport"]()

    class Meta:
        verbose_name = "Tabellen-Import"
        verbose_name_plural = "Tabellen-Importe"
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("spreadsheet-import-columns", args=[self.pk])
