"""The league's records: a league (`League`) with its Staffeln (`Division`), teams and their
line-ups (`Team`, `TeamPlayer`), Spieltage (`Matchday`) with the teams that came
(`MatchdayTeam`) and who played for which team in which Serie (`LineupEntry`).

A Spieltag's Serien are an ordinary event of the organising club (`Matchday.event`): tables,
seats and games are entered as on any evening, and the league's numbers (Wertungspunkte per
Serie, the Spieltag, the table) are worked out from the seats' Seeger-Fabian scores by
`leagues.results` through the engine (`scoring.league`). Nothing derived is stored.
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse

from skatclub.club import tenancy


class League(models.Model):
    """A league of one season, run by a club or a Verband on this server (its `club`)."""

    club = tenancy.club_column("leagues")
    key = models.SlugField("Schlüssel", max_length=60)
    name = models.CharField("Name", max_length=200)
    year = models.PositiveIntegerField("Saison")

    objects = tenancy.ClubManager["League"]()
    all_clubs = tenancy.AllClubsManager["League"]()

    class Meta:
        verbose_name = "Liga"
        verbose_name_plural = "Ligen"
        ordering = ["-year", "name"]
        constraints = [models.UniqueConstraint(fields=["club", "key"], name="league_key_per_club")]

    def __str__(self) -> str:
        return f"{self.name} {self.year}"


class Division(models.Model):
    """A Staffel: the teams that play each other for one table."""

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="divisions", verbose_name="Liga"
    )
    key = models.SlugField("Schlüssel", max_length=60)
    name = models.CharField("Staffel", max_length=200)

    class Meta:
        verbose_name = "Staffel"
        verbose_name_plural = "Staffeln"
        ordering = ["league", "name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "key"], name="division_key_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.league.name}, {self.name}"

    def get_absolute_url(self) -> str:
        return reverse("league-table", args=[self.league.key, self.key])


class Team(models.Model):
    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="teams", verbose_name="Staffel"
    )
    key = models.SlugField("Schlüssel", max_length=60)
    name = models.CharField("Mannschaft", max_length=200)

    class Meta:
        verbose_name = "Mannschaft"
        verbose_name_plural = "Mannschaften"
        ordering = ["division", "name"]
        constraints = [
            models.UniqueConstraint(fields=["division", "key"], name="team_key_per_division")
        ]

    def __str__(self) -> str:
        return self.name


class TeamPlayer(models.Model):
    """A player in a team's line-up: numbers 1-4 the regular four, the rest substitutes."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="roster", verbose_name="Mannschaft"
    )
    player = models.ForeignKey("club.Player", on_delete=models.PROTECT, verbose_name="Spieler")
    number = models.PositiveSmallIntegerField("Nr.")
    is_captain = models.BooleanField("Mannschaftsführer", default=False)

    class Meta:
        verbose_name = "Spieler der Mannschaft"
        verbose_name_plural = "Aufstellung"
        ordering = ["team", "number"]
        constraints = [
            models.UniqueConstraint(fields=["team", "player"], name="team_player_once"),
            models.UniqueConstraint(fields=["team", "number"], name="team_player_number"),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.player}"


class Matchday(models.Model):
    """A Spieltag of a Staffel at its host; its Serien are `event`'s."""

    division = models.ForeignKey(
        Division, on_delete=models.CASCADE, related_name="matchdays", verbose_name="Staffel"
    )
    number = models.PositiveSmallIntegerField("Spieltag")
    date = models.DateField("Datum")
    host = models.ForeignKey(
        Team,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name="Ausrichter",
    )
    event = models.OneToOneField(
        "club.Event",
        on_delete=models.PROTECT,
        related_name="matchday",
        verbose_name="Veranstaltung",
    )

    class Meta:
        verbose_name = "Spieltag"
        verbose_name_plural = "Spieltage"
        ordering = ["division", "number"]
        constraints = [
            models.UniqueConstraint(fields=["division", "number"], name="matchday_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="matchday_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. Spieltag ({self.division})"


class MatchdayTeam(models.Model):
    """A team of the Spieltag's table group; `turned_up` False: it did not come (Anlage 10:
    no Wertungs- and no Spielpunkte)."""

    matchday = models.ForeignKey(
        Matchday, on_delete=models.CASCADE, related_name="teams", verbose_name="Spieltag"
    )
    team = models.ForeignKey(Team, on_delete=models.PROTECT, verbose_name="Mannschaft")
    turned_up = models.BooleanField("angetreten", default=True)

    class Meta:
        verbose_name = "Mannschaft am Spieltag"
        verbose_name_plural = "Mannschaften am Spieltag"
        ordering = ["matchday", "team__name"]
        constraints = [
            models.UniqueConstraint(fields=["matchday", "team"], name="matchday_team_once")
        ]

    def __str__(self) -> str:
        return f"{self.team} am {self.matchday}"


class LineupEntry(models.Model):
    """Who played for a team in Serie `round_number` of a Spieltag: substitutions between
    Serien are the differences from one Serie to the next."""

    matchday = models.ForeignKey(
        Matchday, on_delete=models.CASCADE, related_name="lineups", verbose_name="Spieltag"
    )
    round_number = models.PositiveSmallIntegerField("Serie")
    team = models.ForeignKey(Team, on_delete=models.PROTECT, verbose_name="Mannschaft")
    player = models.ForeignKey("club.Player", on_delete=models.PROTECT, verbose_name="Spieler")

    class Meta:
        verbose_name = "Einsatz"
        verbose_name_plural = "Einsätze"
        ordering = ["matchday", "round_number", "team", "player__name"]
        constraints = [
            models.UniqueConstraint(
                fields=["matchday", "round_number", "player"], name="lineup_player_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} für {self.team}, Serie {self.round_number}"
