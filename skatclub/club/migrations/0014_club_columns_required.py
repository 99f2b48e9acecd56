"""Clubs as tenants, part 2: the columns 0013 filled become required. A migration of its own
because PostgreSQL refuses to alter a table while the deferred checks of 0013's updates are
pending in the same transaction."""

import django.db.models.deletion
from django.db import migrations, models

import skatclub.club.tenancy

OWNED = ["event", "keepapart", "match", "player", "removal", "season", "sheetimport", "sheetmapping"]
RELATED = {"event": "events", "player": "players", "season": "seasons"}


class Migration(migrations.Migration):
    dependencies = [("club", "0013_clubs_as_tenants")]

    operations = [
        migrations.AlterField(
            model_name="club",
            name="slug",
            field=models.SlugField(unique=True, verbose_name="Kurzname (Adresse)"),
        ),
        *[
            migrations.AlterField(
                model_name=name,
                name="club",
                field=models.ForeignKey(
                    default=skatclub.club.tenancy.club_for_new_rows,
                    on_delete=django.db.models.deletion.PROTECT,
                    related_name=RELATED.get(name, "+"),
                    to="club.club",
                    verbose_name="Club",
                ),
            )
            for name in OWNED
        ],
        migrations.AlterField(
            model_name="event",
            name="key",
            field=models.SlugField(max_length=100, verbose_name="Schlüssel"),
        ),
        migrations.AlterField(
            model_name="match",
            name="key",
            field=models.SlugField(max_length=100, verbose_name="Schlüssel"),
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.UniqueConstraint(fields=("club", "key"), name="event_key_per_club"),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.UniqueConstraint(fields=("club", "key"), name="match_key_per_club"),
        ),
        migrations.AlterField(
            model_name="season",
            name="year",
            field=models.PositiveIntegerField(verbose_name="Jahr"),
        ),
        migrations.AddConstraint(
            model_name="season",
            constraint=models.UniqueConstraint(
                fields=("club", "year"), name="season_year_per_club"
            ),
        ),
    ]
