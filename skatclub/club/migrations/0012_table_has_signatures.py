from typing import Any

from django.db import migrations, models


def mark_signed_tables(apps: Any, schema_editor: Any) -> None:
    """Tables whose lists carry signatures already say so."""
    Table = apps.get_model("club", "Table")
    Signature = apps.get_model("club", "Signature")
    signed = Signature.objects.values("table_id")
    Table.objects.filter(pk__in=signed).update(has_signatures=True)


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0011_table_recorded_note"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="has_signatures",
            field=models.BooleanField(
                default=False, editable=False, verbose_name="am Tisch unterschrieben"
            ),
        ),
        migrations.RunPython(mark_signed_tables, migrations.RunPython.noop),
    ]
