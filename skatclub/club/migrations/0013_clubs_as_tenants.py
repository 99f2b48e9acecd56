"""Clubs as tenants: every season, player, Offiziersskat match, wish, removal and spreadsheet
import belongs to a club; logins act in the clubs they are staff of.

An existing single-club database moves into its one club (created from SKATCLUB_NAME when
there was none), and every Spielwart and Prüfer becomes staff of it: nothing changes for a
laptop installation.
"""

from typing import Any

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.utils.text import slugify

import skatclub.club.tenancy

OWNED = ["event", "keepapart", "match", "player", "removal", "season", "sheetimport", "sheetmapping"]
RELATED = {"event": "events", "player": "players", "season": "seasons"}


def slugs_and_home_club(apps: Any, schema_editor: Any) -> None:
    Club = apps.get_model("club", "Club")
    taken = set()
    for club in Club.objects.order_by("pk"):
        base = slugify(club.name)[:40] or "verein"
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add(slug)
        club.slug = slug
        club.save(update_fields=["slug"])
    has_rows = any(apps.get_model("club", name).objects.exists() for name in OWNED)
    if has_rows and not taken:
        name = settings.SKATCLUB_NAME
        Club.objects.create(name=name, slug=slugify(name)[:40] or "verein")


def into_home_club(apps: Any, schema_editor: Any) -> None:
    Club = apps.get_model("club", "Club")
    home = Club.objects.order_by("pk").first()
    if home is None:
        return
    for name in OWNED:
        apps.get_model("club", name).objects.update(club=home)
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    staff = User.objects.filter(groups__name__in=["Spielwart", "Prüfer"]).distinct()
    ClubStaff = apps.get_model("club", "ClubStaff")
    ClubStaff.objects.bulk_create(ClubStaff(club=home, user=user) for user in staff)


def club_field(name: str, null: bool) -> models.ForeignKey[Any, Any]:
    return models.ForeignKey(
        default=None if null else skatclub.club.tenancy.club_for_new_rows,
        null=null,
        on_delete=django.db.models.deletion.PROTECT,
        related_name=RELATED.get(name, "+"),
        to="club.club",
        verbose_name="Club",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0012_table_has_signatures"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="club",
            options={"ordering": ["name"], "verbose_name": "Club", "verbose_name_plural": "Clubs"},
        ),
        migrations.AddField(
            model_name="club",
            name="slug",
            field=models.SlugField(null=True, verbose_name="Kurzname (Adresse)"),
        ),
        migrations.CreateModel(
            name="ClubStaff",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        to="club.club",
                        verbose_name="Club",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        to=settings.AUTH_USER_MODEL,
                        verbose_name="Anmeldung",
                    ),
                ),
            ],
            options={
                "verbose_name": "Zugang zum Club",
                "verbose_name_plural": "Zugänge zu Clubs",
                "constraints": [
                    models.UniqueConstraint(fields=("club", "user"), name="staff_once")
                ],
            },
        ),
        migrations.AddField(
            model_name="club",
            name="staff",
            field=models.ManyToManyField(
                blank=True,
                related_name="clubs",
                through="club.ClubStaff",
                to=settings.AUTH_USER_MODEL,
                verbose_name="Spielwarte und Prüfer",
            ),
        ),
        migrations.CreateModel(
            name="Membership",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("since", models.DateField(auto_now_add=True, verbose_name="seit")),
                (
                    "club",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        to="club.club",
                        verbose_name="Club",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="memberships",
                        to="club.player",
                        verbose_name="Spieler",
                    ),
                ),
            ],
            options={
                "verbose_name": "Mitgliedschaft",
                "verbose_name_plural": "Mitgliedschaften",
                "constraints": [
                    models.UniqueConstraint(fields=("club", "player"), name="membership_once")
                ],
            },
        ),
        *[
            migrations.AddField(model_name=name, name="club", field=club_field(name, True))
            for name in OWNED
        ],
        migrations.RunPython(slugs_and_home_club, migrations.RunPython.noop),
        migrations.RunPython(into_home_club, migrations.RunPython.noop),
    ]
