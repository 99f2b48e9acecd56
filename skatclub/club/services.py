"""Writes that touch several models: seating a Serie, entering, correcting and checking results.

Every function is keyword-only and runs in a transaction. The engine (`scoring`) is the only
place where Skat rules are checked; this module adds the rules of the table (who sits out, how
many games a Serie has, house rules of the event) and keeps the history (`Change`).
Errors are `EntryError` (a `ValueError` with a German `message`) or the engine's `ScoringError`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from scoring import (
    Declaration,
    Outcome,
    Ruleset,
    ScoringError,
    Valuation,
    format_notation,
    table_scores,
    valuation,
)
from skatclub.club.models import Change, Event, Game, Player, Round, Seat, Table, TableTotal
from skatclub.club.seating import TABLE_SIZES, dealer_position, playing_positions
from skatclub.club.standings import entered_results


class EntryError(ValueError):
    """A result the table's rules refuse; `message` is German, for the Spielwart."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class ConflictError(EntryError):
    def __init__(self, message: str) -> None:
        super().__init__("conflict", message)


@dataclass(frozen=True)
class ValuedGame:
    """The engine's verdict on one entered game, ready to be stored on `Game`."""

    declaration: Declaration
    outcome: Outcome
    valuation: Valuation

    def fields(self) -> dict[str, Any]:
        return {
            "passed_in": False,
            "declaration": self.declaration.to_dict(),
            "outcome": self.outcome.to_dict(),
            "notation": format_notation(self.declaration, self.outcome),
            "game_type": self.declaration.type.value,
            "won": self.valuation.won,
            "overbid": self.valuation.overbid,
            "game_value": self.valuation.game_value,
            "list_score": self.valuation.list_score,
            "derivation": self.valuation.derivation,
        }


PASSED_FIELDS: dict[str, Any] = {
    "passed_in": True,
    "declarer": None,
    "declaration": None,
    "outcome": None,
    "notation": "",
    "game_type": "",
    "won": None,
    "overbid": False,
    "game_value": 0,
    "list_score": 0,
    "derivation": "eingepasst",
}


def value_game(
    *, event: Event, declaration: Mapping[str, Any], outcome: Mapping[str, Any]
) -> ValuedGame:
    """Parse and value one game under the event's rule set and house rules (no database)."""
    parsed = Declaration.from_dict(declaration)
    result = Outcome.from_dict(outcome)
    check_house_rules(event, parsed)
    return ValuedGame(parsed, result, valuation(parsed, result, Ruleset(event.ruleset)))


def check_house_rules(event: Event, declaration: Declaration) -> None:
    if event.ruleset != Ruleset.ISKO.value:
        return  # the engine itself refuses house rules under preisskat
    if (declaration.kontra or declaration.re) and not event.house_kontra:
        raise EntryError(
            "kontra_not_allowed",
            "Kontra/Re ist bei dieser Veranstaltung nicht vereinbart (Hausregel nicht aktiv).",
        )
    if declaration.bock and not event.house_bock:
        raise EntryError(
            "bock_not_allowed",
            "Bockrunden sind bei dieser Veranstaltung nicht vereinbart (Hausregel nicht aktiv).",
        )


def check_game_slot(
    *, event: Event, table_size: int, number: int, declarer_position: int | None
) -> None:
    """The rules of the table: Serie length, table size, nobody plays while sitting out."""
    if table_size not in TABLE_SIZES:
        raise EntryError(
            "table_size", f"Ein Tisch hat 3, 4 oder 5 Spieler, dieser hat {table_size}."
        )
    limit = event.games_for_table_size(table_size)
    if number < 1 or number > limit:
        raise EntryError(
            "too_many_games",
            f"Spiel {number} gibt es nicht: eine Serie am {table_size}er-Tisch hat "
            f"höchstens {limit} Spiele.",
        )
    if declarer_position is None:
        return
    if declarer_position not in playing_positions(table_size, number):
        dealer = dealer_position(table_size, number)
        role = "gibt" if declarer_position == dealer else "sitzt aus"
        raise EntryError(
            "sitting_declarer",
            f"Platz {declarer_position} {role} bei Spiel {number} und kann nicht "
            "Alleinspieler sein.",
        )


def game_snapshot(game: Game | None) -> dict[str, Any] | None:
    if game is None:
        return None
    return {
        "number": game.number,
        "passed_in": game.passed_in,
        "declarer": game.declarer.key if game.declarer_id and game.declarer else None,
        "notation": game.notation,
        "declaration": game.declaration,
        "outcome": game.outcome,
        "game_value": game.game_value,
        "list_score": game.list_score,
        "version": game.version,
    }


def _seated(table: Table) -> dict[int, Player]:
    return {seat.position: seat.player for seat in table.seats.select_related("player")}


def _locked_game(table: Table, number: int) -> Game | None:
    return (
        Game.objects.select_for_update(of=("self",))
        .select_related("declarer")
        .filter(table=table, number=number)
        .first()
    )


def _check_version(existing: Game | None, expected_version: int | None) -> None:
    if expected_version is None:
        return
    current = existing.version if existing else 0
    if current != expected_version and expected_version == 0:
        raise ConflictError(
            "Dieses Spiel hat inzwischen jemand anderes erfasst. Bitte neu laden und die "
            "Eingabe prüfen; Ihre Eingabe steht noch im Formular."
        )
    if current != expected_version:
        raise ConflictError(
            "Dieses Spiel wurde inzwischen von jemand anderem geändert "
            f"(Version {current}, Sie hatten Version {expected_version}). "
            "Bitte neu laden und die Eingabe prüfen; Ihre Eingabe steht noch im Formular."
        )


@transaction.atomic
def record_game(
    *,
    table: Table,
    number: int,
    declarer: Player | None,
    declaration: Mapping[str, Any] | None,
    outcome: Mapping[str, Any] | None,
    user: Any = None,
    expected_version: int | None = None,
) -> Game:
    """Create or change game `number`; `declarer=None` records an eingepasstes Spiel.

    `expected_version` guards against silent overwrites: 0 = "this game must be new",
    n = "I edited version n"; None skips the check (imports, scripts).
    """
    table = Table.objects.select_for_update().select_related("round__event").get(pk=table.pk)
    if table.entry != Table.Entry.GAMES:
        raise EntryError("totals_table", "Dieser Tisch wurde als Summen-Liste erfasst.")
    event = table.round.event
    seats = _seated(table)
    position = _position_of(seats, declarer)
    check_game_slot(event=event, table_size=len(seats), number=number, declarer_position=position)
    fields = dict(PASSED_FIELDS)
    if declarer is not None:
        if declaration is None or outcome is None:
            raise EntryError("invalid_request", "Ansage und Ergebnis fehlen.")
        fields = value_game(event=event, declaration=declaration, outcome=outcome).fields()
        fields["declarer"] = declarer
    existing = _locked_game(table, number)
    _check_version(existing, expected_version)
    before = game_snapshot(existing)
    if existing is None:
        game = Game.objects.create(table=table, number=number, entered_by=user, **fields)
        action = Change.Action.CREATE
    else:
        game = existing
        for name, value in fields.items():
            setattr(game, name, value)
        game.version += 1
        game.entered_by = user
        game.save()
        action = Change.Action.UPDATE
    refresh_results(table_ids=[table.pk])
    _reopen_check(table)
    _log(table, action, user, before, game_snapshot(game), game_number=number)
    return game


def _position_of(seats: Mapping[int, Player], declarer: Player | None) -> int | None:
    if declarer is None:
        return None
    for position, player in seats.items():
        if player.pk == declarer.pk:
            return position
    raise EntryError("unknown_player", f"{declarer.name} sitzt nicht an diesem Tisch.")


@transaction.atomic
def delete_game(
    *, table: Table, number: int, user: Any = None, expected_version: int | None = None
) -> None:
    existing = _locked_game(table, number)
    if existing is None:
        raise EntryError("no_game", f"Spiel {number} ist nicht erfasst.")
    _check_version(existing, expected_version)
    before = game_snapshot(existing)
    existing.delete()
    refresh_results(table_ids=[table.pk])
    _reopen_check(table)
    _log(table, Change.Action.DELETE, user, before, None, game_number=number)


@dataclass(frozen=True)
class TotalLine:
    player: Player
    list_score: int
    won: int
    lost: int


def check_totals(*, event: Event, table_size: int, lines: Sequence[TotalLine]) -> None:
    """A paper list's sums must fit the table: game count and table size."""
    if table_size not in TABLE_SIZES:
        raise EntryError("table_size", f"Ein Tisch hat 3, 4 oder 5 Spieler, nicht {table_size}.")
    if len(lines) != table_size:
        raise EntryError(
            "totals_incomplete",
            f"Für {table_size} Spieler am Tisch wurden {len(lines)} Summen angegeben.",
        )
    played = sum(line.won + line.lost for line in lines)
    limit = event.games_for_table_size(table_size)
    if played > limit:
        raise EntryError(
            "too_many_games",
            f"Gewonnene und verlorene Spiele ergeben zusammen {played}; eine Serie am "
            f"{table_size}er-Tisch hat höchstens {limit} Spiele.",
        )
    for line in lines:
        if line.won == 0 and line.lost == 0 and line.list_score != 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: {line.list_score} Spielpunkte ohne ein einziges Spiel.",
            )
        if line.lost == 0 and line.list_score < 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: negative Spielpunkte ({line.list_score}) ohne verlorenes "
                "Spiel sind unmöglich.",
            )
        if line.won == 0 and line.list_score > 0:
            raise EntryError(
                "totals_inconsistent",
                f"{line.player.name}: positive Spielpunkte ({line.list_score}) ohne gewonnenes "
                "Spiel sind unmöglich.",
            )


@transaction.atomic
def record_totals(*, table: Table, lines: Sequence[TotalLine], user: Any = None) -> None:
    """Enter a paper Spielliste as list score, won and lost per player."""
    table = Table.objects.select_for_update().select_related("round__event").get(pk=table.pk)
    seats = _seated(table)
    seated_ids = {p.pk for p in seats.values()}
    for line in lines:
        if line.player.pk not in seated_ids:
            raise EntryError("unknown_player", f"{line.player.name} sitzt nicht an diesem Tisch.")
    check_totals(event=table.round.event, table_size=len(seats), lines=lines)
    if table.games.exists():
        raise EntryError("games_table", "An diesem Tisch sind schon einzelne Spiele erfasst.")
    before = totals_snapshot(table)
    table.totals.all().delete()
    TableTotal.objects.bulk_create(
        TableTotal(
            table=table,
            player=line.player,
            list_score=line.list_score,
            won=line.won,
            lost=line.lost,
        )
        for line in lines
    )
    table.entry = Table.Entry.TOTALS
    table.save(update_fields=["entry"])
    refresh_results(table_ids=[table.pk])
    _reopen_check(table)
    _log(table, Change.Action.TOTALS, user, before, totals_snapshot(table))


def totals_snapshot(table: Table) -> list[dict[str, Any]] | None:
    rows = [
        {"player": t.player.key, "list_score": t.list_score, "won": t.won, "lost": t.lost}
        for t in table.totals.select_related("player").order_by("player__key")
    ]
    return rows or None


def refresh_results(*, table_ids: Sequence[int]) -> None:
    """Write each seated player's sums and Seeger-Fabian score onto his `Seat`.

    Called by every writer of games or paper totals, inside its transaction; standings read
    these rows instead of aggregating every game on every page view.
    """
    results = entered_results(table_ids)
    by_table: dict[int, list[Seat]] = {}
    for seat in Seat.objects.filter(table_id__in=table_ids).order_by("table_id", "position"):
        by_table.setdefault(seat.table_id, []).append(seat)
    rulesets = dict(
        Table.objects.filter(id__in=by_table).values_list("id", "round__event__ruleset")
    )
    for table_id, seats in by_table.items():
        sums = [results.get((table_id, seat.player_id), (0, 0, 0)) for seat in seats]
        scored = seat_scores(rulesets[table_id], sums)
        for seat, values in zip(seats, scored, strict=True):
            seat.list_score, seat.won, seat.lost, seat.others_lost, seat.score = values
    changed = [seat for seats in by_table.values() for seat in seats]
    Seat.objects.bulk_update(changed, SEAT_RESULT_FIELDS, batch_size=500)


SEAT_RESULT_FIELDS = ["list_score", "won", "lost", "others_lost", "score"]


def seat_scores(
    ruleset: str, sums: Sequence[tuple[int, int, int]]
) -> list[tuple[int, int, int, int, int]]:
    """(list score, won, lost) per seat -> plus others' lost games and Seeger-Fabian score."""
    if not 3 <= len(sums) <= 5:
        return [(*own, 0, 0) for own in sums]  # a table still being seated has no score yet
    scores = table_scores(Ruleset(ruleset), len(sums), sums).seeger_fabian
    lost_total = sum(lost for _, _, lost in sums)
    return [
        (list_score, won, lost, lost_total - lost, score)
        for (list_score, won, lost), score in zip(sums, scores, strict=True)
    ]


@transaction.atomic
def check_table(*, table: Table, user: Any, confirm: bool, note: str = "") -> None:
    """Second signature on the list: confirm or reject, never edit."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    if confirm and has_entered_results(table, user):
        raise EntryError(
            "own_table",
            "Sie haben an diesem Tisch selbst Ergebnisse erfasst; die zweite Unterschrift muss "
            "jemand anderes leisten.",
        )
    before = {"check_status": table.check_status}
    table.check_status = Table.Check.CONFIRMED if confirm else Table.Check.REJECTED
    table.checked_by = user
    table.checked_at = timezone.now()
    table.check_note = note[:500]
    table.save(update_fields=["check_status", "checked_by", "checked_at", "check_note"])
    action = Change.Action.CONFIRM if confirm else Change.Action.REJECT
    _log(table, action, user, before, {"check_status": table.check_status}, note=note)


ENTRY_ACTIONS = (
    Change.Action.CREATE,
    Change.Action.UPDATE,
    Change.Action.DELETE,
    Change.Action.TOTALS,
)


def has_entered_results(table: Table, user: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return table.changes.filter(user=user, action__in=ENTRY_ACTIONS).exists()


def _reopen_check(table: Table) -> None:
    """A changed list needs a new second signature."""
    if table.check_status != Table.Check.OPEN:
        Table.objects.filter(pk=table.pk).update(
            check_status=Table.Check.OPEN, checked_by=None, checked_at=None
        )
        table.check_status = Table.Check.OPEN


def _log(
    table: Table,
    action: str,
    user: Any,
    before: Any,
    after: Any,
    *,
    game_number: int | None = None,
    note: str = "",
) -> None:
    Change.objects.create(
        table=table,
        game_number=game_number,
        action=action,
        user=user if getattr(user, "is_authenticated", False) else None,
        before=before,
        after=after,
        note=note[:500],
    )


# --- seats: who sits where in a Serie --------------------------------------------------------


@transaction.atomic
def create_round(
    *,
    event: Event,
    number: int,
    tables: Sequence[Sequence[Player]],
    user: Any = None,
    seating: str = "manual",
    seed: str = "",
) -> Round:
    """Serie `number` of `event` with its tables seated (`tables[0]` is table 1, seat order)."""
    round_ = Round.objects.create(event=event, number=number, seating=seating, seed=seed)
    seat_round(round_=round_, tables=tables, user=user, seating=seating, seed=seed)
    return round_


@transaction.atomic
def seat_round(
    *,
    round_: Round,
    tables: Sequence[Sequence[Player]],
    user: Any = None,
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
    *, round_: Round, tables: Mapping[int, Sequence[Player]], user: Any = None, note: str = ""
) -> list[Table]:
    """Re-form some tables of a Serie (late arrivals, departures); the others keep their seats.

    `tables` maps a table number to its players in seat order; an empty list dissolves the
    table, a new number opens one. Every re-formed table gets a `Change` ("seats").
    """
    return _reseat(round_, _locked_tables(round_), tables, user, log_new=True, note=note)


@transaction.atomic
def swap_seats(*, round_: Round, first: Seat, second: Seat, user: Any = None) -> None:
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
        _log(table, Change.Action.SEATS, user, before[pk], seat_keys(table), note=note)
    refresh_results(table_ids=list(tables))


def seat_keys(table: Table) -> list[str]:
    """The players' keys in seat order: the history snapshot of a seating."""
    return list(table.seats.order_by("position").values_list("player__key", flat=True))


def _locked_tables(round_: Round) -> dict[int, Table]:
    return {t.number: t for t in Table.objects.select_for_update().filter(round=round_)}


def _refuse_started(tables: Iterable[Table], verb: str) -> None:
    """Seats are fixed once a table has a game or its paper totals: they decide who sat out."""
    tables = sorted(tables, key=lambda t: t.number)
    with_games = set(
        Game.objects.filter(table__in=tables).values_list("table_id", flat=True).distinct()
    )
    for table in tables:
        if table.entry == Table.Entry.TOTALS or table.pk in with_games:
            raise EntryError(
                "table_started",
                f"An Tisch {table.number} wird schon gespielt; "
                f"Plätze lassen sich nur vor dem ersten Spiel {verb}.",
            )


def _reseat(
    round_: Round,
    existing: Mapping[int, Table],
    wanted: Mapping[int, Sequence[Player]],
    user: Any,
    *,
    log_new: bool,
    note: str = "",
) -> list[Table]:
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
            _log(table, Change.Action.SEATS, user, before.get(number), seat_keys(table), note=note)
    refresh_results(table_ids=[table.pk for table in seated])
    return seated


__all__ = [
    "ConflictError",
    "EntryError",
    "ScoringError",
    "TotalLine",
    "ValuedGame",
    "check_game_slot",
    "check_table",
    "check_totals",
    "create_round",
    "delete_game",
    "record_game",
    "record_totals",
    "refresh_results",
    "reseat_tables",
    "seat_keys",
    "seat_round",
    "swap_seats",
    "value_game",
]
