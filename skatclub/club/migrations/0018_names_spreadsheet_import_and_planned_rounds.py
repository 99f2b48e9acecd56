"""One name per concept (issue 25): a spreadsheet import is a `SpreadsheetImport` (a "sheet" is a
Spielliste), and the Gewinnplan's planned Serien are `rounds` (Serie = `Round`). Django renames the
tables and the column; the data stay."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0017_sheet_import_rows_in_files"),
    ]

    operations = [
        migrations.RenameModel(old_name="SheetMapping", new_name="SpreadsheetMapping"),
        migrations.RenameModel(old_name="SheetImport", new_name="SpreadsheetImport"),
        migrations.RenameField(model_name="prizeplan", old_name="serien", new_name="rounds"),
    ]
