"""The club's data: players, seasons, events, Serien (`Round`), tables, seats, games, totals.

Owns the tables and the rules the database itself can hold (unique seat per table, one game
number per table, one table per player and Serie). Derived numbers on `Game` (value, list
score, ...) are written by `services.record_game` through the engine, never by `save()`.
Terms: see the glossary in docs/glossary.md.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Exists, F, OuterRef, Q
from django.urls import reverse
from django.utils import timezone

from scoring import GAMES_PER_ROUND, ROUNDING_STEPS, GameType, Ruleset
from scoring.bock import Stacking
from scoring.event_rules import EventRules, declared, rules_of, stored_values
from scoring.offiziersskat import VARIANT_LABELS
from scoring.ramsch import RamschScoring, TieRule
from skatclub.club import tenancy
from skatclub.club.tenancy import Club as Club  # the tenant's record lives with the tenancy

# The engine's Serie length per table size, with the string keys of a JSON field.
DEFAULT_GAMES_PER_ROUND = {str(size): games for size, games in GAMES_PER_ROUND.items()}
RULESET_CHOICES = [
    (Ruleset.ISKO.value, "ISkO (Internationale Skatordnung)"),
    (Ruleset.PREISSKAT.value, "Preisskat (alte Skatordnung)"),
]
GAME_TYPE_CHOICES = [
    (GameType.CLUBS.value, "Kreuz"),
    (GameType.SPADES.value, "Pik"),
    (GameType.HEARTS.value, "Herz"),
    (GameType.DIAMONDS.value, "Karo"),
    (GameType.GRAND.value, "Grand"),
    (GameType.NULL.value, "Null"),
]


ROUNDING_CHOICES = [
    (step, f"{step} Cent" if step < 100 else f"{step // 100} Euro") for step in ROUNDING_STEPS
]


def default_games_per_round() -> dict[str, int]:
    return dict(DEFAULT_GAMES_PER_ROUND)


class ClubStaff(models.Model):
    """A login that acts in a club, with its role there: a login can be Spielwart in one club
    and Prüfer in another (`views.permissions` reads the role of the club acted for)."""

    class Role(models.TextChoices):
        SPIELWART = "spielwart", "Spielwart"
        PRUEFER = "pruefer", "Prüfer"
        # Still listed on the club's logins page (a role can be given back), acts nowhere.
        NONE = "", "keine Rolle"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, verbose_name="Club")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_roles",
        verbose_name="Anmeldung",
    )
    role = models.CharField(
        "Rolle", max_length=10, choices=Role.choices, default=Role.NONE, blank=True
    )

    class Meta:
        verbose_name = "Zugang zum Club"
        verbose_name_plural = "Zugänge zu Clubs"
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="staff_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.club}"


def club_column(related_name: str = "+") -> Any:
    return tenancy.club_column(related_name)


ClubManager = tenancy.ClubManager


class PlayerManager(models.Manager["Player"]):
    """The default manager of `Player` (see `tenancy.ClubManager`): a player belongs to his
    Stammverein (`club`) and to every club he is a member of."""

    def get_queryset(self) -> models.QuerySet[Player]:
        queryset = super().get_queryset()
        club_id = tenancy.current_club_id()
        if club_id is None:
            return queryset
        member = Membership.objects.filter(player=OuterRef("pk"), club_id=club_id)
        return queryset.filter(Q(club_id=club_id) | Exists(member))


class Player(models.Model):
    # Keys are unique over all clubs: a player keeps one history wherever he plays.
    key = models.SlugField("Kürzel", max_length=60, unique=True)
    club = club_column("players")
    name = models.CharField("Name", max_length=200)
    is_guest = models.BooleanField("Gast", default=False)
    is_active = models.BooleanField("aktiv", default=True)
    member_number = models.CharField("Mitgliedsnummer", max_length=20, blank=True)
    # The categories of a Gewinnplan's extra prizes (and of a reduced Startgeld).
    is_woman = models.BooleanField("Dame", default=False)
    is_senior = models.BooleanField("Senior", default=False)
    is_youth = models.BooleanField("Jugend", default=False)

    objects: PlayerManager = PlayerManager()
    all_clubs = tenancy.AllClubsManager["Player"]()

    class Meta:
        verbose_name = "Spieler"
        verbose_name_plural = "Spieler"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("player-detail", args=[self.key])


class Membership(models.Model):
    """A player who plays in a club besides his Stammverein (`Player.club`)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, verbose_name="Club")
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="memberships", verbose_name="Spieler"
    )
    since = models.DateField("seit", auto_now_add=True)
    # The club's own data about a player of another club; his name, key, categories and
    # status are his Stammverein's (`services.members`).
    member_number = models.CharField("Mitgliedsnummer hier", max_length=20, blank=True)

    class Meta:
        verbose_name = "Mitgliedschaft"
        verbose_name_plural = "Mitgliedschaften"
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="membership_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.club}"


class PlayerChange(models.Model):
    """The history of a player's shared data: created, changed, admitted by another club.
    His Stammverein sees every row, also those written by another club (`club`)."""

    class Action(models.TextChoices):
        CREATE = "create", "angelegt"
        UPDATE = "update", "geändert"
        ADMIT = "admit", "von einem anderen Verein aufgenommen"

    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="changes", verbose_name="Spieler"
    )
    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="+", verbose_name="durch den Verein"
    )
    action = models.CharField("Aktion", max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    at = models.DateTimeField("am", auto_now_add=True)
    before = models.JSONField("vorher", null=True, blank=True)
    after = models.JSONField("nachher", null=True, blank=True)

    class Meta:
        verbose_name = "Änderung eines Spielers"
        verbose_name_plural = "Änderungen von Spielern"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.player}: {self.get_action_display()}"


class Season(models.Model):
    class Rule(models.TextChoices):
        TOTAL = "total", "Gesamtpunkte"
        AVERAGE = "average", "Durchschnitt je Serie"
        BEST_N = "best_n", "beste Serien (Streichergebnisse)"

    club = club_column("seasons")
    year = models.PositiveIntegerField("Jahr")
    name = models.CharField("Name", max_length=200, blank=True)
    ranking_rule = models.CharField(
        "Wertung", max_length=10, choices=Rule.choices, default=Rule.TOTAL
    )
    best_n = models.PositiveIntegerField("gewertete Serien (beste N)", null=True, blank=True)
    min_rounds = models.PositiveIntegerField("Mindestzahl Serien", default=0)

    objects = ClubManager["Season"]()
    all_clubs = tenancy.AllClubsManager["Season"]()

    class Meta:
        verbose_name = "Saison"
        verbose_name_plural = "Saisons"
        ordering = ["-year"]
        constraints = [
            models.UniqueConstraint(fields=["club", "year"], name="season_year_per_club")
        ]

    def __str__(self) -> str:
        return self.name or f"Saison {self.year}"

    def get_absolute_url(self) -> str:
        return reverse("season-ranking", args=[self.year])


class HistoryImport(models.Model):
    """One import of a club's history (an archive or a spreadsheet): the events it brought
    (`Event.history_import`), so that its lists can be found and checked together, and the
    one history row of accepting them all (`Change.history_import`)."""

    class Kind(models.TextChoices):
        ARCHIVE = "archive", "Archiv"
        SPREADSHEET = "spreadsheet", "Tabelle"

    club = club_column()
    kind = models.CharField("Art", max_length=12, choices=Kind.choices)
    name = models.CharField("Datei", max_length=200, blank=True)
    at = models.DateTimeField("importiert am", auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )

    objects = ClubManager["HistoryImport"]()
    all_clubs = tenancy.AllClubsManager["HistoryImport"]()

    class Meta:
        verbose_name = "Import"
        verbose_name_plural = "Importe"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        name = f" „{self.name}“" if self.name else ""
        return f"{self.get_kind_display()}{name} vom {timezone.localtime(self.at):%d.%m.%Y %H:%M}"


class Event(models.Model):
    class Kind(models.TextChoices):
        EVENING = "evening", "Vereinsabend"
        TOURNAMENT = "tournament", "Turnier (offen, mit Gästen)"
        CHAMPIONSHIP = "championship", "Vereinsmeisterschaft"

    # Unique in its club (`event_key_per_club`); the club is its season's (`services.events`).
    key = models.SlugField("Schlüssel", max_length=100)
    club = club_column("events")
    name = models.CharField("Name", max_length=200)
    date = models.DateField("Datum")
    season = models.ForeignKey(
        Season, on_delete=models.PROTECT, related_name="events", verbose_name="Saison"
    )
    ruleset = models.CharField(
        "Regelwerk", max_length=20, choices=RULESET_CHOICES, default=Ruleset.ISKO.value
    )
    house_kontra = models.BooleanField("Kontra/Re (Hausregel)", default=False)
    house_bock = models.BooleanField("Bock (Hausregel)", default=False)
    house_ramsch = models.BooleanField("Ramsch (Hausregel)", default=False)
    # Bockrunden as the club plays them (scoring/bock.py): what triggers one, how long it lasts.
    bock_triggers = models.JSONField("Bockrunde nach", default=list, blank=True)
    bock_rounds = models.PositiveSmallIntegerField("Bockrunde: Runden", default=1)
    bock_stacking = models.CharField(
        "mehrere Bockrunden",
        max_length=10,
        choices=[(Stacking.QUEUE.value, "nacheinander"), (Stacking.DOUBLE.value, "Doppelbock")],
        default=Stacking.QUEUE.value,
    )
    ramsch_scoring = models.CharField(
        "Ramsch-Wertung",
        max_length=20,
        choices=[
            (RamschScoring.LOSER_ONLY.value, "wer die meisten Augen hat, verliert sie"),
            (RamschScoring.EVERYONE_MINUS_OWN.value, "jeder verliert seine Augen"),
        ],
        default=RamschScoring.LOSER_ONLY.value,
    )
    ramsch_tie_rule = models.CharField(
        "Ramsch bei Gleichstand",
        max_length=20,
        blank=True,
        choices=[
            (TieRule.ALL_TIED_LOSE.value, "alle Gleichen verlieren"),
            (TieRule.LAST_TRICK_LOSES.value, "wer den letzten Stich hat, verliert"),
        ],
    )
    ramsch_durchmarsch_doubled = models.BooleanField(
        "Durchmarsch wird durch Schieben/Klopfen verdoppelt", default=False
    )
    # A house rule real clubs keep: a Ramsch costs at most this many points (issue 29).
    ramsch_loss_cap = models.PositiveIntegerField(
        "Ramsch: Verlust höchstens (Hausregel)", null=True, blank=True
    )
    # Raised by every change to the event's games, seats or signatures: the live board, the
    # projector and the public pages are computed once per version (issue 26).
    version = models.PositiveIntegerField("Stand", default=0, db_default=0, editable=False)
    cents_per_point = models.CharField(
        "Wertpunkt in Cent", max_length=20, blank=True, help_text="z. B. 1/10, 1/4, 0.5, 1"
    )
    lost_game_fees_cents = models.JSONField(
        "Verlustspielgeld in Cent (1., 2., … verlorenes Spiel)", default=list, blank=True
    )
    rounding_step_cents = models.PositiveSmallIntegerField(
        "Auszahlung runden auf",
        choices=ROUNDING_CHOICES,
        default=1,
        help_text="Jeder Betrag der Abrechnung wird darauf gerundet; der Rest geht an die Kasse.",
    )
    games_per_round = models.JSONField("Spiele je Serie", default=default_games_per_round)
    kind = models.CharField("Art", max_length=20, choices=Kind.choices, default=Kind.EVENING)
    entry_fee_cents = models.PositiveIntegerField("Startgeld in Cent", default=0)
    reduced_fee_cents = models.PositiveIntegerField(
        "ermäßigtes Startgeld in Cent (z. B. Jugend)", null=True, blank=True
    )
    players = models.ManyToManyField(
        Player, through="Attendance", related_name="events", verbose_name="Teilnehmer"
    )
    # The import the event came from (None: entered in skatclub): /pruefen/ filters by it.
    history_import = models.ForeignKey(
        HistoryImport,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="events",
        verbose_name="aus Import",
    )
    # Closed by the Spielwart after the evening (`services.close_event`): the table links
    # write nothing any more; his own correction pages keep working. Not in the event form.
    closed_at = models.DateTimeField("abgeschlossen am", null=True, blank=True, editable=False)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        editable=False,
        related_name="+",
        verbose_name="abgeschlossen von",
    )

    objects = ClubManager["Event"]()
    all_clubs = tenancy.AllClubsManager["Event"]()

    class Meta:
        verbose_name = "Veranstaltung"
        verbose_name_plural = "Veranstaltungen"
        ordering = ["-date", "key"]
        constraints = [models.UniqueConstraint(fields=["club", "key"], name="event_key_per_club")]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self) -> str:
        return reverse("event-detail", args=[self.key])

    @property
    def rules(self) -> EventRules:
        """The rules the event plays by, as the declaration (`scoring.event_rules`) reads its
        columns: one column per declared rule, same name (a test holds them together)."""
        return rules_of({item.name: getattr(self, item.name) for item in declared()})

    def apply_rules(self, rules: EventRules) -> None:
        """Put `rules` into the event's columns (not saved: `services.save_event` saves)."""
        for name, value in stored_values(rules).items():
            setattr(self, name, value)

    @property
    def has_settlement(self) -> bool:
        return bool(self.cents_per_point)

    def games_for_table_size(self, size: int) -> int:
        table = {**DEFAULT_GAMES_PER_ROUND, **(self.games_per_round or {})}
        return int(table[str(size)])

    @property
    def guests_allowed(self) -> bool:
        return self.kind != self.Kind.CHAMPIONSHIP

    def fee_for(self, rate: str) -> int:
        """The Startgeld in cents for a rate of `Attendance.Rate`."""
        if rate == Attendance.Rate.FREE:
            return 0
        if rate == Attendance.Rate.REDUCED and self.reduced_fee_cents is not None:
            return self.reduced_fee_cents
        return self.entry_fee_cents


class Attendance(models.Model):
    """A player signed in at an event, with his Startgeld."""

    class Rate(models.TextChoices):
        FULL = "full", "voll"
        REDUCED = "reduced", "ermäßigt"
        FREE = "free", "frei"

    event = models.ForeignKey(Event, on_delete=models.CASCADE, verbose_name="Veranstaltung")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, verbose_name="Spieler")
    arrived_at = models.DateTimeField("angemeldet", auto_now_add=True)
    # A player who needs a particular table (e.g. the one by the door) sits there every Serie.
    fixed_table = models.PositiveSmallIntegerField("fester Tisch", null=True, blank=True)
    rate = models.CharField(
        "Startgeld-Satz", max_length=10, choices=Rate.choices, default=Rate.FULL
    )
    fee_cents = models.PositiveIntegerField("Startgeld in Cent", default=0)
    paid = models.BooleanField("bezahlt", default=False)
    # He went home after this Serie (issue 41): not drawn again, his Startgeld, his results and
    # his place in the Gewinnplan stay (`services.leaving`).
    left_after = models.PositiveSmallIntegerField(
        "gegangen nach Serie", null=True, blank=True, editable=False
    )

    class Meta:
        verbose_name = "Anwesenheit"
        verbose_name_plural = "Anwesenheiten"
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="attendance_once_per_event")
        ]

    def __str__(self) -> str:
        return f"{self.player} bei {self.event}"


class KeepApart(models.Model):
    """Two players who are never drawn to one table (a couple, team-mates).

    Without an event the wish holds for every event of the club; with one, only there.
    """

    club = club_column()
    first = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name="Spieler"
    )
    second = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name="nicht mit"
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="keep_apart",
        verbose_name="nur bei Veranstaltung",
    )
    note = models.CharField("Grund", max_length=200, blank=True)

    objects = ClubManager["KeepApart"]()
    all_clubs = tenancy.AllClubsManager["KeepApart"]()

    class Meta:
        verbose_name = "getrennt setzen"
        verbose_name_plural = "getrennt setzen"
        constraints = [
            models.UniqueConstraint(fields=["first", "second", "event"], name="keep_apart_once"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="keep_apart_ordered"),
        ]

    def __str__(self) -> str:
        return f"{self.first} nicht mit {self.second}"


class Competition(models.Model):
    """An extra ranking of an event over the same games (issue 43): a Tandemwertung (pairs) or
    a Mannschaftswertung (teams of `size`), ranked by `scoring.competitions.rank_groups` with
    the declared rule for a member who misses a Serie. Its groups are fixed before Serie 1
    (`services.competitions`)."""

    class Kind(models.TextChoices):
        TANDEM = "tandem", "Tandem"
        TEAM = "team", "Mannschaft"

    class Absent(models.TextChoices):
        ZERO = "zero", "eine fehlende Serie zählt 0"
        BEHIND = "behind", "die Gruppe steht hinter allen vollständigen"

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="competitions", verbose_name="Veranstaltung"
    )
    name = models.CharField("Name", max_length=100)
    kind = models.CharField("Art", max_length=10, choices=Kind.choices)
    size = models.PositiveSmallIntegerField("Spieler je Gruppe", default=2)
    absent = models.CharField(
        "fehlt ein Mitglied", max_length=10, choices=Absent.choices, default=Absent.ZERO
    )

    class Meta:
        verbose_name = "Wertung"
        verbose_name_plural = "Wertungen"
        ordering = ["event", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="competition_name_once")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.event})"


class CompetitionGroup(models.Model):
    """A tandem or a team of a `Competition`: its name and its players."""

    competition = models.ForeignKey(
        Competition, on_delete=models.CASCADE, related_name="groups", verbose_name="Wertung"
    )
    name = models.CharField("Name", max_length=100)
    members = models.ManyToManyField(Player, related_name="+", verbose_name="Spieler")

    class Meta:
        verbose_name = "Tandem oder Mannschaft"
        verbose_name_plural = "Tandems und Mannschaften"
        ordering = ["competition", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "name"], name="group_name_once")
        ]

    def __str__(self) -> str:
        return self.name


class Round(models.Model):
    """A Serie: every present player plays one table's worth of games."""

    class Avoid(models.TextChoices):
        NONE = "", "keine Rücksicht auf frühere Serien"
        EVENT = "event", "Wiederholungen in dieser Veranstaltung vermeiden"
        SEASON = "season", "Wiederholungen in der ganzen Saison vermeiden"

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="rounds", verbose_name="Veranstaltung"
    )
    number = models.PositiveIntegerField("Serie")
    seed = models.CharField("Auslosung (Startwert)", max_length=64, blank=True)
    seating = models.CharField(
        "Setzart",
        max_length=10,
        choices=[
            ("draw", "ausgelost"),
            ("standings", "nach Rangliste gesetzt"),
            ("manual", "von Hand"),
            ("league", "nach Ligaordnung verteilt"),
        ],
        default="manual",
    )
    avoid = models.CharField(
        "Wiederholungen vermeiden", max_length=10, choices=Avoid.choices, blank=True, default=""
    )
    created_at = models.DateTimeField("angelegt", auto_now_add=True)

    class Meta:
        verbose_name = "Serie"
        verbose_name_plural = "Serien"
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_per_event"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name}, Serie {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("round-detail", args=[self.event.key, self.number])


class Table(models.Model):
    class Entry(models.TextChoices):
        GAMES = "games", "Spiel für Spiel"
        TOTALS = "totals", "Summen von der Papierliste"
        # Imported history that only knows each player's Wertungspunkte (TableTotal.score).
        SCORES = "scores", "nur Wertungspunkte"

    class Check(models.TextChoices):
        OPEN = "open", "offen"
        CONFIRMED = "confirmed", "geprüft"
        REJECTED = "rejected", "beanstandet"

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name="Serie"
    )
    number = models.PositiveIntegerField("Tisch")
    entry = models.CharField("Erfassung", max_length=10, choices=Entry.choices, default=Entry.GAMES)
    check_status = models.CharField(
        "Prüfung", max_length=10, choices=Check.choices, default=Check.OPEN
    )
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="geprüft von",
    )
    checked_at = models.DateTimeField("geprüft am", null=True, blank=True)
    check_note = models.CharField("Prüfvermerk", max_length=500, blank=True)
    # Paper totals imported "as recorded" although the rules say they cannot be: why not.
    # Cleared when the Spielwart enters the table's totals again.
    recorded_note = models.CharField("abweichend erfasst", max_length=500, blank=True)
    # Whether players have signed the list at the table (`Signature`): kept by the two writers
    # of signatures under the table's lock, so a save knows without a query whether there are
    # signatures to withdraw.
    has_signatures = models.BooleanField("am Tisch unterschrieben", default=False, editable=False)
    # Raised by every change to the table's list (a game, an undo, a signature, a rejection):
    # the phones at the table ask for it to stay in step (issue 26).
    version = models.PositiveIntegerField("Stand", default=0, db_default=0, editable=False)
    # Not stored: the table's game numbers as a save (`services.record_game`) left them, so
    # its answer needs no query for the next free number.
    game_numbers: set[int] | None = None

    class Meta:
        verbose_name = "Tisch"
        verbose_name_plural = "Tische"
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_per_round"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Tisch {self.number} ({self.round})"

    def get_absolute_url(self) -> str:
        return reverse("table-entry", args=[self.round.event.key, self.round.number, self.number])


class Seat(models.Model):
    """`position` 1..5 clockwise; position 1 deals the first game."""

    # Neither key needs an index of its own: the unique constraints below start with them.
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="seats",
        verbose_name="Tisch",
        db_index=False,
    )
    # Denormalised so the database can refuse a player at two tables of one Serie.
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="+", verbose_name="Serie", db_index=False
    )
    position = models.PositiveSmallIntegerField("Platz")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, verbose_name="Spieler")
    # The player's sums at this table and his Seeger-Fabian score there (from the engine),
    # written by services.refresh_results whenever a game or a paper total changes, so
    # standings read one row per player instead of every game.
    list_score = models.IntegerField("Spielpunkte", default=0)
    won = models.PositiveIntegerField("gewonnen", default=0)
    lost = models.PositiveIntegerField("verloren", default=0)
    others_lost = models.PositiveIntegerField("verloren (Mitspieler)", default=0)
    score = models.IntegerField("Wertungspunkte", default=0)
    # Falscher Platz (DSkV Turnierordnung): the player's Serie counts 0 points and 0 games;
    # the sums above stay as played, the others at the table keep theirs.
    wrong_seat = models.BooleanField("falscher Platz", default=False)

    class Meta:
        verbose_name = "Platz"
        verbose_name_plural = "Plätze"
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_per_table"),
            models.UniqueConstraint(fields=["round", "player"], name="one_table_per_round"),
            models.CheckConstraint(
                condition=Q(position__gte=1, position__lte=5), name="seat_position_1_to_5"
            ),
        ]

    def __str__(self) -> str:
        return f"Platz {self.position}: {self.player}"


class Game(models.Model):
    """One deal at a table: a played game or an eingepasstes Spiel (`passed_in`)."""

    # No index of its own: the unique (table, number) constraint's index starts with it.
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="games",
        verbose_name="Tisch",
        db_index=False,
    )
    number = models.PositiveSmallIntegerField("Spiel Nr.")
    passed_in = models.BooleanField("eingepasst", default=False)
    declarer = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="declared_games",
        verbose_name="Alleinspieler",
    )
    declaration = models.JSONField("Ansage", null=True, blank=True)
    outcome = models.JSONField("Ergebnis", null=True, blank=True)
    notation = models.CharField("Kurzschrift", max_length=80, blank=True)
    # Written by services.record_game from the engine's valuation.
    game_type = models.CharField("Spielart", max_length=10, choices=GAME_TYPE_CHOICES, blank=True)
    won = models.BooleanField("gewonnen", null=True)
    overbid = models.BooleanField("überreizt", default=False)
    game_value = models.IntegerField("Spielwert", default=0)
    list_score = models.IntegerField("Spielpunkte", default=0)
    derivation = models.CharField("Berechnung", max_length=200, blank=True)
    # A Ramsch (everybody passed, then ramsched): the deal as `scoring.RamschDeal.to_dict`;
    # the players' scores are `RamschScore` rows.
    ramsch = models.JSONField("Ramsch", null=True, blank=True)
    # The Spielwart's Bock level for this game; None follows the event's Bockrunden.
    bock_override = models.PositiveSmallIntegerField("Bock (von Hand)", null=True, blank=True)
    # A game imported "as recorded": the list's value is kept although the rules disagree
    # (`deviation` says why, in the engine's words); a correction through record_game clears it.
    as_recorded = models.BooleanField("abweichend erfasst", default=False)
    deviation = models.CharField("Abweichung", max_length=300, blank=True)
    version = models.PositiveIntegerField("Version", default=1)
    # Made by the phone when the game is first confirmed; a resend with the same id is the same
    # game (issue 26: exactly once), so it is unique per table whenever it is given.
    entry_id = models.CharField(
        "Eingabe-Kennung", max_length=64, blank=True, default="", db_default=""
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="erfasst von",
    )
    entered_at = models.DateTimeField("erfasst am", auto_now=True)

    class Meta:
        verbose_name = "Spiel"
        verbose_name_plural = "Spiele"
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="game_number_per_table"),
            models.UniqueConstraint(
                fields=["table", "entry_id"],
                condition=~Q(entry_id=""),
                name="game_entry_id_per_table",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
            models.CheckConstraint(
                condition=Q(passed_in=True, declarer__isnull=True)
                | Q(passed_in=False, declarer__isnull=False),
                name="game_declarer_unless_passed",
            ),
            models.CheckConstraint(
                condition=Q(passed_in=True)
                | Q(list_score__lte=0, won=False)
                | Q(won=True)
                | Q(won__isnull=True),
                name="lost_game_not_positive",
            ),
        ]
        indexes = [
            models.Index(fields=["declarer", "table"], name="game_declarer_table"),
            # The Spielwart's review list: a handful among a million games.
            models.Index(
                fields=["table", "number"],
                condition=Q(as_recorded=True),
                name="game_as_recorded",
            ),
        ]

    def __str__(self) -> str:
        return f"Spiel {self.number}: {self.notation or 'eingepasst'}"


class RamschScore(models.Model):
    """One player's score from a Ramsch game (written by `services.results.record_ramsch`)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="ramsch_scores", verbose_name="Spiel"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, verbose_name="Spieler")
    list_score = models.IntegerField("Spielpunkte")

    class Meta:
        verbose_name = "Ramsch-Ergebnis"
        verbose_name_plural = "Ramsch-Ergebnisse"
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="ramsch_score_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.list_score}"


class TableTotal(models.Model):
    """A paper Spielliste entered as three numbers per player.

    At a table whose `entry` is SCORES (imported history with Seeger-Fabian points alone),
    `score` holds the player's Wertungspunkte and the three numbers stay 0: unknown, and
    counted as nothing (see `services.refresh_results`).
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="totals", verbose_name="Tisch"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, verbose_name="Spieler")
    list_score = models.IntegerField("Spielpunkte")
    won = models.PositiveIntegerField("gewonnen")
    lost = models.PositiveIntegerField("verloren")
    score = models.IntegerField("Wertungspunkte (nur Summe)", null=True, blank=True)

    class Meta:
        verbose_name = "Tischsumme"
        verbose_name_plural = "Tischsummen"
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="one_total_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.list_score}"


class Match(models.Model):
    """An Offiziersskat match (docs/rules.md §13): two players, one scoring variant, games in order.

    Seat 1 (`first`) deals game 1 and the deal alternates; the dealer's opponent announces.
    """

    key = models.SlugField("Schlüssel", max_length=100)
    club = club_column()
    date = models.DateField("Datum")
    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="matches",
        verbose_name="Veranstaltung",
    )
    first = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name="Spieler 1 (gibt zuerst)"
    )
    second = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name="Spieler 2"
    )
    variant = models.CharField(
        "Wertung", max_length=20, choices=list(VARIANT_LABELS.items()), default="standard"
    )

    objects = ClubManager["Match"]()
    all_clubs = tenancy.AllClubsManager["Match"]()

    class Meta:
        verbose_name = "Offiziersskat-Partie"
        verbose_name_plural = "Offiziersskat-Partien"
        ordering = ["-date", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "key"], name="match_key_per_club"),
            models.CheckConstraint(
                condition=~Q(first=models.F("second")), name="match_two_different_players"
            ),
        ]

    def __str__(self) -> str:
        return f"Offiziersskat {self.first} – {self.second} ({self.date:%d.%m.%Y})"

    def get_absolute_url(self) -> str:
        return reverse("match-detail", args=[self.pk])


class MatchGame(models.Model):
    """One game of an Offiziersskat match, valued by the engine (`services.offiziersskat`)."""

    match = models.ForeignKey(
        Match, on_delete=models.CASCADE, related_name="games", verbose_name="Partie"
    )
    number = models.PositiveSmallIntegerField("Spiel Nr.")
    declarer_seat = models.PositiveSmallIntegerField("Ansager (Platz)")
    declaration = models.JSONField("Ansage")
    outcome = models.JSONField("Ergebnis")
    notation = models.CharField("Kurzschrift", max_length=80)
    won = models.BooleanField("gewonnen", null=True)  # None: 60:60 in the 2-3-4 variant
    game_value = models.IntegerField("Spielwert")
    first_score = models.IntegerField("Punkte Spieler 1")
    second_score = models.IntegerField("Punkte Spieler 2")
    derivation = models.CharField("Berechnung", max_length=200)
    version = models.PositiveIntegerField("Version", default=1)

    class Meta:
        verbose_name = "Offiziersskat-Spiel"
        verbose_name_plural = "Offiziersskat-Spiele"
        ordering = ["match", "number"]
        constraints = [
            models.UniqueConstraint(fields=["match", "number"], name="one_game_number_per_match"),
            models.CheckConstraint(
                condition=Q(declarer_seat__in=[1, 2]), name="match_declarer_seat_1_or_2"
            ),
        ]

    def __str__(self) -> str:
        return f"Spiel {self.number}: {self.notation}"


class TableLink(models.Model):
    """The secret address of one table: whoever opens it may enter that table's games.

    Written by `services.table_links`. A table has at most one link that is not revoked;
    renewing revokes the old one, so a photographed QR code of last week opens nothing.
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="links", verbose_name="Tisch"
    )
    token = models.CharField("Schlüssel", max_length=64, unique=True)
    created_at = models.DateTimeField("ausgegeben am", auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="ausgegeben von",
    )
    revoked_at = models.DateTimeField("gesperrt am", null=True, blank=True)

    class Meta:
        verbose_name = "Tisch-Link"
        verbose_name_plural = "Tisch-Links"
        ordering = ["table", "-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="one_live_link_per_table",
            )
        ]

    def __str__(self) -> str:
        state = "gesperrt" if self.revoked_at else "gültig"
        return f"Link für {self.table} ({state})"

    def get_absolute_url(self) -> str:
        return reverse("table-link", args=[self.token])


class Signature(models.Model):
    """A player's sign-off on his table's Spielliste, tapped at the table.

    Written by `services.table_links.sign_table`; every change of the list deletes them
    (`services.review.reopen_check`), so a signature always covers the list as it stands.
    """

    class Way(models.TextChoices):
        # The seat's own link (its QR code on the table's page): the player's own phone.
        OWN_PHONE = "own", "mit dem eigenen Handy"
        # The table's phone, confirmed by every other player at the table tapping his name.
        TABLE_PHONE = "table", "am Tischhandy, von den anderen bestätigt"

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="signatures", verbose_name="Tisch"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, verbose_name="Spieler")
    signed_at = models.DateTimeField("unterschrieben am", auto_now_add=True)
    way = models.CharField(
        "unterschrieben", max_length=5, choices=Way.choices, default=Way.TABLE_PHONE
    )
    # The names of the players who confirmed on the table's phone, as they read then.
    confirmed_by = models.JSONField("bestätigt von", default=list, blank=True)

    class Meta:
        verbose_name = "Unterschrift am Tisch"
        verbose_name_plural = "Unterschriften am Tisch"
        ordering = ["table", "signed_at"]
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="one_signature_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} hat {self.table} unterschrieben"


class Change(models.Model):
    """History of every change to entered results: who, when, before/after, and from where."""

    class Action(models.TextChoices):
        CREATE = "create", "erfasst"
        UPDATE = "update", "geändert"
        DELETE = "delete", "gelöscht"
        CONFIRM = "confirm", "geprüft"
        REJECT = "reject", "beanstandet"
        TOTALS = "totals", "Summen erfasst"
        SEATS = "seats", "Plätze geändert"
        LINK = "link", "Tisch-Link ausgegeben"
        UNLINK = "unlink", "Tisch-Link gesperrt"
        SIGN = "sign", "am Tisch unterschrieben"
        LEFT = "left", "gegangen"
        STAYED = "stayed", "Gehen zurückgenommen"

    class Source(models.TextChoices):
        OFFICE = "", "Spielwart"
        TABLE = "table", "am Tisch erfasst"

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name="Tisch",
    )
    match = models.ForeignKey(
        Match,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name="Offiziersskat-Partie",
    )
    game_number = models.PositiveSmallIntegerField("Spiel Nr.", null=True, blank=True)
    action = models.CharField("Aktion", max_length=10, choices=Action.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    at = models.DateTimeField("am", auto_now_add=True)
    before = models.JSONField("vorher", null=True, blank=True)
    after = models.JSONField("nachher", null=True, blank=True)
    note = models.CharField("Vermerk", max_length=500, blank=True)
    # "am Tisch erfasst": written through the table's link (then `table_link` says which).
    source = models.CharField(
        "Quelle", max_length=10, choices=Source.choices, default=Source.OFFICE, blank=True
    )
    table_link = models.ForeignKey(
        TableLink,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="Tisch-Link",
    )
    # A decision about every list of an import at once (accepting them as checked): one row
    # for the whole import instead of one per table.
    history_import = models.ForeignKey(
        HistoryImport,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name="Import",
    )

    class Meta:
        verbose_name = "Änderung"
        verbose_name_plural = "Änderungen"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.at:%d.%m.%Y %H:%M}"


class Removal(models.Model):
    """The history of deleted Serien and events (only empty ones can be deleted): what, who,
    when and a snapshot of what was there (tables and seats, attendance)."""

    class Kind(models.TextChoices):
        ROUND = "round", "Serie gelöscht"
        EVENT = "event", "Veranstaltung gelöscht"

    kind = models.CharField("Art", max_length=10, choices=Kind.choices)
    club = club_column()
    event_key = models.CharField("Veranstaltung (Schlüssel)", max_length=100)
    event_name = models.CharField("Veranstaltung", max_length=200)
    round_number = models.PositiveIntegerField("Serie", null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    at = models.DateTimeField("am", auto_now_add=True)
    snapshot = models.JSONField("was da war", default=dict)

    objects = ClubManager["Removal"]()
    all_clubs = tenancy.AllClubsManager["Removal"]()

    class Meta:
        verbose_name = "Löschung"
        verbose_name_plural = "Löschungen"
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        what = f"Serie {self.round_number} von " if self.round_number else ""
        return f"{what}{self.event_name} gelöscht"


class PrizePlan(models.Model):
    """The Gewinnplan of an event: where the pot comes from, how ties are split, and its
    rules (`PrizeRule`). Announced (public) before the start, and locked from then on."""

    class Ties(models.TextChoices):
        SPLIT = "split", "Geldpreise teilen, Sachpreise per Los"
        LOT = "lot", "das Los entscheidet"

    event = models.OneToOneField(
        Event, on_delete=models.CASCADE, related_name="prize_plan", verbose_name="Veranstaltung"
    )
    entry_fee_percent = models.DecimalField(
        "vom Startgeld in den Topf (%)", max_digits=6, decimal_places=3, default=100
    )
    lost_fee_percent = models.DecimalField(
        "vom Verlustspielgeld in den Topf (%)", max_digits=6, decimal_places=3, default=0
    )
    ties = models.CharField("Gleichstand", max_length=10, choices=Ties.choices, default="split")
    one_prize_each = models.BooleanField("nur ein Preis je Spieler (Sonderpreise)", default=True)
    rounds = models.PositiveSmallIntegerField("geplante Serien (für Tischpreise)", default=3)
    announced_at = models.DateTimeField("angekündigt am", null=True, blank=True)
    announced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="angekündigt von",
    )

    class Meta:
        verbose_name = "Gewinnplan"
        verbose_name_plural = "Gewinnpläne"

    def __str__(self) -> str:
        return f"Gewinnplan {self.event.name}"

    @property
    def is_locked(self) -> bool:
        return self.announced_at is not None


class PrizeRule(models.Model):
    """One line of a Gewinnplan: places `first`..`last` (overall or in a category) each get a
    share of the pot, a fixed amount or a Sachpreis."""

    class Category(models.TextChoices):
        ALL = "all", "Gesamtwertung"
        WOMEN = "women", "Damen"
        SENIORS = "seniors", "Senioren"
        YOUTH = "youth", "Jugend"
        GUESTS = "guests", "bester Gast"
        TABLE = "table", "Tischbester je Serie"

    plan = models.ForeignKey(
        PrizePlan, on_delete=models.CASCADE, related_name="rules", verbose_name="Gewinnplan"
    )
    order = models.PositiveSmallIntegerField("Reihenfolge", default=0)
    category = models.CharField(
        "Wertung", max_length=10, choices=Category.choices, default=Category.ALL
    )
    first = models.PositiveSmallIntegerField("von Platz")
    last = models.PositiveSmallIntegerField("bis Platz")
    percent = models.DecimalField(
        "Anteil am Topf je Preis (%)", max_digits=6, decimal_places=3, null=True, blank=True
    )
    fixed_cents = models.PositiveIntegerField("fester Betrag (Cent)", null=True, blank=True)
    item = models.CharField("Sachpreis", max_length=100, blank=True)
    per_participants = models.PositiveSmallIntegerField("ein Preis je … Teilnehmer", default=0)
    min_participants = models.PositiveSmallIntegerField("ab … Teilnehmern", default=0)

    class Meta:
        verbose_name = "Preis"
        verbose_name_plural = "Preise"
        ordering = ["plan", "order", "id"]

    def __str__(self) -> str:
        return f"{self.get_category_display()} {self.first}–{self.last}"


class KasseEntry(models.Model):
    """A booking in the event's Kasse besides Startgeld, Verlustspielgeld, Spielgeld and
    prizes (which are computed): the opening float, other income, other expenses."""

    class Kind(models.TextChoices):
        OPENING = "opening", "Anfangsbestand (Wechselgeld)"
        INCOME = "income", "sonstige Einnahme"
        EXPENSE = "expense", "Ausgabe"

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="kasse_entries", verbose_name="Veranstaltung"
    )
    kind = models.CharField("Art", max_length=10, choices=Kind.choices)
    text = models.CharField("Text", max_length=200)
    amount_cents = models.PositiveIntegerField("Betrag (Cent)")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    at = models.DateTimeField("am", auto_now_add=True)

    class Meta:
        verbose_name = "Kassenbuchung"
        verbose_name_plural = "Kassenbuchungen"
        ordering = ["event", "at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.text}"


class CashCount(models.Model):
    """Cash counted in the Kasse at the end (every count is kept; the latest one is checked)."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="cash_counts", verbose_name="Veranstaltung"
    )
    counted_cents = models.PositiveIntegerField("gezählt (Cent)")
    note = models.CharField("Vermerk", max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="gezählt von",
    )
    at = models.DateTimeField("am", auto_now_add=True)
    # The Kasse as the ledger had it when counted: the Soll-Bestand and each player's Schluss
    # ({player id: cents}), so later corrections show what moved since (None: counted before
    # these were kept).
    expected_cents = models.BigIntegerField("Soll bei der Zählung (Cent)", null=True, blank=True)
    amounts = models.JSONField("Schluss je Spieler bei der Zählung", null=True, blank=True)

    class Meta:
        verbose_name = "Kassenzählung"
        verbose_name_plural = "Kassenzählungen"
        ordering = ["event", "-at", "-id"]

    def __str__(self) -> str:
        return f"Kassenzählung {self.at:%d.%m.%Y %H:%M}"


class Receipt(models.Model):
    """A receipt (Quittung) as printed for a player: every line and the Schluss. A later
    correction that changes them makes it „überholt“ (the Kasse page offers the new one)."""

    event = models.ForeignKey(
        Event, on_delete=models.CASCADE, related_name="receipts", verbose_name="Veranstaltung"
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="receipts", verbose_name="Spieler"
    )
    lines = models.JSONField("Posten", default=list)  # [[text, cents], …]
    at_the_end_cents = models.BigIntegerField("Schluss (Cent)")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="gedruckt von",
    )
    at = models.DateTimeField("gedruckt am", auto_now_add=True)

    class Meta:
        verbose_name = "Quittung"
        verbose_name_plural = "Quittungen"
        ordering = ["event", "player", "-at", "-id"]

    def __str__(self) -> str:
        return f"Quittung {self.at:%d.%m.%Y %H:%M}"


class RuleChange(models.Model):
    """A change of an event's rules after it had games, or of a season's ranking settings:
    who, when, the rules before and after, and what it re-valued (`services.change_rules`)."""

    event = models.ForeignKey(
        Event,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rule_changes",
        verbose_name="Veranstaltung",
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="rule_changes",
        verbose_name="Saison",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    at = models.DateTimeField("am", auto_now_add=True)
    before = models.JSONField("vorher")
    after = models.JSONField("nachher")
    summary = models.CharField("bewirkt", max_length=500, blank=True)

    class Meta:
        verbose_name = "Regeländerung"
        verbose_name_plural = "Regeländerungen"
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"Regeländerung vom {timezone.localtime(self.at):%d.%m.%Y %H:%M}"


class Job(models.Model):
    """Long work done in the background (`skatclub.club.tasks`): an archive import, a print
    run, a backup. The queue itself is django-tasks' (its `DBTaskResult`); this record is
    the club's view of the work: whose it is, what it is doing now (`step`, `done` of
    `total`), the result or the German reason it failed, and a heartbeat by which a job
    whose worker died is told from one that is still working (`services.jobs`).

    `key` makes starting idempotent: while a job with the same key is queued or running, a
    second start (a double click, a retry, a second visitor asking for the same PDF) gets
    that job back (the partial unique constraint below)."""

    class Status(models.TextChoices):
        QUEUED = "queued", "wartet"
        RUNNING = "running", "läuft"
        DONE = "done", "fertig"
        FAILED = "failed", "fehlgeschlagen"
        CANCELLED = "cancelled", "abgebrochen"

    ACTIVE = (Status.QUEUED, Status.RUNNING)
    # The kind of a print run: started by any visitor of a printout, as public as it, and
    # not for a visitor to cancel.
    PRINT = "pdf"

    club = tenancy.club_column()
    token = models.CharField("Kennung", max_length=32, unique=True)
    kind = models.CharField("Art", max_length=40)
    key = models.CharField("Schlüssel", max_length=120)
    params = models.JSONField("Angaben", default=dict)
    title = models.CharField("Auftrag", max_length=300)
    status = models.CharField("Stand", max_length=10, choices=Status.choices, default=Status.QUEUED)
    step = models.CharField("Schritt", max_length=200, blank=True)
    # "Spiel {done} von {total} geprüft": the step's count in words, filled in on the page.
    count_text = models.CharField("Zählweise", max_length=100, blank=True)
    done = models.PositiveBigIntegerField("erledigt", default=0)
    total = models.PositiveBigIntegerField("insgesamt", default=0)
    cancellable = models.BooleanField("abbrechbar", default=False)
    cancel_asked = models.BooleanField("Abbruch verlangt", default=False)
    error = models.TextField("Fehler", blank=True)
    result_text = models.CharField("Ergebnis", max_length=500, blank=True)
    result_url = models.CharField("Ergebnis-Adresse", max_length=300, blank=True)
    # A print run's PDF: in the database, so every server of a Verband finds it.
    output = models.BinaryField("Datei", null=True, blank=True)
    output_name = models.CharField("Dateiname", max_length=200, blank=True)
    worker = models.CharField("Arbeitsprozess (Rechner:Prozess)", max_length=120, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="von",
    )
    created_at = models.DateTimeField("angelegt", auto_now_add=True)
    started_at = models.DateTimeField("begonnen", null=True, blank=True)
    step_started_at = models.DateTimeField("Schritt begonnen", null=True, blank=True)
    beat_at = models.DateTimeField("zuletzt am Arbeiten", null=True, blank=True)
    finished_at = models.DateTimeField("beendet", null=True, blank=True)

    objects = tenancy.ClubManager["Job"]()
    all_clubs = tenancy.AllClubsManager["Job"]()

    class Meta:
        verbose_name = "Auftrag im Hintergrund"
        verbose_name_plural = "Aufträge im Hintergrund"
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "key"],
                condition=Q(status__in=["queued", "running"]),
                name="one_active_job_per_key",
            )
        ]
        indexes = [models.Index(fields=["key", "status"], name="job_key_status")]

    def __str__(self) -> str:
        return f"{self.title} ({self.get_status_display()})"

    def get_absolute_url(self) -> str:
        return reverse("job", args=[self.token])

    @property
    def active(self) -> bool:
        return self.status in self.ACTIVE


class LoginDevice(models.Model):
    """A browser that has logged in as `username` (the device cookie of OWASP's "slow down
    online guessing attacks with device cookies"): its wrong passwords are counted here, on
    their own, so guessing from anywhere else never locks it out.

    The cookie carries `key` signed; `services.login_devices` reads and writes both.
    """

    key = models.CharField("Schlüssel", max_length=40)
    username = models.CharField("Benutzername", max_length=150)
    created_at = models.DateTimeField("angelegt", auto_now_add=True)
    last_login_at = models.DateTimeField("zuletzt angemeldet")
    failures = models.PositiveIntegerField("falsche Passwörter", default=0)
    failed_since = models.DateTimeField("seit", null=True, blank=True)

    class Meta:
        verbose_name = "angemeldetes Gerät"
        verbose_name_plural = "angemeldete Geräte"
        constraints = [
            models.UniqueConstraint(fields=["key", "username"], name="one_device_per_username")
        ]

    def __str__(self) -> str:
        return f"{self.username}: Gerät {self.key[:6]}…"
