"""Who sits where in a Serie: a new Serie (drawn or seated by the standings), swaps, re-forming.

Owns `start_round` (the next Serie of an event, numbered under a lock so two Spielwarte pressing
"Neue Serie" at once get one Serie and a German message), `create_round`, `seat_round`,
`reseat_tables`, `swap_seats`, the started rule (`started_tables`: seats are fixed once a table
plays) and the re-forming proposal for late arrivals and departures (`regrouping`, `regroup`).
The draw itself is the pure `draw` module, and `meetings` for a draw that avoids repeat
meetings (from the earlier Serien of the event or the season), keeps declared pairs apart and
puts fixed players at their tables; `preview_round` shows that draw with its conflict report
before anything is stored. Every seating change is kept in the history.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Max

from skatclub.club.backup import BackupError, automatic_backup
from skatclub.club.models import Attendance, Change, Event, Game, Player, Round, Seat, Table
from skatclub.club.queries.meetings import declared_pairs, earlier_tables, fixed_tables
from skatclub.club.queries.standings import event_standings
from skatclub.club.services import draw, meetings
from skatclub.club.services.closing import NEW_ROUND, NEW_SEATS, check_event_open
from skatclub.club.services.errors import ConflictError, EntryError
from skatclub.club.services.history import Actor, log_change, seat_keys
from skatclub.club.services.seat_sums import refresh_results
from skatclub.club.services.versions import event_changed, tables_changed

SEATINGS = ("draw", "standings")


def next_round_number(event: Event) -> int:
    return (event.rounds.aggregate(n=Max("number"))["n"] or 0) + 1


@dataclass(frozen=True)
class Seating:
    """How a new Serie would be seated: the tables (player ids, seat order) and the report."""

    number: int
    kind: str  # draw / standings
    seed: str
    avoid: str
    tables: list[list[int]]
    report: list[str] = field(default_factory=list)

    @property
    def fingerprint(self) -> str:
        """A short check that creating the Serie gives the tables the preview showed."""
        text = "|".join(",".join(map(str, table)) for table in self.tables)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def preview_round(
    *, event: Event, seating: str, seed: str = "", allow_five: bool = False, avoid: str = ""
) -> Seating:
    """The next Serie's tables and conflict report, without storing anything."""
    number = next_round_number(event)
    return _seating(event, number, seating, seed.strip() or draw.new_seed(), allow_five, avoid)


def start_round(
    *,
    event: Event,
    seating: str,
    seed: str = "",
    allow_five: bool = False,
    avoid: str = "",
    user: Actor = None,
    expected_number: int | None = None,
    expected_tables: str = "",
) -> Round:
    """The event's next Serie with the present players drawn (`seating="draw"`, from `seed` or
    a new one; `avoid` = "event"/"season" keeps earlier table-mates apart) or seated by the
    standings (from the second Serie on).

    `expected_number` is the Serie number the Spielwart saw: when somebody else created that
    Serie in the meantime, the second press is refused instead of creating one more.
    `expected_tables` is the fingerprint of a preview: when the tables would now come out
    differently (somebody arrived or left), nothing is created. A backup of the database
    (SQLite) is taken first, outside the Serie's transaction, but only for a press that would
    create the Serie: a refused one takes none (31 refused presses once left 30 backups of the
    whole database and pushed out the daily ones). The checks run again under the lock.
    """
    seed = seed.strip() or (draw.new_seed() if seating != "standings" else "")
    check_event_open(event, user=user, doing=NEW_ROUND)  # a refused press takes no backup
    _planned(event, seating, seed, allow_five, avoid, expected_number, expected_tables)
    risky_step_backup("vor-neuer-serie")
    return _start_round(
        event=event,
        seating=seating,
        seed=seed,
        allow_five=allow_five,
        avoid=avoid,
        user=user,
        expected_number=expected_number,
        expected_tables=expected_tables,
    )


def risky_step_backup(reason: str) -> None:
    """The backup before a step that changes much; a step that cannot be backed up (the disk
    is too full) is refused rather than taken without one."""
    try:
        automatic_backup(reason)
    except BackupError as error:
        raise EntryError("backup", f"{error.message} Es wurde nichts geändert.") from None


@transaction.atomic
def _start_round(
    *,
    event: Event,
    seating: str,
    seed: str,
    allow_five: bool,
    avoid: str,
    user: Actor,
    expected_number: int | None,
    expected_tables: str,
) -> Round:
    Event.objects.select_for_update().filter(pk=event.pk).exists()  # one "Neue Serie" at a time
    planned = _planned(event, seating, seed, allow_five, avoid, expected_number, expected_tables)
    round_ = create_round(
        event=event,
        number=planned.number,
        tables=players(planned.tables),
        user=user,
        seating=planned.kind,
        seed=planned.seed,
    )
    if planned.avoid:
        round_.avoid = planned.avoid
        round_.save(update_fields=["avoid"])
    return round_


def _planned(
    event: Event,
    seating: str,
    seed: str,
    allow_five: bool,
    avoid: str,
    expected_number: int | None,
    expected_tables: str,
) -> Seating:
    """The next Serie as it would be seated now; ConflictError or DrawError when refused."""
    number = next_round_number(event)
    if expected_number is not None and expected_number != number:
        raise ConflictError(
            f"Serie {expected_number} wurde eben schon angelegt (von jemand anderem oder durch "
            "doppeltes Absenden); es entsteht keine weitere. Bitte die Seite neu laden."
        )
    planned = _seating(event, number, seating, seed, allow_five, avoid)
    if expected_tables and expected_tables != planned.fingerprint:
        raise ConflictError(
            "Die Tische kämen jetzt anders heraus als in der Vorschau (hat sich die Anwesenheit "
            "geändert?). Es wurde nichts angelegt; bitte die Vorschau neu ansehen."
        )
    return planned


MAX_ROUNDS_IN_ADVANCE = 10
MAX_ADVANCE_SEED = 60  # Serie n is drawn with "<seed>-n": within `Round.seed`'s 64 characters


def plan_in_advance(
    *, event: Event, count: int, seed: str, allow_five: bool = False
) -> list[Seating]:
    """Serien 1 to `count` drawn now, for Startkarten: each Serie avoids the table-mates of
    the Serien before it, keeps declared pairs apart and fixed players at their tables.
    Serie n is drawn with the seed "`seed`-n", so every Serie can be repeated on its own."""
    if not 1 <= count <= MAX_ROUNDS_IN_ADVANCE:
        raise draw.DrawError(
            f"Im Voraus lassen sich 1 bis {MAX_ROUNDS_IN_ADVANCE} Serien auslosen."
        )
    if len(seed) > MAX_ADVANCE_SEED:
        raise draw.DrawError(f"Der Startwert darf höchstens {MAX_ADVANCE_SEED} Zeichen haben.")
    if event.rounds.exists():
        raise draw.DrawError(
            "Im Voraus auslosen geht nur, solange die Veranstaltung noch keine Serie hat."
        )
    present = sorted(present_ids(event))
    apart, fixed = _apart_pairs(event), fixed_tables(event)
    met: Counter[meetings.Pair] = Counter()
    plans = []
    for number in range(1, count + 1):
        round_seed = f"{seed}-{number}"
        spread = meetings.spread_tables(
            present, round_seed, met=met, apart=apart, fixed=fixed, allow_five=allow_five
        )
        shown = meetings.conflicts(spread.tables, met, apart)
        plans.append(
            Seating(number, "draw", round_seed, Round.Avoid.EVENT, spread.tables, _report(shown))
        )
        met += meetings.meetings([spread.tables])
    return plans


def plans_fingerprint(plans: Sequence[Seating]) -> str:
    return hashlib.sha256("/".join(p.fingerprint for p in plans).encode()).hexdigest()[:16]


def draw_in_advance(
    *,
    event: Event,
    count: int,
    seed: str,
    allow_five: bool = False,
    user: Actor = None,
    expected_tables: str = "",
) -> list[Round]:
    """Create Serien 1 to `count` as `plan_in_advance` draws them (backup first, one
    transaction, the event locked like "Neue Serie"). `expected_tables` is the preview's
    fingerprint: when the tables would come out differently now, nothing is created. As
    with "Neue Serie", a refused request takes no backup; the checks run again under the lock."""
    check_event_open(event, user=user, doing=NEW_ROUND)  # a refused press takes no backup
    _planned_in_advance(event, count, seed, allow_five, expected_tables)
    risky_step_backup("vor-auslosung")
    with transaction.atomic():
        Event.objects.select_for_update().filter(pk=event.pk).exists()
        plans = _planned_in_advance(event, count, seed, allow_five, expected_tables)
        rounds = []
        for plan in plans:
            round_ = create_round(
                event=event,
                number=plan.number,
                tables=players(plan.tables),
                user=user,
                seating="draw",
                seed=plan.seed,
            )
            round_.avoid = plan.avoid
            round_.save(update_fields=["avoid"])
            rounds.append(round_)
    return rounds


def _planned_in_advance(
    event: Event, count: int, seed: str, allow_five: bool, expected_tables: str
) -> list[Seating]:
    plans = plan_in_advance(event=event, count=count, seed=seed, allow_five=allow_five)
    if expected_tables and expected_tables != plans_fingerprint(plans):
        raise ConflictError(
            "Die Tische kämen jetzt anders heraus als in der Vorschau (hat sich die "
            "Anmeldung geändert?). Es wurde nichts angelegt; bitte die Vorschau neu ansehen."
        )
    return plans


def _seating(
    event: Event, number: int, seating: str, seed: str, allow_five: bool, avoid: str
) -> Seating:
    present = present_ids(event, number)
    if seating == "standings":
        if number == 1:
            raise draw.DrawError("Die erste Serie wird ausgelost; setzen geht ab der zweiten.")
        ranked = [r.player_id for r in event_standings(event) if r.player_id in present]
        newcomers = Player.objects.filter(pk__in=present - set(ranked)).order_by("name")
        ranked += [p.pk for p in newcomers]
        tables = draw.seat_by_standings(ranked, allow_five)
        met = _earlier_meetings(event, avoid or Round.Avoid.EVENT)
        shown = meetings.conflicts(tables, met, _apart_pairs(event))
        return Seating(number, "standings", "", "", tables, _report(shown))
    if avoid not in Round.Avoid.values:
        raise draw.DrawError("Bitte angeben, welche Wiederholungen vermieden werden sollen.")
    apart = _apart_pairs(event)
    spread = meetings.spread_tables(
        sorted(present),
        seed,
        met=_earlier_meetings(event, avoid),
        apart=apart,
        fixed=fixed_tables(event),
        allow_five=allow_five,
    )
    # The report counts the event's repeats even when the draw was told to ignore them.
    shown = meetings.conflicts(spread.tables, _earlier_meetings(event, avoid or "event"), apart)
    return Seating(number, "draw", seed, avoid, spread.tables, _report(shown))


def _report(spread: meetings.Spread) -> list[str]:
    ids = {p for r in [*spread.repeats, *spread.together] for p in (r.first, r.second)}
    names = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return spread.report(lambda pk: names.get(pk, "?"))


def round_report(round_: Round) -> list[str]:
    """The conflict report of a seated Serie against the Serien before it."""
    tables = [
        [s.player_id for s in table.seats.all()]
        for table in round_.tables.prefetch_related("seats").order_by("number")
    ]
    met = _earlier_meetings(round_.event, round_.avoid or Round.Avoid.EVENT, before=round_.number)
    return _report(meetings.conflicts(tables, met, _apart_pairs(round_.event)))


def present_ids(event: Event, number: int | None = None) -> set[int]:
    """Who is signed in; for Serie `number`, without those who left before it
    (`Attendance.left_after`: "gegangen nach Serie n" plays no Serie after n)."""
    signed = Attendance.objects.filter(event=event)
    if number is not None:
        signed = signed.exclude(left_after__lt=number)
    return set(signed.values_list("player_id", flat=True))


def _earlier_meetings(
    event: Event, scope: str, before: int | None = None
) -> Counter[meetings.Pair]:
    """How often each pair sat at one table before (`queries.meetings.earlier_tables`)."""
    return meetings.meetings([earlier_tables(event, scope, before)])


def _apart_pairs(event: Event) -> set[meetings.Pair]:
    """The declared pairs for this event, each smaller id first."""
    return {meetings.pair(first, second) for first, second in declared_pairs(event)}


def players(tables: Sequence[Sequence[int]]) -> list[list[Player]]:
    """The draw works on player ids; the seats take players."""
    by_id = Player.objects.in_bulk([pk for table in tables for pk in table])
    return [[by_id[pk] for pk in table] for table in tables]


@transaction.atomic
def create_round(
    *,
    event: Event,
    number: int,
    tables: Sequence[Sequence[Player]],
    user: Actor = None,
    seating: str = "manual",
    seed: str = "",
) -> Round:
    """Serie `number` of `event` with its tables seated (`tables[0]` is table 1, seat order).
    Refused on a closed event (`check_event_open`), like every seating."""
    check_event_open(event, user=user, doing=NEW_ROUND)
    try:
        with transaction.atomic():  # a savepoint: the unique Serie number decides a race
            round_ = Round.objects.create(event=event, number=number, seating=seating, seed=seed)
    except IntegrityError:
        raise ConflictError(
            f"Serie {number} gibt es schon: jemand anderes hat sie eben angelegt. "
            "Bitte die Seite neu laden."
        ) from None
    seat_round(round_=round_, tables=tables, user=user, seating=seating, seed=seed)
    event_changed(event.pk)
    return round_


@transaction.atomic
def seat_round(
    *,
    round_: Round,
    tables: Sequence[Sequence[Player]],
    user: Actor = None,
    seating: str,
    seed: str = "",
) -> list[Table]:
    """Seat a whole Serie: table n gets `tables[n - 1]`; tables beyond those are dissolved.

    Stores how the Serie was seated (`seating`: draw/standings/manual, and the draw's `seed`).
    A table's first seating belongs to creating the Serie and gets no history row; re-seating
    a table that already had players does (`Change` "seats"). Refused once a table plays.
    """
    existing = _locked_tables(round_)
    wanted: dict[int, Sequence[Player]] = dict(enumerate(tables, start=1))
    wanted.update({number: [] for number in existing if number not in wanted})
    if (round_.seating, round_.seed) != (seating, seed):
        round_.seating, round_.seed = seating, seed
        round_.save(update_fields=["seating", "seed"])
    return _reseat(round_, existing, wanted, user, log_new=False)


@transaction.atomic
def reseat_tables(
    *, round_: Round, tables: Mapping[int, Sequence[Player]], user: Actor = None, note: str = ""
) -> list[Table]:
    """Re-form some tables of a Serie (late arrivals, departures); the others keep their seats.

    `tables` maps a table number to its players in seat order; an empty list dissolves the
    table, a new number opens one. Every re-formed table gets a `Change` ("seats").
    """
    return _reseat(round_, _locked_tables(round_), tables, user, log_new=True, note=note)


def swap_players(*, round_: Round, first: Player, second: Player, user: Actor = None) -> None:
    """`first` and `second` change places in this Serie (see `swap_seats`)."""
    seats = {s.player_id: s for s in Seat.objects.filter(round=round_, player__in=[first, second])}
    if first.pk not in seats or second.pk not in seats:
        raise EntryError("unknown_seat", "Bitte zwei Spieler wählen, die in dieser Serie sitzen.")
    swap_seats(round_=round_, first=seats[first.pk], second=seats[second.pk], user=user)


@transaction.atomic
def swap_seats(*, round_: Round, first: Seat, second: Seat, user: Actor = None) -> None:
    """Two players of a Serie change places (at one table or between two) before play."""
    locked = {
        seat.pk: seat
        for seat in Seat.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(round=round_, pk__in=[first.pk, second.pk])
    }
    if first.pk == second.pk or len(locked) != 2:
        raise EntryError("unknown_seat", "Bitte zwei verschiedene Plätze dieser Serie wählen.")
    first, second = locked[first.pk], locked[second.pk]
    by_pk = Table.objects.select_for_update().in_bulk([first.table_id, second.table_id])
    tables = {pk: by_pk[pk] for pk in (first.table_id, second.table_id)}  # first's table first
    check_event_open(round_.event, user=user, doing=NEW_SEATS)
    _refuse_started(tables.values(), "tauschen")
    before = {pk: seat_keys(table) for pk, table in tables.items()}
    # Delete and re-create: updating in place would briefly seat a player twice.
    Seat.objects.filter(pk__in=[first.pk, second.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(
                table_id=first.table_id,
                round_id=first.round_id,
                position=first.position,
                player_id=second.player_id,
            ),
            Seat(
                table_id=second.table_id,
                round_id=second.round_id,
                position=second.position,
                player_id=first.player_id,
            ),
        ]
    )
    note = f"{first.player.name} ↔ {second.player.name}"
    for pk, table in tables.items():
        log_change(table, Change.Action.SEATS, user, before[pk], seat_keys(table), note=note)
    refresh_results(table_ids=list(tables))
    tables_changed(list(tables))


def _locked_tables(round_: Round) -> dict[int, Table]:
    return {t.number: t for t in Table.objects.select_for_update().filter(round=round_)}


def started_tables(tables: Iterable[Table]) -> set[int]:
    """Numbers of the tables that play: seats are fixed once a table has a game or its paper
    totals, because they decide who dealt and who sat out."""
    tables = list(tables)
    with_games = set(
        Game.objects.filter(table__in=tables).values_list("table_id", flat=True).distinct()
    )
    return {t.number for t in tables if t.entry == Table.Entry.TOTALS or t.pk in with_games}


def _refuse_started(tables: Iterable[Table], verb: str) -> None:
    tables = sorted(tables, key=lambda t: t.number)
    started = started_tables(tables)
    for table in tables:
        if table.number in started:
            raise EntryError(
                "table_started",
                f"An Tisch {table.number} wird schon gespielt; "
                f"Plätze lassen sich nur vor dem ersten Spiel {verb}.",
            )


def _reseat(
    round_: Round,
    existing: Mapping[int, Table],
    wanted: Mapping[int, Sequence[Player]],
    user: Actor,
    *,
    log_new: bool,
    note: str = "",
) -> list[Table]:
    # Every seating of a Serie comes here (a new Serie, re-forming, a regrouping), under the
    # locks of its tables: none on a closed event.
    check_event_open(round_.event, user=user, doing=NEW_SEATS)
    changed = sorted(wanted)
    _refuse_started([existing[n] for n in changed if n in existing], "ändern")
    before = {n: seat_keys(existing[n]) for n in changed if n in existing}
    # Empty every changed table first: a player moving between two of them is never seated twice.
    Seat.objects.filter(round=round_, table__number__in=changed).delete()
    seated = []
    for number in changed:
        table = existing.get(number)
        if not wanted[number]:
            if table is not None:
                table.delete()
            continue
        if table is None:
            table = Table.objects.create(round=round_, number=number)
        Seat.objects.bulk_create(
            Seat(table=table, round=round_, position=position, player=player)
            for position, player in enumerate(wanted[number], start=1)
        )
        seated.append(table)
        if log_new or before.get(number):
            log_change(
                table, Change.Action.SEATS, user, before.get(number), seat_keys(table), note=note
            )
    refresh_results(table_ids=[table.pk for table in seated])
    tables_changed([table.pk for table in seated])
    event_changed(round_.event_id)  # also when every changed table was dissolved
    return seated


@dataclass(frozen=True)
class Proposal:
    """How to re-form the tables of a Serie for who arrived and who left."""

    regrouping: draw.Regrouping
    arrived: list[int]
    left: list[int]


def regrouping(round_: Round, allow_five: bool) -> Proposal | None:
    """Who arrived or left since the tables were formed, and how to re-form them (or None)."""
    tables = list(round_.tables.prefetch_related("seats"))
    current = [[s.player_id for s in t.seats.all()] for t in tables]
    seated = {p for t in current for p in t}
    present = present_ids(round_.event, round_.number)
    arrived, left = sorted(present - seated), sorted(seated - present)
    if not arrived and not left:
        return None
    fixed = sorted(started_tables(tables))
    return Proposal(
        draw.propose_regrouping(current, arrived, left, fixed, allow_five), arrived, left
    )


@transaction.atomic
def regroup(*, round_: Round, allow_five: bool, user: Actor = None) -> list[Table]:
    """Apply the re-forming proposal: only the changed tables get new seats."""
    proposal = regrouping(round_, allow_five)
    if proposal is None:
        return []
    changed = sorted(proposal.regrouping.changed_tables)
    seated = players([proposal.regrouping.tables[n - 1] for n in changed])
    return reseat_tables(round_=round_, tables=dict(zip(changed, seated, strict=True)), user=user)
