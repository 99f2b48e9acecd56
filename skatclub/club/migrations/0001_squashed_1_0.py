"""The club app's schema up to 0015_leagues, written by tools/squash_migrations.py.

It stands for the migrations in `replaces`, whose files are gone: a database that has them all
applied counts as having this one; a new database gets the tables straight away. Their data
migrations are left out (they have nothing to move in a new database).
"""

import django.db.models.deletion
import skatclub.club.models
import skatclub.club.tenancy
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    replaces = [('club', '0001_initial'), ('club', '0002_seat_results'), ('club', '0003_drop_covered_indexes'), ('club', '0004_seat_scores'), ('club', '0005_offiziersskat_ramsch_bock'), ('club', '0006_seating_wishes'), ('club', '0007_removals'), ('club', '0008_event_kinds_and_signin'), ('club', '0009_prizes_kasse_wrong_seat'), ('club', '0006_game_as_recorded'), ('club', '0007_sheet_import'), ('club', '0006_table_links'), ('club', '0006_event_rounding_step'), ('club', '0008_merge_branches'), ('club', '0010_merge_tournament'), ('club', '0011_table_recorded_note'), ('club', '0012_table_has_signatures'), ('club', '0013_clubs_as_tenants'), ('club', '0014_club_columns_required'), ('club', '0015_leagues')]

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Club',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=200, verbose_name='Name')),
                ('slug', models.SlugField(unique=True, verbose_name='Kurzname (Adresse)')),
            ],
            options={
                'verbose_name': 'Club',
                'verbose_name_plural': 'Clubs',
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='ClubStaff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='club.club', verbose_name='Club')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to=settings.AUTH_USER_MODEL, verbose_name='Anmeldung')),
            ],
            options={
                'verbose_name': 'Zugang zum Club',
                'verbose_name_plural': 'Zugänge zu Clubs',
            },
        ),
        migrations.AddField(
            model_name='club',
            name='staff',
            field=models.ManyToManyField(blank=True, related_name='clubs', through='club.ClubStaff', to=settings.AUTH_USER_MODEL, verbose_name='Spielwarte und Prüfer'),
        ),
        migrations.CreateModel(
            name='Event',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=100, verbose_name='Schlüssel')),
                ('name', models.CharField(max_length=200, verbose_name='Name')),
                ('date', models.DateField(verbose_name='Datum')),
                ('ruleset', models.CharField(choices=[('isko', 'ISkO (Internationale Skatordnung)'), ('preisskat', 'Preisskat (alte Skatordnung)')], default='isko', max_length=20, verbose_name='Regelwerk')),
                ('house_kontra', models.BooleanField(default=False, verbose_name='Kontra/Re (Hausregel)')),
                ('house_bock', models.BooleanField(default=False, verbose_name='Bock (Hausregel)')),
                ('house_ramsch', models.BooleanField(default=False, verbose_name='Ramsch (Hausregel)')),
                ('cents_per_point', models.CharField(blank=True, help_text='z. B. 1/10, 1/4, 0.5, 1', max_length=20, verbose_name='Wertpunkt in Cent')),
                ('lost_game_fees_cents', models.JSONField(blank=True, default=list, verbose_name='Verlustspielgeld in Cent (1., 2., … verlorenes Spiel)')),
                ('games_per_round', models.JSONField(default=skatclub.club.models.default_games_per_round, verbose_name='Spiele je Serie')),
                ('bock_rounds', models.PositiveSmallIntegerField(default=1, verbose_name='Bockrunde: Runden')),
                ('bock_stacking', models.CharField(choices=[('queue', 'nacheinander'), ('double', 'Doppelbock')], default='queue', max_length=10, verbose_name='mehrere Bockrunden')),
                ('bock_triggers', models.JSONField(blank=True, default=list, verbose_name='Bockrunde nach')),
                ('ramsch_durchmarsch_doubled', models.BooleanField(default=False, verbose_name='Durchmarsch wird durch Schieben/Klopfen verdoppelt')),
                ('ramsch_scoring', models.CharField(choices=[('loser_only', 'wer die meisten Augen hat, verliert sie'), ('everyone_minus_own', 'jeder verliert seine Augen')], default='loser_only', max_length=20, verbose_name='Ramsch-Wertung')),
                ('ramsch_tie_rule', models.CharField(blank=True, choices=[('all_tied_lose', 'alle Gleichen verlieren'), ('last_trick_loses', 'wer den letzten Stich hat, verliert')], max_length=20, verbose_name='Ramsch bei Gleichstand')),
                ('entry_fee_cents', models.PositiveIntegerField(default=0, verbose_name='Startgeld in Cent')),
                ('kind', models.CharField(choices=[('evening', 'Vereinsabend'), ('tournament', 'Turnier (offen, mit Gästen)'), ('championship', 'Vereinsmeisterschaft')], default='evening', max_length=20, verbose_name='Art')),
                ('reduced_fee_cents', models.PositiveIntegerField(blank=True, null=True, verbose_name='ermäßigtes Startgeld in Cent (z. B. Jugend)')),
                ('rounding_step_cents', models.PositiveSmallIntegerField(choices=[(1, '1 Cent'), (5, '5 Cent'), (10, '10 Cent'), (50, '50 Cent'), (100, '1 Euro')], default=1, help_text='Jeder Betrag der Abrechnung wird darauf gerundet; der Rest geht an die Kasse.', verbose_name='Auszahlung runden auf')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='events', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Veranstaltung',
                'verbose_name_plural': 'Veranstaltungen',
                'ordering': ['-date', 'key'],
            },
        ),
        migrations.CreateModel(
            name='CashCount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('counted_cents', models.PositiveIntegerField(verbose_name='gezählt (Cent)')),
                ('note', models.CharField(blank=True, max_length=200, verbose_name='Vermerk')),
                ('at', models.DateTimeField(auto_now_add=True, verbose_name='am')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='cash_counts', to='club.event', verbose_name='Veranstaltung')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='gezählt von')),
            ],
            options={
                'verbose_name': 'Kassenzählung',
                'verbose_name_plural': 'Kassenzählungen',
                'ordering': ['event', '-at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Attendance',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('arrived_at', models.DateTimeField(auto_now_add=True, verbose_name='angemeldet')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='club.event', verbose_name='Veranstaltung')),
                ('fixed_table', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='fester Tisch')),
                ('fee_cents', models.PositiveIntegerField(default=0, verbose_name='Startgeld in Cent')),
                ('paid', models.BooleanField(default=False, verbose_name='bezahlt')),
                ('rate', models.CharField(choices=[('full', 'voll'), ('reduced', 'ermäßigt'), ('free', 'frei')], default='full', max_length=10, verbose_name='Startgeld-Satz')),
            ],
            options={
                'verbose_name': 'Anwesenheit',
                'verbose_name_plural': 'Anwesenheiten',
            },
        ),
        migrations.CreateModel(
            name='KasseEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('opening', 'Anfangsbestand (Wechselgeld)'), ('income', 'sonstige Einnahme'), ('expense', 'Ausgabe')], max_length=10, verbose_name='Art')),
                ('text', models.CharField(max_length=200, verbose_name='Text')),
                ('amount_cents', models.PositiveIntegerField(verbose_name='Betrag (Cent)')),
                ('at', models.DateTimeField(auto_now_add=True, verbose_name='am')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='kasse_entries', to='club.event', verbose_name='Veranstaltung')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='von')),
            ],
            options={
                'verbose_name': 'Kassenbuchung',
                'verbose_name_plural': 'Kassenbuchungen',
                'ordering': ['event', 'at', 'id'],
            },
        ),
        migrations.CreateModel(
            name='League',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=60, verbose_name='Schlüssel')),
                ('name', models.CharField(max_length=200, verbose_name='Name')),
                ('year', models.PositiveIntegerField(verbose_name='Saison')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='leagues', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Liga',
                'verbose_name_plural': 'Ligen',
                'ordering': ['-year', 'name'],
            },
        ),
        migrations.CreateModel(
            name='Division',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=60, verbose_name='Schlüssel')),
                ('name', models.CharField(max_length=200, verbose_name='Staffel')),
                ('league', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='divisions', to='club.league', verbose_name='Liga')),
            ],
            options={
                'verbose_name': 'Staffel',
                'verbose_name_plural': 'Staffeln',
                'ordering': ['league', 'name'],
            },
        ),
        migrations.CreateModel(
            name='Match',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=100, verbose_name='Schlüssel')),
                ('date', models.DateField(verbose_name='Datum')),
                ('variant', models.CharField(choices=[('standard', 'Standard'), ('extended_spitzen', 'Spitzen mit Trümpfen'), ('grundwert_only', 'nur Grundwert'), ('augen', 'Augen'), ('points_2_3_4', '2-3-4 Punkte')], default='standard', max_length=20, verbose_name='Wertung')),
                ('event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='matches', to='club.event', verbose_name='Veranstaltung')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Offiziersskat-Partie',
                'verbose_name_plural': 'Offiziersskat-Partien',
                'ordering': ['-date', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Matchday',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='Spieltag')),
                ('date', models.DateField(verbose_name='Datum')),
                ('division', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='matchdays', to='club.division', verbose_name='Staffel')),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='matchday', to='club.event', verbose_name='Veranstaltung')),
            ],
            options={
                'verbose_name': 'Spieltag',
                'verbose_name_plural': 'Spieltage',
                'ordering': ['division', 'number'],
            },
        ),
        migrations.CreateModel(
            name='MatchGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='Spiel Nr.')),
                ('declarer_seat', models.PositiveSmallIntegerField(verbose_name='Ansager (Platz)')),
                ('declaration', models.JSONField(verbose_name='Ansage')),
                ('outcome', models.JSONField(verbose_name='Ergebnis')),
                ('notation', models.CharField(max_length=80, verbose_name='Kurzschrift')),
                ('won', models.BooleanField(null=True, verbose_name='gewonnen')),
                ('game_value', models.IntegerField(verbose_name='Spielwert')),
                ('first_score', models.IntegerField(verbose_name='Punkte Spieler 1')),
                ('second_score', models.IntegerField(verbose_name='Punkte Spieler 2')),
                ('derivation', models.CharField(max_length=200, verbose_name='Berechnung')),
                ('version', models.PositiveIntegerField(default=1, verbose_name='Version')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='games', to='club.match', verbose_name='Partie')),
            ],
            options={
                'verbose_name': 'Offiziersskat-Spiel',
                'verbose_name_plural': 'Offiziersskat-Spiele',
                'ordering': ['match', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=60, unique=True, verbose_name='Kürzel')),
                ('name', models.CharField(max_length=200, verbose_name='Name')),
                ('is_guest', models.BooleanField(default=False, verbose_name='Gast')),
                ('is_active', models.BooleanField(default=True, verbose_name='aktiv')),
                ('is_senior', models.BooleanField(default=False, verbose_name='Senior')),
                ('is_woman', models.BooleanField(default=False, verbose_name='Dame')),
                ('is_youth', models.BooleanField(default=False, verbose_name='Jugend')),
                ('member_number', models.CharField(blank=True, max_length=20, verbose_name='Mitgliedsnummer')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='players', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Spieler',
                'verbose_name_plural': 'Spieler',
                'ordering': ['name'],
            },
        ),
        migrations.CreateModel(
            name='Membership',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('since', models.DateField(auto_now_add=True, verbose_name='seit')),
                ('club', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='club.club', verbose_name='Club')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='club.player', verbose_name='Spieler')),
            ],
            options={
                'verbose_name': 'Mitgliedschaft',
                'verbose_name_plural': 'Mitgliedschaften',
            },
        ),
        migrations.AddField(
            model_name='match',
            name='first',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.player', verbose_name='Spieler 1 (gibt zuerst)'),
        ),
        migrations.AddField(
            model_name='match',
            name='second',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.player', verbose_name='Spieler 2'),
        ),
        migrations.CreateModel(
            name='KeepApart',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('note', models.CharField(blank=True, max_length=200, verbose_name='Grund')),
                ('event', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='keep_apart', to='club.event', verbose_name='nur bei Veranstaltung')),
                ('first', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='club.player', verbose_name='Spieler')),
                ('second', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='club.player', verbose_name='nicht mit')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'getrennt setzen',
                'verbose_name_plural': 'getrennt setzen',
            },
        ),
        migrations.CreateModel(
            name='Game',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='Spiel Nr.')),
                ('passed_in', models.BooleanField(default=False, verbose_name='eingepasst')),
                ('declaration', models.JSONField(blank=True, null=True, verbose_name='Ansage')),
                ('outcome', models.JSONField(blank=True, null=True, verbose_name='Ergebnis')),
                ('notation', models.CharField(blank=True, max_length=80, verbose_name='Kurzschrift')),
                ('game_type', models.CharField(blank=True, choices=[('clubs', 'Kreuz'), ('spades', 'Pik'), ('hearts', 'Herz'), ('diamonds', 'Karo'), ('grand', 'Grand'), ('null', 'Null')], max_length=10, verbose_name='Spielart')),
                ('won', models.BooleanField(null=True, verbose_name='gewonnen')),
                ('overbid', models.BooleanField(default=False, verbose_name='überreizt')),
                ('game_value', models.IntegerField(default=0, verbose_name='Spielwert')),
                ('list_score', models.IntegerField(default=0, verbose_name='Spielpunkte')),
                ('derivation', models.CharField(blank=True, max_length=200, verbose_name='Berechnung')),
                ('version', models.PositiveIntegerField(default=1, verbose_name='Version')),
                ('entered_at', models.DateTimeField(auto_now=True, verbose_name='erfasst am')),
                ('entered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='erfasst von')),
                ('declarer', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='declared_games', to='club.player', verbose_name='Alleinspieler')),
                ('bock_override', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Bock (von Hand)')),
                ('ramsch', models.JSONField(blank=True, null=True, verbose_name='Ramsch')),
                ('as_recorded', models.BooleanField(default=False, verbose_name='abweichend erfasst')),
                ('deviation', models.CharField(blank=True, max_length=300, verbose_name='Abweichung')),
            ],
            options={
                'verbose_name': 'Spiel',
                'verbose_name_plural': 'Spiele',
                'ordering': ['table', 'number'],
            },
        ),
        migrations.AddField(
            model_name='event',
            name='players',
            field=models.ManyToManyField(related_name='events', through='club.Attendance', to='club.player', verbose_name='Teilnehmer'),
        ),
        migrations.AddField(
            model_name='attendance',
            name='player',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler'),
        ),
        migrations.CreateModel(
            name='PrizePlan',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('entry_fee_percent', models.DecimalField(decimal_places=3, default=100, max_digits=6, verbose_name='vom Startgeld in den Topf (%)')),
                ('lost_fee_percent', models.DecimalField(decimal_places=3, default=0, max_digits=6, verbose_name='vom Verlustspielgeld in den Topf (%)')),
                ('ties', models.CharField(choices=[('split', 'Geldpreise teilen, Sachpreise per Los'), ('lot', 'das Los entscheidet')], default='split', max_length=10, verbose_name='Gleichstand')),
                ('one_prize_each', models.BooleanField(default=True, verbose_name='nur ein Preis je Spieler (Sonderpreise)')),
                ('serien', models.PositiveSmallIntegerField(default=3, verbose_name='geplante Serien (für Tischpreise)')),
                ('announced_at', models.DateTimeField(blank=True, null=True, verbose_name='angekündigt am')),
                ('announced_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='angekündigt von')),
                ('event', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='prize_plan', to='club.event', verbose_name='Veranstaltung')),
            ],
            options={
                'verbose_name': 'Gewinnplan',
                'verbose_name_plural': 'Gewinnpläne',
            },
        ),
        migrations.CreateModel(
            name='PrizeRule',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('order', models.PositiveSmallIntegerField(default=0, verbose_name='Reihenfolge')),
                ('category', models.CharField(choices=[('all', 'Gesamtwertung'), ('women', 'Damen'), ('seniors', 'Senioren'), ('youth', 'Jugend'), ('guests', 'bester Gast'), ('table', 'Tischbester je Serie')], default='all', max_length=10, verbose_name='Wertung')),
                ('first', models.PositiveSmallIntegerField(verbose_name='von Platz')),
                ('last', models.PositiveSmallIntegerField(verbose_name='bis Platz')),
                ('percent', models.DecimalField(blank=True, decimal_places=3, max_digits=6, null=True, verbose_name='Anteil am Topf je Preis (%)')),
                ('fixed_cents', models.PositiveIntegerField(blank=True, null=True, verbose_name='fester Betrag (Cent)')),
                ('item', models.CharField(blank=True, max_length=100, verbose_name='Sachpreis')),
                ('per_participants', models.PositiveSmallIntegerField(default=0, verbose_name='ein Preis je … Teilnehmer')),
                ('min_participants', models.PositiveSmallIntegerField(default=0, verbose_name='ab … Teilnehmern')),
                ('plan', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rules', to='club.prizeplan', verbose_name='Gewinnplan')),
            ],
            options={
                'verbose_name': 'Preis',
                'verbose_name_plural': 'Preise',
                'ordering': ['plan', 'order', 'id'],
            },
        ),
        migrations.CreateModel(
            name='RamschScore',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('list_score', models.IntegerField(verbose_name='Spielpunkte')),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ramsch_scores', to='club.game', verbose_name='Spiel')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
            ],
            options={
                'verbose_name': 'Ramsch-Ergebnis',
                'verbose_name_plural': 'Ramsch-Ergebnisse',
            },
        ),
        migrations.CreateModel(
            name='Removal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('round', 'Serie gelöscht'), ('event', 'Veranstaltung gelöscht')], max_length=10, verbose_name='Art')),
                ('event_key', models.CharField(max_length=100, verbose_name='Veranstaltung (Schlüssel)')),
                ('event_name', models.CharField(max_length=200, verbose_name='Veranstaltung')),
                ('round_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='Serie')),
                ('at', models.DateTimeField(auto_now_add=True, verbose_name='am')),
                ('snapshot', models.JSONField(default=dict, verbose_name='was da war')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='von')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Löschung',
                'verbose_name_plural': 'Löschungen',
                'ordering': ['-at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name='Serie')),
                ('seed', models.CharField(blank=True, max_length=64, verbose_name='Auslosung (Startwert)')),
                ('seating', models.CharField(choices=[('draw', 'ausgelost'), ('standings', 'nach Rangliste gesetzt'), ('manual', 'von Hand'), ('league', 'nach Ligaordnung verteilt')], default='manual', max_length=10, verbose_name='Setzart')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='angelegt')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='club.event', verbose_name='Veranstaltung')),
                ('avoid', models.CharField(blank=True, choices=[('', 'keine Rücksicht auf frühere Serien'), ('event', 'Wiederholungen in dieser Veranstaltung vermeiden'), ('season', 'Wiederholungen in der ganzen Saison vermeiden')], default='', max_length=10, verbose_name='Wiederholungen vermeiden')),
            ],
            options={
                'verbose_name': 'Serie',
                'verbose_name_plural': 'Serien',
                'ordering': ['event', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Season',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveIntegerField(verbose_name='Jahr')),
                ('name', models.CharField(blank=True, max_length=200, verbose_name='Name')),
                ('ranking_rule', models.CharField(choices=[('total', 'Gesamtpunkte'), ('average', 'Durchschnitt je Serie'), ('best_n', 'beste Serien (Streichergebnisse)')], default='total', max_length=10, verbose_name='Wertung')),
                ('best_n', models.PositiveIntegerField(blank=True, null=True, verbose_name='gewertete Serien (beste N)')),
                ('min_rounds', models.PositiveIntegerField(default=0, verbose_name='Mindestzahl Serien')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='seasons', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Saison',
                'verbose_name_plural': 'Saisons',
                'ordering': ['-year'],
            },
        ),
        migrations.AddField(
            model_name='event',
            name='season',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='events', to='club.season', verbose_name='Saison'),
        ),
        migrations.CreateModel(
            name='SheetImport',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('filename', models.CharField(max_length=200, verbose_name='Datei')),
                ('kind', models.CharField(max_length=10, verbose_name='Format')),
                ('content', models.BinaryField(default=b'', verbose_name='Inhalt')),
                ('status', models.CharField(choices=[('uploaded', 'hochgeladen'), ('imported', 'importiert'), ('undone', 'rückgängig gemacht')], default='uploaded', max_length=10, verbose_name='Stand')),
                ('mapping', models.JSONField(default=dict, verbose_name='Spalten')),
                ('ruleset', models.CharField(default='isko', max_length=20, verbose_name='Regelwerk')),
                ('names', models.JSONField(default=dict, verbose_name='Namen')),
                ('created', models.JSONField(default=dict, verbose_name='angelegt')),
                ('summary', models.CharField(blank=True, max_length=300, verbose_name='Ergebnis')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='hochgeladen am')),
                ('imported_at', models.DateTimeField(blank=True, null=True, verbose_name='importiert am')),
                ('undone_at', models.DateTimeField(blank=True, null=True, verbose_name='rückgängig am')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='von')),
                ('as_recorded', models.BooleanField(default=False, verbose_name='wie erfasst übernehmen')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Tabellen-Import',
                'verbose_name_plural': 'Tabellen-Importe',
                'ordering': ['-created_at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='SheetMapping',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('columns', models.JSONField(default=dict, verbose_name='Spalten')),
                ('ruleset', models.CharField(default='isko', max_length=20, verbose_name='Regelwerk')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='geändert am')),
                ('club', models.ForeignKey(default=skatclub.club.tenancy.club_for_new_rows, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='club.club', verbose_name='Club')),
            ],
            options={
                'verbose_name': 'Spaltenzuordnung',
                'verbose_name_plural': 'Spaltenzuordnungen',
            },
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name='Tisch')),
                ('entry', models.CharField(choices=[('games', 'Spiel für Spiel'), ('totals', 'Summen von der Papierliste'), ('scores', 'nur Wertungspunkte')], default='games', max_length=10, verbose_name='Erfassung')),
                ('check_status', models.CharField(choices=[('open', 'offen'), ('confirmed', 'geprüft'), ('rejected', 'beanstandet')], default='open', max_length=10, verbose_name='Prüfung')),
                ('checked_at', models.DateTimeField(blank=True, null=True, verbose_name='geprüft am')),
                ('check_note', models.CharField(blank=True, max_length=500, verbose_name='Prüfvermerk')),
                ('checked_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='geprüft von')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='club.round', verbose_name='Serie')),
                ('recorded_note', models.CharField(blank=True, max_length=500, verbose_name='abweichend erfasst')),
                ('has_signatures', models.BooleanField(default=False, editable=False, verbose_name='am Tisch unterschrieben')),
            ],
            options={
                'verbose_name': 'Tisch',
                'verbose_name_plural': 'Tische',
                'ordering': ['round', 'number'],
            },
        ),
        migrations.CreateModel(
            name='Signature',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('signed_at', models.DateTimeField(auto_now_add=True, verbose_name='unterschrieben am')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='signatures', to='club.table', verbose_name='Tisch')),
            ],
            options={
                'verbose_name': 'Unterschrift am Tisch',
                'verbose_name_plural': 'Unterschriften am Tisch',
                'ordering': ['table', 'signed_at'],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('position', models.PositiveSmallIntegerField(verbose_name='Platz')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
                ('round', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='club.round', verbose_name='Serie')),
                ('table', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='club.table', verbose_name='Tisch')),
                ('list_score', models.IntegerField(default=0, verbose_name='Spielpunkte')),
                ('lost', models.PositiveIntegerField(default=0, verbose_name='verloren')),
                ('won', models.PositiveIntegerField(default=0, verbose_name='gewonnen')),
                ('others_lost', models.PositiveIntegerField(default=0, verbose_name='verloren (Mitspieler)')),
                ('score', models.IntegerField(default=0, verbose_name='Wertungspunkte')),
                ('wrong_seat', models.BooleanField(default=False, verbose_name='falscher Platz')),
            ],
            options={
                'verbose_name': 'Platz',
                'verbose_name_plural': 'Plätze',
                'ordering': ['table', 'position'],
            },
        ),
        migrations.AddField(
            model_name='game',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='games', to='club.table', verbose_name='Tisch'),
        ),
        migrations.CreateModel(
            name='TableLink',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('token', models.CharField(max_length=64, unique=True, verbose_name='Schlüssel')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='ausgegeben am')),
                ('revoked_at', models.DateTimeField(blank=True, null=True, verbose_name='gesperrt am')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='ausgegeben von')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='links', to='club.table', verbose_name='Tisch')),
            ],
            options={
                'verbose_name': 'Tisch-Link',
                'verbose_name_plural': 'Tisch-Links',
                'ordering': ['table', '-created_at'],
            },
        ),
        migrations.CreateModel(
            name='Change',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game_number', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Spiel Nr.')),
                ('action', models.CharField(choices=[('create', 'erfasst'), ('update', 'geändert'), ('delete', 'gelöscht'), ('confirm', 'geprüft'), ('reject', 'beanstandet'), ('totals', 'Summen erfasst'), ('seats', 'Plätze geändert'), ('link', 'Tisch-Link ausgegeben'), ('unlink', 'Tisch-Link gesperrt'), ('sign', 'am Tisch unterschrieben')], max_length=10, verbose_name='Aktion')),
                ('at', models.DateTimeField(auto_now_add=True, verbose_name='am')),
                ('before', models.JSONField(blank=True, null=True, verbose_name='vorher')),
                ('after', models.JSONField(blank=True, null=True, verbose_name='nachher')),
                ('note', models.CharField(blank=True, max_length=500, verbose_name='Vermerk')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='von')),
                ('table', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='club.table', verbose_name='Tisch')),
                ('match', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='club.match', verbose_name='Offiziersskat-Partie')),
                ('source', models.CharField(blank=True, choices=[('', 'Spielwart'), ('table', 'am Tisch erfasst')], default='', max_length=10, verbose_name='Quelle')),
                ('table_link', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='club.tablelink', verbose_name='Tisch-Link')),
            ],
            options={
                'verbose_name': 'Änderung',
                'verbose_name_plural': 'Änderungen',
                'ordering': ['-at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='TableTotal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('list_score', models.IntegerField(verbose_name='Spielpunkte')),
                ('won', models.PositiveIntegerField(verbose_name='gewonnen')),
                ('lost', models.PositiveIntegerField(verbose_name='verloren')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='totals', to='club.table', verbose_name='Tisch')),
                ('score', models.IntegerField(blank=True, null=True, verbose_name='Wertungspunkte (nur Summe)')),
            ],
            options={
                'verbose_name': 'Tischsumme',
                'verbose_name_plural': 'Tischsummen',
            },
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('key', models.SlugField(max_length=60, verbose_name='Schlüssel')),
                ('name', models.CharField(max_length=200, verbose_name='Mannschaft')),
                ('division', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='club.division', verbose_name='Staffel')),
            ],
            options={
                'verbose_name': 'Mannschaft',
                'verbose_name_plural': 'Mannschaften',
                'ordering': ['division', 'name'],
            },
        ),
        migrations.CreateModel(
            name='MatchdayTeam',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('turned_up', models.BooleanField(default=True, verbose_name='angetreten')),
                ('matchday', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='club.matchday', verbose_name='Spieltag')),
                ('team', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.team', verbose_name='Mannschaft')),
            ],
            options={
                'verbose_name': 'Mannschaft am Spieltag',
                'verbose_name_plural': 'Mannschaften am Spieltag',
                'ordering': ['matchday', 'team__name'],
            },
        ),
        migrations.AddField(
            model_name='matchday',
            name='host',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='club.team', verbose_name='Ausrichter'),
        ),
        migrations.CreateModel(
            name='LineupEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField(verbose_name='Serie')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
                ('matchday', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lineups', to='club.matchday', verbose_name='Spieltag')),
                ('team', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.team', verbose_name='Mannschaft')),
            ],
            options={
                'verbose_name': 'Einsatz',
                'verbose_name_plural': 'Einsätze',
                'ordering': ['matchday', 'round_number', 'team', 'player__name'],
            },
        ),
        migrations.CreateModel(
            name='TeamPlayer',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='Nr.')),
                ('is_captain', models.BooleanField(default=False, verbose_name='Mannschaftsführer')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='club.player', verbose_name='Spieler')),
                ('team', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='roster', to='club.team', verbose_name='Mannschaft')),
            ],
            options={
                'verbose_name': 'Spieler der Mannschaft',
                'verbose_name_plural': 'Aufstellung',
                'ordering': ['team', 'number'],
            },
        ),
        migrations.AddConstraint(
            model_name='clubstaff',
            constraint=models.UniqueConstraint(fields=('club', 'user'), name='staff_once'),
        ),
        migrations.AddConstraint(
            model_name='league',
            constraint=models.UniqueConstraint(fields=('club', 'key'), name='league_key_per_club'),
        ),
        migrations.AddConstraint(
            model_name='division',
            constraint=models.UniqueConstraint(fields=('league', 'key'), name='division_key_per_league'),
        ),
        migrations.AddConstraint(
            model_name='matchgame',
            constraint=models.UniqueConstraint(fields=('match', 'number'), name='one_game_number_per_match'),
        ),
        migrations.AddConstraint(
            model_name='matchgame',
            constraint=models.CheckConstraint(condition=models.Q(('declarer_seat__in', [1, 2])), name='match_declarer_seat_1_or_2'),
        ),
        migrations.AddConstraint(
            model_name='membership',
            constraint=models.UniqueConstraint(fields=('club', 'player'), name='membership_once'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.CheckConstraint(condition=models.Q(('first', models.F('second')), _negated=True), name='match_two_different_players'),
        ),
        migrations.AddConstraint(
            model_name='match',
            constraint=models.UniqueConstraint(fields=('club', 'key'), name='match_key_per_club'),
        ),
        migrations.AddConstraint(
            model_name='keepapart',
            constraint=models.UniqueConstraint(fields=('first', 'second', 'event'), name='keep_apart_once'),
        ),
        migrations.AddConstraint(
            model_name='keepapart',
            constraint=models.CheckConstraint(condition=models.Q(('first__lt', models.F('second'))), name='keep_apart_ordered'),
        ),
        migrations.AddConstraint(
            model_name='attendance',
            constraint=models.UniqueConstraint(fields=('event', 'player'), name='attendance_once_per_event'),
        ),
        migrations.AddConstraint(
            model_name='ramschscore',
            constraint=models.UniqueConstraint(fields=('game', 'player'), name='ramsch_score_per_player'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('event', 'number'), name='round_number_per_event'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='round_number_positive'),
        ),
        migrations.AddConstraint(
            model_name='season',
            constraint=models.UniqueConstraint(fields=('club', 'year'), name='season_year_per_club'),
        ),
        migrations.AddConstraint(
            model_name='event',
            constraint=models.UniqueConstraint(fields=('club', 'key'), name='event_key_per_club'),
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.UniqueConstraint(fields=('round', 'number'), name='table_number_per_round'),
        ),
        migrations.AddConstraint(
            model_name='table',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='table_number_positive'),
        ),
        migrations.AddConstraint(
            model_name='signature',
            constraint=models.UniqueConstraint(fields=('table', 'player'), name='one_signature_per_player'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(fields=('table', 'position'), name='seat_position_per_table'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.UniqueConstraint(fields=('round', 'player'), name='one_table_per_round'),
        ),
        migrations.AddConstraint(
            model_name='seat',
            constraint=models.CheckConstraint(condition=models.Q(('position__gte', 1), ('position__lte', 5)), name='seat_position_1_to_5'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(fields=['declarer', 'table'], name='game_declarer_table'),
        ),
        migrations.AddIndex(
            model_name='game',
            index=models.Index(condition=models.Q(('as_recorded', True)), fields=['table', 'number'], name='game_as_recorded'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.UniqueConstraint(fields=('table', 'number'), name='game_number_per_table'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='game_number_positive'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('declarer__isnull', True), ('passed_in', True)), models.Q(('declarer__isnull', False), ('passed_in', False)), _connector='OR'), name='game_declarer_unless_passed'),
        ),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.CheckConstraint(condition=models.Q(('passed_in', True), models.Q(('list_score__lte', 0), ('won', False)), ('won', True), ('won__isnull', True), _connector='OR'), name='lost_game_not_positive'),
        ),
        migrations.AddConstraint(
            model_name='tablelink',
            constraint=models.UniqueConstraint(condition=models.Q(('revoked_at__isnull', True)), fields=('table',), name='one_live_link_per_table'),
        ),
        migrations.AddConstraint(
            model_name='tabletotal',
            constraint=models.UniqueConstraint(fields=('table', 'player'), name='one_total_per_player'),
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('division', 'key'), name='team_key_per_division'),
        ),
        migrations.AddConstraint(
            model_name='matchdayteam',
            constraint=models.UniqueConstraint(fields=('matchday', 'team'), name='matchday_team_once'),
        ),
        migrations.AddConstraint(
            model_name='matchday',
            constraint=models.UniqueConstraint(fields=('division', 'number'), name='matchday_number'),
        ),
        migrations.AddConstraint(
            model_name='matchday',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='matchday_positive'),
        ),
        migrations.AddConstraint(
            model_name='lineupentry',
            constraint=models.UniqueConstraint(fields=('matchday', 'round_number', 'player'), name='lineup_player_once'),
        ),
        migrations.AddConstraint(
            model_name='teamplayer',
            constraint=models.UniqueConstraint(fields=('team', 'player'), name='team_player_once'),
        ),
        migrations.AddConstraint(
            model_name='teamplayer',
            constraint=models.UniqueConstraint(fields=('team', 'number'), name='team_player_number'),
        ),
    ]
