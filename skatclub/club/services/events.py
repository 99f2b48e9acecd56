"""Events and who is there: saving an event into its season, attendance, guests.

Owns `save_event` (an event belongs to the season of its date, created when needed; once its
Gewinnplan is announced, what moves money stays as announced: `money_refusal`),
`add_guest` (a new guest player, present at once; a name like one already known asks
"derselbe Spieler?" first: `SamePlayer`), `mark_present`, `mark_absent` (the one way to take a
player off an event, from the Anwesenheit and the sign-in page alike: never when that would
delete money), closing an event after the evening (`close_event`, `reopen_event`: a closed
event's table links write nothing, the Spielwart still corrects) and the keys in URLs
(`unique_key`).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from scoring import parse_cents_per_point
from scoring.event_rules import Effect, changed_rules
from skatclub.club.models import Attendance, Event, Player, PrizePlan, Season, Seat, Table
from skatclub.club.services.errors import EntryError
from skatclub.club.services.history import Actor, acting_user
from skatclub.club.services.names import near_matches
from skatclub.club.services.rule_change import (
    RuleChangeEffect,
    change_rules,
    has_games,
    rule_change_effect,
)
from skatclub.club.services.versions import event_changed
from skatclub.club.text import NO_VISIBLE_NAME, InvisibleText, visible_name

MAX_NAME = 200


class SamePlayer(EntryError):
    """A new player's name is (almost) that of known players: ask before creating one."""

    def __init__(self, name: str, candidates: list[Player]) -> None:
        listed = ", ".join(_describe(p) for p in candidates)
        super().__init__("same_player", f"„{name}“ gibt es schon: {listed}. Derselbe Spieler?")
        self.name = name
        self.candidates = candidates


def _describe(player: Player) -> str:
    return f"{player.name} (Gast)" if player.is_guest else player.name


def similar_players(name: str) -> list[Player]:
    """Known players whose name is the same or almost the same as `name`, closest first."""
    ids = near_matches(name, Player.objects.values_list("pk", "name"))
    by_id = Player.objects.in_bulk(ids)
    return [by_id[pk] for pk in ids]


def shown_text(text: str, message: str = NO_VISIBLE_NAME) -> str:
    """`text.visible_name` as the services refuse: a text of nothing visible is an EntryError
    (names, member numbers, team and league names, a login's name)."""
    try:
        return visible_name(text, message)
    except InvisibleText as error:
        raise EntryError("invisible", error.message) from None


def clean_name(name: str) -> str:
    """A name as stored: visible characters, single spaces, bounded; refused in German when
    empty, invisible or too long."""
    text = shown_text(name)
    if not text:
        raise EntryError("empty_name", "Bitte einen Namen angeben.")
    if len(text) > MAX_NAME:
        raise EntryError("too_long", f"Ein Name hat höchstens {MAX_NAME} Zeichen.")
    return text


@transaction.atomic
def save_event(
    *, event: Event, user: Actor = None, reopen: bool = False, confirmed: str = ""
) -> Event:
    """Save `event` (new or changed) in the season of its date; refused when it would change
    what moves money after the Gewinnplan was announced.

    A change of rules that re-values stored games (`rules_preview` says what it does) needs
    the preview's fingerprint as `confirmed`; it then re-values every game, seat and amount
    (`change_rules`), refused while lists are checked or signed unless `reopen`."""
    if event.pk is not None:
        preview = rules_preview(event)
        if preview is not None:
            if not confirmed:
                raise EntryError(
                    "confirm_rules", "Die Änderung bewertet Spiele neu: bitte erst bestätigen."
                )
            change_rules(
                event=event, rules=event.rules, user=user, reopen=reopen, fingerprint=confirmed
            )
        refusal = money_refusal(event)
        if refusal:
            raise EntryError("announced", refusal)
    event.season, _ = Season.objects.get_or_create(year=event.date.year)
    event.save()
    event_changed(event.pk)
    return event


def rules_preview(event: Event) -> RuleChangeEffect | None:
    """What saving `event` (changed, not saved) does to its stored games, ranking and money,
    or None when it needs no confirmation: a new event, one without games or seats, or a
    change of names, dates and money settings only."""
    if event.pk is None:
        return None
    stored = Event.objects.get(pk=event.pk)
    changed = changed_rules(stored.rules, event.rules)
    if not any(item.rule.effect is not Effect.MONEY for item in changed):
        return None
    if not has_games(stored):
        return None
    return rule_change_effect(event=stored, rules=event.rules)


@transaction.atomic
def close_event(*, event: Event, user: Actor) -> Event:
    """Close the event: its table links write nothing from now on (`check_link_writes`), the
    Spielwart's own pages still do. Closing a closed event changes nothing (a double click
    closes it once, at the first click's time).

    Every table of the event is locked first: a save through a link holds its table's lock
    until it commits, so it ends before the closing, or it reads the closing and is refused.
    The event's version rises, so every page and every phone's poll sees it."""
    locked = _locked(event)
    if locked.closed_at is None:
        locked.closed_at, locked.closed_by = timezone.now(), acting_user(user)
        _saved_state(locked)
    return locked


@transaction.atomic
def reopen_event(*, event: Event, user: Actor) -> Event:
    """Open a closed event again: its live table links write again (until their days are
    over). Opening an open event changes nothing. Who closed it is forgotten; there is no
    history of an event's own changes (`Change` is kept per table)."""
    locked = _locked(event)
    if locked.closed_at is not None:
        locked.closed_at, locked.closed_by = None, None
        _saved_state(locked)
    return locked


def _locked(event: Event) -> Event:
    """The event row locked, every table of the event first (`close_event` says why): in the
    order of a save's lock and then a regrouping's (its tables, then its event's version)."""
    list(
        Table.objects.select_for_update(of=("self",))
        .filter(round__event_id=event.pk)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return Event.objects.select_for_update().get(pk=event.pk)


def _saved_state(event: Event) -> None:
    event.save(update_fields=["closed_at", "closed_by"])
    event_changed(event.pk)


# What moves money (the pot, every account, the rounding), with its German name.
MONEY_FIELDS = {
    "cents_per_point": "Wertpunkt",
    "lost_game_fees_cents": "Verlustspielgeld",
    "rounding_step_cents": "Auszahlung runden auf",
    "entry_fee_cents": "Startgeld",
    "reduced_fee_cents": "ermäßigtes Startgeld",
}


def _same(field: str, stored: Any, now: Any) -> bool:
    """ "1/4" and "0,25" are the same Wertpunkt."""
    if field == "cents_per_point" and stored and now:
        return bool(parse_cents_per_point(stored) == parse_cents_per_point(now))
    return bool(stored == now)


def money_refusal(event: Event) -> str:
    """A German reason when `event` (changed, not saved yet) would change a money setting that
    an announced Gewinnplan fixed, else "". The announced plan's pot and prizes follow from
    them: a change would pay by other rules than announced."""
    plan = PrizePlan.objects.filter(event_id=event.pk, announced_at__isnull=False).first()
    if plan is None or plan.announced_at is None:
        return ""
    stored = Event.objects.filter(pk=event.pk).values(*MONEY_FIELDS).first() or {}
    changed = [
        name
        for field, name in MONEY_FIELDS.items()
        if not _same(field, stored.get(field), getattr(event, field))
    ]
    if not changed:
        return ""
    when = timezone.localtime(plan.announced_at)
    return (
        f"Der Gewinnplan ist seit {when:%d.%m.%Y um %H:%M} Uhr angekündigt; was das Geld bewegt, "
        f"steht damit fest. Nicht mehr zu ändern: {', '.join(changed)}."
    )


@transaction.atomic
def add_guest(*, event: Event, name: str, confirmed_new: bool = False) -> Player:
    """A new guest with a key of his own, marked present at `event`.

    When a known player has the same or almost the same name, nothing is created and
    `SamePlayer` asks; `confirmed_new=True` is the answer "no, a different person"."""
    name = clean_name(name)
    if not confirmed_new:
        candidates = similar_players(name)
        if candidates:
            raise SamePlayer(name, candidates)
    guest = Player.objects.create(key=unique_key(name, Player), name=name, is_guest=True)
    rate = Attendance.Rate.FULL
    Attendance.objects.create(event=event, player=guest, rate=rate, fee_cents=event.fee_for(rate))
    event_changed(event.pk)
    return guest


@transaction.atomic
def mark_present(*, event: Event, player: Player) -> None:
    rate = Attendance.Rate.FULL
    _, created = Attendance.objects.get_or_create(
        event=event, player=player, defaults={"rate": rate, "fee_cents": event.fee_for(rate)}
    )
    if created:
        event_changed(event.pk)


@transaction.atomic
def mark_absent(*, event: Event, player: Player) -> None:
    """Take a player off the event (he is not drawn again); his results stay. Refused when his
    sign-in holds money: a paid Startgeld (it would vanish from the Kasse), or a Startgeld he
    owes after playing (he would owe nothing). The Anwesenheit and the sign-in page both call
    this."""
    attendance = Attendance.objects.select_for_update().filter(event=event, player=player).first()
    if attendance is None:
        return
    seated = Seat.objects.filter(round__event=event, player=player).exists()
    gone = (
        " Wer heimgeht: „gegangen nach Serie …“ (er wird nicht mehr ausgelost, Startgeld und "
        "Ergebnisse bleiben)."
        if seated
        else ""
    )
    if attendance.paid and attendance.fee_cents:
        raise EntryError(
            "paid",
            f"{player.name} hat das Startgeld schon bezahlt; die Anmeldung bleibt, sonst fehlte "
            "das Geld in der Kasse."
            + (gone or " Wer sein Geld zurückbekommt: erst „nicht bezahlt“ setzen."),
        )
    if attendance.fee_cents and seated:
        raise EntryError(
            "seated",
            f"{player.name} hat schon an einem Tisch gesessen und schuldet das Startgeld; die "
            "Anmeldung bleibt, damit es in der Abrechnung steht." + gone,
        )
    attendance.delete()
    event_changed(event.pk)


def unique_key(text: str, model: Any, exclude_pk: int | None = None, max_length: int = 60) -> str:
    """A slug from `text`, made unique with -2, -3, … if needed."""
    base = slugify(text)[: max_length - 4] or "x"
    key, suffix = base, 2
    # A player's key is unique over all clubs (one history wherever he plays), so every
    # club's players count; an event's key only in its club (the scoped `objects`).
    rows = model._base_manager if model._meta.get_field("key").unique else model.objects
    existing = rows.exclude(pk=exclude_pk) if exclude_pk else rows.all()
    while existing.filter(key=key).exists():
        key, suffix = f"{base}-{suffix}", suffix + 1
    return key
