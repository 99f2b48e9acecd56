"""Issue 29: the import an event came from (`Event.history_import`), so that /pruefen/ finds an
imported history's lists and accepts them together with one history row
(`Change.history_import`). Events imported before are marked here: a spreadsheet import by
the event keys it recorded, an archive import by the "importiert" history row the archive
writer leaves on each table (one import per club and day, as nothing else tells them apart)."""

from typing import Any

import django.db.models.deletion
import skatclub.club.tenancy
from django.conf import settings
from django.db import migrations, models
from django.db.models import Exists, OuterRef, Subquery

IMPORTED_NOTE = "importiert"  # the note of the archive writer's history row per table


def mark_earlier_imports(apps: Any, schema_editor: Any) -> None:
    Event = apps.get_model("club", "Event")
    Change = apps.get_model("club", "Change")
    HistoryImport = apps.get_model("club", "HistoryImport")
    SpreadsheetImport = apps.get_model("club", "SpreadsheetImport")
    for sheet in SpreadsheetImport.objects.filter(status="imported").order_by("pk"):
        keys = (sheet.created or {}).get("events", []) if isinstance(sheet.created, dict) else []
        events = Event.objects.filter(club_id=sheet.club_id, key__in=keys, history_import=None)
        if keys and events.exists():
            record = HistoryImport.objects.create(
                club_id=sheet.club_id,
                kind="spreadsheet",
                name=sheet.filename[:200],
                by_id=sheet.created_by_id,
            )
            when = sheet.imported_at or sheet.created_at
            HistoryImport.objects.filter(pk=record.pk).update(at=when)
            events.update(history_import=record)
    imported = Change.objects.filter(
        table__round__event=OuterRef("pk"), action="create", note=IMPORTED_NOTE, user=None
    ).order_by("at")
    rows = (
        Event.objects.filter(history_import=None)
        .filter(Exists(imported))
        .annotate(imported_at=Subquery(imported.values("at")[:1]))
        .values_list("pk", "club_id", "imported_at")
    )
    groups: dict[tuple[int, Any], list[tuple[Any, int]]] = {}
    for pk, club_id, at in rows:
        groups.setdefault((club_id, at.date()), []).append((at, pk))
    for (club_id, _), members in sorted(groups.items()):
        record = HistoryImport.objects.create(club_id=club_id, kind="archive")
        HistoryImport.objects.filter(pk=record.pk).update(at=min(at for at, _ in members))
        Event.objects.filter(pk__in=[pk for _, pk in members]).update(history_import=record)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0020_archive_recorded_archive_import"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="HistoryImport",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[("archive", "Archiv"), ("spreadsheet", "Tabelle")],
                        max_length=12,
                        verbose_name="Art",
                    ),
                ),
                ("name", models.CharField(blank=True, max_length=200, verbose_name="Datei")),
                ("at", models.DateTimeField(auto_now_add=True, verbose_name="importiert am")),
                (
                    "by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="von",
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        default=skatclub.club.tenancy.club_for_new_rows,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="club.club",
                        verbose_name="Club",
                    ),
                ),
            ],
            options={
                "verbose_name": "Import",
                "verbose_name_plural": "Importe",
                "ordering": ["-at", "-id"],
            },
        ),
        migrations.AddField(
            model_name="change",
            name="history_import",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="changes",
                to="club.historyimport",
                verbose_name="Import",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="history_import",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="events",
                to="club.historyimport",
                verbose_name="aus Import",
            ),
        ),
        migrations.RunPython(mark_earlier_imports, migrations.RunPython.noop, elidable=True),
    ]
