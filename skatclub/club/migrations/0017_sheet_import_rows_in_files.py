"""The kept rows of a waiting spreadsheet import move from the database into files.

Each `SheetImport` still waiting (status "uploaded") with rows in `content` gets them as a
file in the upload folder (0600, as `imports.kept` writes them) and its name in `rows_file`;
then `content` is dropped. Backwards, the files are read into `content` again (and kept).
The code is copied here on purpose: a migration must not change when the app does.
"""

import os
import re
import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import migrations, models

NAME = re.compile(r"^[0-9a-f]{32}\.rows$")


def _folder() -> Path:
    folder = Path(settings.SKATCLUB_UPLOAD_DIR)
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    folder.chmod(0o700)
    return folder


def rows_into_files(apps: Any, schema_editor: Any) -> None:
    SheetImport = apps.get_model("club", "SheetImport")
    waiting = SheetImport._base_manager.filter(status="uploaded").exclude(content=b"")
    for pk in waiting.values_list("pk", flat=True).iterator():
        row = SheetImport._base_manager.only("content").get(pk=pk)  # one file in memory
        name = f"{secrets.token_hex(16)}.rows"
        descriptor = os.open(_folder() / name, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as target:
            target.write(bytes(row.content))
        SheetImport._base_manager.filter(pk=pk).update(rows_file=name, content=b"")


def files_into_rows(apps: Any, schema_editor: Any) -> None:
    SheetImport = apps.get_model("club", "SheetImport")
    for row in SheetImport._base_manager.exclude(rows_file="").only("rows_file"):
        path = _folder() / row.rows_file
        if NAME.match(row.rows_file) and path.is_file():
            SheetImport._base_manager.filter(pk=row.pk).update(content=path.read_bytes())


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0016_club_roles_and_player_history"),
    ]

    operations = [
        migrations.AddField(
            model_name="sheetimport",
            name="rows_file",
            field=models.CharField(
                blank=True, max_length=40, verbose_name="Zeilen (Datei im Datenordner)"
            ),
        ),
        migrations.RunPython(rows_into_files, files_into_rows),
        migrations.RemoveField(
            model_name="sheetimport",
            name="content",
        ),
    ]
