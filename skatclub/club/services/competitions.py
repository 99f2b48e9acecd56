"""The extra rankings of an event (issue 43): declaring a Tandem- or Mannschaftswertung and
forming its groups before Serie 1.

Owns `declare_competition`, `set_group` and `remove_group`. The rules of a competition (a
tandem is two players, a team 2 to 8, one player in one group) are the engine's
(`scoring.competitions`, its German refusals passed on as `EntryError`); this module adds the
club's: only players signed in at the event, nothing changed once Serie 1 is seated (the
groups then count as announced), nothing on a closed event. Every write locks the event's row,
so two Spielwarte forming groups at once cannot put one player in two groups.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction

from scoring.competitions import Absent, CompetitionError, Group, Kind, check_groups
from scoring.competitions import Competition as Declared
from skatclub.club.models import Attendance, Competition, CompetitionGroup, Event, Player, Round
from skatclub.club.queries.competitions import declared
from skatclub.club.services.closing import check_event_open
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor
from skatclub.club.services.versions import event_changed

MAX_COMPETITIONS = 10


@transaction.atomic
def declare_competition(
    *, event: Event, name: str, kind: str, size: int, absent: str, user: Actor
) -> Competition:
    """A new Tandem- or Mannschaftswertung of the event, before Serie 1."""
    event = _locked(event, user, "eine Wertung anlegen")
    name = name.strip()[:100]
    if not name:
        raise EntryError("competition_name", "Die Wertung braucht einen Namen.")
    if Competition.objects.filter(event=event, name=name).exists():
        raise EntryError("competition_name", f"Eine Wertung „{name}“ gibt es schon.")
    if Competition.objects.filter(event=event).count() >= MAX_COMPETITIONS:
        raise EntryError(
            "competitions", f"Höchstens {MAX_COMPETITIONS} Wertungen je Veranstaltung."
        )
    if kind not in Competition.Kind.values or absent not in Competition.Absent.values:
        raise EntryError("competition_kind", "Bitte Art und Regel für fehlende Serien wählen.")
    try:
        Declared(Kind(kind), size, Absent(absent))
    except CompetitionError as error:
        raise EntryError(error.code, error.message) from error
    competition = Competition.objects.create(
        event=event, name=name, kind=kind, size=size, absent=absent
    )
    event_changed(event.pk)  # the event's pages show its competitions
    return competition


@transaction.atomic
def set_group(
    *, competition: Competition, name: str, players: Sequence[Player], user: Actor
) -> CompetitionGroup:
    """The group `name` of the competition with exactly these players (a new group, or the
    group of that name formed anew); the same call twice gives the same group."""
    event = _locked(competition.event, user, "Tandems und Mannschaften bilden")
    name = name.strip()[:100]
    if not name:
        raise EntryError("group_name", "Die Gruppe braucht einen Namen.")
    signed = set(Attendance.objects.filter(event=event).values_list("player_id", flat=True))
    strangers = [p.name for p in players if p.pk not in signed]
    if strangers:
        raise EntryError(
            "group_not_signed_in",
            f"Nicht bei der Veranstaltung angemeldet: {', '.join(strangers)}.",
        )
    formed = [g for g in competition.groups.prefetch_related("members") if g.name != name]
    others = [Group(g.name, g.name, tuple(m.pk for m in g.members.all())) for g in formed]
    wanted = Group(name, name, tuple(p.pk for p in players))
    named = {p.pk: p.name for p in players}
    try:
        check_groups(declared(competition), [*others, wanted], named)
    except CompetitionError as error:
        raise EntryError(error.code, error.message) from error
    group, _ = CompetitionGroup.objects.get_or_create(competition=competition, name=name)
    group.members.set(players)
    event_changed(event.pk)
    return group


@transaction.atomic
def remove_group(*, group: CompetitionGroup, user: Actor) -> None:
    event = _locked(group.competition.event, user, "Tandems und Mannschaften ändern")
    group.delete()
    event_changed(event.pk)


def _locked(event: Event, user: Actor, doing: str) -> Event:
    """The event's row, locked; refused once it is closed or its Serie 1 is seated."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    check_event_open(event, user=user, doing=doing)
    if Round.objects.filter(event=event).exists():
        raise EntryError(
            "competition_fixed",
            "Tandems, Mannschaften und Wertungen stehen fest, sobald Serie 1 gesetzt ist; "
            "danach lassen sie sich nicht mehr ändern.",
        )
    return event
